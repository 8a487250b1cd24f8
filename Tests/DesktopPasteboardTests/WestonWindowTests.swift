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
@testable import SystemPasteboardX11

/// Drags on weston 10 (its X11 backend inside the suite's own Xvfb, the desktop shell placing
/// windows at random): GTK 3 on Wayland both ways, a promised file out, a drag's image. The
/// pointer is the X server's, moved by `xdotool`: weston follows it over its output window at the
/// X server's origin, and takes presses once the pointer has entered that window from outside.
/// Windows are found on the screen read back with `xwd`: ours by the color it shows, GTK's by its
/// background.
extension DragAndDropTests {
  @Suite("Weston windows, drops and drags with real peers", .serialized)
  @MainActor
  struct WestonWindowTests {
    static let server = XServer.start()
    static let compositor = server.flatMap { WaylandCompositor.startWeston(on: $0) }
    /// What our windows show: nothing else on weston's screen is this color.
    nonisolated static let ourColor: UInt32 = 0xFF_00FF  // data, not wire: a pixel
    /// GTK 3's window background (Adwaita's).
    nonisolated static let gtkColor: UInt32 = 0xF6_F5F4  // data, not wire: a pixel
    /// Our window's side.
    static let side = 240

    /// The bounding box of the pixels of `color` on weston's output, nil when none shows.
    nonisolated static func locate(_ color: UInt32, on server: XServer) throws -> CGRect? {
      let screen = try server.screenshot()
      var (minX, minY, maxX, maxY) = (Int.max, Int.max, -1, -1)
      for y in 0..<screen.height {
        for x in 0..<screen.width where screen.pixels[y * screen.width + x] == color {
          (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
        }
      }
      guard maxX >= 0 else { return nil }
      return CGRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// Waits (at most 10 s) until `color` shows as `accepted` says, and returns where (nil:
    /// until it shows no more).
    static func waitFor(_ color: UInt32, on server: XServer, _ accepted: @escaping @Sendable (CGRect?) -> Bool)
      async throws -> CGRect?
    {
      let found = try await offThePool { () throws -> (Bool, CGRect?) in
        let deadline = Date(timeIntervalSinceNow: 10)
        var frame = try locate(color, on: server)
        while !accepted(frame) && Date() < deadline {
          usleep(100_000)
          frame = try locate(color, on: server)
        }
        return (accepted(frame), frame)
      }
      try #require(found.0, "color \(String(color, radix: 16)) on weston's screen: \(String(describing: found.1))")
      return found.1
    }

    /// The GTK peer on weston, and its window's area.
    static func startGTK(_ compositor: WaylandCompositor, on server: XServer, _ arguments: [String]) async throws
      -> (XServer.Peer, CGRect)
    {
      let peer = try await WaylandWindowTests.startGTK(compositor, arguments)
      let frame = try await waitFor(gtkColor, on: server) { ($0?.width ?? 0) >= 150 }
      return (peer, frame!)
    }

    /// Our window, placed where it does not touch `other` (weston places each new window at
    /// random: one that lands on `other` is closed and another made, at most 12 times).
    static func ourWindow(_ display: WaylandDisplay, on server: XServer, apartFrom other: CGRect) async throws
      -> (WaylandWindow, CGRect)
    {
      for _ in 0..<12 {
        _ = try await waitFor(ourColor, on: server) { $0 == nil }
        let window = try WaylandWindow(
          title: "drags", width: side, height: side, pixels: [UInt32](repeating: ourColor, count: side * side),
          display: display, applicationID: "swift-uti")
        let side = CGFloat(Self.side)
        let frame = try await waitFor(ourColor, on: server) { $0?.width == side && $0?.height == side }!
        if !frame.insetBy(dx: -24, dy: -24).intersects(other) { return (window, frame) }
        window.close()
      }
      throw ScreenshotError("weston placed our window over GTK's twelve times")
    }

    /// The pointer into weston's output window from outside it, to `point`, and pressed there.
    static func press(at point: CGPoint) async throws {
      try await xdotool("mousemove 1200 900 sleep 0.2")
      try await xdotool("mousemove \(Int(point.x)) \(Int(point.y)) sleep 0.4 mousedown 1 sleep 0.3")
    }

    /// Moves the pressed pointer to `end` in steps, and releases it there (unless told not to).
    static func move(from start: CGPoint, to end: CGPoint, release: Bool = true) async throws {
      for step in 1...10 {
        let fraction = Double(step) / 10
        let (x, y) = (start.x + (end.x - start.x) * fraction, start.y + (end.y - start.y) * fraction)
        try await xdotool("mousemove \(Int(x)) \(Int(y)) sleep 0.1")
      }
      try await xdotool("sleep 0.4" + (release ? " mouseup 1 sleep 0.3" : ""))
    }

    static func xdotool(_ script: String) async throws {
      let server = try Self.server.orSkip()
      let result = try await offThePool { try server.run("/bin/sh", ["-c", "xdotool \(script)"]) }
      #expect(result.status == 0, "xdotool \(script): \(result.stderrText)")
    }

    static func desktop() throws -> (XServer, WaylandCompositor, WaylandDisplay) {
      try Peers.gtk.orSkip()
      let compositor = try Self.compositor.orSkip()
      let server = try Self.server.orSkip()
      try server.requireScreenshots()  // windows are found by their color on the screen
      return (server, compositor, try WaylandDisplay(name: compositor.socketPath))
    }
  }
}

extension DragAndDropTests.WestonWindowTests {
  @Test func textFromGTKReachesTheDelegates() async throws {
    let (server, compositor, display) = try Self.desktop()
    let (gtk, gtkFrame) = try await Self.startGTK(
      compositor, on: server, ["source", "0", "0", "text", "from GTK on weston"])
    defer { gtk.terminate() }
    let (window, frame) = try await Self.ourWindow(display, on: server, apartFrom: gtkFrame)
    defer { window.close() }
    let log = DelegateLog()
    let surface = DropSurface()
    surface.addTarget(
      DropTarget(frame: CGRect(x: 0, y: 0, width: 240, height: 240), of: [.plainText], delegate: Recorder(log: log)))
    try window.acceptDrops(into: surface)
    let start = CGPoint(x: gtkFrame.midX, y: gtkFrame.midY)
    try await Self.press(at: start)
    try await Self.move(from: start, to: CGPoint(x: frame.midX, y: frame.midY))
    #expect(await suspendUntil(within: 20) { log.loaded != nil }, "\(log.calls)")
    #expect(log.loaded.map { String(decoding: $0, as: UTF8.self) } == "from GTK on weston")
    #expect(log.calls.last == "performDrop", "\(log.calls)")
    #expect(try await DragAndDropTests.line(from: gtk) { $0 == "end" || $0.hasPrefix("failed") } == "end")
  }

  /// Our drag of a promised file, dropped on GTK: it reads the URL, and the file written then.
  ///
  /// The drag is made again, once, where it never reached GTK: in about one run in six of this
  /// suite under ThreadSanitizer, weston (10, X11 backend) gave every motion of the drag to its
  /// desktop's background, over GTK's window too, and cancelled it at the release; its own
  /// repick after the drag chose the background at GTK's centre as well, while every client's
  /// requests were the same as in a run that passes (weston's protocol trace of both compared).
  @Test func aPromiseDraggedToGTKIsWrittenWhenItReadsTheURL() async throws {
    let (server, compositor, display) = try Self.desktop()
    let (gtk, gtkFrame) = try await Self.startGTK(compositor, on: server, ["target", "0", "0", "text/uri-list"])
    defer { gtk.terminate() }
    let (window, frame) = try await Self.ourWindow(display, on: server, apartFrom: gtkFrame)
    defer { window.close() }
    let pdf = Data((0..<90_000).map { UInt8(truncatingIfNeeded: $0 &* 13) })
    let digest = try runProcess("/usr/bin/sha256sum", [], input: pdf).stdoutText.prefix(64)
    var (ended, received) = (EndedLog(), String?.none)
    for attempt in 1...2 {
      ended = try await Self.dragPromise(pdf, from: window, frame, to: gtkFrame)
      let heard = Locked(false)
      received = try await DragAndDropTests.line(from: gtk) { line in
        heard.withLock { $0 = true }
        return line.hasPrefix("received")
      }
      guard received == nil, ended.operations == [.cancel], !heard.withLock({ $0 }), attempt == 1 else { break }
      print("weston gave the drag to its background, and GTK heard nothing of it: the drag is made again")
    }
    #expect(received?.hasPrefix("received text/uri-list") == true, "\(received ?? "nothing")")
    let file = try await DragAndDropTests.line(from: gtk) { $0.hasPrefix("file") || $0.hasPrefix("unreadable") }
    #expect(file == "file report.pdf \(pdf.count) sha256:\(digest)")
    #expect(await suspendUntil(within: 20) { ended.operations == [.copy] }, "\(ended.operations)")
  }

  /// Presses in our window, drags `pdf` promised as report.pdf from there to the centre of
  /// `target`, and releases; what the drag's source hears.
  static func dragPromise(_ pdf: Data, from window: WaylandWindow, _ frame: CGRect, to target: CGRect)
    async throws -> EndedLog
  {
    let ended = EndedLog()
    let presses = window.buttonPresses
    let start = CGPoint(x: frame.midX, y: frame.midY)
    try await Self.press(at: start)
    _ = try #require(await nextPress(presses), "the press never reached the window")
    try window.beginDrag(
      DragSession(items: [DragAndDropTests.promisedReport(pdf)], allowedOperations: [.copy]) {
        ended.operations.append($0)
      })
    try await Self.move(from: start, to: CGPoint(x: target.midX, y: target.midY))
    return ended
  }

  /// weston moves a drag's icon by the offset it is attached at: the image's hot spot is at the
  /// pointer (weston draws the pointer too: the points under it are not checked).
  @Test func theDragImageFollowsThePointerAtItsHotSpot() async throws {
    let (server, _, display) = try Self.desktop()
    let (window, frame) = try await Self.ourWindow(display, on: server, apartFrom: .zero)
    defer { window.close() }
    let before = try await offThePool { try server.screenshot() }
    let presses = window.buttonPresses
    let start = CGPoint(x: frame.midX, y: frame.midY)
    try await Self.press(at: start)
    _ = try #require(await nextPress(presses), "the press never reached the window")
    let ended = EndedLog()
    var session = DragSession(items: [ItemProvider(object: "under the image" as NSString)], allowedOperations: [.copy])
    session.image = DragAndDropTests.testImage
    session.onEnded = { ended.operations.append($0) }
    try window.beginDrag(session)
    // Over weston's background, away from our window.
    let point = (x: frame.midX < 512 ? 800 : 150, y: 450)
    try await Self.move(from: start, to: CGPoint(x: point.x, y: point.y), release: false)
    let over = try await offThePool { try server.screenshot() }
    DragAndDropTests.expectImage(
      in: over, at: (point.x - 10, point.y - 5), before: before, blended: false, cursorAt: point)
    try await Self.xdotool("mouseup 1 sleep 0.3")
    #expect(await suspendUntil(within: 20) { ended.operations.count == 1 }, "\(ended.operations)")
  }
}
