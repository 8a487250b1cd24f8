import CSwiftUTIGTK
import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The main dispatch queue, where `@MainActor` work runs, served from GTK's main loop.
///
/// GTK's loop (`g_application_run`, `g_main_loop_run`) holds the main thread, so on Linux the
/// main queue, which Swift's main actor runs on, is drained only if something drains it: a
/// `Task { @MainActor in … }`, `DispatchQueue.main.async` and the main actor's continuations
/// would wait for ever. ``attach()`` adds one GLib source for the queue's wake-up descriptor, the
/// one CoreFoundation's run loop watches, and drains the queue there, between GTK's events.
///
/// Every entry point of this module attaches it (``GTKWidget/init(_:)-(OpaquePointer)``,
/// ``GTKPasteboard``'s), so an app need not; call it first where main-actor work must run before
/// any of them is used.
///
/// ```swift
/// GTKMainQueue.attach()
/// Task { @MainActor in print("runs while g_application_run runs") }
/// g_application_run(app, 0, nil)
/// ```
///
/// GTK's loop must run on the process's main thread, from a synchronous top level (as GTK
/// itself requires): GTK's signal handlers then run on the main actor, where this module calls
/// the delegates, as Apple calls them on the main thread.
public enum GTKMainQueue {
  /// libdispatch's hooks for a run loop, found at run time: the descriptor that becomes readable
  /// when the main queue has work, and the call that drains it.
  private struct Hooks: @unchecked Sendable {
    // Sendable: immutable: a descriptor number and a C function pointer, found once at start-up.
    let port: Int32
    let drain: @convention(c) (UnsafeMutableRawPointer?) -> Void

    static let shared: Hooks? = {
      let process = dlopen(nil, RTLD_NOW)
      guard let port = dlsym(process, "_dispatch_get_main_queue_port_4CF"),
        let drain = dlsym(process, "_dispatch_main_queue_callback_4CF")
      else { return nil }
      typealias PortFunction = @convention(c) () -> Int32
      typealias DrainFunction = @convention(c) (UnsafeMutableRawPointer?) -> Void
      return Hooks(
        port: unsafeBitCast(port, to: PortFunction.self)(), drain: unsafeBitCast(drain, to: DrainFunction.self))
    }()
  }

  /// The GLib source's id, once attached (0: not yet).
  @MainActor private static var source: guint = 0

  /// Whether the main queue is served from GTK's loop.
  @MainActor public static var isAttached: Bool { source != 0 }

  /// Serves the main dispatch queue from GTK's main loop (the default main context), once:
  /// later calls do nothing.
  ///
  /// Where libdispatch has no hooks for a run loop (not Linux's), nothing is attached and
  /// ``isAttached`` stays false.
  @MainActor public static func attach() {
    guard source == 0, let hooks = Hooks.shared else { return }
    source = g_unix_fd_add_full(
      G_PRIORITY_DEFAULT, hooks.port, G_IO_IN,
      { descriptor, _, _ in
        var count: UInt64 = 0
        _ = read(descriptor, &count, 8)  // the eventfd's count, as CoreFoundation's run loop takes it
        Hooks.shared?.drain(nil)
        return 1  // G_SOURCE_CONTINUE
      }, nil, nil)
  }
}
