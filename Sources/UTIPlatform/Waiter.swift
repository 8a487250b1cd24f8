import Synchronization

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// A pthread mutex with a condition variable bound to `CLOCK_MONOTONIC`: what ``Waiter`` and
/// ``ChangeSignal`` wait on.
///
/// The deadline is measured on `CLOCK_MONOTONIC`, so setting the wall clock (NTP, a user, a
/// suspended laptop's catch-up) neither cuts a wait short nor stretches it. Linux and Musl bind
/// the condition variable to that clock (`pthread_condattr_setclock`); Darwin waits a relative
/// time (`pthread_cond_timedwait_relative_np`), which is monotonic there.
final class Condition {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  init() {
    mutex.initialize(to: pthread_mutex_t())
    condition.initialize(to: pthread_cond_t())
    pthread_mutex_init(mutex, nil)
    initializeCondition()
  }

  /// Initializes the condition variable, bound to the monotonic clock where the platform can.
  private func initializeCondition() {
    #if canImport(Darwin)
      pthread_cond_init(condition, nil)
    #else
      var attributes = pthread_condattr_t()
      pthread_condattr_init(&attributes)
      pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
      pthread_cond_init(condition, &attributes)
      pthread_condattr_destroy(&attributes)
    #endif
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  /// Makes the condition variable new, under the mutex, in a forked child: the parent's threads
  /// that waited on it at the fork are counted in the copy, and a broadcast would wait for
  /// them for ever (glibc's waits for its waiters' group to quiesce).
  func renewAfterFork() { initializeCondition() }

  /// Runs `body` under the mutex.
  func locked<T>(_ body: () -> T) -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return body()
  }

  /// Runs `body` under the mutex and wakes one waiter: for waiters that all wait for the same
  /// thing, of which one is enough (a pool's idle threads, one item queued), where waking them
  /// all would have every one take the mutex in turn to find the item gone.
  func signal<T>(_ body: () -> T) -> T { locked(body, waking: pthread_cond_signal) }

  /// Runs `body` under the mutex and wakes every waiter.
  func broadcast<T>(_ body: () -> T) -> T { locked(body, waking: pthread_cond_broadcast) }

  /// Runs `body` under the mutex, then `wake` on the condition variable before unlocking.
  private func locked<T>(_ body: () -> T, waking wake: (UnsafeMutablePointer<pthread_cond_t>) -> Int32) -> T {
    pthread_mutex_lock(mutex)
    defer {
      _ = wake(condition)
      pthread_mutex_unlock(mutex)
    }
    return body()
  }

  /// Under the mutex, waits until `done` (asked under it) holds or `deadline` (on the monotonic
  /// clock) passes; returns what `result` reads under the mutex at the end.
  func wait<T>(until deadline: UInt64, done: () -> Bool, result: () -> T) -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while !done() {
      let now = MonotonicClock.now()
      if now >= deadline { break }
      #if canImport(Darwin)
        var remaining = MonotonicClock.interval(deadline - now)
        if pthread_cond_timedwait_relative_np(condition, mutex, &remaining) == ETIMEDOUT { break }
      #else
        var absolute = MonotonicClock.interval(deadline)
        if pthread_cond_timedwait(condition, mutex, &absolute) == ETIMEDOUT { break }
      #endif
    }
    return result()
  }
}

/// A value one thread delivers and another waits for, with a timeout on the monotonic clock.
package final class Waiter<Value: Sendable>: @unchecked Sendable {
  // Sendable: `value` is written and read under `condition`'s mutex; `delivered` is atomic.
  private var value: Value?
  /// Set once `value` is, for a waiter that spins before it sleeps (read without the mutex).
  private let delivered = Atomic<Bool>(false)
  private let condition = Condition()

  package init() {}

  /// Stores the value (the first one wins) and wakes the waiter.
  package func deliver(_ newValue: Value) {
    condition.broadcast {
      if value == nil { value = newValue }
      delivered.store(true, ordering: .releasing)
    }
  }

  /// The value, once delivered; nil if `seconds` pass first. `seconds` must be finite and not
  /// negative (callers clamp what users give).
  ///
  /// With `spinning`, the waiter first checks for the value for up to that many nanoseconds,
  /// yielding the processor between checks, before it sleeps on the condition: for an answer
  /// that usually comes within microseconds (the main actor's, to a window's thread), which a
  /// sleeping thread would hear only after the scheduler wakes it (tens of microseconds).
  package func wait(seconds: Double, spinning: UInt64 = 0) -> Value? {
    let start = MonotonicClock.now()
    let deadline = MonotonicClock.deadline(after: MonotonicClock.nanoseconds(seconds), from: start)
    if spinning > 0 {
      let spinEnd = min(deadline, MonotonicClock.deadline(after: spinning, from: start))
      while !delivered.load(ordering: .acquiring) && MonotonicClock.now() < spinEnd { sched_yield() }
    }
    return condition.wait(until: deadline, done: { value != nil }, result: { value })
  }
}

/// A signal that something changed, for a thread that waits until a condition it reads
/// elsewhere holds, without polling: whoever changes what the condition reads calls
/// ``notify()``, and ``wait(until:seconds:)`` rechecks at each notification.
///
/// ```swift
/// let changed = ChangeSignal()
/// // on the thread that loses the selection:  owning = false; changed.notify()
/// changed.wait(until: { !owning })
/// ```
package final class ChangeSignal: @unchecked Sendable {
  // Sendable: `generation` is read and written under `condition`'s mutex.
  private var generation: UInt64 = 0
  private let condition = Condition()

  package init() {}

  /// Wakes every waiter to check its condition again.
  package func notify() {
    condition.broadcast { generation &+= 1 }
  }

  /// Waits until `isDone` holds (checked at once and after each notification), or `seconds`
  /// pass; returns whether it held. `isDone` is read outside the signal's lock, so it may take
  /// locks of its own; a notification between its check and the wait is not missed.
  @discardableResult
  package func wait(until isDone: () -> Bool, seconds: Double = .infinity) -> Bool {
    let deadline = MonotonicClock.deadline(after: MonotonicClock.nanoseconds(seconds))
    while true {
      let seen = condition.locked { generation }
      if isDone() { return true }
      guard MonotonicClock.now() < deadline else { return false }
      condition.wait(until: deadline, done: { generation != seen }, result: {})
    }
  }
}

/// Nanoseconds on `CLOCK_MONOTONIC`: the clock for deadlines and timeouts.
package enum MonotonicClock {
  /// Sleeps the calling thread for `seconds` (a signal may end the sleep early).
  /// - Parameter seconds: How long; nothing happens for zero or less.
  package static func sleep(seconds: Double) {
    guard seconds > 0 else { return }
    var time = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
    _ = nanosleep(&time, nil)
  }

  /// Now, in nanoseconds since an unspecified start.
  package static func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
  }

  /// `seconds` as nanoseconds, clamped to 0 ... about 290 years (NaN is 0).
  package static func nanoseconds(_ seconds: Double) -> UInt64 {
    guard seconds > 0 else { return 0 }
    return seconds >= 9e9 ? 9_000_000_000_000_000_000 : UInt64(seconds * 1e9)
  }

  /// The moment `nanoseconds` after `start`, saturating instead of overflowing.
  package static func deadline(after nanoseconds: UInt64, from start: UInt64 = now()) -> UInt64 {
    let (sum, overflow) = start.addingReportingOverflow(nanoseconds)
    return overflow ? .max : sum
  }

  /// A number of nanoseconds as a `timespec`.
  static func interval(_ nanoseconds: UInt64) -> timespec {
    timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
  }
}
