import DesktopTestSupport
import Foundation
import TestSupport
import Testing
import UTIPlatform

@testable import DesktopPasteboard

extension DragAndDropTests.WaylandWindowTests {
  /// A closed window leaves the screen at once, though the program still holds it (its
  /// connection is ended, not left until the object is released).
  @Test func aClosedWindowLeavesTheScreenWhileItIsStillHeld() async throws {
    let (compositor, _, display) = try Self.desktop()
    let window = try WaylandWindow(
      title: "closing", width: 200, height: 200, display: display, applicationID: "swift-uti-closing")
    _ = try compositor.place(appID: "swift-uti-closing", at: 0, 0)
    window.close()
    let gone = try await offThePool {
      eventually(within: 10) {
        do {
          return try compositor.surfaceOrigin(appID: "swift-uti-closing") == nil
        } catch {
          return false
        }
      }
    }
    #expect(gone, "sway still shows the closed window")
    withExtendedLifetime(window) {}
  }
}

extension DragAndDropTests {
  /// The same on X11: a closed window is destroyed as its loop ends.
  @Test func aClosedX11WindowLeavesTheScreenWhileItIsStillHeld() async throws {
    let server = try Self.server.orSkip()
    let window = try X11Window(title: "swift-uti closing", width: 200, height: 200, display: try Self.display())
    let shown = try await offThePool {
      try server.run("/bin/sh", ["-c", "xdotool search --name '^swift-uti closing$'"])
    }
    #expect(shown.status == 0, "the window was never shown")
    window.close()
    let gone = try await offThePool {
      eventually(within: 10) {
        (try? server.run("/bin/sh", ["-c", "xdotool search --name '^swift-uti closing$'"]))?.status == 1
      }
    }
    #expect(gone, "the X server still has the closed window")
    withExtendedLifetime(window) {}
  }
}
