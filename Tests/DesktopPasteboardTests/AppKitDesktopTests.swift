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

/// An AppKit dragging destination that records what it is told and what it reads.
@MainActor
final class AppKitBar: NSObject, NSDraggingDestination {
  var calls: [String] = []
  var locations: [NSPoint] = []
  var masks: [NSDragOperation] = []
  var urls: [URL] = []
  var pngFiles: [URL] = []

  func draggingEntered(_ sender: any NSDraggingInfo) -> NSDragOperation {
    calls.append("entered")
    masks.append(sender.draggingSourceOperationMask)
    locations.append(sender.draggingLocation)
    return sender.draggingSourceOperationMask.contains(.copy) ? .copy : .none
  }
  func draggingUpdated(_ sender: any NSDraggingInfo) -> NSDragOperation {
    calls.append("updated")
    locations.append(sender.draggingLocation)
    return .copy
  }
  func draggingExited(_ sender: (any NSDraggingInfo)?) { calls.append("exited") }
  func prepareForDragOperation(_ sender: any NSDraggingInfo) -> Bool {
    calls.append("prepare")
    return true
  }
  func performDragOperation(_ sender: any NSDraggingInfo) -> Bool {
    calls.append("perform")
    let pasteboard = sender.draggingPasteboard
    pngFiles =
      pasteboard.readObjects(forClasses: [NSURL.self], options: [.urlReadingContentsConformToTypes: ["public.png"]])
      as? [URL] ?? []
    urls = pasteboard.readObjects(forClasses: [NSURL.self]) as? [URL] ?? []
    return !urls.isEmpty
  }
  func concludeDragOperation(_ sender: (any NSDraggingInfo)?) { calls.append("conclude") }
  func draggingEnded(_ sender: any NSDraggingInfo) { calls.append("ended") }
}

/// AppKit's names on the X11 desktop, with real peers: `bookmarks` (the AppKit-style example)
/// copying through `NSPasteboard.general`, read by xclip; GTK's copy read with `readObjects`;
/// URLs and PNG files dragged from GTK into an `NSDraggingDestination`; a bookmark dragged out of
/// `bookmarks --window` into a GTK target.
extension DragAndDropTests {
  static let gtkClipboard = fixturesDirectory.appendingPathComponent("x11/gtk_clipboard.py").path

  /// Lines of `peer` until one starts with `prefix` (or 20 s pass): every line, that one last.
  static func lines(from peer: XServer.Peer, until prefix: String) async throws -> [String] {
    try await offThePool {
      var lines: [String] = []
      let deadline = Date(timeIntervalSinceNow: 20)
      while let line = peer.line(within: deadline.timeIntervalSinceNow) {
        lines.append(line)
        if line.hasPrefix(prefix) { break }
      }
      return lines
    }
  }

  /// Runs a shell command with the test server's display, its output captured.
  static func shell(_ command: String) throws -> ProcessResult {
    try server.orSkip().run("/bin/sh", ["-c", command])
  }

  /// A new pasteboard bound to the test server's clipboard (the test is skipped without xclip).
  static func boundPasteboard() throws -> NSPasteboard {
    try Peers.executable("xclip").orSkip()
    let clipboard = SystemPasteboard(selection: .clipboard, display: try display(), timeout: .seconds(10))
    let pasteboard = NSPasteboard.withUniqueName()
    try pasteboard.bind(to: clipboard)
    return pasteboard
  }

  @Test func aBookmarkCopiedThroughNSPasteboardIsPastedByXclipAndReadBack() async throws {
    let server = try Self.server.orSkip()
    try Peers.executable("xclip").orSkip()
    let app = try server.start(try builtProduct("bookmarks"), ["--copy", "https://swift.org", "Swift"])
    defer { app.terminate() }
    let copied = try await Self.line(from: app) { $0.hasPrefix("copied") || $0.hasPrefix("error") }
    #expect(
      copied == "copied Swift <https://swift.org>: org.swift-uti.bookmarks.bookmark, public.url, public.utf8-plain-text"
    )
    let shell = Self.shell
    #expect(try shell("timeout 10 xclip -o -selection clipboard").stdoutText == "https://swift.org")
    #expect(
      try shell("timeout 10 xclip -o -selection clipboard -t text/uri-list").stdoutText == "https://swift.org\r\n")
    for _ in 0..<2 {
      let xml = try shell("timeout 10 xclip -o -selection clipboard -t application/x-swift-uti-bookmark+xml")
      #expect(xml.stdoutText.contains("<key>title</key>\n\t<string>Swift</string>"), "\(xml.stdoutText)")
    }
    let pasted = try server.run(try builtProduct("bookmarks"), ["--paste"])
    #expect(pasted.stdoutText == "bookmark: Swift <https://swift.org>\n", "\(pasted.stderrText)")
    // Another application's copy ends ours; the promised type was made once, on the first read.
    _ = try shell("printf 'other' | xclip -i -selection clipboard >/dev/null 2>&1")
    let lines = try await Self.lines(from: app, until: "another application copied")
    #expect(lines == ["provided org.swift-uti.bookmarks.bookmark", "another application copied"], "\(lines)")
  }

  /// A bound pasteboard takes other applications' copies when read and offers its writes;
  /// local-only items stay in the process; once unbound, neither way.
  @Test func aBoundPasteboardFollowsTheDesktopUntilUnbound() async throws {
    let shell = Self.shell
    let pasteboard = try Self.boundPasteboard()
    _ = try shell("printf 'from xclip' | xclip -i -selection clipboard >/dev/null 2>&1")
    #expect(await suspendUntil(within: 10) { pasteboard.string(forType: .string) == "from xclip" })
    let counted = pasteboard.changeCount
    pasteboard.clearContents()
    pasteboard.setString("from AppKit", forType: .string)
    #expect(try shell("timeout 10 xclip -o -selection clipboard").stdoutText == "from AppKit")
    #expect(pasteboard.changeCount == counted + 1, "our own write is not taken back as another's copy")
    pasteboard.board.setItemProviders(
      [ItemProvider(object: "kept here" as NSString)], localOnly: true, expirationDate: nil)
    #expect(
      try shell("timeout 10 xclip -o -selection clipboard").stdoutText != "kept here",
      "a local-only item is never offered")
    pasteboard.unbind()
    _ = try shell("printf 'later' | xclip -i -selection clipboard >/dev/null 2>&1")
    #expect(
      await suspendUntil(within: 10) { (try? shell("timeout 10 xclip -o -selection clipboard").stdoutText) == "later" })
    #expect(pasteboard.string(forType: .string) == "kept here", "unbound: another's copy is not taken")
  }

  /// An owner's declared types and an item's data provider answer only when another application
  /// pastes, once each, on the thread that serves the paste (their writes re-offer nothing).
  @Test func lazyOwnersAndProvidersAnswerOnlyWhenAnotherApplicationPastes() async throws {
    let shell = Self.shell
    let pasteboard = try Self.boundPasteboard()
    defer { pasteboard.unbind() }
    let owner = DesktopOwner(value: "from the owner")
    pasteboard.declareTypes([.string], owner: owner)
    #expect(owner.asked.withLock { $0 }.isEmpty, "nothing is asked before a paste")
    for _ in 0..<2 {
      #expect(try shell("timeout 10 xclip -o -selection clipboard").stdoutText == "from the owner")
    }
    #expect(owner.asked.withLock { $0 } == [.string], "asked once, when pasted")

    let provider = DesktopProvider()
    let item = NSPasteboardItem()
    item.setDataProvider(provider, forTypes: [.html])
    pasteboard.clearContents()
    pasteboard.writeObjects([item])
    #expect(owner.changedOwner.withLock { $0 } == 1)
    #expect(provider.asked.withLock { $0 } == 0)
    let html = try shell("timeout 10 xclip -o -selection clipboard -t text/html").stdoutText
    #expect(html == "<b>provided</b>")
    #expect(provider.asked.withLock { $0 } == 1)
  }

  @Test func bookmarksWithoutADesktopSaysSoAndExitsTwo() throws {
    let result = try runProcess(
      "/usr/bin/env",
      ["-u", "DISPLAY", "-u", "WAYLAND_DISPLAY", "-u", "WAYLAND_SOCKET", try builtProduct("bookmarks"), "--paste"])
    #expect(result.status == 2)
    #expect(result.stdoutText.hasPrefix("error: "), "\(result.stdoutText)")
  }

  @Test func textCopiedByGTKIsReadWithReadObjects() async throws {
    let server = try Self.server.orSkip()
    try Peers.gtk.orSkip()
    let gtk = try server.start("/usr/bin/python3", [Self.gtkClipboard, "set-text", "copied in GTK ✓"])
    defer { gtk.terminate() }
    let ready = try await offThePool { gtk.line(within: 20) }
    try #require(ready == "ready", "the GTK peer did not start: \(ready ?? "no line")")
    let pasted = try server.run(try builtProduct("bookmarks"), ["--paste"])
    #expect(pasted.stdoutText == "text: copied in GTK ✓\n", "\(pasted.stderrText)")
    #expect(pasted.status == 0)
  }

  /// A window of ours at (0, 0), 400×400, with an AppKit destination over (100, 100, 300×300).
  static func appKitWindow() throws -> (X11Window, DropSurface, AppKitBar) {
    let window = try X11Window(title: "swift-uti AppKit drops", width: 400, height: 400, display: try display())
    let surface = DropSurface()
    let bar = AppKitBar()
    surface.register(bar, forDraggedTypes: [.URL, .fileURL], in: CGRect(x: 100, y: 100, width: 300, height: 300))
    try window.acceptDrops(into: surface)
    return (window, surface, bar)
  }

  @Test(arguments: ["url", "png file"])
  func aURLOrAPNGFileFromGTKReachesAnAppKitDestination(_ kind: String) async throws {
    try Peers.gtk.orSkip()
    let (window, _, bar) = try Self.appKitWindow()
    defer { window.close() }
    let ladybug = packageRoot.appendingPathComponent("Examples/PointyBug/ladybug.png")
    let uri = kind == "url" ? "https://swift.org/documentation/" : FileList.fileURL(forPath: ladybug.path)
    let gtk = try await Self.startGTK(["source", "500", "0", "uris", uri])
    defer { gtk.terminate() }
    try await Self.dragFromGTK(to: (250, 250))
    #expect(await suspendUntil(within: 20) { bar.calls.last == "ended" }, "\(bar.calls)")
    #expect(bar.calls.first == "entered")
    #expect(Array(bar.calls.suffix(4)) == ["prepare", "perform", "conclude", "ended"], "\(bar.calls)")
    #expect(!bar.calls.contains("exited"))
    #expect(bar.masks.first?.contains(.copy) == true, "GTK offers a copy: \(bar.masks)")
    #expect(bar.locations.last == NSPoint(x: 150, y: 150), "window (250, 250) is the destination's (150, 150)")
    #expect(bar.urls == [URL(string: uri)!])
    if kind == "url" {
      #expect(bar.pngFiles.isEmpty, "near miss: a web URL is no PNG file")
    } else {
      #expect(bar.pngFiles == [ladybug])
      #expect(try bar.pngFiles.first.map { try Data(contentsOf: $0) } == (try Data(contentsOf: ladybug)))
    }
    #expect(try await Self.line(from: gtk) { $0 == "end" || $0.hasPrefix("failed") } == "end")
  }

  /// `bookmarks --window`, for real: a link dragged in from GTK becomes a bookmark, which a
  /// press then drags out into a GTK target, as the bookmark's own type.
  @Test func bookmarksWindowTakesALinkThenDragsItOutToGTK() async throws {
    try Peers.gtk.orSkip()
    let server = try Self.server.orSkip()
    let app = try server.start(try builtProduct("bookmarks"), ["--window"])
    defer { app.terminate() }
    let ready = try await Self.line(from: app) { $0.hasPrefix("window ready") || $0.hasPrefix("error") }
    try #require(ready?.hasPrefix("window ready") == true, "\(ready ?? "no line")")
    let link = try await Self.startGTK(["source", "700", "0", "uris", "https://www.swift.org/blog/"])
    var script = "mousemove 800 100 sleep 0.2 mousedown 1 sleep 0.2"
    for (x, y) in [(790, 105), (770, 110), (700, 150), (500, 150), (310, 150), (300, 150)] {
      script += " mousemove \(x) \(y) sleep 0.15"
    }
    try await Self.xdotool(script + " mouseup 1 sleep 0.2")
    let dropped = try await Self.line(from: app) { $0.hasPrefix("performDragOperation") }
    #expect(dropped == "performDragOperation: bookmark www.swift.org <https://www.swift.org/blog/>")
    #expect(try await Self.line(from: link) { $0 == "end" || $0.hasPrefix("failed") } == "end")
    link.terminate()

    let mime = "application/x-swift-uti-bookmark+xml"
    let target = try await Self.startGTK(["target", "700", "0", mime])
    defer { target.terminate() }
    try await Self.xdotool("mousemove 100 100 sleep 0.2 mousedown 1")
    let started = try await Self.line(from: app) { $0.hasPrefix("dragging") || $0.hasPrefix("the drag") }
    #expect(started == "dragging www.swift.org <https://www.swift.org/blog/>")
    try await Self.xdotool("sleep 0.1 mousemove 400 120 sleep 0.2 mousemove 800 100 sleep 0.2 mouseup 1")
    let received = try await Self.line(from: target) { $0.hasPrefix("received") }
    let words = received?.split(separator: " ").map(String.init) ?? []
    #expect(words.count == 4 && words[1] == mime, "\(received ?? "nothing")")
    if words.count == 4 {
      #expect(String(decoding: Data(hex: words[3]), as: UTF8.self).contains("https://www.swift.org/blog/"))
    }
    #expect(try await Self.line(from: app) { $0.hasPrefix("drag ended") } == "drag ended: copy")
  }
}

/// A pasteboard owner that writes `value` when asked, from any thread.
final class DesktopOwner: NSObject, NSPasteboardTypeOwner, Sendable {
  let value: String
  let asked = Locked<[NSPasteboard.PasteboardType]>([])
  let changedOwner = Locked(0)
  init(value: String) { self.value = value }
  func pasteboard(_ sender: NSPasteboard, provideDataForType type: NSPasteboard.PasteboardType) {
    asked.withLock { $0.append(type) }
    sender.setString(value, forType: type)
  }
  func pasteboardChangedOwner(_ sender: NSPasteboard) { changedOwner.withLock { $0 += 1 } }
}

/// An item data provider that writes HTML when asked, from any thread.
final class DesktopProvider: NSObject, NSPasteboardItemDataProvider, Sendable {
  let asked = Locked(0)
  func pasteboard(
    _ pasteboard: NSPasteboard?, item: NSPasteboardItem, provideDataForType type: NSPasteboard.PasteboardType
  ) {
    asked.withLock { $0 += 1 }
    item.setString("<b>provided</b>", forType: type)
  }
}
