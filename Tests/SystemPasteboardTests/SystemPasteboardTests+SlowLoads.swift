import Foundation
import TestSupport
import Testing
import TypeRegistry
import UTIPlatform

@testable import SystemPasteboard
@testable import SystemPasteboardCore

/// An owner whose representation takes its time to load (an item provider waiting for the main
/// actor, a rendering) goes on serving: the load runs off the connection's loop, and the answer
/// follows it.
extension SystemPasteboardTests {
  /// An item whose UTF-8 text loads slowly (until ``release`` or 30 s) beside HTML at hand, and
  /// what its load did.
  final class SlowItem: Sendable {
    let started = Locked(false)
    let finished = Locked(false)
    let release = Waiter<Bool>()
    let item: SystemPasteboard.Item

    init(text: String, html: String) {
      var item = SystemPasteboard.Item()
      let (started, finished, release) = (started, finished, release)
      item.register(.utf8PlainText) {
        started.withLock { $0 = true }
        _ = release.wait(seconds: 30)
        finished.withLock { $0 = true }
        return Array(text.utf8)
      }
      item.register(.html, bytes: Array(html.utf8))
      self.item = item
    }

    var hasStarted: Bool { started.withLock { $0 } }
    var hasFinished: Bool { finished.withLock { $0 } }
  }

  @Test func aSlowLoadHoldsUpNoOtherRequest() throws {
    let server = try Self.server.orSkip()
    let slowItem = SlowItem(text: "slow text\n", html: "<b>at hand</b>\n")
    let pasteboard = try Self.pasteboard()
    try pasteboard.setItems([slowItem.item])
    defer { slowItem.release.deliver(true) }

    let slow = try server.start("xclip", ["-o", "-selection", "clipboard", "-t", "UTF8_STRING"])
    #expect(eventually { slowItem.hasStarted }, "the slow representation's load began")
    // While it loads, another application's requests are answered: its targets, and a
    // representation at hand.
    let targets = try Self.xclipOut("TARGETS").stdoutText.split(separator: "\n")
    #expect(targets.contains("UTF8_STRING") && targets.contains("text/html"))
    #expect(try Self.xclipOut("text/html").stdoutText == "<b>at hand</b>\n")
    #expect(!slowItem.hasFinished, "both were answered before the slow load ended")
    // Then the slow load ends, and its requestor has the bytes.
    slowItem.release.deliver(true)
    #expect(slow.line(within: 30) == "slow text")
    #expect(slowItem.hasFinished)
    // The owner still owns, and answers the same target again (a new load).
    #expect(pasteboard.ownsSelection)
    #expect(try Self.xclipOut().stdoutText == "slow text\n")
  }

  /// A `MULTIPLE` request whose pairs include a slow representation: its loads run off the loop
  /// too (another application is answered meanwhile), and the whole reply follows them.
  @Test func aMultipleRequestWithASlowLoadHoldsUpNoOtherRequest() throws {
    let server = try Self.server.orSkip()
    try Peers.xlib.orSkip()
    let slowItem = SlowItem(text: "slow text", html: "<b>at hand</b>")
    let pasteboard = try Self.pasteboard()
    try pasteboard.setItems([slowItem.item])
    defer { slowItem.release.deliver(true) }
    let script = """
      from Xlib import X, display
      d = display.Display(); w = d.screen().root.create_window(0, 0, 1, 1, 0, X.CopyFromParent)
      a = d.intern_atom; p1, p2, p3, m = a("P1"), a("P2"), a("P3"), a("M")
      w.change_property(m, a("ATOM_PAIR"), 32, [a("UTF8_STRING"), p1, a("text/html"), p2, a("image/png"), p3])
      w.convert_selection(a("CLIPBOARD"), a("MULTIPLE"), m, X.CurrentTime); d.flush()
      while d.next_event().type != X.SelectionNotify: pass
      text = lambda p: bytes(w.get_full_property(p, X.AnyPropertyType).value).decode()
      print(text(p1), text(p2), w.get_full_property(m, X.AnyPropertyType).value[5])
      """
    let multiple = try server.start("/usr/bin/python3", ["-c", script])
    #expect(eventually { slowItem.hasStarted }, "the slow representation's load began")
    let targets = try Self.xclipOut("TARGETS").stdoutText.split(separator: "\n")
    #expect(targets.contains("UTF8_STRING"))
    #expect(!slowItem.hasFinished, "another application was answered before the slow load ended")
    slowItem.release.deliver(true)
    // Both conversions in the one reply; the pair we cannot convert has its property None.
    #expect(multiple.line(within: 30) == "slow text <b>at hand</b> 0")
  }
}
