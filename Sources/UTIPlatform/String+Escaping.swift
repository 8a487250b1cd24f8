extension String {
  /// The string with each character `replacement` names replaced by what it gives (nil keeps
  /// the character): what the writers of XML and desktop entries escape with.
  package func escaping(_ replacement: (Character) -> String?) -> String {
    var escaped = ""
    escaped.reserveCapacity(utf8.count)
    for character in self {
      if let replaced = replacement(character) { escaped += replaced } else { escaped.append(character) }
    }
    return escaped
  }
}

/// Percent-escapes (RFC 3986's `%XX`), as URLs and D-Bus addresses write bytes.
package enum PercentEscapes {
  /// `bytes` with each `%XX` made the byte it names; nil for a `%` not followed by two
  /// hexadecimal digits.
  package static func decode(_ bytes: some Collection<UInt8>) -> [UInt8]? {
    let bytes = Array(bytes)
    var decoded: [UInt8] = []
    decoded.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "%") {
        guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
        else { return nil }
        decoded.append(high << 4 | low)
        index += 3
      } else {
        decoded.append(bytes[index])
        index += 1
      }
    }
    return decoded
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    default: nil
    }
  }
}
