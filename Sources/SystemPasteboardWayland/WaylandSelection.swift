import SystemPasteboardCore
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
/// One connection and one thread for all of a process's pasteboards on the compositor (a
/// ``Link``): the thread reads the compositor's events (the offers of each new selection and
/// their MIME types, requests to send our data, the end of our ownership) and hands each `send`
/// to the process's ``PipeWriters`` (its load to the ``WorkPool``), so that the loop goes back to
/// its socket at once and a peer that never reads its pipe stalls nobody else.
/// Reads run on the caller's thread: a `wl_display.sync` first (so the offer is the
/// compositor's latest), then `receive` into a pipe read in chunks.
package final class WaylandSelection: PasteboardBackend, @unchecked Sendable {
  // Sendable: `state` is under its lock; the rest is `let`s of `Sendable` values or of the link (its locks
  // and loop).
  let link: Link
  let primary: Bool
  /// Stands in for a type's declaration when offering (nil: the shared registry).
  let registry: UTTypeRegistry?
  /// How long a peer may leave its pipe unread (or a load may take) before a send is dropped.
  let loadTimeout: Double
  private let state = Locked(State())
  private let onChange: @Sendable () -> Void

  private struct State {
    /// What we own, while we own it.
    var source: Source?
    /// Sources a newer own replaced, kept until the compositor cancels them (as GTK keeps its
    /// own): a paste asked of one before it was replaced is served with its data, never an
    /// empty pipe. At most ``retiredLimit``; a source given up (disown, clear) is not kept.
    var retired: [Source] = []
    /// Selection events to leave uncounted: the echo of our own `set_selection`.
    var echoes = 0
    /// Sends asked for before the thread was started, served once it is.
    var waitingSends: [(offer: SelectionTargets.Offer, source: Source, fd: Int32)] = []
    /// Whether the pasteboard let this selection go.
    var closed = false
    /// Give-ups (disown, clear) the compositor has not confirmed yet: the selection reads as
    /// held until it has, so that a process that exits when its copy ends does not hang up on
    /// requests the compositor has not read (libwayland drops a client's unread requests when
    /// it sees the hang-up).
    var releasing = 0

    /// The source `id` names, ours now or replaced and not yet cancelled.
    func serving(_ id: WaylandObject<Wayland.DataControlSource>) -> Source? {
      source?.id == id ? source : retired.first { $0.id == id }
    }
  }

  /// The link's connection (``BackendInspection``).
  package var connectionID: ObjectIdentifier? { ObjectIdentifier(link.connection) }

  /// How many replaced sources wait for the compositor's `cancelled` before the oldest is destroyed.
  static let retiredLimit = 8

  private struct Source {
    var id: WaylandObject<Wayland.DataControlSource>
    var items: [SystemPasteboard.Item]
    var operation: FileList.Operation
    var offers: [SelectionTargets.Offer]
    var ownership: Ownership
  }

  /// The selection on `display`'s shared link (made at the first call); with `startingLoop`
  /// false, on a link of its own whose thread waits for ``startServing()``, and requests are
  /// answered on the caller's thread until then.
  /// - Throws: ``SystemPasteboardError``: as ``WaylandConnection`` does; `.unsupported` when
  ///   the compositor offers no data-control protocol (GNOME, weston), no seat, or (for the
  ///   primary selection) a data-control version without it.
  init(
    display: WaylandDisplay, primary: Bool, timeout: Double, registry: UTTypeRegistry?, loadTimeout: Double = 10,
    startingLoop: Bool = true, onChange: @escaping @Sendable () -> Void
  ) throws(SystemPasteboardError) {
    link = try Link.link(display: display, timeout: timeout, shared: startingLoop)
    guard !primary || link.hasPrimarySelection else {
      throw SystemPasteboardError(
        .unsupported,
        "the Wayland compositor at \(link.connection.display) has \(link.interfaces.manager.name) version \(link.version), which has no primary selection (version 2 has)"
      )
    }
    self.primary = primary
    self.registry = registry
    self.loadTimeout = loadTimeout
    self.onChange = onChange
    link.add(self)
  }

  /// Starts the thread of a selection made without it.
  /// - Throws: ``SystemPasteboardError`` (`.connectionFailed`) when no thread can be started.
  package func startServing() throws(SystemPasteboardError) {
    try dispatcher.start()
    let waiting = state.withLock { state -> [(offer: SelectionTargets.Offer, source: Source, fd: Int32)] in
      defer { state.waitingSends = [] }
      return state.waitingSends
    }
    for send in waiting { serve(send.offer, of: send.source, to: send.fd) }
  }

  /// Lets the selection go: the link no longer serves it, and what it owned is given up (its
  /// source destroyed, as a closed connection would); a shared link goes on for the process's
  /// other pasteboards and ends with the last, a pasteboard's own link ends now.
  package func close() {
    let (source, retired) = state.withLock {
      state -> (WaylandObject<Wayland.DataControlSource>?, [WaylandObject<Wayland.DataControlSource>]) in
      defer { (state.source, state.retired, state.closed) = (nil, [], true) }
      return state.closed ? (nil, []) : (state.source?.id, state.retired.map(\.id))
    }
    link.remove(self)
    guard link.isShared else { return dispatcher.close() }
    guard link.isThisProcess else { return }
    if let source {
      ownershipChanged.notify()
      try? connection.destroy(source)
    }
    for old in retired { try? connection.destroy(old) }
  }

  deinit { close() }

  private var connection: WaylandConnection { link.connection }
  private var dispatcher: WaylandDispatcher { link.dispatcher }

  /// Throws the error that ended the link's connection, or `.closed` once the pasteboard let
  /// this selection go.
  private func checkOpen() throws(SystemPasteboardError) {
    try dispatcher.checkOpen()
    if state.withLock({ $0.closed }) { throw SystemPasteboardError(.closed, "the pasteboard was closed") }
  }

  /// The compositor.
  var display: WaylandDisplay { connection.display }
  package var server: SystemPasteboard.Backend { .wayland(display) }
  package var capabilities: PasteboardCapabilities { [.hearsOtherApplications, .ownsWithoutThreads, .replaceable] }
  package let ownershipChanged = ChangeSignal()

  /// The error that ended the connection, once it has.
  package var failure: SystemPasteboardError? { dispatcher.failure }

  /// Whether this process owns the selection now.
  package var ownsSelection: Bool { state.withLock { $0.source != nil || $0.releasing > 0 } }

  /// The compositor's name for the protocol in use (`zwlr_data_control_manager_v1`).
  var protocolName: String { link.interfaces.manager.name }

  // MARK: Owning

  /// Makes this process the selection's owner with `items`, offered under the shared mapping's
  /// targets; returns once the compositor has handled it.
  package func own(_ items: [SystemPasteboard.Item], fileOperation: FileList.Operation, ownership: Ownership)
    throws(SystemPasteboardError)
  {
    try checkOpen()
    let offers = SelectionTargets.offers(for: items, sensitive: ownership.isSensitive)
    let source = try connection.create(link.interfaces.source) { [manager = link.manager] in
      manager.createDataSource(id: $0)
    }
    try connection.send(offers.map { source.offer(mimeType: $0.target) })
    let overflow = state.withLock { state -> [WaylandObject<Wayland.DataControlSource>] in
      if let previous = state.source { state.retired.append(previous) }
      state.source = Source(id: source, items: items, operation: fileOperation, offers: offers, ownership: ownership)
      state.echoes += 1
      let extra = max(0, state.retired.count - Self.retiredLimit)
      defer { state.retired.removeFirst(extra) }
      return state.retired.prefix(extra).map(\.id)
    }
    ownershipChanged.notify()
    try connection.send(setSelection(source))
    for old in overflow { try connection.destroy(old) }
    try dispatcher.settle()
  }

  /// Gives the selection up, if this process owns it: nothing owns it afterwards.
  ///
  /// By destroying the source alone, which ends the selection only while it is still ours: a
  /// `set_selection(null)` would also clear a newer copy another client made meanwhile (a copy
  /// made while this process, slowed down, was still serving its last paste).
  package func disown() throws(SystemPasteboardError) {
    let taken = takeSource()
    defer { released() }
    guard let source = taken else { return }
    try connection.destroy(source)
    try dispatcher.settle()
  }

  /// Empties the selection, whoever owns it: no source is set (and ours, if any, destroyed).
  package func clear() throws(SystemPasteboardError) {
    let source = takeSource()
    defer { released() }
    try connection.send(setSelection(nil))
    if let source { try connection.destroy(source) }
    try dispatcher.settle()
  }

  /// Takes our source (nil: none) for a give-up, which ``released()`` ends, whether a source
  /// was taken or not.
  private func takeSource() -> WaylandObject<Wayland.DataControlSource>? {
    state.withLock { state -> WaylandObject<Wayland.DataControlSource>? in
      defer { (state.source, state.releasing) = (nil, state.releasing + 1) }
      return state.source?.id
    }
  }

  /// A give-up the compositor confirmed (or whose connection failed) is over.
  private func released() {
    state.withLock { $0.releasing -= 1 }
    ownershipChanged.notify()
  }

  /// The device's request that sets this selection (nil: none).
  private func setSelection(_ source: WaylandObject<Wayland.DataControlSource>?) -> WaylandMessage {
    primary ? link.device.setPrimarySelection(source: source) : link.device.setSelection(source: source)
  }

  // MARK: Reading

  /// The MIME types of the selection's offer now, in the owner's order.
  /// - Throws: ``SystemPasteboardError``: `.noOwner` when nothing owns the selection.
  package func targets() throws(SystemPasteboardError) -> [String] {
    try dispatcher.sync()
    guard let selection = link.offers.withLock({ $0.selection(primary: primary) }) else { throw noOwner }
    return selection.mimeTypes
  }

  private var noOwner: SystemPasteboardError {
    SystemPasteboardError(
      .noOwner, "nothing owns the \(primary ? "primary selection" : "clipboard") of \(connection.display)")
  }

  /// The owner's data for `target`, handed to `sink` a chunk at a time as it comes through the
  /// pipe, until the owner closes it.
  /// - Throws: ``SystemPasteboardError``: `.noOwner`; `.timeout` when the owner leaves the pipe
  ///   silent for longer than the timeout; `.conversionRefused` when the selection changed while
  ///   it was read (an empty pipe from a replaced offer); what `sink` throws.
  package func read(_ target: String, into sink: ([UInt8]) throws(SystemPasteboardError) -> Void)
    throws(SystemPasteboardError)
  {
    try checkOpen()
    guard let selection = link.offers.withLock({ $0.selection(primary: primary) }) else { throw noOwner }
    let what = primary ? "the primary selection" : "the clipboard"
    try connection.receive(
      target, fromSelection: selection, what: what,
      heldNow: { [link, primary, dispatcher] () throws(SystemPasteboardError) -> UInt64? in
        try dispatcher.sync()
        return link.offers.withLock { $0.selection(primary: primary)?.announcement }
      }, into: sink)
  }

  // MARK: The thread

  /// On the link's thread: an event of the device or of a source (the link has kept the
  /// offers); this selection takes what is its own. False for a `send` to a source not its own.
  func handle(_ incoming: WaylandConnection.Incoming) -> Bool {
    switch incoming.event {
    case .dataControlDevice(.selection) where !primary, .dataControlDevice(.primarySelection) where primary:
      let counted = state.withLock { state -> Bool in
        guard state.echoes > 0 else { return true }
        state.echoes -= 1
        return false
      }
      if counted { onChange() }
    case .dataControlSource(.send(let mimeType, let fd)):
      guard let source = state.withLock({ $0.serving(incoming.sender(as: Wayland.DataControlSource.self)) }) else {
        return false
      }
      guard let offer = source.offers.first(where: { $0.target == mimeType }) else {
        _ = closeDescriptor(fd)
        return true
      }
      guard dispatcher.isStarted else {
        // Before the thread: no thread is started to send (the process may be about to fork).
        state.withLock { $0.waitingSends.append((offer, source, fd)) }
        return true
      }
      serve(offer, of: source, to: fd)
    case .dataControlSource(.cancelled):
      // Ours until now, or replaced by a newer own: destroy it. A source we gave up (disown,
      // clear) was destroyed there.
      let cancelled = incoming.sender(as: Wayland.DataControlSource.self)
      let (wasCurrent, wasRetired) = state.withLock { state -> (Bool, Bool) in
        let retired = state.retired.contains { $0.id == cancelled }
        state.retired.removeAll { $0.id == cancelled }
        guard state.source?.id == cancelled else { return (false, retired) }
        state.source = nil
        return (true, retired)
      }
      if wasCurrent { ownershipChanged.notify() }
      if wasCurrent || wasRetired { try? connection.destroy(cancelled) }
    case .dataControlDevice(.finished):
      // The seat went away: the device is dead; ownership ends.
      state.withLock { $0.source = nil }
      ownershipChanged.notify()
    default: break
    }
    return true
  }

  /// A `send` no selection took (to a source given up meanwhile): its pipe is closed, so that
  /// the reader sees the end at once.
  static func refuse(_ fd: Int32) { _ = closeDescriptor(fd) }

  /// On the link's thread: the connection ended (`error` says why); ownership ends with it.
  func connectionEnded(_ error: SystemPasteboardError) {
    state.withLock { $0.source = nil }
    ownershipChanged.notify()
    onChange()
  }

  /// Loads the offer on the process's pool and writes its bytes into `fd` with the process's
  /// ``PipeWriters`` (no thread of its own), then closes it; a reader that leaves the pipe full
  /// for ``loadTimeout`` or closes it early ends the send.
  private func serve(_ offer: SelectionTargets.Offer, of source: Source, to fd: Int32) {
    let (items, operation, ownership) = (source.items, source.operation, source.ownership)
    PipeWriters.serve(
      fd, timeout: loadTimeout, untilTaken: ownership.options.pasteLimit != nil,
      payload: { SelectionTargets.payload(for: offer, items: items, fileOperation: operation) },
      done: { served in if served { ownership.pasteServed(offer.target) } })
  }
}

@inline(__always) private func closeDescriptor(_ fd: Int32) -> Int32 { close(fd) }
