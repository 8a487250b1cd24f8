import UTIPlatform

/// The one event loop of a desktop connection, X11's or Wayland's: a thread that waits on the
/// connection's socket and nothing else, hands what arrives to its owner, and runs the commands
/// other threads post between events, in swift-nio's manner.
///
/// - Commands cross threads by posting: ``execute(_:)`` queues one and returns; ``submit(within:_:)``
///   queues one and waits for its outcome (for callers off the loop, never the loop itself).
/// - The connection and its owner's state are confined to the loop's thread:
///   ``assertInEventLoop()`` says so in debug builds.
/// - The start is deferred: ``prepare(serve:beforeWait:ended:)`` names what the thread runs, ``start()``
///   starts it; until then, ``submit(within:_:)`` runs its body on the calling thread, whose the
///   connection still is, so that a process can own a selection before it forks the child that
///   serves it (a fork copies only the thread that calls it).
/// - A loop ends once: closed (``close()``), or failed (the connection was lost, a protocol
///   error). Its owner hears why (`ended`), commands queued and later fail at once with the
///   error, and the owner's users make a new connection and loop at their next call.
/// - Work that waits for a time is scheduled (``scheduleTask(deadline:_:)``, swift-nio's
///   `scheduleTask`): the loop's waits end at the earliest task's deadline, and no part of the
///   loop wakes on a fixed tick.
/// - Or it runs on a thread it does not own: ``startDriven()`` gives it none, and whoever drives
///   it (a main-queue dispatch source, as `NSApplication.run()` and `gtk_main()` serve their
///   windows on the main thread) calls ``serveReady()`` when its descriptors are readable; its
///   work then runs on that thread, with no hop.
///
/// ```swift
/// let loop = try EventLoop(socket: connection.socket, peer: "the X server")
/// loop.prepare(serve: { deadline throws(SystemPasteboardError) in try owner.serve(until: deadline) }, ended: { _ in })
/// try loop.start()
/// let owner = try loop.submit(within: 5) { () throws(SystemPasteboardError) in try reader.owner() }
/// ```
package final class EventLoop: @unchecked Sendable {
  // Sendable: `state`, `thread` and `driver` are under their locks; `handlers` and `beforeWait`
  // are set in `prepare`, before the loop is first served (starting its thread, or handing it
  // to a driver, orders the writes before the reads), and read only by whoever serves it.

  /// What the loop runs until it ends: handle what arrived on the socket, waiting for it until
  /// `deadline` at most (the earliest scheduled task's; `.max` when none is; a wait ends early
  /// when the loop is woken), and returning once `deadline` has passed; with 0, only what is
  /// there now (a driven loop). Thrown errors end the loop.
  package typealias Serve = (_ deadline: UInt64) throws(SystemPasteboardError) -> Void

  /// Who the loop's connection is to, for messages ("the X server").
  package let peer: String
  private let socket: Socket
  private let wake: WakePipe
  /// The loop's thread, stored under its lock while it is created, so that the thread itself
  /// (detaching when it ends on its own) never reads it before it is there.
  private let thread = Locked<WorkerThread?>(nil)
  /// Named by ``prepare(serve:beforeWait:ended:)``, read by the thread only.
  private var handlers: (serve: Serve, ended: (SystemPasteboardError?) -> Void)?
  /// Named by ``prepare(serve:beforeWait:ended:)``: run on the loop's thread before each wait,
  /// after the commands and the tasks that were due.
  private var beforeWait: (() -> Void)?
  private let state = Locked(State())

  private struct State {
    /// Commands waiting for the thread.
    var commands: [@Sendable () -> Void] = []
    /// The error that ended the loop, once it has.
    var failure: SystemPasteboardError?
    /// Whether ``close()`` was called.
    var closed = false
    /// Whether the thread detached itself (nobody may join it).
    var detached = false
    /// Set before the thread is created, so that the thread itself reads it set.
    var started = false
    /// Whether the loop is driven by a thread it does not own (``startDriven()``).
    var driven = false
    /// Whether a driven loop's ``serveReady()`` is running (its driver reads the next deadline
    /// when it returns).
    var serving = false
    /// The tasks scheduled on the loop.
    var tasks = ScheduledTasks()
  }

  /// For a driven loop: whether the calling thread is where its driver runs it.
  private let driver = Locked<Driver?>(nil)

  /// The driver's check, in a struct: a closure kept directly in a generic `Locked` is
  /// reabstracted on each `inout` access, and the thunks nest: every read wrapped the stored
  /// closure once more, so that each call went through all the earlier ones (2.5 µs per check
  /// after a few thousand drag events) and releasing the chain overflowed the stack.
  private struct Driver {
    let isDriving: @Sendable () -> Bool
  }

  /// A loop over `socket`, whose waits a post wakes; `peer` names the other end in messages.
  /// - Throws: ``SystemPasteboardError`` (`.connectionFailed`) when no descriptor is left for
  ///   the wake-up pipe.
  package init(socket: Socket, peer: String) throws(SystemPasteboardError) {
    guard let wake = WakePipe() else {
      throw SystemPasteboardError(.connectionFailed, "no file descriptors are left for a wake-up pipe")
    }
    self.wake = wake
    self.peer = peer
    self.socket = socket
    wake.attach(to: socket)
  }

  deinit { close() }

  /// Names what the thread runs (`serve`, again and again), what it runs before each wait
  /// (`beforeWait`: an owner re-arms its timers there) and what it tells when the loop ends
  /// (`ended`: the error, nil when closed), without starting it.
  package func prepare(
    serve: @escaping Serve, beforeWait: (() -> Void)? = nil, ended: @escaping (SystemPasteboardError?) -> Void
  ) {
    handlers = (serve, ended)
    self.beforeWait = beforeWait
  }

  /// Starts the thread of a prepared loop (once: a started loop, or one not prepared, is left
  /// as it is).
  /// - Throws: ``SystemPasteboardError`` (`.connectionFailed`) when no thread can be started.
  package func start() throws(SystemPasteboardError) {
    guard handlers != nil,
      state.withLock({ state in
        defer { state.started = true }
        return !state.started
      })
    else { return }
    let started = thread.withLock { thread -> Bool in
      thread = WorkerThread { [self] in run() }
      return thread != nil
    }
    guard started else {
      state.withLock { $0.started = false }
      throw SystemPasteboardError(.connectionFailed, "no thread can be started for the connection to \(peer)")
    }
  }

  /// Whether ``start()`` started the thread (before, the connection is the caller's).
  package var isStarted: Bool { state.withLock { $0.started } }

  /// The error that ended the loop, once it has (a closed loop's is `.closed`).
  package var failure: SystemPasteboardError? { state.withLock { $0.failure } }

  /// Throws the error that ended the loop, or `.closed` once it was closed.
  package func checkOpen() throws(SystemPasteboardError) {
    let (failure, closed) = state.withLock { ($0.failure, $0.closed) }
    if let failure { throw failure }
    if closed { throw closedError }
  }

  /// Whether the calling thread is the loop's (its own, or the one that drives it).
  package var inEventLoop: Bool {
    if let driver = driver.withLock({ $0 }) { return driver.isDriving() }
    return thread.withLock { $0?.isCurrent ?? false }
  }

  /// Starts a prepared loop without a thread of its own: its driver calls ``serveReady()``
  /// whenever one of the returned descriptors (the socket and the wake-up pipe) is readable, and
  /// at ``nextTaskDeadline`` for the tasks scheduled on it, always where `isDriving`
  /// holds (a serial queue, such as the main queue, whose threads may vary).
  /// - Returns: The descriptors to watch for reading.
  package func startDriven(socket: Socket, isDriving: @escaping @Sendable () -> Bool) -> [Int32] {
    driver.withLock { $0 = Driver(isDriving: isDriving) }
    state.withLock { state in
      state.started = true
      state.driven = true
    }
    return [socket.fd, wake.read]
  }

  /// Runs what is ready, on the thread that drives the loop: the commands posted, then what
  /// arrived on the socket, without waiting; ends the loop when it failed or was closed.
  /// - Returns: Whether the loop goes on; false once it has ended (its driver stops then: a
  ///   socket at its end stays readable).
  @discardableResult
  package func serveReady() -> Bool {
    guard let (serve, ended) = handlers, state.withLock({ $0.driven && $0.failure == nil }) else { return false }
    if state.withLock({ $0.closed }) {
      end(nil, ended)
      return false
    }
    state.withLock { $0.serving = true }
    defer { state.withLock { $0.serving = false } }
    runCommands()
    runDueTasks()
    do {
      try serve(0)
      // A command posted while serving, whose wake the serving took with an event: run now, as
      // the driver waits only for what is still to come (bounded: a flood of commands yields).
      for _ in 0..<64 where state.withLock({ !$0.commands.isEmpty }) {
        runCommands()
        try serve(0)
      }
      runDueTasks()
      beforeWait?()
      return true
    } catch {
      end(error, ended)
      return false
    }
  }

  /// Whether the calling thread serves the loop itself: before its thread is started (the
  /// connection is the caller's), or on the thread that drives a driven loop.
  package var isServedByCaller: Bool {
    !isStarted || (state.withLock { $0.driven } && inEventLoop)
  }

  /// Serves the loop on the calling thread, which must be the one it runs on now
  /// (``isServedByCaller``), until `isDone` holds or `deadline` passes: the commands posted and
  /// what arrives on the socket, as the loop's own thread would, so that a caller waiting for
  /// something the loop receives (a selection's data) is not waiting on itself.
  /// - Throws: The error that ended the loop (then ended, as its thread would end it).
  package func serve(until deadline: UInt64, _ isDone: () -> Bool) throws(SystemPasteboardError) {
    guard let (serve, ended) = handlers else { return }
    try checkOpen()
    while !isDone() && MonotonicClock.now() < deadline {
      runCommands()
      runDueTasks()
      beforeWait?()
      do {
        try serve(0)
      } catch {
        end(error, ended)
        throw error
      }
      if isDone() { return }
      // Bounded, for an event the serving left queued on the connection rather than the socket.
      let wait = min(deadline, nextTaskDeadline, MonotonicClock.deadline(after: 50_000_000))
      _ = try? socket.waitReadable(until: wait, wakeable: true)
    }
  }

  /// Stops a debug build when called off the loop's thread (once it is started).
  package func assertInEventLoop(file: StaticString = #fileID, line: UInt = #line) {
    assert(!isStarted || inEventLoop, "not on the event loop of the connection to \(peer)", file: file, line: line)
  }

  /// Stops the process, in every build, when called off the loop's thread once it is started
  /// (before, its caller serves it): what ``LoopBound`` checks.
  package func preconditionInEventLoop(file: StaticString = #fileID, line: UInt = #line) {
    precondition(
      !isStarted || inEventLoop, "a value of the event loop of the connection to \(peer) was used off its thread",
      file: file, line: line)
  }

  /// Queues `command` for the loop's thread, which runs it between events; false when the
  /// loop has ended (the command is dropped).
  @discardableResult
  package func execute(_ command: @escaping @Sendable () -> Void) -> Bool {
    let queued = state.withLock { state -> Bool in
      guard state.failure == nil, !state.closed else { return false }
      state.commands.append(command)
      return true
    }
    if queued { wake.wake() }
    return queued
  }

  /// Runs `body` on the loop's thread and waits (at most `seconds`) for what it returns or
  /// throws; fails at once when the loop has ended. Before the thread is started, runs `body` on
  /// the calling thread, whose the connection still is; on the loop's thread (its own, or the one
  /// that drives it), runs it there at once rather than waiting for itself.
  /// - Throws: What `body` throws, the error that ended the loop, or `.timeout`.
  package func submit<T: Sendable>(
    within seconds: Double, _ body: @escaping @Sendable () throws(SystemPasteboardError) -> T
  ) throws(SystemPasteboardError) -> T {
    // Before the thread is started, or on the loop's thread: here and now.
    if !isStarted || inEventLoop {
      try checkOpen()
      return try body()
    }
    let waiter = Waiter<Result<T, SystemPasteboardError>>()
    guard execute({ waiter.deliver(Result { () throws(SystemPasteboardError) in try body() }) }) else {
      throw failure ?? closedError
    }
    guard let result = waiter.wait(seconds: seconds) else {
      throw SystemPasteboardError(.timeout, "the thread of the connection to \(peer) did not answer in time")
    }
    return try result.get()
  }

  /// Ends the loop (its owner hears `ended(nil)`) and waits for the thread, unless called on it:
  /// then the thread detaches itself, since nobody will join it. A driven loop ends at once on
  /// its driving thread, else at its next ``serveReady()``.
  package func close() {
    let (wasClosed, detached, driven) = state.withLock { state -> (Bool, Bool, Bool) in
      defer { state.closed = true }
      return (state.closed, state.detached, state.driven)
    }
    guard !wasClosed else { return }
    wake.wake()
    if driven {
      if inEventLoop, let (_, ended) = handlers, state.withLock({ $0.failure == nil }) { end(nil, ended) }
      return
    }
    guard let thread = thread.withLock({ $0 }), !detached else { return }
    if thread.isCurrent { thread.detach() } else { thread.join() }
  }

  var closedError: SystemPasteboardError {
    SystemPasteboardError(.closed, "the connection to \(peer) was closed")
  }

  private func run() {
    guard let (serve, ended) = handlers else { return }
    while !state.withLock({ $0.closed }) {
      runCommands()
      runDueTasks()
      beforeWait?()
      do {
        try serve(nextTaskDeadline)
      } catch {
        end(error, ended)
        // Ended on its own: nobody will join the thread, so it lets its resources go itself
        // (unless a close() is already waiting to join it).
        let detach = state.withLock { state -> Bool in
          defer { state.detached = !state.closed }
          return !state.closed
        }
        if detach { thread.withLock { $0 }?.detach() }
        return
      }
    }
    end(nil, ended)
  }

  // MARK: Scheduled tasks

  /// A task scheduled on the loop, which ``cancel(_:)`` withdraws.
  package struct Scheduled: Sendable, Equatable {
    let number: Int
  }

  /// Schedules `task` to run on the loop's thread at `deadline` (a ``MonotonicClock`` time) or
  /// soon after, between events; from any thread (the loop's wait is woken to take the new
  /// deadline into account). A task of an ended loop never runs.
  @discardableResult
  package func scheduleTask(deadline: UInt64, _ task: @escaping @Sendable () -> Void) -> Scheduled {
    let (number, serving) = state.withLock { ($0.tasks.add(deadline: deadline, task), $0.serving) }
    // Off the loop, or on a driven loop's thread between its servings (its driver's timer is
    // set to the deadline it read last): woken, the loop (or its driver) takes the new deadline.
    if !inEventLoop || (state.withLock { $0.driven } && !serving) { wake.wake() }
    return Scheduled(number: number)
  }

  /// Schedules `task` to run on the loop's thread in `seconds`.
  @discardableResult
  package func scheduleTask(in seconds: Double, _ task: @escaping @Sendable () -> Void) -> Scheduled {
    scheduleTask(deadline: MonotonicClock.deadline(after: MonotonicClock.nanoseconds(seconds)), task)
  }

  /// Withdraws a scheduled task; nothing when it already ran.
  package func cancel(_ scheduled: Scheduled) {
    state.withLock { _ = $0.tasks.cancel(scheduled.number) }
  }

  /// When the earliest task scheduled is due (`.max`: none is): a driven loop's driver calls
  /// ``serveReady()`` then.
  package var nextTaskDeadline: UInt64 { state.withLock { $0.tasks.nextDeadline() } }

  /// The number of tasks scheduled and not yet run.
  package var scheduledTaskCount: Int { state.withLock { $0.tasks.count } }

  /// Runs the tasks that are due.
  private func runDueTasks() {
    let now = MonotonicClock.now()
    for task in state.withLock({ $0.tasks.takeDue(at: now) }) { task() }
  }

  /// Runs the commands posted so far.
  private func runCommands() {
    for command in state.withLock({ state in
      defer { state.commands.removeAll() }
      return state.commands
    }) {
      command()
    }
  }

  /// The loop is over: commands still queued (and later ones) fail, the owner hears why; tasks
  /// scheduled are dropped.
  private func end(_ error: SystemPasteboardError?, _ ended: (SystemPasteboardError?) -> Void) {
    let waiting = state.withLock { state in
      defer {
        state.commands.removeAll()
        state.tasks.removeAll()
      }
      state.failure = error ?? closedError
      return state.commands
    }
    ended(error)
    // Commands queued before the end run against the ended connection: their waiters hear the error.
    for command in waiting { command() }
  }
}
