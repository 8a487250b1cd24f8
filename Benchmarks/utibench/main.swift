import Foundation
import TypeRegistry

// utibench: figures for every hot path, side by side with a peer, in one run.
// Run in release: `swift run -c release utibench` (add `--quick` for a short smoke run).

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
  let input = CommandLine.arguments[i + 1] == "binary" ? binary : xml
  for _ in 0..<200 { _ = try! PropertyList.parse(input) }
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

// Whole processes: `utictl plist lint` beside `plutil -lint` and Python's plistlib.
let processRuns = quick ? 3 : 30
if let utictl = Bench.sibling("utictl") {
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
} else {
  print("note: utictl is not built beside utibench; run `swift build -c release` first for the process rows")
}

Bench.printTable(rows)
