extension ContentDetector {
  /// The message type of the first object in an iWork document's `Index/Document.iwa`, whose
  /// local ZIP header is at `localHeader`: the archive is a sequence of chunks (a zero byte and a
  /// 24-bit length), each Snappy-compressed; the first object's `ArchiveInfo` (a varint length,
  /// then a protobuf message: field 1 the identifier, field 2 a `MessageInfo` whose field 1 is the
  /// type) lies in the first Snappy element, a literal. Reads at most the entry's first 16 KB.
  static func iworkRootType(_ content: inout ContentBytes, localHeader: Int) -> UInt64? {
    guard let header = Self.localHeader(&content, at: localHeader), header.size > 8,
      let data = readEntry(&content, at: header.dataStart, size: header.size, method: header.method)
    else { return nil }
    return data.withUnsafeBytes { bytes -> UInt64? in
      var reader = ProtobufReader(bytes: bytes, at: 4)
      guard bytes.count > 4, bytes[0] == 0, reader.varint() != nil, let tag = reader.byte(), tag & 3 == 0 else {
        return nil
      }
      // A literal's length: in the tag for up to 60 bytes, else in the 1 to 4 bytes after it.
      var length = Int(tag >> 2) + 1
      if length > 60 {
        let count = length - 60
        length = 1
        for shift in 0..<count { length += Int(reader.byte() ?? 0) << (8 * shift) }
      }
      var literal = ProtobufReader(bytes: bytes, at: reader.offset, end: min(reader.offset + length, bytes.count))
      guard literal.varint() != nil else { return nil }  // the ArchiveInfo's length
      return literal.firstMessageType()
    }
  }

  /// A bounded reader of protobuf's wire format.
  struct ProtobufReader {
    let bytes: UnsafeRawBufferPointer
    var offset: Int
    var end: Int

    init(bytes: UnsafeRawBufferPointer, at offset: Int, end: Int? = nil) {
      self.bytes = bytes
      self.offset = offset
      self.end = min(end ?? bytes.count, bytes.count)
    }

    mutating func byte() -> UInt8? {
      guard offset < end else { return nil }
      defer { offset += 1 }
      return bytes[offset]
    }

    /// A base-128 varint of at most 10 bytes.
    mutating func varint() -> UInt64? {
      var value: UInt64 = 0
      for shift in stride(from: 0, to: 70, by: 7) {
        guard let byte = byte() else { return nil }
        value |= UInt64(byte & 0x7F) << UInt64(shift)
        if byte & 0x80 == 0 { return value }
      }
      return nil
    }

    /// ArchiveInfo's first `MessageInfo.type`: field 2 (length-delimited), then its field 1.
    mutating func firstMessageType() -> UInt64? {
      for _ in 0..<8 {
        guard let key = varint() else { return nil }
        switch (key >> 3, key & 7) {
        case (2, 2):
          guard varint() != nil, varint() == 0x08 else { return nil }
          return varint()
        case (_, 0): guard varint() != nil else { return nil }
        case (_, 2):
          guard let length = varint(), length < UInt64(end - offset + 1) else { return nil }
          offset += Int(length)
        default: return nil
        }
      }
      return nil
    }
  }
}
