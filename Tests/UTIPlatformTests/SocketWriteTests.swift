import Glibc
import Testing
import UTIPlatform

/// Writes to a peer that stops reading: bounded by their deadline, whatever the size.
@Suite("Socket writes")
struct SocketWriteTests {
  /// A write larger than the socket's buffer to a peer that reads nothing ends with a timeout
  /// at its deadline, having written what fitted: a writable socket has room for some bytes,
  /// not all, and a blocking send of the rest would wait for the peer for ever. With and without
  /// descriptors passed (a Wayland request's pipe).
  @Test(.timeLimit(.minutes(1)), arguments: [false, true])
  func aWriteToAPeerThatReadsNothingEndsAtItsDeadline(passingDescriptor: Bool) throws {
    let (socket, peer, _) = try SocketWakeTests.pair()
    defer {
      socket.close()
      peer.close()
    }
    let bytes = [UInt8](repeating: 7, count: 8 << 20)
    let deadline = MonotonicClock.deadline(after: MonotonicClock.nanoseconds(0.3))
    var pipe: [Int32] = [-1, -1]
    try #require(Glibc.pipe(&pipe) == 0)
    defer { for fd in pipe { close(fd) } }
    do {
      if passingDescriptor {
        try socket.write(bytes, passing: [pipe[1]], until: deadline)
      } else {
        try socket.write(bytes, until: deadline)
      }
      Issue.record("8 MB went to a peer that reads nothing")
    } catch {
      #expect(error.code == ETIMEDOUT, "\(error)")
    }
    // What fitted was written: the peer finds the first bytes.
    #expect(try peer.read(capacity: 16, until: nil) == [UInt8](repeating: 7, count: 16))
  }
}
