#if canImport(Glibc)
  package import Glibc
#elseif canImport(Musl)
  package import Musl
#elseif canImport(Darwin)
  package import Darwin
#endif

/// A value guarded by a pthread mutex.
///
/// Used instead of `Synchronization.Mutex` because ThreadSanitizer intercepts pthread locks: with
/// `Mutex`, whose Linux implementation synchronizes through atomics the sanitizer cannot see, it
/// reports races between accesses that the lock does order. Inlinable, so that callers in other
/// modules get `withLock` specialized rather than through generic witness calls.
package final class Locked<Value> {
  @usableFromInline var value: Value
  @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

  package init(_ value: Value) {
    self.value = value
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` with the value while holding the lock.
  @inlinable
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}

/// A lock makes its value safe to share only when the value itself may cross threads.
extension Locked: @unchecked Sendable where Value: Sendable {
  // Sendable: the value is read and written only inside `withLock`, under the mutex.
}
