import Foundation
import Testing

@testable import TypeRegistry

@Suite("Binary reader")
struct BinaryReaderTests {
  /// Assembles a bplist00 from raw objects (object 0 is the top).
  static func bplist(_ objects: [[UInt8]], refSize: UInt8 = 1) -> [UInt8] {
    var out = Array("bplist00".utf8)
    var offsets: [Int] = []
    for object in objects {
      offsets.append(out.count)
      out += object
    }
    let table = out.count
    for o in offsets { out += [UInt8(o >> 8), UInt8(o & 0xFF)] }
    out += [0, 0, 0, 0, 0, 0, 2, refSize]
    for n in [objects.count, 0, table] { out += (0..<8).reversed().map { UInt8(truncatingIfNeeded: n >> ($0 * 8)) } }
    return out
  }

  @Test(
    arguments: [
      ([0x08], PropertyList.Value(false)),
      ([0x09], PropertyList.Value(true)),
      ([0x10, 0xFF], PropertyList.Value(255)),
      ([0x11, 0x01, 0x00], PropertyList.Value(256)),
      ([0x12, 0, 1, 0, 0], PropertyList.Value(65536)),
      ([0x13, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE], PropertyList.Value(-2)),
      (
        [0x14] + [UInt8](repeating: 0, count: 8) + [UInt8](repeating: 0xFF, count: 8),
        .init(.integer(.init(UInt64.max)))
      ),
      ([0x14] + [UInt8](repeating: 0xFF, count: 8) + [0x80, 0, 0, 0, 0, 0, 0, 0], .init(.integer(.init(Int64.min)))),
      ([0x22, 0x3F, 0xC0, 0x00, 0x00], PropertyList.Value(1.5)),
      ([0x23, 0x40, 0x04, 0, 0, 0, 0, 0, 0], PropertyList.Value(2.5)),
      ([0x33, 0x3F, 0xF0, 0, 0, 0, 0, 0, 0], .init(.date(Date(timeIntervalSinceReferenceDate: 1)))),
      ([0x42, 0xAB, 0xCD], .init(.data(Data([0xAB, 0xCD])))),
      ([0x53] + Array("abc".utf8), PropertyList.Value("abc")),
      ([0x80, 0x05], .init(.uid(5))),
      ([0x5F, 0x10, 0x0F] + Array("fifteen chars!!".utf8), PropertyList.Value("fifteen chars!!")),
    ] as [([UInt8], PropertyList.Value)])
  func markers(object: [UInt8], expected: PropertyList.Value) throws {
    #expect(try PropertyList.parse(Self.bplist([object])).root == expected)
  }

  @Test func loneSurrogateInUTF16String() throws {
    let error = try #require(parseError(Self.bplist([[0x62, 0x00, 0xE9, 0xD8, 0x3D]])))
    #expect(error.message == "invalid UTF-16 in string: lone surrogate U+D83D")
    #expect(error.location.offset == 11)
  }

  @Test func utf16Strings() throws {
    let units = Array("é😀".utf16)
    let object = [0x60 | UInt8(units.count)] + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    #expect(try PropertyList.parse(Self.bplist([object])).root == "é😀")
  }

  @Test func collectionsAndSharedObjects() throws {
    // {"k": [s, s]} with one shared string object.
    let bytes = Self.bplist([
      [0xD1, 1, 2], [0x51, UInt8(ascii: "k")], [0xA2, 3, 3], [0x52, UInt8(ascii: "h"), UInt8(ascii: "i")],
    ])
    let document = try PropertyList.parse(bytes)
    #expect(document.root == ["k": ["hi", "hi"]])
    let entry = try #require(document.root.dictionary?.entry(forKey: "k"))
    #expect(entry.keyOffset == 11)
    #expect(entry.value.offset == 13)
    #expect(document.location(ofOffset: entry.value.offset).description == "offset 13")
  }

  @Test func duplicateKeysWarn() throws {
    let bytes = Self.bplist([[0xD2, 1, 1, 2, 3], [0x51, UInt8(ascii: "k")], [0x10, 1], [0x10, 2]])
    let document = try PropertyList.parse(bytes)
    #expect(document.root == ["k": 2])
    #expect(document.warnings.map(\.code) == [.duplicateKey])
  }

  @Test func deepButLegalNesting() throws {
    var objects: [[UInt8]] = []
    for n in 0..<200 { objects.append([0xA1, UInt8(n + 1)]) }
    objects.append([0x09])
    var value: PropertyList.Value = true
    for _ in 0..<200 { value = [value] }
    #expect(try PropertyList.parse(Self.bplist(objects)).root == value)
  }
}
