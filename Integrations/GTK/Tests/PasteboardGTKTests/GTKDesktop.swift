import DesktopTestSupport
import Foundation
import Synchronization
import SystemPasteboard
import TestSupport
import Testing

/// The desktops the adapter is tested on: GTK 4's X11 backend on Xvfb, and its Wayland backend on
/// sway, weston, GNOME's mutter and KDE's kwin.
enum DesktopKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case x11, sway, weston, gnome, kde

  var testDescription: String { rawValue }

  /// The desktops the tests run on: every one, or those `SWIFT_UTI_GTK_DESKTOPS` names
  /// (`x11,sway`), for a quick run.
  static var selected: [DesktopKind] { selected(from: allCases) }

  /// Of `kinds`, those `SWIFT_UTI_GTK_DESKTOPS` names (all where it is not set).
  static func selected(from kinds: [DesktopKind]) -> [DesktopKind] {
    guard let names = ProcessInfo.processInfo.environment["SWIFT_UTI_GTK_DESKTOPS"] else { return kinds }
    let chosen = Set(names.split(separator: ",").map(String.init))
    return kinds.filter { chosen.contains($0.rawValue) }
  }

  /// Whether GTK talks Wayland there.
  var isWayland: Bool { self != .x11 }
}

/// A desktop started for the GTK tests, shared by the tests that run on it (started at the first,
/// stopped when the test process ends), with the pointer that drives it.
final class GTKDesktop: @unchecked Sendable {
  let kind: DesktopKind
  let pointer: any TestPointer
  /// The X server (X11, and weston's host).
  let server: XServer?
  /// The Wayland compositor.
  let compositor: WaylandCompositor?

  /// Where each peer's window (by app id) was found last: where the desktop is likely to place
  /// it again (GNOME and KDE place new windows the same way each time).
  let lastFound = Mutex([String: (Double, Double)]())

  private init(kind: DesktopKind, pointer: any TestPointer, server: XServer?, compositor: WaylandCompositor?) {
    (self.kind, self.pointer, self.server, self.compositor) = (kind, pointer, server, compositor)
  }

  private static let started = Mutex([DesktopKind: Result<GTKDesktop, PeerUnavailable>]())

  /// The desktop of `kind`, started once; the test is skipped (failed under
  /// `SWIFT_UTI_REQUIRE_PEERS=1`) where it cannot start. GNOME and KDE are skipped, never failed,
  /// where they do not start: the issue asks for them "whenever they start".
  static func shared(_ kind: DesktopKind) throws -> GTKDesktop {
    try Peers.gtk.orSkip()
    let result = started.withLock { started in
      if let result = started[kind] { return result }
      let result = Result { () throws(PeerUnavailable) in try start(kind) }
      started[kind] = result
      return result
    }
    switch result {
    case .success(let desktop): return desktop
    case .failure(let unavailable) where kind == .gnome || kind == .kde:
      try Test.cancel("skipped: \(unavailable) (GNOME and KDE run where they start)")
    case .failure(let unavailable): try Peers.skip(unavailable)
    }
  }

  private static func start(_ kind: DesktopKind) throws(PeerUnavailable) -> GTKDesktop {
    do {
      switch kind {
      case .x11:
        let server = try XServer.start().get()
        return GTKDesktop(kind: kind, pointer: try XTestPointer(server: server), server: server, compositor: nil)
      case .sway:
        let compositor = try WaylandCompositor.start().get()
        let input = try WaylandVirtualInput(display: try WaylandDisplay(name: compositor.socketPath))
        return GTKDesktop(kind: kind, pointer: input, server: nil, compositor: compositor)
      case .weston:
        // Windows are found there by their color on the screen `xwd` reads.
        _ = try Peers.executable("xwd", package: Peers.tools["xwd"]).get()
        let server = try XServer.start().get()
        let compositor = try WaylandCompositor.startWeston(on: server).get()
        return GTKDesktop(kind: kind, pointer: try XTestPointer(server: server), server: server, compositor: compositor)
      case .gnome:
        let compositor = try WaylandCompositor.startMutter().get()
        return GTKDesktop(
          kind: kind, pointer: try MutterPointer(compositor: compositor), server: nil, compositor: compositor)
      case .kde:
        let compositor = try WaylandCompositor.startKWin().get()
        let input = try KWinFakeInput(display: try WaylandDisplay(name: compositor.socketPath))
        return GTKDesktop(kind: kind, pointer: input, server: nil, compositor: compositor)
      }
    } catch let unavailable as PeerUnavailable {
      throw unavailable
    } catch {
      throw PeerUnavailable(kind.rawValue, "did not start: \(error)")
    }
  }

  /// Presses at the first of `points`, drags through the rest and releases at the last (unless
  /// `release` is false). weston takes a press only once the pointer has come into its output
  /// window from outside it (its X11 backend's window): there the pointer leaves and comes back
  /// first, and rests before it presses; the pointer moves there at a third of the pace (weston
  /// reads it from the X server, its events coming through two servers).
  func pressDragRelease(through points: [(Double, Double)], release: Bool = true) throws {
    if kind == .weston, let first = points.first {
      try pointer.move(to: 1200, 900)
      usleep(200_000)
      try pointer.move(to: first.0, first.1)
      usleep(300_000)
    }
    try pointer.pressDragRelease(through: points, release: release, pace: kind == .weston ? 3 : 1)
  }

  /// Clicks at `point` (as ``pressDragRelease(through:release:)`` comes into weston first).
  func click(at point: (Double, Double)) throws {
    try pressDragRelease(through: [point])
  }

  /// The environment settings of a GTK client of this desktop.
  var environment: [String] {
    if let compositor { return compositor.environment + ["GDK_BACKEND=wayland", "NO_AT_BRIDGE=1"] }
    return ["-u", "WAYLAND_DISPLAY", "DISPLAY=\(server!.display)", "GDK_BACKEND=x11", "NO_AT_BRIDGE=1"]
  }

  /// Starts `executable` as a client of this desktop, its output read line by line.
  func start(_ executable: String, _ arguments: [String], environment extra: [String] = []) throws -> XServer.Peer {
    try Peers.requireTools(of: [executable] + arguments)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = environment + extra + [executable] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = Pipe()
    process.standardError = FileHandle.nullDevice
    if let folder = ProcessInfo.processInfo.environment["GTK_TEST_LOGS"] {
      // Each client's standard error, for a person debugging the suite.
      let log =
        folder
        + "/\((executable as NSString).lastPathComponent)-\(arguments.first ?? "")-\(UUID().uuidString.prefix(6)).log"
      _ = FileManager.default.createFile(atPath: log, contents: nil)
      process.standardError = FileHandle(forWritingAtPath: log)
    }
    try process.run()
    return XServer.Peer(process: process, output: output.fileHandleForReading)
  }

  /// Runs a shell command as a client of this desktop (`wl-copy`, `xclip`).
  @discardableResult
  func shell(_ command: String, input: Data? = nil) throws -> ProcessResult {
    try Peers.requireTools(of: ["/bin/sh", "-c", command])
    return try runProcess("/usr/bin/env", environment + ["/bin/sh", "-c", command], input: input)
  }
}
