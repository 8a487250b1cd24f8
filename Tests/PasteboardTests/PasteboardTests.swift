import Foundation
import Testing
import TypeRegistry
import UTIPlatform

@testable import Pasteboard

@Suite("Pasteboards")
struct PasteboardTests {
  @Test func namedPasteboardsAreShared() throws {
    let name = Pasteboard.Name("com.example.board.\(UUID().uuidString)")
    #expect(Pasteboard(name: name, create: false) == nil)
    let board = try #require(Pasteboard(name: name, create: true))
    let again = try #require(Pasteboard(name: name, create: false))
    board.string = "shared"
    #expect(again.string == "shared")
    #expect(again.name == name)
    Pasteboard.remove(withName: name)
    #expect(Pasteboard(name: name, create: false) == nil)
    #expect(board.string == "shared", "a removed board keeps working for its handles")
    #expect(Pasteboard.general.name == .general)
    #expect(Pasteboard.general.name.rawValue == "com.apple.UIKit.pboard.general")
    #expect(Pasteboard.withUniqueName().name != Pasteboard.withUniqueName().name)
  }

  @Test func typesAreConformanceAware() {
    let board = Pasteboard.withUniqueName()
    board.itemProviders = [dataProvider(.png, Data("png".utf8)), ItemProvider(object: "caption" as NSString)]
    #expect(board.numberOfItems == 2)
    #expect(board.types == ["public.png"])
    #expect(board.contains(pasteboardTypes: ["public.image"]))
    #expect(!board.contains(pasteboardTypes: ["public.movie", "public.plain-text"]), "the first item only, as UIKit")
    #expect(board.contains(pasteboardTypes: ["public.movie", "public.plain-text"], inItemSet: nil))
    #expect(!board.contains(pasteboardTypes: ["public.plain-text"], inItemSet: IndexSet(integer: 0)))
    #expect(board.contains(pasteboardTypes: ["public.plain-text"], inItemSet: IndexSet(integer: 1)))
    #expect(!board.contains(pasteboardTypes: ["public.movie"], inItemSet: nil))
    #expect(board.contains([.image]))
    #expect(board.availableType(from: ["public.movie", "public.text", "public.image"]) == "public.text")
    #expect(board.availableType(from: [.jpeg, .png]) == .png)
    #expect(board.availableType(from: ["public.movie"]) == nil)
    #expect(board.data(forPasteboardType: "public.image") == Data("png".utf8))
    #expect(board.data(forType: .png) == Data("png".utf8))
    #expect(board.data(forType: .movie) == nil)
    #expect(board.string == nil, "the first item has no text; UIKit does not look further")
    #expect(board.strings == ["caption"])
    #expect(board.hasStrings && board.hasImages && !board.hasURLs)
  }

  @Test func conveniences() {
    let board = Pasteboard.withUniqueName()
    #expect(board.string == nil)
    #expect(board.strings == nil)
    board.strings = ["a", "b"]
    #expect(board.strings == ["a", "b"])
    #expect(board.string == "a")
    board.url = URL(string: "https://swift.org")
    #expect(board.url == URL(string: "https://swift.org"))
    #expect(board.string == nil)
    board.urls = [URL(fileURLWithPath: "/tmp/a"), URL(string: "https://b.example")!]
    #expect(board.urls == [URL(fileURLWithPath: "/tmp/a"), URL(string: "https://b.example")!])
    #expect(board.types == ["public.file-url"])
    board.setData(Data([1, 2, 3]), forPasteboardType: "public.png")
    #expect(board.data(forPasteboardType: "public.png") == Data([1, 2, 3]))
    #expect(board.contains(pasteboardTypes: ["public.image"]))
  }

  @Test func changeCountGrowsWithEveryChange() {
    let board = Pasteboard.withUniqueName()
    let start = board.changeCount
    board.string = "one"
    #expect(board.changeCount == start + 1)
    _ = board.string
    #expect(board.changeCount == start + 1, "reading is not a change")
    board.setItemProviders([ItemProvider()], localOnly: false, expirationDate: nil)
    #expect(board.changeCount == start + 2)
    #expect(board.clearContents() == start + 3)
    #expect(board.numberOfItems == 0)
    #expect(board.changeCount == start + 3)
  }

  @Test func itemsVanishAtTheirExpirationDate() {
    let clock = Box(Date(timeIntervalSince1970: 1000))
    let board = Pasteboard(storage: Pasteboard.Storage(name: Pasteboard.Name("expiring")), application: .current) {
      clock.value
    }
    board.setItemProviders(
      [ItemProvider(object: "soon gone" as NSString)], localOnly: false,
      expirationDate: Date(timeIntervalSince1970: 1060))
    let count = board.changeCount
    #expect(board.string == "soon gone")
    clock.value = Date(timeIntervalSince1970: 1059.9)
    #expect(board.numberOfItems == 1)
    clock.value = Date(timeIntervalSince1970: 1060)
    #expect(board.numberOfItems == 0)
    #expect(board.string == nil)
    #expect(board.changeCount == count + 1, "expiry is a change")
  }

  @Test func localOnlyItemsAreInvisibleToOtherApplications() {
    let board = Pasteboard.withUniqueName()
    let other = board.accessed(by: AppIdentity(bundleIdentifier: "com.other", processIdentifier: 9))
    board.setItemProviders([ItemProvider(object: "local" as NSString)], localOnly: true, expirationDate: nil)
    #expect(board.string == "local")
    #expect(other.numberOfItems == 0)
    #expect(other.string == nil)
    #expect(!other.contains(pasteboardTypes: ["public.plain-text"]))
    let provider = dataProvider(.png, Data("png".utf8), visibility: .ownProcess)
    provider.registerObject("shared", visibility: .all)
    board.setItemProviders([provider], localOnly: false, expirationDate: nil)
    #expect(other.types == ["public.utf8-plain-text"])
    #expect(!other.contains(pasteboardTypes: ["public.png"]))
    #expect(other.data(forPasteboardType: "public.png") == nil)
    #expect(board.data(forPasteboardType: "public.png") == Data("png".utf8))
  }

  @Test func changesArriveAsAStream() async {
    let board = Pasteboard.withUniqueName()
    let stream = board.changes
    var iterator = stream.makeAsyncIterator()
    let first = await iterator.next()
    board.string = "a"
    board.clearContents()
    #expect(await iterator.next() == first! + 1)
    #expect(await iterator.next() == first! + 2)
  }

  @Test func manyThreadsAtOnce() async {
    let board = Pasteboard.withUniqueName()
    let start = board.changeCount
    await withTaskGroup(of: Void.self) { group in
      for writer in 0..<4 {
        group.addTask {
          for index in 0..<250 {
            board.setItemProviders(
              [ItemProvider(object: "\(writer)-\(index)" as NSString)], localOnly: index.isMultiple(of: 2),
              expirationDate: nil)
          }
        }
      }
      for _ in 0..<4 {
        group.addTask {
          for _ in 0..<250 {
            if let string = board.string { #expect(string.contains("-")) }
            _ = board.contains(pasteboardTypes: ["public.text"])
            _ = board.changeCount
          }
        }
      }
    }
    #expect(board.changeCount == start + 1000)
  }

  @Test func aHandlerThatNeverCompletesDoesNotHangASynchronousRead() {
    let board = Pasteboard.withUniqueName()
    let provider = ItemProvider()
    provider.loadTimeout = 0.05
    provider.registerDataRepresentation(for: .png) { _ in nil }
    board.itemProviders = [provider]
    // Read on a thread of its own, so that a hang fails this test after a minute instead of
    // stopping the run; the read itself gives up after its 0.05 s timeout.
    let finished = Waiter<Bool>()
    let reader = WorkerThread { finished.deliver(board.data(forPasteboardType: "public.png") == nil) }
    #expect(finished.wait(seconds: 60) == true, "the synchronous read did not return")
    reader?.join()
  }
}

/// UIKit's item rules, as ported code uses them: singular getters read the first item,
/// plural and `inItemSet:` forms read every item.
@Suite("Pasteboards: UIKit's item rules")
struct PasteboardItemRuleTests {
  /// A board holding a screenshot and then a caption, as a share action leaves it.
  static func screenshotThenCaption() -> Pasteboard {
    let board = Pasteboard.withUniqueName()
    board.itemProviders = [dataProvider(.png, Data("png".utf8)), ItemProvider(object: "caption" as NSString)]
    return board
  }

  @Test func singularGettersReadTheFirstItemOnly() {
    let board = Self.screenshotThenCaption()
    #expect(board.string == nil)
    #expect(board.url == nil)
    #expect(board.data(forPasteboardType: "public.utf8-plain-text") == nil)
    #expect(board.data(forPasteboardType: "public.png") == Data("png".utf8))
    #expect(!board.contains(pasteboardTypes: ["public.text"]))
  }

  @Test func pluralFormsReadEveryItem() {
    let board = Self.screenshotThenCaption()
    #expect(board.strings == ["caption"])
    #expect(board.data(forPasteboardType: "public.utf8-plain-text", inItemSet: nil) == [Data("caption".utf8)])
    #expect(board.data(forPasteboardType: "public.data", inItemSet: IndexSet([0, 1]))?.count == 2)
    #expect(board.data(forPasteboardType: "public.png", inItemSet: IndexSet(integer: 1)) == nil)
    #expect(board.contains(pasteboardTypes: ["public.text"], inItemSet: nil))
    #expect(board.hasStrings)
    #expect(board.hasImages)
    #expect(!board.hasURLs)
  }

  @Test func itemsAndSetItemsWithOptions() {
    let board = Pasteboard.withUniqueName()
    let link = URL(string: "https://www.kodeco.com")!
    board.setItems(
      [["public.utf8-plain-text": "Hello"], ["public.url": link, "public.png": Data([1, 2])]],
      options: [.localOnly: true])
    #expect(board.numberOfItems == 2)
    #expect(board.string == "Hello")
    #expect(board.urls == [link])
    let items = board.items
    #expect(items.count == 2)
    #expect(items[0]["public.utf8-plain-text"] as? String == "Hello")
    #expect(items[1]["public.url"] as? URL == link)
    #expect(items[1]["public.png"] as? Data == Data([1, 2]))
    let other = board.accessed(by: AppIdentity(bundleIdentifier: "com.example.other"))
    #expect(other.numberOfItems == 0, "local-only items stay in the application")

    let now = Box(Date(timeIntervalSince1970: 1000))
    let clock = Pasteboard(storage: board.storage, application: .current) { now.value }
    clock.setItems(
      [["public.utf8-plain-text": "soon gone"]], options: [.expirationDate: Date(timeIntervalSince1970: 1060)])
    #expect(clock.string == "soon gone")
    now.value = Date(timeIntervalSince1970: 1061)
    #expect(clock.string == nil)
  }

  @Test func aChangePostsTheNotification() {
    let board = Pasteboard.withUniqueName()
    let seen = Box<[Int]>([])
    let observer = NotificationCenter.default.addObserver(
      forName: Pasteboard.changedNotification, object: nil, queue: nil
    ) { note in
      guard note.userInfo?[Pasteboard.nameUserInfoKey] as? String == board.name.rawValue else { return }
      seen.update { $0.append(note.userInfo?[Pasteboard.changeCountUserInfoKey] as? Int ?? -1) }
    }
    defer { NotificationCenter.default.removeObserver(observer) }
    let start = board.changeCount
    board.string = "one"
    board.clearContents()
    #expect(seen.value == [start + 1, start + 2])
  }
}
