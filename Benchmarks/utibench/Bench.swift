import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Timing helpers: medians of repeated runs, whole-process timing, and the Markdown table.
enum Bench {
  struct Row {
    var name: String
    var ours: Double
    var peer: Double?
    var peerName: String
    var bytes: Int?

    init(_ name: String, _ ours: Double, _ peer: Double?, peer peerName: String, bytes: Int? = nil) {
      self.name = name
      self.ours = ours
      self.peer = peer
      self.peerName = peerName
      self.bytes = bytes
    }
  }

  static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

  /// Keeps a result alive so the optimizer cannot drop the work that made it.
  @inline(never) static func sink(_ value: Int) {
    if value == -1 { print("") }
  }

  /// The process's resident memory in bytes (Linux: /proc/self/statm).
  static func allocatedBytes() -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = statm.split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
  }

  /// The median of `runs` timings of `body`, in seconds, after one warm-up run.
  static func measure(runs: Int, _ body: () -> Void) -> Double {
    body()
    var times: [Double] = []
    for _ in 0..<runs {
      let start = now()
      body()
      times.append(Double(now() - start) / 1e9)
    }
    return times.sorted()[times.count / 2]
  }

  /// The median wall time of running a program to completion, in seconds.
  static func measureProcess(runs: Int, _ path: String, _ arguments: [String]) -> Double {
    measureProcessAndPeak(runs: runs, path, arguments).seconds
  }

  /// The median wall time of running a program to completion (in `environment`, `NAME=value`
  /// strings; nil: this process's), in seconds, and the highest peak resident memory of any run
  /// (`ru_maxrss`, bytes).
  static func measureProcessAndPeak(runs: Int, _ path: String, _ arguments: [String], environment: [String]? = nil)
    -> (seconds: Double, peak: Int)
  {
    // posix_spawn directly: Foundation's Process adds tens of milliseconds per launch on Linux.
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    defer { posix_spawn_file_actions_destroy(&actions) }
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { $0.map { strdup($0) } + [nil] }
    defer { for p in argv + (envp ?? []) { free(p) } }
    var peak = 0
    let seconds = measure(runs: runs) {
      var pid: pid_t = 0
      let spawned =
        envp.map { posix_spawn(&pid, path, &actions, nil, argv, $0) }
        ?? posix_spawn(&pid, path, &actions, nil, argv, environ)
      guard spawned == 0 else { fatalError("cannot run \(path)") }
      var status: Int32 = 0
      var usage = rusage()
      wait4(pid, &status, 0, &usage)
      peak = max(peak, usage.ru_maxrss * 1024)
    }
    return (seconds, peak)
  }

  /// The median wall times of `commands` run in turn, `runs` rounds of each after one warm-up
  /// round, in seconds: the commands alternate, so that all of them are timed under the same
  /// load (this machine's timings drift by 2× between minutes).
  static func measureProcessesInterleaved(runs: Int, _ commands: [(path: String, arguments: [String])]) -> [Double] {
    var times = [[Double]](repeating: [], count: commands.count)
    for round in 0...runs {
      for (index, command) in commands.enumerated() {
        let time = measureProcess(runs: 1, command.path, command.arguments)
        if round > 0 { times[index].append(time) }
      }
    }
    return times.map { $0.sorted()[$0.count / 2] }
  }

  /// The rows of a copy → paste round trip (`ours`, a shell command running `utictl`) beside the
  /// peer's (`theirs`), timed interleaved: the shipped binary's, and, where it is the
  /// self-contained one, the default release build's (the same command with that `utictl`).
  static func roundTripRows(
    _ name: String, runs: Int, ours: String, utictl: String, theirs: String, peer: String
  ) -> [Row] {
    var commands = [ours, theirs]
    let dynamic = sibling("utictl").flatMap { $0 != utictl ? $0 : nil }
    if let dynamic {
      commands.append(ours.replacingOccurrences(of: "'\(utictl)'", with: "'\(dynamic)'"))
      // What the default build's two processes cost before they do anything: its start-up, twice.
      commands.append("'\(dynamic)' --version && '\(dynamic)' --version")
    }
    let times = measureProcessesInterleaved(runs: runs, commands.map { ("/bin/sh", ["-c", $0 + " > /dev/null"]) })
    var rows = [Row(name, times[0], times[1], peer: peer)]
    if dynamic != nil {
      rows.append(Row(name + ", default release build", times[2], times[1], peer: peer))
      if name.contains("1 KB") {
        rows.append(
          Row("`utictl --version` twice (no copy, no paste), default release build", times[3], times[1], peer: peer))
      }
    }
    return rows
  }

  /// A program built beside this one (`.build/release/utictl`).
  static func sibling(_ name: String) -> String? {
    let own = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    let path = own.deletingLastPathComponent().appendingPathComponent(name).path
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
  }

  /// Builds the products the process rows run (`utictl`, `utibench-hello`) beside this program
  /// where they are missing, as `swift run -c release utibench` builds only utibench itself;
  /// says so, and goes on without them when the build fails.
  static func buildSiblings(_ names: [String]) {
    let missing = names.filter { sibling($0) == nil }
    guard !missing.isEmpty, let swift = which("swift") else { return }
    let own = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    let configuration = own.lastPathComponent == "debug" ? "debug" : "release"
    for name in missing {
      print("note: building \(name) beside utibench (swift build -c \(configuration) --product \(name))")
      let built = try? runProcess(
        swift, ["build", "-c", configuration, "--product", name, "--package-path", packageRoot.path])
      if built?.status != 0 { print("note: \(name) did not build; its rows are left out") }
    }
  }

  /// The shipped `utictl`: the self-contained binary `scripts/release.sh` builds
  /// (`.build/static`, Swift runtime linked statically), else the one built beside this program.
  static func shippedUtictl() -> String? {
    let own = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    let root = own.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let path = root.appendingPathComponent(".build/static/release/utictl").path
    return FileManager.default.isExecutableFile(atPath: path) ? path : sibling("utictl")
  }

  static func which(_ name: String) -> String? {
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
      let path = "\(dir)/\(name)"
      if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
  }

  static func size(_ bytes: Int) -> String { String(format: "%.2f MB", Double(bytes) / 1e6) }

  static func time(_ seconds: Double) -> String {
    switch seconds {
    case ..<1e-6: String(format: "%.1f ns", seconds * 1e9)
    case ..<1e-3: String(format: "%.2f µs", seconds * 1e6)
    default: String(format: "%.2f ms", seconds * 1e3)
    }
  }

  static func printTable(_ rows: [Row]) {
    print("| benchmark | swift-uti | peer | peer's figure | speed-up |")
    print("|---|---|---|---|---|")
    for row in rows {
      var ours = time(row.ours)
      var peer = row.peer.map(time) ?? "—"
      if let bytes = row.bytes {
        ours += String(format: " (%.0f MB/s)", Double(bytes) / 1e6 / row.ours)
        if let p = row.peer { peer += String(format: " (%.0f MB/s)", Double(bytes) / 1e6 / p) }
      }
      let ratio = row.peer.map { String(format: "%.1f×", $0 / row.ours) } ?? "—"
      print("| \(row.name) | \(ours) | \(row.peerName) | \(peer) | \(ratio) |")
    }
  }
}
