import UTIPlatform

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// A server forked from this process to serve a copy after the command returns, as `xclip -i`
/// and `wl-copy` fork theirs: no second start-up, and the spool and the parsed declarations are
/// the child's already.
///
/// Where the backend can own a selection without a thread (X11, Wayland's data-control), this
/// process owns it first, on its one thread, and forks the child that serves it, returning at
/// once (``serve(_:)``), as `xclip -i` does: the command's time is its own work, and the child's
/// start (its thread, its copy-on-write faults) runs beside the next command instead of before it.
/// Where owning needs threads (Wayland's focused window), the child owns and says when it does
/// (``run(_:)``).
///
/// Either way the fork happens before any thread exists (the pasteboard's thread is started in
/// the child), so the child is a whole process. It leaves the terminal's session (`setsid`),
/// works from `/` (a directory it keeps open cannot be unmounted), holds no descriptor it
/// inherited beyond its standard streams and the ones it serves from (a launcher that waits for
/// a pipe to close must not wait on it, and a file it holds open stays busy), and, once it owns
/// the selection, lets its standard streams go.
enum Detached {
  /// How the child fared.
  enum Outcome: Equatable {
    /// The child owns the selection and serves it.
    case ready
    /// The child exited before it was ready, with this status (its message on standard error).
    case exited(Int32)
    /// No child could be started.
    case failed(String)
  }

  /// Forks a child that runs `body` and exits with what it returns; `body` calls its argument
  /// once it can be left to run. The child keeps every descriptor this process has but the end
  /// of its pipe to the parent: close the inherited ones with ``closeInherited(keeping:)``
  /// first. Returns in the parent once the child is ready or has exited.
  ///
  /// In the child, `body` runs on a thread of the child's own, and the forked thread only
  /// waits: the Swift runtime keeps each thread's id for its locks (priority-inheriting futexes),
  /// and the forked thread keeps the parent's, so once the child has a second thread (the
  /// pasteboard's), a runtime lock the two contend would spin for ever (seen under
  /// ThreadSanitizer, whose slowness makes the contention likely). A new thread has its own id.
  static func run(_ body: @escaping (_ ready: @escaping () -> Void) -> Int32) -> Outcome {
    var channel: [Int32] = [0, 0]
    guard pipe(&channel) == 0 else { return .failed(FileIO.reason(errno)) }
    let pid = fork()
    if pid < 0 {
      close(channel[0])
      close(channel[1])
      return .failed(FileIO.reason(errno))
    }
    if pid == 0 {
      close(channel[0])
      leaveSession()
      let ready = channel[1]
      runChild {
        body {
          _ = write(ready, "ready", 5)
          close(ready)
          releaseStandardStreams()
        }
      }
    }
    close(channel[1])
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16)
    while received.count < 5 {
      let count = read(channel[0], &buffer, buffer.count)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      received += buffer[..<count]
    }
    close(channel[0])
    if received.starts(with: Array("ready".utf8)) { return .ready }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return .exited(status & 0x7F == 0 ? (status >> 8) & 0xFF : 2)
  }

  /// Forks a child that serves what this process owns already, running `body` and exiting with
  /// what it returns; returns in the parent at once. The child keeps every descriptor this
  /// process has (close the inherited ones with ``closeInherited(keeping:)`` before connecting)
  /// but its standard streams, which it lets go at once: the parent has reported.
  static func serve(_ body: @escaping () -> Int32) -> Outcome {
    let pid = fork()
    if pid < 0 { return .failed(FileIO.reason(errno)) }
    if pid == 0 {
      leaveSession()
      releaseStandardStreams()
      runChild(body)
    }
    return .ready
  }

  /// The child leaves the terminal's session and works from `/`.
  private static func leaveSession() {
    setsid()
    _ = chdir("/")
  }

  /// The child's standard streams become `/dev/null`: a pipe the launcher reads closes.
  private static func releaseStandardStreams() {
    let null = open("/dev/null", O_RDWR)
    guard null >= 0 else { return }
    for fd in Int32(0)...2 { dup2(null, fd) }
    if null > 2 { close(null) }
  }

  /// Runs `body` on a thread of the child's own and exits with its status, as `run` says why;
  /// the forked thread waits, touching nothing of the runtime's, until the work exits.
  private static func runChild(_ body: @escaping () -> Int32) -> Never {
    // exit, not _exit: the at-exit hand-over to the clipboard manager runs (on the work's thread).
    let work = ChildWork { exit(body()) }
    guard WorkerThread({ work.run() }) != nil else { work.run() }
    while true { pause() }
  }

  /// The child's work, handed to the thread that runs it: the forked thread never touches it
  /// again, so nothing is shared.
  private final class ChildWork: @unchecked Sendable {
    // Sendable: handed once to the thread that runs it; the forked thread that made it never touches it
    // again.
    let run: () -> Never
    init(_ run: @escaping () -> Never) { self.run = run }
  }

  /// Closes every descriptor beyond the standard streams but those in `keeping`: the ones
  /// `/proc/self/fd` lists (where it is not mounted, every one below 1024).
  static func closeInherited(keeping: [Int32]) {
    var open: [Int32] = []
    if let directory = opendir("/proc/self/fd") {
      while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if let fd = Int32(name) { open.append(fd) }
      }
      let own = dirfd(directory)
      closedir(directory)
      open.removeAll { $0 == own }
    } else {
      open = Array(0..<1024)
    }
    for fd in open where fd > 2 && !keeping.contains(fd) { close(fd) }
  }
}
