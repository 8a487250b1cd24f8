import Glibc
import SystemPasteboard
import SystemPasteboardCore
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

  /// A loop over a socket nothing is written to, started: its thread waits on the socket alone.
  static func idleLoop() throws -> (EventLoop, Socket) {
    let (loop, socket, peer) = try Self.loop()
    loop.prepare(
      serve: { deadline throws(SystemPasteboardError) in
        _ = try? socket.waitReadable(until: deadline == .max ? nil : deadline, wakeable: true)
        _ = socket.takeWake()
      }, ended: { _ in })
    try loop.start()
    return (loop, peer)
  }

  /// Tasks run on the loop's thread, in deadline order (ties in the order scheduled), none
  /// before its deadline, though nothing arrives on the socket to wake the loop; a cancelled
  /// task never runs.
  @Test func scheduledTasksRunInDeadlineOrderOnTheLoop() throws {
    let (loop, peer) = try Self.idleLoop()
    defer { peer.close() }
    let ran = Locked<[(String, Bool, Bool)]>([])
    let done = Waiter<Bool>()
    let start = MonotonicClock.now()
    let deadlines = [("c", 150_000_000), ("a", 50_000_000), ("b", 100_000_000), ("b2", 100_000_000)]
    for (name, offset) in deadlines {
      let deadline = start + UInt64(offset)
      loop.scheduleTask(deadline: deadline) {
        ran.withLock { $0.append((name, loop.inEventLoop, MonotonicClock.now() >= deadline)) }
        if name == "c" { done.deliver(true) }
      }
    }
    let cancelled = loop.scheduleTask(deadline: start + 75_000_000) { ran.withLock { $0.append(("x", true, true)) } }
    loop.cancel(cancelled)
    #expect(done.wait(seconds: 30) == true, "the last task ran")
    let order = ran.withLock { $0 }
    #expect(order.map(\.0) == ["a", "b", "b2", "c"])
    #expect(order.allSatisfy { $0.1 }, "on the loop's thread")
    #expect(order.allSatisfy { $0.2 }, "none before its deadline")
    #expect(loop.scheduledTaskCount == 0)
    loop.close()
  }

  /// A task scheduled far ahead leaves the loop idle (no wake-up before it), and one scheduled
  /// later for sooner runs first: the loop's wait follows the earliest deadline, from whichever
  /// thread it was scheduled. A loop that ends drops its tasks.
  @Test func theEarliestDeadlineEndsTheWaitAndAnEndedLoopDropsItsTasks() throws {
    let (loop, peer) = try Self.idleLoop()
    defer { peer.close() }
    let late = Locked(false)
    loop.scheduleTask(in: 3_600) { late.withLock { $0 = true } }
    let soon = Waiter<Bool>()
    loop.scheduleTask(in: 0.05) { soon.deliver(true) }
    #expect(soon.wait(seconds: 30) == true)
    #expect(loop.nextTaskDeadline > MonotonicClock.deadline(after: 3_000 * 1_000_000_000), "the hour's task waits")
    loop.close()
    #expect(loop.scheduledTaskCount == 0, "dropped with the loop")
    #expect(!late.withLock { $0 })
  }

  /// A value bound to a loop opens on the loop's thread, and before the loop starts on its
  /// caller's (which serves it then); a load on the work pool that carries it posts back to the
  /// loop, where it opens. A bound value keeps no loop alive.
  @Test func aLoopBoundValueOpensOnItsLoop() throws {
    let (loop, peer) = try Self.idleLoop()
    defer { peer.close() }
    let bound = LoopBound(["owner"], on: loop)
    #expect(try loop.submit(within: 30) { bound.value } == ["owner"])
    let posted = Waiter<[String]>()
    #expect(WorkPool.shared.submit { bound.loop?.execute { posted.deliver(bound.value) } })
    #expect(posted.wait(seconds: 30) == ["owner"], "posted back to the loop")
    let (unstarted, _, other) = try Self.loop()
    defer { other.close() }
    #expect(LoopBound(7, on: unstarted).value == 7, "its caller serves a loop not started")
    weak var released: EventLoop?
    var gone = LoopBound(0, on: unstarted)
    do {
      let (temporary, _, end) = try Self.loop()
      end.close()
      released = temporary
      gone = LoopBound(1, on: temporary)
    }
    #expect(released == nil && gone.loop == nil, "the bound value did not keep its loop")
    loop.close()
  }

  /// Opened off its loop's thread, a loop-bound value stops the process at once (in every build,
  /// as swift-nio's `NIOLoopBound` does) instead of racing with the loop.
  @Test func aLoopBoundValueOpenedOffItsLoopStopsTheProcess() async {
    await #expect(processExitsWith: .failure) {
      let (loop, peer) = try EventLoopTests.idleLoop()
      let bound = LoopBound(42, on: loop)
      withExtendedLifetime(peer) { _ = bound.value }
    }
  }
}
