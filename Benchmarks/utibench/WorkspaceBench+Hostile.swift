import Foundation
import TestSupport

/// `utictl apps text/plain` over ``HostileApplicationTree`` (10,000 entries and every bad file
/// the tests use: a loop of links, a link to nothing, an entry cut off, one of 50 MB, a name
/// that is not UTF-8, a folder linked into itself) beside `gio mime text/plain`, as processes in
/// the tree's environment: their times, and their peak resident memory.
extension WorkspaceBench {
  /// The time rows, and both processes' peak resident bytes; nothing without the peers.
  static func hostileRows(quick: Bool, scratch: URL) -> (rows: [Bench.Row], peaks: (ours: Int, gio: Int)?) {
    guard let utictl = Bench.shippedUtictl(), let gio = Bench.which("gio"),
      let updater = Bench.which("update-desktop-database")
    else { return ([], nil) }
    let folder = scratch.appendingPathComponent("hostile-applications")
    try? FileManager.default.removeItem(at: folder)
    guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil,
      let tree = try? HostileApplicationTree(in: folder.path, entries: 10_000, updater: updater)
    else { return ([], nil) }
    let environment = tree.environment.map { "\($0)=\($1)" }
    let runs = quick ? 3 : 21
    let ours = Bench.measureProcessAndPeak(runs: runs, utictl, ["apps", "text/plain"], environment: environment)
    let theirs = Bench.measureProcessAndPeak(runs: runs, gio, ["mime", "text/plain"], environment: environment)
    return (
      [
        .init(
          "`utictl apps text/plain` process, a hostile tree of 10,000 desktop entries", ours.seconds, theirs.seconds,
          peer: "`gio mime text/plain` process")
      ], (ours.peak, theirs.peak)
    )
  }

  /// Prints the two processes' peak resident memory.
  static func printHostileMemory(_ peaks: (ours: Int, gio: Int)?) {
    guard let peaks else { return }
    func mb(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }
    print("")
    print("| peak resident memory (ru_maxrss) | utictl apps | gio mime |")
    print("|---|---|---|")
    print("| a hostile tree of 10,000 desktop entries, text/plain | \(mb(peaks.ours)) | \(mb(peaks.gio)) |")
  }
}
