/// Interned type identifiers: folded identifier → id, by open addressing over a fast hash of the
/// UTF-8 bytes.
///
/// Swift's `Dictionary<String, Int32>` hashes with SipHash, which dominates building a registry of
/// 100,000 types; identifiers are short ASCII strings that need no protection from collision
/// attacks here, since a collision costs a string comparison, not correctness.
/// - Complexity: O(1) expected per insert and lookup.
struct IdentifierTable: Sendable {
  /// Slot → id + 1 (0 empty).
  private var slots: [Int32]
  /// Slot → the hash's high bits, to skip most string comparisons.
  private var tags: [UInt32]
  /// Id → folded identifier.
  private(set) var keys: [String] = []

  init(capacity: Int = 16) {
    var size = 16
    while size < capacity * 2 { size <<= 1 }
    slots = [Int32](repeating: 0, count: size)
    tags = [UInt32](repeating: 0, count: size)
    keys.reserveCapacity(capacity)
  }

  var count: Int { keys.count }

  /// A 64-bit hash of the UTF-8 bytes: eight bytes at a time, then murmur3's finalizer, so that
  /// the low bits (the slot) depend on every byte.
  @inline(__always)
  static func hash(_ key: String) -> UInt64 {
    var key = key
    return key.withUTF8 { bytes -> UInt64 in
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
  }

  /// The id of a folded identifier.
  @inline(__always)
  func find(_ key: String) -> Int32? {
    find(key, hash: Self.hash(key))
  }

  func find(_ key: String, hash: UInt64) -> Int32? {
    let mask = slots.count - 1
    let tag = UInt32(truncatingIfNeeded: hash >> 32) | 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let entry = slots[slot]
      if entry == 0 { return nil }
      if tags[slot] == tag && keys[Int(entry - 1)] == key { return entry - 1 }
      slot = (slot + 1) & mask
    }
  }

  /// Adds a folded identifier that is not present, with the next id; returns the id.
  @discardableResult
  mutating func insert(_ key: String, hash: UInt64) -> Int32 {
    if (keys.count + 1) * 2 > slots.count { grow() }
    let id = Int32(keys.count)
    keys.append(key)
    place(id, hash: hash)
    return id
  }

  private mutating func place(_ id: Int32, hash: UInt64) {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 { slot = (slot + 1) & mask }
    slots[slot] = id + 1
    tags[slot] = UInt32(truncatingIfNeeded: hash >> 32) | 1
  }

  private mutating func grow() {
    slots = [Int32](repeating: 0, count: slots.count * 2)
    tags = [UInt32](repeating: 0, count: slots.count)
    for (id, key) in keys.enumerated() { place(Int32(id), hash: Self.hash(key)) }
  }
}
