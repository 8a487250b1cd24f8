import Foundation
import TestSupport
import Testing

@testable import SystemPasteboard
@testable import SystemPasteboardCore
@testable import SystemPasteboardWayland

/// A process's data-control pasteboards on one compositor share one connection and one
/// device, which owns, watches and reads for each of them.
extension SystemPasteboardTests.WaylandTests {
  @Test func theClipboardAndThePrimarySelectionShareOneConnection() throws {
    try Self.compositor.orSkip()
    let clipboard = try Self.pasteboard(.clipboard)
    try clipboard.setItems([SystemPasteboardTests.text("on the clipboard")])
    do {
      let primary = try Self.pasteboard(.primary)
      try primary.setItems([SystemPasteboardTests.text("in the primary selection")])
      let connection = try #require(clipboard.connectionID)
      #expect(primary.connectionID == connection)
      #expect(try Self.wlPaste().stdoutText == "on the clipboard")
      #expect(try Self.wlPaste("-p").stdoutText == "in the primary selection")
      // Each reads its selection through the same connection, its own copy too.
      #expect(try primary.data(forTarget: "UTF8_STRING") == Data("in the primary selection".utf8))
      #expect(try clipboard.data(forTarget: "UTF8_STRING") == Data("on the clipboard".utf8))
    }
    // The primary selection's pasteboard was let go: its source is destroyed (nothing owns the
    // primary selection), and the connection goes on serving the clipboard.
    #expect(try eventually { try Self.wlPaste("-p").status != 0 })
    #expect(try Self.wlPaste().stdoutText == "on the clipboard")
    #expect(clipboard.ownsSelection)
  }

  /// Two pasteboards of the clipboard in one process: the second's copy cancels the first's
  /// source, and the first counts the change of owner.
  @Test func aSecondPasteboardOfTheSameSelectionTakesItFromTheFirst() throws {
    try Self.compositor.orSkip()
    let first = try Self.pasteboard(.clipboard)
    let second = try Self.pasteboard(.clipboard)
    try first.setItems([SystemPasteboardTests.text("first")])
    let seen = first.changeCount
    let secondSeen = second.changeCount
    try second.setItems([SystemPasteboardTests.text("second")])
    #expect(first.connectionID == second.connectionID)
    #expect(eventually { !first.ownsSelection }, "the first no longer owns the clipboard")
    #expect(second.ownsSelection)
    #expect(eventually { first.changeCount > seen }, "the first counts the change of owner")
    #expect(second.changeCount == secondSeen + 1, "the second counts its own copy once")
    #expect(try Self.wlPaste().stdoutText == "second")
  }
}
