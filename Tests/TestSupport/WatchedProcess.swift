import Foundation

/// A peer process started under a watchdog shell that kills it (or its process group) when its
/// lifeline, the shell's standard input, closes: on ``stop()``, on release, or when the test
/// process ends in any way. What the X server, the compositors and the session bus share.
final class WatchedProcess: @unchecked Sendable {
  /// The watchdog shell's pid.
  let pid: pid_t
  private let lifeline: Int32
  private let stopped = NSLock()
  private var isStopped = false

  /// The watchdog `pid`, holding the read end of the pipe whose write end is `lifeline`.
  init(pid: pid_t, lifeline: Int32) {
    self.pid = pid
    self.lifeline = lifeline
  }

  deinit { stop() }

  /// Closes the lifeline (the watchdog kills what it watches) and waits until the watchdog is
  /// gone; once.
  func stop() {
    stopped.lock()
    defer { stopped.unlock() }
    guard !isStopped else { return }
    isStopped = true
    close(lifeline)
    var exit: Int32 = 0
    waitpid(pid, &exit, 0)
  }
}
