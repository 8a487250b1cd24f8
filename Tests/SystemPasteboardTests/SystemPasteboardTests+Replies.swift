import TestSupport
import Testing
import UTIPlatform

@testable import SystemPasteboard
@testable import SystemPasteboardCore
@testable import SystemPasteboardX11

extension SystemPasteboardTests {
  /// A connection to the suite's Xvfb.
  static func connection() throws -> X11Connection {
    try X11Connection(display: try X11Display(parsing: try server.orSkip().display), timeout: 30)
  }

  /// A request answered through a handler (x11rb's cookie) is sent at once and waited for by
  /// nobody: its handler runs when the thread that reads the connection next reads, never
  /// within the send, in request order; a refused request's error goes to its handler, not to
  /// the errors of requests nobody waits for.
  @Test func repliesGoToTheirHandlersWhenTheConnectionIsRead() throws {
    let connection = try Self.connection()
    var heard: [String] = []
    let missing: UInt32 = 0x7FFF_FFF0  // an atom no server has made
    connection.send(X11.GetAtomName(atom: missing)) { answer in
      switch answer {
      case .success: heard.append("a name")
      case .failure(let error): heard.append("refused: \(error.server.map { String($0.code) } ?? "?")")
      }
    }
    connection.send(X11.GetSelectionOwner(selection: try connection.atom("_SWIFT_UTI_NOBODY"))) { answer in
      heard.append((try? answer.get().owner).map { "owner \($0)" } ?? "failed")
    }
    #expect(heard.isEmpty, "nothing runs within the send")
    #expect(connection.awaitedReplies == 2)
    try connection.sync()  // every answer is in by now, and no handler ran in the wait
    #expect(heard.isEmpty, "a synchronous wait runs no handler")
    _ = try connection.nextEvent(until: 0)
    #expect(heard == ["refused: 5", "owner 0"], "BadAtom is core error 5 (xproto.xml)")
    #expect(connection.awaitedReplies == 0)
    #expect(connection.takeErrors().isEmpty, "the error was its handler's")
    // The server's own words for it, from the generated table.
    connection.send(X11.GetAtomName(atom: missing)) { answer in
      if case .failure(let error) = answer { heard.append(error.message) }
    }
    try connection.sync()
    _ = try connection.nextEvent(until: 0)
    #expect(heard.last == "the X server refused GetAtomName: BadAtom (value \(missing))")
  }

  /// Owning is asked, not waited for: `own` returns at once and the loop goes on; the server's
  /// time and its confirmation arrive as events and replies the loop reads, and `done` hears
  /// the outcome there. A second own before the first completes replaces it (the last copy
  /// wins, as it would a moment later), and the first hears the second's outcome when it comes:
  /// never before the selection is ours, whose previous owner (another client) may not answer.
  @Test func owningCompletesOnTheLoopWithoutWaitingInIt() throws {
    let connection = try Self.connection()
    let owner = try SelectionOwner(connection: connection, selection: "_SWIFT_UTI_TEST_OWNING")
    var outcomes: [String] = []
    func record(_ name: String) -> (Result<Void, SystemPasteboardError>) -> Void {
      { outcome in outcomes.append("\(name): \((try? outcome.get()) != nil ? "owned" : "\(outcome)")") }
    }
    owner.own([], done: record("first"))
    owner.own([], done: record("second"))
    #expect(outcomes.isEmpty, "replaced, and done with the second")
    #expect(!owner.isOwner, "not before the server's time came")
    let deadline = MonotonicClock.deadline(after: 30_000_000_000)
    while outcomes.count < 2 && MonotonicClock.now() < deadline {
      try owner.owners.serve(until: MonotonicClock.deadline(after: 100_000_000))
    }
    #expect(outcomes == ["first: owned", "second: owned"])
    #expect(owner.isOwner && owner.ownedSince != 0, "at the server's time, not CurrentTime")
    let other = try Self.connection()
    let reply = try other.roundTrip(X11.GetSelectionOwner(selection: try other.atom("_SWIFT_UTI_TEST_OWNING")))
    #expect(reply.owner == owner.window)
  }
}
