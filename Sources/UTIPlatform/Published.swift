import Synchronization

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// A value that is read on every query and replaced rarely: readers take no lock.
///
/// Writers publish a new value under a lock and bump a generation number. Each reading thread
/// keeps the value it last saw, with its generation, in thread-local storage; a read is one
/// atomic load of the generation and one `pthread_getspecific`, and only a thread that sees a new
/// generation takes the lock, once, to fetch the new value. Nothing is leaked: a thread's copy is
/// released when it fetches a newer one or exits.
///
/// ```swift
/// let registry = Published(UTTypeRegistry.builtIn)
/// registry.current                                  // no lock
/// registry.update { old in old.adding(declarations) } // built outside the lock, swapped in
/// ```
package final class Published<Value: AnyObject & Sendable>: Sendable {
  /// The published value; written only under its lock.
  private let value: Locked<(value: Value, generation: UInt64)>
  /// The generation of the published value, read without a lock.
  private let generation = Atomic<UInt64>(0)
  /// Each thread's last seen value: an `Unmanaged<Seen>`.
  private let key: ThreadLocalKey

  /// What one thread saw last.
  private final class Seen {
    let value: Value
    let generation: UInt64
    init(_ value: Value, _ generation: UInt64) {
      self.value = value
      self.generation = generation
    }
  }

  package init(_ initial: Value) {
    value = Locked((initial, 0))
    key = ThreadLocalKey()
  }

  /// The current value.
  /// - Complexity: O(1), without a lock unless the value changed since this thread last read it.
  package var current: Value {
    let latest = generation.load(ordering: .acquiring)
    if let pointer = key.get() {
      let seen = Unmanaged<Seen>.fromOpaque(pointer).takeUnretainedValue()
      if seen.generation == latest { return seen.value }
      Unmanaged<Seen>.fromOpaque(pointer).release()
      key.set(nil)
    }
    let (value, generation) = value.withLock { $0 }
    key.set(Unmanaged.passRetained(Seen(value, generation)).toOpaque())
    return value
  }

  /// Replaces the value with what `transform` makes of the current one. `transform` runs outside
  /// the lock, so readers and other writers are not held up while it builds; if another writer
  /// published first, `transform` runs again on that writer's value, so no update is lost.
  package func update(_ transform: (Value) -> Value) {
    var base = value.withLock { $0 }
    while true {
      let next = transform(base.value)
      let published = value.withLock { current -> Bool in
        guard current.generation == base.generation else {
          base = current
          return false
        }
        current = (next, current.generation + 1)
        generation.store(current.generation, ordering: .releasing)
        return true
      }
      if published { return }
    }
  }

  /// Replaces the value.
  package func set(_ newValue: Value) {
    value.withLock { current in
      current = (newValue, current.generation + 1)
      generation.store(current.generation, ordering: .releasing)
    }
  }
}

/// A `pthread_key_t` whose values are retained `Unmanaged` objects, released when a thread exits.
private final class ThreadLocalKey: Sendable {
  private let key: pthread_key_t

  init() {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { pointer in
      #if canImport(Darwin)
        Unmanaged<AnyObject>.fromOpaque(pointer).release()
      #else
        if let pointer { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
      #endif
    }
    precondition(status == 0, "no thread-local key is left (pthread_key_create: \(status))")
    self.key = key
  }

  func get() -> UnsafeMutableRawPointer? { pthread_getspecific(key) }
  func set(_ pointer: UnsafeMutableRawPointer?) { pthread_setspecific(key, pointer) }
}
