import TypeRegistry
import UTIPlatform

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// A Wayland selection (the clipboard or the primary selection) owned and read without a
/// window, through the compositor's data-control protocol (`ext_data_control_manager_v1`,
/// else `zwlr_data_control_manager_v1`), as clipboard managers and wl-clipboard's data-control
/// path do.
///
/// One connection and one thread: the thread reads the compositor's events (the offers of
/// each new selection and their MIME types, requests to send our data, the end of our
/// ownership) and serves each `send` on a thread of its own, so that a peer that never reads
/// its pipe stalls nobody else. Reads run on the caller's thread: a `wl_display.sync` first
/// (so the offer is the compositor's latest), then `receive` into a pipe read in chunks.
final class WaylandSelection: PasteboardBackend, @unchecked Sendable {
  let connection: WaylandConnection
  let primary: Bool
  let timeout: Double
  /// Stands in for a type's declaration when offering (nil: the shared registry).
  let registry: UTTypeRegistry?
  /// How long a peer may leave its pipe unread (or a load may take) before a send is dropped.
  let loadTimeout: Double
  private let interfaces: WaylandInterface.DataControl
  private let manager: UInt32
  private let device: UInt32
  private let dispatcher: WaylandDispatcher
  private let state = Locked(State())
  private let onChange: @Sendable () -> Void

  private struct State {
    /// The live offers and the selections' (``WaylandOffers``).
    var offers = WaylandOffers()
    /// What we own, while we own it.
    var source: Source?
    /// Selection events to leave uncounted: the echo of our own `set_selection`.
    var echoes = 0
    /// Sends asked for before the thread was started, served once it is.
    var waitingSends: [(offer: SelectionTargets.Offer, source: Source, fd: Int32)] = []
  }

  private struct Source {
    var id: UInt32
    var items: [SystemPasteboard.Item]
    var operation: FileList.Operation
    var offers: [SelectionTargets.Offer]
    var ownership: Ownership
  }

  /// Connects to `display` and binds its seat and a data-control manager; with `startingLoop`
  /// false the thread waits for ``startLoop()``, and requests are answered on the caller's
  /// thread until then.
  /// - Throws: ``SystemPasteboardError``: as ``WaylandConnection`` does; `.unsupported` when
  ///   the compositor offers no data-control protocol (GNOME, weston) or no seat.
  init(
    display: WaylandDisplay?, primary: Bool, timeout: Double, registry: UTTypeRegistry?, loadTimeout: Double = 10,
    startingLoop: Bool = true, onChange: @escaping @Sendable () -> Void
  ) throws(SystemPasteboardError) {
    connection = try WaylandConnection(display: display, timeout: timeout)
    self.primary = primary
    self.registry = registry
    self.timeout = timeout
    self.loadTimeout = loadTimeout
    self.onChange = onChange
    dispatcher = try WaylandDispatcher(connection: connection)
    var bound: (WaylandInterface.DataControl, UInt32, UInt32)?
    for candidate in WaylandInterface.DataControl.preferred {
      if let (id, version) = try connection.bind(candidate.manager) {
        bound = (candidate, id, version)
        break
      }
    }
    guard let (interfaces, manager, version) = bound else {
      let names = WaylandInterface.DataControl.preferred.map(\.manager.name).joined(separator: " or ")
      throw SystemPasteboardError(
        .unsupported,
        "the Wayland compositor at \(connection.display) offers no data-control protocol (\(names)), which a client without a window needs for the clipboard"
      )
    }
    if primary && interfaces.manager.name == WaylandInterface.DataControl.wlr.manager.name && version < 2 {
      throw SystemPasteboardError(
        .unsupported,
        "the Wayland compositor at \(connection.display) has zwlr_data_control_manager_v1 version \(version), which has no primary selection (version 2 has)"
      )
    }
    guard let (seat, _) = try connection.bind(.seat) else {
      throw SystemPasteboardError(.unsupported, "the Wayland compositor at \(connection.display) has no seat")
    }
    self.interfaces = interfaces
    self.manager = manager
    device = connection.makeObject(interfaces.device)
    try connection.send(.DataControlManager.getDataDevice(id: device, seat: seat), to: manager)
    // The device announces the current selections at once.
    try connection.roundTrip { incoming throws(SystemPasteboardError) in handle(incoming) }
    dispatcher.prepare { [weak self] incoming in
      self?.handle(incoming)
    } ended: { [weak self] _ in
      self?.state.withLock { $0.source = nil }
      self?.ownershipChanged.notify()
      self?.onChange()
    }
    if startingLoop { try dispatcher.start() }
  }

  /// Starts the thread of a selection made without it.
  /// - Throws: ``SystemPasteboardError`` (`.connectionFailed`) when no thread can be started.
  func startServing() throws(SystemPasteboardError) {
    try dispatcher.start()
    let waiting = state.withLock { state -> [(offer: SelectionTargets.Offer, source: Source, fd: Int32)] in
      defer { state.waitingSends = [] }
      return state.waitingSends
    }
    for send in waiting { serve(send.offer, of: send.source, to: send.fd) }
  }

  /// Ends the thread and the connection.
  func close() { dispatcher.close() }

  deinit { close() }

  /// The compositor.
  var display: WaylandDisplay { connection.display }
  var server: SystemPasteboard.Backend { .wayland(display) }
  var capabilities: PasteboardCapabilities { [.hearsOtherApplications, .ownsWithoutThreads, .replaceable] }
  let ownershipChanged = ChangeSignal()

  /// The error that ended the connection, once it has.
  var failure: SystemPasteboardError? { dispatcher.failure }

  /// Whether this process owns the selection now.
  var ownsSelection: Bool { state.withLock { $0.source != nil } }

  /// The compositor's name for the protocol in use (`zwlr_data_control_manager_v1`).
  var protocolName: String { interfaces.manager.name }

  // MARK: Owning

  /// Makes this process the selection's owner with `items`, offered under the shared mapping's
  /// targets; returns once the compositor has handled it.
  func own(_ items: [SystemPasteboard.Item], fileOperation: FileList.Operation, ownership: Ownership)
    throws(SystemPasteboardError)
  {
    try dispatcher.checkOpen()
    let offers = SelectionTargets.offers(for: items, sensitive: ownership.isSensitive)
    let source = connection.makeObject(interfaces.source)
    try connection.send(.DataControlManager.createDataSource(id: source), to: manager)
    for offer in offers { try connection.send(.DataControlSource.offer(mimeType: offer.target), to: source) }
    let previous = state.withLock { state -> UInt32? in
      defer {
        state.source = Source(
          id: source, items: items, operation: fileOperation, offers: offers, ownership: ownership)
        state.echoes += 1
      }
      return state.source?.id
    }
    ownershipChanged.notify()
    try connection.send(setSelection(source), to: device)
    if let previous { try connection.destroy(previous) }
    try dispatcher.sync()
  }

  /// Gives the selection up, if this process owns it: nothing owns it afterwards.
  ///
  /// By destroying the source alone, which ends the selection only while it is still ours: a
  /// `set_selection(null)` would also clear a newer copy another client made meanwhile (a copy
  /// made while this process, slowed down, was still serving its last paste).
  func disown() throws(SystemPasteboardError) {
    guard
      let source = state.withLock({ state -> UInt32? in
        defer { state.source = nil }
        return state.source?.id
      })
    else { return }
    ownershipChanged.notify()
    try connection.destroy(source)
    try dispatcher.sync()
  }

  /// Empties the selection, whoever owns it: no source is set (and ours, if any, destroyed).
  func clear() throws(SystemPasteboardError) {
    let source = state.withLock { state -> UInt32? in
      defer { state.source = nil }
      return state.source?.id
    }
    ownershipChanged.notify()
    try connection.send(setSelection(nil), to: device)
    if let source { try connection.destroy(source) }
    try dispatcher.sync()
  }

  /// The device's request that sets this selection (nil: none).
  private func setSelection(_ source: UInt32?) -> WaylandRequest {
    primary
      ? .DataControlDevice.setPrimarySelection(source: source) : .DataControlDevice.setSelection(source: source)
  }

  // MARK: Reading

  /// The MIME types of the selection's offer now, in the owner's order.
  /// - Throws: ``SystemPasteboardError``: `.noOwner` when nothing owns the selection.
  func targets() throws(SystemPasteboardError) -> [String] {
    try dispatcher.sync()
    guard let (_, types) = state.withLock({ $0.offers.selection(primary: primary) }) else { throw noOwner }
    return types
  }

  private var noOwner: SystemPasteboardError {
    SystemPasteboardError(
      .noOwner, "nothing owns the \(primary ? "primary selection" : "clipboard") of \(connection.display)")
  }

  /// The owner's data for `target`, handed to `sink` a chunk at a time as it comes through the
  /// pipe, until the owner closes it.
  /// - Throws: ``SystemPasteboardError``: `.noOwner`; `.timeout` when the owner leaves the pipe
  ///   silent for longer than the timeout; what `sink` throws.
  func read(_ target: String, into sink: ([UInt8]) throws(SystemPasteboardError) -> Void)
    throws(SystemPasteboardError)
  {
    try dispatcher.checkOpen()
    guard let (offer, _) = state.withLock({ $0.offers.selection(primary: primary) }) else { throw noOwner }
    try connection.receive(target, from: offer, what: primary ? "the primary selection" : "the clipboard", into: sink)
  }

  // MARK: The thread

  private func handle(_ incoming: WaylandConnection.Incoming) {
    switch incoming.event {
    case .dataOffer, .offer:
      state.withLock { _ = $0.offers.take(incoming) }
    case .selection(let offer, let isPrimary):
      let (stale, counted) = state.withLock { state -> ([UInt32], Bool) in
        let stale = [state.offers.select(offer, primary: isPrimary)].compactMap { $0 } + state.offers.removeUnselected()
        guard isPrimary == primary else { return (stale, false) }
        if state.echoes > 0 {
          state.echoes -= 1
          return (stale, false)
        }
        return (stale, true)
      }
      for id in stale { try? connection.destroy(id) }
      if counted { onChange() }
    case .send(let mimeType, let fd):
      let source = state.withLock { $0.source?.id == incoming.object ? $0.source : nil }
      guard let source, let offer = source.offers.first(where: { $0.target == mimeType }) else {
        _ = closeDescriptor(fd)
        return
      }
      guard dispatcher.isStarted else {
        // Before the thread: no thread is started to send (the process may be about to fork).
        state.withLock { $0.waitingSends.append((offer, source, fd)) }
        return
      }
      serve(offer, of: source, to: fd)
    case .cancelled:
      // Ours until now: destroy it. A source we gave up (disown, a newer own) is destroyed there.
      let wasCurrent = state.withLock { state -> Bool in
        guard state.source?.id == incoming.object else { return false }
        state.source = nil
        return true
      }
      if wasCurrent {
        ownershipChanged.notify()
        try? connection.destroy(incoming.object)
      }
    case .finished:
      // The seat went away: the device is dead; ownership ends, and reads find no owner.
      state.withLock { state in
        state.source = nil
        state.offers.clearSelections()
      }
      ownershipChanged.notify()
    default: break
    }
  }

  /// Writes the offer's bytes into `fd` on a thread of its own and closes it; a reader that
  /// leaves the pipe full for ``loadTimeout`` or closes it early ends the send.
  private func serve(_ offer: SelectionTargets.Offer, of source: Source, to fd: Int32) {
    let loadTimeout = loadTimeout
    let send: @Sendable () -> Void = {
      let served = PipeWriter.write(
        to: fd, timeout: loadTimeout, untilTaken: source.ownership.options.pasteLimit != nil,
        payload: { SelectionTargets.payload(for: offer, items: source.items, fileOperation: source.operation) })
      if served { source.ownership.pasteServed(offer.target) }
    }
    if let thread = WorkerThread(send) { thread.detach() } else { _ = closeDescriptor(fd) }
  }
}

@inline(__always) private func closeDescriptor(_ fd: Int32) -> Int32 { close(fd) }
