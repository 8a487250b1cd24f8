import Foundation
import TestSupport
import Testing
import TypeRegistry
import UTIPlatform

@testable import SystemPasteboard
@testable import SystemPasteboardCore

/// The pasteboard above its backends, without a display: `SystemPasteboard` over a
/// ``FakeBackend`` on an event loop of its own. What every backend relies on the neutral layer
/// for (paste limits, expiry, sensitive offers, change counts, reads) is checked here on any
/// machine; the same behaviours on real desktops are the conformance suite's.
@Suite("System pasteboard: the neutral layer, on a backend of no desktop")
struct NeutralLayerTests {
  static func pasteboard() throws -> (SystemPasteboard, FakeBackend) {
    let fake = try FakeBackend()
    let pasteboard = SystemPasteboard(selection: .clipboard, backend: fake.server, way: fake)
    fake.onChange = { [weak pasteboard] in pasteboard?.selectionChanged() }
    return (pasteboard, fake)
  }

  static func text(_ text: String) -> SystemPasteboard.Item {
    var item = SystemPasteboard.Item()
    item.register(.utf8PlainText) { Array(text.utf8) }
    return item
  }

  @Test func aPasteLimitGivesTheCopyUpAfterThatManyPastes() throws {
    let (pasteboard, fake) = try Self.pasteboard()
    try pasteboard.setItems([Self.text("twice")], fileOperation: .copy, options: .init(pasteLimit: 2))
    #expect(try fake.paste("UTF8_STRING") == Array("twice".utf8))
    #expect(pasteboard.ownsSelection, "one paste of two")
    #expect(try fake.paste("UTF8_STRING") == Array("twice".utf8))
    #expect(eventually { !pasteboard.ownsSelection }, "given up after the second")
    #expect(try fake.paste("UTF8_STRING") == nil)
  }

  @Test func anExpiryEndsItsOwnCopyOnly() throws {
    let (pasteboard, fake) = try Self.pasteboard()
    try pasteboard.setItems(
      [Self.text("brief")], fileOperation: .copy, options: .init(expirationDate: Date(timeIntervalSinceNow: 0.2)))
    #expect(eventually { !pasteboard.ownsSelection }, "given up at its date")
    try pasteboard.setItems(
      [Self.text("replaced")], fileOperation: .copy, options: .init(expirationDate: Date(timeIntervalSinceNow: 0.2)))
    try pasteboard.setItems([Self.text("the replacement")])
    Thread.sleep(forTimeInterval: 0.6)
    #expect(pasteboard.ownsSelection, "the replaced copy's date passed; the replacement stays")
    #expect(try fake.paste("UTF8_STRING") == Array("the replacement".utf8))
  }

  @Test func aSensitiveCopyCarriesThePasswordManagersHint() throws {
    let (pasteboard, fake) = try Self.pasteboard()
    try pasteboard.setItems([Self.text("hunter2")], fileOperation: .copy, options: .init(isSensitive: true))
    #expect(try fake.targets().last == "x-kde-passwordManagerHint")
    #expect(try fake.paste("x-kde-passwordManagerHint") == Array("secret".utf8))
  }

  @Test func changesCountOurCopiesAndOthers() throws {
    let (pasteboard, fake) = try Self.pasteboard()
    let before = pasteboard.changeCount
    try pasteboard.setItems([Self.text("ours")])
    #expect(pasteboard.changeCount == before + 1)
    try fake.otherApplicationCopies()
    #expect(pasteboard.changeCount == before + 2)
    #expect(!pasteboard.ownsSelection)
  }

  @Test func aReadOfOurOwnCopyGoesThroughTheBackend() throws {
    let (pasteboard, _) = try Self.pasteboard()
    try pasteboard.setItems([Self.text("héllo")])
    let found = try #require(try pasteboard.data(conformingTo: .plainText))
    #expect(String(decoding: found.data, as: UTF8.self) == "héllo")
    #expect(try pasteboard.targets().map(\.target).contains("text/plain;charset=utf-8"))
  }

  @Test func aPasteLimitBelowOneIsRefused() throws {
    let (pasteboard, _) = try Self.pasteboard()
    #expect(throws: SystemPasteboardError.self) {
      try pasteboard.setItems([Self.text("never")], fileOperation: .copy, options: .init(pasteLimit: 0))
    }
    #expect(!pasteboard.ownsSelection)
  }
}
