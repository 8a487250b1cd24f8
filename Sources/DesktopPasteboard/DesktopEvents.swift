import Foundation
import SystemPasteboardCore
import UTIPlatform

/// Where a window's desktop events run: the XDND messages or `wl_data_device` events of drags
/// over it, its presses, the requests for the data it drags.
///
/// By default a window has a thread of its own, and hands each drag event to its drop surface
/// on the main actor by posting, going on meanwhile. With ``mainThread`` the events run on the
/// main thread instead, served from the main dispatch queue as `NSApplication.run()` and
/// `gtk_main()` serve their windows: a drag event reaches the main-actor delegates with no hop
/// and is answered at once. The main queue must be running: an `async` top-level program or
/// `@main` type (Swift's main actor runs it), `dispatchMain()`, or `RunLoop.main.run()`; or
/// ``run()`` takes the main thread and reads the windows' sockets itself, one thread woken per
/// event instead of libdispatch's two.
///
/// ```swift
/// // main.swift of an async program: the window's events run between the main actor's work.
/// let window = try makeWindow(title: "PointyBug", events: .mainThread)
/// try window.acceptDrops(into: surface)
/// for await press in window.buttonPresses { … }
/// ```
public enum DesktopEvents: Sendable, Hashable {
  /// On a thread of the window's own (the default).
  case ownThread
  /// On the main thread, from the main dispatch queue; the window is made on the main thread.
  case mainThread
}

/// The main dispatch queue, where the main actor runs: on Linux, once `dispatchMain()` (or an
/// `async` main) runs it, a thread of the pool serves it rather than the process's first thread,
/// so "the main thread" is told by the queue, not by the thread; while ``DesktopEvents/run()``
/// runs, it is the thread that runs it (which drains the queue and serves the windows itself).
enum MainQueue {
  private static let key: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  /// Whether the caller runs where the main actor's work runs: on the main queue, or on the
  /// thread ``DesktopEvents/run()`` runs.
  static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true || MainThreadRunner.isCurrent }

  /// ``isCurrent`` as the check a loop driven from the main queue asks at every call
  /// (`EventLoop.inEventLoop`, several times per drag event): one closure for every window,
  /// declared outside any actor, so that it carries no isolation of the main-actor initializer
  /// that would otherwise write it.
  static let isCurrentCheck: @Sendable () -> Bool = { isCurrent }
}

/// Serves a loop that has no thread of its own from the main dispatch queue: a read source on
/// each of its descriptors and a timer set, after every serving, to the loop's next scheduled
/// task (none set while it has none: no wake-up for nothing), each calling `serve` on the main
/// thread, until `serve` says the loop has ended (a connection at its end stays readable: the
/// sources stop then, rather than fire without end). While ``DesktopEvents/run()`` runs the
/// main thread, it serves the descriptors and the deadlines itself, without the sources.
final class MainQueueDriver: @unchecked Sendable {
  // Sendable: `state` (the dispatch sources, not `Sendable` themselves) is under its lock; the rest is `let`s
  // of `Sendable` values.
  /// The loop's descriptors, whose readiness calls for ``serveOnce()``.
  let descriptors: [Int32]
  private let serve: @Sendable () -> Bool
  private let deadline: @Sendable () -> UInt64
  /// The sources while they serve (none while the runner does), the deadlines' timer among
  /// them, and whether the driver ended.
  private let state = Locked(
    (sources: [any DispatchSourceProtocol](), timer: DispatchSourceTimer?.none, stopped: false, servings: 0))

  /// Whether the driver still serves its loop.
  var isServing: Bool { !state.withLock { $0.stopped } }

  /// When (``MonotonicClock``) the loop's next scheduled task is due; `.max` when none is.
  var nextDeadline: UInt64 { deadline() }

  /// How many times the driver has served its loop (the tests' count of wake-ups).
  var servings: Int { state.withLock { $0.servings } }

  /// Starts serving `descriptors` with `serve`, which returns whether the loop goes on, and at
  /// `deadline()`, the loop's next scheduled task (`.max`: none).
  /// - Throws: `SystemPasteboardError` (`.request`) off the main thread.
  init(
    descriptors: [Int32], serve: @escaping @Sendable () -> Bool, deadline: @escaping @Sendable () -> UInt64
  ) throws(SystemPasteboardError) {
    self.descriptors = descriptors
    self.serve = serve
    self.deadline = deadline
    MainThreadRunner.add(self)
  }

  /// Serves what is ready and what is due, then sets the timer to the next task; a loop that
  /// ended stops the driver.
  func serveOnce() {
    state.withLock { $0.servings += 1 }
    guard serve() else { return cancel() }
    guard let timer = state.withLock({ $0.timer }) else { return }
    Self.set(timer, to: deadline())
  }

  /// Sets `timer` to fire once at `deadline` (never, for `.max`).
  private static func set(_ timer: DispatchSourceTimer, to deadline: UInt64) {
    guard deadline != .max else { return timer.schedule(deadline: .distantFuture, repeating: .never) }
    let now = MonotonicClock.now()
    let delay = deadline > now ? Int(clamping: deadline - now) : 0
    timer.schedule(deadline: .now() + .nanoseconds(delay), repeating: .never, leeway: .milliseconds(1))
  }

  /// Serves from the main queue: a read source on each descriptor and the deadlines' timer (the
  /// runner calls it when it stops, and for a driver made while it does not run).
  ///
  /// Each read source watches a duplicate of its descriptor, closed when the source is cancelled:
  /// libdispatch requires a source's descriptor to stay open until the source is cancelled, and
  /// the loop closes its socket when it ends, before its driver hears so; a number closed under
  /// a live source and reused by the next connection made another window's source go silent.
  func startSources() {
    var sources: [any DispatchSourceProtocol] = descriptors.map { descriptor in
      let duplicate = dup(descriptor)
      let source = DispatchSource.makeReadSource(fileDescriptor: duplicate >= 0 ? duplicate : descriptor, queue: .main)
      if duplicate >= 0 { source.setCancelHandler { _ = close(duplicate) } }
      return source
    }
    let timer = DispatchSource.makeTimerSource(queue: .main)
    Self.set(timer, to: deadline())
    sources.append(timer)
    for source in sources {
      source.setEventHandler { [weak self] in self?.serveOnce() }
    }
    let started = state.withLock { state -> Bool in
      guard !state.stopped, state.sources.isEmpty else { return false }
      state.sources = sources
      state.timer = timer
      return true
    }
    if started { for source in sources { source.resume() } }
  }

  /// Stops the sources while the runner serves the descriptors itself.
  func stopSources() {
    for source in state.withLock({ state in
      defer { (state.sources, state.timer) = ([], nil) }
      return state.sources
    }) {
      source.cancel()
    }
  }

  /// Checks that a window whose events run on the main thread is made there.
  /// - Throws: `SystemPasteboardError` (`.request`) off the main thread.
  static func checkMainThread() throws(SystemPasteboardError) {
    guard MainQueue.isCurrent else {
      throw SystemPasteboardError(.request, "a window whose events run on the main thread must be made on it")
    }
  }

  /// Stops serving (before the descriptors are closed).
  func cancel() {
    let first = state.withLock { state in
      defer { state.stopped = true }
      return !state.stopped
    }
    guard first else { return }
    MainThreadRunner.remove(self)
    stopSources()
  }

  deinit { cancel() }
}
