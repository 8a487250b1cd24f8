import Foundation
import TestSupport
import Testing
import TypeRegistry
import UTIPlatform

@testable import SystemPasteboard
@testable import SystemPasteboardCore
@testable import SystemPasteboardX11

/// A promised file kept by the rules a destination relies on: written once, at the final name
/// (the writer decides about a file of that name), nothing left of a failed write, its own folder
/// gone with it; and XdndDirectSave's URLs read as file managers write them.
@Suite("File promises: writing and XdndDirectSave's URLs")
struct FilePromiseTests {
  /// A new empty folder, removed by the caller.
  static func folder() throws -> String {
    let path = NSTemporaryDirectory() + "promise-test-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    return path
  }

  static func contents(_ path: String) -> String? {
    (try? Data(contentsOf: URL(fileURLWithPath: path))).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The writer gets the final name, as AppKit documents it, even where a file of that name is
  /// there: one that replaces it replaces it, one that keeps it (returns without writing) keeps
  /// it, and either is a kept promise at that path.
  @Test func theWriterIsGivenTheFinalNameEvenWhereAFileHasIt() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data("mine".utf8).write(to: URL(fileURLWithPath: folder + "/invoice.pdf"))
    let given = Locked<[String]>([])
    let keeping = FilePromise(fileName: "invoice.pdf") { path in
      given.withLock { $0.append(path) }
      guard !FileManager.default.fileExists(atPath: path) else { return }  // a writer that skips
      try Data("promised".utf8).write(to: URL(fileURLWithPath: path))
    }
    #expect(try keeping.write(to: folder + "/invoice.pdf") == folder + "/invoice.pdf")
    #expect(Self.contents(folder + "/invoice.pdf") == "mine")
    let replacing = FilePromise(fileName: "invoice.pdf") { path in
      given.withLock { $0.append(path) }
      try Data("promised".utf8).write(to: URL(fileURLWithPath: path))  // a writer that overwrites
    }
    #expect(try replacing.write(to: folder + "/invoice.pdf") == folder + "/invoice.pdf")
    #expect(Self.contents(folder + "/invoice.pdf") == "promised")
    #expect(given.withLock { $0 } == [folder + "/invoice.pdf", folder + "/invoice.pdf"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["invoice.pdf"])
  }

  @Test func aWriterThatFailsHalfwayLeavesNothingAtTheDestination() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    struct Broken: Error {}
    let promise = FilePromise(fileName: "half.bin") { path in
      try Data(repeating: 7, count: 4096).write(to: URL(fileURLWithPath: path))
      throw Broken()
    }
    #expect(throws: SystemPasteboardError.self) { try promise.write(to: folder + "/half.bin") }
    #expect(throws: SystemPasteboardError.self) { try promise.fileInOwnFolder() }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [], "no partial file, no staging folder")
  }

  @Test func theOwnFolderIsWrittenOnceAndRemovedWithThePromise() throws {
    let writes = Locked(0)
    var promise: FilePromise? = FilePromise(fileName: "../../etc/passwd") { path in
      writes.withLock { $0 += 1 }
      try Data("once".utf8).write(to: URL(fileURLWithPath: path))
    }
    let first = try #require(promise).fileInOwnFolder()
    #expect(try #require(promise).fileInOwnFolder() == first)
    #expect(writes.withLock { $0 } == 1)
    #expect(first.hasPrefix(FilePromise.ownFoldersRoot() + "/"))
    #expect(URL(fileURLWithPath: first).lastPathComponent == "_.._etc_passwd", "a name is made safe")
    let folder = URL(fileURLWithPath: first).deletingLastPathComponent().path
    #expect(FileManager.default.fileExists(atPath: first))
    promise = nil
    #expect(!FileManager.default.fileExists(atPath: folder), "the folder goes with the promise")
  }

  @Test(
    arguments: [
      ("file:///tmp/a%20b/x.pdf", "/tmp/a b/x.pdf"),
      ("file://localhost/tmp/x.pdf", "/tmp/x.pdf"),
      ("file://THISHOST/tmp/x.pdf", "/tmp/x.pdf"),
      ("file:///tmp/x.pdf\r\n", "/tmp/x.pdf"),
      ("file:///tmp/x.pdf\0", "/tmp/x.pdf"),
      ("file://elsewhere.example/tmp/x.pdf", nil),
      ("http://example.com/x.pdf", nil),
      ("file:///tmp/%zz", nil),
    ] as [(String, String?)])
  func directSaveURLsAreReadAsFileManagersWriteThem(url: String, path: String?) {
    #expect(XdndDirectSave.path(fromURL: Array(url.utf8), hostName: Array("THISHOST".utf8)) == path)
  }

  @Test func directSaveAnswersFForAnotherHostAndEForAFolderThatIsNotThere() throws {
    let promise = FilePromise(fileName: "x.txt") { try Data("x".utf8).write(to: URL(fileURLWithPath: $0)) }
    #expect(XdndDirectSave.keep(promise, at: Array("file://elsewhere.example/tmp/x.txt".utf8)) == .failed)
    #expect(XdndDirectSave.keep(promise, at: Array("file:///nonexistent-\(UUID())/x.txt".utf8)) == .error)
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(XdndDirectSave.keep(promise, at: Array(FileList.fileURL(forPath: folder + "/x.txt").utf8)) == .saved)
    #expect(Self.contents(folder + "/x.txt") == "x")
  }

  @Test func aPromiseIsOfferedAsItsBytesAndAsAFileManagersFile() throws {
    var item = SystemPasteboard.Item()
    item.registerFilePromise(.pdf, fileName: "report.pdf") { try Data("%PDF".utf8).write(to: URL(fileURLWithPath: $0)) }
    // Without the file transfer portal (FileTransferPortalTests has it), as on a bare machine.
    let offers = SelectionTargets.offers(for: [item], portal: false)
    #expect(
      offers.map(\.target) == [
        "application/pdf", "application/octet-stream", "text/uri-list", "x-special/gnome-copied-files",
      ])
    let list = try #require(SelectionTargets.payload(for: offers[2], items: [item], fileOperation: .copy))
    let url = String(decoding: try list.all(), as: UTF8.self)
    let path = try #require(FileList.path(fromFileURL: url.trimmingCharacters(in: .newlines)))
    #expect(Self.contents(path) == "%PDF")
    let bytes = try #require(SelectionTargets.payload(for: offers[0], items: [item], fileOperation: .copy))
    #expect(try bytes.all() == Array("%PDF".utf8))
    #expect(SelectionTargets.loadMayWait(for: offers[0], items: [item]))
  }
}
