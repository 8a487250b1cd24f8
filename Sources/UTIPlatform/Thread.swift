#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// A started POSIX thread running a closure, joined by its owner.
///
/// A plain pthread rather than a task: creating and joining it orders memory in a way
/// ThreadSanitizer sees, and the work never waits for a slot in Swift's cooperative pool. The
/// handle and the start routine differ by C library (Glibc's `pthread_t` is an integer, Musl's and
/// Darwin's a pointer; Darwin's start routine takes a non-optional argument), as swift-nio's
/// `ThreadPosix` spells them out.
package final class WorkerThread: @unchecked Sendable {
  // Sendable: `handle` is written by `pthread_create` in `init`, before the value is shared; `body` is a
  // `let`.
  #if canImport(Glibc)
    private var handle = pthread_t()
  #else
    private var handle: pthread_t?
  #endif
  private let body: @Sendable () -> Void

  /// Starts `body` on a new thread, or returns nil when no thread can be created.
  package init?(_ body: @escaping @Sendable () -> Void) {
    self.body = body
    let context = Unmanaged.passRetained(self).toOpaque()
    #if canImport(Darwin)
      let status = pthread_create(
        &handle, nil,
        { context in
          Unmanaged<WorkerThread>.fromOpaque(context).takeRetainedValue().body()
          return nil
        }, context)
    #else
      let status = pthread_create(
        &handle, nil,
        { context in
          Unmanaged<WorkerThread>.fromOpaque(context!).takeRetainedValue().body()
          return nil
        }, context)
    #endif
    if status != 0 {
      Unmanaged<WorkerThread>.fromOpaque(context).release()
      return nil
    }
  }

  /// Whether the caller runs on this thread (which must not join itself).
  package var isCurrent: Bool {
    #if canImport(Glibc)
      pthread_equal(pthread_self(), handle) != 0
    #else
      handle.map { pthread_equal(pthread_self(), $0) != 0 } ?? false
    #endif
  }

  /// Lets the thread's resources go when it finishes, without anyone joining it (a thread that
  /// ends on its own, such as an event loop whose connection was lost). After this, nobody may
  /// join it.
  package func detach() {
    #if canImport(Glibc)
      pthread_detach(handle)
    #else
      if let handle { pthread_detach(handle) }
    #endif
  }

  /// Waits for the thread to finish.
  package func join() {
    #if canImport(Glibc)
      pthread_join(handle, nil)
    #else
      if let handle { pthread_join(handle, nil) }
    #endif
  }
}

/// Work started on another thread, whose result the caller waits for.
package final class ParallelTask<Result: Sendable>: @unchecked Sendable {
  // Sendable: the box is written by the thread alone and read only after joining it (the join orders the
  // write before).
  private let work: @Sendable () -> Result
  private let thread: WorkerThread?
  private let box: ResultBox<Result>

  /// Starts `work` on a new thread (or, when none can be started, leaves it for ``wait()``).
  package init(_ work: @escaping @Sendable () -> Result) {
    self.work = work
    let box = ResultBox<Result>()
    thread = WorkerThread { box.value = work() }
    self.box = box
  }

  /// The result, computed on this thread if no thread could be started.
  package func wait() -> Result {
    thread?.join()
    return box.value ?? work()
  }
}

/// Where a worker thread leaves its result; read only after joining it.
private final class ResultBox<Value>: @unchecked Sendable {
  // Sendable: written once by the worker thread, read only after joining it.
  var value: Value?
}

extension WorkerThread {
  /// Names the calling thread `name` (at most 15 bytes on Linux; longer is cut), as `top -H`,
  /// `gdb` and `/proc/self/task/*/comm` show it. (Linux: written to `/proc/thread-self/comm`,
  /// since Glibc's `pthread_setname_np` is a GNU extension Swift's module does not import.)
  package static func nameCurrent(_ name: String) {
    #if canImport(Darwin)
      _ = pthread_setname_np(name)
    #else
      guard let file = fopen("/proc/thread-self/comm", "w") else { return }
      _ = fputs(String(decoding: name.utf8.prefix(15), as: UTF8.self), file)
      _ = fclose(file)
    #endif
  }

  /// The calling thread's name ("" when it has none, or it cannot be read).
  package static var currentName: String {
    var buffer = [CChar](repeating: 0, count: 64)
    #if canImport(Darwin)
      guard pthread_getname_np(pthread_self(), &buffer, buffer.count) == 0 else { return "" }
    #else
      guard let file = fopen("/proc/thread-self/comm", "r") else { return "" }
      defer { _ = fclose(file) }
      guard fgets(&buffer, Int32(buffer.count), file) != nil else { return "" }
    #endif
    let bytes = buffer.prefix { $0 != 0 && $0 != 10 }.map { UInt8(bitPattern: $0) }
    return String(decoding: bytes, as: UTF8.self)
  }
}
