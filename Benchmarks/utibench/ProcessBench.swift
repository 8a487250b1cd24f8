import Foundation

/// Whole processes as a shell user runs them: `utictl plist lint` beside `plutil -lint` and
/// Python's plistlib, `utictl validate`, and `utictl conforms-to` beside a hello world, on the
/// shipped binary and on the default release build.
enum ProcessBench {
  static func rows(quick: Bool, xmlPath: String) -> [Bench.Row] {
    var rows: [Bench.Row] = []
    let processRuns = quick ? 3 : 30
    if let utictl = Bench.shippedUtictl() {
      let ours = Bench.measureProcess(runs: processRuns, utictl, ["plist", "lint", xmlPath])
      if let plutil = Bench.which("plutil") {
        rows.append(
          .init(
            "`utictl plist lint` process, 1 MB XML", ours,
            Bench.measureProcess(runs: processRuns, plutil, ["-lint", xmlPath]), peer: "plutil -lint process"))
      }
      if let python = Bench.which("python3") {
        rows.append(
          .init(
            "`utictl plist lint` process, 1 MB XML", ours,
            Bench.measureProcess(
              runs: processRuns, python, ["-c", "import plistlib,sys; plistlib.load(open(sys.argv[1],'rb'))", xmlPath]),
            peer: "python3 plistlib.load process"))
      }
      if let plutil = Bench.which("plutil") {
        rows.append(
          .init(
            "`utictl validate` process, 1 MB Info.plist, 2,000 decls",
            Bench.measureProcess(runs: processRuns, utictl, ["validate", xmlPath]),
            Bench.measureProcess(runs: processRuns, plutil, ["-lint", xmlPath]),
            peer: "plutil -lint process (syntax only)")
        )
      }
      if let hello = Bench.sibling("utibench-hello") {
        // Interleaved, command by command: the targets are ratios, and this machine's timings drift.
        let dynamic = Bench.sibling("utictl").flatMap { $0 != utictl ? $0 : nil }
        var commands: [(path: String, arguments: [String])] = [
          (utictl, ["conforms-to", "public.png", "public.data"]), (hello, []),
        ]
        if let dynamic { commands.append((dynamic, ["conforms-to", "public.png", "public.data"])) }
        let times = Bench.measureProcessesInterleaved(runs: processRuns, commands)
        rows.append(
          .init(
            "`utictl conforms-to public.png public.data` process", times[0], times[1],
            peer: "a Swift program that only prints a line"))
        // The binary `swift build -c release` gives (what `swift run` runs), beside the same hello world.
        if let dynamic {
          rows.append(
            .init(
              "`utictl conforms-to public.png public.data` process, default release build", times[2], times[1],
              peer: "a Swift program that only prints a line"))
          if let plutil = Bench.which("plutil") {
            let lint = Bench.measureProcessesInterleaved(
              runs: processRuns, [(dynamic, ["plist", "lint", xmlPath]), (plutil, ["-lint", xmlPath])])
            rows.append(
              .init(
                "`utictl plist lint` process, 1 MB XML, default release build", lint[0], lint[1],
                peer: "plutil -lint process"))
          }
        }
      }
    } else {
      print("note: utictl is not built beside utibench; run `swift build -c release` first for the process rows")
    }
    return rows
  }
}
