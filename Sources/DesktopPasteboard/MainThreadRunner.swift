import Foundation
import SystemPasteboardCore
import UTIPlatform

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#endif

extension DesktopEvents {
  /// Runs the main thread until ``stop()``, as `NSApplication.run()` and `gtk_main()` do: the
  /// windows made with ``mainThread`` are served where their sockets are read, and the main
  /// dispatch queue (the main actor's work) between them.
  ///
  /// Without it, such windows are served from the main dispatch queue, and each of their events
  /// wakes libdispatch's event thread and then the main queue's; here one thread wakes, as in
  /// GTK's main loop. Call it on the process's main thread from a program whose top level does
  /// not `await` (an `async` main gives the main queue to other threads): start the work that
  /// awaits in a `Task`, which runs on the main actor while this runs.
  ///
  /// ```swift
  /// // main.swift
  /// let window = try makeWindow(title: "PointyBug", events: .mainThread)
  /// try window.acceptDrops(into: surface)
  /// Task {
  ///   for await press in window.buttonPresses { … }
  ///   DesktopEvents.stop()
  /// }
  /// try DesktopEvents.run()
  /// ```
  ///
  /// `RunLoop.main`'s own timers and sources are not served meanwhile; the main queue's work
  /// (`DispatchQueue.main`, `Task { @MainActor … }`) is.
  /// - Throws: `SystemPasteboardError`: `.request` off the main thread or while it runs already,
  ///   `.unsupported` where libdispatch lacks the hooks for a run loop.
  @MainActor
  public static func run() throws(SystemPasteboardError) {
    try MainThreadRunner.run()
  }

  /// Ends ``run()`` once what it is doing now is done; from any thread.
  public static func stop() {
    MainThreadRunner.stop()
  }
}

/// What ``DesktopEvents/run()`` runs: one `poll` over the main-thread windows' descriptors and
/// the main dispatch queue's wake-up port; a window is served where its socket is read, the main
/// queue drained through libdispatch's hooks for a run loop (the ones CoreFoundation's run loop
/// uses, found at run time).
enum MainThreadRunner {
  /// libdispatch's hooks for a run loop: the eventfd that becomes readable when the main queue
  /// has work, and the call that drains it.
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

  /// A window's driver, held weakly: one released is cancelled, and so removed.
  struct Served {
    weak var driver: MainQueueDriver?
  }

  private static let state = Locked(State())

  private struct State {
    var served: [ObjectIdentifier: Served] = [:]
    /// The thread ``run()`` runs on, while it does.
    var running: pthread_t?
    var stopping = false
  }

  /// Whether the calling thread is the one ``run()`` runs on.
  static var isCurrent: Bool {
    guard let running = state.withLock({ $0.running }) else { return false }
    return pthread_equal(running, pthread_self()) != 0
  }

  /// Registers a driver: served by the runner while it runs (woken, so that its next `poll`
  /// watches the new descriptors), by its sources otherwise.
  static func add(_ driver: MainQueueDriver) {
    let running = state.withLock { state -> Bool in
      state.served[ObjectIdentifier(driver)] = Served(driver: driver)
      return state.running != nil
    }
    if running { DispatchQueue.main.async {} } else { driver.startSources() }
  }

  static func remove(_ driver: MainQueueDriver) {
    state.withLock { _ = $0.served.removeValue(forKey: ObjectIdentifier(driver)) }
  }

  static func run() throws(SystemPasteboardError) {
    guard let hooks = Hooks.shared else {
      throw SystemPasteboardError(.unsupported, "this libdispatch has no hooks for a run loop")
    }
    let drivers = state.withLock { state -> [MainQueueDriver]? in
      guard state.running == nil, Thread.isMainThread else { return nil }
      state.running = pthread_self()
      state.stopping = false
      return state.served.values.compactMap(\.driver)
    }
    guard let drivers else {
      throw SystemPasteboardError(.request, "DesktopEvents.run() runs on the main thread, once at a time")
    }
    for driver in drivers { driver.stopSources() }
    defer {
      let drivers = state.withLock { state in
        state.running = nil
        return state.served.values.compactMap(\.driver)
      }
      for driver in drivers { driver.startSources() }
    }
    while !state.withLock({ $0.stopping }) {
      let served = serveReady(hooks)
      // The loops' scheduled tasks (a drag's overdue answer) when they are due.
      let now = MonotonicClock.now()
      for driver in served where driver.nextDeadline <= now { driver.serveOnce() }
    }
  }

  /// Waits for a descriptor to be readable or the earliest of the loops' next tasks to be due
  /// (with neither, until something arrives) and serves what is readable: the main queue's
  /// work, and each window whose socket is readable.
  private static func serveReady(_ hooks: Hooks) -> [MainQueueDriver] {
    let served = state.withLock { $0.served.values.compactMap(\.driver) }
    let earliest = served.map(\.nextDeadline).min() ?? .max
    let now = MonotonicClock.now()
    // Milliseconds, rounded up (a task is never served before it is due); -1: no limit.
    let timeout =
      earliest == .max ? -1 : earliest <= now ? 0 : Int32(clamping: (earliest - now + 999_999) / 1_000_000)
    var descriptors = [pollfd(fd: hooks.port, events: Int16(POLLIN), revents: 0)]
    var owners = [-1]
    for (index, driver) in served.enumerated() {
      for fd in driver.descriptors {
        descriptors.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0))
        owners.append(index)
      }
    }
    guard poll(&descriptors, nfds_t(descriptors.count), timeout) > 0 else { return served }
    var done = Set<Int>()
    for (slot, descriptor) in descriptors.enumerated() where descriptor.revents != 0 {
      if slot == 0 {
        var value: UInt64 = 0
        _ = read(hooks.port, &value, 8)  // the eventfd's count, as CoreFoundation's run loop takes it
        hooks.drain(nil)
      } else if done.insert(owners[slot]).inserted {
        served[owners[slot]].serveOnce()  // one that ended is cancelled: its socket stays readable at its end
      }
    }
    return served
  }

  static func stop() {
    state.withLock { $0.stopping = true }
    DispatchQueue.main.async {}  // wakes the poll
  }
}
