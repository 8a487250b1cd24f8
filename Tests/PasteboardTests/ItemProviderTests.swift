import Foundation
import TestSupport
import Testing
import TypeRegistry

@testable import Pasteboard

@Suite("Item providers: registration, queries and resolution")
struct ItemProviderRegistrationTests {
  @Test func registrationOrderIsFidelityOrder() {
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .png) { _ in nil }
    provider.registerFileRepresentation(for: .jpeg, openInPlace: true) { _ in nil }
    provider.registerDataRepresentation(forTypeIdentifier: "public.utf8-plain-text", visibility: .all) { _ in nil }
    #expect(provider.registeredTypeIdentifiers == ["public.png", "public.jpeg", "public.utf8-plain-text"])
    #expect(provider.registeredContentTypes == [.png, .jpeg, .utf8PlainText])
    #expect(provider.registeredContentTypes(conformingTo: .image) == [.png, .jpeg])
    #expect(provider.registeredTypeIdentifiers(fileOptions: []).count == 3)
    #expect(provider.registeredTypeIdentifiers(fileOptions: .openInPlace) == ["public.jpeg"])
    #expect(provider.registeredContentTypesForOpenInPlace == [.jpeg])
    #expect(provider.hasItemConformingToTypeIdentifier("public.image"))
    #expect(provider.hasItemConformingToTypeIdentifier("public.data"))
    #expect(!provider.hasItemConformingToTypeIdentifier("public.movie"))
    #expect(provider.hasRepresentationConforming(toTypeIdentifier: "public.image", fileOptions: .openInPlace))
    #expect(!provider.hasRepresentationConforming(toTypeIdentifier: "public.png", fileOptions: .openInPlace))
    #expect(provider.canLoadObject(ofClass: String.self))
    #expect(provider.canLoadObject(ofClass: Data.self))
    #expect(!provider.canLoadObject(ofClass: URL.self))
  }

  @Test func aRequestIsServedByTheFirstConformingRepresentation() async throws {
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .jpeg) { completion in
      completion(Data("jpeg".utf8), nil)
      return nil
    }
    provider.registerDataRepresentation(for: .png) { completion in
      completion(Data("png".utf8), nil)
      return nil
    }
    #expect(try await provider.loadDataRepresentation(for: .image) == Data("jpeg".utf8))
    #expect(try await provider.loadDataRepresentation(for: .data) == Data("jpeg".utf8))
    #expect(try await provider.loadDataRepresentation(for: .png) == Data("png".utf8))
    #expect(try await provider.loadDataRepresentation(forTypeIdentifier: "public.png") == Data("png".utf8))
  }

  @Test func initWithObjectRegistersTheWritableTypes() async throws {
    let text = ItemProvider(object: "Hello" as NSString)
    #expect(text.registeredTypeIdentifiers == ["public.utf8-plain-text"])
    let web = ItemProvider(object: URL(string: "https://example.com/a")! as NSURL)
    #expect(web.registeredTypeIdentifiers == ["public.url"])
    let file = ItemProvider(object: URL(fileURLWithPath: "/tmp/x.txt"))
    #expect(file.registeredTypeIdentifiers == ["public.file-url"])
    let data = ItemProvider(object: Data([1, 2, 3]))
    #expect(data.registeredTypeIdentifiers == ["public.data"])
    #expect(try await data.loadDataRepresentation(for: .data) == Data([1, 2, 3]))
  }

  @Test func initWithItemNeedsATypeIdentifierAsApplesDoes() async throws {
    // Apple: "If item is not nil, this parameter must not be nil." An item without one is not
    // registered, so code relying on a guess fails here as there.
    #expect(ItemProvider(item: "x" as NSString, typeIdentifier: nil).registeredTypeIdentifiers.isEmpty)
    #expect(ItemProvider(item: NSData(), typeIdentifier: nil).registeredTypeIdentifiers.isEmpty)
    #expect(ItemProvider(item: "swift", typeIdentifier: nil).registeredTypeIdentifiers.isEmpty)
    #expect(
      ItemProvider(item: URL(string: "https://swift.org")!, typeIdentifier: nil).registeredTypeIdentifiers.isEmpty)
    #expect(!ItemProvider(item: "swift", typeIdentifier: nil).canLoadObject(ofClass: String.self))
    #expect(ItemProvider(item: nil, typeIdentifier: "public.png").registeredTypeIdentifiers.isEmpty)
    let text = ItemProvider(item: "swift", typeIdentifier: "public.utf8-plain-text")
    #expect(text.registeredTypeIdentifiers == ["public.utf8-plain-text"])
    #expect(try await text.loadObject(ofClass: String.self) == "swift")
    let png = ItemProvider(item: NSData(data: Data([0x89])), typeIdentifier: "public.png")
    #expect(png.registeredContentTypes == [.png])
    #expect(try await png.loadDataRepresentation(for: .image) == Data([0x89]))
  }

  @Test func initContentsOfTakesTheTypeFromTheExtension() async throws {
    let directory = try makeTemporaryDirectory("swift-uti-tests")
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("Bug Report.png")
    try Data("image bytes".utf8).write(to: file)
    let provider = try #require(ItemProvider(contentsOf: file))
    #expect(provider.registeredContentTypes == [.png])
    #expect(provider.suggestedName == "Bug Report")
    #expect(try await provider.loadDataRepresentation(for: .png) == Data("image bytes".utf8))
    #expect(ItemProvider(contentsOf: directory.appendingPathComponent("missing.png")) == nil)
    #expect(ItemProvider(contentsOf: directory) == nil)
    #expect(ItemProvider(contentsOf: URL(string: "https://example.com/a.png")!) == nil)
    let unknown = directory.appendingPathComponent("notes.zzqx")
    try Data("?".utf8).write(to: unknown)
    // Apple: "If the system can't determine a specific universal type identifier based on the
    // filename extension, it assigns the public.data universal type identifier."
    let undeclared = try #require(ItemProvider(contentsOf: unknown))
    #expect(undeclared.registeredContentTypes == [.data])
    let bare = directory.appendingPathComponent("README")
    try Data("?".utf8).write(to: bare)
    #expect(ItemProvider(contentsOf: bare)?.registeredContentTypes == [.data])
  }

  @Test func representationsAreProducedOnlyWhenLoaded() async throws {
    let calls = Counter()
    let provider = ItemProvider()
    provider.registerObject(ofClass: NSString.self, visibility: .all) { completion in
      calls.increment()
      completion("lazy" as NSString, nil)
      return nil
    }
    #expect(provider.registeredTypeIdentifiers == ["public.utf8-plain-text"])
    #expect(calls.value == 0)
    #expect(try await provider.loadObject(ofClass: String.self) == "lazy")
    #expect(calls.value == 1)
  }

  @Test func arrowToolRoundTripsByItsExportedType() async throws {
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .arrowTool) { completion in
      completion(Data("arrow".utf8), nil)
      return nil
    }
    #expect(provider.hasItemConformingToTypeIdentifier("com.raywenderlich.pointybug.tool.arrow"))
    #expect(provider.hasItemConformingToTypeIdentifier("public.data"))
    #expect(!provider.hasItemConformingToTypeIdentifier("public.image"))
    #expect(try await provider.loadDataRepresentation(for: .arrowTool) == Data("arrow".utf8))
  }
}

@Suite("Item providers: coercions")
struct ItemProviderCoercionTests {
  @Test func aFileRepresentationServesADataRequestWithItsBytes() async throws {
    let directory = try makeTemporaryDirectory("swift-uti-tests")
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("picture.png")
    try Data("file bytes".utf8).write(to: file)
    let provider = ItemProvider()
    provider.registerFileRepresentation(for: .png) { completion in
      completion(file, false, nil)
      return nil
    }
    #expect(try await provider.loadDataRepresentation(for: .png) == Data("file bytes".utf8))
  }

  @Test func aDataRepresentationServesAFileRequestWithANamedTemporaryFile() async throws {
    let provider = dataProvider(.png, Data("png bytes".utf8))
    provider.suggestedName = "Bug Report"
    let seen = Box<(String, Data, Bool)?>(nil)
    let (url, error) = await completion { done in
      provider.loadFileRepresentation(forTypeIdentifier: "public.image") { url, error in
        if let url {
          seen.value = (
            url.lastPathComponent, (try? Data(contentsOf: url)) ?? Data(),
            FileManager.default.fileExists(atPath: url.path)
          )
        }
        done(url, error)
      }
    }
    #expect(error == nil)
    let (name, contents, existed) = try #require(seen.value)
    #expect(name == "Bug Report.png")
    #expect(contents == Data("png bytes".utf8))
    #expect(existed)
    let path = try #require(url).path
    #expect(await suspendUntil { !FileManager.default.fileExists(atPath: path) }, "deleted once the handler returned")
  }

  @Test func theTemporaryDirectoryIsPrivate() throws {
    let root = try TemporaryFiles.root()
    let attributes = try FileManager.default.attributesOfItem(atPath: root)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
    let load = try TemporaryFiles.makeLoadDirectory()
    defer { TemporaryFiles.remove(load) }
    let loadAttributes = try FileManager.default.attributesOfItem(atPath: load)
    #expect((loadAttributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
    #expect(load.hasPrefix(root + "/"))
  }

  @Test func stringsServePlainTextRequests() async throws {
    let provider = ItemProvider(item: "café" as NSString, typeIdentifier: "public.text")
    #expect(provider.hasItemConformingToTypeIdentifier("public.plain-text"))
    #expect(provider.hasItemConformingToTypeIdentifier("public.utf8-plain-text"))
    #expect(try await provider.loadDataRepresentation(for: .utf8PlainText) == Data("café".utf8))
    #expect(try await provider.loadDataRepresentation(for: .plainText) == Data("café".utf8))
    #expect(try await provider.loadObject(ofClass: NSString.self) == "café")
  }

  @Test func urlsServeURLRequests() async throws {
    let web = ItemProvider(item: NSURL(string: "https://example.com/x")!, typeIdentifier: "com.example.link")
    #expect(web.hasItemConformingToTypeIdentifier("public.url"))
    #expect(!web.hasItemConformingToTypeIdentifier("public.file-url"))
    #expect(try await web.loadObject(ofClass: URL.self) == URL(string: "https://example.com/x"))
    let file = ItemProvider(item: NSURL(fileURLWithPath: "/tmp/a b.txt"), typeIdentifier: "com.example.link")
    #expect(file.hasItemConformingToTypeIdentifier("public.file-url"))
    #expect(try await file.loadDataRepresentation(for: .fileURL) == Data("file:///tmp/a%20b.txt".utf8))
    #expect(try await file.loadObject(ofClass: NSURL.self) == NSURL(fileURLWithPath: "/tmp/a b.txt"))
  }

  @Test func loadObjectReadsEachStandardClass() async throws {
    let provider = ItemProvider()
    provider.registerObject("text" as NSString, visibility: .all)
    provider.registerObject(URL(string: "https://swift.org")!, visibility: .all)
    #expect(try await provider.loadObject(ofClass: String.self) == "text")
    #expect(try await provider.loadObject(ofClass: NSString.self) == "text")
    #expect(try await provider.loadObject(ofClass: URL.self) == URL(string: "https://swift.org"))
    #expect(try await provider.loadObject(ofClass: NSURL.self) == NSURL(string: "https://swift.org"))
    #expect(try await provider.loadObject(ofClass: Data.self) == Data("text".utf8))
    #expect(try await provider.loadObject(ofClass: NSData.self) == NSData(data: Data("text".utf8)))
    let utf16 = dataProvider(.utf16PlainText, "hé".data(using: .utf16)!)
    #expect(try await utf16.loadObject(ofClass: String.self) == "hé")
  }

  @Test func loadObjectWithTheCompletionHandler() async {
    let provider = ItemProvider(object: "Hello" as NSString)
    let (object, error) = await completion { done in
      provider.loadObject(ofClass: NSString.self) { string, error in done(string.map { $0 as String }, error) }
    }
    #expect(error == nil)
    #expect(object == "Hello")
  }

  @Test func loadItemGivesSecureCodingValues() async throws {
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .png) { completion in
      completion(Data([1, 2]), nil)
      return nil
    }
    provider.registerObject("note", visibility: .all)
    provider.registerItem(forTypeIdentifier: "com.example.legacy") { completion, expectedClass, options in
      #expect(expectedClass == nil)
      completion(NSString(string: "\(options?["key"] ?? "none")"), nil)
    }
    let (png, _) = await completion { done in
      provider.loadItem(forTypeIdentifier: "public.png", options: nil) { item, error in
        done((item as? NSData).map { Data(referencing: $0) }, error)
      }
    }
    #expect(png == Data([1, 2]))
    let (note, _) = await completion { done in
      provider.loadItem(forTypeIdentifier: "public.plain-text", options: nil) { item, error in
        done((item as? NSString).map { $0 as String }, error)
      }
    }
    #expect(note == "note")
    let (legacy, _) = await completion { done in
      provider.loadItem(forTypeIdentifier: "com.example.legacy", options: ["key": "value"]) { item, error in
        done((item as? NSString).map { $0 as String }, error)
      }
    }
    #expect(legacy == "value")
  }

  @Test func inPlaceFilesAreTheOriginalAndAreKept() async throws {
    let directory = try makeTemporaryDirectory("swift-uti-tests")
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("movie.mov")
    try Data("frames".utf8).write(to: file)
    let inPlace = try #require(ItemProvider(contentsOf: file, contentType: .quickTimeMovie, openInPlace: true))
    let (url, error) = await completion { done in
      inPlace.loadInPlaceFileRepresentation(forTypeIdentifier: "public.movie") { url, isInPlace, error in
        done(url.map { ($0, isInPlace) }, error)
      }
    }
    #expect(error == nil)
    #expect(url?.0 == file)
    #expect(url?.1 == true)
    let copied = try #require(ItemProvider(contentsOf: file, contentType: .quickTimeMovie, openInPlace: false))
    let (copy, _) = await completion { done in
      copied.loadInPlaceFileRepresentation(forTypeIdentifier: "public.movie") { url, isInPlace, error in
        done(url.map { ($0.path, isInPlace) }, error)
      }
    }
    #expect(copy?.0 != file.path)
    #expect(copy?.1 == false)
    #expect(FileManager.default.fileExists(atPath: file.path), "the original is never deleted")
  }

  @Test func copyFileRepresentationKeepsTheFileInTheChosenDirectory() async throws {
    let directory = try makeTemporaryDirectory("swift-uti-tests")
    defer { try? FileManager.default.removeItem(at: directory) }
    let provider = dataProvider(.png, Data("png".utf8))
    provider.suggestedName = "Shot"
    let first = try await provider.copyFileRepresentation(for: .png, to: directory)
    let second = try await provider.copyFileRepresentation(for: .png, to: directory)
    #expect(first.lastPathComponent == "Shot.png")
    #expect(second.lastPathComponent == "Shot 2.png")
    #expect(try Data(contentsOf: first) == Data("png".utf8))
    #expect(try Data(contentsOf: second) == Data("png".utf8))
    let (url, error) = await completion { done in
      provider.copyFileRepresentation(for: .png, to: directory, completionHandler: done)
    }
    #expect(error == nil)
    #expect(url?.lastPathComponent == "Shot 3.png")
    #expect(FileManager.default.fileExists(atPath: url!.path), "the copy outlives the completion handler")
  }
}
