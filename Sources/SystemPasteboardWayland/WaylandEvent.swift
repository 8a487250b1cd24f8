import SystemPasteboardCore

/// One event as this client handles it, mapped from the generated typed events of its
/// interface's role (`enter` is the pointer's, the keyboard's or a drag's by role).
enum WaylandEvent {
  /// `wl_display.error`: a fatal protocol error; the compositor closes the connection.
  case error(object: UInt32, code: UInt32, message: String)
  /// `wl_display.delete_id`: a client object's id may be used again.
  case deleteID(UInt32)
  /// `wl_registry.global`.
  case global(name: UInt32, interface: String, version: UInt32)
  /// `wl_registry.global_remove`.
  case globalRemove(name: UInt32)
  /// `wl_callback.done`.
  case done
  /// `wl_seat.capabilities`: pointer 1, keyboard 2, touch 4.
  case capabilities(UInt32)

  /// A device's `data_offer`: a new offer, whose MIME types follow.
  case dataOffer(UInt32)
  /// A device's `selection` (data control's `primary_selection`, the primary-selection
  /// device's `selection`): the selection's offer now (nil: nothing owns it).
  case selection(UInt32?, primary: Bool)
  /// Data control, `device.finished`: the device is gone (its seat went away).
  case finished
  /// A source's `send`: write the data for `mimeType` into `fd`, then close it.
  case send(mimeType: String, fd: Int32)
  /// A source's `cancelled`: another selection replaced it, or its drag ended without a drop.
  case cancelled
  /// An offer's `offer`: one MIME type it has.
  case offer(String)

  /// `xdg_wm_base.ping`: answer with `pong` or be taken for hung.
  case ping(UInt32)
  /// `xdg_surface.configure`: acknowledge, then commit.
  case surfaceConfigure(serial: UInt32)
  /// `xdg_toplevel.configure`: the size the compositor suggests (0: ours to choose).
  case toplevelConfigure(width: Int32, height: Int32)
  /// `xdg_toplevel.close`: the user asked the window to close.
  case close
  /// `wl_buffer.release`: the compositor no longer reads the buffer.
  case bufferReleased

  /// `wl_pointer.enter`, in surface coordinates.
  case pointerEnter(serial: UInt32, surface: UInt32, x: Double, y: Double)
  /// `wl_pointer.leave`.
  case pointerLeave(serial: UInt32)
  /// `wl_pointer.motion`, in surface coordinates.
  case pointerMotion(x: Double, y: Double)
  /// `wl_pointer.button` (`linux/input-event-codes.h` numbers: 272 is the left button).
  case button(serial: UInt32, button: UInt32, pressed: Bool)
  /// `wl_keyboard.keymap`: the descriptor is the receiver's to close.
  case keymap(fd: Int32)
  /// `wl_keyboard.enter`: the surface has keyboard focus.
  case keyboardEnter(serial: UInt32, surface: UInt32)
  /// `wl_keyboard.leave`.
  case keyboardLeave(serial: UInt32)
  /// `wl_keyboard.key` (pressed or released).
  case key(serial: UInt32, key: UInt32, pressed: Bool)
  /// `wl_keyboard.modifiers`.
  case modifiers(serial: UInt32)

  /// `wl_data_device.enter`: a drag came over `surface`, with `offer` (nil: a drag within
  /// another client that offers nothing).
  case dragEnter(serial: UInt32, surface: UInt32, x: Double, y: Double, offer: UInt32?)
  /// `wl_data_device.leave`.
  case dragLeave
  /// `wl_data_device.motion`, in surface coordinates.
  case dragMotion(x: Double, y: Double)
  /// `wl_data_device.drop`.
  case drop
  /// `wl_data_offer.source_actions`: the actions the drag's source allows.
  case sourceActions(UInt32)
  /// `wl_data_offer.action` / `wl_data_source.action`: the action the compositor chose.
  case action(UInt32)
  /// `wl_data_source.target`: the MIME type the target would take (nil: none).
  case target(String?)
  /// `wl_data_source.dnd_drop_performed`: the user dropped (the target may still refuse).
  case dropPerformed
  /// `wl_data_source.dnd_finished`: the target took the drop.
  case dragFinished

  /// The event of `opcode` of an interface of `role` with `arguments` (checked against its
  /// signature already), through the generated ``WaylandEvents``; nil for an event this client
  /// does not handle.
  init?(role: WaylandRole, opcode: UInt16, _ arguments: [WaylandWire.Argument]) {
    guard
      let event = Self.shellEvent(role, opcode, arguments) ?? Self.inputEvent(role, opcode, arguments)
        ?? Self.selectionEvent(role, opcode, arguments) ?? Self.dragEvent(role, opcode, arguments)
    else { return nil }
    self = event
  }

  /// The display's, the registry's and the shell's events (`xdg_wm_base`, `xdg_surface`, `xdg_toplevel`).
  private static func shellEvent(_ role: WaylandRole, _ opcode: UInt16, _ a: [WaylandWire.Argument]) -> WaylandEvent? {
    switch role {
    case .display:
      switch WaylandEvents.Display(opcode: opcode, a) {
      case .error(let object, let code, let message): return .error(object: object, code: code, message: message)
      case .deleteId(let id): return .deleteID(id)
      case nil: return nil
      }
    case .registry:
      switch WaylandEvents.Registry(opcode: opcode, a) {
      case .global(let name, let interface, let version):
        return .global(name: name, interface: interface, version: version)
      case .globalRemove(let name): return .globalRemove(name: name)
      case nil: return nil
      }
    case .callback: return WaylandEvents.Callback(opcode: opcode, a).map { _ in .done }
    case .wmBase:
      guard case .ping(let serial) = WaylandEvents.WmBase(opcode: opcode, a) else { return nil }
      return .ping(serial)
    case .xdgSurface:
      guard case .configure(let serial) = WaylandEvents.XdgSurface(opcode: opcode, a) else { return nil }
      return .surfaceConfigure(serial: serial)
    case .toplevel:
      switch WaylandEvents.Toplevel(opcode: opcode, a) {
      case .configure(let width, let height, _): return .toplevelConfigure(width: width, height: height)
      case .close: return .close
      case nil: return nil
      }
    case .buffer: return WaylandEvents.Buffer(opcode: opcode, a).map { _ in .bufferReleased }
    default: return nil
    }
  }

  /// The seat's, the pointer's and the keyboard's events.
  private static func inputEvent(_ role: WaylandRole, _ opcode: UInt16, _ a: [WaylandWire.Argument]) -> WaylandEvent? {
    switch role {
    case .seat:
      guard case .capabilities(let mask) = WaylandEvents.Seat(opcode: opcode, a) else { return nil }
      return .capabilities(mask)
    case .pointer:
      switch WaylandEvents.Pointer(opcode: opcode, a) {
      case .enter(let serial, let surface, let x, let y):
        return .pointerEnter(serial: serial, surface: surface, x: x, y: y)
      case .leave(let serial, _): return .pointerLeave(serial: serial)
      case .motion(_, let x, let y): return .pointerMotion(x: x, y: y)
      case .button(let serial, _, let button, let state):
        return .button(serial: serial, button: button, pressed: state == WaylandEnum.PointerButtonState.pressed)
      default: return nil
      }
    case .keyboard:
      switch WaylandEvents.Keyboard(opcode: opcode, a) {
      case .keymap(_, let fd, _): return .keymap(fd: fd)
      case .enter(let serial, let surface, _): return .keyboardEnter(serial: serial, surface: surface)
      case .leave(let serial, _): return .keyboardLeave(serial: serial)
      case .key(let serial, _, let key, let state):
        return .key(serial: serial, key: key, pressed: state == WaylandEnum.KeyboardKeyState.pressed)
      case .modifiers(let serial, _, _, _, _): return .modifiers(serial: serial)
      default: return nil
      }
    default: return nil
    }
  }

  /// The events of the selections' devices, offers and sources: data control's, the primary
  /// selection's.
  private static func selectionEvent(_ role: WaylandRole, _ opcode: UInt16, _ a: [WaylandWire.Argument])
    -> WaylandEvent?
  {
    switch role {
    case .dataControlDevice:
      switch WaylandEvents.DataControlDevice(opcode: opcode, a) {
      case .dataOffer(let id): return .dataOffer(id)
      case .selection(let id): return .selection(id, primary: false)
      case .finished: return .finished
      case .primarySelection(let id): return .selection(id, primary: true)
      case nil: return nil
      }
    case .primaryDevice:
      switch WaylandEvents.PrimaryDevice(opcode: opcode, a) {
      case .dataOffer(let offer): return .dataOffer(offer)
      case .selection(let id): return .selection(id, primary: true)
      case nil: return nil
      }
    case .dataControlSource:
      switch WaylandEvents.DataControlSource(opcode: opcode, a) {
      case .send(let mimeType, let fd): return .send(mimeType: mimeType, fd: fd)
      case .cancelled: return .cancelled
      case nil: return nil
      }
    case .primarySource:
      switch WaylandEvents.PrimarySource(opcode: opcode, a) {
      case .send(let mimeType, let fd): return .send(mimeType: mimeType, fd: fd)
      case .cancelled: return .cancelled
      case nil: return nil
      }
    case .dataControlOffer:
      guard case .offer(let mimeType) = WaylandEvents.DataControlOffer(opcode: opcode, a) else { return nil }
      return .offer(mimeType)
    case .primaryOffer:
      guard case .offer(let mimeType) = WaylandEvents.PrimaryOffer(opcode: opcode, a) else { return nil }
      return .offer(mimeType)
    default: return nil
    }
  }

  /// The events of `wl_data_device` and its offers and sources: the clipboard of a focused
  /// client, and drag and drop.
  private static func dragEvent(_ role: WaylandRole, _ opcode: UInt16, _ a: [WaylandWire.Argument]) -> WaylandEvent? {
    switch role {
    case .dataDevice:
      switch WaylandEvents.DataDevice(opcode: opcode, a) {
      case .dataOffer(let id): return .dataOffer(id)
      case .enter(let serial, let surface, let x, let y, let offer):
        return .dragEnter(serial: serial, surface: surface, x: x, y: y, offer: offer)
      case .leave: return .dragLeave
      case .motion(_, let x, let y): return .dragMotion(x: x, y: y)
      case .drop: return .drop
      case .selection(let id): return .selection(id, primary: false)
      case nil: return nil
      }
    case .dataOffer:
      switch WaylandEvents.DataOffer(opcode: opcode, a) {
      case .offer(let mimeType): return .offer(mimeType)
      case .sourceActions(let mask): return .sourceActions(mask)
      case .action(let mask): return .action(mask)
      case nil: return nil
      }
    case .dataSource:
      switch WaylandEvents.DataSource(opcode: opcode, a) {
      case .target(let mimeType): return .target(mimeType)
      case .send(let mimeType, let fd): return .send(mimeType: mimeType, fd: fd)
      case .cancelled: return .cancelled
      case .dndDropPerformed: return .dropPerformed
      case .dndFinished: return .dragFinished
      case .action(let mask): return .action(mask)
      case nil: return nil
      }
    default: return nil
    }
  }
}
