import DesktopPasteboard
import DesktopTestSupport
import Foundation
import Pasteboard
import Synchronization
import SystemPasteboard
import TestSupport
import Testing

/// A desktop window of ours (`DesktopPasteboard`'s, in the test process), where it is on the screen.
struct OwnWindow {
  let window: any DesktopWindow
  let frame: CGRect

  var centre: (Double, Double) { (frame.midX, frame.midY) }

  /// A point of the window `upper` (shown over it) leaves visible.
  func visiblePoint(under upper: GTKWindow) -> (Double, Double) {
    GTKWindow(peer: upper.peer, frame: frame).visiblePoint(under: upper)
  }
}

extension GTKDesktop {
  /// Our window's color on a screenshot (`DesktopPasteboard`'s windows show it).
  static let ownColor: UInt32 = 0xFF00FF  // data, not wire: a pixel

  /// A window of ours of `side` pixels on this desktop, made before any GTK peer and found: at
  /// the X server's origin (no window manager moves it), placed on sway, by its color on weston,
  /// by a click that reaches it elsewhere.
  @MainActor
  func ownWindow(side: Int = 300) async throws -> OwnWindow {
    if kind == .weston, let server {
      // A window of ours that a test before closed fades out meanwhile: gone first.
      try await offThePool { try Self.waitUntilGone(Self.ownColor, on: server) }
    }
    let window: any DesktopWindow
    if let compositor {
      // Filled with our color, which finds it on weston's screen.
      window = try WaylandWindow(
        title: "swift-uti gtk tests", width: side, height: side,
        pixels: [UInt32](repeating: Self.ownColor, count: side * side),
        display: try WaylandDisplay(name: compositor.socketPath), applicationID: "swift-uti")
    } else {
      window = try X11Window(
        title: "swift-uti gtk tests", width: side, height: side, display: try X11Display(parsing: server!.display),
        applicationClass: "swift-uti")
    }
    let size = Double(side)
    switch kind {
    case .x11: return OwnWindow(window: window, frame: CGRect(x: 0, y: 0, width: size, height: size))
    case .sway:
      let origin = try compositor!.place(appID: "swift-uti", at: 0, 0)
      return OwnWindow(window: window, frame: CGRect(x: origin.x, y: origin.y, width: size, height: size))
    case .weston:
      let server = self.server!
      let frame = try await offThePool { try Self.frame(of: Self.ownColor, side: size, on: server) }
      return OwnWindow(window: window, frame: frame)
    case .gnome, .kde:
      return OwnWindow(window: window, frame: try await clickUntilFound(window, side: size))
    }
  }

  /// Clicks over the screen (where this desktop put our window last, then a grid) until a press
  /// reaches `window`: its frame, from where the press landed in it.
  @MainActor
  private func clickUntilFound(_ window: any DesktopWindow, side: Double) async throws -> CGRect {
    let presses = window.buttonPresses
    let last = lastFound.withLock { $0["swift-uti"] }
    var points = last.map { [($0.0 + side / 2, $0.1 + side / 2)] } ?? []
    for y in stride(from: 80.0, to: 700, by: 120) {
      for x in stride(from: 80.0, to: 1000, by: 120) { points.append((x, y)) }
    }
    let heard = PressLog()
    let listener = Task { @MainActor in for await press in presses { heard.presses.append(press) } }
    defer { listener.cancel() }
    for point in points {
      try await offThePool { try self.click(at: point) }
      guard await suspendUntil(within: 0.2, every: 0.01, { !heard.presses.isEmpty }), let press = heard.presses.first
      else { continue }
      let origin = (point.0 - press.location.x, point.1 - press.location.y)
      lastFound.withLock { $0["swift-uti"] = origin }
      return CGRect(x: origin.0, y: origin.1, width: side, height: side)
    }
    throw PeerUnavailable(kind.rawValue, "no click reached our window")
  }
}

/// The presses a window heard, as a listener task collects them.
@MainActor
final class PressLog {
  var presses: [WindowButtonPress] = []
}
