import Foundation
import Pasteboard
import TestSupport
import Testing
import TypeRegistry
import UTIPlatform

@testable import DesktopPasteboard
@testable import SystemPasteboard
@testable import SystemPasteboardCore
@testable import SystemPasteboardX11

/// A promised file dragged from our window (an item provider's file representation, written
/// only when a destination asks): to a file manager speaking XdndDirectSave (a python3-xlib peer
/// for each answer: `S`, `F` and its fallback to the bytes, `E`), and to a GTK window that speaks
/// no XDS and takes files as `text/uri-list`, reading the file before it finishes the drop.
extension DragAndDropTests {
  /// A provider promising `report.pdf` (`bytes`), or failing its load when `bytes` is nil; the
  /// number of loads is counted in `loads`.
  static func promisedReport(_ bytes: Data?, loads: Locked<Int> = Locked(0)) -> ItemProvider {
    let provider = ItemProvider()
    provider.suggestedName = "report"
    provider.registerFileRepresentation(for: .pdf, openInPlace: false) { completion in
      loads.withLock { $0 += 1 }
      guard let bytes else {
        completion(nil, false, CocoaError(.fileWriteOutOfSpace))
        return nil
      }
      let url = URL(fileURLWithPath: NSTemporaryDirectory() + "report-\(UUID().uuidString).pdf")
      do {
        try bytes.write(to: url)
        completion(url, false, nil)
      } catch {
        completion(nil, false, error)
      }
      return nil
    }
    return provider
  }

  static func emptyFolder() throws -> String {
    let path = NSTemporaryDirectory() + "xds-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    return path
  }

  /// The folders of this process's promises (under `$XDG_RUNTIME_DIR`): none once every drag
  /// that offered one has ended.
  static var ownPromiseFolders: [String] {
    let prefix = "\(ProcessEnvironment.processID)-"
    return FileIO.entries(of: FilePromise.ownFoldersRoot()).filter { $0.hasPrefix(prefix) }
  }

  @Test func aPromiseDroppedOnAnXDSFileManagerIsWrittenInItsFolderBesideWhatIsThere() async throws {
    let folder = try Self.emptyFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data("the user's own".utf8).write(to: URL(fileURLWithPath: folder + "/report.pdf"))
    let pdf = Data("%PDF-1.7 promised".utf8)
    let loads = Locked(0)
    let target = try await Self.startPeer(["target", "500", "0", "5", "xds", folder])
    defer { target.terminate() }
    let window = try Self.dragWindow()
    defer { window.close() }
    let ended = try await Self.pressAndDrag(from: window, Self.promisedReport(pdf, loads: loads))
    let enter = try await Self.line(from: target) { $0.hasPrefix("enter") }
    #expect(enter?.split(separator: " ").dropFirst(2).first == "XdndDirectSave0", "offered first: \(enter ?? "")")
    #expect(try await Self.line(from: target) { $0.hasPrefix("xds") } == "xds S report.pdf")
    #expect(try await Self.line(from: target) { $0.hasPrefix("source-property") } == "source-property 1")
    #expect(await suspendUntil(within: 20) { ended.operations == [.copy] }, "\(ended.operations)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/report 2.pdf")) == pdf)
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/report.pdf")) == Data("the user's own".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["report 2.pdf", "report.pdf"])
    #expect(loads.withLock { $0 } == 1, "written once, when the file manager asked")
  }

  @Test func aFileManagerOnAnotherHostHearsFAndTakesTheBytes() async throws {
    let folder = try Self.emptyFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let pdf = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    let target = try await Self.startPeer(["target", "500", "0", "5", "xds", folder, "elsewhere.example"])
    defer { target.terminate() }
    let window = try Self.dragWindow()
    defer { window.close() }
    let ended = try await Self.pressAndDrag(from: window, Self.promisedReport(pdf))
    #expect(try await Self.line(from: target) { $0.hasPrefix("xds") } == "xds F report.pdf")
    #expect(try await Self.line(from: target) { $0.hasPrefix("fetched") } == "fetched \(pdf.count)")
    #expect(await suspendUntil(within: 20) { ended.operations == [.copy] }, "\(ended.operations)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/report.pdf")) == pdf)
    window.close()
    #expect(await suspendUntil(within: 20) { Self.ownPromiseFolders.isEmpty }, "\(Self.ownPromiseFolders)")
  }

  /// A file manager that asks for the file and goes away while a slow load makes it: nothing
  /// shows in the destination while the file is made (an item provider's file is copied there
  /// once loaded), the drag ends when the target's window goes, and once the writer is done no
  /// folder of ours is left there (the whole file may be, as the file manager asked for it).
  @Test func aTargetThatVanishesWhileASlowPromiseIsWrittenLeavesNoPartialFile() async throws {
    let folder = try Self.emptyFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let target = try await Self.startPeer(["target", "500", "0", "5", "xds-vanish", folder])
    defer { target.terminate() }
    let window = try Self.dragWindow()
    defer { window.close() }
    let pdf = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 13) })
    // What the folder showed while the writer wrote (read by the writer itself, mid-write).
    let seenMidWrite = Locked<[String]?>(nil)
    let provider = ItemProvider()
    provider.suggestedName = "report"
    provider.registerFileRepresentation(for: .pdf, openInPlace: false) { completion in
      let url = URL(fileURLWithPath: NSTemporaryDirectory() + "slow-\(UUID().uuidString).pdf")
      try? pdf.prefix(1000).write(to: url)
      usleep(1_500_000)  // slow: the target is gone meanwhile
      let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      seenMidWrite.withLock { $0 = entries.filter { !$0.hasPrefix(".") } }
      try? pdf.write(to: url)
      completion(url, false, nil)
      return nil
    }
    let ended = try await Self.pressAndDrag(from: window, provider)
    #expect(try await Self.line(from: target) { $0 == "vanished" } == "vanished")
    #expect(await suspendUntil(within: 20) { seenMidWrite.withLock { $0 } != nil }, "the request reached the writer")
    #expect(seenMidWrite.withLock { $0 } == [], "nothing shows while the file is written")
    #expect(await suspendUntil(within: 20) { !window.isDragging }, "the drag ends with its target: \(ended.operations)")
    // Once written: the whole file, or nothing; no staging folder.
    let settled = await suspendUntil(within: 20) {
      let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      return !entries.contains { $0.hasPrefix(".swift-uti-promise-") }
    }
    #expect(settled, "\((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])")
    let entries = try FileManager.default.contentsOfDirectory(atPath: folder)
    #expect(entries == [] || entries == ["report.pdf"], "\(entries)")
    if entries == ["report.pdf"] {
      #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/report.pdf")) == pdf, "a whole file, never a part")
    }
  }

  @Test func aPromiseWhoseWriterFailsAnswersEAndLeavesNothing() async throws {
    let folder = try Self.emptyFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let target = try await Self.startPeer(["target", "500", "0", "5", "xds", folder])
    defer { target.terminate() }
    let window = try Self.dragWindow()
    defer { window.close() }
    let ended = try await Self.pressAndDrag(from: window, Self.promisedReport(nil))
    #expect(try await Self.line(from: target) { $0.hasPrefix("xds") } == "xds E report.pdf")
    #expect(
      await suspendUntil(within: 20) { ended.operations == [.cancel] && !window.isDragging }, "\(ended.operations)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [], "no partial file, no staging folder")
  }

  @Test func aPromiseDroppedOnGTKArrivesAsAFileItReadsThenItsFolderGoes() async throws {
    try Peers.gtk.orSkip()
    let pdf = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
    let target = try await Self.startGTK(["target", "500", "0", "text/uri-list"])
    defer { target.terminate() }
    let window = try Self.dragWindow()
    defer { window.close() }
    let ended = try await Self.pressAndDrag(from: window, Self.promisedReport(pdf))
    let received = try await Self.line(from: target) { $0.hasPrefix("received") }
    #expect(received?.hasPrefix("received text/uri-list") == true, "\(received ?? "nothing")")
    let digest = try runProcess("/usr/bin/sha256sum", [], input: pdf).stdoutText.prefix(64)
    let file = try await Self.line(from: target) { $0.hasPrefix("file") || $0.hasPrefix("unreadable") }
    #expect(file == "file report.pdf \(pdf.count) sha256:\(digest)")
    #expect(await suspendUntil(within: 20) { ended.operations == [.copy] }, "\(ended.operations)")
    #expect(Self.ownPromiseFolders.count == 1, "kept after the drop: a file manager copies it after it finishes")
    let next = try await Self.pressAndDrag(from: window, ItemProvider(object: "the next drag" as NSString))
    #expect(await suspendUntil(within: 20) { next.operations.count == 1 }, "\(next.operations)")
    #expect(
      await suspendUntil(within: 20) { Self.ownPromiseFolders.isEmpty },
      "the promise's folder is removed once the window's next drag replaces it: \(Self.ownPromiseFolders)")
  }
}

extension DragAndDropTests {
  /// Thunar (Xfce's file manager, Debian's `thunar`), showing an empty folder at (500, 0): our
  /// promise dropped on its view lands there. Thunar speaks XdndDirectSave but takes
  /// `text/uri-list` first when a source offers both (as Nemo and PCManFM do): it copies the file
  /// written in the promise's own folder, after it finished the drop; the folder goes with the
  /// window.
  @Test func aPromiseDroppedOnThunarLandsInTheFolderItShows() async throws {
    let thunar = try Peers.executable("thunar", package: "thunar").orSkip()
    let session = try Peers.executable("dbus-run-session", package: "dbus").orSkip()
    let server = try Self.server.orSkip()
    let folder = try Self.emptyFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // A session bus of its own: Thunar asks for Xfconf and GVfs there, and finds no other Thunar.
    let app = try DesktopApp.start(
      [session, "--", thunar, folder], named: "thunar",
      title: URL(fileURLWithPath: folder).lastPathComponent + " - Thunar",
      on: server)
    defer { app.terminate() }
    try await app.placeWindow(at: 500, 0)
    let pdf = Data("%PDF-1.7 for Thunar".utf8)
    let window = try Self.dragWindow()
    defer { window.close() }
    let ended = try await Self.pressAndDrag(
      from: window, Self.promisedReport(pdf), path: [(450, 100), (700, 200), (800, 250), (810, 250)])
    #expect(await suspendUntil(within: 20) { ended.operations == [.copy] }, "\(ended.operations)")
    #expect(
      await suspendUntil(within: 20) { FileManager.default.contents(atPath: folder + "/report.pdf") == pdf },
      "\(FileIO.entries(of: folder))")
    #expect(FileIO.entries(of: folder) == ["report.pdf"], "nothing else is left there")
    window.close()
    #expect(await suspendUntil(within: 20) { Self.ownPromiseFolders.isEmpty }, "\(Self.ownPromiseFolders)")
  }
}
