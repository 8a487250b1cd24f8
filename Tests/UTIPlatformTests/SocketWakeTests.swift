import Glibc
import Testing
import UTIPlatform

/// A loop's socket and its wake-up pipe: a post from another thread ends the loop's idle wait.
@Suite("Socket wake-ups")
struct SocketWakeTests {
  /// One end of a new socket pair with a wake-up pipe attached, and the other end.
  static func pair() throws -> (Socket, Socket, WakePipe) {
    var fds: [Int32] = [0, 0]
    try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
    let socket = Socket(adopting: fds[0])
    let wake = try #require(WakePipe())
    wake.attach(to: socket)
    return (socket, Socket(adopting: fds[1]), wake)
  }

  /// A wake that arrives with data to read is spent by the wait that reports the data; the
  /// reader reads on and waits again for the rest of a message. That wait must end at once,
  /// until the loop takes the wake, or the post that woke it waits for ever (the lost wake-up
  /// that hung one paste in a hundred once the loops lost their one-second tick).
  @Test func aWakeSpentWithDataEndsEveryWaitUntilItIsTaken() throws {
    let (socket, peer, wake) = try Self.pair()
    defer {
      socket.close()
      peer.close()
    }
    try peer.write([1, 2, 3], until: nil)
    wake.wake()
    #expect(try socket.waitReadable(until: nil, wakeable: true), "the data is reported")
    _ = try socket.read(capacity: 16, until: nil)
    // Nothing to read and no byte left in the pipe: only the kept wake ends this wait.
    let ended = Waiter<Bool>()
    let waiting = LockedSocket(socket)
    let thread = WorkerThread { ended.deliver((try? waiting.socket.waitReadable(until: nil, wakeable: true)) ?? true) }
    let outcome = ended.wait(seconds: 30)
    #expect(outcome == false, "the wait ends at once, not readable")
    if outcome == nil { try peer.write([0], until: nil) }  // a lost wake: release the thread
    thread?.join()
    #expect(socket.takeWake(), "the wake is the loop's to take")
    // Taken: the next wait waits for what comes.
    try peer.write([4], until: nil)
    #expect(try socket.waitReadable(until: nil, wakeable: true))
  }
}

/// A socket handed to the waiting thread (used there alone until it is joined).
private struct LockedSocket: @unchecked Sendable {
  let socket: Socket
  init(_ socket: Socket) { self.socket = socket }
}
