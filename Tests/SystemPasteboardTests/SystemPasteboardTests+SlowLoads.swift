import Foundation
import TestSupport
import Testing
import UTIPlatform

@testable import SystemPasteboard

/// An owner whose representation takes its time to load (an item provider waiting for the main
/// actor, a rendering) goes on serving: the load runs off the connection's loop, and the answer
/// follows it.
extension SystemPasteboardTests {
  @Test func aSlowLoadHoldsUpNoOtherRequest() throws {
    let server = try Self.server.orSkip()
    let started = Locked(false)
    let finished = Locked(false)
    let release = Waiter<Bool>()
    var item = SystemPasteboard.Item()
    item.register(.utf8PlainText) {
      started.withLock { $0 = true }
      _ = release.wait(seconds: 30)
      finished.withLock { $0 = true }
      return Array("slow text\n".utf8)
    }
    item.register(.html, bytes: Array("<b>at hand</b>\n".utf8))
    let pasteboard = try Self.pasteboard()
    try pasteboard.setItems([item])
    defer { release.deliver(true) }

    let slow = try server.start("xclip", ["-o", "-selection", "clipboard", "-t", "UTF8_STRING"])
    #expect(eventually { started.withLock { $0 } }, "the slow representation's load began")
    // While it loads, another application's requests are answered: its targets, and a
    // representation at hand.
    let targets = try Self.xclipOut("TARGETS").stdoutText.split(separator: "\n")
    #expect(targets.contains("UTF8_STRING") && targets.contains("text/html"))
    #expect(try Self.xclipOut("text/html").stdoutText == "<b>at hand</b>\n")
    #expect(!finished.withLock { $0 }, "both were answered before the slow load ended")
    // Then the slow load ends, and its requestor has the bytes.
    release.deliver(true)
    #expect(slow.line(within: 30) == "slow text")
    #expect(finished.withLock { $0 })
    // The owner still owns, and answers the same target again (a new load).
    #expect(pasteboard.ownsSelection)
    #expect(try Self.xclipOut().stdoutText == "slow text\n")
  }
}
