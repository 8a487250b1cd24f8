import UTIPlatform

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

extension PipeWriters {
  /// The writer thread: polls the pipes that have bytes to write (and those whose counted paste
  /// waits to be read), writes what each takes without waiting, has files' next chunks read on
  /// the pool, and gives up on readers that stay silent past their timeout or hang up.
  ///
  /// The thread blocks `SIGPIPE` for itself, so that a reader that hangs up gives `EPIPE` here
  /// instead of killing the process, without the library changing the process's dispositions.
  func run() {
    var blocked = sigset_t()
    sigemptyset(&blocked)
    sigaddset(&blocked, SIGPIPE)
    pthread_sigmask(SIG_BLOCK, &blocked, nil)
    var answers: [Answer] = []
    var round = 0
    while true {
      take(into: &answers)
      makeRoom(&answers, signals: blocked)
      // A file's answer that needs its next bytes waits for room only while a read may start
      // (a chunk that arrives frees a place and wakes the poll); the places go to the pipes
      // that have room, from a point that moves on each round, so that none waits for ever.
      var reads = Self.readLimit - answers.count { $0.reading }
      var descriptors = [pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
      for answer in answers {
        let wanted = answer.isWaitingForRoom && (reads > 0 || !answer.needsChunk)
        descriptors.append(pollfd(fd: answer.fd, events: wanted ? Int16(POLLOUT) : 0, revents: 0))
      }
      _ = poll(&descriptors, nfds_t(descriptors.count), waitMilliseconds(answers))
      var byte: UInt8 = 0
      while read(wake.read, &byte, 1) > 0 {}
      let now = MonotonicClock.now()
      round &+= 1
      for step in answers.indices.reversed() {
        let index = (step + round) % answers.count
        if descriptors[index + 1].revents & Int16(POLLOUT) != 0 { write(&answers[index], reads: &reads) }
      }
      for index in answers.indices.reversed() {
        let events = descriptors[index + 1].revents
        if let outcome = outcome(of: answers[index], events: events, now: now) {
          finish(answers.remove(at: index), outcome, signals: blocked)
        }
      }
    }
  }

  /// New answers, and the chunks the pool read for those in progress.
  private func take(into answers: inout [Answer]) {
    let (new, chunks) = inbox.withLock { inbox in
      defer { (inbox.answers, inbox.chunks) = ([], []) }
      return (inbox.answers, inbox.chunks)
    }
    answers += new
    for (fd, result) in chunks {
      guard let index = answers.firstIndex(where: { $0.fd == fd }) else { continue }
      answers[index].reading = false
      switch result {
      case .read(let chunk):
        answers[index].chunk = chunk
        answers[index].written = 0
        answers[index].lastProgress = MonotonicClock.now()
      case .failed:
        // Bytes that could not be read end the answer short: its reader sees a failure.
        answers[index].failed = true
      }
    }
  }

  /// Keeps at most ``limit`` answers: past it, those whose readers have been silent longest (a
  /// second at least) give their places, oldest silence first; where too few have, the newest
  /// answers are refused.
  private func makeRoom(_ answers: inout [Answer], signals: sigset_t) {
    guard answers.count > limit else { return }
    let now = MonotonicClock.now()
    let silent = answers.indices.filter { now >= answers[$0].lastProgress + 1_000_000_000 }
      .sorted { answers[$0].lastProgress < answers[$1].lastProgress }
    var excess = answers.count - limit
    var ending = Set(silent.prefix(excess))
    excess -= ending.count
    if excess > 0 { ending.formUnion(answers.indices.suffix(excess)) }
    for index in ending.sorted(by: >) { finish(answers.remove(at: index), false, signals: signals) }
  }

  /// How long the poll may wait: until the first answer's timeout, 10 ms while a counted paste
  /// waits to be read (a drained pipe tells no one), at most a second.
  private func waitMilliseconds(_ answers: [Answer]) -> Int32 {
    let now = MonotonicClock.now()
    var wait: UInt64 = 1_000_000_000
    for answer in answers {
      if answer.isWaitingToBeTaken { wait = min(wait, 10_000_000) }
      let due = answer.lastProgress + answer.timeout
      wait = min(wait, due > now ? due - now : 0)
    }
    return Int32(wait / 1_000_000) + 1
  }

  /// Writes what the pipe takes now: bytes straight from the payload, a file's from its chunk
  /// (the next chunk asked of the pool once this one is written).
  private func write(_ answer: inout Answer, reads: inout Int) {
    var budget = 1 << 20  // per round, so that one fast reader does not hold up the others
    while budget > 0, answer.isWaitingForRoom {
      var count: Int
      if let direct = answer.payload.write(to: answer.fd, at: answer.offset, length: budget) {
        count = direct
      } else if answer.written < answer.chunk.count {
        count = answer.chunk.withUnsafeBytes { bytes in
          systemWrite(answer.fd, bytes.baseAddress! + answer.written, answer.chunk.count - answer.written)
        }
        if count > 0 { answer.written += count }
        // A chunk written whole is let go at once: a pipe left full holds no memory of ours.
        if answer.written == answer.chunk.count { (answer.chunk, answer.written) = ([], 0) }
      } else {
        guard reads > 0 else { return }
        readNextChunk(&answer)
        if answer.reading { reads -= 1 }
        return
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        if count < 0 && errno != EAGAIN { answer.failed = true }
        return
      }
      answer.offset += count
      budget -= count
      answer.lastProgress = MonotonicClock.now()
    }
  }

  /// Has the pool read a file's next bytes, as many as the pipe has room for (so that the
  /// write here takes them whole, and no answer holds bytes its reader does not take); a pool
  /// with no room is asked again next round. (Not `sendfile` on the pool: a pipe counts its
  /// room in pages for spliced bytes, so a move could wait on a reader that never reads.)
  private func readNextChunk(_ answer: inout Answer) {
    let (payload, offset, fd) = (answer.payload, answer.offset, answer.fd)
    let length = min(Self.chunkSize, FileIO.room(inPipe: fd).map { max($0, 1) } ?? Self.chunkSize)
    answer.reading = WorkPool.shared.submit { [self] in
      let result = (try? payload.bytes(at: offset, length: length)).map { ChunkResult.read($0) } ?? .failed
      inbox.withLock { $0.chunks.append((fd, result)) }
      signal()
    }
  }

  /// Whether an answer is over: true when every byte is written (and, counted, taken), false
  /// when it failed, its reader hung up, or it made no progress for its timeout; nil while it goes on.
  private func outcome(of answer: Answer, events: Int16, now: UInt64) -> Bool? {
    if answer.failed || events & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { return false }
    if answer.offset >= answer.payload.count {
      guard answer.untilTaken else { return true }
      if FileIO.unreadBytes(inPipe: answer.fd) == 0 { return true }
    }
    return now >= answer.lastProgress + answer.timeout ? false : nil
  }

  /// Closes a finished answer's pipe and tells its owner; a `SIGPIPE` its last write raised is
  /// taken back (it is pending on this thread, which blocks it).
  private func finish(_ answer: Answer, _ served: Bool, signals: sigset_t) {
    close(answer.fd)
    var pending = sigset_t()
    sigpending(&pending)
    if sigismember(&pending, SIGPIPE) == 1 {
      var signals = signals
      var zero = timespec(tv_sec: 0, tv_nsec: 0)
      _ = sigtimedwait(&signals, nil, &zero)
    }
    inbox.withLock { $0.inProgress -= 1 }
    answer.done(served)
  }
}

extension PipeWriters {
  /// The most chunks of files being read or waiting to be written at once (with the pipe's
  /// room as their size, at most 1 MB each): what the answers hold in memory, 16 MB at most.
  static let readLimit = 16
}

extension PipeWriters.Answer {
  /// Whether the next bytes to write are a file's that are not read yet.
  var needsChunk: Bool { payload.isFile && written >= chunk.count && offset < payload.count }
  /// Whether the answer has bytes to write and waits for room in its pipe (not for a chunk
  /// being read, not done).
  var isWaitingForRoom: Bool { !failed && !reading && offset < payload.count }
  /// Whether every byte is written and a counted paste waits for the reader to take them.
  var isWaitingToBeTaken: Bool { untilTaken && !failed && offset >= payload.count }
}

@inline(__always) private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(fd, bytes, count)
}
