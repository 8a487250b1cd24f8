import Foundation
import Pasteboard
import TestSupport
import Testing
import TypeRegistry

@testable import DesktopPasteboard
@testable import SystemPasteboard
@testable import SystemPasteboardCore
@testable import SystemPasteboardX11

/// Drags between windows of this process: the window's loop must serve the drag's file list
/// (`XdndSelection`) while the drop's items are built from it, so nothing on the loop may wait
/// for that read.
extension DragAndDropTests {
  /// A PNG file dragged from our window onto a target of the same window: the drop's item is
  /// the file (`public.file-url`, then its type), and its bytes load from it; with the window's
  /// events on a thread of its own, and on the main thread (``DesktopEvents/mainThread``).
  @Test(arguments: [DesktopEvents.ownThread, .mainThread])
  func aFileDraggedFromOurWindowOntoItselfIsDelivered(events: DesktopEvents) async throws {
    try Self.server.orSkip()
    let (window, _, log) = try Self.dropWindow([.image], events: events)
    defer { window.close() }
    let ended = try await Self.dragFile(from: window, pressAt: (50, 50), to: [(150, 150), (250, 250)])
    let ladybug = try Data(contentsOf: Self.ladybug)
    #expect(await suspendUntil(within: 20) { log.loaded != nil }, "\(log.calls) \(log.loadError ?? "")")
    #expect(log.loaded == ladybug)
    #expect(log.types == ["public.file-url", "public.png"])
    #expect(log.calls.first == "validateDrop" && log.calls.contains("performDrop"), "\(log.calls)")
    #expect(await suspendUntil(within: 20) { ended.operations == [.copy] }, "\(ended.operations)")
  }

  /// A window whose events run on the main thread is served when its socket has something or
  /// its loop has a task due, never on a tick: idle, it is not woken at all (it was four times a
  /// second), and a drag onto it is served as before (the test above).
  @Test func anIdleMainThreadWindowIsNotWoken() async throws {
    try Self.server.orSkip()
    let (window, _, _) = try Self.dropWindow([.image], events: .mainThread)
    defer { window.close() }
    try await Task.sleep(for: .milliseconds(500))  // its first events (the map, properties) served
    let before = try #require(window.bridge.drivenServings)
    try await Task.sleep(for: .seconds(1))
    #expect(window.bridge.drivenServings == before)
  }

  /// The `drag-source` example (a window to try drop targets with) drags a file as a file
  /// manager does: our drop window gets the file's URL and its type, and loads its bytes; the
  /// example hears the drop's operation.
  @Test func theDragSourceExampleDragsAFile() async throws {
    let server = try Self.server.orSkip()
    let ladybug = packageRoot.appendingPathComponent("Examples/PointyBug/ladybug.png")
    let (window, _, log) = try Self.dropWindow([.image])
    defer { window.close() }
    let source = try server.start(try builtProduct("drag-source"), [ladybug.path])
    defer { source.terminate() }
    let ready = try await offThePool { source.line(within: 20) }
    try #require(ready?.hasPrefix("press in the window") == true, "\(ready ?? "no line")")
    try await Self.xdotool("search --sync --name 'Drag from here' windowmove --sync 500 0")
    try await Self.dragFromGTK(to: (250, 250))  // from (600, 100), inside the example's window
    #expect(await suspendUntil(within: 20) { log.loaded != nil }, "\(log.calls) \(log.loadError ?? "")")
    #expect(log.loaded == (try Data(contentsOf: ladybug)))
    #expect(log.types == ["public.file-url", "public.png"])
    #expect(try await Self.line(from: source) { $0.hasPrefix("drag ended") } == "drag ended: copy")
  }

  /// The same onto another window of this process (each window has its own connection and loop).
  @Test func aFileDraggedOntoAnotherWindowOfOursIsDelivered() async throws {
    let server = try Self.server.orSkip()
    let (target, _, log) = try Self.dropWindow([.image])
    defer { target.close() }
    let source = try X11Window(title: "swift-uti other window", width: 200, height: 200, display: try Self.display())
    defer { source.close() }
    // Beside the target, where no window manager would put it: moved there by the test.
    let moved = try await offThePool {
      try server.run("/bin/sh", ["-c", "xdotool search --name 'swift-uti other window' windowmove --sync 500 0"])
    }
    #expect(moved.status == 0, "\(moved.stderrText)")
    let ended = try await Self.dragFile(from: source, pressAt: (600, 100), to: [(450, 150), (250, 250)])
    #expect(await suspendUntil(within: 20) { log.loaded != nil }, "\(log.calls) \(log.loadError ?? "")")
    #expect(log.loaded == (try Data(contentsOf: Self.ladybug)))
    #expect(log.types == ["public.file-url", "public.png"])
    #expect(await suspendUntil(within: 20) { ended.operations == [.copy] }, "\(ended.operations)")
  }

  static var ladybug: URL { packageRoot.appendingPathComponent("Examples/PointyBug/ladybug.png") }

  /// Presses at root `start` over `window`, starts a drag of the ladybug's PNG file there (its
  /// file URL: `text/uri-list` on the wire, as a file manager drags a file), moves along `path`
  /// and releases; the log of what the drag's source hears.
  static func dragFile(from window: X11Window, pressAt start: (Int, Int), to path: [(Int, Int)]) async throws
    -> EndedLog
  {
    let provider = ItemProvider(item: ladybug, typeIdentifier: UTType.fileURL.identifier)
    let ended = EndedLog()
    var presses = window.buttonPresses.makeAsyncIterator()
    try await xdotool("mousemove \(start.0) \(start.1) sleep 0.1 mousedown 1")
    _ = await presses.next()
    try window.beginDrag(DragSession(items: [provider], allowedOperations: [.copy]) { ended.operations.append($0) })
    var script = ""
    for (x, y) in path { script += " mousemove \(x) \(y) sleep 0.2" }
    try await xdotool(script + " mouseup 1 sleep 0.2")
    return ended
  }
}
