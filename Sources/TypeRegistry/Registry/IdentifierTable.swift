#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// Interned type identifiers: folded identifier → id, by open addressing over a fast hash of the
/// UTF-8 bytes.
///
/// Swift's `Dictionary<String, Int32>` hashes with SipHash and reaches each key through its own
/// heap storage. Here a slot holds the hash's high bits, the id, and where the key's bytes are in
/// one arena, so a lookup touches the slot and the bytes: two cache lines, where building a
/// registry of 100,000 types is bound by memory latency. Identifiers need no protection from
/// collision attacks here: a collision costs a comparison, not correctness.
/// - Complexity: O(1) expected per insert and lookup.
struct IdentifierTable: Sendable {
  struct Slot: Sendable {
    /// The hash's high bits (never 0 in a used slot).
    var tag: UInt32 = 0
    var id: Int32 = 0
    var start: UInt32 = 0
    var length: UInt32 = 0
  }

  private(set) var slots: [Slot]
  /// Every key's UTF-8 bytes, one after another.
  private(set) var arena: [UInt8] = []
  private(set) var count = 0

  /// A table of these slots over these bytes (see ``init(_:)``).
  init(slots: [Slot], arena: [UInt8], count: Int) {
    self.slots = slots
    self.arena = arena
    self.count = count
  }

  init(capacity: Int = 16) {
    var size = 16
    while size < capacity * 2 { size <<= 1 }
    slots = [Slot](repeating: Slot(), count: size)
    arena.reserveCapacity(capacity * 24)
  }

  /// A 64-bit hash of the UTF-8 bytes: eight bytes at a time, then murmur3's finalizer, so that
  /// the low bits (the slot) depend on every byte.
  @inline(__always)
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
    var i = 0
    let n = bytes.count
    if let base = UnsafeRawPointer(bytes.baseAddress) {
      while i + 8 <= n {
        h = (h ^ base.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
        h = (h << 31) | (h >> 33)
        i += 8
      }
      var tail: UInt64 = 0
      var shift: UInt64 = 0
      while i < n {
        tail |= UInt64(base.load(fromByteOffset: i, as: UInt8.self)) << shift
        shift += 8
        i += 1
      }
      h ^= tail
    }
    h ^= h >> 33
    h &*= 0xFF51_AFD7_ED55_8CCD
    h ^= h >> 33
    h &*= 0xC4CE_B9FE_1A85_EC53
    h ^= h >> 33
    return h
  }

  /// The id of a folded identifier.
  func find(_ key: String) -> Int32? {
    var key = key
    return key.withUTF8 { find($0, hash: Self.hash($0)) }
  }

  func find(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int32? {
    let mask = slots.count - 1
    let tag = UInt32(truncatingIfNeeded: hash >> 32) | 1
    var index = Int(truncatingIfNeeded: hash) & mask
    return slots.withUnsafeBufferPointer { slots in
      arena.withUnsafeBufferPointer { arena in
        while true {
          let slot = slots[index]
          if slot.tag == 0 { return nil }
          if slot.tag == tag && Int(slot.length) == key.count
            && (key.count == 0 || memcmp(arena.baseAddress! + Int(slot.start), key.baseAddress!, key.count) == 0)
          {
            return slot.id
          }
          index = (index + 1) & mask
        }
      }
    }
  }

  /// The id of a folded identifier, inserting it with the next id when absent.
  mutating func findOrInsert(_ key: String) -> (id: Int32, inserted: Bool) {
    var key = key
    return key.withUTF8 { bytes in
      let hash = Self.hash(bytes)
      if let id = find(bytes, hash: hash) { return (id, false) }
      if (count + 1) * 2 > slots.count { grow() }
      let id = Int32(count)
      let start = UInt32(arena.count)
      arena.append(contentsOf: bytes)
      place(
        Slot(tag: UInt32(truncatingIfNeeded: hash >> 32) | 1, id: id, start: start, length: UInt32(bytes.count)),
        hash: hash)
      count += 1
      return (id, true)
    }
  }

  private mutating func place(_ slot: Slot, hash: UInt64) {
    let mask = slots.count - 1
    var index = Int(truncatingIfNeeded: hash) & mask
    while slots[index].tag != 0 { index = (index + 1) & mask }
    slots[index] = slot
  }

  private mutating func grow() {
    let old = slots
    slots = [Slot](repeating: Slot(), count: old.count * 2)
    for slot in old where slot.tag != 0 {
      let hash = arena.withUnsafeBufferPointer {
        Self.hash(UnsafeBufferPointer(rebasing: $0[Int(slot.start)..<Int(slot.start + slot.length)]))
      }
      place(slot, hash: hash)
    }
  }
}
