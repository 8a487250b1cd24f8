import UTIPlatform

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// A bounds-checked view of bytes at known offsets: every read past the end gives zero (or
/// `false`), never a trap, so a detector reads a hostile header as freely as a good one and
/// decides on what it finds.
struct ByteView {
  /// The bytes.
  let bytes: UnsafeRawBufferPointer
  /// The offset in the whole content of `bytes[0]`, so that detectors use the format's own offsets.
  let origin: Int

  init(_ bytes: UnsafeRawBufferPointer, origin: Int = 0) {
    self.bytes = bytes
    self.origin = origin
  }

  /// The offset in the content just past the view.
  var end: Int { origin + bytes.count }

  /// Whether `count` bytes at `offset` lie inside the view.
  @inline(__always) func contains(_ offset: Int, _ count: Int = 1) -> Bool {
    offset >= origin && count >= 0 && offset - origin <= bytes.count - count
  }

  @inline(__always) func u8(_ offset: Int) -> UInt8 { contains(offset) ? bytes[offset - origin] : 0 }

  func u16le(_ offset: Int) -> UInt16 { UInt16(u8(offset)) | UInt16(u8(offset + 1)) << 8 }
  func u16be(_ offset: Int) -> UInt16 { UInt16(u8(offset)) << 8 | UInt16(u8(offset + 1)) }
  func u32le(_ offset: Int) -> UInt32 { UInt32(u16le(offset)) | UInt32(u16le(offset + 2)) << 16 }
  func u32be(_ offset: Int) -> UInt32 { UInt32(u16be(offset)) << 16 | UInt32(u16be(offset + 2)) }
  func u64le(_ offset: Int) -> UInt64 { UInt64(u32le(offset)) | UInt64(u32le(offset + 4)) << 32 }
  func u64be(_ offset: Int) -> UInt64 { UInt64(u32be(offset)) << 32 | UInt64(u32be(offset + 4)) }

  /// A 16-bit or 32-bit value in the byte order a TIFF-style header gives.
  func u16(_ offset: Int, bigEndian: Bool) -> UInt16 { bigEndian ? u16be(offset) : u16le(offset) }
  func u32(_ offset: Int, bigEndian: Bool) -> UInt32 { bigEndian ? u32be(offset) : u32le(offset) }

  /// Whether the ASCII text `literal` is at `offset`.
  func has(_ literal: StaticString, at offset: Int) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard contains(offset, count) else { return false }
    let start = literal.utf8Start
    for index in 0..<count where bytes[offset - origin + index] != start[index] { return false }
    return true
  }

  /// Whether `literal` is at `offset`, ASCII letters compared case-insensitively.
  func hasCaseInsensitive(_ literal: StaticString, at offset: Int) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard contains(offset, count) else { return false }
    let start = literal.utf8Start
    for index in 0..<count {
      var byte = bytes[offset - origin + index]
      if byte >= 0x41 && byte <= 0x5A { byte |= 0x20 }
      var wanted = start[index]
      if wanted >= 0x41 && wanted <= 0x5A { wanted |= 0x20 }
      if byte != wanted { return false }
    }
    return true
  }

  /// The bytes at `offset` (at most `count`, fewer at the end of the view).
  func slice(_ offset: Int, _ count: Int) -> UnsafeRawBufferPointer.SubSequence {
    let start = min(max(offset - origin, 0), bytes.count)
    return bytes[start..<min(start + max(count, 0), bytes.count)]
  }

  /// Whether `offset` begins with `text` (raw bytes, as a file name or a stored string holds them).
  func bytes(at offset: Int, equal text: some Collection<UInt8>) -> Bool {
    guard contains(offset, text.count) else { return false }
    return slice(offset, text.count).elementsEqual(text)
  }

  /// The offset of the first `literal` in `range`, or nil: the first byte found with `memchr`,
  /// the rest compared.
  func firstOffset(of literal: StaticString, in range: Range<Int>) -> Int? {
    let count = literal.utf8CodeUnitCount
    guard count > 0, let base = bytes.baseAddress else { return nil }
    let first = Int32(literal.utf8Start[0])
    var offset = max(range.lowerBound, origin)
    let last = min(range.upperBound, end) - count
    while offset <= last {
      guard let hit = memchr(base + (offset - origin), first, last - offset + 1) else { return nil }
      offset = origin + base.distance(to: UnsafeRawPointer(hit))
      if has(literal, at: offset) { return offset }
      offset += 1
    }
    return nil
  }
}

/// The content under identification: its first bytes and, for a regular file, its size and a
/// descriptor for the few reads some containers need further in (a ZIP's central directory, a
/// compound file's directory sector, a disk image's trailer).
///
/// Reads past the prefix are bounded: at most ``readLimit`` bytes in all for one identification,
/// each read at most ``windowLimit`` bytes, so that a container whose offsets lie cannot make
/// identification read a file through. Without a descriptor (a prefix of a stream or an upload)
/// only the prefix is read, and a detector decides from what it holds.
struct ContentBytes {
  /// The bytes identification read first.
  let head: ByteView
  /// The content's whole size where it is known (a file's), else nil.
  let size: Int?
  /// A descriptor to read past the prefix, or -1.
  let fd: Int32
  /// What reads past the prefix may still fetch.
  private(set) var budget = ContentBytes.readLimit
  /// Why the detector that decided did, where it weighed evidence (text by its tokens or its
  /// structure), for the identification's explanation.
  var evidence: String?

  /// How many bytes all the reads past the prefix of one identification may fetch.
  static let readLimit = 256 << 10
  /// How many bytes one read past the prefix may fetch.
  static let windowLimit = 64 << 10

  /// The largest offset or size a detector takes from the content (1 TiB): larger values are cut
  /// to it, so that offset arithmetic on hostile values never overflows.
  static let offsetLimit: UInt64 = 1 << 40

  init(_ bytes: UnsafeRawBufferPointer, size: Int? = nil, fd: Int32 = -1) {
    head = ByteView(bytes)
    self.size = size
    self.fd = fd
  }

  /// The size the content is known to have at least: its size, or the prefix's length.
  var knownSize: Int { size ?? head.bytes.count }

  /// Calls `body` with a view of `count` bytes at `offset` (fewer at the end): from the prefix
  /// when it holds them, else read from the file within the budget; an empty view when neither can.
  mutating func withWindow<R>(at offset: Int, count: Int, _ body: (ByteView) -> R) -> R {
    let count = min(max(count, 0), Self.windowLimit)
    if offset >= 0, offset < head.end, head.contains(offset, min(count, max(knownSize - offset, 0))) {
      return body(ByteView(UnsafeRawBufferPointer(rebasing: head.slice(offset, count)), origin: offset))
    }
    guard fd >= 0, offset >= 0, let size, offset < size, budget > 0 else {
      return body(ByteView(UnsafeRawBufferPointer(start: nil, count: 0), origin: offset))
    }
    let wanted = min(count, size - offset, budget)
    var buffer = [UInt8](repeating: 0, count: wanted)
    let got = buffer.withUnsafeMutableBytes { FileIO.pread(fd, into: $0, at: offset) }
    budget -= wanted
    return buffer.withUnsafeBytes {
      body(ByteView(UnsafeRawBufferPointer(rebasing: $0.prefix(max(got, 0))), origin: offset))
    }
  }
}
