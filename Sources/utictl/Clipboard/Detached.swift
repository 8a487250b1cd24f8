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
/// The fork happens before any thread exists (the pasteboard's thread is started in the child),
/// so the child is a whole process. It leaves the terminal's session (`setsid`), works from `/`
/// (a directory it keeps open cannot be unmounted), closes every descriptor it inherited beyond
/// its standard streams and the ones it is told to keep (a launcher that waits for a pipe to
/// close must not wait on it, and a file it holds open stays busy), and, once it owns the
/// selection, says so through a pipe and lets its standard streams go.
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
  /// once it can be left to run. The child keeps the descriptors in `keeping` (the spools').
  /// Returns in the parent once the child is ready or has exited.
  ///
  /// In the child, `body` runs on a thread of the child's own, and the forked thread only
  /// waits: the Swift runtime keeps each thread's id for its locks (priority-inheriting futexes),
  /// and the forked thread keeps the parent's, so once the child has a second thread (the
  /// pasteboard's), a runtime lock the two contend would spin for ever (seen under
  /// ThreadSanitizer, whose slowness makes the contention likely). A new thread has its own id.
  static func run(keeping: Set<Int32> = [], _ body: @escaping (_ ready: @escaping () -> Void) -> Int32) -> Outcome {
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
      setsid()
      _ = chdir("/")
      closeInherited(keeping: keeping.union([channel[1]]))
      let ready = channel[1]
      let work = ChildWork {
        let status = body {
          _ = write(ready, "ready", 5)
          close(ready)
          let null = open("/dev/null", O_RDWR)
          if null >= 0 {
            for fd in Int32(0)...2 { dup2(null, fd) }
            if null > 2 { close(null) }
          }
        }
        // exit, not _exit: the at-exit hand-over to the clipboard manager runs (on this thread).
        exit(status)
      }
      guard WorkerThread({ work.run() }) != nil else { work.run() }
      // The forked thread waits, touching nothing of the runtime's, until the work exits.
      while true { pause() }
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

  /// The child's work, handed to the thread that runs it: the forked thread never touches it
  /// again, so nothing is shared.
  private final class ChildWork: @unchecked Sendable {
    let run: () -> Never
    init(_ run: @escaping () -> Never) { self.run = run }
  }

  /// Closes every descriptor beyond the standard streams but those in `keeping`: the ones
  /// `/proc/self/fd` lists (where it is not mounted, every one below 1024).
  private static func closeInherited(keeping: Set<Int32>) {
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
