import CSwiftUTIGTK

/// GTK's thread (the main thread, where GTK's loop runs and the main actor's work is served):
/// closures posted to it from any thread, and callbacks that arrive on it.
enum GTKThread {
  /// A closure waiting for GTK's loop.
  private final class Pending: Sendable {
    let body: @MainActor @Sendable () -> Void
    init(_ body: @escaping @MainActor @Sendable () -> Void) { self.body = body }
  }

  /// Runs `body` on GTK's thread: at once where the caller is on it, else at the loop's next
  /// turn (`g_main_context_invoke`, safe from any thread).
  static func run(_ body: @escaping @MainActor @Sendable () -> Void) {
    let pending = Unmanaged.passRetained(Pending(body)).toOpaque()
    g_main_context_invoke_full(
      nil, G_PRIORITY_DEFAULT,
      { data in
        let pending = Unmanaged<Pending>.fromOpaque(data!).takeUnretainedValue()
        MainActor.assumeIsolated { pending.body() }
        return 0  // G_SOURCE_REMOVE
      }, pending, { data in Unmanaged<Pending>.fromOpaque(data!).release() })
  }

  /// Runs `body` once, on GTK's thread, after `milliseconds`; returns the source's id, which
  /// ``cancel(_:)`` takes.
  @MainActor
  static func after(milliseconds: UInt32, _ body: @escaping @MainActor @Sendable () -> Void) -> guint {
    let pending = Unmanaged.passRetained(Pending(body)).toOpaque()
    return g_timeout_add_full(
      G_PRIORITY_DEFAULT, milliseconds,
      { data in
        let pending = Unmanaged<Pending>.fromOpaque(data!).takeUnretainedValue()
        MainActor.assumeIsolated { pending.body() }
        return 0
      }, pending, { data in Unmanaged<Pending>.fromOpaque(data!).release() })
  }

  /// Removes a source ``after(milliseconds:_:)`` made, if it has not run yet.
  @MainActor
  static func cancel(_ source: guint) {
    if source != 0 { g_source_remove(source) }
  }
}
