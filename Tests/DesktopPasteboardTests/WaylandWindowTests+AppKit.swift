import DesktopTestSupport
import Foundation
import Pasteboard
import TestSupport
import Testing
import UTIPlatform

@testable import DesktopPasteboard
@testable import SystemPasteboard
@testable import SystemPasteboardCore
@testable import SystemPasteboardWayland

/// AppKit's names on Wayland (sway), with real peers: a bookmark copied through
/// `NSPasteboard.general` by `bookmarks` and pasted by wl-paste; a GTK window's copy read with
/// `readObjects`; URLs and PNG files dragged from GTK (`GDK_BACKEND=wayland`) into an
/// `NSDraggingDestination`; an `NSPasteboardWriting` item dragged out into a GTK target.
extension DragAndDropTests.WaylandWindowTests {
  @Test func aBookmarkCopiedThroughNSPasteboardIsPastedByWlPaste() async throws {
    let (compositor, _, _) = try Self.desktop()
    let app = try compositor.start(try builtProduct("bookmarks"), ["--copy", "https://swift.org", "Swift"])
    defer { app.terminate() }
    let copied = try await Self.line(from: app) { $0.hasPrefix("copied") || $0.hasPrefix("error") }
    #expect(copied?.hasPrefix("copied Swift <https://swift.org>") == true, "\(copied ?? "no line")")
    let types = try compositor.shell("timeout 10 wl-paste --list-types").stdoutText.split(separator: "\n")
    #expect(types.first == "application/x-swift-uti-bookmark+xml", "\(types)")
    #expect(types.contains("text/uri-list"))
    #expect(try compositor.shell("timeout 10 wl-paste -n").stdoutText == "https://swift.org")
    #expect(try compositor.shell("timeout 10 wl-paste -n -t text/uri-list").stdoutText == "https://swift.org\r\n")
    let xml = try compositor.shell("timeout 10 wl-paste -t application/x-swift-uti-bookmark+xml").stdoutText
    #expect(xml.contains("<key>title</key>\n\t<string>Swift</string>"), "\(xml)")
    let pasted = try compositor.shell("timeout 10 '\(try builtProduct("bookmarks"))' --paste")
    #expect(pasted.stdoutText == "bookmark: Swift <https://swift.org>\n", "\(pasted.stderrText)")
    #expect(try compositor.wlCopy("", input: Data("other".utf8), type: "text/plain"))
    let lines = try await DragAndDropTests.lines(from: app, until: "another application copied")
    #expect(lines == ["provided org.swift-uti.bookmarks.bookmark", "another application copied"], "\(lines)")
  }

  @Test func textCopiedInAGTKWindowIsReadWithReadObjects() async throws {
    let (compositor, input, _) = try Self.desktop()
    let (gtk, copied) = try await Self.gtkClipboard(compositor, input, ["window-set-text", "copied in GTK ✓"])
    defer { gtk.terminate() }
    #expect(copied == "copied")
    let pasted = try compositor.shell("timeout 10 '\(try builtProduct("bookmarks"))' --paste")
    #expect(pasted.stdoutText == "text: copied in GTK ✓\n", "\(pasted.stderrText)")
  }

  @Test(arguments: ["url", "png file"])
  func aURLOrAPNGFileFromGTKReachesAnAppKitDestination(_ kind: String) async throws {
    let (compositor, input, display) = try Self.desktop()
    let window = try WaylandWindow(
      title: "AppKit drops", width: 400, height: 400, display: display, applicationID: "swift-uti")
    defer { window.close() }
    let surface = DropSurface()
    let bar = AppKitBar()
    surface.register(bar, forDraggedTypes: [.URL, .fileURL], in: CGRect(x: 100, y: 100, width: 300, height: 300))
    try window.acceptDrops(into: surface)
    let ladybug = packageRoot.appendingPathComponent("Examples/PointyBug/ladybug.png")
    let uri = kind == "url" ? "https://swift.org/documentation/" : FileList.fileURL(forPath: ladybug.path)
    let gtk = try await Self.startGTK(compositor, ["source", "0", "0", "uris", uri])
    defer { gtk.terminate() }
    let ours = try compositor.place(appID: "swift-uti", at: 0, 0)
    let source = try Self.gtkCentre(compositor)
    try await pressDragRelease(input, through: [source, (ours.x + 250, ours.y + 250)])
    #expect(await suspendUntil(within: 20) { bar.calls.last == "ended" }, "\(bar.calls)")
    #expect(bar.calls.first == "entered")
    #expect(Array(bar.calls.suffix(4)) == ["prepare", "perform", "conclude", "ended"], "\(bar.calls)")
    #expect(bar.masks.first?.contains(.copy) == true, "GTK offers a copy: \(bar.masks)")
    #expect(bar.locations.last == NSPoint(x: 150, y: 150), "surface (250, 250) is the destination's (150, 150)")
    #expect(bar.urls == [URL(string: uri)!])
    #expect(bar.pngFiles == (kind == "url" ? [] : [ladybug]))
    #expect(try await Self.line(from: gtk) { $0 == "end" || $0.hasPrefix("failed") } == "end")
  }

  @Test func anNSPasteboardWritingItemDraggedOutArrivesInGTK() async throws {
    let (compositor, input, display) = try Self.desktop()
    let window = try WaylandWindow(
      title: "AppKit drags", width: 400, height: 400, display: display, applicationID: "swift-uti")
    defer { window.close() }
    let source = EndedSource()
    let url = URL(string: "https://swift.org/blog/")!
    let (received, heard) = try await Self.dragOutToGTK(
      window, compositor, input, target: ["text/uri-list"],
      begin: { press in
        try window.beginDraggingSession(
          with: [NSDraggingItem(pasteboardWriter: url as NSURL)], at: press.location, source: source)
      }, ended: { source.ended == [.copy] })
    let words = received?.split(separator: " ").map(String.init) ?? []
    #expect(words.count == 4 && words[1] == "text/uri-list", "\(received ?? "nothing")")
    if words.count == 4 { #expect(String(decoding: Data(hex: words[3]), as: UTF8.self) == url.absoluteString + "\r\n") }
    #expect(heard, "\(source.ended)")
  }
}

/// A drag source that allows a copy outside the application and records how its drags end.
@MainActor
final class EndedSource: NSObject, NSDraggingSource {
  var ended: [NSDragOperation] = []
  func draggingSession(_ session: NSDraggingSession, sourceOperationMaskFor context: NSDraggingContext)
    -> NSDragOperation
  { .copy }
  func draggingSession(_ session: NSDraggingSession, endedAt screenPoint: NSPoint, operation: NSDragOperation) {
    ended.append(operation)
  }
}
