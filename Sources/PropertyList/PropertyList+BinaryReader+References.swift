#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// References: counted before the main pass, so that a value moves to its last referrer.
extension BinaryReader {
  /// Counts the references every collection in the file makes to each object, reachable or not,
  /// so a value can be moved to its last referrer. Collections that the main pass would reject
  /// are skipped. Counting unreachable collections only errs toward copying. When the file
  /// declares more references than it has bytes (offsets that share one collection), counting
  /// stops and every value is copied instead, so the pass stays linear in the file size.
  mutating func countReferences() {
    var budget = p.count
    for index in 0..<objectCount {
      guard let offset = objectOffset(index), let marker = CollectionMarker(p[offset]),
        let (start, refCount) = try? references(of: marker, at: offset)
      else { continue }
      budget -= refCount
      guard budget >= 0 else {
        for index in 0..<objectCount { objects[index].uses = .max }
        return
      }
      for k in 0..<refCount {
        let ref = Self.readUInt(p, at: start + k * refSize, size: refSize)
        if ref < UInt64(objectCount) { objects[Int(ref)].uses += 1 }
      }
    }
  }

  /// The value of a built object for one of its referrers: moved out when this is the last
  /// reference, copied otherwise.
  @inline(__always)
  mutating func take(_ index: Int) -> Value {
    // A slot is read only while built: its reference count covers every referrer.
    precondition(objects[index].state == .built, "binary plist object \(index) read after its last reference")
    objects[index].uses -= 1
    if objects[index].uses <= 0 {
      objects[index].state = .taken
      return (slots + index).move()
    }
    return slots[index]
  }

  /// Stores the value of object `index`.
  @inline(__always)
  mutating func store(_ value: consuming Value, at index: Int, size: Int) {
    (slots + index).initialize(to: value)
    objects[index].state = .built
    objects[index].size = size
  }

  /// The file offset of object `index`, or nil when its offset-table entry points outside the
  /// object area.
  @inline(__always)
  func objectOffset(_ index: Int) -> Int? {
    let offset = Self.readUInt(p, at: offsetTable + index * offsetSize, size: offsetSize)
    return offset >= 8 && offset < UInt64(offsetTable) ? Int(offset) : nil
  }

  /// The file offset of object `index`, checked to lie in the object area.
  @inline(__always)
  func offset(of index: Int) throws(ParseError) -> Int {
    guard let offset = objectOffset(index) else {
      let entry = offsetTable + index * offsetSize
      throw Self.fail(
        .corrupt,
        "offset table entry \(index) points to \(Self.readUInt(p, at: entry, size: offsetSize)), outside the object area (8..<\(offsetTable))",
        at: entry)
    }
    return offset
  }

  /// The markers of the collections: arrays (0xA_) and dictionaries (0xD_).
  enum CollectionMarker {
    case array, dictionary

    init?(_ marker: UInt8) {
      switch marker >> 4 {
      case 0xA: self = .array
      case 0xD: self = .dictionary
      default: return nil
      }
    }
  }

  /// Where the references of the collection at `offset` start and how many there are (keys and
  /// values for a dictionary), checked to lie in the object area. The main pass and the
  /// reference count read collections through this one function, so the count covers every
  /// reference the main pass follows.
  @inline(__always)
  func references(of kind: CollectionMarker, at offset: Int) throws(ParseError) -> (start: Int, count: Int) {
    let (count, start) = try length(low: p[offset] & 0xF, at: offset)
    let refCount = kind == .dictionary ? count * 2 : count
    try checkExtent(
      start, count: refCount, width: refSize, what: kind == .dictionary ? "dictionary" : "array", at: offset)
    return (start, refCount)
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

  /// The object index stored in reference slot `k` of `frame`, checked against the object count.
  @inline(__always)
  func reference(_ k: Int, of frame: Frame) throws(ParseError) -> Int {
    let at = frame.refsStart + k * refSize
    let ref = Self.readUInt(p, at: at, size: refSize)
    guard ref < UInt64(objectCount) else {
      throw Self.fail(.corrupt, "object reference \(ref) is out of range: the file has \(objectCount) objects", at: at)
    }
    return Int(ref)
  }
}
