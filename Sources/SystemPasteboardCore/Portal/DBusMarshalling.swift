/// Writes D-Bus values as the specification marshals them, little-endian: each value aligned to
/// its type's boundary (counted from the start of what is written, which starts on an 8-byte
/// boundary of its message), strings counted and ended by a NUL, arrays counted in bytes.
struct DBusWriter {
  private(set) var bytes: [UInt8] = []

  /// Pads with zeros to a multiple of `boundary`.
  mutating func align(_ boundary: Int) {
    while bytes.count % boundary != 0 { bytes.append(0) }
  }

  /// Writes `value`, aligned.
  mutating func write(_ value: DBusValue) {
    switch value {
    case .byte(let byte): bytes.append(byte)
    case .boolean(let flag): integer(UInt32(flag ? 1 : 0), size: 4)
    case .int16(let number): integer(UInt16(bitPattern: number), size: 2)
    case .uint16(let number): integer(number, size: 2)
    case .int32(let number): integer(UInt32(bitPattern: number), size: 4)
    case .uint32(let number), .unixFD(let number): integer(number, size: 4)
    case .int64(let number): integer(UInt64(bitPattern: number), size: 8)
    case .uint64(let number), .double(let number): integer(number, size: 8)
    case .string(let text), .objectPath(let text):
      integer(UInt32(text.utf8.count), size: 4)
      bytes += text.utf8
      bytes.append(0)
    case .signature(let text):
      bytes.append(UInt8(truncatingIfNeeded: text.utf8.count))
      bytes += text.utf8
      bytes.append(0)
    case .array(let element, let values): array(element: element, values)
    case .structure(let fields):
      align(8)
      for field in fields { write(field) }
    case .dictEntry(let key, let entry):
      align(8)
      write(key)
      write(entry)
    case .variant(let inner):
      write(.signature(inner.signature))
      write(inner)
    }
  }

  private mutating func array(element: String, _ values: [DBusValue]) {
    align(4)
    let lengthAt = bytes.count
    bytes += [0, 0, 0, 0]
    align(DBusSignature.alignment(of: element.utf8.first ?? UInt8(ascii: "y")))
    let start = bytes.count
    for value in values { write(value) }
    let length = UInt32(bytes.count - start)
    for index in 0..<4 { bytes[lengthAt + index] = UInt8(truncatingIfNeeded: length >> (8 * index)) }
  }

  private mutating func integer<Number: FixedWidthInteger>(_ number: Number, size: Int) {
    align(size)
    for index in 0..<size { bytes.append(UInt8(truncatingIfNeeded: number >> (8 * index))) }
  }
}

/// Reads D-Bus values from a message in either byte order, as a signature says, bounded: every
/// length is checked against the bytes there are, nesting (arrays, structures and variants
/// together) stops at 64 levels, and an invalid boolean, string or signature is a located
/// error, never a crash.
struct DBusReader {
  /// The most levels of containers (arrays, structures, dictionary entries, variants) nested.
  static let maximumDepth = 64

  let bytes: [UInt8]
  let bigEndian: Bool
  /// Where the next value is read; alignment counts from index 0.
  var offset: Int

  init(_ bytes: [UInt8], bigEndian: Bool, offset: Int = 0) {
    self.bytes = bytes
    self.bigEndian = bigEndian
    self.offset = offset
  }

  /// Reads one value of each complete type in `signature`, until `end` at most.
  /// - Throws: ``SystemPasteboardError`` (`.protocolViolation`) naming the problem and its offset.
  mutating func read(signature: String, end: Int) throws(SystemPasteboardError) -> [DBusValue] {
    var values: [DBusValue] = []
    for type in try DBusSignature.completeTypes(signature) {
      values.append(try read(type: Array(type.utf8)[...], end: end, depth: 0))
    }
    return values
  }

  private mutating func read(type: ArraySlice<UInt8>, end: Int, depth: Int) throws(SystemPasteboardError) -> DBusValue {
    guard depth < Self.maximumDepth else { throw problem("nests containers more than 64 deep") }
    guard let code = type.first else { throw problem("has an empty type") }
    switch code {
    case UInt8(ascii: "y"): return .byte(UInt8(try integer(size: 1, end: end)))
    case UInt8(ascii: "b"):
      let flag = try integer(size: 4, end: end)
      guard flag <= 1 else { throw problem("has the boolean \(flag)") }
      return .boolean(flag == 1)
    case UInt8(ascii: "n"): return .int16(Int16(truncatingIfNeeded: try integer(size: 2, end: end)))
    case UInt8(ascii: "q"): return .uint16(UInt16(try integer(size: 2, end: end)))
    case UInt8(ascii: "i"): return .int32(Int32(truncatingIfNeeded: try integer(size: 4, end: end)))
    case UInt8(ascii: "u"): return .uint32(UInt32(try integer(size: 4, end: end)))
    case UInt8(ascii: "h"): return .unixFD(UInt32(try integer(size: 4, end: end)))
    case UInt8(ascii: "x"): return .int64(Int64(bitPattern: try integer(size: 8, end: end)))
    case UInt8(ascii: "t"): return .uint64(try integer(size: 8, end: end))
    case UInt8(ascii: "d"): return .double(try integer(size: 8, end: end))
    case UInt8(ascii: "s"): return .string(try string(end: end))
    case UInt8(ascii: "o"): return .objectPath(try string(end: end))
    case UInt8(ascii: "g"): return .signature(try signature(end: end))
    case UInt8(ascii: "v"): return try variant(end: end, depth: depth)
    case UInt8(ascii: "a"): return try array(element: type.dropFirst(), end: end, depth: depth)
    case UInt8(ascii: "("), UInt8(ascii: "{"): return try container(type, end: end, depth: depth)
    default: throw problem("has the type code \(code)")
    }
  }

  private mutating func variant(end: Int, depth: Int) throws(SystemPasteboardError) -> DBusValue {
    let inner = try signature(end: end)
    let types = try DBusSignature.completeTypes(inner)
    guard types.count == 1 else { throw problem("has a variant of \(types.count) types") }
    return .variant(try read(type: Array(inner.utf8)[...], end: end, depth: depth + 1))
  }

  private mutating func array(element: ArraySlice<UInt8>, end: Int, depth: Int) throws(SystemPasteboardError)
    -> DBusValue
  {
    let length = Int(try integer(size: 4, end: end))
    try align(DBusSignature.alignment(of: element.first ?? 0), end: end)
    guard length <= end - offset else { throw problem("has an array of \(length) bytes past the message's end") }
    let arrayEnd = offset + length
    // The element's own type: the array's signature is the element's followed by nothing else.
    let elementType = String(decoding: element, as: UTF8.self)
    var values: [DBusValue] = []
    while offset < arrayEnd {
      values.append(try read(type: element, end: arrayEnd, depth: depth + 1))
    }
    guard offset == arrayEnd else { throw problem("has an array whose elements overrun its length") }
    return .array(element: elementType, values)
  }

  private mutating func container(_ type: ArraySlice<UInt8>, end: Int, depth: Int) throws(SystemPasteboardError)
    -> DBusValue
  {
    try align(8, end: end)
    let inside = String(decoding: type.dropFirst().dropLast(), as: UTF8.self)
    var fields: [DBusValue] = []
    for field in try DBusSignature.completeTypes(inside) {
      fields.append(try read(type: Array(field.utf8)[...], end: end, depth: depth + 1))
    }
    if type.first == UInt8(ascii: "{") {
      guard fields.count == 2 else { throw problem("has a dictionary entry of \(fields.count) values") }
      return .dictEntry(fields[0], fields[1])
    }
    return .structure(fields)
  }

  private mutating func align(_ boundary: Int, end: Int) throws(SystemPasteboardError) {
    let padded = (offset + boundary - 1) / boundary * boundary
    guard padded <= end else { throw problem("ends inside padding") }
    guard bytes[offset..<padded].allSatisfy({ $0 == 0 }) else { throw problem("has padding that is not zero") }
    offset = padded
  }

  private mutating func integer(size: Int, end: Int) throws(SystemPasteboardError) -> UInt64 {
    try align(size, end: end)
    guard size <= end - offset else { throw problem("ends inside a number") }
    var number: UInt64 = 0
    for index in 0..<size {
      let byte = UInt64(bytes[offset + (bigEndian ? index : size - 1 - index)])
      number = number << 8 | byte
    }
    offset += size
    return number
  }

  private mutating func string(end: Int) throws(SystemPasteboardError) -> String {
    let length = Int(try integer(size: 4, end: end))
    return try text(length: length, end: end)
  }

  private mutating func signature(end: Int) throws(SystemPasteboardError) -> String {
    let length = Int(try integer(size: 1, end: end))
    let text = try text(length: length, end: end)
    _ = try DBusSignature.completeTypes(text)
    return text
  }

  /// `length` bytes of UTF-8 and their NUL.
  private mutating func text(length: Int, end: Int) throws(SystemPasteboardError) -> String {
    guard length < end - offset else { throw problem("has a string of \(length) bytes past the message's end") }
    let range = offset..<(offset + length)
    guard bytes[offset + length] == 0, !bytes[range].contains(0) else { throw problem("has a string not ended by NUL") }
    guard let text = String(validating: bytes[range], as: UTF8.self) else {
      throw problem("has a string that is not UTF-8")
    }
    offset += length + 1
    return text
  }

  private func problem(_ what: String) -> SystemPasteboardError {
    SystemPasteboardError(.protocolViolation, "a D-Bus message \(what) (at byte \(offset))")
  }
}
