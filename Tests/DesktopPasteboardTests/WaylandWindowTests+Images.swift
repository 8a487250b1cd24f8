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

extension DragAndDropTests.WaylandWindowTests {
  /// A drag's image on Wayland: the `start_drag` icon surface, attached at minus its hot spot,
  /// read back with `grim` (sway draws the pointer into the picture); it follows the pointer and
  /// goes with the drag. sway before 1.8 draws a drag icon's top-left corner at the pointer
  /// whatever offset the client attaches it at (its `drag_icon_update_position` adds none; GTK's
  /// icons land there too): the image is looked for where the running sway puts it.
  @Test func theDragImageFollowsThePointerAtItsHotSpot() async throws {
    let (compositor, input, display) = try Self.desktop()
    try compositor.requireScreenshots()
    let window = try WaylandWindow(
      title: "drags", width: 400, height: 400, display: display, applicationID: "swift-uti")
    defer { window.close() }
    let ours = try compositor.place(appID: "swift-uti", at: 0, 0)
    let presses = window.buttonPresses
    try await offThePool {
      try input.move(to: ours.x + 100, ours.y + 100)
      try input.button(pressed: true)
    }
    _ = try #require(await nextPress(presses), "the press never reached the window")
    let before = try await offThePool { try compositor.screenshot() }
    let ended = EndedLog()
    var session = DragSession(items: [ItemProvider(object: "under the image" as NSString)], allowedOperations: [.copy])
    session.image = DragAndDropTests.testImage
    session.onEnded = { ended.operations.append($0) }
    try window.beginDrag(session)
    let first = (Int(ours.x) + 200, Int(ours.y) + 150)
    try await offThePool { try input.drag(from: (ours.x + 100, ours.y + 100), to: (Double(first.0), Double(first.1))) }
    let offset = try Self.swayHonoursIconOffsets(compositor) ? (x: -10, y: -5) : (x: 0, y: 0)
    let at = { (pointer: (Int, Int)) in (x: pointer.0 + offset.x, y: pointer.1 + offset.y) }
    let over = try await Self.settledScreenshot(compositor, showingRedAt: (at(first).x + 23, at(first).y + 31))
    DragAndDropTests.expectImage(in: over, at: at(first), before: before, blended: false, cursorAt: first)
    let second = (first.0 + 60, first.1 + 40)
    try await offThePool { try input.move(to: Double(second.0), Double(second.1)) }
    let moved = try await Self.settledScreenshot(compositor, showingRedAt: (at(second).x + 23, at(second).y + 31))
    DragAndDropTests.expectImage(in: moved, at: at(second), before: before, blended: false, cursorAt: second)
    try await offThePool { try input.button(pressed: false) }
    #expect(await suspendUntil(within: 20) { ended.operations.count == 1 }, "\(ended.operations)")
    let after = try await offThePool { try compositor.screenshot() }
    let spot = (at(second).x + 23, at(second).y + 31)
    #expect(after.pixel(spot.0, spot.1) == before.pixel(spot.0, spot.1), "the image is gone")
  }

  /// Whether the running sway places a drag icon by its attach offset (sway 1.8 and later).
  static func swayHonoursIconOffsets(_ compositor: WaylandCompositor) throws -> Bool {
    let version = try runProcess("/usr/bin/sway", ["--version"]).stdoutText
    let numbers = version.split(separator: " ").last?.split(separator: ".").compactMap {
      Int($0.prefix { $0.isNumber })
    }
    guard let numbers, numbers.count >= 2 else { return true }
    return (numbers[0], numbers[1]) >= (1, 8)
  }

  /// A screenshot once the compositor has drawn the image's corner at `corner` (a frame or two
  /// after the motion), at most 5 s on.
  static func settledScreenshot(_ compositor: WaylandCompositor, showingRedAt corner: (Int, Int)) async throws
    -> ScreenImage
  {
    try await offThePool {
      var shot = try compositor.screenshot()
      let deadline = Date(timeIntervalSinceNow: 5)
      while shot.pixel(corner.0, corner.1) != 0xFF_0000 && Date() < deadline {
        usleep(50_000)
        shot = try compositor.screenshot()
      }
      return shot
    }
  }
}
