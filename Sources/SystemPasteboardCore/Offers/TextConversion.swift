import TypeRegistry

/// Text in an encoding the owner does not offer, made from the text it does: a paste of
/// `public.utf16-plain-text` from an owner of `UTF8_STRING`, or of `public.utf8-plain-text`
/// from one that offers only Latin-1 `STRING`. The text is converted a chunk at a time as it
/// arrives (a UTF-8 sequence split between chunks is carried over), so memory stays flat.
///
/// The encodings, as Apple's types define them: `public.utf8-plain-text` is UTF-8;
/// `public.utf16-plain-text` is UTF-16 in native byte order (little-endian on every platform
/// this package runs on), written with a byte-order mark as `NSString`'s UTF-16 encoding
/// writes one; `public.utf16-external-plain-text` is UTF-16 without a byte-order mark, in the
/// external byte order (big-endian). Bytes that are not UTF-8 become U+FFFD.
struct TextConversion {
  package enum Encoding: CaseIterable {
    case utf8, utf16, utf16External

    /// The encoding `type` names, or nil for a type that names none.
    package init?(_ type: UTType) {
      switch type.identifier {
      case UTType.utf8PlainText.identifier: self = .utf8
      case UTType.utf16PlainText.identifier: self = .utf16
      case UTType.utf16ExternalPlainText.identifier: self = .utf16External
      default: return nil
      }
    }

    /// The type that names it.
    package var type: UTType {
      switch self {
      case .utf8: .utf8PlainText
      case .utf16: .utf16PlainText
      case .utf16External: .utf16ExternalPlainText
      }
    }
  }

  package let encoding: Encoding
  /// The end of the last chunk, where it stops inside a UTF-8 sequence.
  private var carry: [UInt8] = []
  private var started = false

  package init(to encoding: Encoding) { self.encoding = encoding }

  /// The owner's target a conversion reads: its first UTF-8 text target, else its first text
  /// target of any kind (Latin-1 `STRING`, which a read turns into UTF-8).
  package static func source(among targets: [(type: UTType, target: String)]) -> String? {
    targets.first { $0.type.conforms(to: .utf8PlainText) }?.target
      ?? targets.first { $0.type.conforms(to: .plainText) && TextConversion.Encoding($0.type) == nil }?.target
  }

  /// `utf8` (the next chunk of UTF-8 text) in the target encoding.
  package mutating func convert(_ utf8: [UInt8]) -> [UInt8] {
    var bytes = carry + utf8
    carry = []
    // A sequence the chunk cut: its lead byte within the last three bytes, and fewer bytes than it needs.
    var index = bytes.count - 1
    while index >= 0 && index >= bytes.count - 3 && bytes[index] & 0xC0 == 0x80 { index -= 1 }
    if index >= 0 {
      let lead = bytes[index]
      let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
      if bytes.count - index < length {
        carry = Array(bytes[index...])
        bytes.removeSubrange(index...)
      }
    }
    return encode(bytes)
  }

  /// What remains at the end of the text (a cut sequence becomes U+FFFD).
  package mutating func finish() -> [UInt8] {
    defer { carry = [] }
    return carry.isEmpty && started ? [] : encode(carry)
  }

  private mutating func encode(_ utf8: [UInt8]) -> [UInt8] {
    let firstChunk = !started
    started = true
    switch encoding {
    case .utf8:
      return Array(String(decoding: utf8, as: UTF8.self).utf8)
    case .utf16, .utf16External:
      let bigEndian = encoding == .utf16External
      var out: [UInt8] = []
      out.reserveCapacity(utf8.count * 2 + 2)
      func append(_ unit: UInt16) {
        if bigEndian {
          out.append(UInt8(unit >> 8))
          out.append(UInt8(unit & 0xFF))
        } else {
          out.append(UInt8(unit & 0xFF))
          out.append(UInt8(unit >> 8))
        }
      }
      if firstChunk && encoding == .utf16 { append(0xFEFF) }
      for unit in String(decoding: utf8, as: UTF8.self).utf16 { append(unit) }
      return out
    }
  }
}
