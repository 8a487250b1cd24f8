/// One event, typed, decoded from its interface's table by the interface's role and the
/// event's name (`enter` is the pointer's, the keyboard's or a drag's by role).
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

  /// The event `name` of an interface of `role` with `arguments` (checked against its
  /// signature already); nil for an event this client does not handle.
  init?(role: String, name: String, _ arguments: [WaylandWire.Argument]) {
    let a = Arguments(values: arguments)
    guard let event = Self.shellEvent(role, name, a) ?? Self.inputEvent(role, name, a) ?? Self.dataEvent(role, name, a)
    else { return nil }
    self = event
  }

  /// The display's, the registry's and the shell's events (`xdg_wm_base`, `xdg_surface`, `xdg_toplevel`).
  private static func shellEvent(_ role: String, _ name: String, _ a: Arguments) -> WaylandEvent? {
    switch (role, name) {
    case ("display", "error"):
      guard let object = a.object(0), let code = a.uint(1), let message = a.string(2) else { return nil }
      return .error(object: object, code: code, message: message)
    case ("display", "delete_id"): guard let id = a.uint(0) else { return nil }; return .deleteID(id)
    case ("registry", "global"):
      guard let name = a.uint(0), let interface = a.string(1), let version = a.uint(2) else { return nil }
      return .global(name: name, interface: interface, version: version)
    case ("registry", "global_remove"): guard let name = a.uint(0) else { return nil }; return .globalRemove(name: name)
    case ("callback", "done"): return .done
    case ("wm_base", "ping"): guard let serial = a.uint(0) else { return nil }; return .ping(serial)
    case ("xdg_surface", "configure"):
      guard let serial = a.uint(0) else { return nil }; return .surfaceConfigure(serial: serial)
    case ("toplevel", "configure"):
      guard let width = a.int(0), let height = a.int(1) else { return nil }
      return .toplevelConfigure(width: width, height: height)
    case ("toplevel", "close"): return .close
    case ("buffer", "release"): return .bufferReleased
    default: return nil
    }
  }

  /// The seat's, the pointer's and the keyboard's events.
  private static func inputEvent(_ role: String, _ name: String, _ a: Arguments) -> WaylandEvent? {
    switch (role, name) {
    case ("seat", "capabilities"): guard let mask = a.uint(0) else { return nil }; return .capabilities(mask)
    case ("pointer", "enter"):
      guard let serial = a.uint(0), let surface = a.object(1), let x = a.fixed(2), let y = a.fixed(3) else {
        return nil
      }
      return .pointerEnter(serial: serial, surface: surface, x: x, y: y)
    case ("pointer", "leave"): guard let serial = a.uint(0) else { return nil }; return .pointerLeave(serial: serial)
    case ("pointer", "motion"):
      guard let x = a.fixed(1), let y = a.fixed(2) else { return nil }
      return .pointerMotion(x: x, y: y)
    case ("pointer", "button"):
      guard let serial = a.uint(0), let button = a.uint(2), let state = a.uint(3) else { return nil }
      return .button(serial: serial, button: button, pressed: state == 1)
    case ("keyboard", "keymap"): guard let fd = a.fd(1) else { return nil }; return .keymap(fd: fd)
    case ("keyboard", "enter"):
      guard let serial = a.uint(0), let surface = a.object(1) else { return nil }
      return .keyboardEnter(serial: serial, surface: surface)
    case ("keyboard", "leave"): guard let serial = a.uint(0) else { return nil }; return .keyboardLeave(serial: serial)
    case ("keyboard", "key"):
      guard let serial = a.uint(0), let key = a.uint(2), let state = a.uint(3) else { return nil }
      return .key(serial: serial, key: key, pressed: state == 1)
    case ("keyboard", "modifiers"): guard let serial = a.uint(0) else { return nil }; return .modifiers(serial: serial)
    default: return nil
    }
  }

  /// The events of data devices, offers and sources, for the selections and for drag and drop.
  private static func dataEvent(_ role: String, _ name: String, _ a: Arguments) -> WaylandEvent? {
    switch (role, name) {
    case (_, "data_offer"): guard let id = a.newID(0) else { return nil }; return .dataOffer(id)
    case ("data_control_device", "selection"), ("data_control_device", "primary_selection"),
      ("data_device", "selection"),
      ("primary_device", "selection"):
      guard let id = a.object(0) else { return nil }
      return .selection(id == 0 ? nil : id, primary: name == "primary_selection" || role == "primary_device")
    case ("data_control_device", "finished"): return .finished
    case (_, "send"):
      guard let mimeType = a.string(0), let fd = a.fd(1) else { return nil }
      return .send(mimeType: mimeType, fd: fd)
    case (_, "cancelled"): return .cancelled
    case (_, "offer"): guard let mimeType = a.string(0) else { return nil }; return .offer(mimeType)
    case ("data_device", "enter"):
      guard let serial = a.uint(0), let surface = a.object(1), let x = a.fixed(2), let y = a.fixed(3),
        let offer = a.object(4)
      else { return nil }
      return .dragEnter(serial: serial, surface: surface, x: x, y: y, offer: offer == 0 ? nil : offer)
    case ("data_device", "leave"): return .dragLeave
    case ("data_device", "motion"):
      guard let x = a.fixed(1), let y = a.fixed(2) else { return nil }
      return .dragMotion(x: x, y: y)
    case ("data_device", "drop"): return .drop
    case ("data_offer", "source_actions"): guard let mask = a.uint(0) else { return nil }; return .sourceActions(mask)
    case ("data_offer", "action"), ("data_source", "action"):
      guard let mask = a.uint(0) else { return nil }
      return .action(mask)
    case ("data_source", "target"):
      guard case .string(let mimeType)? = a.value(0) else { return nil }
      return .target(mimeType)
    case ("data_source", "dnd_drop_performed"): return .dropPerformed
    case ("data_source", "dnd_finished"): return .dragFinished
    default: return nil
    }
  }

  /// A decoded argument list, read by position and type.
  private struct Arguments {
    let values: [WaylandWire.Argument]
    func value(_ index: Int) -> WaylandWire.Argument? { index < values.count ? values[index] : nil }
    func int(_ index: Int) -> Int32? { if case .int(let v) = value(index) { v } else { nil } }
    func uint(_ index: Int) -> UInt32? { if case .uint(let v) = value(index) { v } else { nil } }
    /// A 24.8 fixed-point number.
    func fixed(_ index: Int) -> Double? { if case .fixed(let v) = value(index) { Double(v) / 256 } else { nil } }
    func object(_ index: Int) -> UInt32? { if case .object(let v) = value(index) { v } else { nil } }
    func newID(_ index: Int) -> UInt32? { if case .newID(let v) = value(index) { v } else { nil } }
    func string(_ index: Int) -> String? { if case .string(let v?) = value(index) { v } else { nil } }
    func fd(_ index: Int) -> Int32? { if case .fd(let v) = value(index) { v } else { nil } }
  }
}
