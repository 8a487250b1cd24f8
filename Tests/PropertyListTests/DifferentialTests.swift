import Foundation
import TestSupport
import Testing

@testable import PropertyList

/// Python's plistlib as an independent oracle: 1,000 random documents written by plistlib as XML
/// and as binary must read as the values plistlib meant, and our `xml1` and `binary1` output of
/// them must read back equal in plistlib.
@Suite("Differential: Python plistlib", .serialized)
struct DifferentialTests {
  static let count = 1000
  static let seed = 20_261_129
  static let oracle = fixturesDirectory.appendingPathComponent("differential/plistlib_oracle.py").path

  /// Decodes the oracle's type-tagged JSON description of a value.
  static func expected(_ json: Any) throws -> PropertyList.Value {
    guard let object = json as? [String: Any], let tag = object["t"] as? String, let v = object["v"] else {
      throw Failure("bad tagged value \(json)")
    }
    switch tag {
    case "b": return .init(.boolean(v as! Bool))
    case "s": return .init(.string(v as! String))
    case "i":
      let text = v as! String
      if let n = Int64(text) { return .init(.integer(.init(n))) }
      return .init(.integer(.init(UInt64(text)!)))
    case "r":
      let text = v as! String
      if text == "nan" { return .init(.real(.nan)) }
      return .init(.real(Double(text)!))
    case "x": return .init(.data(Data(base64Encoded: v as! String)!))
    case "t": return .init(.date(Date(timeIntervalSinceReferenceDate: (v as! NSNumber).doubleValue)))
    case "a": return .init(.array(try (v as! [Any]).map(expected)))
    case "d":
      let pairs = v as! [[Any]]
      return .init(.dictionary(.init(try pairs.map { .init(key: $0[0] as! String, value: try expected($0[1])) })))
    default: throw Failure("unknown tag \(tag)")
    }
  }

  @Test func plistlibDocumentsReadAsPlistlibMeantAndOurOutputReadsBack() throws {
    let python = try #require(which("python3"), "python3 is needed for the differential tests")
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("uti-differential-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }

    let generate = try runProcess(python, [Self.oracle, "generate", directory.path, "\(Self.count)", "\(Self.seed)"])
    try #require(generate.status == 0, "\(generate.stderrText)")

    var mismatches = 0
    for n in 0..<Self.count {
      let json = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("\(n).json")))
      let want = try Self.expected(json)
      for ext in ["xml", "bin"] {
        let bytes = [UInt8](try Data(contentsOf: directory.appendingPathComponent("\(n).\(ext)")))
        let document = try PropertyList.parse(bytes)
        #expect(document.format == (ext == "xml" ? .xml : .binary))
        if document.root != want {
          mismatches += 1
          Issue.record("document \(n).\(ext) reads as \(document.root), plistlib wrote \(want)")
        }
      }
      try Data(PropertyList.write(want, as: .xml)).write(to: directory.appendingPathComponent("ours-\(n).xml"))
      try Data(PropertyList.write(want, as: .binary)).write(to: directory.appendingPathComponent("ours-\(n).bin"))
    }
    #expect(mismatches == 0)

    let check = try runProcess(python, [Self.oracle, "check", directory.path, "\(Self.count)", "\(Self.seed)"])
    let report = check.stdoutText
    #expect(check.status == 0, "\(report.suffix(3000))")
    #expect(report.hasSuffix("\(Self.count * 2) equal, 0 different\n"))
  }
}
