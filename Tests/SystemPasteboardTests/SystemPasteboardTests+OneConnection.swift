import Foundation
import TestSupport
import Testing
import TypeRegistry
import UTIPlatform

@testable import SystemPasteboard
@testable import SystemPasteboardCore

/// A process's pasteboards on one display share one connection, which owns, watches and reads
/// for each of them, as a toolkit's one display connection does.
extension SystemPasteboardTests {
  static func text(_ string: String) -> SystemPasteboard.Item {
    var item = SystemPasteboard.Item()
    item.register(.utf8PlainText, bytes: Array(string.utf8))
    return item
  }

  static func xclipOut(selection: String) throws -> String {
    try shell("timeout 30 xclip -o -selection \(selection) 2>/dev/null").stdoutText
  }

  @Test func theClipboardAndThePrimarySelectionShareOneConnection() throws {
    try Self.server.orSkip()
    let clipboard = try Self.pasteboard(.clipboard)
    try clipboard.setItems([Self.text("on the clipboard")])
    do {
      let primary = try Self.pasteboard(.primary)
      try primary.setItems([Self.text("in the primary selection")])
      let connection = try #require(clipboard.connectionID)
      #expect(primary.connectionID == connection)
      #expect(try Self.xclipOut(selection: "clipboard") == "on the clipboard")
      #expect(try Self.xclipOut(selection: "primary") == "in the primary selection")
      // Each reads the other through the same connection, its own copy too.
      #expect(try primary.data(forTarget: "UTF8_STRING") == Data("in the primary selection".utf8))
      #expect(try clipboard.data(forTarget: "UTF8_STRING") == Data("on the clipboard".utf8))
      #expect(clipboard.readingWindow != primary.readingWindow, "each selection has its requestor window")
    }
    // The primary selection's pasteboard was let go: its selection is given up (its window
    // destroyed), and the connection goes on serving the clipboard.
    #expect(try eventually { try Self.shell("timeout 5 xclip -o -selection primary 2>/dev/null").status != 0 })
    #expect(try Self.xclipOut(selection: "clipboard") == "on the clipboard")
    #expect(clipboard.ownsSelection)
  }

  /// Two pasteboards of the clipboard in one process: the X server tells the first nothing when
  /// the second takes the selection (its owner, the client, did not change); the first hears it.
  @Test func aSecondPasteboardOfTheSameSelectionTakesItFromTheFirst() throws {
    try Self.server.orSkip()
    let first = try Self.pasteboard(.clipboard)
    let second = try Self.pasteboard(.clipboard)
    try first.setItems([Self.text("first")])
    let seen = first.changeCount
    try second.setItems([Self.text("second")])
    #expect(first.connectionID == second.connectionID)
    #expect(eventually { !first.ownsSelection }, "the first no longer owns the clipboard")
    #expect(second.ownsSelection)
    #expect(eventually { first.changeCount > seen }, "the first counts the change of owner")
    #expect(try Self.xclipOut(selection: "clipboard") == "second")
  }
}
