import UTIPlatform

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// Serves one answer into a pipe another application reads (a Wayland `send`), a chunk at a
/// time, so that memory stays flat for any size and a reader that stops reading, or closes its
/// end early, ends only this answer. The pipe's buffer is enlarged to 1 MiB where the kernel
/// allows it, and a file's bytes (a spool's, a file representation's) go from the file to the
/// pipe with `sendfile`, without a copy through this process.
///
/// The writing thread blocks `SIGPIPE` for itself and takes a pending one back afterwards, so
/// that a reader that hangs up gives `EPIPE` here instead of killing the process, without the
/// library changing the process's signal dispositions.
enum PipeWriter {
  /// The size of one write.
  static let chunkSize = 1 << 16

  /// Writes the bytes `payload` gives (nil: nothing, the reader sees an empty answer) to `fd`,
  /// then closes it. A reader that leaves the pipe full for `timeout` seconds is given up on.
  /// With `untilTaken`, the pipe is closed only once the reader has taken every byte
  /// (``isTaken(_:timeout:)``): for a paste that is counted.
  /// - Returns: Whether every byte was written (and, `untilTaken`, read); false for no payload
  ///   (a refused or failed load), which serves no paste.
  @discardableResult
  static func write(to fd: Int32, timeout: Double, untilTaken: Bool = false, payload: () -> Payload?) -> Bool {
    var blocked = sigset_t()
    var previous = sigset_t()
    sigemptyset(&blocked)
    sigaddset(&blocked, SIGPIPE)
    pthread_sigmask(SIG_BLOCK, &blocked, &previous)
    defer {
      // A SIGPIPE raised while blocked is pending on this thread: take it, then restore the mask.
      var pending = sigset_t()
      sigpending(&pending)
      if sigismember(&pending, SIGPIPE) == 1 {
        var zero = timespec(tv_sec: 0, tv_nsec: 0)
        _ = sigtimedwait(&blocked, nil, &zero)
      }
      pthread_sigmask(SIG_SETMASK, &previous, nil)
    }
    defer { _ = closeDescriptor(fd) }
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    guard let payload = payload() else { return false }
    if payload.count > chunkSize { FileIO.enlargePipe(fd) }
    var offset = 0
    // A chunk read from memory and not yet all written (a full pipe takes part of it).
    var chunk: [UInt8] = []
    var written = 0
    while offset < payload.count {
      var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
      let ready = poll(&descriptor, 1, Int32(min(timeout * 1000, Double(Int32.max))))
      if ready < 0 && errno == EINTR { continue }
      guard ready > 0, descriptor.revents & Int16(POLLOUT) != 0 else { return false }
      var count: Int
      if let sent = payload.sendFile(to: fd, at: offset, length: FileIO.pipeCapacity) {
        count = sent
      } else {
        if written == chunk.count {
          guard let next = try? payload.bytes(at: offset, length: chunkSize) else { return false }
          chunk = next
          written = 0
        }
        count = chunk.withUnsafeBytes { writeDescriptor(fd, $0.baseAddress! + written, chunk.count - written) }
        if count > 0 { written += count }
      }
      if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
      guard count > 0 else { return false }
      offset += count
    }
    return !untilTaken || isTaken(fd, timeout: timeout)
  }

  /// Waits until the reader has taken every byte from the pipe (a paste is one the reader has
  /// read, not one written into a buffer): false when it hangs up first, or leaves the bytes
  /// for `timeout` seconds. A paste-once copy gives its selection up only then: one given up
  /// while the bytes wait in the pipe would reach a reader that is still dispatching its events
  /// (wl-paste 2.1 makes a round trip before it reads) as "nothing is selected", not the copy.
  /// Only pastes that are counted (a paste-once copy's) wait: other answers (a drag's, an
  /// unlimited copy's) close at once and hold no thread past their last write.
  static func isTaken(_ fd: Int32, timeout: Double) -> Bool {
    let deadline = MonotonicClock.now() + UInt64(timeout * 1e9)
    var pause: UInt32 = 200
    while let unread = FileIO.unreadBytes(inPipe: fd), unread > 0 {
      var descriptor = pollfd(fd: fd, events: 0, revents: 0)
      if poll(&descriptor, 1, 0) > 0, descriptor.revents & Int16(POLLERR | POLLHUP) != 0 { return false }
      guard MonotonicClock.now() < deadline else { return false }
      usleep(pause)
      pause = min(pause * 2, 10_000)
    }
    return true
  }
}

@inline(__always) private func closeDescriptor(_ fd: Int32) -> Int32 { close(fd) }
@inline(__always) private func writeDescriptor(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(fd, bytes, count)
}
