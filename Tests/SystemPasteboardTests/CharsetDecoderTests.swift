import Testing
import TypeRegistry

@testable import SystemPasteboard
@testable import SystemPasteboardCore

/// Text an owner offers in another charset reaches a paste as UTF-8: Latin-1 `STRING`, and a
/// MIME type's `charset=` (ISO 8859-1, UTF-16 with or without a byte-order mark), decoded a
/// chunk at a time whatever the chunks' boundaries.
@Suite("Text in other charsets decoded to UTF-8")
struct CharsetDecoderTests {
  /// `bytes` decoded for `target`, cut into chunks of `size`.
  static func decoded(_ bytes: [UInt8], target: String, chunks size: Int) -> String? {
    guard var decoder = CharsetDecoder(target: target) else { return nil }
    var utf8: [UInt8] = []
    var start = 0
    while start < bytes.count {
      utf8 += decoder.decode(Array(bytes[start..<min(bytes.count, start + size)]))
      start += size
    }
    return String(decoding: utf8 + decoder.finish(), as: UTF8.self)
  }

  static let text = "héllo wörld 𝄞 ✓"
  static let utf16BE: [UInt8] = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
  static let utf16LE: [UInt8] = text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }

  @Test(arguments: [
    ("text/plain;charset=utf-16", [0xFE, 0xFF] + utf16BE),
    ("text/plain;charset=utf-16", [0xFF, 0xFE] + utf16LE),
    ("text/plain;charset=utf-16", utf16BE),  // no mark: big-endian, as RFC 2781 says
    ("text/plain; charset=\"UTF-16LE\"", utf16LE),
    ("text/plain;charset=utf-16be", utf16BE),
  ])
  func utf16IsDecodedWhateverTheChunks(_ target: String, _ bytes: [UInt8]) {
    // Every chunk size from one byte up: odd bytes and the surrogate pair of 𝄞 split anywhere.
    for size in 1...bytes.count {
      #expect(Self.decoded(bytes, target: target, chunks: size) == Self.text, "chunks of \(size)")
    }
  }

  @Test(arguments: ["STRING", "TEXT", "text/plain;charset=ISO-8859-1", "text/html; charset=latin1"])
  func latin1IsDecoded(_ target: String) {
    let bytes: [UInt8] = [0x63, 0x61, 0x66, 0xE9, 0x20, 0xA9]
    for size in 1...bytes.count { #expect(Self.decoded(bytes, target: target, chunks: size) == "café ©") }
  }

  /// `TEXT`'s encoding is the owner's choice (ICCCM): UTF-8 from ours, GTK's and mutter's, Latin-1
  /// from older owners. Its first non-ASCII bytes decide, whatever chunk cuts them.
  @Test func textIsUTF8WhereItsFirstNonASCIIBytesAreElseLatin1() {
    let utf8 = Array("héllo wörld 日本語 🙂".utf8)
    for size in 1...utf8.count {
      #expect(Self.decoded(utf8, target: "TEXT", chunks: size) == "héllo wörld 日本語 🙂", "chunks of \(size)")
    }
    // Latin-1 "naïve Ã©": 0xEF 0x76 is no UTF-8 sequence, so the rest is Latin-1 too.
    let latin1: [UInt8] = [0x6E, 0x61, 0xEF, 0x76, 0x65, 0x20, 0xC3, 0xA9]
    for size in 1...latin1.count { #expect(Self.decoded(latin1, target: "TEXT", chunks: size) == "naïve Ã©") }
    // A text that ends inside what began as a sequence is Latin-1; STRING is always Latin-1.
    #expect(Self.decoded([0x61, 0xE6, 0x97], target: "TEXT", chunks: 1) == "a\u{E6}\u{97}")
    #expect(Self.decoded(Array("é".utf8), target: "STRING", chunks: 2) == "Ã©")
  }

  @Test(arguments: [
    "UTF8_STRING", "text/plain", "text/plain;charset=utf-8", "text/plain;charset=us-ascii", "image/png",
    "application/x-thing;charset=utf-16", "text/plain;charset=koi8-r",
  ])
  func utf8AndUnknownCharsetsPassThrough(_ target: String) {
    #expect(CharsetDecoder(target: target) == nil, "\(target)'s bytes are passed on as they came")
  }

  @Test func aLoneHalfAtTheEndIsAReplacementCharacter() {
    #expect(Self.decoded([0x00, 0x61, 0x00], target: "text/plain;charset=utf-16be", chunks: 3) == "a\u{FFFD}")
    #expect(Self.decoded([0xD8, 0x34], target: "text/plain;charset=utf-16be", chunks: 1) == "\u{FFFD}")
    #expect(
      String(
        decoding: SelectionTargets.received([0xFF, 0xFE, 0x61, 0x00], target: "text/plain;charset=utf-16"),
        as: UTF8.self)
        == "a", "a whole read")
  }
}

/// Which of an owner's text targets a read takes.
@Suite("Text targets: UTF-8 whatever the owner's order")
struct PreferredTextTargetTests {
  static func preferred(_ targets: [String]) -> String? {
    let registry = UTTypeRegistry.shared.current
    let typed = targets.compactMap { target in
      SelectionTargets.type(ofTarget: target, registry: registry).map { (type: $0, target: target) }
    }
    return SelectionTargets.preferred(typed.filter { $0.type.conforms(to: .plainText) })?.target
  }

  @Test func aUTF8TargetIsReadEvenWhenTheOwnerListsTEXTFirst() {
    // GNOME's mutter lists an application's text targets in reverse.
    #expect(
      Self.preferred(["TEXT", "STRING", "text/plain", "text/plain;charset=\"utf-8\"", "UTF8_STRING"])
        == "text/plain;charset=\"utf-8\"")
    #expect(Self.preferred(["STRING", "UTF8_STRING"]) == "UTF8_STRING")
    #expect(Self.preferred(["UTF8_STRING", "STRING"]) == "UTF8_STRING")
    // Without a UTF-8 target, the owner's first is read (and decoded as its convention says).
    #expect(Self.preferred(["TEXT", "STRING"]) == "TEXT")
    #expect(Self.preferred(["STRING"]) == "STRING")
    // Text in another stated charset keeps its place: it loses nothing once decoded.
    #expect(Self.preferred(["text/plain;charset=utf-16", "UTF8_STRING"]) == "text/plain;charset=utf-16")
  }
}
