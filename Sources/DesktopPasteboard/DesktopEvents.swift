import Foundation
import SystemPasteboard
import UTIPlatform

/// Where a window's desktop events run: the XDND messages or `wl_data_device` events of drags
/// over it, its presses, the requests for the data it drags.
///
/// By default a window has a thread of its own, and hands each drag event to its drop surface
/// on the main actor by posting, going on meanwhile. With ``mainThread`` the events run on the
/// main thread instead, served from the main dispatch queue as `NSApplication.run()` and
/// `gtk_main()` serve their windows: a drag event reaches the main-actor delegates with no hop
/// and is answered at once. The main queue must be running: an `async` top-level program or
/// `@main` type (Swift's main actor runs it), `dispatchMain()`, or `RunLoop.main.run()`.
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
/// so "the main thread" is told by the queue, not by the thread.
enum MainQueue {
  private static let key: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  /// Whether the caller runs on the main queue (the main actor's work included).
  static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }

  /// ``isCurrent`` as the check a loop driven from the main queue asks at every call
  /// (`EventLoop.inEventLoop`, several times per drag event): one closure for every window,
  /// declared outside any actor, so that it carries no isolation of the main-actor initializer
  /// that would otherwise write it.
  static let isCurrentCheck: @Sendable () -> Bool = { isCurrent }
}

/// Serves a loop that has no thread of its own from the main dispatch queue: a read source on
/// each of its descriptors and a timer for its deadlines (a quarter of a second apart), each
/// calling `serve` on the main thread, until `serve` says the loop has ended (a connection at its
/// end stays readable: the sources stop then, rather than fire without end).
final class MainQueueDriver: @unchecked Sendable {
  private let sources: [any DispatchSourceProtocol]
  private let stopped = Locked(false)

  /// Whether the driver still serves its loop.
  var isServing: Bool { !stopped.withLock { $0 } }

  /// Starts serving `descriptors` with `serve`, which returns whether the loop goes on.
  /// - Throws: `SystemPasteboardError` (`.request`) off the main thread.
  init(descriptors: [Int32], serve: @escaping @Sendable () -> Bool) throws(SystemPasteboardError) {
    var sources: [any DispatchSourceProtocol] = descriptors.map { descriptor in
      DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .main)
    }
    let timer = DispatchSource.makeTimerSource(queue: .main)
    timer.schedule(deadline: .now() + .milliseconds(250), repeating: .milliseconds(250))
    sources.append(timer)
    self.sources = sources
    for source in sources {
      source.setEventHandler { [weak self] in
        if !serve() { self?.cancel() }
      }
      source.resume()
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
    let first = stopped.withLock { stopped in
      defer { stopped = true }
      return !stopped
    }
    guard first else { return }
    for source in sources { source.cancel() }
  }

  deinit { cancel() }
}
