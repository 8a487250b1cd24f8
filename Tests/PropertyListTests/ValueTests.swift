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
}
