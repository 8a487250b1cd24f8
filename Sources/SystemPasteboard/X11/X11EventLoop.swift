import UTIPlatform

/// What an event loop's owner does on the loop's thread: handle each event (after the
/// selection owner has answered what is its), check its deadlines between waits, and hear the
/// end of the loop.
package protocol X11EventLoopDelegate: AnyObject {
  /// One event, after the loop's ``SelectionOwner`` handled it.
  func handle(_ event: X11Connection.Event)
  /// When the owner next needs the loop to wake without an event (a drag's overdue answer).
  var nextDeadline: UInt64 { get }
  /// Between waits: deadlines that passed are acted on here.
  func tick()
  /// The loop ended: `error` when the connection was lost, nil when it was stopped.
  func loopEnded(_ error: SystemPasteboardError?)
}

/// The one event loop of a connection to the X server: a thread that waits for events, hands
/// each to the connection's ``SelectionOwner`` and then to its delegate, and runs the commands
/// other threads queue, between events.
///
/// Every connection of ours (a pasteboard's, a window's) has exactly one. The connection, the
/// owner and the delegate's state are confined to the thread; other threads only queue commands
/// (``perform(_:)``), which a byte on a pipe wakes the wait for. When the connection is lost the
/// loop ends: commands waiting and later fail at once with the error.
///
/// Until its thread is started the connection is its creator's: ``perform(extra:_:)`` runs its
/// body on the calling thread, so that a process can own a selection before it forks the child
/// that serves it (a fork copies only the thread that calls it).
package final class X11EventLoop: @unchecked Sendable {
  package let connection: X11Connection
  package let owner: SelectionOwner
  private let timeout: Double
  private let wake: WakePipe
  /// The loop's thread, stored under its lock while it is created, so that the thread itself
  /// (detaching when it ends on its own) never reads it before it is there.
  private let thread = Locked<WorkerThread?>(nil)
  private weak var delegate: (any X11EventLoopDelegate)?
  /// Commands waiting for the thread; the error that ended the loop; whether it was stopped.
  private let state = Locked<
    (commands: [@Sendable () -> Void], failure: SystemPasteboardError?, stopped: Bool, detached: Bool)
  >(([], nil, false, false))

  /// A loop for `owner`'s connection; ``start(delegate:)`` starts its thread.
  /// - Throws: ``SystemPasteboardError`` (`.closed`) when no wake pipe can be made.
  package init(owner: SelectionOwner, timeout: Double) throws(SystemPasteboardError) {
    self.owner = owner
    connection = owner.connection
    self.timeout = timeout
    guard let wake = WakePipe() else { throw SystemPasteboardError(.closed, "no pipe to wake the event loop") }
    self.wake = wake
    wake.attach(to: connection.socket)
  }

  /// Starts the thread, which hands events to `delegate` (held weakly) until the loop ends.
  /// - Throws: ``SystemPasteboardError`` (`.closed`) when no thread can be started.
  package func start(delegate: any X11EventLoopDelegate) throws(SystemPasteboardError) {
    self.delegate = delegate
    let started = thread.withLock { thread -> Bool in
      thread = WorkerThread({ [self] in run() })
      return thread != nil
    }
    guard started else { throw SystemPasteboardError(.closed, "no thread could be started for the X connection") }
  }

  /// The error that ended the loop, once it has.
  package var failure: SystemPasteboardError? { state.withLock { $0.failure } }

  /// Queues `command` for the thread; false when the loop has ended.
  @discardableResult
  package func post(_ command: @escaping @Sendable () -> Void) -> Bool {
    let queued = state.withLock { state -> Bool in
      guard state.failure == nil, !state.stopped else { return false }
      state.commands.append(command)
      return true
    }
    if queued { wake.wake() }
    return queued
  }

  /// Runs `body` on the thread and waits (at most three timeouts and `extra` seconds) for what
  /// it returns or throws; fails at once when the loop has ended. Before the thread is started,
  /// runs `body` on the calling thread, whose the connection still is.
  /// - Throws: What `body` throws, the error that ended the loop, or `.timeout`.
  package func perform<T: Sendable>(
    extra: Double = 0, _ body: @escaping @Sendable () throws(SystemPasteboardError) -> T
  ) throws(SystemPasteboardError) -> T {
    if !isStarted {
      try checkOpen()
      return try body()
    }
    let waiter = Waiter<Result<T, SystemPasteboardError>>()
    guard post({ waiter.deliver(Result { () throws(SystemPasteboardError) in try body() }) }) else {
      throw failure ?? SystemPasteboardError(.closed, "the connection to the X server was closed")
    }
    guard let result = waiter.wait(seconds: 3 * timeout + extra) else {
      throw SystemPasteboardError(.timeout, "the X connection's thread did not answer in time")
    }
    return try result.get()
  }

  /// Whether ``start(delegate:)`` started the thread.
  private var isStarted: Bool { thread.withLock { $0 != nil } }

  /// Throws the error that ended the loop, or `.closed` once it was stopped.
  private func checkOpen() throws(SystemPasteboardError) {
    let (failure, stopped) = state.withLock { ($0.failure, $0.stopped) }
    if let failure { throw failure }
    if stopped { throw SystemPasteboardError(.closed, "the connection to the X server was closed") }
  }

  /// Ends the loop (its delegate hears `loopEnded(nil)`) and waits for the thread, unless
  /// called on it.
  package func stop() {
    let (wasStopped, detached) = state.withLock { state -> (Bool, Bool) in
      defer { state.stopped = true }
      return (state.stopped, state.detached)
    }
    guard !wasStopped else { return }
    wake.wake()
    guard let thread = thread.withLock({ $0 }), !detached else { return }
    // On its own thread (a delegate stopped the loop): nobody will join it, so it lets its
    // resources go itself when it ends.
    if thread.isCurrent { thread.detach() } else { thread.join() }
  }

  private func run() {
    while !state.withLock({ $0.stopped }) {
      for command in state.withLock({ state in
        defer { state.commands.removeAll() }
        return state.commands
      }) {
        command()
      }
      do {
        let deadline = min(MonotonicClock.deadline(after: 1_000_000_000), delegate?.nextDeadline ?? .max)
        try owner.serve(until: deadline) { [weak self] event in
          self?.delegate?.handle(event)
          return false
        }
        delegate?.tick()
      } catch {
        end(error)
        // Ended on its own: nobody will join the thread, so it lets its resources go itself
        // (unless a stop() is already waiting to join it).
        let detach = state.withLock { state -> Bool in
          defer { state.detached = !state.stopped }
          return !state.stopped
        }
        if detach { thread.withLock { $0 }?.detach() }
        return
      }
    }
    end(nil)
  }

  /// The loop is over: commands still queued (and later ones) fail, the delegate hears why.
  private func end(_ error: SystemPasteboardError?) {
    let waiting = state.withLock { state in
      defer { state.commands.removeAll() }
      state.failure = error ?? SystemPasteboardError(.closed, "the connection to the X server was closed")
      return state.commands
    }
    delegate?.loopEnded(error)
    connection.socket.close()
    // Commands queued before the end run against the closed connection: their waiters hear the error.
    for command in waiting { command() }
  }
}
