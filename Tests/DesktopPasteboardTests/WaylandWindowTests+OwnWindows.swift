import DesktopTestSupport
import Foundation
import Pasteboard
import TestSupport
import Testing
import TypeRegistry
import UTIPlatform

@testable import DesktopPasteboard
@testable import SystemPasteboard
@testable import SystemPasteboardCore
@testable import SystemPasteboardWayland

/// Drags between windows of this process on Wayland: the drop's items are built from the
/// drag's file list, which this process's own connection serves (`wl_data_source.send`), so
/// the window's thread must not wait for that read.
extension DragAndDropTests.WaylandWindowTests {
  /// A PNG file (its file URL, `text/uri-list`) dragged from our window onto a target of the same
  /// window: the drop's item is the file, and its bytes load from it; with the window's events on
  /// a thread of its own, and on the main thread.
  @Test(arguments: [DesktopEvents.ownThread, .mainThread])
  func aFileDraggedFromOurWindowOntoItselfIsDelivered(events: DesktopEvents) async throws {
    let (compositor, input, display) = try Self.desktop()
    let window = try WaylandWindow(
      title: "own", width: 400, height: 400, display: display, applicationID: "swift-uti", events: events)
    defer { window.close() }
    let log = try Self.takeImages(into: window)
    let ours = try compositor.place(appID: "swift-uti", at: 0, 0)
    let ended = try await Self.dragFile(
      from: window, input, at: (ours.x + 50, ours.y + 50), to: (ours.x + 250, ours.y + 250))
    #expect(await suspendUntil(within: 20) { log.loaded != nil }, "\(log.calls) \(log.loadError ?? "")")
    #expect(log.loaded == (try Data(contentsOf: DragAndDropTests.ladybug)))
    #expect(log.types == ["public.file-url", "public.png"])
    #expect(await suspendUntil(within: 20) { ended.operations == [.copy] }, "\(ended.operations)")
  }

  /// The same onto another window of this process (each with its own connection and thread).
  @Test func aFileDraggedOntoAnotherWindowOfOursIsDelivered() async throws {
    let (compositor, input, display) = try Self.desktop()
    let target = try WaylandWindow(
      title: "target", width: 400, height: 400, display: display, applicationID: "swift-uti-target")
    defer { target.close() }
    let log = try Self.takeImages(into: target)
    let source = try WaylandWindow(
      title: "source", width: 200, height: 200, display: display, applicationID: "swift-uti-source")
    defer { source.close() }
    let into = try compositor.place(appID: "swift-uti-target", at: 0, 0)
    let from = try compositor.place(appID: "swift-uti-source", at: 900, 0)
    let ended = try await Self.dragFile(
      from: source, input, at: (from.x + 100, from.y + 100), to: (into.x + 250, into.y + 250))
    #expect(await suspendUntil(within: 20) { log.loaded != nil }, "\(log.calls) \(log.loadError ?? "")")
    #expect(log.loaded == (try Data(contentsOf: DragAndDropTests.ladybug)))
    #expect(await suspendUntil(within: 20) { ended.operations == [.copy] }, "\(ended.operations)")
  }

  /// A surface over all of `window` whose one target takes images and records its calls.
  static func takeImages(into window: WaylandWindow) throws -> DelegateLog {
    let log = DelegateLog()
    let surface = DropSurface()
    surface.addTarget(
      DropTarget(frame: CGRect(x: 0, y: 0, width: 400, height: 400), of: [.image], delegate: Recorder(log: log)))
    try window.acceptDrops(into: surface)
    return log
  }

  /// Presses at `start` (output coordinates) over `window`, starts a drag of the ladybug's PNG
  /// file's URL there, moves to `end` and releases; the log of what the drag's source hears.
  static func dragFile(
    from window: WaylandWindow, _ input: WaylandVirtualInput, at start: (Double, Double), to end: (Double, Double)
  ) async throws -> EndedLog {
    let presses = window.buttonPresses
    try await offThePool {
      try input.move(to: start.0, start.1)
      try input.button(pressed: true)
    }
    try #require(await nextPress(presses) != nil, "the press never reached the window")
    let ended = EndedLog()
    let provider = ItemProvider(item: DragAndDropTests.ladybug, typeIdentifier: UTType.fileURL.identifier)
    try window.beginDrag(DragSession(items: [provider], allowedOperations: [.copy]) { ended.operations.append($0) })
    try await offThePool {
      try input.drag(from: start, to: end)
      usleep(200_000)
      try input.button(pressed: false)
    }
    return ended
  }

  /// A window served on the main thread whose compositor goes away stops being served (its
  /// socket at its end would otherwise wake the main queue without end), and says it failed.
  @Test func aMainThreadWindowStopsBeingServedWhenItsCompositorGoesAway() async throws {
    let compositor = try WaylandCompositor.start().orSkip()
    let display = try WaylandDisplay(name: compositor.socketPath)
    let window = try WaylandWindow(
      title: "gone", width: 100, height: 100, display: display, applicationID: "swift-uti", events: .mainThread)
    defer { window.close() }
    #expect(window.isServedFromMainQueue)
    compositor.stop()
    #expect(await suspendUntil(within: 10) { !window.isServedFromMainQueue })
    #expect(throws: SystemPasteboardError.self) { try window.acceptDrops(into: DropSurface()) }
  }
}

extension DragAndDropTests.WaylandWindowTests {
  /// A copy and a paste made on the main thread that drives the window (a menu's Copy, then
  /// Paste): the copy is written on the loop and returns; the paste of it is read from our own
  /// source, since the compositor would ask this very connection for the data, which that thread
  /// cannot read while it waits. Neither nests a round trip in the loop's turn; the text pasted
  /// is the text copied, here and in another client.
  @Test func aPasteOfOurOwnCopyOnTheThreadThatDrivesTheWindow() async throws {
    let (window, compositor) = try await Self.clickedWindow(events: .mainThread)
    defer { window.close() }
    let clipboard = window.pasteboard(for: .clipboard)
    let nested = Locked(0)
    window.toplevel.dispatcher.observeNestedRoundTrips { nested.withLock { $0 += 1 } }
    defer { window.toplevel.dispatcher.observeNestedRoundTrips(nil) }
    let pasted = try await MainActor.run {
      var item = SystemPasteboard.Item()
      item.register(.utf8PlainText) { Array("copied and pasted on the main thread".utf8) }
      try clipboard.setItems([item])
      return try clipboard.data(conformingTo: .utf8PlainText).map { String(decoding: $0.data, as: UTF8.self) }
    }
    #expect(pasted == "copied and pasted on the main thread")
    #expect(nested.withLock { $0 } == 0, "no round trip nested in the loop's turn")
    // The copy, written on the loop with no round trip, is what another client pastes.
    let theirs = try await offThePool { try compositor.shell("timeout 10 wl-paste -n").stdoutText }
    #expect(theirs == "copied and pasted on the main thread")
    // Another client's copy, once the compositor has told the window, pasted on that thread too:
    // as the window last heard, with no round trip nested.
    let copied = try await offThePool {
      try compositor.wlCopy("", input: Data("from wl-copy".utf8), type: "text/plain")
    }
    #expect(copied, "wl-copy owned the clipboard")
    let told = await suspendUntil(within: 10) {
      !clipboard.ownsSelection && window.toplevel.selection(primary: false)?.mimeTypes.contains("text/plain") == true
    }
    #expect(told, "the compositor told the window")
    let other = try await MainActor.run {
      try clipboard.data(conformingTo: .plainText).map { String(decoding: $0.data, as: UTF8.self) }
    }
    #expect(other == "from wl-copy")
    #expect(nested.withLock { $0 } == 0, "no round trip nested in the loop's turn")
  }
}

extension DragAndDropTests.WaylandWindowTests {
  /// A second copy replaces the first: the compositor cancels the first source, and the window
  /// still owns the clipboard with the second, which another client pastes.
  @Test func aSecondCopyKeepsTheClipboardAfterTheFirstIsCancelled() async throws {
    let (window, compositor) = try await Self.clickedWindow()
    defer { window.close() }
    let clipboard = window.pasteboard(for: .clipboard)
    for text in ["first", "second"] {
      var item = SystemPasteboard.Item()
      item.register(.utf8PlainText) { Array(text.utf8) }
      try clipboard.setItems([item])
    }
    // The first source's `cancelled` has come once the compositor answered a round trip.
    try window.toplevel.sync()
    #expect(clipboard.ownsSelection, "the second copy is the clipboard")
    let pasted = try await offThePool { try compositor.shell("timeout 10 wl-paste -n").stdoutText }
    #expect(pasted == "second")
  }
}

extension DragAndDropTests.WaylandWindowTests {
  /// A window's paste of a copy replaced while it is read says so, and never gives an empty copy:
  /// the owner (a data-control client of ours), asked, lets wl-copy replace it twice and fails
  /// its load, so that the compositor's pipe closes unwritten; the window's newest offer then has
  /// the id of the one it read (the compositor reuses a destroyed offer's id). The next paste
  /// gives the newest copy.
  @Test func aWindowsPasteOfACopyReplacedMeanwhileSaysSo() async throws {
    let (window, compositor) = try await Self.clickedWindow()
    defer { window.close() }
    let owner = SystemPasteboard(
      selection: .clipboard, backend: .wayland(try WaylandDisplay(name: compositor.socketPath)), timeout: .seconds(10))
    defer { withExtendedLifetime(owner) {} }  // the copy's owner, until the reads are done
    var item = SystemPasteboard.Item()
    item.register(.utf8PlainText) { () throws -> [UInt8] in
      for text in ["newer", "newest"] {
        _ = try compositor.wlCopy("", input: Data(text.utf8), type: "text/plain")
        usleep(200_000)  // the window hears the selection and destroys the offer it replaced
      }
      throw CocoaError(.fileReadUnknown)
    }
    try owner.setItems([item])
    let clipboard = window.pasteboard(for: .clipboard)
    #expect(
      await suspendUntil(within: 10) { (try? clipboard.targets().map(\.target))?.contains("UTF8_STRING") == true })
    do {
      let read = try clipboard.data(conformingTo: .plainText).map { String(decoding: $0.data, as: UTF8.self) }
      Issue.record("the paste of a replaced copy gave \(read.map { "\"\($0)\"" } ?? "nothing")")
    } catch {
      #expect(error.code == .conversionRefused)
      #expect(error.message == "the clipboard changed while it was read: ask again for the new copy")
    }
    let newest = try clipboard.data(conformingTo: .plainText).map { String(decoding: $0.data, as: UTF8.self) }
    #expect(newest == "newest")
  }
}
