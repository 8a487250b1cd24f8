import Pasteboard
import UTIPlatform

extension SystemPasteboard {
  /// The thread that owns the selection for a pasteboard: one connection, one event loop, which
  /// answers other applications' requests, follows the selection's owner (XFIXES) and runs the
  /// pasteboard's commands between events.
  final class Server: @unchecked Sendable {
    enum Command {
      case own([ItemProvider])
      case disown
      case handOver
    }

    private let owner: SelectionOwner
    private let pending = Locked<[(Command, Waiter<Result<Bool, X11Error>>)]>([])
    private let owning = Locked(false)
    private let timeout: Double
    private weak var pasteboard: SystemPasteboard?
    private var thread: WorkerThread?
    /// A pipe whose byte wakes the event loop when a command is queued.
    private let wake: WakePipe

    init(pasteboard: SystemPasteboard) throws(X11Error) {
      let connection = try X11Connection(display: pasteboard.display, timeout: pasteboard.timeout)
      owner = try SelectionOwner(connection: connection, selection: pasteboard.selection.rawValue)
      _ = try connection.selectSelectionInput(window: owner.window, selection: owner.selection)
      try connection.sync()
      timeout = pasteboard.timeout
      self.pasteboard = pasteboard
      guard let wake = WakePipe() else { throw X11Error(.closed, "no pipe to wake the pasteboard's thread") }
      self.wake = wake
      wake.attach(to: connection.socket)
      guard let thread = WorkerThread({ [self] in run() }) else {
        throw X11Error(.closed, "no thread could be started to serve the selection")
      }
      self.thread = thread
    }

    var ownsSelection: Bool { owning.withLock { $0 } }

    /// Runs `command` on the server's thread and waits for its outcome.
    @discardableResult
    func perform(_ command: Command) throws(X11Error) -> Bool {
      let waiter = Waiter<Result<Bool, X11Error>>()
      pending.withLock { $0.append((command, waiter)) }
      wake.wake()
      guard let result = waiter.wait(seconds: 3 * timeout + owner.loadTimeout) else {
        throw X11Error(.timeout, "the pasteboard's thread did not answer in time")
      }
      return try result.get()
    }

    func waitUntilOwnershipEnds() {
      while ownsSelection { usleep(20_000) }
    }

    private func run() {
      while true {
        for (command, waiter) in pending.withLock({ list in
          defer { list.removeAll() }; return list
        }) {
          waiter.deliver(Result { () throws(X11Error) -> Bool in try execute(command) })
        }
        do {
          try owner.serve(until: MonotonicClock.deadline(after: 1_000_000_000)) { event in
            observe(event)
            return false
          }
        } catch {
          // The connection is gone: nothing more can be owned or served.
          owning.withLock { $0 = false }
          failPending(error)
          return
        }
        owning.withLock { $0 = owner.isOwner }
      }
    }

    private func failPending(_ error: X11Error) {
      while true {
        let list = pending.withLock { list in
          defer { list.removeAll() }; return list
        }
        for (_, waiter) in list { waiter.deliver(.failure(error)) }
        usleep(20_000)
      }
    }

    private func execute(_ command: Command) throws(X11Error) -> Bool {
      switch command {
      case .own(let providers):
        try owner.own(providers)
        owning.withLock { $0 = true }
        return true
      case .disown:
        try owner.disown()
        owning.withLock { $0 = false }
        return true
      case .handOver:
        return try owner.handOver(timeout: timeout)
      }
    }

    /// Counts a change of owner: XFIXES says who owns the selection now (our own
    /// SetSelectionOwner is counted when it is made); without XFIXES, a SelectionClear.
    private func observe(_ event: X11Connection.Event) {
      if let xfixes = owner.connection.xfixesEvent, event.code == xfixes {
        if event.u32(12) == owner.selection && event.u32(8) != owner.window { pasteboard?.selectionChanged() }
      } else if event.code == 29, owner.connection.xfixesEvent == nil {
        pasteboard?.selectionChanged()
      }
    }
  }
}
