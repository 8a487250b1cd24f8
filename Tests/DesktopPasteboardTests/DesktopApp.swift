import Foundation
import TestSupport
import Testing
import UTIPlatform

@testable import SystemPasteboard
@testable import SystemPasteboardCore

/// A real desktop application under test (Thunar, Xarchiver) on the test's X server: in a home
/// of its own, so the machine's settings and first-run state change nothing, its output kept for
/// a failure's message, its window found by its title and placed where the test drags.
struct DesktopApp {
  let peer: XServer.Peer
  let server: XServer
  let name: String
  let home: String
  /// The window's title, a whole match (`xdotool search --name`'s regular expression).
  let title: String

  /// Starts `command` (its first word the program) with a home of its own.
  static func start(_ command: [String], named name: String, title: String, on server: XServer) throws -> DesktopApp {
    let home = try makeTemporaryDirectory("desktop-app").path
    let script =
      #"cd "$1" && HOME="$1" XDG_CONFIG_HOME="$1/config" XDG_CACHE_HOME="$1/cache" XDG_DATA_HOME="$1/data" "#
      + #"exec "${@:2}" >"$1/app.log" 2>&1"#
    let peer = try server.start("/bin/bash", ["-c", script, name, home] + command)
    return DesktopApp(peer: peer, server: server, name: name, home: home, title: title)
  }

  /// What the application printed so far (its last 2,000 characters).
  var log: String {
    String((try? String(contentsOfFile: home + "/app.log", encoding: .utf8))?.suffix(2_000) ?? "no log")
  }

  /// Moves the window to `x`, `y` once it has come (within 30 s). An application that ends as it
  /// starts is a peer that cannot start: a reported skip; a window that never comes fails.
  func placeWindow(at x: Int, _ y: Int) async throws {
    let placed = try await offThePool { () throws -> ProcessResult in
      let deadline = Date(timeIntervalSinceNow: 30)
      var result = try moveWindow(to: x, y)
      while result.status != 0 && Date() < deadline && peer.process.isRunning {
        usleep(200_000)
        result = try moveWindow(to: x, y)
      }
      usleep(500_000)
      return result
    }
    if placed.status != 0 && !peer.process.isRunning {
      try Result<Void, PeerUnavailable>.failure(PeerUnavailable(name, "it ended as it started: \(log)")).orSkip()
    }
    try #require(placed.status == 0, "\(name)'s window never came: \(placed.stderrText)\n\(log)")
  }

  private func moveWindow(to x: Int, _ y: Int) throws -> ProcessResult {
    try server.run("/bin/sh", ["-c", "xdotool search --name '^\(title)$' windowmove %@ \(x) \(y)"])
  }

  /// Ends the application and whatever it started (a session bus and its services): every
  /// process whose environment has this home, since a runner killed first leaves its children.
  func terminate() {
    peer.terminate()
    let marker = Data("HOME=\(home)\0".utf8)
    for entry in FileIO.entries(of: "/proc") {
      guard let pid = Int32(entry), pid != getpid(),
        let environment = FileManager.default.contents(atPath: "/proc/\(entry)/environ"),
        environment.range(of: marker) != nil
      else { continue }
      kill(pid, SIGKILL)
    }
    try? FileManager.default.removeItem(atPath: home)
  }
}
