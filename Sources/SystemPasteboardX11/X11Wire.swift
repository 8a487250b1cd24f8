import SystemPasteboardCore

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

/// Reads a structure whose lists and lengths vary (the connection's set-up: screens, their
/// depths, their visuals) field by field, in order: each read is checked against the end, so a
/// short or lying packet is a located error, never a read past it.
struct X11Reader {
  let bytes: [UInt8]
  /// Where the next field starts.
  private(set) var offset = 0
  /// What is read, for errors (`the X server's set-up`).
  let what: String

  init(_ bytes: [UInt8], what: String) {
    self.bytes = bytes
    self.what = what
  }

  mutating func u8() throws(SystemPasteboardError) -> UInt8 {
    try need(1)
    defer { offset += 1 }
    return bytes[offset]
  }

  mutating func u16() throws(SystemPasteboardError) -> UInt16 {
    try need(2)
    defer { offset += 2 }
    return X11Wire.u16(bytes, offset)
  }

  mutating func u32() throws(SystemPasteboardError) -> UInt32 {
    try need(4)
    defer { offset += 4 }
    return X11Wire.u32(bytes, offset)
  }

  mutating func bytes(_ count: Int) throws(SystemPasteboardError) -> [UInt8] {
    try need(count)
    defer { offset += count }
    return Array(bytes[offset..<(offset + count)])
  }

  mutating func skip(_ count: Int) throws(SystemPasteboardError) {
    try need(count)
    offset += count
  }

  /// Skips to the next multiple of `alignment` from the start.
  mutating func align(_ alignment: Int) throws(SystemPasteboardError) {
    try skip((alignment - offset % alignment) % alignment)
  }

  private func need(_ count: Int) throws(SystemPasteboardError) {
    guard count >= 0, bytes.count - offset >= count else {
      throw SystemPasteboardError(
        .protocolViolation, "\(what) ends at byte \(bytes.count), inside a field that starts at byte \(offset)")
    }
  }
}
