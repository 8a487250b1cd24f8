import UTIPlatform

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// The answers a process writes into pipes other applications read (Wayland's `send`s), all on
/// one thread that polls every pipe, so that no peer can make the process start a thread per
/// request or hold memory per request: a pipe nobody reads costs a descriptor and a small
/// record until its timeout, not a thread.
///
/// At most ``defaultLimit`` answers are in progress: when every place is taken, the answer whose
/// reader has been silent longest (a second at least) gives its place to the new one, and
/// where none has, the new one is refused (its pipe closed at once, so its reader sees an empty
/// answer rather than waiting). A flood of readers that never read so takes no place from a
/// reader that does. Bytes in memory are written straight
/// from the payload; a file's are read on the process's ``WorkPool``, as many as the pipe has
/// room for, so that a file on a stalled mount holds only its own answer and no answer holds
/// bytes its reader has not taken. A reader that leaves its pipe full (or, for a counted paste,
/// unread) for the answer's timeout is given up on, and so is one that hangs up.
package final class PipeWriters: @unchecked Sendable {
  // Sendable: `inbox` is under its lock; `limit` and the wake-up pipe's descriptors are `let`s.
  /// The process's writers, with at most ``defaultLimit`` answers in progress.
  static let shared = PipeWriters(limit: defaultLimit)
  /// The most answers the process's writers have in progress: 1,024.
  static let defaultLimit = 1024
  /// The most answers these writers have in progress.
  let limit: Int
  /// The most bytes of a file read at once: 1 MB, the size the pipe is enlarged to (each read
  /// is as large as the pipe's room, at most this).
  static let chunkSize = FileIO.pipeCapacity

  /// One answer in progress.
  struct Answer {
    let fd: Int32
    let payload: Payload
    var offset = 0
    /// Bytes of a file read and not yet all written, and how many of them were.
    var chunk: [UInt8] = []
    var written = 0
    /// Whether a chunk of the file is being read on the pool.
    var reading = false
    /// Whether a write or a chunk's read failed (the answer ends short).
    var failed = false
    let timeout: UInt64
    /// When the answer last made progress.
    var lastProgress: UInt64
    /// Wait, once every byte is written, until the reader has taken them (a counted paste).
    let untilTaken: Bool
    let done: @Sendable (Bool) -> Void
  }

  /// What the pool did with a file's next bytes: read them for the writer thread, or failed.
  enum ChunkResult {
    case read([UInt8])
    case failed
  }

  /// What the writer thread has not taken yet (new answers, chunks read for answers), and how
  /// many answers are in progress.
  struct Inbox {
    var answers: [Answer] = []
    var chunks: [(fd: Int32, result: ChunkResult)] = []
    var inProgress = 0
    var started = false
    /// The process the writer thread was started in (a forked child has none, and starts its own).
    var process = ProcessEnvironment.processID
  }

  let inbox = Locked(Inbox())
  /// The poll's wake-up: a byte written here ends the wait when an answer or a chunk arrives.
  let wake: (read: Int32, write: Int32)

  /// Writers with at most `limit` answers in progress (the process uses ``shared``).
  init(limit: Int) {
    self.limit = limit
    var fds: [Int32] = [-1, -1]
    if pipe(&fds) == 0 {
      for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
      for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    }
    wake = (fds[0], fds[1])
  }

  /// Loads the answer on the process's pool (a load may run an app's code), then writes it into
  /// `fd` and closes it; `done` hears whether every byte was written (and, `untilTaken`, read).
  /// A load that gives nothing, or a pool or writer with no room, closes the pipe at once.
  package static func serve(
    _ fd: Int32, timeout: Double, untilTaken: Bool = false, on writers: PipeWriters = .shared,
    payload: @escaping @Sendable () -> Payload?, done: @escaping @Sendable (Bool) -> Void = { _ in }
  ) {
    let accepted = WorkPool.shared.submit {
      guard let loaded = payload(), writers.add(fd, loaded, timeout: timeout, untilTaken: untilTaken, done: done) else {
        close(fd)
        return done(false)
      }
    }
    if !accepted {
      close(fd)
      done(false)
    }
  }

  /// Queues an answer for the writer thread (started at the first); false when ``limit``
  /// answers are in progress or no thread can be started.
  private func add(
    _ fd: Int32, _ payload: Payload, timeout: Double, untilTaken: Bool, done: @escaping @Sendable (Bool) -> Void
  ) -> Bool {
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    if payload.count > 1 << 16 { FileIO.enlargePipe(fd) }
    let answer = Answer(
      fd: fd, payload: payload, timeout: MonotonicClock.nanoseconds(timeout), lastProgress: MonotonicClock.now(),
      untilTaken: untilTaken, done: done)
    let (accepted, start) = inbox.withLock { inbox -> (Bool, Bool) in
      if inbox.process != ProcessEnvironment.processID { inbox = Inbox() }
      // Past the limit the writer thread makes room or refuses (``PipeWriters/makeRoom(_:)``);
      // twice the limit is the most it is handed.
      guard wake.write >= 0, inbox.inProgress < 2 * limit else { return (false, false) }
      let start = !inbox.started
      if start {
        guard let thread = WorkerThread({ [self] in run() }) else { return (false, false) }
        thread.detach()
        inbox.started = true
      }
      inbox.answers.append(answer)
      inbox.inProgress += 1
      return (true, start)
    }
    guard accepted else { return false }
    if !start { signal() }
    return true
  }

  /// The answers in progress (for the tests).
  var inProgress: Int { inbox.withLock { $0.inProgress } }

  /// Ends the writer thread's wait.
  func signal() {
    var byte: UInt8 = 1
    _ = write(wake.write, &byte, 1)
  }
}
