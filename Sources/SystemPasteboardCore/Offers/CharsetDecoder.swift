/// Text an owner offers in a charset other than UTF-8, decoded to UTF-8 as it arrives: X11's
/// Latin-1 `STRING`, `TEXT` (whose encoding ICCCM leaves to the owner: UTF-8 where its first
/// non-ASCII bytes are a valid UTF-8 sequence, as ours and GTK's are, else Latin-1), and a MIME
/// type's `charset=` parameter
/// (`text/plain;charset=iso-8859-1`, `text/plain;charset=utf-16`), so that a paste of text
/// gives UTF-8 whatever the owner wrote, as `NSPasteboard` gives an `NSString`.
///
/// Decoding is done a chunk at a time (a UTF-16 code unit or surrogate pair split between
/// chunks is carried over), so memory stays flat. UTF-16 without a byte-order mark is read
/// big-endian, as RFC 2781 says; a mark, where there is one, decides and is dropped. Charsets
/// that are UTF-8 already (`utf-8`, `us-ascii`) and ones not known here are passed through
/// unchanged: their bytes are what the owner sent.
struct CharsetDecoder {
  enum Charset: Equatable {
    case latin1
    /// UTF-8, passed through (a `TEXT` whose first non-ASCII bytes were UTF-8).
    case utf8
    /// `TEXT` before its first non-ASCII byte: UTF-8 or Latin-1, undecided.
    case utf8OrLatin1
    /// UTF-16; nil: the byte-order mark decides (big-endian without one).
    case utf16(bigEndian: Bool?)
  }

  private(set) var charset: Charset
  /// The odd byte or unpaired high surrogate left at a chunk's end.
  private var carry: [UInt8] = []
  /// Whether the text's first bytes (where a byte-order mark stands) were seen.
  private var started = false

  /// The decoder for `target`'s text; nil when its bytes are UTF-8 already, or not text of a
  /// charset known here.
  /// - Parameter target: An owner's target: an X11 target name or a MIME type.
  package init?(target: String) {
    guard let charset = Self.charset(of: target) else { return nil }
    self.charset = charset
  }

  /// The charset `target` names, if it is one that needs decoding.
  static func charset(of target: String) -> Charset? {
    if target == "STRING" { return .latin1 }
    if target == "TEXT" { return .utf8OrLatin1 }
    let lowercased = target.lowercased()
    guard lowercased.hasPrefix("text/") else { return nil }
    let parameters = lowercased.split(separator: ";").dropFirst().map { $0.filter { $0 != " " && $0 != "\"" } }
    guard let value = parameters.first(where: { $0.hasPrefix("charset=") })?.dropFirst("charset=".count) else {
      return nil
    }
    switch value {
    case "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "l1", "cp819", "ibm819": return .latin1
    case "utf-16": return .utf16(bigEndian: nil)
    case "utf-16be": return .utf16(bigEndian: true)
    case "utf-16le": return .utf16(bigEndian: false)
    default: return nil
    }
  }

  /// The UTF-8 of `chunk`, the next bytes of the owner's text.
  /// - Parameter chunk: The bytes as they came.
  /// - Returns: The text they complete, as UTF-8.
  package mutating func decode(_ chunk: [UInt8]) -> [UInt8] {
    switch charset {
    case .latin1: return Self.latin1(chunk)
    case .utf8: return chunk
    case .utf8OrLatin1: return decide(carry + chunk)
    case .utf16(let bigEndian):
      var bytes = carry + chunk
      carry = []
      if !started && bytes.count >= 2 {
        started = true
        let mark: Bool? =
          bytes[0] == 0xFE && bytes[1] == 0xFF ? true : bytes[0] == 0xFF && bytes[1] == 0xFE ? false : nil
        if mark != nil { bytes.removeFirst(2) }
        if bigEndian == nil { charset = .utf16(bigEndian: mark ?? true) }
      }
      guard started, case .utf16(let order?) = charset else {
        carry = bytes  // fewer than two bytes so far
        return []
      }
      var units: [UInt16] = []
      units.reserveCapacity(bytes.count / 2)
      var index = 0
      while index + 1 < bytes.count {
        let (a, b) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
        units.append(order ? a << 8 | b : b << 8 | a)
        index += 2
      }
      if let last = units.last, UTF16.isLeadSurrogate(last) {
        units.removeLast()
        index -= 2
      }
      carry = Array(bytes[index...])
      return Array(String(decoding: units, as: UTF16.self).utf8)
    }
  }

  /// What the carried bytes decode to at the end of the text (U+FFFD for a lone half; Latin-1
  /// for a `TEXT` that ended inside its first non-ASCII sequence).
  /// - Returns: The last of the text, as UTF-8; empty when nothing was carried.
  package mutating func finish() -> [UInt8] {
    guard !carry.isEmpty else { return [] }
    defer { carry = [] }
    return charset == .utf8OrLatin1 ? Self.latin1(carry) : Array("\u{FFFD}".utf8)
  }

  /// `bytes` (ISO 8859-1) as UTF-8.
  static func latin1(_ bytes: [UInt8]) -> [UInt8] {
    var text = String.UnicodeScalarView()
    for byte in bytes { text.append(Unicode.Scalar(byte)) }
    return Array(String(text).utf8)
  }

  /// Decodes undecided `TEXT`: ASCII passes; the first non-ASCII byte decides, UTF-8 when it
  /// starts a valid sequence (carried over when the chunk cuts it), else Latin-1.
  private mutating func decide(_ bytes: [UInt8]) -> [UInt8] {
    carry = []
    guard let index = bytes.firstIndex(where: { $0 >= 0x80 }) else { return bytes }
    let lead = bytes[index]
    let length =
      lead >= 0xF0 && lead <= 0xF4 ? 4 : lead >= 0xE0 && lead < 0xF0 ? 3 : lead >= 0xC2 && lead < 0xE0 ? 2 : 0
    let available = bytes.count - index
    if length > 0 && available < length && bytes[(index + 1)...].allSatisfy({ $0 & 0xC0 == 0x80 }) {
      carry = Array(bytes[index...])
      return Array(bytes[..<index])
    }
    let sequence = Array(bytes[index..<min(index + length, bytes.count)])
    let valid = length > 0 && sequence.count == length && String(validating: sequence, as: UTF8.self) != nil
    charset = valid ? .utf8 : .latin1
    return valid ? bytes : Array(bytes[..<index]) + Self.latin1(Array(bytes[index...]))
  }
}
