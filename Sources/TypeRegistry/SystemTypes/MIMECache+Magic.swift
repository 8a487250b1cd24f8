#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// The magic rules: which type the cache's byte patterns give a file's first bytes.
extension MIMECache {
  /// How many leading bytes of a file the magic rules look at.
  package var magicExtent: Int { min(reader.int(at: header.magic + 4) ?? 0, Self.magicRangeLimit) }

  /// The type the magic rules give `data` (the file's first ``magicExtent`` bytes), with its
  /// priority; rules are tried in the cache's order, highest priority first, and the first
  /// match wins, as in xdg-mime.
  /// - Parameters:
  ///   - data: The file's first bytes.
  ///   - usingIndex: Whether rules the ``MagicIndex`` rules out are passed over (false reads
  ///     every rule: for the test that the index changes no answer).
  /// - Returns: The first matching rule's type and priority; nil when none matches.
  package func magicMatch(_ data: UnsafeRawBufferPointer, usingIndex: Bool = true) -> (mimeType: String, priority: Int)?
  {
    // A well-formed cache visits each matchlet at most once per lookup; shared or cyclic child
    // lists could make the walk exponential, so the lookup stops after that many visits.
    var budget = file.bytes.count / 32 + 1
    let reader = reader
    for rule in magicIndex.rules {
      guard !usingIndex || magicIndex.mayMatch(rule, data) else { continue }
      let match = Int(rule.record)
      guard let priority = reader.int(at: match), let mimeOffset = reader.int(at: match + 4),
        let matchlets = reader.int(at: match + 8), let firstMatchlet = reader.int(at: match + 12)
      else { return nil }
      if anyMatchlet(firstMatchlet, count: matchlets, data: data, depth: 0, budget: &budget),
        let mime = reader.string(at: mimeOffset)
      {
        return (mime, priority)
      }
      if budget <= 0 { return nil }
    }
    return nil
  }

  /// The type the magic rules give `bytes`, as the buffer form does.
  package func magicMatch(_ bytes: [UInt8]) -> (mimeType: String, priority: Int)? {
    bytes.withUnsafeBytes { magicMatch($0) }
  }

  private func anyMatchlet(_ first: Int, count: Int, data: UnsafeRawBufferPointer, depth: Int, budget: inout Int)
    -> Bool
  {
    guard depth < Self.magicDepthLimit, count <= max(0, (file.bytes.count - first) / 32) else { return false }
    for index in 0..<count {
      budget -= 1
      if budget < 0 { return false }
      if matchlet(first + 32 * index, data: data, depth: depth, budget: &budget) { return true }
    }
    return false
  }

  /// Whether the matchlet at `offset` matches `data` and, when it has children, one of them does.
  private func matchlet(_ offset: Int, data: UnsafeRawBufferPointer, depth: Int, budget: inout Int) -> Bool {
    // The 32-byte record: range start, range length, word size, value length, value, mask,
    // child count, first child; its bounds checked once.
    let reader = reader
    guard offset >= 0, offset <= file.bytes.count - 32 else { return false }
    let start = reader.word(offset, 0), range = reader.word(offset, 1), length = reader.word(offset, 3)
    let value = reader.word(offset, 4), mask = reader.word(offset, 5)
    let childCount = reader.word(offset, 6), children = reader.word(offset, 7)
    guard length > 0, value + length <= file.bytes.count, mask == 0 || mask + length <= file.bytes.count
    else { return false }
    guard start <= data.count - length, let base = data.baseAddress, let cache = file.bytes.baseAddress else {
      return false
    }
    let last = min(start + min(range, Self.magicRangeLimit) - 1, data.count - length)
    let found =
      mask == 0
      ? Self.find(cache + value, length: length, in: base, from: start, through: last)
      : Self.find(cache + value, mask: cache + mask, length: length, in: base, from: start, through: last)
    guard found else { return false }
    return childCount == 0 || anyMatchlet(children, count: childCount, data: data, depth: depth + 1, budget: &budget)
  }

  /// The type of every magic rule, in the cache's order (highest priority first).
  package var magicTypes: [String] {
    guard let count = reader.int(at: header.magic), let first = reader.int(at: header.magic + 8) else { return [] }
    return (0..<min(count, max(0, (file.bytes.count - first) / 16))).compactMap {
      reader.int(at: first + 16 * $0 + 4).flatMap(reader.string(at:))
    }
  }

  /// Whether `value` occurs in `data` at a position from `first` through `last`: the first byte
  /// compared in place over a short range (most rules name one offset) or found with `memchr`
  /// over a long one, the rest compared with `memcmp`.
  @inline(__always)
  static func find(
    _ value: UnsafeRawPointer, length: Int, in data: UnsafeRawPointer, from first: Int, through last: Int
  ) -> Bool {
    guard first <= last else { return false }
    let byte = value.load(as: UInt8.self)
    if last - first < 16 {
      for position in first...last where data.load(fromByteOffset: position, as: UInt8.self) == byte {
        if length == 1 || memcmp(data + position + 1, value + 1, length - 1) == 0 { return true }
      }
      return false
    }
    let head = Int32(byte)
    var position = first
    while position <= last {
      guard let hit = memchr(data + position, head, last - position + 1) else { return false }
      position = data.distance(to: UnsafeRawPointer(hit))
      if length == 1 || memcmp(data + position + 1, value + 1, length - 1) == 0 { return true }
      position += 1
    }
    return false
  }

  /// Whether `value` occurs under `mask` in `data` at a position from `first` through `last`.
  static func find(
    _ value: UnsafeRawPointer, mask: UnsafeRawPointer, length: Int, in data: UnsafeRawPointer, from first: Int,
    through last: Int
  ) -> Bool {
    guard first <= last else { return false }
    for position in first...last {
      var equal = true
      for k in 0..<length {
        let m = mask.load(fromByteOffset: k, as: UInt8.self)
        if value.load(fromByteOffset: k, as: UInt8.self) & m != data.load(fromByteOffset: position + k, as: UInt8.self)
          & m
        {
          equal = false
          break
        }
      }
      if equal { return true }
    }
    return false
  }
}

/// The first byte each magic rule needs, read once when the cache is opened: a rule whose
/// top-level matchlets each test one offset (most rules: `\x89PNG` at 0) is passed over
/// without reading its records unless the data has one of those bytes there.
///
/// A rule is indexed only when every top-level matchlet is such a test (range 1, and no mask
/// or a mask whose first byte is `0xFF`) and it has at most ``probeLimit`` of them; any other
/// rule is always read. The index is a necessary condition: it never changes an answer, and
/// its size is at most ``probeLimit`` probes per rule whatever the cache holds.
struct MagicIndex: Sendable {
  /// A rule: its 16-byte record, and its probes in ``probes`` (none to skip: read it always).
  struct Rule: Sendable {
    var record: Int32
    var firstProbe: Int32
    var probeCount: Int32
  }

  /// An offset and the byte a matchlet needs there.
  struct Probe: Sendable {
    var offset: Int32
    var byte: UInt8
  }

  /// The most top-level matchlets a rule may have to be indexed.
  static let probeLimit = 16

  let rules: [Rule]
  let probes: [Probe]

  init(_ reader: MIMECache.Reader, magic: Int) {
    var (rules, probes) = ([Rule](), [Probe]())
    let bytes = reader.bytes
    if let count = reader.int(at: magic), let first = reader.int(at: magic + 8) {
      for index in 0..<min(count, max(0, (bytes.count - first) / 16)) {
        let record = first + 16 * index
        guard record <= Int(Int32.max) else { break }
        let found = Self.probes(of: record, reader)
        rules.append(Rule(record: Int32(record), firstProbe: Int32(probes.count), probeCount: Int32(found?.count ?? 0)))
        probes += found ?? []
      }
    }
    (self.rules, self.probes) = (rules, probes)
  }

  /// The probes of the rule at `record`: nil when one of its top-level matchlets is not a test
  /// of one byte at one offset, or it has more than ``probeLimit``.
  private static func probes(of record: Int, _ reader: MIMECache.Reader) -> [Probe]? {
    let bytes = reader.bytes
    guard let count = reader.int(at: record + 8), let first = reader.int(at: record + 12), count > 0,
      count <= probeLimit, first >= 0, first <= bytes.count - 32 * count
    else { return nil }
    var probes: [Probe] = []
    for index in 0..<count {
      let matchlet = first + 32 * index
      let start = reader.word(matchlet, 0), range = reader.word(matchlet, 1), length = reader.word(matchlet, 3)
      let value = reader.word(matchlet, 4), mask = reader.word(matchlet, 5)
      guard range == 1, length > 0, value < bytes.count, start <= Int(Int32.max),
        mask == 0 || (mask < bytes.count && bytes[mask] == 0xFF)
      else { return nil }
      probes.append(Probe(offset: Int32(start), byte: bytes[value]))
    }
    return probes
  }

  /// Whether `rule` may match `data`: false only when none of its probes' bytes is there.
  @inline(__always)
  func mayMatch(_ rule: Rule, _ data: UnsafeRawBufferPointer) -> Bool {
    guard rule.probeCount > 0 else { return true }
    for probe in probes[Int(rule.firstProbe)..<Int(rule.firstProbe + rule.probeCount)] {
      let offset = Int(probe.offset)
      if offset < data.count && data[offset] == probe.byte { return true }
    }
    return false
  }
}
