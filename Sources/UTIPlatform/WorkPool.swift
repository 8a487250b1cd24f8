/// The one bounded pool of threads a process runs work that may wait on (a load that runs an
/// app's code, a file read that a stalled mount can hold), as swift-nio's `NIOThreadPool`: at
/// most ``threadLimit`` threads, started as work arrives and kept, and a first-in first-out
/// queue of at most ``queueLimit`` items. Never a thread per request, and never the caller's
/// thread as a fallback: work the pool cannot take is refused, and the caller says so (a
/// selection request is refused, a load fails), so that no peer can make the process start
/// threads or queue work without bound.
///
/// Work scheduled for a time (``schedule(at:_:)``: a sensitive copy's expiry) runs on one more
/// thread of the pool's, started with the first such work, which runs nothing else: were it
/// queued behind the rest, eight loads held by a stalled mount would hold an expiry past its
/// date.
///
/// ```swift
/// let accepted = WorkPool.shared.submit { post(load()) }
/// if !accepted { refuse(request) }
/// ```
package final class WorkPool: @unchecked Sendable {
  // Sendable: the queue's and threads' `var`s are read and written under `condition`'s mutex,
  // the scheduled work's under `timerCondition`'s; the limits are `let`s.
  /// The process's pool: 8 threads for work, 4,096 queued items, and one thread for scheduled work.
  package static let shared = WorkPool(threadLimit: 8, queueLimit: 4096)

  /// The name of the pool's threads (its timer thread's: with `-timer`), as `top -H` and
  /// `/proc/self/task/*/comm` show them.
  package static let threadName = "uti-pool"

  /// The most threads the pool runs.
  package let threadLimit: Int
  /// The most items waiting for a thread.
  package let queueLimit: Int

  /// The pool threads' mutex and condition: a submit wakes one idle thread (the timer thread
  /// waits on a condition of its own, so that a wake-up meant for a worker never lands there).
  private let condition = Condition()
  /// Guarded by `condition`: the queue (a ring read from `head`), the threads started, those idle.
  private var queue: [Item?] = []
  private var head = 0
  private var threads = 0
  private var idle = 0
  /// Guarded by `condition`: the process the threads were started in (a forked child has none
  /// of them, and starts its own).
  private var process = ProcessEnvironment.processID
  /// The timer thread's mutex and condition.
  private let timerCondition = Condition()
  /// Guarded by `timerCondition`: work waiting for its time (``schedule(at:_:)``), whether the
  /// thread that runs it was started, and the process it was started in.
  private var timers = ScheduledTasks()
  private var timerThread = false
  private var timerProcess = ProcessEnvironment.processID

  /// A pool of at most `threadLimit` threads and `queueLimit` waiting items.
  package init(threadLimit: Int, queueLimit: Int) {
    self.threadLimit = max(1, threadLimit)
    self.queueLimit = max(1, queueLimit)
  }

  /// Queues `work` to run on a pool thread, starting one if none is idle and fewer than
  /// ``threadLimit`` run.
  /// - Returns: False when the queue is full, or no thread runs and none can be started: the
  ///   work is not run (not on this thread either).
  @discardableResult
  package func submit(_ work: @escaping @Sendable () -> Void) -> Bool {
    let item = Item(work)
    let (accepted, start) = condition.signal { () -> (Bool, Bool) in
      resetAfterFork()
      guard queue.count - head < queueLimit else { return (false, false) }
      queue.append(item)
      let start = idle == 0 && threads < threadLimit
      if start { threads += 1 }
      return (true, start)
    }
    guard accepted, start else { return accepted }
    guard let thread = WorkerThread({ [self] in serve() }) else {
      // No thread: the work stays queued for a running thread, or is taken back.
      return condition.locked {
        threads -= 1
        guard threads == 0 else { return true }
        if let index = queue.lastIndex(where: { $0 === item }) { queue[index] = nil }
        return false
      }
    }
    thread.detach()
    return true
  }

  /// Runs `work` at `deadline` (a ``MonotonicClock`` time) or soon after, on the pool's thread
  /// for scheduled work (started with the first), which runs nothing else: for what waits for a
  /// time (a copy's expiry), instead of a thread that sleeps until it. Work that waits belongs
  /// in ``submit(_:)``: scheduled work runs one at a time.
  /// - Returns: False when the thread for scheduled work is not running and cannot be started
  ///   (the work is not scheduled).
  @discardableResult
  package func schedule(at deadline: UInt64, _ work: @escaping @Sendable () -> Void) -> Bool {
    let (number, start) = timerCondition.broadcast { () -> (Int, Bool) in
      resetTimersAfterFork()
      defer { timerThread = true }
      return (timers.add(deadline: deadline, work), !timerThread)
    }
    guard start else { return true }
    guard let thread = WorkerThread({ [self] in runScheduled() }) else {
      timerCondition.locked {
        timerThread = false
        _ = timers.cancel(number)
      }
      return false
    }
    thread.detach()
    return true
  }

  /// In a forked child (under `condition`'s mutex): a fork copied this state but not the
  /// threads, so the child's pool starts empty, and its condition variable new (the parent's
  /// idle threads were waiting on the copy).
  private func resetAfterFork() {
    guard process != ProcessEnvironment.processID else { return }
    (process, threads, idle, queue, head) = (ProcessEnvironment.processID, 0, 0, [], 0)
    condition.renewAfterFork()
  }

  /// The same for the scheduled work (under `timerCondition`'s mutex): the child has no timer
  /// thread, and none of the parent's scheduled work.
  private func resetTimersAfterFork() {
    guard timerProcess != ProcessEnvironment.processID else { return }
    (timerProcess, timerThread) = (ProcessEnvironment.processID, false)
    timers.removeAll()
    timerCondition.renewAfterFork()
  }

  /// The thread for scheduled work: waits for the earliest deadline (an earlier one scheduled
  /// meanwhile ends the wait) and runs what is due, earliest first.
  private func runScheduled() {
    WorkerThread.nameCurrent(Self.threadName + "-timer")
    while true {
      let until = timerCondition.locked { timers.nextDeadline() }
      let due = timerCondition.wait(
        until: until, done: { timers.nextDeadline() < until },
        result: { timers.takeDue(at: MonotonicClock.now()) })
      for work in due { work() }
    }
  }

  /// A pool thread: takes the oldest item, runs it, and waits for more.
  private func serve() {
    WorkerThread.nameCurrent(Self.threadName)
    while true {
      condition.locked { idle += 1 }
      let until = MonotonicClock.deadline(after: MonotonicClock.nanoseconds(60))
      let work = condition.wait(
        until: until, done: { queue.count > head },
        result: { () -> Item? in
          idle -= 1
          guard queue.count > head else { return nil }
          let work = queue[head]
          queue[head] = nil
          head += 1
          if head >= 1024 && head * 2 >= queue.count {
            queue.removeFirst(head)
            head = 0
          }
          return work
        })
      work?.work()
    }
  }

  /// One queued piece of work (a class, so that a submit can take its own back).
  private final class Item {
    let work: @Sendable () -> Void
    init(_ work: @escaping @Sendable () -> Void) { self.work = work }
  }
}
