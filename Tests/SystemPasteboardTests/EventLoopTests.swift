import Glibc
import SystemPasteboard
import Testing
import UTIPlatform

/// The event loop itself, without a display: over one end of a socket pair.
@Suite("Event loop")
struct EventLoopTests {
  /// A loop over one end of a new socket pair, that end, and the other (to be kept open).
  static func loop() throws -> (EventLoop, Socket, Socket) {
    var fds: [Int32] = [0, 0]
    try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
    let socket = Socket(adopting: fds[0])
    return (try EventLoop(socket: socket, peer: "a socket pair"), socket, Socket(adopting: fds[1]))
  }

  /// A loop driven by its owner's thread asks the driver's check at every `inEventLoop`, several
  /// times per drag event. The check used to be wrapped once more at each read (a closure kept
  /// in a generic lock is reabstracted on every access): after enough events the calls crawled
  /// through the nested wrappers and releasing the loop overflowed the stack. Now a loop that was
  /// asked 300,000 times answers the same and is released like any other.
  @Test func aDrivenLoopsCheckDoesNotGrowWithItsUse() throws {
    let (loop, socket, peer) = try Self.loop()
    defer { peer.close() }
    let here = Locked(true)
    loop.prepare(serve: { _ throws(SystemPasteboardError) in }, ended: { _ in })
    let descriptors = loop.startDriven(socket: socket, isDriving: { here.withLock { $0 } })
    #expect(descriptors.first == socket.fd && descriptors.count == 2, "the socket and the wake-up pipe")
    var answers = 0
    for _ in 0..<300_000 where loop.inEventLoop { answers += 1 }
    #expect(answers == 300_000)
    here.withLock { $0 = false }
    #expect(!loop.inEventLoop, "the check is the driver's, asked each time")
    #expect(loop.serveReady(), "a driven loop serves what is ready and goes on")
    loop.close()
  }
}
