import DesktopTestSupport
import Foundation
import SystemPasteboard
import TestSupport
import Testing

@testable import DesktopPasteboard

/// The next press a window reports, or nil when none comes within `seconds`.
@MainActor
func nextPress(_ presses: AsyncStream<WindowButtonPress>, within seconds: Double = 10) async -> WindowButtonPress? {
  await withTaskGroup(of: WindowButtonPress?.self) { group in
    group.addTask {
      var iterator = presses.makeAsyncIterator()
      return await iterator.next()
    }
    group.addTask {
      try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
      return nil
    }
    let first = await group.next() ?? nil
    group.cancelAll()
    return first
  }
}

/// A drag with the virtual pointer, off the main actor: press at the first point (holding it
/// `hold` seconds), move through the rest, rest 0.2 s over the last (so that the target answers
/// the last motion), and release.
func pressDragRelease(_ input: WaylandVirtualInput, through points: [(Double, Double)], hold: Double = 0) async throws {
  try await offThePool {
    try input.move(to: points[0].0, points[0].1)
    try input.button(pressed: true)
    if hold > 0 { usleep(UInt32(hold * 1_000_000)) }
    for (from, to) in zip(points, points.dropFirst()) { try input.drag(from: from, to: to) }
    usleep(200_000)
    try input.button(pressed: false)
  }
}

/// A click with the virtual pointer at (`x`, `y`) on the output, off the main actor: the pointer
/// moved there, the button pressed and released.
func click(_ input: WaylandVirtualInput, at x: Double, _ y: Double) async throws {
  try await offThePool {
    try input.move(to: x, y)
    try input.button(pressed: true)
    try input.button(pressed: false)
  }
}

extension DragAndDropTests.WaylandWindowTests {
  /// A window takes the size the compositor suggests (here sway's `resize set` of a floating
  /// window; a tiling layout, a maximised window): its next buffer has that size, its content
  /// cropped or padded. The compositor's own input proves it: a press past the old size reaches
  /// the grown window, and one past the new size misses the shrunk one.
  @Test func aWindowTakesTheSizeTheCompositorSuggests() async throws {
    let (compositor, input, display) = try Self.desktop()
    let window = try WaylandWindow(
      title: "sizes", width: 400, height: 300, display: display, applicationID: "swift-uti")
    defer { window.close() }
    _ = try compositor.place(appID: "swift-uti", at: 0, 0)
    #expect(window.toplevel.size == (400, 300))
    let presses = window.buttonPresses
    func press(_ x: Double, _ y: Double) async throws {
      // sway keeps a resized floating window's centre: put it back in the corner first.
      let origin = try compositor.place(appID: "swift-uti", at: 0, 0)
      try await click(input, at: origin.x + x, origin.y + y)
    }
    for (width, height, inside) in [(520, 380, (480.0, 350.0)), (260, 140, (250.0, 130.0))] {
      _ = try compositor.swaymsg(["[app_id=\"swift-uti\"]", "resize", "set", "\(width)", "\(height)"])
      #expect(await suspendUntil(within: 20) { window.toplevel.size == (Int32(width), Int32(height)) })
      try await press(inside.0, inside.1)
      #expect(await nextPress(presses) == WindowButtonPress(location: CGPoint(x: inside.0, y: inside.1), button: 1))
    }
    try await press(300, 200)
    #expect(await nextPress(presses, within: 1) == nil, "(300, 200) is outside the window of 260 × 140")
  }
}

extension DragAndDropTests.WaylandWindowTests {
  /// A window of ours titled "clipboard" with `events` as given, placed at the top left and
  /// clicked once (its latest input, whose serial a selection needs, and its keyboard focus),
  /// with the compositor it is on.
  static func clickedWindow(events: DesktopEvents = .ownThread) async throws -> (WaylandWindow, WaylandCompositor) {
    let (compositor, input, display) = try Self.desktop()
    let window = try WaylandWindow(
      title: "clipboard", width: 300, height: 200, display: display, applicationID: "swift-uti", events: events)
    let origin = try compositor.place(appID: "swift-uti", at: 0, 0)
    let presses = window.buttonPresses
    try await click(input, at: origin.x + 20, origin.y + 20)
    #expect(await nextPress(presses) != nil, "the click reached the window")
    return (window, compositor)
  }
}
