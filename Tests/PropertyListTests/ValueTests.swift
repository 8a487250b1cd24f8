import Testing

@testable import PropertyList

@Suite("Property list values")
struct ValueTests {
  @Test func dictionaryKeysCompareByUnicodeScalars() {
    var dictionary = PropertyList.Dictionary()
    dictionary["\u{E9}"] = 1
    dictionary["e\u{301}"] = 2
    #expect(dictionary.count == 2)
    #expect(dictionary["\u{E9}"] == 1)
    #expect(dictionary.entry(forKey: "e\u{301}")?.value == 2)
    dictionary["\u{E9}"] = 3
    #expect(dictionary.count == 2)
    #expect(dictionary["\u{E9}"] == 3)
    dictionary["e\u{301}"] = nil
    #expect(dictionary.keys == ["\u{E9}"])
    #expect(dictionary.keys.first?.unicodeScalars.count == 1)
  }

  @Test func literalKeysHashAndCompareByScalars() {
    let keys: Set<PropertyList.LiteralKey> = [.init("\u{E9}"), .init("e\u{301}"), .init("\u{E9}")]
    #expect(keys.count == 2)
    #expect(PropertyList.sameKey("UTTypeIdentifier", "UTTypeIdentifier"))
    #expect(!PropertyList.sameKey("UTTypeIdentifier", "UTTypeConformsTo"))
  }

  @Test func valuesMadeInCodeHaveNoOffsetAndReadValuesDo() throws {
    let made: PropertyList.Value = ["k": "v"]
    #expect(made.offset == nil)
    #expect(made.dictionary?.entries.first?.keyOffset == nil)
    var moved = made
    moved.offset = 7
    #expect(moved.offset == 7)
    moved.offset = nil
    #expect(moved.offset == nil)

    let document = try PropertyList.parse(Array(#"{"k": "v"}"#.utf8))
    let entry = try #require(document.root.dictionary?.entries.first)
    #expect(document.root.offset == 0)
    #expect(entry.keyOffset == 1)
    #expect(entry.value.offset == 6)
    #expect(document.location(of: entry.value)?.description == "1:7")
    #expect(document.location(of: made) == nil, "a value made in code has no place in the document")
  }
}
