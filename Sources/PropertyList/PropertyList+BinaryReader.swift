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
///
/// Each object's value is built once into a slot indexed by object number. A first pass counts
/// the references to every object, so a container takes the value of a child it is the last to
/// reference by moving it, and copies (retains) only values that are really shared, such as
/// dictionary keys. The tables live in manually managed memory, which ``parse(_:options:)`` frees.
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

  /// The value of each object read so far; its ``ObjectInfo/state`` says whether a slot holds one.
  let slots: UnsafeMutablePointer<Value>
  /// What the reader knows of each object.
  let objects: UnsafeMutablePointer<ObjectInfo>
  var warnings: [PropertyList.Warning] = []

  /// The reader's bookkeeping for one object.
  struct ObjectInfo {
    /// The number of values the object's value expands to (1 for scalars).
    var size = 0
    /// The references to the object not yet consumed; never fewer than the real number.
    var uses = 0
    var state = SlotState.unread
  }

  enum SlotState: UInt8 {
    /// Not read yet.
    case unread
    /// A collection whose children are being read.
    case open
    /// Its slot holds its value.
    case built
    /// Its value was moved to its last referrer.
    case taken
  }

  static func parse(_ bytes: [UInt8], options: PropertyList.ParseOptions) throws(ParseError)
    -> (Value, [PropertyList.Warning])
  {
    do {
      return try bytes.withUnsafeBufferPointer { p in
        var reader = try BinaryReader(p, options: options)
        defer { reader.deallocate() }
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

  /// What the trailer declares, checked against the file.
  struct Trailer {
    var offsetSize: Int
    var refSize: Int
    var objectCount: Int
    var topObject: Int
    var offsetTable: Int
  }

  init(_ p: UnsafeBufferPointer<UInt8>, options: PropertyList.ParseOptions) throws(ParseError) {
    self.init(p, trailer: try Self.trailer(p), options: options)
  }

  init(_ p: UnsafeBufferPointer<UInt8>, trailer: Trailer, options: PropertyList.ParseOptions) {
    self.p = p
    self.options = options
    offsetSize = trailer.offsetSize
    refSize = trailer.refSize
    objectCount = trailer.objectCount
    topObject = trailer.topObject
    offsetTable = trailer.offsetTable
    expansionLimit = options.maximumBinaryExpansion ?? max(1_000_000, 8 * p.count)
    slots = .allocate(capacity: objectCount)
    objects = .allocate(capacity: objectCount)
    objects.initialize(repeating: ObjectInfo(), count: objectCount)
    countReferences()
  }

  /// Reads and checks the header and trailer.
  static func trailer(_ p: UnsafeBufferPointer<UInt8>) throws(ParseError) -> Trailer {
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
    let offsetSize = Int(p[trailer + 6])
    let refSize = Int(p[trailer + 7])
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
    return Trailer(
      offsetSize: offsetSize, refSize: refSize, objectCount: Int(objects), topObject: Int(top),
      offsetTable: Int(tableOffset))
  }

  /// Frees the tables and the values still in them. The reader is not used afterwards.
  ///
  /// (A noncopyable reader with a `deinit` would do this by itself, but the compiler's
  /// ThreadSanitizer instrumentation of its mutating methods emits invalid code in Swift 6.3.)
  func deallocate() {
    for index in 0..<objectCount where objects[index].state == .built { (slots + index).deinitialize(count: 1) }
    slots.deallocate()
    objects.deallocate()
  }
}
