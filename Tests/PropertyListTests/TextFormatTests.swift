import Foundation
import Testing

@testable import PropertyList

@Suite("JSON and OpenStep readers")
struct TextFormatTests {
  @Test func json() throws {
    let document = try parse(
      #"{"s": "a\"b\\c\/d\n\u00e9\ud83d\ude00", "i": -12, "u": 18446744073709551615, "r": 1.5e2, "t": true, "f": false, "a": [], "o": {}}"#
    )
    #expect(document.format == .json)
    #expect(
      document.root == [
        "s": "a\"b\\c/d\né😀", "i": -12, "u": .init(.integer(.init(UInt64.max))), "r": 150.0, "t": true, "f": false,
        "a": [], "o": .init(.dictionary(.init())),
      ])
  }

  @Test func jsonNumbersBeyond64BitsAreReals() throws {
    #expect(try parse("[100000000000000000000]").root == [1e20])
  }

  @Test(arguments: [
    ("{\"a\": null}", "null is not a property list value", "1:7"),
    ("{\"a\": 1 \"b\": 2}", "expected ',' or '}' after a dictionary value, found '\"'", "1:9"),
    ("[1, 2", "unexpected end of file: expected ',' or ']'", "1:6"),
    ("[01]", "invalid number: leading zeros are not allowed in JSON", "1:2"),
    ("[1,]", "expected a value, found ']'", "1:4"),
    ("{\"a\": \"\\x\"}", "invalid escape '\\x' in a string", "1:8"),
    ("[\"tab\there\"]", "control character U+0009 in a string must be escaped", "1:6"),
    ("[1] x", "unexpected 'x' after the top-level value", "1:5"),
  ])
  func jsonErrors(text: String, message: String, location: String) throws {
    let error = try #require(parseError(text))
    #expect(error.message == message)
    #expect(error.location.description == location)
  }

  @Test func openStep() throws {
    let text = """
      // A comment
      {
        name = "Quoted \\"string\\"\\n\\U00e9\\101";
        bare = some.bare-string_1;
        list = (one, "two", (), { nested = yes; },);
        blob = <0fbd 7777>;
        /* block comment */
        empty = {};
      }
      """
    let document = try parse(text)
    #expect(document.format == .openStep)
    #expect(
      document.root == [
        "name": "Quoted \"string\"\néA", "bare": "some.bare-string_1",
        "list": ["one", "two", [], ["nested": "yes"]], "blob": .init(.data(Data([0x0F, 0xBD, 0x77, 0x77]))),
        "empty": .init(.dictionary(.init())),
      ])
    let entry = try #require(document.root.dictionary?.entry(forKey: "bare"))
    #expect(document.location(ofOffset: try #require(entry.keyOffset)).description == "4:3")
  }

  @Test func stringsFiles() throws {
    #expect(try parse("\"greeting\" = \"Hello\";\nfarewell = Bye;\n").root == ["greeting": "Hello", "farewell": "Bye"])
  }

  @Test(arguments: [
    ("{ a = b }", "expected ';' after a dictionary value, found '}'", "1:9"),
    ("{ a b; }", "expected '=' after the key \"a\", found 'b'", "1:5"),
    ("( a b )", "expected ',' or ')' after an array element, found 'b'", "1:5"),
    ("(<0fb>)", "odd number of hex digits in <data>", "1:2"),
    ("(<0fxz>)", "invalid 'x' in <data>: expected hex digits", "1:5"),
    ("{ a = \"open; }", "unterminated string: expected '\"'", "1:7"),
  ])
  func openStepErrors(text: String, message: String, location: String) throws {
    let error = try #require(parseError(text))
    #expect(error.message == message)
    #expect(error.location.description == location)
  }

  @Test func sniffing() throws {
    #expect(try parse("{}").format == .json)
    #expect(try parse("{\"a\" = 1;}").format == .openStep)
    #expect(try parse("{\"a\": 1}").format == .json)
    #expect(try parse("(1)").format == .openStep)
    #expect(try parse("  <plist><true/></plist>").format == .xml)
  }
}
