import Foundation
import Testing
import TypeRegistry

@testable import Pasteboard

/// The tutorial's arrow tool, written as Apple's documentation writes a Codable payload.
struct ArrowTool: Codable, Transferable, Equatable {
  var color: String
  var length: Double

  static var transferRepresentation: some TransferRepresentation {
    CodableRepresentation(contentType: .arrowTool)
  }
}

/// A type with several representations, in fidelity order, and every modifier.
struct Note: Transferable, Equatable {
  var title: String
  var body: String
  var isPrivate = false

  static var transferRepresentation: some TransferRepresentation {
    DataRepresentation(contentType: .note) { note in
      Data("\(note.title)\n\(note.body)".utf8)
    } importing: { data in
      let parts = String(decoding: data, as: UTF8.self).split(separator: "\n", maxSplits: 1)
      return Note(title: String(parts[0]), body: parts.count > 1 ? String(parts[1]) : "")
    }
    .suggestedFileName { $0.title }
    .visibility(.ownProcess)
    FileRepresentation(exportedContentType: .html) { note in
      let url = FileManager.default.temporaryDirectory.appendingPathComponent("note-\(UUID().uuidString).html")
      try Data("<h1>\(note.title)</h1>".utf8).write(to: url)
      return SentTransferredFile(url)
    }
    ProxyRepresentation(exporting: \.body)
      .exportingCondition { !$0.isPrivate }
  }
}

extension UTType {
  static let note = UTType(exportedAs: "com.example.note", conformingTo: .data)
}

/// A type that imports from files.
struct Document: Transferable, Equatable {
  var contents: Data
  var wasOriginal: Bool

  static var transferRepresentation: some TransferRepresentation {
    FileRepresentation(importedContentType: .pdf) { received in
      Document(contents: try Data(contentsOf: received.file), wasOriginal: received.isOriginalFile)
    }
  }
}

@Suite("Transferable")
struct TransferableTests {
  @Test func theCanonicalCodableFormRoundTripsThroughAProvider() async throws {
    let provider = ItemProvider()
    provider.register(ArrowTool(color: "red", length: 3))
    #expect(provider.registeredTypeIdentifiers == ["com.raywenderlich.pointybug.tool.arrow"])
    #expect(provider.hasItemConformingToTypeIdentifier("public.data"))
    let json = try await provider.loadDataRepresentation(for: .arrowTool)
    #expect(try JSONDecoder().decode(ArrowTool.self, from: json) == ArrowTool(color: "red", length: 3))
    #expect(try await provider.loadTransferable(type: ArrowTool.self) == ArrowTool(color: "red", length: 3))
    #expect(ArrowTool.importedContentTypes() == [.arrowTool])
    #expect(ArrowTool(color: "", length: 0).exportedContentTypes() == [.arrowTool])
  }

  @Test func representationsKeepTheirOrderAndModifiers() async throws {
    let provider = ItemProvider()
    provider.register(Note(title: "Groceries", body: "milk"))
    #expect(provider.registeredTypeIdentifiers == ["com.example.note", "public.html", "public.utf8-plain-text"])
    #expect(provider.suggestedName == "Groceries")
    #expect(try await provider.loadObject(ofClass: String.self) == "milk")
    #expect(try await provider.loadTransferable(type: Note.self) == Note(title: "Groceries", body: "milk"))
    let html = try await provider.loadFileRepresentation(for: .html) { url, _ in
      (url.lastPathComponent, try Data(contentsOf: url))
    }
    #expect(html.0 == "Groceries.html")
    #expect(html.1 == Data("<h1>Groceries</h1>".utf8))
    let other = AppIdentity(bundleIdentifier: "com.other", processIdentifier: 7)
    #expect(provider.accessed(by: other).registeredTypeIdentifiers == ["public.html", "public.utf8-plain-text"])
    #expect(Note(title: "", body: "").exportedContentTypes() == [.html, .utf8PlainText])
    #expect(Note(title: "", body: "").exportedContentTypes(.ownProcess) == [.note, .html, .utf8PlainText])
    #expect(Note.importedContentTypes() == [.note])
  }

  @Test func anExportingConditionLeavesOutARepresentation() {
    let provider = ItemProvider()
    provider.register(Note(title: "Secret", body: "pin", isPrivate: true))
    #expect(provider.registeredTypeIdentifiers == ["com.example.note", "public.html"])
    #expect(Note(title: "", body: "", isPrivate: true).exportedContentTypes(.ownProcess) == [.note, .html])
  }

  @Test func theStandardTypesAreTransferable() async throws {
    let provider = ItemProvider()
    provider.register("text")
    provider.register(URL(string: "https://swift.org")!)
    provider.register(Data([9]))
    #expect(provider.registeredTypeIdentifiers == ["public.utf8-plain-text", "public.url", "public.data"])
    #expect(try await provider.loadTransferable(type: String.self) == "text")
    #expect(try await provider.loadTransferable(type: URL.self) == URL(string: "https://swift.org"))
    // Data imports any data: the first representation in the provider's order.
    #expect(try await provider.loadTransferable(type: Data.self) == Data("text".utf8))
    let utf16 = dataProvider(.utf16PlainText, "\u{FEFF}hé".data(using: .utf16BigEndian)!)
    #expect(try await utf16.loadTransferable(type: String.self) == "hé")
  }

  @Test func fileImportsGetAFileAndItIsRemovedAfterwards() async throws {
    let provider = dataProvider(.pdf, Data("%PDF".utf8))
    provider.suggestedName = "import-\(UUID().uuidString)"
    let document = try await provider.loadTransferable(type: Document.self)
    #expect(document == Document(contents: Data("%PDF".utf8), wasOriginal: false))
    let root = try TemporaryFiles.root()
    #expect(!files(under: root).contains { $0.contains(provider.suggestedName!) })
  }

  @Test func loadTransferableWithACompletionHandler() async throws {
    let provider = ItemProvider()
    provider.register(ArrowTool(color: "blue", length: 1))
    let result = await withCheckedContinuation { continuation in
      provider.loadTransferable(type: ArrowTool.self) { continuation.resume(returning: $0) }
    }
    #expect(try result.get() == ArrowTool(color: "blue", length: 1))
    let missing = await withCheckedContinuation { continuation in
      provider.loadTransferable(type: Document.self) { continuation.resume(returning: $0) }
    }
    #expect(throws: ItemProviderError.self) { try missing.get() }
    #expect(
      "\((missing.mapError { $0 as any Error }).error!)"
        == "cannot load Document (com.adobe.pdf): no representation conforms to it; the item provider has com.raywenderlich.pointybug.tool.arrow"
    )
  }
}

extension Result {
  var error: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
