import Foundation
import TestSupport
import Testing

@testable import PropertyList

@Suite("Writers")
struct WriterTests {
  static let sample: PropertyList.Value = [
    "CFBundleIdentifier": "com.example.app",
    "escapes": "a<b&c>d\"e'f",
    "count": 42,
    "negative": -7,
    "huge": .init(.integer(.init(UInt64.max))),
    "reals": [1.0, 0.1, 1e20, 2.5e-300, .init(.real(.infinity)), .init(.real(-.infinity)), .init(.real(-0.0))],
    "flags": [true, false],
    "when": .init(.date(Date(timeIntervalSinceReferenceDate: 86_400.75))),
    "bytes": .init(.data(Data((0..<60).map { UInt8($0) }))),
    "empty": ["a": [], "d": .init(.dictionary(.init())), "s": "", "data": .init(.data(Data()))],
  ]

  @Test func xmlLayoutIsApples() throws {
    let value: PropertyList.Value = ["a": ["x", 1], "d": .init(.data(Data([0, 1, 2]))), "e": []]
    let xml = String(decoding: try PropertyList.write(value, as: .xml), as: UTF8.self)
    #expect(
      xml == """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        	<key>a</key>
        	<array>
        		<string>x</string>
        		<integer>1</integer>
        	</array>
        	<key>d</key>
        	<data>
        	AAEC
        	</data>
        	<key>e</key>
        	<array/>
        </dict>
        </plist>

        """)
  }

  @Test(arguments: [PropertyList.Format.xml, .binary])
  func roundTrip(format: PropertyList.Format) throws {
    let bytes = try PropertyList.write(Self.sample, as: format)
    let document = try PropertyList.parse(bytes)
    #expect(document.format == format)
    var expected = Self.sample
    if format == .xml {
      // XML dates have whole seconds.
      var d = expected.dictionary!
      d["when"] = .init(.date(Date(timeIntervalSinceReferenceDate: 86_400)))
      expected = .init(.dictionary(d))
    }
    #expect(document.root == expected)
  }

  @Test func binaryStoresEqualScalarsOnce() throws {
    let repeated: PropertyList.Value = .init(.array(Array(repeating: "the same long string value", count: 100)))
    let bytes = try PropertyList.write(repeated, as: .binary)
    #expect(bytes.count < 200)
    #expect(try PropertyList.parse(bytes).root == repeated)
  }

  @Test func binaryHandlesLargeCountsAndReferenceSizes() throws {
    let many = PropertyList.Value(.array((0..<70_000).map { .init(.integer(.init(Int64($0)))) }))
    let bytes = try PropertyList.write(many, as: .binary)
    #expect(bytes[bytes.count - 25] == 4)  // object reference size for 70,001 objects
    #expect(try PropertyList.parse(bytes).root == many)
  }

  @Test func jsonIsCompactLikePlutil() throws {
    let value: PropertyList.Value = ["a": "b/c\n\u{1}é", "n": [1, 2.5, true, -0.0, 1e20]]
    let json = String(decoding: try PropertyList.write(value, as: .json), as: UTF8.self)
    #expect(json == #"{"a":"b\/c\n\u0001é","n":[1,2.5,true,-0,1e+20]}"#)
  }

  @Test func jsonStylesCompactAndPrettyAreWhatPythonsJSONWrites() throws {
    let value: PropertyList.Value = [
      "path": "a/b", "text": "tab\tquote\" é ✓", "n": [1, -7, true, false], "empty": [], "nested": ["x": ["y": "z"]],
      "none": .init(.dictionary(.init([]))),
    ]
    let compact = String(decoding: try PropertyList.writeJSON(value, style: .compact), as: UTF8.self)
    let pretty = String(decoding: try PropertyList.writeJSON(value, style: .pretty), as: UTF8.self)
    #expect(!compact.contains("\\/"))
    let python = try #require(which("python3"), "python3 is needed for the differential tests")
    // Python's json module, keys in order: separators (",", ":") compact; indent=2 pretty.
    let script = """
      import json, sys
      value = json.loads(sys.stdin.read())
      sys.stdout.write(json.dumps(value, ensure_ascii=False, separators=(",", ":")) + "\\n")
      sys.stdout.write(json.dumps(value, ensure_ascii=False, indent=2))
      """
    let run = try runProcess(python, ["-c", script], input: Data(compact.utf8))
    try #require(run.status == 0, "\(run.stderrText)")
    #expect(run.stdoutText == compact + "\n" + pretty)
    #expect(try PropertyList.write(value, as: .json) != Array(compact.utf8), "plutil's own style escapes the slash")
  }

  @Test func jsonRefusesWhatJSONCannotHoldAndNamesTheKeyPath() throws {
    let value: PropertyList.Value = ["UTExportedTypeDeclarations": [["UTTypeIconData": .init(.data(Data([1])))]]]
    #expect {
      try PropertyList.write(value, as: .json)
    } throws: { error in
      let error = error as! PropertyList.WriteError
      return error.keyPath == "UTExportedTypeDeclarations.0.UTTypeIconData"
        && error.description
          == "cannot write data as JSON: JSON has no data type (at key path 'UTExportedTypeDeclarations.0.UTTypeIconData')"
    }
    #expect(throws: PropertyList.WriteError.self) { try PropertyList.write(["d": .init(.date(Date()))], as: .json) }
    #expect(throws: PropertyList.WriteError.self) { try PropertyList.write([.init(.real(.nan))], as: .json) }
  }

  @Test func xmlRefusesControlCharacters() throws {
    #expect {
      try PropertyList.write(["k": "a\u{1}b"], as: .xml)
    } throws: { error in
      (error as! PropertyList.WriteError).description
        == "control character U+0001 cannot be written in XML; write binary1 instead (at key path 'k')"
    }
    // Carriage returns survive as character references.
    let bytes = try PropertyList.write(["k": "a\r\nb"], as: .xml)
    #expect(try PropertyList.parse(bytes).root == ["k": "a\r\nb"])
  }

  @Test(arguments: [Double.nan, .infinity, 1e300, -1e15])
  func datesXMLCannotWriteAreErrors(seconds: Double) throws {
    let value: PropertyList.Value = ["when": .init(.date(Date(timeIntervalSinceReferenceDate: seconds)))]
    #expect {
      try PropertyList.write(value, as: .xml)
    } throws: { error in
      let error = error as! PropertyList.WriteError
      return error.keyPath == "when" && error.message.contains("outside the years 1 to 9999")
    }
    #expect(try PropertyList.parse(PropertyList.write(value, as: .binary)).root == value)
  }

  @Test func uidsBecomeCFUIDDictionariesInXML() throws {
    let xml = String(decoding: try PropertyList.write(.init(.uid(7)), as: .xml), as: UTF8.self)
    #expect(xml.contains("<dict>\n\t<key>CF$UID</key>\n\t<integer>7</integer>\n</dict>\n"))
    let binary = try PropertyList.write(.init(.uid(300)), as: .binary)
    #expect(try PropertyList.parse(binary).root == .init(.uid(300)))
  }

  @Test func openStepIsReadOnly() {
    #expect(throws: PropertyList.WriteError.self) { try PropertyList.write("x", as: .openStep) }
  }

  /// The toolchain's `plutil` converts our binary output to XML and JSON byte for byte as we do.
  /// (Its dictionaries do not keep key order, so each dictionary here has one key.)
  @Test(arguments: ["xml1", "json"])
  func matchesPlutilByteForByte(format: String) throws {
    let plutil = try #require(which("plutil"), "plutil ships with the Swift toolchain")
    var elements: [PropertyList.Value] = [
      ["CFBundleIdentifier": "com.example.app"], "a<b&c>d\"e'f/g", "é😀", 42, -7, 0, [], [[true, false]],
      1.0, 0.1, 1e20, 2.5e-300, 123_456_789.123, ["nested": [["deeper": "x"]]], .init(.dictionary(.init())),
    ]
    if format == "xml1" {
      elements += [
        .init(.integer(.init(UInt64.max))), .init(.real(.infinity)), .init(.real(-.infinity)), .init(.real(-0.0)),
        .init(.date(Date(timeIntervalSinceReferenceDate: 86_400))), .init(.data(Data((0..<60).map { UInt8($0) }))),
        .init(.data(Data())), "", ["key": .init(.data(Data((0..<200).map { UInt8($0 % 7) })))],
      ]
    }
    let value = PropertyList.Value(.array(elements))
    let ours = try PropertyList.write(value, as: format == "json" ? .json : .xml)
    let result = try runProcess(
      plutil, ["-convert", format, "-o", "-", "-"], input: Data(try PropertyList.write(value, as: .binary)))
    #expect(result.status == 0)
    #expect(String(decoding: ours, as: UTF8.self) == result.stdoutText)
  }
}
