#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads the binary format, `bplist00`.
///
/// Nothing in the file is trusted: the trailer's sizes and counts, every offset, every length and
/// every object reference are checked against the file before use. Objects are read once and
/// shared (as the format intends), reference cycles are an error (Apple's reader rejects them),
/// and the number of values the shared objects expand to is bounded, so a small file cannot
/// become an exponentially large tree.
struct BinaryReader {
  typealias Value = PropertyList.Value
  typealias ParseError = PropertyList.ParseError

  static let magicPrefix: [UInt8] = Array("bplist".utf8)
  static let magic: [UInt8] = Array("bplist00".utf8)
  static let trailerSize = 32

  let p: UnsafeBufferPointer<UInt8>
  let offsetSize: Int
  let refSize: Int
  let objectCount: Int
  let topObject: Int
  let offsetTable: Int
  let options: PropertyList.ParseOptions
  let expansionLimit: Int

  var values: [Value?]
  var inProgress: [Bool]
  var sizes: [Int]
  var warnings: [PropertyList.Warning] = []

  static func parse(_ bytes: [UInt8], options: PropertyList.ParseOptions) throws(ParseError)
    -> (Value, [PropertyList.Warning])
  {
    do {
      return try bytes.withUnsafeBufferPointer { p in
        var reader = try BinaryReader(p, options: options)
        let root = try reader.read()
        return (root, reader.warnings)
      }
    } catch let error as ParseError {
      throw error
    } catch {
      fatalError("unreachable: \(error)")
    }
  }

  static func fail(_ code: ParseError.Code, _ message: String, at offset: Int) -> ParseError {
    ParseError(code, message, at: PropertyList.SourceLocation(offset: offset))
  }

  /// The offset of the first byte of 0x80 or above in `p[start..<end]`, eight bytes at a time.
  static func firstNonASCII(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int? {
    var k = start
    while k + 8 <= end {
      if UnsafeRawPointer(p.baseAddress! + k).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { break }
      k += 8
    }
    while k < end {
      if p[k] >= 0x80 { return k }
      k += 1
    }
    return nil
  }

  /// A big-endian unsigned integer of `size` bytes at `offset` (already checked to be in bounds).
  @inline(__always)
  static func readUInt(_ p: UnsafeBufferPointer<UInt8>, at offset: Int, size: Int) -> UInt64 {
    let raw = UnsafeRawPointer(p.baseAddress! + offset)
    switch size {
    case 1: return UInt64(raw.load(as: UInt8.self))
    case 2: return UInt64(UInt16(bigEndian: raw.loadUnaligned(as: UInt16.self)))
    case 4: return UInt64(UInt32(bigEndian: raw.loadUnaligned(as: UInt32.self)))
    case 8: return UInt64(bigEndian: raw.loadUnaligned(as: UInt64.self))
    default:
      var n: UInt64 = 0
      for k in 0..<size { n = n << 8 | UInt64(p[offset + k]) }
      return n
    }
  }

  init(_ p: UnsafeBufferPointer<UInt8>, options: PropertyList.ParseOptions) throws(ParseError) {
    self.p = p
    self.options = options
    let count = p.count
    guard count >= 8 else {
      throw Self.fail(.truncated, "truncated binary plist: \(count) bytes is shorter than the 8-byte header", at: 0)
    }
    guard Array(p[0..<8]) == Self.magic else {
      let version = String(decoding: p[6..<8], as: UTF8.self)
      throw Self.fail(
        .unsupported, "binary plist version '\(version)' is not supported: only 'bplist00' is", at: 6)
    }
    guard count >= 8 + 1 + 1 + Self.trailerSize else {
      throw Self.fail(
        .truncated,
        "truncated binary plist: \(count) bytes cannot hold a header, an object, an offset table and the 32-byte trailer",
        at: count)
    }
    let trailer = count - Self.trailerSize
    offsetSize = Int(p[trailer + 6])
    refSize = Int(p[trailer + 7])
    let objects = Self.readUInt(p, at: trailer + 8, size: 8)
    let top = Self.readUInt(p, at: trailer + 16, size: 8)
    let tableOffset = Self.readUInt(p, at: trailer + 24, size: 8)
    guard (1...8).contains(offsetSize) else {
      throw Self.fail(.corrupt, "corrupt trailer: offset size \(offsetSize) is not between 1 and 8", at: trailer + 6)
    }
    guard (1...8).contains(refSize) else {
      throw Self.fail(
        .corrupt, "corrupt trailer: object reference size \(refSize) is not between 1 and 8", at: trailer + 7)
    }
    guard objects >= 1, objects <= UInt64(count) else {
      throw Self.fail(
        .corrupt, "corrupt trailer: object count \(objects) is impossible in a file of \(count) bytes", at: trailer + 8)
    }
    guard top < objects else {
      throw Self.fail(
        .corrupt, "corrupt trailer: top object \(top) is not below the object count \(objects)", at: trailer + 16)
    }
    guard tableOffset >= 9, tableOffset < UInt64(trailer) else {
      throw Self.fail(
        .corrupt, "corrupt trailer: offset table at \(tableOffset) is outside the file's object area (9..<\(trailer))",
        at: trailer + 24)
    }
    let (tableBytes, overflow) = objects.multipliedReportingOverflow(by: UInt64(offsetSize))
    guard !overflow, tableBytes <= UInt64(trailer) - tableOffset else {
      throw Self.fail(
        .corrupt,
        "corrupt trailer: an offset table of \(objects) entries of \(offsetSize) bytes at \(tableOffset) runs past the trailer",
        at: trailer + 8)
    }
    objectCount = Int(objects)
    topObject = Int(top)
    offsetTable = Int(tableOffset)
    expansionLimit = options.maximumBinaryExpansion ?? max(1_000_000, 8 * count)
    values = Array(repeating: nil, count: objectCount)
    inProgress = Array(repeating: false, count: objectCount)
    sizes = Array(repeating: 0, count: objectCount)
  }

  /// The file offset of object `index`, checked to lie in the object area.
  func offset(of index: Int) throws(ParseError) -> Int {
    let entry = offsetTable + index * offsetSize
    let offset = Self.readUInt(p, at: entry, size: offsetSize)
    guard offset >= 8, offset < UInt64(offsetTable) else {
      throw Self.fail(
        .corrupt, "offset table entry \(index) points to \(offset), outside the object area (8..<\(offsetTable))",
        at: entry)
    }
    return Int(offset)
  }

  /// A collection being read: where its child references are, and how many are resolved.
  struct Frame {
    var index: Int
    var offset: Int
    var isDictionary: Bool
    /// The file offset of the first child reference.
    var refsStart: Int
    /// The number of references: elements, or keys and values.
    var refCount: Int
    var next = 0
  }

  enum Object {
    case value(Value)
    case collection(Frame)
  }

  /// The object index stored in reference slot `k` of `frame`, checked against the object count.
  func reference(_ k: Int, of frame: Frame) throws(ParseError) -> Int {
    let at = frame.refsStart + k * refSize
    let ref = Self.readUInt(p, at: at, size: refSize)
    guard ref < UInt64(objectCount) else {
      throw Self.fail(.corrupt, "object reference \(ref) is out of range: the file has \(objectCount) objects", at: at)
    }
    return Int(ref)
  }

  mutating func read() throws(ParseError) -> Value {
    var stack: [Frame] = []
    switch try object(topObject) {
    case .value(let v): return v
    case .collection(let frame):
      inProgress[topObject] = true
      stack.append(frame)
    }
    while !stack.isEmpty {
      let top = stack.count - 1
      if stack[top].next < stack[top].refCount {
        let child = try reference(stack[top].next, of: stack[top])
        if sizes[child] != 0 {
          stack[top].next += 1
          continue
        }
        if inProgress[child] {
          throw Self.fail(
            .corrupt,
            "reference cycle: object \(child) contains itself (through object \(stack[top].index)); property lists are trees",
            at: stack[top].offset)
        }
        switch try object(child) {
        case .value(let v):
          values[child] = v
          sizes[child] = 1
          stack[top].next += 1
        case .collection(let frame):
          guard stack.count < options.maximumDepth else {
            throw Self.fail(
              .limit, "nesting deeper than \(options.maximumDepth) levels: arrays and dictionaries nest too deeply",
              at: frame.offset)
          }
          inProgress[child] = true
          stack.append(frame)
        }
        continue
      }
      let frame = stack.removeLast()
      let (value, size) = frame.isDictionary ? try dictionary(frame) : try array(frame)
      guard size <= expansionLimit else {
        throw Self.fail(
          .limit,
          "shared objects expand to more than \(expansionLimit) values; the file repeats references to build an oversized tree",
          at: frame.offset)
      }
      values[frame.index] = value
      sizes[frame.index] = size
      inProgress[frame.index] = false
    }
    return values[topObject]!
  }

  /// The finished array and the number of values it expands to. Its references were checked
  /// while it was traversed.
  func array(_ frame: Frame) throws(ParseError) -> (Value, Int) {
    var elements: [Value] = []
    elements.reserveCapacity(frame.refCount)
    var size = 1
    for k in 0..<frame.refCount {
      let ref = Int(Self.readUInt(p, at: frame.refsStart + k * refSize, size: refSize))
      size += sizes[ref]
      elements.append(values[ref].unsafelyUnwrapped)
    }
    return (Value(.array(elements), offset: frame.offset), size)
  }

  mutating func dictionary(_ frame: Frame) throws(ParseError) -> (Value, Int) {
    let half = frame.refCount / 2
    var size = 1
    var entries: [PropertyList.Dictionary.Entry] = []
    entries.reserveCapacity(half)
    var index: [String: Int]? = half > 16 ? [:] : nil
    for k in 0..<half {
      let keyRef = Int(Self.readUInt(p, at: frame.refsStart + k * refSize, size: refSize))
      let valueRef = Int(Self.readUInt(p, at: frame.refsStart + (half + k) * refSize, size: refSize))
      size += sizes[keyRef] + sizes[valueRef]
      let keyOffset = try offset(of: keyRef)
      guard case .string(let key) = values[keyRef]!.storage else {
        throw Self.fail(.structure, "dictionary key is a \(values[keyRef]!.kindName), expected a string", at: keyOffset)
      }
      let entry = PropertyList.Dictionary.Entry(
        key: key, keyOffset: keyOffset, value: values[valueRef].unsafelyUnwrapped)
      let length = key.utf8.count
      let existing =
        index != nil ? index![key] : entries.firstIndex { $0.key.utf8.count == length && $0.key == key }
      if let existing {
        warnings.append(
          PropertyList.Warning(
            code: .duplicateKey,
            message: "duplicate key '\(key)' in dictionary: this later value is used, the earlier one is ignored",
            location: .init(offset: keyOffset), relatedLocation: .init(offset: entries[existing].keyOffset)))
        entries[existing] = entry
      } else {
        index?[key] = entries.count
        entries.append(entry)
      }
    }
    return (Value(.dictionary(PropertyList.Dictionary(uniqueEntries: entries)), offset: frame.offset), size)
  }

  /// The length of an object whose marker's low nibble is `low`: the nibble, or the integer after it.
  func length(low: UInt8, at offset: Int) throws(ParseError) -> (length: Int, start: Int) {
    if low != 0xF { return (Int(low), offset + 1) }
    let at = offset + 1
    guard at < offsetTable else { throw Self.fail(.truncated, "object length runs past the object area", at: at) }
    let marker = p[at]
    guard marker >> 4 == 0x1, marker & 0xF <= 3 else {
      throw Self.fail(
        .corrupt,
        "expected an integer length after marker 0x\(TextDecoding.hex(p[offset])), found marker 0x\(TextDecoding.hex(marker))",
        at: at)
    }
    let size = 1 << Int(marker & 0xF)
    guard at + 1 + size <= offsetTable else {
      throw Self.fail(.truncated, "object length runs past the object area", at: at)
    }
    let n = Self.readUInt(p, at: at + 1, size: size)
    guard n <= UInt64(p.count) else {
      throw Self.fail(.corrupt, "declared length \(n) exceeds the file size \(p.count)", at: at)
    }
    return (Int(n), at + 1 + size)
  }

  /// Checks that `count` items of `width` bytes from `start` lie in the object area.
  func checkExtent(_ start: Int, count: Int, width: Int, what: String, at offset: Int) throws(ParseError) {
    let (bytes, overflow) = count.multipliedReportingOverflow(by: width)
    guard !overflow, start <= offsetTable, bytes <= offsetTable - start else {
      throw Self.fail(
        .corrupt,
        "\(what) of \(count) declared at offset \(offset) extends past the object area (file size \(p.count))",
        at: offset)
    }
  }

  mutating func object(_ index: Int) throws(ParseError) -> Object {
    let offset = try self.offset(of: index)
    let marker = p[offset]
    let low = marker & 0xF
    func need(_ n: Int) throws(ParseError) {
      guard offset + 1 + n <= offsetTable else {
        throw Self.fail(
          .truncated, "object at offset \(offset) (marker 0x\(TextDecoding.hex(marker))) runs past the object area",
          at: offset)
      }
    }
    switch marker >> 4 {
    case 0x0:
      switch marker {
      case 0x08: return .value(Value(.boolean(false), offset: offset))
      case 0x09: return .value(Value(.boolean(true), offset: offset))
      case 0x00: throw Self.fail(.unsupported, "null object (marker 0x00) is not a property list value", at: offset)
      case 0x0F:
        throw Self.fail(.unsupported, "fill byte (marker 0x0F) is not a value; Apple's reader rejects it", at: offset)
      default: throw Self.fail(.corrupt, "unknown object marker 0x\(TextDecoding.hex(marker))", at: offset)
      }
    case 0x1:
      guard low <= 4 else {
        throw Self.fail(
          .corrupt, "integer of 2^\(low) bytes (marker 0x\(TextDecoding.hex(marker))) is not valid", at: offset)
      }
      let size = 1 << Int(low)
      try need(size)
      let integer: PropertyList.Integer
      switch size {
      case 8: integer = .init(Int64(bitPattern: Self.readUInt(p, at: offset + 1, size: 8)))
      case 16:
        let high = Self.readUInt(p, at: offset + 1, size: 8)
        let lowWord = Self.readUInt(p, at: offset + 9, size: 8)
        if high == 0 {
          integer = .init(lowWord)
        } else if high == .max && lowWord >= UInt64(1) << 63 {
          integer = .init(Int64(bitPattern: lowWord))
        } else {
          throw Self.fail(.limit, "128-bit integer does not fit in Int64 or UInt64", at: offset)
        }
      default: integer = .init(Self.readUInt(p, at: offset + 1, size: size))
      }
      return .value(Value(.integer(integer), offset: offset))
    case 0x2:
      switch low {
      case 2:
        try need(4)
        let bits = UInt32(Self.readUInt(p, at: offset + 1, size: 4))
        return .value(Value(.real(Double(Float(bitPattern: bits))), offset: offset))
      case 3:
        try need(8)
        return .value(Value(.real(Double(bitPattern: Self.readUInt(p, at: offset + 1, size: 8))), offset: offset))
      default:
        throw Self.fail(
          .corrupt, "real of 2^\(low) bytes (marker 0x\(TextDecoding.hex(marker))) is not valid", at: offset)
      }
    case 0x3:
      guard marker == 0x33 else {
        throw Self.fail(.corrupt, "unknown object marker 0x\(TextDecoding.hex(marker)); dates are 0x33", at: offset)
      }
      try need(8)
      let seconds = Double(bitPattern: Self.readUInt(p, at: offset + 1, size: 8))
      return .value(Value(.date(Date(timeIntervalSinceReferenceDate: seconds)), offset: offset))
    case 0x4:
      let (count, start) = try length(low: low, at: offset)
      try checkExtent(start, count: count, width: 1, what: "data", at: offset)
      return .value(Value(.data(Data(p[start..<(start + count)])), offset: offset))
    case 0x5:
      let (count, start) = try length(low: low, at: offset)
      try checkExtent(start, count: count, width: 1, what: "ASCII string", at: offset)
      if let bad = Self.firstNonASCII(p, start, start + count) {
        throw Self.fail(.encoding, "byte 0x\(TextDecoding.hex(p[bad])) in an ASCII string (marker 0x5_)", at: bad)
      }
      return .value(
        Value(
          .string(String(decoding: UnsafeBufferPointer(rebasing: p[start..<(start + count)]), as: UTF8.self)),
          offset: offset))
    case 0x6:
      let (count, start) = try length(low: low, at: offset)
      try checkExtent(start, count: count, width: 2, what: "UTF-16 string", at: offset)
      var units = [UInt16]()
      units.reserveCapacity(count)
      for k in 0..<count { units.append(UInt16(p[start + 2 * k]) << 8 | UInt16(p[start + 2 * k + 1])) }
      var k = 0
      while k < count {
        let u = units[k]
        if u >= 0xD800 && u <= 0xDBFF && k + 1 < count && units[k + 1] >= 0xDC00 && units[k + 1] <= 0xDFFF {
          k += 2
        } else if u >= 0xD800 && u <= 0xDFFF {
          throw Self.fail(
            .encoding, "invalid UTF-16 in string: lone surrogate U+\(TextDecoding.hex(u, width: 4))", at: start + 2 * k)
        } else {
          k += 1
        }
      }
      return .value(Value(.string(String(decoding: units, as: UTF16.self)), offset: offset))
    case 0x8:
      let size = Int(low) + 1
      try need(size)
      for k in 0..<max(0, size - 8) where p[offset + 1 + k] != 0 {
        throw Self.fail(.limit, "UID of \(size) bytes does not fit in 64 bits", at: offset)
      }
      let skip = max(0, size - 8)
      return .value(Value(.uid(Self.readUInt(p, at: offset + 1 + skip, size: size - skip)), offset: offset))
    case 0xA, 0xD:
      let isDictionary = marker >> 4 == 0xD
      let (count, start) = try length(low: low, at: offset)
      let refCount = isDictionary ? count * 2 : count
      try checkExtent(start, count: refCount, width: refSize, what: isDictionary ? "dictionary" : "array", at: offset)
      return .collection(
        Frame(index: index, offset: offset, isDictionary: isDictionary, refsStart: start, refCount: refCount))
    case 0xB, 0xC:
      throw Self.fail(
        .unsupported,
        "\(marker >> 4 == 0xB ? "ordered set" : "set") (marker 0x\(TextDecoding.hex(marker))) is not supported: property lists have no set type, and Apple's reader rejects it",
        at: offset)
    default:
      throw Self.fail(.corrupt, "unknown object marker 0x\(TextDecoding.hex(marker))", at: offset)
    }
  }
}
