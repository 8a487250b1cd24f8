import SystemPasteboardCore
import UTIPlatform

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// A source a window offers: a drag's or the clipboard's (`wl_data_source`), or the primary
/// selection's. Each kind takes its own `destroy`, chosen here by the compiler.
enum WaylandWindowSource: Hashable, Sendable {
  case data(WaylandObject<Wayland.DataSource>)
  case primary(WaylandObject<Wayland.PrimarySource>)

  /// The source that sent `incoming`, where it is a source's event.
  init?(sender incoming: WaylandConnection.Incoming) {
    switch incoming.event {
    case .dataSource: self = .data(WaylandObject(id: incoming.object))
    case .primarySource: self = .primary(WaylandObject(id: incoming.object))
    default: return nil
    }
  }

  /// The source's `destroy`.
  func destroy() -> WaylandMessage {
    switch self {
    case .data(let source): source.destroy()
    case .primary(let source): source.destroy()
    }
  }
}

/// A window's clipboard and primary selection: its focus, the selection the compositor tells
/// it of, and the sources it sets (with the serial of its input), as a toolkit's clipboard is.
extension WaylandToplevel {
  /// Waits until the window has keyboard focus (at most the timeout); the serial of its
  /// keyboard enter, which a selection needs.
  /// - Throws: ``SystemPasteboardError``: `.unsupported` at once when the seat has no keyboard;
  ///   `.timeout` when focus does not come (a compositor that does not focus new windows).
  func waitForKeyboardFocus() throws(SystemPasteboardError) -> UInt32 {
    let waiter = Waiter<UInt32>()
    let (focused, capabilities) = state.withLock { state -> (UInt32?, WaylandEnum.SeatCapability?) in
      if state.keyboardFocus { return (state.latestSerial, state.seatCapabilities) }
      state.focusWaiters.append(waiter)
      return (nil, state.seatCapabilities)
    }
    if let focused { return focused }
    // A seat that says it has no keyboard never focuses a window: no wait for the timeout (a
    // seat's capabilities come with its binding, before the window is configured).
    if let capabilities, !capabilities.contains(.keyboard) {
      throw SystemPasteboardError(
        .unsupported,
        "the Wayland compositor at \(connection.display) has a seat without a keyboard, and without data-control a client reaches the selection only with keyboard focus (a headless session, or one whose keyboard is not attached)"
      )
    }
    guard let serial = waiter.wait(seconds: connection.timeout) else {
      try dispatcher.checkOpen()
      throw SystemPasteboardError(
        .timeout,
        "the Wayland compositor at \(connection.display) gave our window no keyboard focus within \(connection.timeout) s (a seat without a keyboard, or a compositor that does not focus new windows)"
      )
    }
    return serial
  }

  /// The selection's offer as the data device last announced it, with its MIME types; nil when
  /// nothing owns it (or the window never had focus, which is when the compositor tells).
  func selection(primary: Bool) -> WaylandOffers.Held? {
    state.withLock { $0.offers.selection(primary: primary) }
  }

  /// The data of the selection's offer `held` for `mimeType`, handed to `sink` in chunks on the
  /// caller's thread. Off the loop's thread, an empty pipe from an offer the selection no longer
  /// holds (after a round trip) is refused, as
  /// ``WaylandConnection/receive(_:fromSelection:what:heldNow:into:)`` says; on it no round trip
  /// is made, and an empty answer stands.
  func receive(
    _ mimeType: String, fromSelection held: WaylandOffers.Held, primary: Bool, what: String,
    into sink: ([UInt8]) throws(SystemPasteboardError) -> Void
  ) throws(SystemPasteboardError) {
    try dispatcher.checkOpen()
    let heldNow: (() throws(SystemPasteboardError) -> UInt64?)? =
      isOnLoop
      ? nil
      : { [self] () throws(SystemPasteboardError) -> UInt64? in
        try sync()
        return selection(primary: primary)?.announcement
      }
    try connection.receive(mimeType, fromSelection: held, what: what, heldNow: heldNow, into: sink)
  }

  /// The globals by which a compositor that keeps a copy of every selection is known: GNOME's
  /// mutter (`gtk_shell1`), whose clipboard manager reads each new clipboard at once and puts it
  /// back when its owner leaves; weston (`weston_desktop_shell`), whose clipboard (libweston's
  /// `clipboard.c`) keeps the text of a selection whose source goes away (found by the
  /// conformance suite: a paste-once or expired password came back there).
  static let copyKeepingShells: Set<String> = ["gtk_shell1", "weston_desktop_shell"]

  /// Whether the compositor keeps copies of the selection (``copyKeepingShells``).
  var compositorKeepsCopies: Bool {
    connection.globals.contains { Self.copyKeepingShells.contains($0.interface) }
  }

  /// The globals by which a compositor is known that puts its kept copy back when a client
  /// empties the selection: weston, whose clipboard answers a selection set to none with its
  /// own copy (mutter's manager leaves an emptied clipboard empty).
  static let copyRestoringShells: Set<String> = ["weston_desktop_shell"]

  /// Whether emptying the selection brings the compositor's kept copy back (``copyRestoringShells``).
  var compositorRestoresCopies: Bool {
    connection.globals.contains { Self.copyRestoringShells.contains($0.interface) }
  }

  /// Whether the compositor offers the primary selection to windows.
  var hasPrimarySelection: Bool { primaryDevice != nil }

  /// Makes the window's client the owner of the clipboard (or the primary selection) with
  /// `mimeTypes`, for the input event `serial`; `serve` gives a type's bytes when another client
  /// asks, and `events` hears `.cancelled` when another selection replaces it.
  /// - Returns: The source.
  @discardableResult
  func setSelection(
    mimeTypes: [String], primary: Bool, serial: UInt32, serve: @escaping @Sendable (String) -> Payload?,
    events: @escaping @Sendable (Source) -> Void
  ) throws(SystemPasteboardError) -> WaylandWindowSource {
    let source: WaylandWindowSource
    if primary {
      guard let primaryManager, let primaryDevice else {
        throw SystemPasteboardError(
          .unsupported, "the Wayland compositor at \(connection.display) has no primary selection protocol")
      }
      let made: WaylandObject<Wayland.PrimarySource> = try connection.create(.primarySource) {
        primaryManager.createSource(id: $0)
      }
      source = .primary(made)
      try connection.send(mimeTypes.map { made.offer(mimeType: $0) })
      state.withLock { $0.sources[source] = (serve, events) }
      try connection.send(primaryDevice.setSelection(source: made, serial: serial))
    } else {
      guard let dataDevice, let dataDeviceManager else {
        throw SystemPasteboardError(.unsupported, "the Wayland compositor at \(connection.display) has no data device")
      }
      let made: WaylandObject<Wayland.DataSource> = try connection.create(.dataSource) {
        dataDeviceManager.createDataSource(id: $0)
      }
      source = .data(made)
      try connection.send(mimeTypes.map { made.offer(mimeType: $0) })
      state.withLock { $0.sources[source] = (serve, events) }
      try connection.send(dataDevice.setSelection(source: made, serial: serial))
    }
    try dispatcher.settle()
    return source
  }

  /// Gives up a selection this window's client owns: nothing owns it afterwards.
  func clearSelection(_ source: WaylandWindowSource) throws(SystemPasteboardError) {
    guard state.withLock({ $0.sources.removeValue(forKey: source) }) != nil else { return }
    switch source {
    case .primary:
      if let primaryDevice { try connection.send(primaryDevice.setSelection(source: nil, serial: latestSerial)) }
    case .data: if let dataDevice { try connection.send(dataDevice.setSelection(source: nil, serial: latestSerial)) }
    }
    try connection.send(source.destroy())
    try dispatcher.settle()
  }

  /// Sets no selection (the clipboard's, or the primary), for the input event `serial`: the
  /// selection is empty afterwards, whoever owned it.
  func clearSelection(primary: Bool, serial: UInt32) throws(SystemPasteboardError) {
    if primary {
      guard let primaryDevice else {
        throw SystemPasteboardError(
          .unsupported, "the Wayland compositor at \(connection.display) has no primary selection protocol")
      }
      try connection.send(primaryDevice.setSelection(source: nil, serial: serial))
    } else if let dataDevice {
      try connection.send(dataDevice.setSelection(source: nil, serial: serial))
    }
    try dispatcher.settle()
  }

  /// Reads what this window's own `source` serves for `mimeType`, here: for a paste of the
  /// window's own copy on the thread that drives the window (a menu's Copy, then Paste), where the
  /// compositor's `send` would come to this very connection, which that thread cannot read while it
  /// waits on the pipe. The same loader answers as for another client (nothing for a type the
  /// source does not serve, as its pipe would close empty), and the paste is counted as served.
  /// - Throws: ``SystemPasteboardError``: what `sink` throws; `.fileUnreadable` when a file
  ///   payload cannot be read.
  func readOwn(
    _ source: WaylandWindowSource, _ mimeType: String, into sink: ([UInt8]) throws(SystemPasteboardError) -> Void
  ) throws(SystemPasteboardError) {
    guard let (serve, events) = state.withLock({ $0.sources[source] }), let payload = serve(mimeType) else { return }
    try payload.forEachChunk(of: 1 << 16, sink)
    events(.served(mimeType))
  }

  /// Whether the caller runs on the thread that serves the window's connection.
  var isOnLoop: Bool { dispatcher.isStarted && dispatcher.loop.inEventLoop }

  /// Takes the window off the screen (its surface destroyed) while the connection goes on
  /// serving what it offers, as wl-copy does once its selection is set.
  func unmap() {
    guard
      state.withLock({ state in
        defer { state.mapped = false }
        return state.mapped
      })
    else { return }
    try? connection.destroy(toplevel)
    try? connection.destroy(xdgSurface)
    try? connection.destroy(surface)
    try? dispatcher.settle()
  }
}
