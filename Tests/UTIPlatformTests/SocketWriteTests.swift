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
  ///
  /// The write runs on a thread of its own, which the test waits for at most a minute: a write
  /// that ignored its deadline fails the test instead of holding the run. (Not Swift Testing's
  /// time limit: it counts from the test's start, and on 2 cores the test's body can wait longer
  /// than that for a thread behind other suites' blocking bodies; CI saw it exceeded so.)
  @Test(arguments: [false, true])
  func aWriteToAPeerThatReadsNothingEndsAtItsDeadline(passingDescriptor: Bool) throws {
    let (socket, peer, _) = try SocketWakeTests.pair()
    defer {
      socket.close()
      peer.close()
    }
    var pipe: [Int32] = [-1, -1]
    try #require(Glibc.pipe(&pipe) == 0)
    defer { for fd in pipe { close(fd) } }
    let descriptor = pipe[1]
    let outcome = Waiter<Result<Void, Socket.Error>>()
    let writer = try #require(
      WorkerThread {
        let bytes = [UInt8](repeating: 7, count: 8 << 20)
        let deadline = MonotonicClock.deadline(after: MonotonicClock.nanoseconds(0.3))
        outcome.deliver(
          Result { () throws(Socket.Error) in
            if passingDescriptor {
              try socket.write(bytes, passing: [descriptor], until: deadline)
            } else {
              try socket.write(bytes, until: deadline)
            }
          })
      })
    let result = try #require(outcome.wait(seconds: 60), "the write did not end at its deadline")
    writer.join()
    switch result {
    case .success: Issue.record("8 MB went to a peer that reads nothing")
    case .failure(let error): #expect(error.code == ETIMEDOUT, "\(error)")
    }
    // What fitted was written: the peer finds the first bytes.
    #expect(try peer.read(capacity: 16, until: nil) == [UInt8](repeating: 7, count: 16))
  }
}
