import SystemPasteboardCore
import UTIPlatform

extension X11Clipboard {
  /// The selection's side of a pasteboard, on the display's shared ``Link``: an owner that owns
  /// the selection and answers other applications' requests, follows the selection's owner
  /// (XFIXES), reads the selection (``SelectionRequestor``) and runs the pasteboard's commands
  /// between events. Released, it gives its windows back and the link serves the others.
  final class Server: SelectionRequestorHost, @unchecked Sendable {
    // Sendable: `owning`, `reading` and `transfers` are under their locks; `owner` and the requestor are the
    // link's loop's (used only on its thread); the rest is `let`s and a weak reference.
    enum Command {
      case own([SystemPasteboard.Item], FileList.Operation, Ownership)
      /// Owns with the items only where nobody owns the selection (after a reconnection).
      case restore([SystemPasteboard.Item], FileList.Operation, Ownership)
      case disown
      /// Empties the selection: owns it with nothing, then gives it up.
      case clear
    }

    private let link: Link
    private let owner: SelectionOwner
    private var loop: EventLoop { link.loop }
    private let owning = Locked(false)
    private let timeout: Double
    private weak var clipboard: X11Clipboard?
    /// The reading side, made at the first read (on the loop); locked for the tests' reads of
    /// its window.
    private let reading = Locked<SelectionRequestor?>(nil)

    /// A server on the display's shared link; with `startingLoop` false, on a link of its own
    /// whose thread waits for ``startLoop()`` (commands run on the caller's thread until then).
    init(clipboard: X11Clipboard, startingLoop: Bool = true) throws(SystemPasteboardError) {
      let settings = clipboard.settings
      link = try Link.link(display: clipboard.display, timeout: settings.timeout, shared: startingLoop)
      owner = try link.attach(selection: settings.selection.rawValue, registry: settings.registry)
      timeout = settings.timeout
      self.clipboard = clipboard
      try link.add(self)
    }

    deinit { link.detach(owner, requestor: reading.withLock { $0 }) }

    /// The link's connection, which the display's pasteboards share (for the tests).
    var connectionID: ObjectIdentifier { ObjectIdentifier(link.connection) }

    /// Starts the loop's thread of a server made without it.
    /// - Throws: ``SystemPasteboardError`` (`.closed`) when no thread can be started.
    func startLoop() throws(SystemPasteboardError) {
      try loop.start()
    }

    var ownsSelection: Bool { owning.withLock { $0 } }

    /// Records whether the owner holds the selection, and tells those waiting for its end.
    private func setOwning(_ value: Bool) {
      let changed = owning.withLock { owning -> Bool in
        defer { owning = value }
        return owning != value
      }
      if changed { clipboard?.ownershipChanged.notify() }
    }

    /// The error that ended the server's connection, once it has.
    var failure: SystemPasteboardError? { loop.failure }

    /// The number of `INCR` transfers in progress, as of the last event.
    var transferCount: Int { transfers.withLock { $0 } }
    private let transfers = Locked(0)

    /// Starts `command` on the loop's thread and waits for its outcome, which the loop
    /// completes when the server's answers arrive (it serves meanwhile); fails at once when the
    /// connection is gone. A command waits for a few answers, each within the timeout, and the
    /// loop never waits on a load or the file system, so three timeouts bound it.
    @discardableResult
    func perform(_ command: Command) throws(SystemPasteboardError) -> Bool {
      try loop.submit(within: 3 * timeout) { [self] (done: @escaping EventLoop.Completion<Bool>) in
        execute(command) { [self] outcome in
          link.refreshServers()
          done(outcome)
        }
      }
    }

    /// Hands the data to the clipboard manager and waits (on the calling thread, never the
    /// loop's) for its confirmation: the loop begins the hand-over, then serves the manager's
    /// requests between everyone else's, and tells the outcome when the manager confirms,
    /// refuses or falls silent (``SelectionOwner/beginHandOver(timeout:done:)``). A loop whose
    /// thread is not started is served here meanwhile.
    func handOver() throws(SystemPasteboardError) -> Bool {
      // The loop's own thread would wait for itself (no code of ours calls it there).
      guard loop.isServedByCaller || !loop.inEventLoop else {
        throw SystemPasteboardError(.request, "the hand-over cannot wait on the thread of its own connection")
      }
      let outcome = Waiter<Bool>()
      let begun = try loop.submit(within: 3 * timeout) { [self] () throws(SystemPasteboardError) -> Bool in
        owner.beginHandOver(timeout: timeout) { outcome.deliver($0) }
      }
      guard begun else { return false }
      // The hand-over's own limit is 12 × the timeout; a second more for its last answer.
      let limit = 12 * timeout + 1
      guard loop.isServedByCaller else { return outcome.wait(seconds: limit) ?? false }
      // Nobody else serves this loop: the wait is serving it, and what it did not hear never comes.
      try loop.serve(until: MonotonicClock.deadline(after: MonotonicClock.nanoseconds(limit))) {
        outcome.wait(seconds: 0) != nil
      }
      return outcome.wait(seconds: 0) ?? false
    }

    // MARK: Reading

    var requestorLoop: EventLoop { loop }
    var requestedSelection: String { owner.selectionName }

    func requestor() throws(SystemPasteboardError) -> SelectionRequestor {
      loop.assertInEventLoop()
      if let requestor = reading.withLock({ $0 }) { return requestor }
      let requestor = try SelectionRequestor(connection: owner.connection, selection: owner.selectionName)
      reading.withLock { $0 = requestor }
      return requestor
    }

    /// The window of the reading side, once a read made it (for the tests).
    var readingWindow: UInt32? { reading.withLock { $0?.publishedWindow.withLock { $0 } } }

    // MARK: Events (from the link, on the loop)

    /// Counts a change of owner: XFIXES says who owns the selection now (our own
    /// SetSelectionOwner is counted when it is made); without XFIXES, a SelectionClear.
    func handle(_ event: X11Event, synthetic: Bool) {
      reading.withLock { $0 }?.handle(event)
      switch event {
      case .xfixesSelectionNotify(_, let newOwner, let selection):
        if selection == owner.selection && newOwner != owner.window { clipboard?.settings.onChange() }
      case .selectionClear(let window, let selection, _)
      where owner.connection.xfixesEvent == nil && window == owner.window && selection == owner.selection && !synthetic:
        clipboard?.settings.onChange()
      default: break
      }
      transfers.withLock { $0 = owner.transferCount }
      setOwning(owner.isOwner || owner.isReleasing)
    }

    /// Reads the owner's state again (whether it owns the selection, its transfers), after a
    /// command or a deadline changed it without an event.
    func refresh() {
      transfers.withLock { $0 = owner.transferCount }
      setOwning(owner.isOwner || owner.isReleasing)
    }

    /// The connection is gone (the server died, or killed our client): the pasteboard replaces
    /// this server, taking the selection back with the same items where the server is still
    /// there and nobody owns it. Ownership reads as held until the replacement has taken the
    /// selection back (or failed to), so that a process serving a copy does not take the gap for
    /// the copy's end.
    func loopEnded(_ error: SystemPasteboardError?) {
      owner.endHandOver(confirmed: false)
      reading.withLock { $0 }?.loopEnded(
        error ?? SystemPasteboardError(.closed, "the connection to the X server was closed"))
      clipboard?.serverEnded(
        self, restoring: ownsSelection ? (owner.items, owner.fileOperation, owner.ownership) : nil)
      setOwning(false)
    }

    /// Runs `command` on the loop; `done` hears its outcome there, once the server answered.
    private func execute(_ command: Command, done: @escaping (Result<Bool, SystemPasteboardError>) -> Void) {
      loop.assertInEventLoop()
      switch command {
      case .own(let providers, let operation, let ownership):
        owner.own(providers, fileOperation: operation, ownership: ownership) { outcome in
          done(outcome.map { _ in true })
        }
      case .restore(let providers, let operation, let ownership):
        owner.currentOwner { [self] answer in
          guard case .success(0) = answer else { return done(answer.map { _ in false }) }
          owner.own(providers, fileOperation: operation, ownership: ownership) { outcome in
            done(outcome.map { _ in true })
          }
        }
      case .disown:
        release(done)
      case .clear:
        owner.own([]) { [self] outcome in
          guard case .failure(let error) = outcome else { return release(done) }
          done(.failure(error))
        }
      }
    }

    /// Gives the selection up; `done` hears once the server has processed it, so that a process
    /// that exits when its copy ends loses none of its last requests.
    private func release(_ done: @escaping (Result<Bool, SystemPasteboardError>) -> Void) {
      owner.release { done($0.map { _ in true }) }
    }
  }
}
