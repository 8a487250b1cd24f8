import UTIPlatform

extension SystemPasteboard {
  /// The thread that owns the selection for a pasteboard: one connection, one event loop, which
  /// answers other applications' requests, follows the selection's owner (XFIXES) and runs the
  /// pasteboard's commands between events.
  final class Server: @unchecked Sendable {
    enum Command {
      case own([SystemPasteboard.Item], FileList.Operation)
      /// Owns with the items only where nobody owns the selection (after a reconnection).
      case restore([SystemPasteboard.Item], FileList.Operation)
      case disown
      case handOver
    }

    private let owner: SelectionOwner
    /// Commands waiting for the thread, and the error that ended it (after which every command
    /// fails at once with it).
    private let queue = Locked<
      (pending: [(Command, Waiter<Result<Bool, SystemPasteboardError>>)], failure: SystemPasteboardError?)
    >(([], nil))
    private let owning = Locked(false)
    private let timeout: Double
    private weak var pasteboard: SystemPasteboard?
    private var thread: WorkerThread?
    /// A pipe whose byte wakes the event loop when a command is queued.
    private let wake: WakePipe

    init(pasteboard: SystemPasteboard) throws(SystemPasteboardError) {
      let connection = try X11Connection(display: pasteboard.display, timeout: pasteboard.timeout)
      owner = try SelectionOwner(
        connection: connection, selection: pasteboard.selection.rawValue, registry: pasteboard.registry)
      _ = try connection.selectSelectionInput(window: owner.window, selection: owner.selection)
      timeout = pasteboard.timeout
      self.pasteboard = pasteboard
      guard let wake = WakePipe() else {
        throw SystemPasteboardError(.closed, "no pipe to wake the pasteboard's thread")
      }
      self.wake = wake
      wake.attach(to: connection.socket)
      guard let thread = WorkerThread({ [self] in run() }) else {
        throw SystemPasteboardError(.closed, "no thread could be started to serve the selection")
      }
      self.thread = thread
    }

    var ownsSelection: Bool { owning.withLock { $0 } }

    /// The error that ended the server's connection, once it has.
    var failure: SystemPasteboardError? { queue.withLock { $0.failure } }

    /// The number of `INCR` transfers in progress, as of the last event.
    var transferCount: Int { transfers.withLock { $0 } }
    private let transfers = Locked(0)

    /// Runs `command` on the server's thread and waits for its outcome; fails at once when the
    /// connection is gone.
    @discardableResult
    func perform(_ command: Command) throws(SystemPasteboardError) -> Bool {
      let waiter = Waiter<Result<Bool, SystemPasteboardError>>()
      if let failure = queue.withLock({ queue -> SystemPasteboardError? in
        if queue.failure == nil { queue.pending.append((command, waiter)) }
        return queue.failure
      }) {
        throw failure
      }
      wake.wake()
      guard let result = waiter.wait(seconds: 3 * timeout + owner.loadTimeout) else {
        throw SystemPasteboardError(.timeout, "the pasteboard's thread did not answer in time")
      }
      return try result.get()
    }

    func waitUntilOwnershipEnds() {
      while ownsSelection { usleep(20_000) }
    }

    private func run() {
      while true {
        for (command, waiter) in queue.withLock({ queue in
          defer { queue.pending.removeAll() }; return queue.pending
        }) {
          waiter.deliver(Result { () throws(SystemPasteboardError) -> Bool in try execute(command) })
        }
        do {
          try owner.serve(until: MonotonicClock.deadline(after: 1_000_000_000)) { event in
            observe(event)
            transfers.withLock { $0 = owner.transferCount }
            return false
          }
        } catch {
          end(error)
          return
        }
        owning.withLock { $0 = owner.isOwner }
      }
    }

    /// The connection is gone (the server died, or killed our client): every waiting and later
    /// command fails with `error`, and the pasteboard replaces this server, taking the selection
    /// back with the same items where the server is still there and nobody owns it.
    private func end(_ error: SystemPasteboardError) {
      let waiting = queue.withLock { queue in
        defer { queue.pending.removeAll() }
        queue.failure = error
        return queue.pending
      }
      for (_, waiter) in waiting { waiter.deliver(.failure(error)) }
      owner.connection.socket.close()
      // Ownership reads as held until the replacement has taken the selection back (or failed
      // to), so that a process serving a copy does not take the gap for the copy's end.
      pasteboard?.serverEnded(self, restoring: ownsSelection ? (owner.items, owner.fileOperation) : nil)
      owning.withLock { $0 = false }
    }

    private func execute(_ command: Command) throws(SystemPasteboardError) -> Bool {
      switch command {
      case .own(let providers, let operation):
        try owner.own(providers, fileOperation: operation)
        owning.withLock { $0 = true }
        return true
      case .disown:
        try owner.disown()
        owning.withLock { $0 = false }
        return true
      case .restore(let providers, let operation):
        guard try owner.currentOwner() == 0 else { return false }
        try owner.own(providers, fileOperation: operation)
        owning.withLock { $0 = true }
        return true
      case .handOver:
        return try owner.handOver(timeout: timeout)
      }
    }

    /// Counts a change of owner: XFIXES says who owns the selection now (our own
    /// SetSelectionOwner is counted when it is made); without XFIXES, a SelectionClear.
    private func observe(_ event: X11Connection.Event) {
      switch X11Event(event, xfixesEvent: owner.connection.xfixesEvent) {
      case .xfixesSelectionNotify(_, let newOwner, let selection):
        if selection == owner.selection && newOwner != owner.window { pasteboard?.selectionChanged() }
      case .selectionClear where owner.connection.xfixesEvent == nil:
        pasteboard?.selectionChanged()
      default: break
      }
    }
  }
}
