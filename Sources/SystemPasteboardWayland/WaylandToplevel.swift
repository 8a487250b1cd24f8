import SystemPasteboardCore
import UTIPlatform

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// A Wayland window: an `xdg_toplevel` showing a `wl_shm` buffer, the seat's pointer and
/// keyboard, and the seat's data device, on a connection and thread of its own.
///
/// The window reports button presses in surface coordinates, the drags other clients bring over
/// it (their offers' MIME types and actions, motion, leave, drop), and the events of drags it
/// starts; the owner answers through ``answer(_:serial:mimeType:actions:preferred:)``,
/// ``receive(_:from:into:)`` and ``finish(_:)``. Handlers run on the window's thread.
///
/// The latest input serial (a press, a key, a pointer or keyboard enter) is kept: Wayland
/// refuses a selection or a drag without the serial of the input event that caused it.
package final class WaylandToplevel: @unchecked Sendable {
  // Sendable: `state` and `keptDragItems` are under their locks; the objects are `let`s (ids);
  // `readyDescriptors` is set once, before the window is shared.
  /// What happens to a drag this window started.
  package enum Source: Sendable {
    /// The target under the pointer would take `mimeType` (nil: none).
    case target(String?)
    /// The compositor settled on `action` (empty: none).
    case action(DragActions)
    case dropPerformed
    /// The target took the drop.
    case finished
    /// The drag ended without a drop (or the target refused it).
    case cancelled
    /// A peer read the answer for `mimeType` to its end (a paste served).
    case served(String)
  }

  let connection: WaylandConnection
  /// How long any one exchange with the compositor may take, in seconds.
  package var timeout: Double { connection.timeout }
  /// The size of the content given (`pixels`, row by row): what the window shows at first, and
  /// what a new size crops or pads.
  let width: Int32
  let height: Int32
  private let pixels: [UInt32]?
  let compositor: WaylandObject<Wayland.Compositor>
  let shm: WaylandObject<Wayland.Shm>
  let dispatcher: WaylandDispatcher
  let surface: WaylandObject<Wayland.Surface>
  let xdgSurface: WaylandObject<Wayland.XdgSurface>
  let toplevel: WaylandObject<Wayland.Toplevel>
  let wmBase: WaylandObject<Wayland.WmBase>
  /// The items of the window's latest drag, kept until its next drag or its close: a file
  /// manager copies a promised file from its folder after it finished the drop.
  let keptDragItems = Locked<[SystemPasteboard.Item]>([])
  let seat: WaylandObject<Wayland.Seat>?
  let dataDeviceManager: WaylandObject<Wayland.DataDeviceManager>?
  let dataDevice: WaylandObject<Wayland.DataDevice>?
  let primaryManager: WaylandObject<Wayland.PrimaryManager>?
  let primaryDevice: WaylandObject<Wayland.PrimaryDevice>?
  let state = Locked(State())

  struct State {
    var pointer: WaylandObject<Wayland.Pointer>?
    var keyboard: WaylandObject<Wayland.Keyboard>?
    /// The seat's capabilities as it last announced them (nil until it has).
    var seatCapabilities: WaylandEnum.SeatCapability?
    var position = (x: 0.0, y: 0.0)
    var latestSerial: UInt32 = 0
    var keyboardFocus = false
    var configured = false
    /// The buffer shown, and its size.
    var buffer = WaylandObject<Wayland.Buffer>(id: 0)
    var size: (width: Int32, height: Int32) = (0, 0)
    /// The size the compositor suggested last (`xdg_toplevel.configure`), applied at the next
    /// `xdg_surface.configure`.
    var suggested: (width: Int32, height: Int32)?
    /// Buffers replaced by another size, destroyed once the compositor releases them.
    var retired: Set<WaylandObject<Wayland.Buffer>> = []
    var closeRequested = false
    /// The offers the data devices announced, and the selections' (``WaylandOffers``); the drag
    /// over the window is ``WindowDrops``'s to track.
    var offers = WaylandOffers()
    /// The sources this window offers (a drag's, the selections'), and what serves each.
    var sources: [WaylandWindowSource: (serve: @Sendable (String) -> Payload?, events: @Sendable (Source) -> Void)] =
      [:]
    var dragSource: WaylandObject<Wayland.DataSource>?
    /// The surface showing the drag's image and its buffer, destroyed when the drag ends.
    var dragIcon: DragIconSurface?
    var focusWaiters: [Waiter<UInt32>] = []
    var mapped = true
    var onPress: (@Sendable (WindowPress) -> Void)?
    var onClose: (@Sendable () -> Void)?
    var onDrag: (@Sendable (WindowDragEvent) -> Void)?
    /// The serial of the latest press in the window, which a drag of ours starts from.
    var latestPress: UInt32?
    /// Other clients' drags over the window, numbered (``WindowDrops``).
    var drops = WindowDrops()
    var onFocus: (@Sendable (UInt32) -> Void)?
  }

  /// The descriptors whose readiness calls for ``serveReady()``, for a window driven by its
  /// caller (empty for one with a thread of its own).
  package private(set) var readyDescriptors: [Int32] = []

  /// Opens a window of `width` × `height` titled `title`, filled with `pixels` (`xrgb8888`, row by
  /// row; nil or short: a light grey), and returns once the compositor has configured and shown it.
  /// With `drivenBy` its events run on no thread of its own: its driver calls ``serveReady()``
  /// when ``readyDescriptors`` are readable (and now and then), where `drivenBy` holds (the
  /// calling thread is such a place).
  /// - Throws: ``SystemPasteboardError``: as ``WaylandConnection`` does; `.unsupported` when the
  ///   compositor lacks `wl_compositor`, `wl_shm` or `xdg_wm_base`.
  package init(
    display: WaylandDisplay?, title: String, appID: String = "swift-uti", width: Int, height: Int,
    pixels: [UInt32]? = nil, timeout: Double, drivenBy isDriving: (@Sendable () -> Bool)? = nil
  ) throws(SystemPasteboardError) {
    let connection = try WaylandConnection(display: display, timeout: timeout)
    self.connection = connection
    self.width = Int32(clamping: max(1, min(width, 8192)))
    self.height = Int32(clamping: max(1, min(height, 8192)))
    self.pixels = pixels
    dispatcher = try WaylandDispatcher(connection: connection)
    compositor = try Self.required(.compositor, on: connection)
    shm = try Self.required(.shm, on: connection)
    wmBase = try Self.required(.wmBase, on: connection)
    let (compositor, wmBase) = (self.compositor, self.wmBase)
    seat = try connection.bind(.seat)?.object
    dataDeviceManager = try connection.bind(.dataDeviceManager)?.object
    let surface: WaylandObject<Wayland.Surface> = try connection.create(.surface) { compositor.createSurface(id: $0) }
    let xdgSurface: WaylandObject<Wayland.XdgSurface> = try connection.create(.xdgSurface) {
      wmBase.getXdgSurface(id: $0, surface: surface)
    }
    let toplevel: WaylandObject<Wayland.Toplevel> = try connection.create(.toplevel) { xdgSurface.getToplevel(id: $0) }
    (self.surface, self.xdgSurface, self.toplevel) = (surface, xdgSurface, toplevel)
    try connection.send([toplevel.setTitle(title: title), toplevel.setAppId(appId: appID)])
    if let seat, let dataDeviceManager {
      dataDevice = try connection.create(.dataDevice) { dataDeviceManager.getDataDevice(id: $0, seat: seat) }
    } else {
      dataDevice = nil
    }
    primaryManager = try connection.bind(.primaryManager)?.object
    if let seat, let primaryManager {
      primaryDevice = try connection.create(.primaryDevice) { primaryManager.getDevice(id: $0, seat: seat) }
    } else {
      primaryDevice = nil
    }
    let buffer = try makeBuffer(width: self.width, height: self.height)
    state.withLock { ($0.buffer, $0.size) = (buffer, (self.width, self.height)) }
    // The first commit, without a buffer, asks for the first configure; the buffer follows its ack.
    try connection.send(surface.commit())
    try connection.roundTrip { incoming throws(SystemPasteboardError) in handle(incoming) }
    dispatcher.prepare { [weak self] incoming in
      self?.handle(incoming)
    } ended: { _ in
    }
    if let isDriving {
      readyDescriptors = dispatcher.startDriven(isDriving: isDriving)
    } else {
      try dispatcher.start()
    }
    try dispatcher.sync()
  }

  /// Handles what is ready, where a window made `drivenBy` its driver is served.
  /// - Returns: Whether the window's connection goes on; false once it has ended.
  @discardableResult
  package func serveReady() -> Bool { dispatcher.serveReady() }

  /// When the loop's next scheduled task is due (`.max`: none).
  package var nextTaskDeadline: UInt64 { dispatcher.loop.nextTaskDeadline }

  private static func required<Family: WaylandFamily>(_ interface: WaylandInterface, on connection: WaylandConnection)
    throws(SystemPasteboardError) -> WaylandObject<Family>
  {
    guard let (id, _) = try connection.bind(interface, as: Family.self) else {
      throw SystemPasteboardError(
        .unsupported, "the Wayland compositor at \(connection.display) has no \(interface.name)\(Self.needs)")
    }
    return id
  }

  /// The globals a window binds, in order.
  static let requiredInterfaces: [WaylandInterface] = [.compositor, .shm, .wmBase]
  private static let needs = ", which a window needs"

  /// The global whose absence `error` (from making a window) reports, if it is one.
  static func missingInterface(in error: SystemPasteboardError) -> String? {
    requiredInterfaces.map(\.name).first { error.message.hasSuffix("has no \($0)\(needs)") }
  }

  /// A `wl_shm` buffer of `width` × `height` showing the content (cropped, or padded with a
  /// light grey, where the size is not the content's).
  private func makeBuffer(width: Int32, height: Int32) throws(SystemPasteboardError) -> WaylandObject<Wayland.Buffer> {
    let (columns, rows) = (Int(width), Int(height))
    var fill = [UInt32](repeating: 0xFFF0_F0F0, count: columns * rows)  // data, not wire: a light grey
    if let pixels {
      let given = Int(self.width)
      for row in 0..<min(rows, Int(self.height)) where row * given < pixels.count {
        let source = pixels[(row * given)..<min(pixels.count, row * given + min(columns, given))]
        fill.replaceSubrange((row * columns)..<(row * columns + source.count), with: source)
      }
    }
    return try shmBuffer(
      fill.withUnsafeBytes { Array($0) }, width: width, height: height, format: .xrgb8888)
  }

  /// A `wl_shm` buffer of `bytes` (`width` × `height` pixels of four bytes, little-endian).
  func shmBuffer(_ bytes: [UInt8], width: Int32, height: Int32, format: WaylandEnum.ShmFormat)
    throws(SystemPasteboardError) -> WaylandObject<Wayland.Buffer>
  {
    guard let fd = FileIO.anonymousSharedMemory(bytes) else {
      throw SystemPasteboardError(
        .connectionFailed, "no shared memory for the window's buffer: \(FileIO.reason(errno))")
    }
    defer { _ = closeDescriptor(fd) }
    let pool: WaylandObject<Wayland.ShmPool> = try connection.create(.shmPool) { [shm] in
      shm.createPool(id: $0, fd: fd, size: Int32(clamping: bytes.count))
    }
    let buffer: WaylandObject<Wayland.Buffer> = try connection.create(.buffer) {
      pool.createBuffer(id: $0, offset: 0, width: width, height: height, stride: width * 4, format: format)
    }
    try connection.destroy(pool)
    return buffer
  }

  /// Acknowledges a configure: the first attaches the buffer; a size the compositor suggested
  /// since (a tiling layout, a maximised window) gets a buffer of that size, the old one destroyed
  /// once the compositor releases it.
  private func configured(_ serial: UInt32) {
    try? connection.send(xdgSurface.ackConfigure(serial: serial))
    let (first, resize) = state.withLock { state -> (Bool, (width: Int32, height: Int32)?) in
      defer { (state.configured, state.suggested) = (true, nil) }
      guard let suggested = state.suggested, suggested != state.size else { return (!state.configured, nil) }
      return (!state.configured, suggested)
    }
    var attach: WaylandObject<Wayland.Buffer>?
    if let resize, let buffer = try? makeBuffer(width: resize.width, height: resize.height) {
      attach = buffer
      let old = state.withLock { state -> WaylandObject<Wayland.Buffer> in
        defer { (state.buffer, state.size) = (buffer, resize) }
        // One the compositor has read is destroyed once it releases it.
        if !first { state.retired.insert(state.buffer) }
        return state.buffer
      }
      if first { try? connection.destroy(old) }  // never attached
    } else if first {
      attach = state.withLock { $0.buffer }
    }
    var requests: [WaylandMessage] = []
    if let attach {
      let size = state.withLock { $0.size }
      requests = [
        surface.attach(buffer: attach, x: 0, y: 0),
        surface.damageBuffer(x: 0, y: 0, width: size.width, height: size.height),
      ]
    }
    try? connection.send(requests + [surface.commit()])
  }

  /// The size of the buffer the window shows now.
  package var size: (width: Int32, height: Int32) { state.withLock { $0.size } }

  /// Closes the window and its connection: the compositor takes the window away at once,
  /// whoever still holds this object.
  package func close() {
    dispatcher.close()
    connection.socket.shutdown()
    keptDragItems.withLock { $0 = [] }
  }

  deinit { close() }

  /// The error that ended the connection, once it has.
  package var failure: SystemPasteboardError? { dispatcher.failure }

  /// Whether the compositor asked the window to close (its close button, a keyboard shortcut).
  package var closeRequested: Bool { state.withLock { $0.closeRequested } }

  /// The serial of the latest input event the window had.
  var latestSerial: UInt32 { state.withLock { $0.latestSerial } }

  /// Whether the window has keyboard focus.
  var hasKeyboardFocus: Bool { state.withLock { $0.keyboardFocus } }

  /// Where the pointer last was over the window, in surface coordinates.
  var pointerPosition: (x: Double, y: Double) { state.withLock { $0.position } }

  /// Calls `handler` on every button press in the window.
  package func onPress(_ handler: @escaping @Sendable (WindowPress) -> Void) {
    state.withLock { $0.onPress = handler }
  }
  /// Sets what hears the compositor ask the window to close (`xdg_toplevel.close`).
  package func onClose(_ handler: @escaping @Sendable () -> Void) { state.withLock { $0.onClose = handler } }

  /// Calls `handler` on every event of drags over the window.

  /// Calls `handler` with the serial each time the window gets keyboard focus.
  func onKeyboardFocus(_ handler: @escaping @Sendable (UInt32) -> Void) {
    state.withLock { $0.onFocus = handler }
  }

  /// Waits until the compositor has handled every request sent before.
  package func sync() throws(SystemPasteboardError) { try dispatcher.sync() }

  // MARK: Events

  private func handle(_ incoming: WaylandConnection.Incoming) {
    dispatcher.loop.assertInEventLoop()
    if case .buffer(.release) = incoming.event {
      // A buffer of an older size: the compositor no longer reads it.
      let buffer = incoming.sender(as: Wayland.Buffer.self)
      if state.withLock({ $0.retired.remove(buffer) != nil }) { try? connection.destroy(buffer) }
      return
    }
    if handleSurfaceEvent(incoming.event) || handleInputEvent(incoming.event) { return }
    handleOfferEvent(incoming)
  }

  /// The shell's events: pings, configures, and the compositor's request to close. False for
  /// any other event.
  private func handleSurfaceEvent(_ event: WaylandEvent) -> Bool {
    switch event {
    case .wmBase(.ping(let serial)): try? connection.send(wmBase.pong(serial: serial))
    case .xdgSurface(.configure(let serial)): configured(serial)
    case .toplevel(.configure(let width, let height, _)) where width > 0 && height > 0:
      state.withLock { $0.suggested = (min(width, 8192), min(height, 8192)) }
    case .toplevel(.close):
      let handler = state.withLock { state in
        state.closeRequested = true
        return state.onClose
      }
      handler?()
    default: return false
    }
    return true
  }

  /// The seat's events: the pointer's and the keyboard's, which carry the serials requests
  /// need. False for any other event (and for keyboard focus on another surface).
  private func handleInputEvent(_ event: WaylandEvent) -> Bool {
    switch event {
    case .seat(.capabilities(let mask)): bindInput(mask)
    case .pointer(.enter(let serial, _, let x, let y)):
      state.withLock { state in
        state.latestSerial = serial
        state.position = (x, y)
      }
    case .pointer(.motion(_, let x, let y)): state.withLock { $0.position = (x, y) }
    case .pointer(.button(let serial, _, let button, let buttonState)):
      let pressed = buttonState == .pressed
      let (handler, position) = state.withLock { state in
        state.latestSerial = serial
        if pressed { state.latestPress = serial }
        return (state.onPress, state.position)
      }
      let press = WindowPress(
        x: position.x, y: position.y, button: WindowPress.button(linuxCode: button), serial: serial)
      if pressed { handler?(press) }
    case .keyboard(.keymap(_, let fd, _)): _ = closeDescriptor(fd)
    case .keyboard(.enter(let serial, let surface, _)) where surface == self.surface:
      let (handler, waiters) = state.withLock { state in
        state.latestSerial = serial
        state.keyboardFocus = true
        defer { state.focusWaiters = [] }
        return (state.onFocus, state.focusWaiters)
      }
      for waiter in waiters { waiter.deliver(serial) }
      handler?(serial)
    case .keyboard(.leave(let serial, _)):
      state.withLock { state in
        state.latestSerial = serial
        state.keyboardFocus = false
      }
    case .keyboard(.key(let serial, _, _, _)), .keyboard(.modifiers(let serial, _, _, _, _)):
      state.withLock { $0.latestSerial = serial }
    default: return false
    }
    return true
  }

  /// The data device's events: offers, their types and actions, drags over the window, and the
  /// selections; the rest are the events of this window's own sources.
  private func handleOfferEvent(_ incoming: WaylandConnection.Incoming) {
    switch incoming.event {
    case .dataDevice(.dataOffer), .primaryDevice(.dataOffer), .dataOffer, .primaryOffer(.offer):
      state.withLock { _ = $0.offers.take(incoming) }
    case .dataDevice(.enter(let serial, _, let x, let y, let offer)):
      let entry = state.withLock { state -> WaylandOffers.Entry? in
        state.latestSerial = serial
        return offer.flatMap { state.offers.entries[.data($0)] }
      }
      if let offer, let entry { dragEntered(offer, serial: serial, mimeTypes: entry.mimeTypes, x: x, y: y) }
    case .dataDevice(.motion(_, let x, let y)): dragMoved(x: x, y: y)
    case .dataDevice(.leave): dragLeft()
    case .dataDevice(.drop): dragDropped()
    case .dataDevice(.selection(let offer)): selected(offer.map(WaylandOffer.data), primary: false)
    case .primaryDevice(.selection(let offer)): selected(offer.map(WaylandOffer.primary), primary: true)
    default: sourceEvent(incoming)
    }
  }

  /// The selection's offer is now `offer` (nil: nothing owns it); the offer it replaced is released.
  private func selected(_ offer: WaylandOffer?, primary: Bool) {
    if let stale = state.withLock({ $0.offers.select(offer, primary: primary) }) { release(stale) }
  }

  /// The events of the sources this window offers (a drag's, a selection's).
  private func sourceEvent(_ incoming: WaylandConnection.Incoming) {
    guard let sender = WaylandWindowSource(sender: incoming), let source = state.withLock({ $0.sources[sender] }) else {
      if case .dataSource(.send(_, let fd)) = incoming.event { _ = closeDescriptor(fd) }
      if case .primarySource(.send(_, let fd)) = incoming.event { _ = closeDescriptor(fd) }
      return
    }
    switch incoming.event {
    case .dataSource(.target(let mimeType)): source.events(.target(mimeType))
    case .dataSource(.action(let mask)): source.events(.action(DragActions(waylandMask: mask)))
    case .dataSource(.send(let mimeType, let fd)), .primarySource(.send(let mimeType, let fd)):
      let (serve, events) = source
      let timeout = connection.timeout * 2
      PipeWriters.serve(
        fd, timeout: timeout, payload: { serve(mimeType) }, done: { served in if served { events(.served(mimeType)) } })
    case .dataSource(.dndDropPerformed): source.events(.dropPerformed)
    case .dataSource(.dndFinished), .dataSource(.cancelled), .primarySource(.cancelled):
      let icon = state.withLock { state -> DragIconSurface? in
        state.sources.removeValue(forKey: sender)
        guard case .data(let ended) = sender, state.dragSource == ended else { return nil }
        state.dragSource = nil
        defer { state.dragIcon = nil }
        return state.dragIcon
      }
      try? connection.send(sender.destroy())
      if let icon { destroyIcon(icon) }
      if case .dataSource(.dndFinished) = incoming.event { source.events(.finished) } else { source.events(.cancelled) }
    default: break
    }
  }

  /// Gets the seat's pointer and keyboard as they appear (a seat may gain them later).
  private func bindInput(_ capabilities: WaylandEnum.SeatCapability) {
    guard let seat else { return }
    // Seat events come on the loop's thread alone: no other thread makes these between the test
    // and the making.
    let (wantsPointer, wantsKeyboard) = state.withLock { state in
      state.seatCapabilities = capabilities
      return (
        capabilities.contains(.pointer) && state.pointer == nil,
        capabilities.contains(.keyboard) && state.keyboard == nil
      )
    }
    if wantsPointer, let pointer = try? connection.create(.pointer, by: { seat.getPointer(id: $0) }) {
      state.withLock { $0.pointer = pointer }
    }
    if wantsKeyboard, let keyboard = try? connection.create(.keyboard, by: { seat.getKeyboard(id: $0) }) {
      state.withLock { $0.keyboard = keyboard }
    }
  }
}

@inline(__always) private func closeDescriptor(_ fd: Int32) -> Int32 { close(fd) }
