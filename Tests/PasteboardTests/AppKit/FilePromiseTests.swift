import Foundation
import TestSupport
import Testing
import TypeRegistry
import UTIPlatform

@testable import Pasteboard

/// A delegate that writes `contents` in the completion handler's form, and counts its writes.
final class CompletionWriter: NSObject, NSFilePromiseProviderDelegate, @unchecked Sendable {
  let name: String
  let contents: String
  let queue = OperationQueue()
  var writes = 0
  init(name: String = "invoice.pdf", contents: String = "%PDF-1.7 promised") {
    (self.name, self.contents) = (name, contents)
  }
  func filePromiseProvider(_ provider: NSFilePromiseProvider, fileNameForType fileType: String) -> String { name }
  func filePromiseProvider(
    _ provider: NSFilePromiseProvider, writePromiseTo url: URL,
    completionHandler: @escaping @Sendable ((any Error)?) -> Void
  ) {
    writes += 1
    do {
      try Data(contents.utf8).write(to: url)
      completionHandler(nil)
    } catch {
      completionHandler(error)
    }
  }
  func operationQueue(for provider: NSFilePromiseProvider) -> OperationQueue { queue }
}

/// A delegate that writes in the `async` form only.
final class AsyncWriter: NSObject, NSFilePromiseProviderDelegate, @unchecked Sendable {
  let queue = OperationQueue()
  func filePromiseProvider(_ provider: NSFilePromiseProvider, fileNameForType fileType: String) -> String {
    "photo.jpeg"
  }
  func filePromiseProvider(_ provider: NSFilePromiseProvider, writePromiseTo url: URL) async throws {
    try await Task.sleep(for: .milliseconds(10))
    try Data("jpeg bytes".utf8).write(to: url)
  }
  func operationQueue(for provider: NSFilePromiseProvider) -> OperationQueue { queue }
}

/// A delegate that names the file and writes it in neither form.
final class SilentWriter: NSObject, NSFilePromiseProviderDelegate, @unchecked Sendable {
  let queue = OperationQueue()
  func filePromiseProvider(_ provider: NSFilePromiseProvider, fileNameForType fileType: String) -> String { "x.txt" }
  func operationQueue(for provider: NSFilePromiseProvider) -> OperationQueue { queue }
}

/// A promise that also writes a title, as Mail's and Photos' subclasses add their types.
final class TitledPromise: NSFilePromiseProvider, @unchecked Sendable {
  static let title = NSPasteboard.PasteboardType("com.example.attachment-title")
  override func writableTypes(for pasteboard: NSPasteboard) -> [NSPasteboard.PasteboardType] {
    [Self.title, .string] + super.writableTypes(for: pasteboard)
  }
  override func pasteboardPropertyList(forType type: NSPasteboard.PasteboardType) -> Any? {
    type == Self.title || type == .string ? "Invoice for December" : super.pasteboardPropertyList(forType: type)
  }
}

@Suite("AppKit: file promises")
struct FilePromiseTests {
  /// Receives every promise on `pasteboard` into `folder`: each file's URL, or the error.
  static func receive(_ pasteboard: NSPasteboard, into folder: URL) async throws -> [(URL, String?)] {
    let receivers = pasteboard.readObjects(forClasses: [NSFilePromiseReceiver.self]) as? [NSFilePromiseReceiver] ?? []
    var results: [(URL, String?)] = []
    for receiver in receivers {
      let queue = OperationQueue()
      results.append(
        await withCheckedContinuation { continuation in
          receiver.receivePromisedFiles(atDestination: folder, options: [:], operationQueue: queue) { url, error in
            continuation.resume(returning: (url, error.map { "\($0)" }))
          }
        })
    }
    return results
  }

  /// A pasteboard of its own holding `writer`, written as AppKit asks (cleared first).
  static func pasteboard(holding writer: any NSPasteboardWriting) -> NSPasteboard {
    let pasteboard = NSPasteboard.withUniqueName()
    pasteboard.clearContents()
    pasteboard.writeObjects([writer])
    return pasteboard
  }

  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("promises-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Nothing is written until the destination receives the promise, then the file is written
  /// where it asked, under the source's name; the receiver tells its type, and its name once
  /// received.
  @Test func aPromiseIsWrittenOnlyWhenReceivedWhereTheDestinationAsks() async throws {
    let writer = CompletionWriter()
    let promise = NSFilePromiseProvider(fileType: UTType.pdf.identifier, delegate: writer)
    let pasteboard = Self.pasteboard(holding: promise)
    let receivers = pasteboard.readObjects(forClasses: [NSFilePromiseReceiver.self]) as? [NSFilePromiseReceiver]
    #expect(receivers?.count == 1)
    #expect(receivers?.first?.fileTypes == ["com.adobe.pdf"])
    #expect(receivers?.first?.fileNames == [], "no name until received")
    #expect(writer.writes == 0, "reading the promise writes nothing")
    let folder = try Self.folder()
    let results = try await Self.receive(pasteboard, into: folder)
    #expect(results.map(\.0.lastPathComponent) == ["invoice.pdf"] && results.first?.1 == nil, "\(results)")
    #expect(
      try String(contentsOf: folder.appendingPathComponent("invoice.pdf"), encoding: .utf8) == "%PDF-1.7 promised")
    #expect(writer.writes == 1)
    #expect(pasteboard.types?.contains(.init("com.apple.pasteboard.promised-file-content-type")) == true)
    #expect(NSFilePromiseReceiver.readableDraggedTypes.contains("com.apple.NSFilePromiseItemMetaData"))
  }

  /// The `async throws` form is enough (Swift imports AppKit's method so).
  @Test func theAsyncFormWritesTheFile() async throws {
    let writer = AsyncWriter()
    let pasteboard = Self.pasteboard(holding: NSFilePromiseProvider(fileType: UTType.jpeg.identifier, delegate: writer))
    let folder = try Self.folder()
    let results = try await Self.receive(pasteboard, into: folder)
    #expect(results.first?.1 == nil, "\(results)")
    #expect(try String(contentsOf: folder.appendingPathComponent("photo.jpeg"), encoding: .utf8) == "jpeg bytes")
  }

  /// A delegate that writes in neither form fails the receive with a reason, never a loop.
  @Test func aDelegateThatWritesInNeitherFormFails() async throws {
    let writer = SilentWriter()
    let pasteboard = Self.pasteboard(
      holding: NSFilePromiseProvider(fileType: UTType.plainText.identifier, delegate: writer))
    let results = try await Self.receive(pasteboard, into: try Self.folder())
    #expect(results.first?.1?.contains("implements neither") == true, "\(results)")
  }

  /// The writer gets "the final filename" (AppKit's words), even where a file of that name is in
  /// the folder: what to do with it is the writer's (this one replaces it); a name that would
  /// leave the folder stays in it.
  @Test func theWriterGetsTheFinalNameInTheFolder() async throws {
    let folder = try Self.folder()
    try Data("mine".utf8).write(to: folder.appendingPathComponent("invoice.pdf"))
    for name in ["invoice.pdf", "../../escape.pdf"] {
      let writer = CompletionWriter(name: name)
      let pasteboard = Self.pasteboard(
        holding: NSFilePromiseProvider(fileType: UTType.pdf.identifier, delegate: writer))
      let results = try await Self.receive(pasteboard, into: folder)
      let url = try #require(results.first?.0)
      #expect(url.deletingLastPathComponent().standardizedFileURL.path == folder.standardizedFileURL.path)
      #expect(url.lastPathComponent == (name == "invoice.pdf" ? "invoice.pdf" : "_.._escape.pdf"))
    }
    #expect(
      try String(contentsOf: folder.appendingPathComponent("invoice.pdf"), encoding: .utf8) == "%PDF-1.7 promised")
  }

  /// A subclass adds its types and calls `super` for the promise's: both are on the pasteboard.
  @Test func aSubclassAddsItsTypes() async throws {
    let writer = CompletionWriter()
    let pasteboard = Self.pasteboard(holding: TitledPromise(fileType: UTType.pdf.identifier, delegate: writer))
    #expect(pasteboard.string(forType: .string) == "Invoice for December")
    #expect(pasteboard.types?.first == TitledPromise.title)
    let results = try await Self.receive(pasteboard, into: try Self.folder())
    #expect(results.count == 1 && results.first?.1 == nil)
  }

  /// To the model (UIKit, SwiftUI's drop delegates) a promise is a file of its type, written
  /// when loaded: `loadFileRepresentation(for:)` reads the promised bytes.
  @Test func theModelLoadsAPromiseAsAFile() async throws {
    let writer = CompletionWriter()
    let pasteboard = Self.pasteboard(holding: NSFilePromiseProvider(fileType: UTType.pdf.identifier, delegate: writer))
    let provider = try #require(pasteboard.board.itemProviders.first)
    #expect(provider.hasItemConformingToTypeIdentifier(UTType.pdf.identifier))
    #expect(writer.writes == 0)
    let bytes = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data, any Error>) in
      _ = provider.loadFileRepresentation(for: .pdf) { url, _, error in
        if let url, let data = try? Data(contentsOf: url) {
          continuation.resume(returning: data)
        } else {
          continuation.resume(throwing: error ?? CocoaError(.fileReadUnknown))
        }
      }
    }
    #expect(String(decoding: bytes, as: UTF8.self) == "%PDF-1.7 promised")
    #expect(writer.writes == 1)
  }

  /// Another application's promise whose source writes other files than the one it named (an
  /// archive manager names `xds.txt` and extracts the members dragged): the reader hears each
  /// file written, `fileNames` names them; the model's load gets the first.
  @Test func aSourceThatWritesOtherFilesThanItNamedHasEachRead() async throws {
    let provider = ItemProvider.promisedFile(named: "xds.txt", type: .plainText, origin: .current) { url in
      let folder = url.deletingLastPathComponent()
      let members = ["b.txt", "a.txt"].map { folder.appendingPathComponent($0) }
      for member in members { try Data(member.lastPathComponent.utf8).write(to: member) }
      return members
    }
    let pasteboard = NSPasteboard.withUniqueName()
    pasteboard.board.itemProviders = [provider]
    let receiver = try #require(
      (pasteboard.readObjects(forClasses: [NSFilePromiseReceiver.self]) as? [NSFilePromiseReceiver])?.first)
    let folder = try Self.folder()
    let heard = Locked<[String]>([])
    let queue = OperationQueue()
    receiver.receivePromisedFiles(atDestination: folder, options: [:], operationQueue: queue) { url, error in
      heard.withLock { $0.append(error == nil ? url.lastPathComponent : "error \(error!)") }
    }
    #expect(await suspendUntil(within: 10) { heard.withLock { $0.count } == 2 }, "\(heard.withLock { $0 })")
    #expect(heard.withLock { $0 } == ["b.txt", "a.txt"])
    #expect(receiver.fileNames == ["b.txt", "a.txt"])
    let loaded = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data, any Error>) in
      _ = provider.loadFileRepresentation(for: .plainText) { url, _, error in
        if let url, let data = try? Data(contentsOf: url) {
          continuation.resume(returning: data)
        } else {
          continuation.resume(throwing: error ?? CocoaError(.fileReadUnknown))
        }
      }
    }
    #expect(String(decoding: loaded, as: UTF8.self) == "b.txt", "a representation is one file: the first")
  }

  /// An AppKit destination reads the promise during the drop and receives it after the drop
  /// returned, from a task, as apps do.
  @MainActor @Test func aDestinationReceivesAPromiseAfterTheDrop() async throws {
    let destination = PromiseDestination()
    let surface = DropSurface()
    let types = NSFilePromiseReceiver.readableDraggedTypes.map { NSPasteboard.PasteboardType($0) }
    surface.register(destination, forDraggedTypes: types, in: CGRect(x: 0, y: 0, width: 100, height: 100))
    let writer = CompletionWriter()
    let promise = NSFilePromiseProvider(fileType: UTType.pdf.identifier, delegate: writer)
    let source = RecordingSource(inside: .copy, outside: .copy)
    surface.beginDraggingSession(with: [NSDraggingItem(pasteboardWriter: promise)], at: .zero, source: source)
    surface.move(to: CGPoint(x: 10, y: 10))
    #expect(surface.end(at: CGPoint(x: 10, y: 10)) == .copy)
    #expect(writer.writes == 0, "nothing written during the drop")
    let receiver = try #require(destination.receivers.first)
    let folder = try Self.folder()
    let url = await withCheckedContinuation { continuation in
      receiver.receivePromisedFiles(atDestination: folder, options: [:], operationQueue: OperationQueue()) { url, _ in
        continuation.resume(returning: url)
      }
    }
    #expect(try String(contentsOf: url, encoding: .utf8) == "%PDF-1.7 promised")
  }
}

/// A destination that keeps the promises it reads, to receive them later.
@MainActor
final class PromiseDestination: NSObject, NSDraggingDestination {
  var receivers: [NSFilePromiseReceiver] = []
  func draggingEntered(_ sender: any NSDraggingInfo) -> NSDragOperation { .copy }
  func performDragOperation(_ sender: any NSDraggingInfo) -> Bool {
    receivers =
      sender.draggingPasteboard.readObjects(forClasses: [NSFilePromiseReceiver.self]) as? [NSFilePromiseReceiver] ?? []
    return !receivers.isEmpty
  }
}

/// A report made only when asked, as a file: counts how often it was made.
struct LazyReport: Transferable {
  static let made = Locked(0)
  static var transferRepresentation: some TransferRepresentation {
    FileRepresentation(exportedContentType: .pdf) { _ in
      made.withLock { $0 += 1 }
      let url = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString).pdf")
      try Data("%PDF report".utf8).write(to: url)
      return SentTransferredFile(url)
    }
  }
}

/// The SwiftUI and UIKit forms of a file that does not exist yet: an item provider's file
/// representation and a `Transferable`'s `FileRepresentation` are made only when a reader
/// loads them, never when registered or offered.
@Suite("Item providers: files made when loaded")
struct LazyFileRepresentationTests {
  @Test func aFileRepresentationIsMadeOnlyWhenLoaded() async throws {
    let made = Locked(0)
    let provider = NSItemProvider()
    provider.registerFileRepresentation(for: .pdf) { completion in
      made.withLock { $0 += 1 }
      let url = FileManager.default.temporaryDirectory.appendingPathComponent("lazy-\(UUID().uuidString).pdf")
      do {
        try Data("%PDF lazy".utf8).write(to: url)
        completion(url, false, nil)
      } catch {
        completion(nil, false, error)
      }
      return nil
    }
    #expect(provider.hasItemConformingToTypeIdentifier(UTType.pdf.identifier))
    #expect(made.withLock { $0 } == 0, "registering and asking what it holds makes nothing")
    let data = try await provider.loadDataRepresentation(for: .pdf)
    #expect(String(decoding: data, as: UTF8.self) == "%PDF lazy")
    #expect(made.withLock { $0 } == 1)
  }

  @Test func aTransferablesFileRepresentationIsExportedOnlyWhenLoaded() async throws {
    let before = LazyReport.made.withLock { $0 }
    let provider = NSItemProvider()
    provider.register(LazyReport())
    #expect(provider.registeredContentTypes.contains(.pdf))
    #expect(LazyReport.made.withLock { $0 } == before, "registering exports nothing")
    let data = try await provider.loadDataRepresentation(for: .pdf)
    #expect(String(decoding: data, as: UTF8.self) == "%PDF report")
    #expect(LazyReport.made.withLock { $0 } == before + 1)
  }
}
