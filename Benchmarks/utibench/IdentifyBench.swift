import Foundation
import TestSupport
import TypeRegistry

/// Identifying files by content: our reader of the machine's shared-mime-info database beside
/// `file --mime-type` and GIO (`g_content_type_guess` through Python's `gi`) on the same files.
enum IdentifyBench {
  /// 2,000 files (200 in a quick run) of ten kinds, some with misleading or no names.
  static func corpus(in directory: URL, count: Int) throws -> [String] {
    let kinds: [(String, [UInt8])] = [
      ("png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]),
      ("pdf", Array("%PDF-1.7\n%âãÏÓ\n".utf8)), ("gz", [0x1F, 0x8B, 0x08, 0, 0, 0, 0, 0, 0, 3]),
      ("txt", Array("Dear reader,\nthis is text.\n".utf8)),
      ("jpg", [0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 0x4A, 0x46, 0x49, 0x46, 0]),
      ("html", Array("<!DOCTYPE html>\n<html><body>hi</body></html>\n".utf8)),
      ("sqlite", Array("SQLite format 3\0".utf8) + Array(repeating: 0, count: 84)),
      ("xz", [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00, 0, 4]), ("json", Array("{\"a\": [1, 2, 3]}\n".utf8)),
      ("bin", (0..<64).map { UInt8($0 * 7 & 0xFF) }),
    ]
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    var paths: [String] = []
    for index in 0..<count {
      let (ext, bytes) = kinds[index % kinds.count]
      let name: String
      switch index % 3 {
      case 0: name = "file\(index).\(ext)"
      case 1: name = "file\(index)"  // no extension: the content decides
      default: name = "file\(index).txt"  // a misleading name
      }
      let path = directory.appendingPathComponent(name).path
      try Data(bytes + Array(repeating: UInt8(index & 0x7F), count: 200)).write(to: URL(fileURLWithPath: path))
      paths.append(path)
    }
    sync()  // the writes reach the disk now, not during the timings
    return paths
  }

  /// GIO's time for `paths`, measured inside Python around the loop alone (so Python's start-up
  /// and GIO's first load are not counted): the median of `runs`; nil without Python's `gi`.
  static func gioSeconds(_ paths: [String], runs: Int) -> Double? {
    let script = """
      import sys, time, gi
      gi.require_version('Gio', '2.0')
      from gi.repository import Gio
      Gio.content_type_guess('warm-up', b'')
      times = []
      for _ in range(int(sys.argv[1])):
          start = time.perf_counter()
          for path in sys.argv[2:]:
              with open(path, 'rb') as f:
                  Gio.content_type_guess(path, f.read(4096))
          times.append(time.perf_counter() - start)
      print(sorted(times)[len(times) // 2])
      """
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = ["-c", script, String(runs)] + paths
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return Double(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// GIO's first `g_content_type_guess` in a fresh process (which reads the database), timed
  /// inside Python around that call alone: the median over `runs` processes.
  static func gioFirstQuerySeconds(runs: Int) -> Double? {
    let script = """
      import time, gi
      gi.require_version('Gio', '2.0')
      from gi.repository import Gio
      start = time.perf_counter()
      Gio.content_type_guess('photo.png', b'\\x89PNG\\r\\n')
      print(time.perf_counter() - start)
      """
    var times: [Double] = []
    for _ in 0..<runs {
      guard let result = try? runProcess("/usr/bin/python3", ["-c", script]), result.status == 0,
        let seconds = Double(result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines))
      else { return nil }
      times.append(seconds)
    }
    return times.sorted()[times.count / 2]
  }

  /// `utibench --profile identify`: the 2,000-file loop alone, for perf or callgrind.
  static func profile(scratch: URL) {
    let registry = UTTypeRegistry.Builder(mimeDatabase: .machine).build()
    guard let paths = try? corpus(in: scratch.appendingPathComponent("identify"), count: 2000) else { return }
    for _ in 0..<20 {
      for path in paths { Bench.sink((try? registry.identifyFile(atPath: path))?.mimeType.utf8.count ?? 0) }
    }
  }

  /// `utibench --profile prefix`: identifying one 4 KB prefix in memory, in a loop.
  static func profilePrefix() {
    let registry = UTTypeRegistry.Builder(mimeDatabase: .machine).build()
    let prefix = wordTemplatePrefix()
    for _ in 0..<100_000 { Bench.sink(registry.identify(prefix, fileName: nil).mimeType.utf8.count) }
  }

  /// A Word template's first 4 KB (its entries decide).
  static func wordTemplatePrefix() -> [UInt8] {
    let upload = FormatSample.detectorSamples.first { $0.name == "Word template" }!.bytes
    return Array((upload + [UInt8](repeating: 0, count: 4096)).prefix(4096))
  }

  static func rows(quick: Bool, scratch: URL) -> [Bench.Row] {
    let database = MIMEDatabase(directories: MIMEDatabase.directories)
    guard !database.caches.isEmpty else {
      print("note: no shared-mime-info database on this machine; the identification rows are left out")
      return []
    }
    var rows = processRows(quick: quick)
    let count = quick ? 200 : 2000
    guard let paths = try? corpus(in: scratch.appendingPathComponent("identify"), count: count) else { return rows }
    // The registry users hold: the catalog, the detectors' formats and the machine's database.
    let registry = UTTypeRegistry.Builder(mimeDatabase: .machine).build()
    var identified = 0
    let identifyAll = {
      for path in paths where (try? registry.identifyFile(atPath: path)) != nil { identified += 1 }
    }
    let label = "identify \(count) files by content and name, built-in detectors on (one process)"
    let ours: Double
    if let file = Bench.which("file") {
      // Interleaved, a round of ours then one of file's, since the target is a ratio.
      var times: ([Double], [Double]) = ([], [])
      for _ in 0..<(quick ? 3 : 9) {
        times.0.append(Bench.measure(runs: 1, identifyAll))
        times.1.append(Bench.measureProcess(runs: 1, file, ["--mime-type", "-b"] + paths))
      }
      ours = times.0.sorted()[times.0.count / 2]
      rows.append(
        .init(
          label, ours, times.1.sorted()[times.1.count / 2], peer: "`file --mime-type`, one process over the same files")
      )
    } else {
      ours = Bench.measure(runs: quick ? 3 : 7, identifyAll)
    }
    Bench.sink(identified)
    if let gio = gioSeconds(paths, runs: quick ? 3 : 7) {
      rows.append(
        .init(label, ours, gio, peer: "GIO `g_content_type_guess` (Python gi, timed inside; 4 KB read per file)"))
    }
    // One upload's first 4 KB in memory, per call (a DOCX: the detectors read its entries).
    let prefix = wordTemplatePrefix()
    let calls = 10_000
    let perCall =
      Bench.measure(runs: quick ? 3 : 9) {
        for _ in 0..<calls { Bench.sink(registry.identify(prefix, fileName: nil).mimeType.utf8.count) }
      } / Double(calls)
    let gioPerCall = gioPrefixSeconds(prefix, calls: quick ? 2000 : 20_000)
    rows.append(
      .init(
        "identify a 4 KB prefix in memory (a Word template), per call", perCall, gioPerCall,
        peer: "GIO `g_content_type_guess` on the same bytes (application/zip)"))
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A]
    let firstQuery = Bench.measure(runs: quick ? 5 : 50) {
      let fresh = MIMEDatabase(directories: MIMEDatabase.directories)
      Bench.sink(png.withUnsafeBytes { fresh.identify(fileName: "photo.png", data: $0) }.utf8.count)
    }
    rows.append(
      .init(
        "first identification: load the database (map and check every mime.cache) and identify", firstQuery,
        gioFirstQuerySeconds(runs: quick ? 3 : 11), peer: "GIO's first `g_content_type_guess` in a fresh process"))
    let layer = Bench.measure(runs: quick ? 3 : 20) {
      Bench.sink(UTTypeRegistry.Builder(mimeDatabase: .machine).build().count)
    }
    rows.append(
      .init(
        "build the MIME layer (\(database.typeInfos().count) types), which identification no longer needs", layer,
        nil, peer: "—"))
    // What naming an installed app's type adds: the database loaded again, and every package's
    // head read for our namespace (the full read of those that bind it).
    let loadAndInstalled = Bench.measure(runs: quick ? 3 : 20) {
      Bench.sink(MIMEDatabase(directories: MIMEDatabase.directories).installedDeclarations.count)
    }
    let loadAlone = Bench.measure(runs: quick ? 3 : 20) {
      Bench.sink(MIMEDatabase(directories: MIMEDatabase.directories).caches.count)
    }
    rows.append(
      .init(
        "read the installed declarations of our exports (each package's first 4 KB), per database",
        max(loadAndInstalled - loadAlone, 0), nil, peer: "—"))
    printAgreement(quick: quick, scratch: scratch)
    printAccuracy(scratch: scratch)
    return rows
  }

  /// One file, one process, as a shell user runs it: the shipped binary and the default release
  /// build beside `gio info` and `file --mime-type` on the same file.
  static func processRows(quick: Bool) -> [Bench.Row] {
    let runs = quick ? 5 : 40
    let file = packageRoot.appendingPathComponent("README.md").path
    var rows: [Bench.Row] = []
    var binaries: [(String, String)] = []
    if let shipped = Bench.shippedUtictl() { binaries.append(("self-contained (scripts/release.sh)", shipped)) }
    if let dynamic = Bench.sibling("utictl"), dynamic != binaries.first?.1 {
      binaries.append(("default release build", dynamic))
    }
    let gio = Bench.which("gio").map {
      Bench.measureProcess(runs: runs, $0, ["info", "-a", "standard::content-type", file])
    }
    let fileTool = Bench.which("file").map { Bench.measureProcess(runs: runs, $0, ["--mime-type", file]) }
    for (kind, utictl) in binaries {
      let ours = Bench.measureProcess(runs: runs, utictl, ["identify", "--mime", file])
      let label = "`utictl identify --mime README.md` process, \(kind)"
      if let gio { rows.append(.init(label, ours, gio, peer: "`gio info -a standard::content-type` process")) }
      if let fileTool { rows.append(.init(label, ours, fileTool, peer: "`file --mime-type` process")) }
    }
    if let hello = Bench.sibling("utibench-hello"), let gio {
      rows.append(
        .init(
          "a Swift program that only prints a line (dynamic, for scale)", Bench.measureProcess(runs: runs, hello, []),
          gio, peer: "`gio info -a standard::content-type` process"))
    }
    return rows
  }

  /// GIO's `g_content_type_guess` on `bytes` without a name, per call, timed inside Python.
  static func gioPrefixSeconds(_ bytes: [UInt8], calls: Int) -> Double? {
    let script = """
      import sys, time, gi
      gi.require_version('Gio', '2.0')
      from gi.repository import Gio
      data = sys.stdin.buffer.read()
      n = int(sys.argv[1])
      Gio.content_type_guess(None, data)
      start = time.perf_counter()
      for _ in range(n):
          Gio.content_type_guess(None, data)
      print((time.perf_counter() - start) / n)
      """
    guard let result = try? runProcess("/usr/bin/python3", ["-c", script, String(calls)], input: Data(bytes)),
      result.status == 0
    else { return nil }
    return Double(result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// How many of the detector corpus's formats each tool names right, from the content alone
  /// (no name): ours with and without the database, `file --mime-type`, GIO.
  static func printAccuracy(scratch: URL) {
    let directory = scratch.appendingPathComponent("accuracy")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let samples = FormatSample.everyFormat
    var paths: [String] = []
    for (index, sample) in samples.enumerated() {
      let path = directory.appendingPathComponent("sample\(index)").path
      guard (try? Data(sample.bytes).write(to: URL(fileURLWithPath: path))) != nil else { return }
      paths.append(path)
    }
    let machine = UTTypeRegistry.Builder(mimeDatabase: .machine).build()
    let bare = UTTypeRegistry.Builder(mimeDatabase: nil).build()
    guard let database = machine.loadedMIMEDatabase else { return }
    func right(_ answers: [String]) -> Int {
      zip(samples, answers).filter { database.unalias($0.mimeType) == database.unalias($1) }.count
    }
    let withDatabase = right(paths.map { (try? machine.identifyFile(atPath: $0).mimeType) ?? "" })
    let without = right(paths.map { (try? bare.identifyFile(atPath: $0).mimeType) ?? "" })
    var line =
      "Formats named exactly, from the content alone, over \(samples.count) samples of the formats the detectors"
      + " know: ours \(withDatabase) with the database, \(without) without"
    if let file = Bench.which("file"), let result = try? runProcess(file, ["--mime-type", "-b"] + paths),
      result.status == 0
    {
      line += "; `file --mime-type` \(right(result.stdoutText.split(separator: "\n").map(String.init)))"
    }
    if let gio = try? IdentificationAgreement.gioTypes(paths) { line += "; GIO \(right(gio))" }
    print(line + ".\n")
  }

  /// Our identification beside GIO's on written samples and files of the machine, with every
  /// disagreement and its reason.
  static func printAgreement(quick: Bool, scratch: URL) {
    guard let samples = try? IdentificationCorpus.writeSamples(into: scratch.appendingPathComponent("samples"))
    else { return }
    let machine = IdentificationCorpus.machineFiles(stride: quick ? 25 : 3, limit: quick ? 2000 : 20_000)
    let registry = UTTypeRegistry.Builder(mimeDatabase: .machine).build()
    guard let report = try? IdentificationAgreement.compare(samples + machine, registry: registry) else {
      print("note: /usr/bin/python3 has no gi (GIO); the agreement with GIO was not measured")
      return
    }
    print(
      "Identification agrees with GIO (g_file_query_info content type) on \(report.agreed) of \(report.total) files"
        + " (\(String(format: "%.2f", report.fraction * 100)) %): \(samples.count) written samples and"
        + " \(machine.count) files under /usr/share and /usr/bin.")
    for disagreement in report.disagreements { print("  disagreement: \(disagreement)") }
    print("")
  }
}
