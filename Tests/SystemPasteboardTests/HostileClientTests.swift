import Foundation
import Pasteboard
import TestSupport
import Testing
import TypeRegistry
import UTIPlatform

@testable import DesktopPasteboard
@testable import SystemPasteboard
@testable import SystemPasteboardCore
@testable import SystemPasteboardX11

/// No other program breaks an owner of ours: hostile and crowded requestors (a python3-xlib peer
/// of our own, `Tests/Fixtures/x11/hostile_requestor.py`), and an X server that goes away.
///
/// After each hostile act the owner must still serve xclip; GTK's selection code does the same,
/// where xclip itself dies of the first (an Xlib `BadWindow`).
extension SystemPasteboardTests {
  /// Nested in the X11 suite so that its tests run one at a time with that suite's: both block a
  /// thread on peers, and two such suites at once starved the cooperative pool under
  /// ThreadSanitizer (another suite's loads waited past their timeout).
  @Suite("System pasteboard: hostile clients and lost servers", .serialized)
  struct HostileClientTests {
    static let server = XServer.start()
    static let peer = fixturesDirectory.appendingPathComponent("x11/hostile_requestor.py").path

    @discardableResult
    static func shell(_ command: String) throws -> ProcessResult {
      try server.orSkip().run("/bin/sh", ["-c", command])
    }

    static func hostile(_ arguments: String) throws -> ProcessResult {
      try shell("timeout 60 /usr/bin/python3 '\(peer)' \(arguments)")
    }

    static func pasteboard(on server: XServer? = nil, timeout: Double = 5) throws -> SystemPasteboard {
      SystemPasteboard(
        selection: .clipboard, display: try X11Display(parsing: (server ?? Self.server.orSkip()).display),
        timeout: .seconds(timeout))
    }

    /// What xclip reads of the clipboard as UTF8_STRING.
    static func xclipText() throws -> String {
      try shell("timeout 30 xclip -o -selection clipboard -t UTF8_STRING").stdoutText
    }

    /// The reported failure: a MULTIPLE requestor that exits at once made the `utictl copy`
    /// server exit (BadWindow writing the reply), leaving the clipboard empty.
    @Test func aMULTIPLERequestorThatVanishesLeavesTheCopyServing() throws {
      try Self.server.orSkip()
      try Peers.xlib.orSkip()
      let copy = try Self.shell("printf 'still here' | '\(try SystemPasteboardTests.utictl())' copy")
      try #require(copy.status == 0, "\(copy.stderrText)")
      for _ in 0..<3 {
        #expect(try Self.hostile("multiple-vanish CLIPBOARD").stdoutText == "gone\n")
      }
      #expect(try Self.xclipText() == "still here", "the serving process survived three vanished MULTIPLE requestors")
    }

    @Test func syntheticRequestsNamingNothingAreRefusedOneByOne() throws {
      try Self.server.orSkip()
      try Peers.xlib.orSkip()
      let clipboard = try Self.pasteboard()
      try clipboard.setItemProviders([ItemProvider(object: "served on" as NSString)])
      let before = clipboard.changeCount
      let sent = try Self.hostile("synthetic CLIPBOARD")
      #expect(sent.stdoutText == "sent 5\n", "\(sent.stderrText)")
      #expect(try Self.xclipText() == "served on")
      #expect(clipboard.ownsSelection)
      #expect(clipboard.changeCount == before, "no reconnection was needed")
      // Through the built binary as well: the process serving a copy keeps serving.
      try #require(try Self.shell("printf 'binary' | '\(try SystemPasteboardTests.utictl())' copy").status == 0)
      #expect(try Self.hostile("synthetic CLIPBOARD").stdoutText == "sent 5\n")
      #expect(try Self.xclipText() == "binary")
    }

    @Test func aSyntheticSelectionClearDoesNotEndOwnership() throws {
      try Self.server.orSkip()
      try Peers.xlib.orSkip()
      let clipboard = try Self.pasteboard()
      try clipboard.setItemProviders([ItemProvider(object: "mine" as NSString)])
      let script = """
        from Xlib import X, display
        from Xlib.protocol import event
        d = display.Display(); c = d.intern_atom("CLIPBOARD"); o = d.get_selection_owner(c)
        d.send_event(o, event.SelectionClear(time=X.CurrentTime, window=o, atom=c)); d.sync(); print("sent")
        """
      #expect(try Self.shell("timeout 30 /usr/bin/python3 -c '\(script)'").stdoutText == "sent\n")
      usleep(100_000)
      #expect(clipboard.ownsSelection, "only the server's SelectionClear ends ownership")
      #expect(try Self.xclipText() == "mine")
    }

    @Test func aMULTIPLEWithABadPairListIsAnsweredPairByPair() throws {
      try Self.server.orSkip()
      try Peers.xlib.orSkip()
      try Self.pasteboard().setItemProviders([ItemProvider(object: "pairs" as NSString)])
      let run = try Self.hostile("multiple-bad CLIPBOARD")
      // UTF8_STRING converts; an atom that does not exist and a target we lack get None; the odd
      // trailing item is left alone.
      #expect(run.stdoutText == "text=pairs\npairs=ok none none\n", "\(run.stderrText)")
      #expect(try Self.xclipText() == "pairs")
    }

    @Test func aRequestorThatVanishesMidINCRIsFreedAtOnce() throws {
      try Self.server.orSkip()
      try Peers.xlib.orSkip()
      let clipboard = try Self.pasteboard()
      let large = Data((0..<(6 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7) })
      let provider = ItemProvider()
      provider.registerDataRepresentation(for: .png) { completion in
        completion(large, nil)
        return nil
      }
      try clipboard.setItemProviders([provider])
      let run = try Self.hostile("incr-vanish CLIPBOARD image/png")
      #expect(run.stdoutText == "INCR\nvanished\n", "\(run.stderrText)")
      // Freed by the requestor's DestroyNotify, long before the 10 s idle timeout.
      let freed = eventually(within: 2) { clipboard.transferCount == 0 }
      #expect(freed, "the vanished requestor's transfer is freed within 2 s")
      #expect(try Self.shell("timeout 30 xclip -o -selection clipboard -t image/png").stdout == large)
    }

    @Test func aHundredRequestorsAtOnceAreEachServed() throws {
      try Self.server.orSkip()
      try Peers.xlib.orSkip()
      let text = String(repeating: "crowd ✓ ", count: 4096)
      try Self.pasteboard().setItemProviders([ItemProvider(object: text as NSString)])
      let run = try Self.hostile("crowd CLIPBOARD UTF8_STRING 100")
      #expect(run.stdoutText == "served=100 lengths=\(text.utf8.count)\n", "\(run.stderrText)")
    }

    /// The X server killed under a live pasteboard: pending and new calls fail at once, the next
    /// call after the server is back opens a new connection, and `changes` goes on.
    @Test func theServerKilledAndRestarted() async throws {
      let first = try XServer.start().orSkip()
      let number = first.number
      let clipboard = try Self.pasteboard(on: first, timeout: 2)
      try clipboard.setItemProviders([ItemProvider(object: "before" as NSString)])
      var changes = clipboard.changes.makeAsyncIterator()
      let seen = try #require(await changes.next())
      first.stop()
      // The loss is noticed at once: ownership ends, and calls fail promptly instead of hanging.
      #expect(await suspendUntil(within: 2) { !clipboard.ownsSelection })
      let started = MonotonicClock.now()
      #expect(throws: SystemPasteboardError.self) {
        try clipboard.setItemProviders([ItemProvider(object: "x" as NSString)])
      }
      #expect(MonotonicClock.now() - started < 3_000_000_000, "an error at once, not a wait for the timeout")
      // The server is back on the same display: the next call reconnects.
      let second = try XServer.start(number: number).get()
      try clipboard.setItemProviders([ItemProvider(object: "after" as NSString)])
      #expect(clipboard.ownsSelection)
      let read = try second.run("/bin/sh", ["-c", "timeout 30 xclip -o -selection clipboard"])
      #expect(read.stdoutText == "after")
      let next = try #require(await changes.next())
      #expect(next > seen, "the changes stream goes on after the reconnection")
    }

    /// Another client kills our connection (`XKillClient`) while the server stays: the pasteboard
    /// reconnects at once and takes the selection back with the same data, since nobody owns it.
    @Test func aKilledConnectionReconnectsAndKeepsTheCopy() throws {
      try Self.server.orSkip()
      try Peers.xlib.orSkip()
      let clipboard = try Self.pasteboard()
      try clipboard.setItemProviders([ItemProvider(object: "kept" as NSString)])
      let script = """
        from Xlib import display
        d = display.Display(); o = d.get_selection_owner(d.intern_atom("CLIPBOARD"))
        o.kill_client(); d.sync(); print("killed")
        """
      #expect(try Self.shell("timeout 30 /usr/bin/python3 -c '\(script)'").stdoutText == "killed\n")
      #expect(
        try eventually { try Self.shell("timeout 5 xclip -o -selection clipboard 2>/dev/null").stdoutText == "kept" },
        "the data is served again from a new connection")
      #expect(clipboard.ownsSelection)
    }
  }
}
