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

/// An AppKit destination that takes promised files: it reads them as `NSFilePromiseReceiver`s
/// during the drop and receives them from a task after the drop returns, as apps do.
@MainActor
final class PromiseBar: NSObject, NSDraggingDestination {
  let folder: URL
  var names: [String] = []
  var received: [URL] = []
  var errors: [String] = []

  init(folder: URL) { self.folder = folder }

  func draggingEntered(_ sender: any NSDraggingInfo) -> NSDragOperation { .copy }
  func performDragOperation(_ sender: any NSDraggingInfo) -> Bool {
    let promises = sender.draggingPasteboard.readObjects(forClasses: [NSFilePromiseReceiver.self]) ?? []
    let receivers = promises.compactMap { $0 as? NSFilePromiseReceiver }
    names = receivers.flatMap(\.fileNames)
    Task { @MainActor in
      for receiver in receivers {
        receiver.receivePromisedFiles(atDestination: folder, options: [:], operationQueue: .main) { url, error in
          MainActor.assumeIsolated {
            if let error { self.errors.append("\(error)") } else { self.received.append(url) }
          }
        }
      }
    }
    return !receivers.isEmpty
  }
}

/// A file another application promises by XdndDirectSave (a python3-xlib source speaking it as
/// File Roller does), dropped on our window: an AppKit destination receives it into the folder
/// it chose, after the drop returns; a SwiftUI drop delegate loads it as a file. The source's
/// `F` is followed by its bytes, its `E` leaves nothing in the folder.
extension DragAndDropTests {
  /// Our window at (0, 0), 400×400, with a promise-taking AppKit destination over it.
  static func promiseWindow(into folder: String) throws -> (X11Window, PromiseBar) {
    let window = try X11Window(title: "swift-uti promises", width: 400, height: 400, display: try display())
    let surface = DropSurface()
    let bar = PromiseBar(folder: URL(fileURLWithPath: folder))
    surface.register(
      bar, forDraggedTypes: NSFilePromiseReceiver.readableDraggedTypes.map { NSPasteboard.PasteboardType($0) },
      in: CGRect(x: 0, y: 0, width: 400, height: 400))
    try window.acceptDrops(into: surface)
    return (window, bar)
  }

  /// The bytes the XDS source peer writes: `size` bytes, the i-th `(i * 7) & 0xFF`.
  static func xdsContent(_ size: Int) -> Data { Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7) }) }

  @Test(arguments: ["S", "F"])
  func aPromisedFileFromAnXDSSourceArrivesInTheFolderTheAppChose(_ mode: String) async throws {
    let folder = try Self.emptyFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let (window, bar) = try Self.promiseWindow(into: folder)
    defer { window.close() }
    let lines = try await Self.peer(["xds-source", String(window.id), "250", "250", "member.txt", mode, "120000"])
    #expect(lines.contains("status 1"), "\(lines)")
    // The source writes in a hidden folder of the reception's own in the folder the app chose.
    let staging = FileList.fileURL(forPath: folder + "/.swift-uti-xds-")
    #expect(lines.contains { $0.hasPrefix("url \(staging)") && $0.hasSuffix("/member.txt") }, "\(lines)")
    #expect(lines.last == "finished 1 XdndActionCopy", "the drop finishes after the file arrived: \(lines)")
    #expect(await suspendUntil(within: 20) { bar.received.count == 1 }, "\(bar.errors)")
    #expect(bar.names == [], "fileNames is empty until received")
    #expect(bar.received.map(\.lastPathComponent) == ["member.txt"])
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/member.txt")) == Self.xdsContent(120_000))
    #expect(FileIO.entries(of: folder) == ["member.txt"], "the reception's folder is gone")
  }

  @Test func aSourceThatAnswersELeavesNothingInTheFolder() async throws {
    let folder = try Self.emptyFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let (window, bar) = try Self.promiseWindow(into: folder)
    defer { window.close() }
    let lines = try await Self.peer(["xds-source", String(window.id), "250", "250", "member.txt", "E", "120000"])
    #expect(lines.contains { $0.hasPrefix("url ") }, "\(lines)")
    #expect(await suspendUntil(within: 20) { bar.errors.count == 1 }, "\(bar.received)")
    #expect(bar.errors.first?.contains("XdndDirectSave: E") == true, "\(bar.errors)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [], "no partial file")
  }

  /// Xarchiver (Debian's `xarchiver`: a GTK archive manager and an XdndDirectSave source, as
  /// File Roller and Engrampa are) at (500, 0) showing a tar archive: its member dragged from the
  /// list onto our AppKit destination is extracted by Xarchiver into the folder the app chose.
  @Test func aMemberDraggedFromXarchiverArrivesInTheFolderTheAppChose() async throws {
    let xarchiver = try Peers.executable("xarchiver", package: "xarchiver").orSkip()
    let server = try Self.server.orSkip()
    let work = try Self.emptyFolder()
    defer { try? FileManager.default.removeItem(atPath: work) }
    let member = Data("a member of the archive, extracted by Xarchiver\n".utf8)
    try FileManager.default.createDirectory(atPath: work + "/source", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: work + "/received", withIntermediateDirectories: true)
    try member.write(to: URL(fileURLWithPath: work + "/source/member.txt"))
    try #require(try runProcess("/bin/tar", ["cf", work + "/a.tar", "-C", work + "/source", "member.txt"]).status == 0)
    let app = try DesktopApp.start(
      [xarchiver, work + "/a.tar"], named: "xarchiver", title: #"a\.tar - xarchiver.*"#, on: server)
    defer { app.terminate() }
    try await app.placeWindow(at: 500, 0)
    let (window, bar) = try Self.promiseWindow(into: work + "/received")
    defer { window.close() }
    // The member's row, the list's first (below Adwaita's toolbar and the list's header), dragged
    // past GTK's threshold onto our window.
    var script = "mousemove 755 156 sleep 0.3 mousedown 1 sleep 0.2"
    for (x, y) in [(745, 160), (700, 170), (600, 190), (450, 200), (250, 200), (240, 210)] {
      script += " mousemove \(x) \(y) sleep 0.15"
    }
    try await Self.xdotool(script + " sleep 0.2 mouseup 1 sleep 0.3")
    #expect(
      await suspendUntil(within: 20) { bar.received.count == 1 || !bar.errors.isEmpty },
      "nothing received: \(app.log)")
    #expect(bar.received.map(\.lastPathComponent) == ["member.txt"], "\(bar.errors)")
    #expect(FileManager.default.contents(atPath: work + "/received/member.txt") == member)
    #expect(FileIO.entries(of: work + "/received") == ["member.txt"], "nothing else is left there")
  }

  @Test func aDropDelegateLoadsAPromisedFileAsAFileOfItsType() async throws {
    let (window, _, log) = try Self.dropWindow([.plainText], delegate: { FileLoader(log: $0) })
    defer { window.close() }
    let lines = try await Self.peer(["xds-source", String(window.id), "250", "250", "notes.txt", "S", "5000"])
    #expect(lines.last == "finished 1 XdndActionCopy", "\(lines)")
    #expect(await suspendUntil(within: 20) { log.loaded != nil || log.loadError != nil })
    #expect(log.loaded == Self.xdsContent(5000), "\(log.loadError ?? "")")
    #expect(log.types.first == UTType.plainText.identifier, "typed by its name's extension: \(log.types)")
  }
}

/// A drop delegate that loads the first item as a file of the drop's type and records its bytes.
struct FileLoader: DropDelegate {
  let log: DelegateLog

  func performDrop(info: DropInfo) -> Bool {
    guard let provider = info.itemProviders(for: [.plainText]).first else { return false }
    MainActor.assumeIsolated { log.types = provider.registeredTypeIdentifiers }
    provider.loadFileRepresentation(for: .plainText) { url, _, error in
      let data = url.flatMap { try? Data(contentsOf: $0) }
      let message = error.map { "\($0)" }
      Task { @MainActor in
        log.loaded = data
        log.loadError = message
      }
    }
    return true
  }
}

extension DragAndDropTests {
  /// `bookmarks --window`, for real: a member an XDS source (File Roller's part) promises is
  /// received into the folder the app runs in, then a right-button press drags that bookmark out
  /// as a promised link file, which an XDS file manager has written into its own folder.
  @Test func bookmarksWindowReceivesAPromisedFileAndDragsOneOut() async throws {
    let server = try Self.server.orSkip()
    let here = try Self.emptyFolder()
    let there = try Self.emptyFolder()
    defer { for folder in [here, there] { try? FileManager.default.removeItem(atPath: folder) } }
    let app = try server.start("/bin/sh", ["-c", "cd '\(here)' && exec '\(try builtProduct("bookmarks"))' --window"])
    defer { app.terminate() }
    let ready = try await Self.line(from: app) { $0.hasPrefix("window ready") || $0.hasPrefix("error") }
    try #require(ready?.hasPrefix("window ready") == true, "\(ready ?? "no line")")
    let search = try await offThePool { try server.run("/usr/bin/xdotool", ["search", "--name", "^Bookmarks$"]) }
    let id = try #require(search.stdoutText.split(separator: "\n").first.map(String.init), "\(search.stderrText)")

    let lines = try await Self.peer(["xds-source", id, "300", "150", "notes.txt", "S", "1000"])
    #expect(lines.last == "finished 1 XdndActionCopy", "\(lines)")
    #expect(try await Self.line(from: app) { $0.hasPrefix("received") } == "received promised file notes.txt")
    #expect(try Data(contentsOf: URL(fileURLWithPath: here + "/notes.txt")) == Self.xdsContent(1000))

    let target = try await Self.startPeer(["target", "700", "0", "5", "xds", there])
    defer { target.terminate() }
    try await Self.xdotool("mousemove 100 100 sleep 0.2 mousedown 3")
    let started = try await Self.line(from: app) { $0.hasPrefix("dragging") || $0.hasPrefix("the drag") }
    #expect(started?.hasSuffix("as a file") == true, "\(started ?? "nothing")")
    try await Self.xdotool("sleep 0.1 mousemove 400 120 sleep 0.2 mousemove 800 100 sleep 0.2 mouseup 3")
    #expect(try await Self.line(from: target) { $0.hasPrefix("xds") } == "xds S notes.txt.desktop")
    #expect(try await Self.line(from: app) { $0.hasPrefix("drag ended") } == "drag ended: copy")
    let link = try String(contentsOfFile: there + "/notes.txt.desktop", encoding: .utf8)
    #expect(
      link.contains("Type=Link") && link.contains("URL=\(FileList.fileURL(forPath: here + "/notes.txt"))"), "\(link)")
  }
}
