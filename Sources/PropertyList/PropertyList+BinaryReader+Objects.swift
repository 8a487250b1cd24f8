#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The main pass: objects read depth first without recursion, each built once into its slot.
extension BinaryReader {
  mutating func read() throws(ParseError) -> Value {
    guard var frame = try object(topObject) else { return takeRoot() }
    // The collection being read is `frame`; its ancestors wait on `stack`.
    var stack: [Frame] = []
    objects[topObject].state = .open
    while true {
      if frame.next < frame.refCount {
        let child = try reference(frame.next, of: frame)
        frame.next += 1
        switch objects[child].state {
        case .built, .taken: continue
        case .open:
          throw Self.fail(
            .corrupt,
            "reference cycle: object \(child) contains itself (through object \(frame.index)); property lists are trees",
            at: frame.offset)
        case .unread:
          guard let childFrame = try object(child) else { continue }
          guard stack.count + 1 < options.maximumDepth else {
            throw Self.fail(
              .limit, "nesting deeper than \(options.maximumDepth) levels: arrays and dictionaries nest too deeply",
              at: childFrame.offset)
          }
          objects[child].state = .open
          stack.append(frame)
          frame = childFrame
        }
        continue
      }
      let size = frame.isDictionary ? try dictionary(frame) : array(frame)
      guard size <= expansionLimit else {
        throw Self.fail(
          .limit,
          "shared objects expand to more than \(expansionLimit) values; the file repeats references to build an oversized tree",
          at: frame.offset)
      }
      guard let parent = stack.popLast() else { break }
      frame = parent
    }
    return takeRoot()
  }

  /// Moves the root's value out; it has no referrer unless the file is odd.
  mutating func takeRoot() -> Value {
    objects[topObject].uses = 1
    return take(topObject)
  }

  /// The reference in slot `k` of `frame`, already checked while the frame was traversed.
  @inline(__always)
  func checkedReference(_ k: Int, of frame: Frame) -> Int {
    Int(Self.readUInt(p, at: frame.refsStart + k * refSize, size: refSize))
  }

  /// Adds a child's expansion to its container's, saturating instead of overflowing.
  @inline(__always)
  static func grow(_ size: inout Int, by child: Int) {
    let (sum, overflow) = size.addingReportingOverflow(child)
    size = overflow ? .max : sum
  }

  /// Builds a finished array from its elements' values; returns the number of values it
  /// expands to.
  mutating func array(_ frame: Frame) -> Int {
    var elements: [Value] = []
    elements.reserveCapacity(frame.refCount)
    var size = 1
    for k in 0..<frame.refCount {
      let ref = checkedReference(k, of: frame)
      Self.grow(&size, by: objects[ref].size)
      elements.append(take(ref))
    }
    store(Value(.array(elements), at: frame.offset), at: frame.index, size: size)
    return size
  }

  /// Builds a finished dictionary from its keys' and values' values, reporting repeated keys;
  /// returns the number of values it expands to.
  mutating func dictionary(_ frame: Frame) throws(ParseError) -> Int {
    typealias Entry = PropertyList.Dictionary.Entry
    let half = frame.refCount / 2
    // Keys are checked before any value is moved out of its slot.
    for k in 0..<half {
      let keyRef = checkedReference(k, of: frame)
      let marker = p[offset(ofChecked: keyRef)]
      precondition(objects[keyRef].state == .built, "binary plist object \(keyRef) read after its last reference")
      guard marker >> 4 == 0x5 || marker >> 4 == 0x6 else {
        throw Self.fail(
          .structure, "dictionary key is a \(slots[keyRef].kindName), expected a string", at: offset(ofChecked: keyRef))
      }
    }
    let unique = !hasRepeatedKey(frame)
    var entries: [Entry] = []
    entries.reserveCapacity(half)
    var index: [PropertyList.LiteralKey: Int] = [:]
    var size = 1
    for k in 0..<half {
      let keyRef = checkedReference(k, of: frame)
      let valueRef = checkedReference(half + k, of: frame)
      Self.grow(&size, by: objects[keyRef].size)
      Self.grow(&size, by: objects[valueRef].size)
      precondition(objects[keyRef].state == .built, "binary plist object \(keyRef) read after its last reference")
      guard case .string(let key) = slots[keyRef].storage else { preconditionFailure("key markers were checked") }
      objects[keyRef].uses -= 1
      let entry = Entry(key: key, at: offset(ofChecked: keyRef), value: take(valueRef))
      if unique {
        entries.append(entry)
      } else if let existing = index[.init(key)] {
        warnings.append(
          PropertyList.Warning(
            code: .duplicateKey,
            message: "duplicate key '\(key)' in dictionary: this later value is used, the earlier one is ignored",
            location: .init(offset: entry.rawKeyOffset), relatedLocation: .init(offset: entries[existing].rawKeyOffset))
        )
        entries[existing] = entry
      } else {
        index[.init(key)] = entries.count
        entries.append(entry)
      }
    }
    store(
      Value(.dictionary(PropertyList.Dictionary(uniqueEntries: entries)), at: frame.offset), at: frame.index,
      size: size)
    return size
  }

  /// Whether a finished dictionary repeats a key. Small dictionaries of ASCII keys compare
  /// fingerprints of the keys' bytes in the file, and the bytes themselves only when two
  /// fingerprints are equal, without touching the strings.
  func hasRepeatedKey(_ frame: Frame) -> Bool {
    let half = frame.refCount / 2
    guard half > 1 else { return false }
    guard half <= 16 else {
      var seen = Set<PropertyList.LiteralKey>(minimumCapacity: half)
      for k in 0..<half {
        guard case .string(let key) = slots[checkedReference(k, of: frame)].storage else { continue }
        if !seen.insert(.init(key)).inserted { return true }
      }
      return false
    }
    // An ASCII key can equal a UTF-16 one, whose bytes differ: with any UTF-16 key, every
    // fingerprint is 0 and every pair is compared.
    let allASCII = (0..<half).allSatisfy { p[offset(ofChecked: checkedReference($0, of: frame))] >> 4 == 0x5 }
    return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: half) { prints in
      for k in 0..<half {
        let a = checkedReference(k, of: frame)
        let print = allASCII ? fingerprint(ofASCII: a) : 0
        for j in 0..<k where prints[j] == print && sameKeyObject(a, checkedReference(j, of: frame)) { return true }
        (prints.baseAddress! + k).initialize(to: print)
      }
      return false
    }
  }

  /// A hash of an ASCII string object's length and first and last eight bytes: equal strings
  /// have equal fingerprints.
  @inline(__always)
  func fingerprint(ofASCII index: Int) -> UInt64 {
    let (count, start) = checkedLength(at: offset(ofChecked: index))
    let raw = UnsafeRawPointer(p.baseAddress! + start)
    var print = UInt64(count) &* 0x9E37_79B9_7F4A_7C15
    if count >= 8 {
      print ^= raw.loadUnaligned(as: UInt64.self)
      print ^= raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) &* 0xC2B2_AE3D_27D4_EB4F
    } else {
      for k in 0..<count { print = print &<< 8 ^ UInt64(raw.load(fromByteOffset: k, as: UInt8.self)) }
    }
    return print
  }

  /// Whether the string objects `a` and `b` (both built) are equal keys.
  func sameKeyObject(_ a: Int, _ b: Int) -> Bool {
    if a == b { return true }
    let offsetA = offset(ofChecked: a)
    let offsetB = offset(ofChecked: b)
    let markerA = p[offsetA]
    let markerB = p[offsetB]
    if markerA >> 4 == 0x5 && markerB >> 4 == 0x5 {
      // Short strings carry their length in the marker.
      if markerA != markerB && markerA & 0xF != 0xF && markerB & 0xF != 0xF { return false }
      // ASCII strings are equal exactly when their bytes are.
      let (countA, startA) = checkedLength(at: offsetA)
      let (countB, startB) = checkedLength(at: offsetB)
      return countA == countB && CLibrary.equal(p.baseAddress! + startA, p.baseAddress! + startB, count: countA)
    }
    guard case .string(let keyA) = slots[a].storage, case .string(let keyB) = slots[b].storage else { return false }
    return PropertyList.sameKey(keyA, keyB)
  }

  /// The file offset of object `index`, already checked by ``offset(of:)``.
  @inline(__always)
  func offset(ofChecked index: Int) -> Int {
    Int(Self.readUInt(p, at: offsetTable + index * offsetSize, size: offsetSize))
  }

  /// The length and first content byte of an object already read by ``object(_:)``.
  @inline(__always)
  func checkedLength(at offset: Int) -> (length: Int, start: Int) {
    let low = p[offset] & 0xF
    if low != 0xF { return (Int(low), offset + 1) }
    let size = 1 << Int(p[offset + 1] & 0xF)
    return (Int(Self.readUInt(p, at: offset + 2, size: size)), offset + 2 + size)
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

  /// Stores a scalar's value; returns nil, for ``object(_:)``.
  @inline(__always)
  mutating func stored(_ value: consuming Value, at index: Int) -> Frame? {
    store(value, at: index, size: 1)
    return nil
  }

  /// Reads object `index`: a scalar is stored in its slot and nil returned; a collection is
  /// returned as a frame whose children are read next.
  mutating func object(_ index: Int) throws(ParseError) -> Frame? {
    let offset = try self.offset(of: index)
    let marker = p[offset]
    let low = marker & 0xF
    let storage: Value.Storage
    switch marker >> 4 {
    case 0x0:
      switch marker {
      case 0x08: storage = .boolean(false)
      case 0x09: storage = .boolean(true)
      case 0x00: throw Self.fail(.unsupported, "null object (marker 0x00) is not a property list value", at: offset)
      case 0x0F:
        throw Self.fail(.unsupported, "fill byte (marker 0x0F) is not a value; Apple's reader rejects it", at: offset)
      default: throw Self.fail(.corrupt, "unknown object marker 0x\(TextDecoding.hex(marker))", at: offset)
      }
    case 0x1: storage = .integer(try integer(marker, at: offset))
    case 0x2: storage = .real(try real(marker, at: offset))
    case 0x3:
      guard marker == 0x33 else {
        throw Self.fail(.corrupt, "unknown object marker 0x\(TextDecoding.hex(marker)); dates are 0x33", at: offset)
      }
      try need(8, for: marker, at: offset)
      storage = .date(
        Date(timeIntervalSinceReferenceDate: Double(bitPattern: Self.readUInt(p, at: offset + 1, size: 8))))
    case 0x4:
      let (count, start) = try length(low: low, at: offset)
      try checkExtent(start, count: count, width: 1, what: "data", at: offset)
      storage = .data(Data(p[start..<(start + count)]))
    case 0x5:
      let (count, start) = try length(low: low, at: offset)
      try checkExtent(start, count: count, width: 1, what: "ASCII string", at: offset)
      if let bad = Self.firstNonASCII(p, start, start + count) {
        throw Self.fail(.encoding, "byte 0x\(TextDecoding.hex(p[bad])) in an ASCII string (marker 0x5_)", at: bad)
      }
      storage = .string(String(decoding: UnsafeBufferPointer(rebasing: p[start..<(start + count)]), as: UTF8.self))
    case 0x6:
      let (count, start) = try length(low: low, at: offset)
      try checkExtent(start, count: count, width: 2, what: "UTF-16 string", at: offset)
      storage = .string(try utf16String(count: count, at: start))
    case 0x8: storage = .uid(try uid(marker, at: offset))
    case 0xA, 0xD:
      let kind = CollectionMarker(marker)!
      let (start, refCount) = try references(of: kind, at: offset)
      return Frame(
        index: index, offset: offset, isDictionary: kind == .dictionary, refsStart: start, refCount: refCount)
    case 0xB, 0xC:
      throw Self.fail(
        .unsupported,
        "\(marker >> 4 == 0xB ? "ordered set" : "set") (marker 0x\(TextDecoding.hex(marker))) is not supported: property lists have no set type, and Apple's reader rejects it",
        at: offset)
    default:
      throw Self.fail(.corrupt, "unknown object marker 0x\(TextDecoding.hex(marker))", at: offset)
    }
    return stored(Value(storage, at: offset), at: index)
  }

  /// Checks that the `n` bytes after the marker at `offset` lie inside the object area.
  @inline(__always)
  func need(_ n: Int, for marker: UInt8, at offset: Int) throws(ParseError) {
    guard offset + 1 + n <= offsetTable else {
      throw Self.fail(
        .truncated, "object at offset \(offset) (marker 0x\(TextDecoding.hex(marker))) runs past the object area",
        at: offset)
    }
  }

  /// An integer object (`0x1n`, 2^n bytes, big-endian; 16-byte integers only where they fit).
  @inline(__always)
  func integer(_ marker: UInt8, at offset: Int) throws(ParseError) -> PropertyList.Integer {
    let low = marker & 0xF
    guard low <= 4 else {
      throw Self.fail(
        .corrupt, "integer of 2^\(low) bytes (marker 0x\(TextDecoding.hex(marker))) is not valid", at: offset)
    }
    let size = 1 << Int(low)
    try need(size, for: marker, at: offset)
    switch size {
    case 8: return .init(Int64(bitPattern: Self.readUInt(p, at: offset + 1, size: 8)))
    case 16:
      let high = Self.readUInt(p, at: offset + 1, size: 8)
      let lowWord = Self.readUInt(p, at: offset + 9, size: 8)
      if high == 0 { return .init(lowWord) }
      if high == .max && lowWord >= UInt64(1) << 63 { return .init(Int64(bitPattern: lowWord)) }
      throw Self.fail(.limit, "128-bit integer does not fit in Int64 or UInt64", at: offset)
    default: return .init(Self.readUInt(p, at: offset + 1, size: size))
    }
  }

  /// A real object (`0x22` a Float, `0x23` a Double, big-endian).
  @inline(__always)
  func real(_ marker: UInt8, at offset: Int) throws(ParseError) -> Double {
    switch marker & 0xF {
    case 2:
      try need(4, for: marker, at: offset)
      return Double(Float(bitPattern: UInt32(Self.readUInt(p, at: offset + 1, size: 4))))
    case 3:
      try need(8, for: marker, at: offset)
      return Double(bitPattern: Self.readUInt(p, at: offset + 1, size: 8))
    default:
      throw Self.fail(
        .corrupt, "real of 2^\(marker & 0xF) bytes (marker 0x\(TextDecoding.hex(marker))) is not valid", at: offset)
    }
  }

  /// `count` big-endian UTF-16 code units at `start`, rejecting lone surrogates.
  func utf16String(count: Int, at start: Int) throws(ParseError) -> String {
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
    return String(decoding: units, as: UTF16.self)
  }

  /// A UID object (`0x8n`, n + 1 bytes), which must fit in 64 bits.
  func uid(_ marker: UInt8, at offset: Int) throws(ParseError) -> UInt64 {
    let size = Int(marker & 0xF) + 1
    try need(size, for: marker, at: offset)
    let skip = max(0, size - 8)
    for k in 0..<skip where p[offset + 1 + k] != 0 {
      throw Self.fail(.limit, "UID of \(size) bytes does not fit in 64 bits", at: offset)
    }
    return Self.readUInt(p, at: offset + 1 + skip, size: size - skip)
  }
}
