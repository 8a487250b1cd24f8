import Foundation
import TestSupport

/// `utictl export freedesktop` of the corpus's largest Info.plist (TextMate's: 103 document
/// types, 100 declarations, exported with the imported ones) as a process, beside update-mime-database compiling what it wrote (the step a
/// package's install hook runs next), interleaved.
enum ExportBench {
  static func rows(quick: Bool, scratch: URL) -> [Bench.Row] {
    guard let utictl = Bench.shippedUtictl(), let updater = Bench.which("update-mime-database") else {
      print("note: no utictl or update-mime-database; the export row is left out")
      return []
    }
    let plist = packageRoot.appendingPathComponent(
      "Tests/Fixtures/info-plists/textmate__textmate__Applications_TextMate_Info.plist"
    ).path
    let share = scratch.appendingPathComponent("export-share").path
    let export = [
      "export", "freedesktop", plist, "--app-id", "com.macromates.TextMate", "--exec", "mate %F", "--include-imported",
      "-o", share,
    ]
    // Once, so that update-mime-database has a package to compile from the first run on.
    _ = Bench.measureProcess(runs: 1, utictl, export)
    let times = Bench.measureProcessesInterleaved(
      runs: quick ? 3 : 30, [(utictl, export), (updater, [share + "/mime"])])
    return [
      .init(
        "`utictl export freedesktop` process, TextMate's Info.plist (103 document types, 100 types)", times[0],
        times[1],
        peer: "update-mime-database compiling the result (process)")
    ]
  }
}
