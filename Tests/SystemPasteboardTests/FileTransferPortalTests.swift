import Foundation
import TestSupport
import Testing
import TypeRegistry
import UTIPlatform

@testable import SystemPasteboard
@testable import SystemPasteboardCore

/// Files handed through xdg-desktop-portal's file transfer, as a sandboxed target receives
/// them: our D-Bus client registers them with the real document portal on a bus of the test's
/// own, and GIO's `gdbus` (the client GTK's targets use) retrieves them.
@Suite("The file transfer portal", .serialized)
struct FileTransferPortalTests {
  static func files(_ names: [String]) throws -> (folder: String, paths: [String]) {
    let folder = NSTemporaryDirectory() + "portal-files-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    let paths = names.map { folder + "/" + $0 }
    for (index, path) in paths.enumerated() { try Data("file \(index)".utf8).write(to: URL(fileURLWithPath: path)) }
    return (folder, paths)
  }

  @Test func filesRegisteredByUsAreRetrievedByGIO() throws {
    let bus = try SessionBus.start().orSkip()
    let portal = FileTransferPortal(address: { bus.address })
    #expect(portal.check())
    let (folder, paths) = try Self.files(["report.pdf", "a name with spaces é.txt"])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let key = try portal.transfer(paths)
    #expect(!key.isEmpty)
    // An unsandboxed target gets the files themselves.
    #expect(try bus.retrieveFiles(key).get() == paths)
    // autostop: a transfer is retrieved once.
    #expect(throws: PeerUnavailable.self) { try bus.retrieveFiles(key).get() }
  }

  /// The bus takes at most 16 descriptors a message, as GTK counts them: 40 files go in three
  /// `AddFiles` and come back in order.
  @Test func fortyFilesGoSixteenAtATime() throws {
    let bus = try SessionBus.start().orSkip()
    let portal = FileTransferPortal(address: { bus.address })
    let (folder, paths) = try Self.files((0..<40).map { "file \($0).txt" })
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let key = try portal.transfer(paths)
    #expect(try bus.retrieveFiles(key).get() == paths)
    // Our own RetrieveFiles reads the same answer a second transfer gives.
    #expect(try portal.retrieve(try portal.transfer(paths)) == paths)
  }

  /// Where no document portal runs on the bus, nothing is offered and nothing is started for
  /// it: the call fails with the bus's answer, named.
  @Test func withoutThePortalNothingIsOfferedOrStarted() throws {
    let bus = try SessionBus.start(documentPortal: false).orSkip()
    let portal = FileTransferPortal(address: { bus.address })
    #expect(!portal.check())
    let (folder, paths) = try Self.files(["a.txt"])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let error = #expect(throws: SystemPasteboardError.self) { try portal.transfer(paths) }
    #expect(error?.code == .request)
    #expect(
      error?.description.contains("StartTransfer failed: org.freedesktop.DBus.Error.NameHasNoOwner") == true,
      "\(String(describing: error))")
    #expect(!bus.portalRuns(), "the call started the portal")
  }

  @Test func withoutABusTheErrorSaysWhere() throws {
    let missing = FileTransferPortal(address: { "unix:path=/nonexistent/bus" })
    #expect(!missing.check())
    let error = #expect(throws: SystemPasteboardError.self) { try missing.transfer(["/etc/hostname"]) }
    #expect(error?.code == .connectionFailed)
    #expect(error?.description.contains("no D-Bus session bus at unix:path=/nonexistent/bus") == true)
    let none = FileTransferPortal(address: { nil })
    #expect(!none.check())
    #expect(throws: SystemPasteboardError.self) { try none.transfer(["/etc/hostname"]) }
  }

  @Test func aFileThatIsGoneIsNamed() throws {
    let portal = FileTransferPortal(address: { nil })
    let error = #expect(throws: SystemPasteboardError.self) { try portal.transfer(["/nonexistent/file.pdf"]) }
    #expect(error?.code == .fileUnreadable)
    #expect(error?.description.contains("/nonexistent/file.pdf cannot be handed to the portal") == true)
  }

  /// A promised file is offered as `application/vnd.portal.filetransfer` where the portal runs,
  /// after `text/uri-list`; the key it serves (NUL-ended, as GTK writes it) retrieves the file
  /// the promise wrote, whole.
  @Test func aPromiseIsOfferedAndServedThroughThePortal() throws {
    let bus = try SessionBus.start().orSkip()
    let portal = FileTransferPortal(address: { bus.address })
    var item = SystemPasteboard.Item()
    item.registerFilePromise(.pdf, fileName: "invoice.pdf") { path in
      try Data("%PDF-1.7 promised".utf8).write(to: URL(fileURLWithPath: path))
    }
    let targets = SelectionTargets.offers(for: [item], portal: true).map(\.target)
    let uriList = try #require(targets.firstIndex(of: "text/uri-list"))
    #expect(targets.firstIndex(of: FileTransferPortal.mimeType) == uriList + 1)
    #expect(!SelectionTargets.offers(for: [item], portal: false).map(\.target).contains(FileTransferPortal.mimeType))
    let payload = try #require(SelectionTargets.portalTransfer(of: [item], portal: portal))
    let bytes = try payload.bytes(at: 0, length: payload.count)
    #expect(bytes.last == 0)
    let files = try bus.retrieveFiles(String(decoding: bytes.dropLast(), as: UTF8.self)).get()
    #expect(files.count == 1)
    #expect(files.first?.hasSuffix("/invoice.pdf") == true)
    #expect(try Data(contentsOf: URL(fileURLWithPath: try #require(files.first))) == Data("%PDF-1.7 promised".utf8))
  }
}
