import Foundation
import TestSupport
import Testing
import TypeRegistry
import UTIPlatform

@testable import SystemPasteboard
@testable import SystemPasteboardCore
@testable import SystemPasteboardWayland

/// The clipboard tools' habits only Wayland has, against wl-clipboard on sway (data-control) and
/// on weston (a focused window): a copy owned before serving, HTML with its text, watching. One
/// paste, clearing and secrets are the conformance suite's, on every desktop.
extension SystemPasteboardTests.WaylandTests {
  static func wlPaste(_ options: String = "") throws -> ProcessResult {
    try shell("timeout 10 wl-paste -n \(options)")
  }

  /// `utictl copy` owns the selection before it forks the process that serves it: a paste the
  /// compositor asks for meanwhile (here read on the calling thread by a sync) waits, answered
  /// by no one until the serving thread starts, and then by it.
  @Test func aCopyOwnedBeforeServingAnswersOnceItServes() throws {
    let compositor = try Self.compositor.orSkip()
    var item = SystemPasteboard.Item()
    item.register(.utf8PlainText) { Array("owned before the fork\n".utf8) }
    let pasteboard = try Self.pasteboard()
    #expect(try pasteboard.setItemsBeforeFork([item], fileOperation: .copy, options: .init()))
    let paster = try compositor.start("wl-paste", ["-n", "-t", "text/plain;charset=utf-8"])
    #expect(paster.line(within: 0.5) == nil, "nothing serves before startServing")
    // A read on this thread handles the compositor's send request: it waits for the thread.
    #expect(try pasteboard.targets().map(\.target).contains("text/plain;charset=utf-8"))
    #expect(paster.line(within: 0.3) == nil, "nothing serves before startServing")
    try pasteboard.startServing()
    #expect(paster.line() == "owned before the fork")
    #expect(try Self.wlPaste().stdoutText == "owned before the fork\n")
    try pasteboard.clearContents()
  }

  @Test func htmlIsOfferedWithItsText() throws {
    try Self.compositor.orSkip()
    let copy = try Self.shell(
      "printf '<ul><li>one &amp; two</li><li>three</li></ul>' | '\(try Self.utictl())' copy --type public.html")
    #expect(copy.status == 0, "\(copy.stderrText)")
    #expect(try Self.wlPaste("-t text/html").stdoutText == "<ul><li>one &amp; two</li><li>three</li></ul>")
    #expect(try Self.wlPaste("-t text/plain").stdoutText == "one & two\nthree")
  }

  /// `paste --watch --json` hears wl-copy's copies and ours, through data-control.
  @Test func watchHearsEveryCopy() throws {
    let compositor = try Self.compositor.orSkip()
    try Self.wlCopy("", input: Data("before".utf8), type: "text/plain")
    let watch = try compositor.start(try Self.utictl(), ["paste", "--watch", "--json"])
    defer { watch.terminate() }
    #expect(watch.line()?.contains(#""targets":["text/plain"#) == true)
    try Self.wlCopy("-t image/png", input: Data([0x89, 0x50, 0x4E, 0x47]), type: "image/png")
    var line = watch.line() ?? ""
    while line.contains(#""types":["public.plain-text"#), let next = watch.line(within: 2) { line = next }
    #expect(line.contains(#""types":["public.png"]"#), "\(line)")
    #expect(try Self.shell("printf 'ours' | '\(try Self.utictl())' copy --sensitive").status == 0)
    var sensitive = false
    while !sensitive, let next = watch.line(within: 5) { sensitive = next.contains(#""sensitive":true"#) }
    #expect(sensitive)
    try Self.wlCopy("", input: Data("done".utf8), type: "text/plain")
  }
}

extension SystemPasteboardTests.WaylandTests {
  /// Several representations at once, the newline habit and text conversions, against wl-copy
  /// and wl-paste; a text watch prints each new copy and a line.
  @Test func representationsNewlinesConversionsAndATextWatch() throws {
    let compositor = try Self.compositor.orSkip()
    let utictl = try Self.utictl()
    let directory = try makeTemporaryDirectory("wayland-habits")
    defer { try? FileManager.default.removeItem(at: directory) }
    let html = directory.appendingPathComponent("page.html").path
    try Data("<b>bold</b>".utf8).write(to: URL(fileURLWithPath: html))
    let copy = try Self.shell(
      "printf 'plain caption' | '\(utictl)' copy --representation public.html='\(html)' --representation public.utf8-plain-text=/dev/stdin"
    )
    #expect(copy.status == 0, "\(copy.stderrText)")
    let types = try Self.shell("timeout 10 wl-paste -l").stdoutText.split(separator: "\n").map(String.init)
    #expect(types.first == "text/html", "\(types)")
    #expect(try Self.wlPaste("-t text/html").stdoutText == "<b>bold</b>")
    #expect(try Self.wlPaste("-t text/plain").stdoutText == "plain caption", "the text given, not the HTML's")
    // paste ends text with a newline, -n does not; UTF-16 is converted from wl-copy's UTF-8.
    try Self.wlCopy("", input: Data("é".utf8), type: "text/plain")
    #expect(try Self.shell("timeout 10 '\(utictl)' paste").stdoutText == "é\n")
    #expect(try Self.shell("timeout 10 '\(utictl)' paste -n").stdoutText == "é")
    let utf16 = try Self.shell("timeout 10 '\(utictl)' paste -n --type public.utf16-plain-text").stdout
    #expect([UInt8](utf16) == [0xFF, 0xFE, 0xE9, 0x00])
    #expect(try Self.shell("timeout 10 '\(utictl)' paste --list").stdoutText.contains("public.utf16-plain-text\t"))
    let watch = try compositor.start(utictl, ["paste", "--watch"])
    defer { watch.terminate() }
    #expect(watch.line() == "é")
    try Self.wlCopy("", input: Data("next".utf8), type: "text/plain")
    #expect(watch.line() == "next")
    // Text offered only in another charset is pasted as UTF-8.
    let offered = Data([0xFF, 0xFE] + "é 𝄞".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
    try Self.wlCopy("-t 'text/plain;charset=utf-16'", input: offered, type: "text/plain;charset=utf-16")
    #expect(try Self.shell("timeout 10 '\(utictl)' paste -n").stdoutText == "é 𝄞")
    // (wl-copy also offers a text type's bytes as UTF8_STRING and text/plain;charset=utf-8, unchanged,
    // so the paste names plain text, whose first target is the one the charset labels.)
    try Self.wlCopy("-t 'text/plain;charset=iso-8859-1'", input: Data([0xE9]), type: "text/plain;charset=iso-8859-1")
    #expect(try Self.shell("timeout 10 '\(utictl)' paste -n --type public.plain-text").stdoutText == "é")
  }
}

extension SystemPasteboardTests.WestonTests {
  /// Without data-control a client hears only its own copies: a watch says so instead of
  /// waiting for ever. --clear still ends the owner's copy (weston's own clipboard then offers
  /// the saved copy again, as it does whenever a selection goes away).
  @Test func watchNeedsDataControlAndClearEndsTheOwnersCopy() throws {
    let compositor = try Self.compositor.orSkip()
    let utictl = try SystemPasteboardTests.utictl()
    let watch = try compositor.shell("timeout 20 '\(utictl)' paste --watch")
    #expect(watch.status == 2)
    #expect(watch.stderrText.contains("--watch needs one"), "\(watch.stderrText)")
    let directory = try makeTemporaryDirectory("weston-clear")
    defer { try? FileManager.default.removeItem(at: directory) }
    let marker = directory.appendingPathComponent("cleared-\(UUID().uuidString).txt").path
    try Data("to be cleared".utf8).write(to: URL(fileURLWithPath: marker))
    #expect(try compositor.shell("'\(utictl)' copy '\(marker)'").status == 0)
    let serving = SystemPasteboardTests.process { $0.first?.hasSuffix("utictl") == true && $0.contains(marker) }
    #expect(serving != nil, "the copy is served in the background")
    let clear = try compositor.shell("timeout 20 '\(utictl)' copy --clear")
    #expect(clear.status == 0, "\(clear.stderrText)")
    #expect(
      eventually {
        SystemPasteboardTests.process { $0.first?.hasSuffix("utictl") == true && $0.contains(marker) } == nil
      }, "the serving process gave the selection up and exited")
  }
}
