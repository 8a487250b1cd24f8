import Foundation
import Testing

extension Peers {
  /// The programs the tests run as peers, each with the Debian package that brings it (every one
  /// of which `.ci/run` installs). A command a test runs through an X server or a compositor is
  /// checked against this table first, so that a missing tool is a reported skip naming its
  /// package (a failure under `SWIFT_UTI_REQUIRE_PEERS=1`), never a test that fails with
  /// "status 127".
  public static let tools: [String: String] = [
    "xclip": "xclip", "xdotool": "xdotool", "xwd": "x11-apps", "xcompmgr": "xcompmgr",
    "thunar": "thunar", "xarchiver": "xarchiver", "grim": "grim", "wl-copy": "wl-clipboard",
    "wl-paste": "wl-clipboard", "swaymsg": "sway", "gdbus": "libglib2.0-bin", "gio": "libglib2.0-bin",
    "dbus-monitor": "dbus", "dbus-run-session": "dbus", "dbus-daemon": "dbus", "xdg-mime": "xdg-utils",
    "mimetype": "libfile-mimeinfo-perl", "desktop-file-validate": "desktop-file-utils",
    "update-mime-database": "shared-mime-info", "update-desktop-database": "desktop-file-utils",
    "groff": "groff-base", "zsh": "zsh", "fish": "fish", "file": "file", "Xvfb": "xvfb",
  ]

  /// The peer tools `command` runs: its program (by name or path) and, for `sh -c` or
  /// `bash -c`, every word of the script that names a tool of ``tools``.
  public static func toolsNamed(by command: [String]) -> [String] {
    guard let program = command.first else { return [] }
    let name = (program as NSString).lastPathComponent
    var words = [name]
    if ["sh", "bash", "env", "timeout"].contains(name) {
      for argument in command.dropFirst() {
        words += argument.split { !($0.isLetter || $0.isNumber || "-_.".contains($0)) }.map(String.init)
      }
    }
    var seen = Set<String>()
    return words.filter { tools[$0] != nil && seen.insert($0).inserted }
  }

  /// Skips the running test (fails it under `SWIFT_UTI_REQUIRE_PEERS=1`) where a tool `command`
  /// runs is not installed. Off the test's task (on a thread of `offThePool`, where Swift Testing
  /// cannot cancel the test), it throws the ``PeerUnavailable`` that names the tool's package: a
  /// test that may miss a tool checks it first on its own task, as ``XServer/requireScreenshots()``.
  public static func requireTools(of command: [String]) throws {
    for tool in toolsNamed(by: command) {
      let found = executable(tool, package: tools[tool])
      if Test.current == nil { _ = try found.get() } else { try found.orSkip() }
    }
  }
}
