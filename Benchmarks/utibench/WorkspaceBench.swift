import Foundation
import TestSupport
import TypeRegistry
import Workspace

/// Which applications open a type: `NSWorkspace.urlsForApplications(toOpen:)` over a desktop of
/// 500 desktop entries (their `mimeinfo.cache` made by update-desktop-database), first call and
/// repeated, beside Python's `Gio.AppInfo.get_all_for_type` on the same places (timed inside
/// Python: its first call in a fresh process, then its repeated calls).
enum WorkspaceBench {
  static func rows(quick: Bool, scratch: URL) -> [Bench.Row] {
    guard let updater = Bench.which("update-desktop-database"),
      let environment = try? desktop(in: scratch.appendingPathComponent("workspace"), updater: updater)
    else {
      print("note: no update-desktop-database; the applications rows are left out")
      return []
    }
    // Ours reads the places afresh on every call (no cache to go stale), so first and repeated
    // are the same path; both are timed as GIO's are.
    let first = Bench.measure(runs: quick ? 3 : 21) {
      Bench.sink(NSWorkspace(environment: environment).urlsForApplications(toOpen: .plainText).count)
    }
    let workspace = NSWorkspace(environment: environment)
    let repeated = Bench.measure(runs: quick ? 5 : 101) {
      Bench.sink(workspace.urlsForApplications(toOpen: .plainText).count)
    }
    let gio = gioSeconds(environment: environment, runs: quick ? 3 : 11)
    return [
      .init(
        "`urlsForApplications(toOpen: .plainText)`, 500 desktop entries, first call", first, gio?.first,
        peer: "`Gio.AppInfo.get_all_for_type` (Python gi), first call in a fresh process"),
      .init(
        "`urlsForApplications(toOpen: .plainText)`, 500 desktop entries, repeated", repeated, gio?.repeated,
        peer: "`Gio.AppInfo.get_all_for_type`, repeated (GIO keeps what it read)"),
    ]
  }

  /// A desktop of 500 entries under `folder`, each opening plain text and one of 50 other types:
  /// its environment.
  static func desktop(in folder: URL, updater: String) throws -> [String: String] {
    let applications = folder.appendingPathComponent("data/applications")
    try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("config"), withIntermediateDirectories: true)
    try? FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("system").path, withDestinationPath: "/usr/share")
    for index in 0..<500 {
      let entry = """
        [Desktop Entry]
        Type=Application
        Name=Application \(index)
        Exec=true %F
        MimeType=text/plain;application/x-bench-\(index % 50);

        """
      try Data(entry.utf8).write(to: applications.appendingPathComponent("app\(index).desktop"))
    }
    _ = try runProcess(updater, [applications.path])
    return [
      "HOME": folder.path, "XDG_CONFIG_HOME": folder.path + "/config", "XDG_CONFIG_DIRS": folder.path + "/config",
      "XDG_DATA_HOME": folder.path + "/data", "XDG_DATA_DIRS": folder.path + "/system",
      "PATH": "/usr/bin:/bin",
    ]
  }

  /// GIO's first call in a fresh process and its repeated calls' median, timed inside Python.
  static func gioSeconds(environment: [String: String], runs: Int) -> (first: Double, repeated: Double)? {
    let script = """
      import time, gi
      gi.require_version('Gio', '2.0')
      from gi.repository import Gio
      start = time.perf_counter()
      Gio.AppInfo.get_all_for_type('text/plain')
      first = time.perf_counter() - start
      times = []
      for _ in range(101):
          start = time.perf_counter()
          Gio.AppInfo.get_all_for_type('text/plain')
          times.append(time.perf_counter() - start)
      print(first, sorted(times)[50])
      """
    var firsts: [Double] = []
    var repeats: [Double] = []
    for _ in 0..<runs {
      guard
        let result = try? runProcess(
          "/usr/bin/env", environment.map { "\($0)=\($1)" } + ["/usr/bin/python3", "-c", script]),
        result.status == 0
      else { return nil }
      let fields = result.stdoutText.split(separator: " ").compactMap {
        Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
      }
      guard fields.count == 2 else { return nil }
      firsts.append(fields[0])
      repeats.append(fields[1])
    }
    return (firsts.sorted()[firsts.count / 2], repeats.sorted()[repeats.count / 2])
  }
}
