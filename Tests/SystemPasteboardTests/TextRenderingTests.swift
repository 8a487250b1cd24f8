import Testing
import TypeRegistry

@testable import SystemPasteboard
@testable import SystemPasteboardCore
@testable import SystemPasteboardX11

/// The text an HTML copy offers beside its HTML, and the text encodings a paste converts to.
@Suite("Text of HTML copies, and text conversions of pastes")
struct TextRenderingTests {
  static func render(_ html: String) -> String { String(decoding: HTMLText.render(Array(html.utf8)), as: UTF8.self) }

  @Test(arguments: [
    // Tags removed, runs of white space one space, no leading or trailing blank lines.
    ("<b>bold</b>   and\n\t<i>italic</i>", "bold and italic"),
    // Paragraphs and headings leave a blank line; list items and divs end a line.
    ("<h1>Title</h1><p>One</p><p>Two</p>", "Title\n\nOne\n\nTwo"),
    ("<ul><li>one</li><li>two</li></ul><div>after</div>", "one\ntwo\nafter"),
    ("line<br>next<br/><br>after a blank", "line\nnext\n\nafter a blank"),
    // References: named, decimal, hexadecimal; unknown names and bare ampersands stay.
    ("Fish &amp; chips &lt;3 &copy; &eacute; &#233; &#x2713; &hellip;", "Fish & chips <3 © é é ✓ …"),
    ("&unknown; & AT&T &", "&unknown; & AT&T &"),
    ("&#0; &#xD800; &#x110000;", "\u{FFFD} \u{FFFD} \u{FFFD}"),
    ("a&nbsp;&nbsp;b", "a\u{A0}\u{A0}b"),
    // What a reader does not see: head, title, script, style, comments, declarations.
    (
      "<!DOCTYPE html><html><head><title>T</title><style>p { x: '<p>' }</style></head><body><!-- note <p> -->"
        + "<script>if (a < b) { x = '</p>' }</script>seen</body></html>",
      "seen"
    ),
    // Preformatted text keeps its white space.
    ("<pre>a  b\n  c</pre>", "a  b\n  c"),
    // Table cells are separated by tabs, rows end lines.
    ("<table><tr><td>a</td><td>b</td></tr><tr><th>c</th><td>d</td></tr></table>", "a\tb\nc\td"),
    // Attributes with '>' in quotes; a '<' that starts no tag is text.
    ("<a href=\"x>y\" title='>'>link</a> 1 < 2", "link 1 < 2"),
    ("a <3 b", "a <3 b"),
  ])
  func htmlRendersAsABrowserShowsIt(_ html: String, _ text: String) {
    #expect(Self.render(html) == text)
  }

  /// Hostile input: unterminated comments, tags and references, and deep nesting end in linear
  /// time with what was there, never a crash.
  @Test func unterminatedMarkupEnds() {
    #expect(Self.render("text<!-- never closed") == "text")
    #expect(Self.render("text<b class=\"never closed>more") == "text")
    #expect(Self.render("<script>never closed") == "")
    #expect(Self.render("&#x") == "&#x")
    let deep = String(repeating: "<div>", count: 100_000) + "x" + String(repeating: "</div>", count: 100_000)
    #expect(Self.render(deep) == "x")
  }

  @Test func utf16ConversionsFollowApplesTypes() throws {
    let text = "Aé✓😀"
    // public.utf16-plain-text: native (little-endian) order with a byte-order mark.
    var native = TextConversion(to: try #require(TextConversion.Encoding(.utf16PlainText)))
    let le = native.convert(Array(text.utf8)) + native.finish()
    #expect(le == [0xFF, 0xFE, 0x41, 0, 0xE9, 0, 0x13, 0x27, 0x3D, 0xD8, 0x00, 0xDE])
    // public.utf16-external-plain-text: big-endian, no byte-order mark.
    var external = TextConversion(to: try #require(TextConversion.Encoding(.utf16ExternalPlainText)))
    let be = external.convert(Array(text.utf8)) + external.finish()
    #expect(be == [0, 0x41, 0, 0xE9, 0x27, 0x13, 0xD8, 0x3D, 0xDE, 0x00])
    #expect(TextConversion.Encoding(.plainText) == nil)
  }

  /// A UTF-8 sequence cut between two chunks is carried over, whatever the cut; one cut at the
  /// end of the text is U+FFFD.
  @Test func sequencesSplitBetweenChunksAreCarriedOver() {
    let utf8 = Array("é✓😀x".utf8)
    for cut in 0...utf8.count {
      var conversion = TextConversion(to: .utf16External)
      let bytes =
        conversion.convert(Array(utf8[..<cut])) + conversion.convert(Array(utf8[cut...])) + conversion.finish()
      #expect(bytes == [0, 0xE9, 0x27, 0x13, 0xD8, 0x3D, 0xDE, 0x00, 0, 0x78], "cut at \(cut)")
    }
    var truncated = TextConversion(to: .utf8)
    let bytes = truncated.convert(Array(utf8.prefix(2))) + truncated.convert([0xF0, 0x9F]) + truncated.finish()
    #expect(String(decoding: bytes, as: UTF8.self) == "é\u{FFFD}")
  }

  /// The owner's text a conversion reads: UTF-8 first, else Latin-1 text; none without text.
  @Test func conversionsNameTheirSource() {
    let latin1Only: [(type: UTType, target: String)] = [(.plainText, "STRING"), (.png, "image/png")]
    #expect(TextConversion.source(among: latin1Only) == "STRING")
    let conversions = SystemPasteboard.conversions(from: latin1Only).map { "\($0.type.identifier) \($0.target)" }
    #expect(
      conversions == [
        "public.utf8-plain-text STRING", "public.utf16-plain-text STRING", "public.utf16-external-plain-text STRING",
      ])
    let utf8: [(type: UTType, target: String)] = [(.plainText, "STRING"), (.utf8PlainText, "UTF8_STRING")]
    #expect(SystemPasteboard.conversions(from: utf8).map(\.target) == ["UTF8_STRING", "UTF8_STRING"])
    #expect(SystemPasteboard.conversions(from: [(.png, "image/png")]).isEmpty)
  }

  /// A sensitive copy offers the password manager hint, last, with `secret`; others do not.
  @Test func sensitiveCopiesCarryThePasswordManagerHint() throws {
    var item = SystemPasteboard.Item()
    item.register(.utf8PlainText) { Array("hunter2".utf8) }
    let offers = SelectionTargets.offers(for: [item], sensitive: true)
    #expect(offers.last?.target == "x-kde-passwordManagerHint")
    let hint = try #require(SelectionTargets.payload(for: offers.last!, items: [item], fileOperation: .copy))
    #expect(try hint.all() == Array("secret".utf8))
    #expect(!SelectionTargets.offers(for: [item]).contains { $0.target == "x-kde-passwordManagerHint" })
  }

  /// An app's own type that no declaration names is offered under its identifier and served
  /// there; a web link is served as a one-line `text/uri-list`, as a file URL is.
  @Test func undeclaredTypesAndLinksAreServed() throws {
    var item = SystemPasteboard.Item()
    item.register(UTType(importedAs: "com.example.private-bookmark")) { Array("private".utf8) }
    item.register(.url) { Array("https://swift.org".utf8) }
    let offers = SelectionTargets.offers(for: [item])
    #expect(offers.map(\.target) == ["com.example.private-bookmark", "text/uri-list"])
    let own = try #require(SelectionTargets.payload(for: offers[0], items: [item], fileOperation: .copy))
    #expect(try own.all() == Array("private".utf8))
    let link = try #require(SelectionTargets.payload(for: offers[1], items: [item], fileOperation: .copy))
    #expect(try link.all() == Array("https://swift.org\r\n".utf8))
  }
}
