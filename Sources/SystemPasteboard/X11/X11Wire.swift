/// Little-endian encoding of X11 requests, and reading of replies.
struct X11Wire {
  package var data: [UInt8] = []

  package mutating func u8(_ value: UInt8) { data.append(value) }
  package mutating func u16(_ value: Int) {
    data.append(UInt8(truncatingIfNeeded: value))
    data.append(UInt8(truncatingIfNeeded: value >> 8))
  }
  package mutating func u32(_ value: UInt32) {
    for shift in stride(from: 0, to: 32, by: 8) { data.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
  }
  package mutating func bytes(_ values: [UInt8]) { data += values }
  package mutating func pad() { data += [UInt8](repeating: 0, count: X11Wire.padded(data.count) - data.count) }
  /// `count` zero bytes (a layout's padding); none for zero or less.
  package mutating func zeros(_ count: Int) { if count > 0 { data += [UInt8](repeating: 0, count: count) } }

  package static func padded(_ count: Int) -> Int { (count + 3) & ~3 }

  /// A 32-bit property item, little-endian (the byte order we announce at setup).
  package static func le32(_ value: UInt32) -> [UInt8] {
    [
      UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value >> 16),
      UInt8(truncatingIfNeeded: value >> 24),
    ]
  }

  package static func u16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
    UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
  }
  package static func u32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
      | UInt32(bytes[offset + 3]) << 24
  }

  /// Throws when `packet` (a reply) is shorter than `count` bytes, the end of the fields it must
  /// hold.
  /// - Throws: ``SystemPasteboardError`` (`.protocolViolation`), naming the request.
  package static func require(_ packet: [UInt8], _ count: Int, for request: String) throws(SystemPasteboardError) {
    guard packet.count >= count else {
      throw SystemPasteboardError(
        .protocolViolation,
        "the X server's \(request) reply is \(packet.count) bytes long, shorter than the \(count) its fields need")
    }
  }
}
