/// Turns the bytes of a text plist into validated UTF-8 and tells which text format it is.
package enum TextDecoding {
  enum TextFormat { case xml, json, openStep }

  static let utf8BOM: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// The offset where the text starts, after a UTF-8 byte order mark.
  static func bodyStart(_ text: [UInt8]) -> Int { text.starts(with: utf8BOM) ? 3 : 0 }

  /// How a text document's bytes were turned into the UTF-8 the readers see.
  package enum Encoding: Sendable, Hashable {
    case utf8
    /// UTF-16 whose first code unit starts at byte `start` (2 after a byte order mark, else 0).
    case utf16(start: Int)
  }

  /// Validates UTF-8 input, or transcodes UTF-16 input; returns the UTF-8 text and how it was made.
  static func decode(_ bytes: [UInt8]) throws(PropertyList.ParseError) -> ([UInt8], Encoding) {
    let text = try utf8(bytes)
    guard bytes.count >= 2 else { return (text, .utf8) }
    switch (bytes[0], bytes[1]) {
    case (0xFE, 0xFF), (0xFF, 0xFE): return (text, .utf16(start: 2))
    case (0x00, 0x3C), (0x3C, 0x00): return text.count == bytes.count ? (text, .utf8) : (text, .utf16(start: 0))
    default: return (text, .utf8)
    }
  }

  /// The offset in the original UTF-16 bytes of an offset in their UTF-8 transcoding.
  /// - Complexity: O(*n*) in the offset; used only to report locations.
  static func originalOffset(_ offset: Int, in text: [UInt8], encoding: Encoding) -> Int {
    guard case .utf16(let start) = encoding else { return offset }
    var units = 0
    var i = 0
    let end = min(max(offset, 0), text.count)
    while i < end {
      let b = text[i]
      let length = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
      units += length == 4 ? 2 : 1
      i += length
    }
    return start + 2 * units
  }

  /// Validates UTF-8 input, or transcodes UTF-16 input (with a byte order mark, or XML's
  /// `<?` in UTF-16) to UTF-8.
  static func utf8(_ bytes: [UInt8]) throws(PropertyList.ParseError) -> [UInt8] {
    if bytes.count >= 2 {
      switch (bytes[0], bytes[1]) {
      case (0xFE, 0xFF): return try transcodeUTF16(bytes, from: 2, bigEndian: true)
      case (0xFF, 0xFE): return try transcodeUTF16(bytes, from: 2, bigEndian: false)
      case (0x00, 0x3C) where bytes.count >= 4 && bytes[2] == 0 && bytes[3] == 0x3F:
        return try transcodeUTF16(bytes, from: 0, bigEndian: true)
      case (0x3C, 0x00) where bytes.count >= 4 && bytes[2] == 0x3F && bytes[3] == 0:
        return try transcodeUTF16(bytes, from: 0, bigEndian: false)
      default: break
      }
    }
    if let bad = firstInvalidUTF8(bytes) {
      throw PropertyList.ParseError(
        .encoding, "invalid UTF-8: byte 0x\(hex(bytes[bad])) cannot appear here; save the file as UTF-8",
        at: PropertyList.SourceLocation(offset: bad, in: bytes))
    }
    return bytes
  }

  /// The offset of the first byte that breaks UTF-8 (overlong forms, surrogates and values
  /// beyond U+10FFFF included), or nil.
  package static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
    bytes.withUnsafeBufferPointer { p -> Int? in
      let n = p.count
      var i = 0
      while i < n {
        // Skip ASCII eight bytes at a time.
        while i + 8 <= n {
          let word = UnsafeRawPointer(p.baseAddress! + i).loadUnaligned(as: UInt64.self)
          if word & 0x8080_8080_8080_8080 != 0 { break }
          i += 8
        }
        if i >= n { return nil }
        let b0 = p[i]
        if b0 < 0x80 {
          i += 1
          continue
        }
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch b0 {
        case 0xC2...0xDF: length = 2
        case 0xE0:
          length = 3
          low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
          length = 3
          high = 0x9F
        case 0xF0:
          length = 4
          low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
          length = 4
          high = 0x8F
        default: return i
        }
        if i + 1 >= n || p[i + 1] < low || p[i + 1] > high { return i }
        for k in 2..<length where i + k >= n || p[i + k] & 0xC0 != 0x80 { return i }
        i += length
      }
      return nil
    }
  }

  static func transcodeUTF16(_ bytes: [UInt8], from start: Int, bigEndian: Bool) throws(PropertyList.ParseError)
    -> [UInt8]
  {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count / 2)
    var i = start
    func unit(_ at: Int) -> UInt32 {
      bigEndian ? UInt32(bytes[at]) << 8 | UInt32(bytes[at + 1]) : UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at])
    }
    func failure(_ message: String, _ at: Int) -> PropertyList.ParseError {
      var location = PropertyList.SourceLocation(offset: out.count, in: out)
      location.offset = at
      return PropertyList.ParseError(.encoding, message, at: location)
    }
    while i < bytes.count {
      guard i + 1 < bytes.count else { throw failure("invalid UTF-16: odd number of bytes", i) }
      var scalar = unit(i)
      var width = 2
      if scalar >= 0xD800 && scalar <= 0xDBFF {
        guard i + 3 < bytes.count, case let low = unit(i + 2), low >= 0xDC00 && low <= 0xDFFF else {
          throw failure("invalid UTF-16: high surrogate U+\(hex(scalar)) is not followed by a low surrogate", i)
        }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        width = 4
      } else if scalar >= 0xDC00 && scalar <= 0xDFFF {
        throw failure("invalid UTF-16: lone low surrogate U+\(hex(scalar))", i)
      }
      appendUTF8(Unicode.Scalar(scalar)!, to: &out)
      i += width
    }
    return out
  }

  static func appendUTF8(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
    let v = scalar.value
    switch v {
    case 0..<0x80: out.append(UInt8(v))
    case 0x80..<0x800:
      out.append(UInt8(0xC0 | v >> 6))
      out.append(UInt8(0x80 | v & 0x3F))
    case 0x800..<0x10000:
      out.append(UInt8(0xE0 | v >> 12))
      out.append(UInt8(0x80 | v >> 6 & 0x3F))
      out.append(UInt8(0x80 | v & 0x3F))
    default:
      out.append(UInt8(0xF0 | v >> 18))
      out.append(UInt8(0x80 | v >> 12 & 0x3F))
      out.append(UInt8(0x80 | v >> 6 & 0x3F))
      out.append(UInt8(0x80 | v & 0x3F))
    }
  }

  /// Decides the text format from the first significant bytes.
  static func sniff(_ text: [UInt8]) -> TextFormat {
    var i = bodyStart(text)
    func skipSpace() { while i < text.count, isSpace(text[i]) { i += 1 } }
    skipSpace()
    guard i < text.count else { return .xml }
    switch text[i] {
    case UInt8(ascii: "<"): return .xml
    case UInt8(ascii: "["), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .json
    case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
      for word in ["true", "false", "null"] where text[i...].starts(with: word.utf8) { return .json }
      return .openStep
    case UInt8(ascii: "{"):
      i += 1
      skipSpace()
      guard i < text.count else { return .openStep }
      if text[i] == UInt8(ascii: "}") { return .json }
      guard text[i] == UInt8(ascii: "\"") else { return .openStep }
      i += 1
      while i < text.count, text[i] != UInt8(ascii: "\"") { i += text[i] == UInt8(ascii: "\\") ? 2 : 1 }
      i += 1
      skipSpace()
      return i < text.count && text[i] == UInt8(ascii: ":") ? .json : .openStep
    default: return .openStep
    }
  }

  @inline(__always) static func isSpace(_ b: UInt8) -> Bool {
    b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D
  }

  static func hex<T: BinaryInteger>(_ value: T, width: Int = 2) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }

  /// A printable rendering of a byte for messages: `'x'`, or `byte 0x00`.
  static func describe(byte: UInt8) -> String {
    byte >= 0x21 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(hex(byte))"
  }
}
