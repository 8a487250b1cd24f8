import Testing

@testable import SystemPasteboard

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
