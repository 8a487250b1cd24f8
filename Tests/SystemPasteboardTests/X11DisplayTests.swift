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

/// Display names and authority files, as Xlib reads them; and the MIT-MAGIC-COOKIE-1 handshake
/// against a server that requires one.
@Suite("System pasteboard: displays and cookies")
struct X11DisplayTests {
  @Test func displayNames() throws {
    let cases: [(String, String?, Int, Int)] = [
      (":0", nil, 0, 0), (":1.2", nil, 1, 2), ("unix:3", nil, 3, 0), ("host.example:10.1", "host.example", 10, 1),
      ("localhost/unix:4", nil, 4, 0),
    ]
    for (name, host, number, screen) in cases {
      let display = try X11Display(parsing: name)
      #expect(display.host == host && display.number == number && display.screen == screen, "\(name)")
    }
    #expect(try X11Display(parsing: "/tmp/.X11-unix/X7").socketPath == "/tmp/.X11-unix/X7")
    for bad in ["", "0", ":x", ":1.y", ":-1", "host"] {
      #expect(throws: SystemPasteboardError.self, "\(bad)") { try X11Display(parsing: bad) }
    }
  }

  @Test func authorityEntries() {
    let entry = XServer.authorityEntry(number: 5, cookie: [1, 2, 3], family: 256, address: "box")
    let truncated = Array(entry.dropLast(2))
    let entries = X11Authority.entries(entry + XServer.authorityEntry(number: 6, cookie: [9]) + truncated)
    #expect(entries.count == 2, "a truncated last entry ends the list")
    #expect(
      entries.first
        == .init(family: 256, address: Array("box".utf8), number: "5", name: "MIT-MAGIC-COOKIE-1", data: [1, 2, 3]))
  }

  @Test func overTCP() throws {
    let server = try XServer.start(tcp: true).orSkip()
    let clipboard = SystemPasteboard(
      selection: .clipboard, display: try X11Display(parsing: "127.0.0.1:\(server.number)"), timeout: .seconds(3))
    try clipboard.setItemProviders([ItemProvider(object: "over TCP" as NSString)])
    let read = try server.run("/bin/sh", ["-c", "timeout 30 xclip -o -selection clipboard"])
    #expect(read.stdoutText == "over TCP")
  }

  @Test func aServerThatRequiresACookie() throws {
    let cookie = (0..<16).map { UInt8($0 * 17) }
    let server = try XServer.start(cookie: cookie).orSkip()
    let utictl = try SystemPasteboardTests.utictl()
    // With the cookie (XAUTHORITY names the server's file): a conversation.
    let listed = try server.run(utictl, ["paste", "--list"])
    #expect(listed.status == 1, "\(listed.stderrText)")
    #expect(listed.stderrText == "error: nothing owns the CLIPBOARD selection\n", "connected, and found no owner")
    // Without it: refused, with the server's reason, and status 2.
    let refused = try runProcess(
      "/usr/bin/env", ["DISPLAY=\(server.display)", "XAUTHORITY=/nonexistent", utictl, "paste"])
    #expect(refused.status == 2)
    #expect(refused.stderrText.contains("refused the connection"), "\(refused.stderrText)")
  }
}
