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

/// A drag's image on X11, read back from the screen with `xwd -root`: drawn under the pointer
/// at its hot spot, following it, transparent where the image is, seen through by the target
/// lookup (GTK under it takes the drop), and gone when the drag ends. Without a compositing
/// manager (Xvfb alone) the window is shaped to the image's opaque pixels; with one (xcompmgr)
/// it is an ARGB window the compositor blends.
extension DragAndDropTests {
  /// 48 × 32: the left half opaque red, the right half's top transparent and its bottom opaque
  /// blue; the hot spot at (10, 5).
  static let testImage: DragImage = {
    let pixels = (0..<(48 * 32)).map { index -> UInt32 in
      let (x, y) = (index % 48, index / 48)
      if x < 24 { return 0xFFFF_0000 }
      return y < 16 ? 0 : 0xFF00_00FF
    }
    return try! DragImage(width: 48, height: 32, pixels: pixels, hotSpot: CGPoint(x: 10, y: 5))
  }()

  @Test(arguments: [false, true])
  func theDragImageFollowsThePointerAtItsHotSpot(composited: Bool) async throws {
    try Peers.gtk.orSkip()
    let server = try Self.server.orSkip()
    try server.requireScreenshots()
    let compositor = try composited ? Self.startCompositor(on: server) : nil
    defer { compositor?.terminate() }
    let target = try await Self.startGTK(["target", "500", "0", "text/plain;charset=utf-8"])
    defer { target.terminate() }
    let window = try Self.dragWindow()
    defer { window.close() }
    let before = try await offThePool { try server.screenshot() }
    let ended = EndedLog()
    var presses = window.buttonPresses.makeAsyncIterator()
    try await Self.xdotool("mousemove 100 100 sleep 0.1 mousedown 1")
    _ = await presses.next()
    var session = DragSession(items: [ItemProvider(object: "under the image" as NSString)], allowedOperations: [.copy])
    session.image = Self.testImage
    session.onEnded = { ended.operations.append($0) }
    try window.beginDrag(session)
    try await Self.xdotool("mousemove 450 150 sleep 0.2 mousemove 600 100 sleep 0.4")
    let over = try await offThePool { try server.screenshot() }
    Self.expectImage(in: over, at: (600 - 10, 100 - 5), before: before, blended: composited)
    let argbWindows = try await offThePool { try server.run("/usr/bin/python3", ["-c", Self.argbWindows]) }
    #expect(argbWindows.stdoutText == (composited ? "1\n" : "0\n"), "ARGB windows shown: \(argbWindows.stdoutText)")
    try await Self.xdotool("mousemove 620 150 sleep 0.4")
    let moved = try await offThePool { try server.screenshot() }
    Self.expectImage(in: moved, at: (620 - 10, 150 - 5), before: before, blended: composited)
    #expect(moved.pixel(600 - 10 + 2, 100 - 5 + 2) == before.pixel(600 - 10 + 2, 100 - 5 + 2), "the image moved away")
    try await Self.xdotool("mouseup 1 sleep 0.4")
    let received = try await Self.line(from: target) { $0.hasPrefix("received") }
    #expect(received?.hasPrefix("received text/plain;charset=utf-8") == true, "\(received ?? "nothing")")
    #expect(await suspendUntil(within: 20) { ended.operations == [.copy] }, "\(ended.operations)")
    let after = try await offThePool { try server.screenshot() }
    #expect(after.pixel(620 - 10 + 2, 150 - 5 + 2) == before.pixel(620 - 10 + 2, 150 - 5 + 2), "the image is gone")
  }

  /// Checks the screen where the image's top-left corner is `origin`: the image's red and blue
  /// where it is opaque, what was there before where it is transparent and the window is
  /// shaped. Where a compositing manager blends the window, `xwd` does not read the blend back:
  /// the X server answers `GetImage` from the windows' own pixmaps, the ARGB one's transparent
  /// pixels black. Points under a pointer the compositor draws (`cursorAt`, 24 pixels square)
  /// are not checked.
  static func expectImage(
    in screen: ScreenImage, at origin: (x: Int, y: Int), before: ScreenImage, blended: Bool,
    cursorAt cursor: (x: Int, y: Int)? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    func visible(_ point: (Int, Int)) -> Bool {
      guard let cursor else { return true }
      let (x, y) = (origin.x + point.0, origin.y + point.1)
      return !((cursor.x - 1)...(cursor.x + 24)).contains(x) || !((cursor.y - 1)...(cursor.y + 24)).contains(y)
    }
    let red = [(0, 0), (2, 2), (5, 30), (23, 31), (10, 5)].filter(visible)
    let blue = [(24, 16), (30, 20), (40, 28), (47, 31)].filter(visible)
    let clear = ((blended ? [] : [(24, 0), (30, 3), (40, 8), (47, 15)]) + [(-1, 0), (-1, 20)]).filter(visible)
    for (expected, points, what) in [(0xFF_0000 as UInt32?, red, "red"), (0x00_00FF, blue, "blue")] {
      for (x, y) in points {
        #expect(
          screen.pixel(origin.x + x, origin.y + y) == expected, "\(what) at image (\(x), \(y))",
          sourceLocation: sourceLocation)
      }
    }
    for (x, y) in clear {
      let (screenX, screenY) = (origin.x + x, origin.y + y)
      #expect(
        screen.pixel(screenX, screenY) == before.pixel(screenX, screenY), "what is below at image (\(x), \(y))",
        sourceLocation: sourceLocation)
    }
  }

  /// xcompmgr, a compositing manager, on the test server; waits until it owns `_NET_WM_CM_S0`.
  static func startCompositor(on server: XServer) throws -> XServer.Peer {
    let path = try Peers.executable("xcompmgr", package: "xcompmgr").orSkip()
    let peer = try server.start(path, [])
    let owned = eventually(within: 10) {
      let owner = try? server.run("/usr/bin/python3", ["-c", Self.compositingOwner])
      return owner?.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines) == "owned"
    }
    if !owned { peer.terminate() }
    try #require(owned, "xcompmgr never took _NET_WM_CM_S0")
    return peer
  }

  /// Prints how many mapped, override-redirect, 32-bit windows the root has (a drag image a
  /// compositor blends).
  nonisolated static let argbWindows = """
    from Xlib import display, X
    d = display.Display()
    shown = [w for w in d.screen().root.query_tree().children
             if w.get_attributes().map_state == X.IsViewable and w.get_attributes().override_redirect
             and w.get_geometry().depth == 32]
    print(len(shown))
    """

  nonisolated static let compositingOwner = """
    from Xlib import display
    d = display.Display()
    print("owned" if d.get_selection_owner(d.intern_atom("_NET_WM_CM_S0")) else "none")
    """
}
