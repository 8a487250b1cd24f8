import Foundation
import Testing

@testable import PropertyList

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
    #expect(document.location(of: entry.value)?.description == "offset 13")
  }

  @Test func duplicateKeysWarn() throws {
    let bytes = Self.bplist([[0xD2, 1, 1, 2, 3], [0x51, UInt8(ascii: "k")], [0x10, 1], [0x10, 2]])
    let document = try PropertyList.parse(bytes)
    #expect(document.root == ["k": 2])
    #expect(document.warnings.map(\.code) == [.duplicateKey])
  }

  @Test func objectsSharedBetweenParentsAndRoles() throws {
    // {"k": [a, a], "v": "k", "w": a} where a = ["hi"]: one array referenced three times, and
    // the key string "k" also used as a value. Every referrer gets the value, whichever is last.
    let bytes = Self.bplist([
      [0xD3, 1, 2, 3, 4, 1, 5], [0x51, UInt8(ascii: "k")], [0x51, UInt8(ascii: "v")], [0x51, UInt8(ascii: "w")],
      [0xA2, 5, 5], [0xA1, 6], [0x52, UInt8(ascii: "h"), UInt8(ascii: "i")],
    ])
    let document = try PropertyList.parse(bytes)
    #expect(document.root == ["k": [["hi"], ["hi"]], "v": "k", "w": ["hi"]])
    #expect(document.root.dictionary?["v"]?.offset == 15)
    #expect(document.root.dictionary?["w"]?.array?.first?.offset == 26)
    #expect(document.warnings.isEmpty)
  }

  @Test func equalKeysInDistinctObjectsAreDuplicates() throws {
    // Two ASCII objects "kk", then a UTF-16 "kk" against an ASCII one.
    let ascii = [0x52, UInt8(ascii: "k"), UInt8(ascii: "k")]
    let utf16: [UInt8] = [0x62, 0, UInt8(ascii: "k"), 0, UInt8(ascii: "k")]
    for second in [ascii, utf16] {
      let bytes = Self.bplist([[0xD2, 1, 2, 3, 4], ascii, second, [0x10, 1], [0x10, 2]])
      let document = try PropertyList.parse(bytes)
      #expect(document.root == ["kk": 2])
      let warning = try #require(document.warnings.first)
      #expect(warning.code == .duplicateKey)
      #expect(
        warning.message == "duplicate key 'kk' in dictionary: this later value is used, the earlier one is ignored")
      #expect(warning.location.offset == 16)
      #expect(warning.relatedLocation?.offset == 13)
    }
  }

  @Test func canonicallyEquivalentKeysAreDistinct() throws {
    // UTF-16 keys: U+00E9, and U+0065 U+0301.
    let bytes = Self.bplist([
      [0xD2, 1, 2, 3, 4], [0x61, 0x00, 0xE9], [0x62, 0x00, 0x65, 0x03, 0x01], [0x10, 1], [0x10, 2],
    ])
    let document = try PropertyList.parse(bytes)
    #expect(document.warnings.isEmpty)
    #expect(document.root.dictionary?.count == 2)
    #expect(document.root.dictionary?["e\u{301}"] == 2)
  }

  @Test func duplicateKeyInALargeDictionary() throws {
    // 20 keys "a" … "s" and "c" again: the last value wins at the first key's position.
    let letters = Array("abcdefghijklmnopqrs".utf8) + [UInt8(ascii: "c")]
    var objects: [[UInt8]] = [[0xDF, 0x10, 20] + (1...20).map { UInt8($0) } + (21...40).map { UInt8($0) }]
    objects += letters.map { [0x51, $0] }
    objects += (0..<20).map { [0x10, UInt8($0)] }
    let document = try PropertyList.parse(Self.bplist(objects))
    let dictionary = try #require(document.root.dictionary)
    #expect(dictionary.keys == letters.dropLast().map { String(UnicodeScalar($0)) })
    #expect(dictionary["c"] == 19)
    #expect(
      document.warnings.map(\.message) == [
        "duplicate key 'c' in dictionary: this later value is used, the earlier one is ignored"
      ])
  }

  @Test func keyThatIsNotAStringIsAnError() throws {
    let error = try #require(parseError(Self.bplist([[0xD1, 1, 2], [0x10, 7], [0x09]])))
    #expect(error.message == "dictionary key is a integer, expected a string")
    #expect(error.location.offset == 11)
  }

  @Test func offsetEntriesSharingOneCollection() throws {
    // 100 offset-table entries point at one array of 100 references, so the references the
    // file declares outnumber its bytes; the reader copies shared values instead of moving them.
    var out = Array("bplist00".utf8)
    let root = out.count
    out += [0xAF, 0x10, 100] + (1...100).map { UInt8($0) }
    let inner = out.count
    out += [0xAF, 0x10, 100] + [UInt8](repeating: 101, count: 100)
    let string = out.count
    out += [0x52, UInt8(ascii: "h"), UInt8(ascii: "i")]
    let table = out.count
    for offset in [root] + [Int](repeating: inner, count: 100) + [string] {
      out += [UInt8(offset >> 8), UInt8(offset & 0xFF)]
    }
    out += [0, 0, 0, 0, 0, 0, 2, 1]
    for n in [102, 0, table] { out += (0..<8).reversed().map { UInt8(truncatingIfNeeded: n >> ($0 * 8)) } }
    let row = PropertyList.Value(.array(Array(repeating: "hi", count: 100)))
    #expect(try PropertyList.parse(out).root == .init(.array(Array(repeating: row, count: 100))))
  }

  @Test func unreachableObjectWithAnOffsetBeyondInt64() throws {
    // Eight-byte offsets; object 1 is never referenced and its offset is 2^64 - 1.
    var out = Array("bplist00".utf8) + [0x09]
    out += [0, 0, 0, 0, 0, 0, 0, 8] + [UInt8](repeating: 0xFF, count: 8)
    out += [0, 0, 0, 0, 0, 0, 8, 1]
    for n in [2, 0, 9] { out += (0..<8).reversed().map { UInt8(truncatingIfNeeded: n >> ($0 * 8)) } }
    #expect(try PropertyList.parse(out).root == true)
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
