import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension ItemProvider {
  /// How long the synchronous pasteboard conveniences wait when ``loadTimeout`` is nil.
  static let defaultSynchronousTimeout = 10.0

  /// Runs a load that `start` begins inline and waits for its result: at most ``loadTimeout``
  /// (or 10 s) for handlers that complete on another thread. On timeout the load is cancelled
  /// and the result is nil.
  func synchronously<Value: Sendable>(
    _ start: (@escaping @Sendable (Result<Value, any Error>) -> Void) -> Progress
  ) -> Result<Value, any Error>? {
    let waiter = Waiter<Result<Value, any Error>>()
    let progress = start { waiter.deliver($0) }
    let result = waiter.wait(seconds: loadTimeout ?? Self.defaultSynchronousTimeout)
    if result == nil { progress.cancel() }
    return result
  }
}

/// A one-shot value that a thread can wait for, on a pthread condition.
final class Waiter<Value: Sendable>: @unchecked Sendable {
  private var value: Value?
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  init() {
    mutex.initialize(to: pthread_mutex_t())
    condition.initialize(to: pthread_cond_t())
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  /// Stores the value (the first one wins) and wakes the waiter.
  func deliver(_ newValue: Value) {
    pthread_mutex_lock(mutex)
    if value == nil { value = newValue }
    pthread_cond_broadcast(condition)
    pthread_mutex_unlock(mutex)
  }

  /// The value, once delivered; nil if `seconds` pass first.
  func wait(seconds: Double) -> Value? {
    let seconds = seconds.isNaN ? 0 : min(max(seconds, 0), ItemProvider.longestTimeout)
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let whole = Int(seconds)
    var nanoseconds = now.tv_nsec + Int((seconds - Double(whole)) * 1_000_000_000)
    var deadline = now
    deadline.tv_sec += whole + nanoseconds / 1_000_000_000
    nanoseconds %= 1_000_000_000
    deadline.tv_nsec = nanoseconds
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while value == nil {
      if pthread_cond_timedwait(condition, mutex, &deadline) == ETIMEDOUT { break }
    }
    return value
  }
}
