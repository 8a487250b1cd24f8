/// Text an owner offers in a charset other than UTF-8, decoded to UTF-8 as it arrives: X11's
/// Latin-1 `STRING` and `TEXT` (ICCCM), and a MIME type's `charset=` parameter
/// (`text/plain;charset=iso-8859-1`, `text/plain;charset=utf-16`), so that a paste of text
/// gives UTF-8 whatever the owner wrote, as `NSPasteboard` gives an `NSString`.
///
/// Decoding is done a chunk at a time (a UTF-16 code unit or surrogate pair split between
/// chunks is carried over), so memory stays flat. UTF-16 without a byte-order mark is read
/// big-endian, as RFC 2781 says; a mark, where there is one, decides and is dropped. Charsets
/// that are UTF-8 already (`utf-8`, `us-ascii`) and ones not known here are passed through
/// unchanged: their bytes are what the owner sent.
package struct CharsetDecoder {
  enum Charset: Equatable {
    case latin1
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
    if target == "STRING" || target == "TEXT" { return .latin1 }
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
    case .latin1:
      var text = String.UnicodeScalarView()
      for byte in chunk { text.append(Unicode.Scalar(byte)) }
      return Array(String(text).utf8)
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

  /// What the carried bytes decode to at the end of the text (U+FFFD for a lone half).
  /// - Returns: The last of the text, as UTF-8; empty when nothing was carried.
  package mutating func finish() -> [UInt8] {
    guard !carry.isEmpty else { return [] }
    carry = []
    return Array("\u{FFFD}".utf8)
  }
}
