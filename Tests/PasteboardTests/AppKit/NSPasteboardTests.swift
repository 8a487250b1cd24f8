import Foundation
import Testing
import TypeRegistry

@testable import Pasteboard

/// A pasteboard owner that records what it is asked and writes `value` for each type.
final class RecordingOwner: NSObject, NSPasteboardTypeOwner, @unchecked Sendable {
  var asked: [NSPasteboard.PasteboardType] = []
  var changedOwner = 0
  let value: String
  init(value: String) { self.value = value }
  func pasteboard(_ sender: NSPasteboard, provideDataForType type: NSPasteboard.PasteboardType) {
    asked.append(type)
    sender.setString(value, forType: type)
  }
  func pasteboardChangedOwner(_ sender: NSPasteboard) { changedOwner += 1 }
}

/// An item data provider that records what it is asked and writes `value` for each type.
final class RecordingProvider: NSObject, NSPasteboardItemDataProvider, @unchecked Sendable {
  var asked: [NSPasteboard.PasteboardType] = []
  var finished = 0
  let value: Data?
  init(value: Data?) { self.value = value }
  func pasteboard(
    _ pasteboard: NSPasteboard?, item: NSPasteboardItem, provideDataForType type: NSPasteboard.PasteboardType
  ) {
    asked.append(type)
    if let value { item.setData(value, forType: type) }
  }
  func pasteboardFinishedWithDataProvider(_ pasteboard: NSPasteboard) { finished += 1 }
}

@Suite("AppKit: NSPasteboard")
struct NSPasteboardTests {
  @Test func namesAndTypesHaveAppKitsValues() {
    #expect(NSPasteboard.Name.general.rawValue == "Apple CFPasteboard general")
    #expect(NSPasteboard.Name.drag.rawValue == "Apple CFPasteboard drag")
    #expect(NSPasteboard.Name.find.rawValue == "Apple CFPasteboard find")
    #expect(NSPasteboard.PasteboardType.string.rawValue == "public.utf8-plain-text")
    #expect(NSPasteboard.PasteboardType.URL.rawValue == "public.url")
    #expect(NSPasteboard.PasteboardType.fileURL.rawValue == "public.file-url")
    #expect(NSPasteboard.PasteboardType.pdf.rawValue == "com.adobe.pdf")
    #expect(NSPasteboard.PasteboardType.rtfd.rawValue == "com.apple.flat-rtfd")
    #expect(NSPasteboard.PasteboardType.tabularText.rawValue == "public.utf8-tab-separated-values-text")
    #expect(NSPasteboard.PasteboardType("com.example.bookmark").rawValue == "com.example.bookmark")
    #expect(NSPasteboard.general.name == .general)
  }

  @Test func handlesWithOneNameShareContentsAndUniqueNamesDoNot() {
    let name = NSPasteboard.Name("com.example.appkit.\(UUID().uuidString)")
    let one = NSPasteboard(name: name)
    let other = NSPasteboard(name: name)
    one.clearContents()
    one.setString("shared", forType: .string)
    #expect(other.string(forType: .string) == "shared")
    #expect(one == other)
    let unique = NSPasteboard.withUniqueName()
    #expect(unique.name != NSPasteboard.withUniqueName().name)
    #expect(unique.string(forType: .string) == nil)
    #expect(unique != one)
  }

  @Test func changeCountGrowsWithNewOwnersNotWithWrites() {
    let pasteboard = NSPasteboard.withUniqueName()
    let start = pasteboard.changeCount
    let cleared = pasteboard.clearContents()
    #expect(cleared == start + 1)
    pasteboard.setString("a", forType: .string)
    pasteboard.writeObjects(["b" as NSString])
    #expect(pasteboard.changeCount == cleared, "writes after clearContents are the same ownership")
    #expect(pasteboard.prepareForNewContents(with: .currentHostOnly) == cleared + 1)
    #expect(pasteboard.declareTypes([.string], owner: nil) == cleared + 2)
  }

  @Test func clearContentsEmptiesTypesAndItems() {
    let pasteboard = NSPasteboard.withUniqueName()
    pasteboard.writeObjects(["one" as NSString, "two" as NSString])
    #expect(pasteboard.pasteboardItems?.count == 2)
    pasteboard.clearContents()
    #expect(pasteboard.types == [])
    #expect(pasteboard.pasteboardItems?.isEmpty == true)
    #expect(pasteboard.string(forType: .string) == nil)
  }

  @Test func stringsOfSeveralItemsJoinWithNewlinesButDataReadsTheFirstItem() {
    let pasteboard = NSPasteboard.withUniqueName()
    pasteboard.clearContents()
    pasteboard.writeObjects(["alpha" as NSString, "beta" as NSString])
    #expect(pasteboard.string(forType: .string) == "alpha\nbeta")
    #expect(pasteboard.data(forType: .string) == Data("alpha".utf8))
    #expect(pasteboard.propertyList(forType: .string) as? String == "alpha")
  }

  @Test func dataReadsTheFirstItemThatHasTheType() {
    let pasteboard = NSPasteboard.withUniqueName()
    let text = NSPasteboardItem()
    text.setString("caption", forType: .string)
    let image = NSPasteboardItem()
    image.setData(Data([0x89, 0x50]), forType: .png)
    pasteboard.clearContents()
    pasteboard.writeObjects([text, image])
    #expect(pasteboard.data(forType: .png) == Data([0x89, 0x50]), "the second item is the first with PNG")
    #expect(pasteboard.types == [.string, .png], "types are every item's, in order")
    #expect(pasteboard.data(forType: .tiff) == nil)
  }

  @Test func availableTypeTakesTheCallersOrderAndConformance() {
    let pasteboard = NSPasteboard.withUniqueName()
    pasteboard.clearContents()
    pasteboard.setString("caption", forType: .string)
    pasteboard.writeObjects([NSPasteboardItem(pasteboardPropertyList: Data([1]), ofType: .png)!])
    #expect(pasteboard.availableType(from: [.png, .string]) == .png)
    #expect(pasteboard.availableType(from: [.string, .png]) == .string)
    #expect(pasteboard.availableType(from: [.tiff, .pdf]) == nil, "near miss: no item has either")
    let image = NSPasteboard.PasteboardType(UTType.image.identifier)
    #expect(pasteboard.availableType(from: [.tiff, image]) == image, "public.png conforms to public.image")
    #expect(pasteboard.data(forType: image) == Data([1]))
    #expect(pasteboard.canReadItem(withDataConformingToTypes: ["public.image"]))
    #expect(pasteboard.canReadItem(withDataConformingToTypes: ["public.text"]))
    #expect(!pasteboard.canReadItem(withDataConformingToTypes: ["public.audio"]))
  }

  @Test func propertyListsAreStoredAsUTF8OrSerialized() throws {
    let pasteboard = NSPasteboard.withUniqueName()
    pasteboard.clearContents()
    let bookmark = NSPasteboard.PasteboardType("com.example.bookmark")
    #expect(pasteboard.setPropertyList(["title": "Swift", "visits": 3] as [String: Any], forType: bookmark))
    #expect(pasteboard.setPropertyList("plain", forType: .string))
    #expect(pasteboard.data(forType: .string) == Data("plain".utf8), "a String is stored as UTF-8")
    let stored = try #require(pasteboard.data(forType: bookmark))
    #expect(String(decoding: stored, as: UTF8.self).contains("<plist"), "other property lists are serialized")
    let read = try #require(pasteboard.propertyList(forType: bookmark) as? [String: Any])
    #expect(read["title"] as? String == "Swift")
    #expect(read["visits"] as? Int == 3)
    #expect(!pasteboard.setPropertyList(NSObject(), forType: bookmark), "near miss: not a property list")
  }

  @Test func anOwnerIsAskedOnceOnlyWhenReadAndToldWhenReplaced() {
    let pasteboard = NSPasteboard.withUniqueName()
    let owner = RecordingOwner(value: "lazy")
    pasteboard.declareTypes([.string, .html], owner: owner)
    #expect(pasteboard.types == [.string, .html], "lazy types are listed at once")
    #expect(owner.asked.isEmpty)
    #expect(pasteboard.string(forType: .string) == "lazy")
    #expect(pasteboard.string(forType: .string) == "lazy")
    #expect(owner.asked == [.string], "asked once, for the type read only")
    pasteboard.addTypes([.rtf], owner: owner)
    #expect(pasteboard.types == [.string, .html, .rtf])
    #expect(owner.changedOwner == 0)
    pasteboard.clearContents()
    #expect(owner.changedOwner == 1)
    #expect(owner.asked == [.string])
  }

  @Test func declaredTypesWithoutAnOwnerWaitForTheirData() {
    let pasteboard = NSPasteboard.withUniqueName()
    pasteboard.declareTypes([.string], owner: nil)
    #expect(pasteboard.types == [.string])
    #expect(pasteboard.string(forType: .string) == nil)
    #expect(pasteboard.setString("now", forType: .string))
    #expect(pasteboard.string(forType: .string) == "now")
    #expect(!pasteboard.setData(nil, forType: .string), "nil data writes nothing")
  }

  @Test func anItemsDataProviderIsAskedOnceOnlyWhenReadAndToldWhenDone() {
    let pasteboard = NSPasteboard.withUniqueName()
    let provider = RecordingProvider(value: Data("promised".utf8))
    let item = NSPasteboardItem()
    item.setDataProvider(provider, forTypes: [.string, .html])
    pasteboard.clearContents()
    pasteboard.writeObjects([item])
    #expect(item.types == [.string, .html])
    #expect(provider.asked.isEmpty)
    #expect(pasteboard.string(forType: .html) == "promised")
    _ = pasteboard.data(forType: .html)
    #expect(provider.asked == [.html])
    let silent = RecordingProvider(value: nil)
    let empty = NSPasteboardItem()
    empty.setDataProvider(silent, forTypes: [.png])
    #expect(empty.data(forType: .png) == nil)
    #expect(empty.data(forType: .png) == nil)
    #expect(silent.asked == [.png], "a provider that wrote nothing is not asked again")
    pasteboard.clearContents()
    #expect(provider.finished == 1)
  }

  @Test func pasteboardItemsKeepTheirIdentity() {
    let pasteboard = NSPasteboard.withUniqueName()
    let first = NSPasteboardItem()
    first.setString("1", forType: .string)
    let second = NSPasteboardItem()
    second.setString("2", forType: .string)
    pasteboard.clearContents()
    pasteboard.writeObjects([first, second])
    let items = pasteboard.pasteboardItems ?? []
    #expect(items.count == 2)
    #expect(items.first === first)
    #expect(pasteboard.index(of: second) == 1)
    #expect(pasteboard.index(of: NSPasteboardItem()) == NSNotFound)
    let board = Pasteboard.withUniqueName()
    board.string = "from UIKit"
    let view = NSPasteboard(board: board)
    #expect(view.pasteboardItems?.first === view.pasteboardItems?.first, "a wrapped model item is wrapped once")
  }

  @Test func releaseGloballyForgetsTheName() {
    let name = NSPasteboard.Name("com.example.appkit.release.\(UUID().uuidString)")
    let pasteboard = NSPasteboard(name: name)
    pasteboard.clearContents()
    pasteboard.setString("gone", forType: .string)
    pasteboard.releaseGlobally()
    #expect(NSPasteboard(name: name).string(forType: .string) == nil)
  }

  @Test func aNameIsSharedWithUIKitsPasteboardOfThatNameAndGeneralWithGeneral() throws {
    let name = "com.example.appkit.shared.\(UUID().uuidString)"
    let appKit = NSPasteboard(name: NSPasteboard.Name(name))
    let uiKit = try #require(Pasteboard(name: Pasteboard.Name(name), create: false))
    appKit.clearContents()
    appKit.setString("from AppKit", forType: .string)
    #expect(uiKit.string == "from AppKit")
    uiKit.url = URL(string: "https://swift.org")
    #expect(appKit.readObjects(forClasses: [NSURL.self]) as? [URL] == [URL(string: "https://swift.org")!])
    #expect(appKit.changeCount == uiKit.changeCount)
    // The general pasteboards have different names in AppKit and UIKit, and one board (compared
    // without writing: other suites use the general pasteboard meanwhile).
    #expect(NSPasteboard.general.board.storage === Pasteboard.general.storage)
    #expect(NSPasteboard(name: .drag).board.storage !== Pasteboard.general.storage)
  }

}
