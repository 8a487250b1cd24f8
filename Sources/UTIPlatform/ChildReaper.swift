#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// Reaps the children a process launches and does not wait for (applications it opens), so
/// that none is left a zombie, on one thread for all of them: it runs while any is watched,
/// asking each every half second whether it has ended (`waitpid` with `WNOHANG`, each pid its
/// own, so that no other child of the process is taken), and ends when none is left.
///
/// ```swift
/// let (pid, status) = ProcessSpawn.spawn(program, arguments, newSession: true)
/// if status == 0 { ChildReaper.shared.watch(pid) }
/// ```
package final class ChildReaper: Sendable {
  /// The process's reaper.
  package static let shared = ChildReaper()

  /// The children watched, and whether the thread runs.
  private let state = Locked<(children: [Int32], running: Bool)>(([], false))

  /// Reaps `pid` once it ends (starting the thread if it is not running). A child that cannot
  /// be watched, for want of a thread, is reaped at the next watch.
  package func watch(_ pid: Int32) {
    let start = state.withLock { state -> Bool in
      state.children.append(pid)
      defer { state.running = true }
      return !state.running
    }
    guard start else { return }
    if let thread = WorkerThread({ [self] in run() }) {
      thread.detach()
    } else {
      state.withLock { $0.running = false }
    }
  }

  private func run() {
    while true {
      let watched = state.withLock { $0.children }
      var ended = Set<Int32>()
      for pid in watched {
        var code: Int32 = 0
        let result = waitpid(pid, &code, WNOHANG)
        // Ended (reaped now), or not a child any more (reaped elsewhere): no longer watched.
        if result == pid || (result < 0 && errno == ECHILD) { ended.insert(pid) }
      }
      let done = state.withLock { state -> Bool in
        state.children.removeAll { ended.contains($0) }
        if state.children.isEmpty { state.running = false }
        return !state.running
      }
      if done { return }
      usleep(500_000)
    }
  }
}
