// The mime-package fuzz target compiles this file into one module with UTIPlatform's.
#if canImport(UTIPlatform)
  import UTIPlatform
#endif

/// XML character data: entity decoding for the freedesktop XML files, and escaping for those we write.
package enum XMLText {
  /// `text` with XML's five special characters escaped, for text and attribute values.
  package static func escape(_ text: String) -> String {
    text.escaping { character in
      switch character {
      case "&": "&amp;"
      case "<": "&lt;"
      case ">": "&gt;"
      case "\"": "&quot;"
      case "'": "&apos;"
      default: nil
      }
    }
  }

  /// `bytes` with `&lt;` `&gt;` `&amp;` `&quot;` `&apos;` and `&#N;` / `&#xN;` decoded; an
  /// entity that is none of these is kept as written.
  static func decode(_ bytes: ArraySlice<UInt8>) -> String {
    guard bytes.contains(UInt8(ascii: "&")) else { return String(decoding: bytes, as: UTF8.self) }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "&"), let semicolon = bytes[index...].prefix(12).firstIndex(of: UInt8(ascii: ";"))
      else {
        out.append(byte)
        index += 1
        continue
      }
      let name = String(decoding: bytes[(index + 1)..<semicolon], as: UTF8.self)
      if let decoded = entity(name) {
        out += Array(decoded.utf8)
        index = semicolon + 1
      } else {
        out.append(byte)
        index += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  static func entity(_ name: String) -> String? {
    switch name {
    case "lt": return "<"
    case "gt": return ">"
    case "amp": return "&"
    case "quot": return "\""
    case "apos": return "'"
    default:
      guard name.hasPrefix("#") else { return nil }
      let digits = name.dropFirst()
      let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
      return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
    }
  }
}
