import Foundation
import Pasteboard
import TestSupport
import Testing
import TypeRegistry
import UTIPlatform

@testable import DesktopPasteboard
@testable import PointyBug
@testable import SystemPasteboard
@testable import SystemPasteboardCore
@testable import SystemPasteboardX11

/// The tutorial app, `pointybug --window`, run for real.
extension DragAndDropTests {
  /// `pointybug --window`, for real: a PNG dragged in from GTK, then the arrow tool dragged from
  /// its toolbar onto the screenshot.
  @Test func pointybugWindowTakesAScreenshotThenTheArrow() async throws {
    try Peers.gtk.orSkip()
    let server = try Self.server.orSkip()
    let pointybug = try builtProduct("pointybug")
    let app = try server.start(pointybug, ["--window"])
    defer { app.terminate() }
    let ready = try await Self.line(from: app) { $0.hasPrefix("window ") || $0.hasPrefix("error") }
    try #require(ready?.hasSuffix("drag the arrow from the toolbar") == true, "\(ready ?? "no line")")
    let ladybug = packageRoot.appendingPathComponent("Examples/PointyBug/ladybug.png")
    // GTK's window goes right of ours (800 wide).
    let image = try await Self.startGTK(["source", "900", "0", "file", "image/png", ladybug.path])
    defer { image.terminate() }
    var script = "mousemove 1000 100 sleep 0.2 mousedown 1 sleep 0.2"
    for (x, y) in [(990, 105), (970, 110), (900, 200), (600, 400), (410, 500), (400, 500)] {
      script += " mousemove \(x) \(y) sleep 0.15"
    }
    try await Self.xdotool(script + " mouseup 1 sleep 0.2")
    let loaded = try await Self.line(from: app) { $0.hasPrefix("image loaded") || $0.hasPrefix("image failed") }
    #expect(loaded == "image loaded: \(try Data(contentsOf: ladybug).count) bytes, 400×300", "\(loaded ?? "no line")")
    // The arrow, from the toolbar onto the middle of the screenshot.
    try await Self.dragArrow(from: app, to: (400, 500))
    let marker = try await Self.line(from: app) { $0.hasPrefix("performDrop: arrow") || $0.hasPrefix("arrow dropped") }
    #expect(marker?.hasPrefix("performDrop: arrow marker at") == true, "\(marker ?? "no line")")
    let dropped = try await Self.line(from: app) { $0.hasPrefix("arrow dropped") }
    #expect(dropped?.hasPrefix("arrow dropped: copy") == true, "\(dropped ?? "no line")")
    // Every later drag starts as the first did (each used to fail after 5 s: "the X server
    // sent no timestamp", the self-drop having replaced the source window's event mask).
    for (x, y) in [(300, 400), (500, 600)] {
      try await Self.dragArrow(from: app, to: (x, y))
      let again = try await Self.line(from: app) {
        $0.hasPrefix("arrow dropped") || $0.hasPrefix("the drag could not start")
      }
      #expect(again?.hasPrefix("arrow dropped: copy") == true, "drag to (\(x), \(y)): \(again ?? "no line")")
    }
  }

  /// Window managers find what they need on our windows (ICCCM's WM_CLASS and
  /// WM_CLIENT_MACHINE, EWMH's _NET_WM_PID), and the close button (WM_DELETE_WINDOW, sent by a
  /// python3-xlib peer as a window manager sends it) ends `pointybug --window` cleanly.
  /// Presses on pointybug's toolbar, waits until its drag has begun (under load, a pointer that
  /// moves on at once can be released before the drag starts), then drags to `end` and releases.
  static func dragArrow(from app: XServer.Peer, to end: (Int, Int)) async throws {
    try await xdotool("mousemove 40 40 sleep 0.2 mousedown 1")
    let started = try await line(from: app) {
      $0.hasPrefix("drag the arrow tool") || $0.hasPrefix("the drag could not start")
    }
    #expect(started?.hasPrefix("drag the arrow tool") == true, "\(started ?? "no line")")
    try await xdotool("sleep 0.1 mousemove 200 300 sleep 0.2 mousemove \(end.0) \(end.1) sleep 0.2 mouseup 1")
  }

  @Test func pointybugWindowIsNamedForWindowManagersAndClosesWhenAsked() async throws {
    let server = try Self.server.orSkip()
    try Peers.xlib.orSkip()
    let pointybug = try builtProduct("pointybug")
    let app = try server.start(pointybug, ["--window"])
    defer { app.terminate() }
    let ready = try await Self.line(from: app) { $0.hasPrefix("window ") || $0.hasPrefix("error") }
    let id = try #require(ready?.split(separator: " ").dropFirst().first.map(String.init), "\(ready ?? "no line")")
    let peer = fixturesDirectory.appendingPathComponent("x11/wm_peer.py").path
    let result = try await offThePool { try server.run("/usr/bin/python3", [peer, id, "close"]) }
    #expect(result.status == 0, "\(result.stderrText)")
    let lines = result.stdoutText.split(separator: "\n").map(String.init)
    let host = ProcessInfo.processInfo.hostName.split(separator: ".").first.map(String.init) ?? ""
    #expect(lines.contains("WM_CLASS pointybug|PointyBug"), "\(lines)")
    #expect(lines.contains("_NET_WM_PID \(app.process.processIdentifier)"), "\(lines)")
    #expect(lines.contains { $0.hasPrefix("WM_CLIENT_MACHINE \(host)") }, "\(lines)")
    #expect(lines.contains("WM_PROTOCOLS WM_DELETE_WINDOW"), "\(lines)")
    // Every line until "closed", so that a failure shows what pointybug did instead.
    let seen = Locked<[String]>([])
    let closed = try await Self.line(from: app) { line in
      seen.withLock { $0.append(line) }
      return line == "closed"
    }
    #expect(closed == "closed", "pointybug said: \(seen.withLock { $0 })")
    let exited = await suspendUntil(within: 20) { !app.process.isRunning }
    #expect(exited, "pointybug did not exit after it was asked to close")
    // (Foundation traps on the status of a process still running.)
    if exited { #expect(app.process.terminationStatus == 0) }
  }

  @Test func pointybugWindowWithoutADisplaySaysSoAndExitsTwo() async throws {
    let pointybug = try builtProduct("pointybug")
    let result = try await offThePool {
      try runProcess(
        "/usr/bin/env", ["-u", "DISPLAY", "-u", "WAYLAND_DISPLAY", "-u", "WAYLAND_SOCKET", pointybug, "--window"])
    }
    #expect(result.status == 2)
    #expect(
      result.stdoutText.hasSuffix("error: no desktop display: neither $WAYLAND_DISPLAY nor $DISPLAY is set\n"),
      "\(result.stdoutText)")
  }
}
