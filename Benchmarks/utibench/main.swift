import Foundation
import Pasteboard
import PropertyList
import TestSupport
import TypeRegistry
import UTIPlatform

// utibench: figures for every hot path, side by side with a peer, in one run.
// Run in release: `swift run -c release utibench` (add `--quick` for a short smoke run).

if CommandLine.arguments.contains("--help") || CommandLine.arguments.contains("-h") {
  print(
    """
    USAGE: swift run -c release utibench [--quick]
           utibench --plist | --identify | --clipboard | --xdnd | --drag-image | --pasteboard | --processes
                                                                     (one group of rows)
           utibench --profile xml|binary|build|load|contains|catalog|conforms|identify|prefix|mime
           utibench --write-fuzz-seeds DIR

    Times every hot path beside the peer that does the same job, in one run, on the binaries a
    user gets (the default release build, and the self-contained one scripts/release.sh builds),
    and prints the tables the README shows. --quick makes a short smoke run (CI's). --profile
    loops one path alone, for perf or callgrind. The products the process rows run (utictl,
    utibench-hello) are built beside utibench first where they are missing.
    """)
  exit(0)
}
Bench.buildSiblings(["utictl", "utibench-hello"])

let quick = CommandLine.arguments.contains("--quick")
var rows: [Bench.Row] = []

let info = SyntheticInfoPlist.make(declarations: 2000)
let xml = try PropertyList.write(info, as: .xml)
let binary = try PropertyList.write(info, as: .binary)
let xmlData = Data(xml)
let binaryData = Data(binary)

let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("utibench-\(getpid())")
try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: scratch) }
let xmlPath = scratch.appendingPathComponent("Info.plist").path
try xmlData.write(to: URL(fileURLWithPath: xmlPath))

// `utibench --profile xml|binary`: loop one parser alone, for perf or callgrind.
if let i = CommandLine.arguments.firstIndex(of: "--profile"), i + 1 < CommandLine.arguments.count {
  switch CommandLine.arguments[i + 1] {
  case "build":
    var builder = UTTypeRegistry.Builder()
    for declaration in SyntheticTypeGraph.declarations(count: 100_000) { builder.add(declaration) }
    for _ in 0..<5 { _ = builder.build() }
  case "load": PasteboardBench.profileLoads()
  case "contains":
    let board = PasteboardBench.largeBoard()
    for _ in 0..<2000 { Bench.sink(board.contains(pasteboardTypes: ["public.movie"], inItemSet: nil) ? 1 : 0) }
  case "catalog": for _ in 0..<1000 { _ = UTTypeRegistry.Builder().build() }
  case "conforms":
    let types = UTTypeRegistry.Builder().build().allTypes
    var hits = 0
    for _ in 0..<2000 { for a in types { for b in types.prefix(8) where a.conforms(to: b) { hits += 1 } } }
    Bench.sink(hits)
  case "identify": IdentifyBench.profile(scratch: scratch)
  case "prefix": IdentifyBench.profilePrefix()
  case "mime": for _ in 0..<200 { Bench.sink(UTTypeRegistry.Builder(mimeDatabase: .machine).build().count) }
  case "binary": for _ in 0..<200 { _ = try! PropertyList.parse(binary) }
  default: for _ in 0..<200 { _ = try! PropertyList.parse(xml) }
  }
  exit(0)
}
// `utibench --xdnd`: the drag and drop rows alone (XDND on Xvfb; Wayland on a sway of its own).
if CommandLine.arguments.contains("--xdnd") {
  Bench.printTable(XdndBench.rows(quick: quick) + WaylandBench.dragRowsAlone(quick: quick))
  exit(0)
}
// `utibench --drag-image`: the drag image's row alone (X11, beside GTK's drag icon).
if CommandLine.arguments.contains("--drag-image") {
  Bench.printTable(XdndBench.imageRowAlone(quick: quick))
  exit(0)
}
// `utibench --clipboard`: the desktop clipboard rows alone (time and memory).
if CommandLine.arguments.contains("--clipboard") {
  Bench.printTable(
    ClipboardBench.rows(quick: quick, scratch: scratch) + WaylandBench.rows(quick: quick, scratch: scratch))
  ClipboardBench.printMemoryTable(ClipboardBench.memoryRows(quick: quick, scratch: scratch))
  ClipboardBench.printFloodTable(quick: quick, scratch: scratch)
  exit(0)
}
// `utibench --write-fuzz-seeds DIR`: the detector corpus (every format's sample and near miss, the
// files of Tests/Fixtures/corpus and the text samples of Tests/Fixtures/text), one file each, as
// the detectors fuzz target's seeds (scripts/fuzz.sh detectors).
if let i = CommandLine.arguments.firstIndex(of: "--write-fuzz-seeds"), i + 1 < CommandLine.arguments.count {
  let directory = URL(fileURLWithPath: CommandLine.arguments[i + 1])
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  let corpus = packageRoot.appendingPathComponent("Tests/Fixtures/corpus")
  let made = try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted().map {
    [UInt8](try Data(contentsOf: corpus.appendingPathComponent($0)).prefix(65_536))
  }
  // Text too: the text identification tests' samples, each kind's structure and tokens.
  let text = packageRoot.appendingPathComponent("Tests/Fixtures/text")
  let texts = try FileManager.default.contentsOfDirectory(atPath: text.path).sorted().map {
    [UInt8](try Data(contentsOf: text.appendingPathComponent($0)))
  }
  let seeds = FormatSample.everyFormat.map(\.bytes) + FormatSample.nearMisses.map(\.bytes) + made + texts
  for (index, bytes) in seeds.enumerated() {
    try Data(bytes).write(to: directory.appendingPathComponent("seed-\(index)"))
  }
  print("\(seeds.count) seeds in \(directory.path)")
  exit(0)
}
// `utibench --identify`: the identification rows alone (processes, 2,000 files, a prefix).
if CommandLine.arguments.contains("--identify") {
  Bench.printTable(
    IdentifyBench.rows(quick: quick, scratch: scratch) + TextIdentifyBench.rows(quick: quick, scratch: scratch))
  exit(0)
}
// `utibench --processes`: the whole-process rows of start-up and `plist lint` alone.
if CommandLine.arguments.contains("--processes") {
  let hostile = WorkspaceBench.hostileRows(quick: quick, scratch: scratch)
  Bench.printTable(
    ProcessBench.rows(quick: quick, xmlPath: xmlPath) + ExportBench.rows(quick: quick, scratch: scratch)
      + WorkspaceBench.rows(quick: quick, scratch: scratch) + hostile.rows)
  WorkspaceBench.printHostileMemory(hostile.peaks)
  exit(0)
}
// `utibench --pasteboard`: the payload rows alone.
if CommandLine.arguments.contains("--pasteboard") {
  Bench.printTable(
    PromiseBench.rows(quick: quick, scratch: scratch) + PasteboardBench.rows(quick: quick, scratch: scratch))
  exit(0)
}
let parseRuns = quick ? 5 : 60
let xmlOurs = Bench.measure(runs: parseRuns) { _ = try! PropertyList.parse(xml) }
let xmlFoundation = Bench.measure(runs: parseRuns) {
  _ = try! PropertyListSerialization.propertyList(from: xmlData, options: [], format: nil)
}
rows.append(
  .init(
    "parse XML Info.plist (\(Bench.size(xml.count)), 2,000 decls)", xmlOurs, xmlFoundation,
    peer: "Foundation PropertyListSerialization", bytes: xml.count))
let binaryOurs = Bench.measure(runs: parseRuns) { _ = try! PropertyList.parse(binary) }
let binaryFoundation = Bench.measure(runs: parseRuns) {
  _ = try! PropertyListSerialization.propertyList(from: binaryData, options: [], format: nil)
}
rows.append(
  .init(
    "parse binary Info.plist (\(Bench.size(binary.count)))", binaryOurs, binaryFoundation,
    peer: "Foundation PropertyListSerialization", bytes: binary.count))
rows += try TextPlistBench.rows(info: info, runs: parseRuns)
// What any parser returning an owned value tree pays for the tree alone: a floor under both rows.
let treeAllocations = TreeAllocations(try PropertyList.parse(binary).root)
let treeAllocationTime = Bench.measure(runs: parseRuns) { Bench.sink(treeAllocations.allocateAndFree()) }
rows.append(
  .init(
    "allocate and free that tree's \(treeAllocations.count) strings, arrays and dictionaries, nothing else",
    treeAllocationTime, nil, peer: "—", bytes: binary.count))

let writeXML = Bench.measure(runs: parseRuns) { _ = try! PropertyList.write(info, as: .xml) }
let foundationObject = try PropertyListSerialization.propertyList(from: xmlData, options: [], format: nil)
let writeXMLFoundation = Bench.measure(runs: parseRuns) {
  _ = try! PropertyListSerialization.data(fromPropertyList: foundationObject, format: .xml, options: 0)
}
rows.append(
  .init("write xml1", writeXML, writeXMLFoundation, peer: "Foundation PropertyListSerialization", bytes: xml.count))
let writeBinary = Bench.measure(runs: parseRuns) { _ = try! PropertyList.write(info, as: .binary) }
let writeBinaryFoundation = Bench.measure(runs: parseRuns) {
  _ = try! PropertyListSerialization.data(fromPropertyList: foundationObject, format: .binary, options: 0)
}
rows.append(
  .init(
    "write binary1", writeBinary, writeBinaryFoundation, peer: "Foundation PropertyListSerialization",
    bytes: binary.count))

// `utibench --plist`: the property list rows alone (the rows so far).
if CommandLine.arguments.contains("--plist") {
  Bench.printTable(rows)
  exit(0)
}

// The registry: conformance, building, tag lookup.
let catalog = UTTypeRegistry.builtIn
let catalogTypes = catalog.allTypes
func pairs(_ types: [UTType], _ n: Int) -> [(UTType, UTType)] {
  var generator = SystemRandomNumberGenerator()
  return (0..<n).map { _ in (types.randomElement(using: &generator)!, types.randomElement(using: &generator)!) }
}

/// The peer for conformance: walk parents by identifier through a dictionary, as a naive
/// implementation would.
struct NaiveGraph {
  var parents: [String: [String]] = [:]
  init(_ registry: UTTypeRegistry) {
    for type in registry.allTypes { parents[type.identifier] = registry.directSupertypes(of: type).map(\.identifier) }
  }
  func conforms(_ a: String, _ b: String) -> Bool {
    var stack = [a]
    var seen = Set<String>()
    while let next = stack.popLast() {
      if next == b { return true }
      if seen.insert(next).inserted { stack += parents[next] ?? [] }
    }
    return false
  }
}

func conformanceRow(_ label: String, _ registry: UTTypeRegistry, _ types: [UTType]) -> Bench.Row {
  let queries = pairs(types, 4096)
  let rounds = quick ? 20 : 500
  var hits = 0
  let ours =
    Bench.measure(runs: 5) {
      for _ in 0..<rounds { for (a, b) in queries where a.conforms(to: b) { hits += 1 } }
    } / Double(rounds * queries.count)
  let naive = NaiveGraph(registry)
  let named = queries.map { ($0.0.identifier, $0.1.identifier) }
  let peerRounds = max(1, rounds / 50)
  let peer =
    Bench.measure(runs: 3) {
      for _ in 0..<peerRounds { for (a, b) in named where naive.conforms(a, b) { hits += 1 } }
    } / Double(peerRounds * named.count)
  Bench.sink(hits)
  return .init(label, ours, peer, peer: "naive walk of parent identifiers")
}
// A constant read through the shared registry (no lock), beside the same snapshot read under a
// pthread mutex, as it was read before.
do {
  let reads = quick ? 100_000 : 2_000_000
  var found = 0
  let ours =
    Bench.measure(runs: 5) {
      for _ in 0..<reads where UTType.png.isDeclared { found += 1 }
    } / Double(reads)
  let locked = Locked(UTTypeRegistry.shared.current)
  let peer =
    Bench.measure(runs: 5) {
      for _ in 0..<reads where locked.withLock({ $0 }).type(withIdentifier: "public.png") != nil { found += 1 }
    } / Double(reads)
  Bench.sink(found)
  rows.append(.init("`UTType.png` (shared registry, no lock)", ours, peer, peer: "the snapshot read under a mutex"))
}
rows.append(conformanceRow("`conforms(to:)`, built-in catalog (\(catalog.count) types)", catalog, catalogTypes))

let synthetic = SyntheticTypeGraph.declarations(count: 100_000)
let memoryBefore = Bench.allocatedBytes()
var largeBuilder = UTTypeRegistry.Builder()
for declaration in synthetic { largeBuilder.add(declaration) }
let buildStart = Bench.now()
let large = largeBuilder.build()
let buildTime = Double(Bench.now() - buildStart) / 1e9
let memory = Bench.allocatedBytes() - memoryBefore
rows.append(conformanceRow("`conforms(to:)`, 100,000 synthetic types", large, large.allTypes))
rows.append(
  .init(
    "build registry: catalog + 100,000 declarations (resident memory +\(memory / 1_000_000) MB)", buildTime, nil,
    peer: "—"))

let catalogBytes = Array(try String(contentsOfFile: "Resources/exported-types.plist", encoding: .utf8).utf8)
rows.append(
  .init(
    "parse the catalog plist, for tools (\(Bench.size(catalogBytes.count)))",
    Bench.measure(runs: parseRuns) {
      _ = try! DeclarationFile(bytes: catalogBytes, path: "catalog", isBuiltIn: true)
    },
    Bench.measure(runs: parseRuns) {
      _ = try! PropertyListSerialization.propertyList(from: Data(catalogBytes), options: [], format: nil)
    }, peer: "Foundation PropertyListSerialization (parse only)", bytes: catalogBytes.count))
rows.append(
  .init(
    "build the built-in catalog registry, cold (compiled-in entries to graph)",
    Bench.measure(runs: parseRuns) {
      _ = UTTypeRegistry.buildingBuiltInFromScratch()
    }, nil, peer: "—"))
rows.append(
  .init(
    "build the system types' registry as a process does (compiled-in graph; declarations made when asked for)",
    Bench.measure(runs: parseRuns) {
      _ = UTTypeRegistry.Builder(mimeDatabase: nil).build()
    }, nil, peer: "—"))

let data = UTType.data
let extensions = ["png", "jpg", "json", "txt", "swift", "pdf", "mp4", "zip", "html", "md", "PNG", "tar"]
let lookupRounds = quick ? 2_000 : 50_000
var found = 0
let tagLookup =
  Bench.measure(runs: 5) {
    for _ in 0..<lookupRounds {
      for ext in extensions
      where catalog.preferredType(tag: ext, tagClass: .filenameExtension, conformingTo: data) != nil {
        found += 1
      }
    }
  } / Double(lookupRounds * extensions.count)
let initLookup =
  Bench.measure(runs: 5) {
    for _ in 0..<(lookupRounds / 10) {
      for ext in extensions where UTType(filenameExtension: ext) != nil { found += 1 }
    }
  } / Double(lookupRounds / 10 * extensions.count)
Bench.sink(found)
rows.append(
  .init(
    "tag lookup: extension → preferred type (registry)", tagLookup, initLookup,
    peer: "`UTType(filenameExtension:)` (shared registry)"))

rows += ProcessBench.rows(quick: quick, xmlPath: xmlPath)
rows += ExportBench.rows(quick: quick, scratch: scratch)
rows += WorkspaceBench.rows(quick: quick, scratch: scratch)
let hostileApplications = WorkspaceBench.hostileRows(quick: quick, scratch: scratch)
rows += hostileApplications.rows

rows += IdentifyBench.rows(quick: quick, scratch: scratch)
rows += TextIdentifyBench.rows(quick: quick, scratch: scratch)
rows += PromiseBench.rows(quick: quick, scratch: scratch) + PasteboardBench.rows(quick: quick, scratch: scratch)
rows += ClipboardBench.rows(quick: quick, scratch: scratch)
rows += XdndBench.rows(quick: quick)
rows += WaylandBench.rows(quick: quick, scratch: scratch)
let memoryRows = ClipboardBench.memoryRows(quick: quick, scratch: scratch)

Bench.printTable(rows)
ClipboardBench.printMemoryTable(memoryRows)
WorkspaceBench.printHostileMemory(hostileApplications.peaks)
ClipboardBench.printFloodTable(quick: quick, scratch: scratch)
