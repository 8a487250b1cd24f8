import Foundation
import Testing
import TypeRegistry

@testable import Pasteboard

/// A bookmark as AppKit apps write them: a URL, its title, and a private type promised lazily.
final class Bookmark: NSObject, NSPasteboardWriting, NSPasteboardReading, @unchecked Sendable {
  static let type = NSPasteboard.PasteboardType("com.example.bookmark")
  let url: URL
  let title: String
  var promisedReads = 0

  init(url: URL, title: String) {
    self.url = url
    self.title = title
  }

  required init?(pasteboardPropertyList propertyList: Any, ofType type: NSPasteboard.PasteboardType) {
    guard let plist = propertyList as? [String: Any], let string = plist["url"] as? String,
      let url = URL(string: string), let title = plist["title"] as? String
    else { return nil }
    self.url = url
    self.title = title
  }

  func writableTypes(for pasteboard: NSPasteboard) -> [NSPasteboard.PasteboardType] { [Self.type, .URL, .string] }

  func writingOptions(forType type: NSPasteboard.PasteboardType, pasteboard: NSPasteboard)
    -> NSPasteboard.WritingOptions
  {
    type == Self.type ? .promised : []
  }

  func pasteboardPropertyList(forType type: NSPasteboard.PasteboardType) -> Any? {
    switch type {
    case Self.type:
      promisedReads += 1
      return ["url": url.absoluteString, "title": title]
    case .URL: return url.absoluteString
    case .string: return title
    case .html: return "<a>never listed</a>"
    default: return nil
    }
  }

  static func readableTypes(for pasteboard: NSPasteboard) -> [NSPasteboard.PasteboardType] { [type] }

  static func readingOptions(forType type: NSPasteboard.PasteboardType, pasteboard: NSPasteboard)
    -> NSPasteboard.ReadingOptions
  { .asPropertyList }
}

/// A reader that asks for a keyed archive, which is refused.
final class Archived: NSObject, NSPasteboardReading {
  static func readableTypes(for pasteboard: NSPasteboard) -> [NSPasteboard.PasteboardType] { [.string] }
  static func readingOptions(forType type: NSPasteboard.PasteboardType, pasteboard: NSPasteboard)
    -> NSPasteboard.ReadingOptions
  { .asKeyedArchive }
  required init?(pasteboardPropertyList propertyList: Any, ofType type: NSPasteboard.PasteboardType) {
    super.init()
  }
}

@Suite("AppKit: writing and reading objects")
struct NSPasteboardObjectsTests {
  let swift = URL(string: "https://swift.org")!

  @Test func onlyTheTypesAWriterListsReachThePasteboardAndPromisesWaitForAReader() throws {
    let pasteboard = NSPasteboard.withUniqueName()
    let bookmark = Bookmark(url: swift, title: "Swift")
    pasteboard.clearContents()
    #expect(pasteboard.writeObjects([bookmark]))
    #expect(pasteboard.types == [Bookmark.type, .URL, .string])
    #expect(pasteboard.data(forType: .html) == nil, "html is not listed, so it is not written")
    #expect(bookmark.promisedReads == 0, "the promised type is not asked for at once")
    let read = try #require(pasteboard.readObjects(forClasses: [Bookmark.self]) as? [Bookmark])
    #expect(read.map(\.title) == ["Swift"])
    #expect(read.first?.url == swift)
    _ = pasteboard.readObjects(forClasses: [Bookmark.self])
    #expect(bookmark.promisedReads == 1, "asked once, when first read")
  }

  @Test func readObjectsTakesTheFirstClassThatReadsEachItem() throws {
    let pasteboard = NSPasteboard.withUniqueName()
    pasteboard.clearContents()
    pasteboard.writeObjects([Bookmark(url: swift, title: "Swift"), "plain" as NSString, swift as NSURL])
    let objects = try #require(pasteboard.readObjects(forClasses: [Bookmark.self, NSString.self]))
    #expect(objects.count == 3)
    #expect((objects[0] as? Bookmark)?.title == "Swift")
    #expect(objects[1] as? String == "plain")
    #expect(objects[2] as? String == swift.absoluteString, "NSURL also writes its text")
    let urls = pasteboard.readObjects(forClasses: [NSURL.self]) as? [URL]
    #expect(urls == [swift, swift], "the bookmark and the URL; the plain text is no URL")
    #expect(pasteboard.canReadObject(forClasses: [NSURL.self]))
    #expect(!pasteboard.canReadObject(forClasses: [NSNumber.self]), "near miss: a class that reads nothing")
    #expect(pasteboard.readObjects(forClasses: [NSNumber.self])?.isEmpty == true)
  }

  @Test func urlOptionsKeepFileURLsAndTheirContentTypes() throws {
    let pasteboard = NSPasteboard.withUniqueName()
    let image = URL(fileURLWithPath: "/tmp/picture.png")
    let text = URL(fileURLWithPath: "/tmp/notes.txt")
    pasteboard.clearContents()
    pasteboard.writeObjects([swift as NSURL, image as NSURL, text as NSURL])
    #expect(pasteboard.types == [.URL, .string, .fileURL], "types once each, in order")
    let all = pasteboard.readObjects(forClasses: [NSURL.self]) as? [URL]
    #expect(all == [swift, image, text])
    let files = pasteboard.readObjects(forClasses: [NSURL.self], options: [.urlReadingFileURLsOnly: true]) as? [URL]
    #expect(files == [image, text])
    let images =
      pasteboard.readObjects(forClasses: [NSURL.self], options: [.urlReadingContentsConformToTypes: ["public.image"]])
      as? [URL]
    #expect(images == [image])
    #expect(
      !pasteboard.canReadObject(
        forClasses: [NSURL.self], options: [.urlReadingContentsConformToTypes: ["public.audio"]]))
  }

  @Test func nsurlWritesToAndReadsFromAPasteboard() throws {
    let pasteboard = NSPasteboard.withUniqueName()
    pasteboard.declareTypes([.URL], owner: nil)
    (swift as NSURL).write(to: pasteboard)
    #expect(pasteboard.pasteboardItems?.count == 1, "written into the declared item")
    #expect(pasteboard.string(forType: .URL) == swift.absoluteString)
    #expect(NSURL(from: pasteboard) as URL? == swift)
    #expect(NSURL(from: NSPasteboard.withUniqueName()) == nil)
  }

  @Test func pasteboardItemsReadAsThemselvesAndTextReadsByConformance() throws {
    let pasteboard = NSPasteboard.withUniqueName()
    let item = NSPasteboardItem()
    item.setString("plain text", forType: NSPasteboard.PasteboardType("public.plain-text"))
    pasteboard.clearContents()
    pasteboard.writeObjects([item])
    let items = pasteboard.readObjects(forClasses: [NSPasteboardItem.self]) as? [NSPasteboardItem]
    #expect(items?.first === item)
    #expect(pasteboard.readObjects(forClasses: [NSString.self]) as? [String] == ["plain text"])
    #expect(item.availableType(from: [.string, NSPasteboard.PasteboardType("public.text")])?.rawValue == "public.text")
  }

  @Test func aKeyedArchiveIsRefused() {
    let pasteboard = NSPasteboard.withUniqueName()
    pasteboard.clearContents()
    pasteboard.setString("archive?", forType: .string)
    #expect(pasteboard.readObjects(forClasses: [Archived.self])?.isEmpty == true)
    #expect(pasteboard.readObjects(forClasses: [Archived.self, NSString.self]) as? [String] == ["archive?"])
  }

  @Test func appKitAndUIKitSeeEachOthersItems() async throws {
    let board = Pasteboard.withUniqueName()
    let pasteboard = NSPasteboard(board: board)
    pasteboard.clearContents()
    pasteboard.writeObjects([Bookmark(url: swift, title: "Swift")])
    #expect(board.types == [Bookmark.type.rawValue, "public.url", "public.utf8-plain-text"])
    #expect(board.string == "Swift")
    #expect(board.url == swift)
    board.itemProviders = [ItemProvider(object: "from UIKit" as NSString)]
    #expect(pasteboard.readObjects(forClasses: [NSString.self]) as? [String] == ["from UIKit"])
    #expect(pasteboard.types == [.string])
  }

  @Test func foundationsWritersListTheirTypes() {
    let pasteboard = NSPasteboard.withUniqueName()
    let text: NSString = "text"
    #expect(text.writableTypes(for: pasteboard) == [.string])
    #expect(text.pasteboardPropertyList(forType: .string) as? String == "text")
    #expect(text.pasteboardPropertyList(forType: .html) == nil, "near miss: a type it does not write")
    let file = NSURL(fileURLWithPath: "/tmp/a.txt")
    #expect(file.writableTypes(for: pasteboard) == [.fileURL, .URL, .string])
    #expect((URL(string: "https://swift.org")! as NSURL).writableTypes(for: pasteboard) == [.URL, .string])
    #expect(NSString.readableTypes(for: pasteboard).first == .string)
    #expect(NSURL.readableTypes(for: pasteboard) == [.fileURL, .URL])
  }

  @Test func pasteboardItemPropertyListInit() throws {
    let item = try #require(NSPasteboardItem(pasteboardPropertyList: ["a": 1] as [String: Any], ofType: .init("x.y")))
    #expect((item.propertyList(forType: .init("x.y")) as? [String: Any])?["a"] as? Int == 1)
    #expect(NSPasteboardItem(pasteboardPropertyList: NSObject(), ofType: .string) == nil)
  }
}
