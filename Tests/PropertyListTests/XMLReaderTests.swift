import Foundation
import TestSupport
import Testing

@testable import PropertyList

@Suite("XML reader")
struct XMLReaderTests {
  @Test func everyValueKind() throws {
    let document = try parse(
      xmlPlist(
        """
        <dict>
        	<key>s</key><string>hello</string>
        	<key>i</key><integer>-42</integer>
        	<key>big</key><integer>18446744073709551615</integer>
        	<key>min</key><integer>-9223372036854775808</integer>
        	<key>hex</key><integer>0x1F</integer>
        	<key>r</key><real>2.5</real>
        	<key>nan</key><real>nan</real>
        	<key>inf</key><real>+infinity</real>
        	<key>ninf</key><real>-inf</real>
        	<key>t</key><true/>
        	<key>f</key><false/>
        	<key>d</key><date>2001-01-01T00:00:01Z</date>
        	<key>data</key><data>AAEC
        	Aw==</data>
        	<key>a</key><array><string/><array/><dict/></array>
        </dict>
        """))
    #expect(document.format == .xml)
    let d = try #require(document.root.dictionary)
    #expect(d.keys == ["s", "i", "big", "min", "hex", "r", "nan", "inf", "ninf", "t", "f", "d", "data", "a"])
    #expect(d["s"]?.string == "hello")
    #expect(d["i"]?.integer?.int64 == -42)
    #expect(d["big"]?.integer?.uint64 == .max)
    #expect(d["min"]?.integer?.int64 == .min)
    #expect(d["hex"]?.integer?.int64 == 31)
    #expect(d["r"] == 2.5)
    guard case .real(let nan) = d["nan"]?.storage else { throw Failure("nan") }
    #expect(nan.isNaN)
    #expect(d["inf"] == .init(.real(.infinity)))
    #expect(d["ninf"] == .init(.real(-.infinity)))
    #expect(d["t"] == true)
    #expect(d["f"] == false)
    #expect(d["d"] == .init(.date(Date(timeIntervalSinceReferenceDate: 1))))
    #expect(d["data"] == .init(.data(Data([0, 1, 2, 3]))))
    #expect(d["a"] == [.init(.string("")), .init(.array([])), .init(.dictionary(.init()))])
  }

  @Test func locationsOfValuesAndKeys() throws {
    let text = xmlPlist(
      """
      <dict>
      	<key>UTTypeIdentifier</key>
      	<string>com.example.doc</string>
      </dict>
      """)
    let document = try parse(text)
    let entry = try #require(document.root.dictionary?.entry(forKey: "UTTypeIdentifier"))
    #expect(document.location(of: document.root)?.description == "4:1")
    #expect(document.location(ofOffset: try #require(entry.keyOffset)).description == "5:2")
    #expect(document.location(of: entry.value)?.description == "6:2")
    let lines = PropertyList.LineTable(document.source)
    #expect(lines.location(ofOffset: try #require(entry.value.offset)) == document.location(of: entry.value))
  }

  @Test func entitiesCharacterReferencesCDATAAndComments() throws {
    let document = try parse(
      xmlPlist(
        "<string>&lt;a&gt; &amp; &apos;b&apos; &quot;c&quot; &#65;&#x42;&#x1F600; <![CDATA[<raw> & ]]><!-- gone -->end</string>"
      ))
    #expect(document.root.string == "<a> & 'b' \"c\" AB😀 <raw> & end")
  }

  @Test func whitespaceInStringsIsKept() throws {
    #expect(try parse(xmlPlist("<string>  two\n lines\t</string>")).root.string == "  two\n lines\t")
  }

  /// Text is scanned eight bytes at a time; a special byte must be found at every position of a
  /// word, next to multi-byte UTF-8, tabs and newlines.
  @Test func specialBytesAtEveryPositionOfTheTextScan() throws {
    for position in 0..<17 {
      let before = String(repeating: "é\t", count: position / 3) + String(repeating: "a", count: position % 3)
      let after = "\nbcdefghijklmnop"
      #expect(try parse(xmlPlist("<string>\(before)&amp;\(after)</string>")).root.string == before + "&" + after)
      #expect(try parse(xmlPlist("<string>\(before)<!-- x -->\(after)</string>")).root.string == before + after)
      let error = try #require(parseError(xmlPlist("<string>\(before)\u{1F}\(after)</string>")))
      #expect(error.message == "control character U+001F in <string> is not allowed in XML")
      #expect(
        error.location.offset == parseOffset(ofMarker: "\u{1F}", in: xmlPlist("<string>\(before)\u{1F}</string>")))
    }
  }

  @Test func bareValueWithoutPlistElement() throws {
    #expect(try parse("<array><integer>1</integer></array>").root == [1])
  }

  static func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
    var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
    for unit in text.utf16 {
      let pair = [UInt8(unit >> 8), UInt8(unit & 0xFF)]
      bytes += bigEndian ? pair : pair.reversed()
    }
    return bytes
  }

  static let encodingCases: [([UInt8], String)] = [
    (Array("\u{FEFF}<plist><string>é</string></plist>".utf8), "é"),
    (utf16("<plist><string>é😀</string></plist>", bigEndian: true), "é😀"),
    (utf16("<plist><string>é😀</string></plist>", bigEndian: false), "é😀"),
    (Array(utf16("<?xml version='1.0' encoding='UTF-16'?><plist><true/></plist>", bigEndian: false).dropFirst(2)), ""),
  ]

  @Test(arguments: encodingCases)
  func encodings(bytes: [UInt8], expected: String) throws {
    let root = try PropertyList.parse(bytes).root
    #expect(expected.isEmpty ? root == true : root.string == expected)
  }

  @Test func utf16LocationsAreOffsetsInTheOriginalBytes() throws {
    let bytes = Self.utf16("<plist>\n<integer>é1x</integer></plist>", bigEndian: true)
    let error = try #require(parseError(bytes))
    #expect(error.message == "invalid integer 'é1x' in <integer>")
    #expect(error.location.line == 2)
    #expect(error.location.column == 1)
    #expect(error.location.offset == 2 + 2 * 8)
    let document = try PropertyList.parse(
      Self.utf16("<plist>\n<array>é<true/></array></plist>".replacingOccurrences(of: "é", with: ""), bigEndian: false))
    let element = try #require(document.root.array?.first)
    #expect(document.location(of: element)?.offset == 2 + 2 * 15)
  }

  @Test func duplicateKeysWarnAndTheLastWins() throws {
    let document = try parse(
      xmlPlist(
        """
        <dict>
        	<key>a</key><integer>1</integer>
        	<key>b</key><integer>2</integer>
        	<key>a</key><integer>3</integer>
        </dict>
        """))
    #expect(document.root.dictionary?.keys == ["a", "b"])
    #expect(document.root.dictionary?["a"] == 3)
    let warning = try #require(document.warnings.first)
    #expect(document.warnings.count == 1)
    #expect(warning.code == .duplicateKey)
    #expect(warning.message == "duplicate key 'a' in dictionary: this later value is used, the earlier one is ignored")
    #expect(warning.location.description == "7:2")
    #expect(warning.relatedLocation?.description == "5:2")
  }

  @Test func duplicateKeysInLargeDictionaries() throws {
    var body = "<dict>"
    for n in 0..<40 { body += "<key>k\(n)</key><integer>\(n)</integer>" }
    body += "<key>k7</key><integer>700</integer></dict>"
    let document = try parse(body)
    #expect(document.root.dictionary?.count == 40)
    #expect(document.root.dictionary?["k7"] == 700)
    #expect(document.warnings.count == 1)
  }

  /// Apple compares plist keys by their Unicode scalars (`NSString`'s literal comparison), so a
  /// precomposed key and its decomposed form are two keys, where Swift's `==` calls them equal.
  @Test(arguments: [2, 40])
  func canonicallyEquivalentKeysAreDistinct(keyCount: Int) throws {
    var body = "<dict><key>\u{E9}</key><integer>1</integer><key>e\u{301}</key><integer>2</integer>"
    for n in 2..<keyCount { body += "<key>k\(n)</key><integer>\(n)</integer>" }
    body += "</dict>"
    let document = try parse(body)
    let dictionary = try #require(document.root.dictionary)
    #expect(document.warnings.isEmpty)
    #expect(dictionary.count == keyCount)
    #expect(dictionary["\u{E9}"] == 1)
    #expect(dictionary["e\u{301}"] == 2)
    #expect(dictionary.keys.prefix(2).map { Array($0.unicodeScalars) } == [["\u{E9}"], ["e", "\u{301}"]])
  }

  struct ErrorCase: CustomTestStringConvertible, Sendable {
    var text: String
    var message: String
    var location: String
    var testDescription: String { message }

    /// A plist whose body (inside `<plist>`, from line 4: see `xmlPlist`) is wrong.
    init(body: String, message: String, location: String) {
      (text, self.message, self.location) = (xmlPlist(body), message, location)
    }

    /// A document that is wrong as a whole.
    init(document: String, message: String, location: String) {
      (text, self.message, self.location) = (document, message, location)
    }
  }

  // Bodies start on line 4 (see `xmlPlist`).
  @Test(arguments: [
    ErrorCase(
      body: "<dict>\n\t<key>UTTypeConformsTo</key>\n</dict>",
      message: "expected a value after <key>UTTypeConformsTo</key>, found </dict>", location: "6:1"),
    ErrorCase(
      body: "<dict>\n\t<key>a</key>\n\t<key>b</key>\n</dict>",
      message: "expected a value after <key>a</key>, found <key>", location: "6:2"),
    ErrorCase(
      body: "<dict>\n\t<string>x</string>\n</dict>",
      message: "expected <key> or </dict> in <dict>, found <string>", location: "5:2"),
    ErrorCase(
      body: "<array>\n\t<integer>1</integer>\n</dict>",
      message: "expected </array> to close <array> opened at 4:1, found </dict>", location: "6:1"),
    ErrorCase(
      body: "<array><foo/></array>",
      message:
        "expected a value (<string>, <integer>, <real>, <true/>, <false/>, <date>, <data>, <array> or <dict>) in <array>, found unknown element <foo/>",
      location: "4:8"),
    ErrorCase(body: "<integer>12a</integer>", message: "invalid integer '12a' in <integer>", location: "4:1"),
    ErrorCase(body: "<integer></integer>", message: "empty integer in <integer>", location: "4:1"),
    ErrorCase(
      body: "<integer>18446744073709551616</integer>",
      message: "integer '18446744073709551616' does not fit in 64 bits in <integer>", location: "4:1"),
    ErrorCase(
      body: "<integer>-9223372036854775809</integer>",
      message: "integer '-9223372036854775809' is below the 64-bit minimum in <integer>", location: "4:1"),
    ErrorCase(
      body: "<real>1.2.3x</real>", message: "invalid real '1.2.3x': expected a decimal number, nan, or [+-]inf",
      location: "4:1"),
    ErrorCase(
      body: "<date>2020-13-01T00:00:00Z</date>",
      message: "invalid date '2020-13-01T00:00:00Z': expected YYYY-MM-DDTHH:MM:SSZ", location: "4:1"),
    ErrorCase(
      body: "<data>AA*A</data>", message: "invalid base64 in <data>: '*' is not a base64 character", location: "4:1"),
    ErrorCase(body: "<true>x</true>", message: "<true> must be empty: write <true/>", location: "4:1"),
    ErrorCase(
      body: "<string>a &foo; b</string>",
      message: "undefined entity &foo;: only &lt; &gt; &amp; &apos; &quot; and &#N; are supported", location: "4:11"),
    ErrorCase(
      body: "<string>AT&T</string>", message: "unterminated entity reference: expected ';' (write '&' as &amp;)",
      location: "4:11"),
    ErrorCase(
      body: "<string>&#0;</string>", message: "invalid character reference &#0;: not a Unicode scalar value",
      location: "4:9"),
    ErrorCase(
      body: "<string>&#xD800;</string>",
      message: "invalid character reference &#xD800;: not a Unicode scalar value", location: "4:9"),
    ErrorCase(
      body: "<string>a<b>c</b></string>",
      message: "unexpected <b> inside <string>: text elements cannot contain elements (write '<' as &lt;)",
      location: "4:10"),
    ErrorCase(
      body: "<string>x</integer>",
      message: "expected </string> to close <string> opened at 4:1, found </integer>", location: "4:10"),
    ErrorCase(
      body: "<string>a\u{01}b</string>", message: "control character U+0001 in <string> is not allowed in XML",
      location: "4:10"),
    ErrorCase(
      body: "<string>a\u{00}b</string>",
      message: "NUL byte in <string>: XML cannot contain NUL; use <data> for binary content", location: "4:10"),
    ErrorCase(
      body: "<string>one</string>\n<string>two</string>",
      message: "expected </plist> after the top-level value, found <string>", location: "5:1"),
    ErrorCase(body: "", message: "expected a value in <plist>, found </plist>", location: "5:1"),
    ErrorCase(
      body: "<dict>\nstray\n</dict>", message: "unexpected text 'stray' in <dict>: expected an element",
      location: "5:1"),
    ErrorCase(body: "<string>x</string attr>", message: "expected '>' to end </string>, found 'a'", location: "4:19"),
    ErrorCase(
      body: "<string a=1>x</string>", message: "expected a quoted attribute value in <string>", location: "4:11"),
    ErrorCase(
      body: "<![CDATA[x]]>", message: "CDATA is allowed only inside <string>, <key> and other text elements",
      location: "4:1"),
  ])
  func errors(_ c: ErrorCase) throws {
    let error = try #require(parseError(c.text))
    #expect(error.message == c.message)
    #expect(error.location.description == c.location)
  }

  @Test(arguments: [
    ErrorCase(
      document: "<plist><dict><key>a</key>", message: "unexpected end of file: expected a value after <key>a</key>",
      location: "1:26"),
    ErrorCase(
      document: "<plist><array><string>x</string>",
      message: "unexpected end of file: <array> opened at 1:8 is not closed", location: "1:33"),
    ErrorCase(
      document: "<plist><string>abc", message: "unexpected end of file: <string> opened at 1:8 is not closed",
      location: "1:19"),
    ErrorCase(
      document: "<plist><string>x</string>", message: "unexpected end of file: <plist> opened at 1:1 is not closed",
      location: "1:26"),
    ErrorCase(
      document: "<plist><string><![CDATA[abc", message: "unterminated CDATA section: expected ']]>'", location: "1:16"),
    ErrorCase(document: "<plist><!-- no end", message: "unterminated comment: expected '-->'", location: "1:8"),
    ErrorCase(
      document: "<?xml version='1.0'", message: "unterminated processing instruction: expected '?>'", location: "1:1"),
    ErrorCase(document: "", message: "empty document: expected <plist>", location: "1:1"),
    ErrorCase(document: "<plist><str", message: "unexpected end of file inside <str>", location: "1:8"),
    ErrorCase(
      document: "<!DOCTYPE plist [ <!-- ] -->", message: "unterminated internal subset of <!DOCTYPE: expected ']'",
      location: "1:17"),
    ErrorCase(document: "<!DOCTYPE plist 'a>'", message: "unterminated <!DOCTYPE: expected '>'", location: "1:1"),
  ])
  func truncatedDocuments(_ c: ErrorCase) throws {
    let error = try #require(parseError(c.text))
    #expect(error.message == c.message)
    #expect(error.location.description == c.location)
  }

  @Test func entityDeclarationsAreRejectedNotExpanded() throws {
    let text = """
      <?xml version="1.0"?>
      <!DOCTYPE plist [
        <!ENTITY lol "lol">
      ]>
      <plist><string>&lol;</string></plist>
      """
    let error = try #require(parseError(text))
    #expect(error.code == .unsupported)
    #expect(error.location.description == "3:3")
    #expect(error.message.hasPrefix("entity declarations are not supported"))
  }

  @Test func internalSubsetWithoutEntitiesIsSkipped() throws {
    let text = "<!DOCTYPE plist [ <!ELEMENT plist ANY> <!-- ] --> ]><plist><true/></plist>"
    #expect(try parse(text).root == true)
  }

  @Test func depthLimit() throws {
    let deep = String(repeating: "<array>", count: 600) + String(repeating: "</array>", count: 600)
    let error = try #require(parseError(deep))
    #expect(error.code == .limit)
    #expect(error.message == "nesting deeper than 512 levels: arrays and dictionaries nest too deeply")
    #expect(error.location.offset == 512 * 7)
    let fine = String(repeating: "<array>", count: 500) + String(repeating: "</array>", count: 500)
    #expect(throws: Never.self) { try PropertyList.parse(Array(fine.utf8)) }
    #expect(throws: Never.self) {
      try PropertyList.parse(Array(deep.utf8), options: .init(maximumDepth: 1000))
    }
  }

  @Test func invalidUTF8IsLocated() throws {
    var bytes = Array("<plist>\n<string>ab".utf8)
    bytes += [0xC3, 0x28]
    bytes += Array("</string></plist>".utf8)
    let error = try #require(parseError(bytes))
    #expect(error.code == .encoding)
    #expect(error.message == "invalid UTF-8: byte 0xC3 cannot appear here; save the file as UTF-8")
    #expect(error.location.description == "2:11")
  }

  @Test func loneUTF16SurrogateIsLocated() throws {
    var bytes: [UInt8] = [0xFE, 0xFF]
    for unit in Array("<plist>\n<string>".utf16) + [0xD800, 0x0041] { bytes += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
    let error = try #require(parseError(bytes))
    #expect(error.code == .encoding)
    #expect(error.message == "invalid UTF-16: high surrogate U+D800 is not followed by a low surrogate")
    #expect(error.location.line == 2)
    #expect(error.location.offset == 2 + 16 * 2)
  }
}

struct Failure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// The byte offset of the first occurrence of `marker` in `text`.
private func parseOffset(ofMarker marker: String, in text: String) -> Int {
  let bytes = Array(text.utf8)
  let needle = Array(marker.utf8)
  return (0...(bytes.count - needle.count)).first { Array(bytes[$0..<($0 + needle.count)]) == needle } ?? -1
}
