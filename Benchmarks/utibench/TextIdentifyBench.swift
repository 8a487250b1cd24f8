import Foundation
import TestSupport
import TypeRegistry

/// Text and source code by content: the installed `utictl` over nameless text files in one
/// process, beside `file --mime-type` and Magika (where `pip install magika` put it) on the same
/// files, and one nameless source file per process beside `gio info` and `file`. The files are
/// the text tests' samples (`Tests/Fixtures/text`), copied under content-free names; accuracy is
/// measured on the outside corpus by `scripts/measure-text-identification.py`, not here.
enum TextIdentifyBench {
  /// `count` nameless copies of the text samples (each kind in turn), each made distinct by a
  /// trailing line, in `directory`.
  static func corpus(in directory: URL, count: Int) throws -> [String] {
    let folder = fixturesDirectory.appendingPathComponent("text")
    let samples = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map {
      try Data(contentsOf: folder.appendingPathComponent($0))
    }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    var paths: [String] = []
    for index in 0..<count {
      let path = directory.appendingPathComponent(String(format: "%08x", index &* 2_654_435_761 & 0xFFFF_FFFF)).path
      try samples[index % samples.count].write(to: URL(fileURLWithPath: path))
      paths.append(path)
    }
    sync()
    return paths
  }

  static func rows(quick: Bool, scratch: URL) -> [Bench.Row] {
    guard let utictl = Bench.shippedUtictl() ?? Bench.sibling("utictl"),
      let paths = try? corpus(in: scratch.appendingPathComponent("text"), count: quick ? 160 : 810)
    else { return [] }
    var rows: [Bench.Row] = []
    let runs = quick ? 3 : 9
    let label = "identify \(paths.count) nameless text files (37 kinds) by content, one `utictl` process"
    var commands: [(path: String, arguments: [String])] = [(utictl, ["identify", "--mime"] + paths)]
    var peers: [String] = []
    if let file = Bench.which("file") {
      commands.append((file, ["--mime-type"] + paths))
      peers.append("`file --mime-type`, one process over the same files")
    }
    if let magika = Bench.which("magika") {
      commands.append((magika, ["-l"] + paths))
      peers.append("Magika 1.1 (`magika -l`), one process over the same files")
    }
    let times = Bench.measureProcessesInterleaved(runs: runs, commands)
    for (index, peer) in peers.enumerated() { rows.append(.init(label, times[0], times[index + 1], peer: peer)) }
    if peers.isEmpty { rows.append(.init(label, times[0], nil, peer: "—")) }
    // One file, one process: a Swift source without a name the database knows.
    let one = paths[paths.count / 2]
    let single = "`utictl identify --mime` on one nameless source file, one process"
    var singles: [(path: String, arguments: [String])] = [(utictl, ["identify", "--mime", one])]
    var singlePeers: [String] = []
    if let gio = Bench.which("gio") {
      singles.append((gio, ["info", "-a", "standard::content-type", one]))
      singlePeers.append("`gio info -a standard::content-type` process")
    }
    if let file = Bench.which("file") {
      singles.append((file, ["--mime-type", one]))
      singlePeers.append("`file --mime-type` process")
    }
    let singleTimes = Bench.measureProcessesInterleaved(runs: quick ? 5 : 30, singles)
    for (index, peer) in singlePeers.enumerated() {
      rows.append(.init(single, singleTimes[0], singleTimes[index + 1], peer: peer))
    }
    return rows
  }
}
