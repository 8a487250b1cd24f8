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

  @inline(__always)
  static func hash(_ key: String) -> UInt64 {
    var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(key.utf8.count)
    let done = key.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
      var i = 0
      let raw = UnsafeRawPointer(bytes.baseAddress)
      while i + 8 <= bytes.count {
        h = (h ^ raw!.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
        h ^= h >> 29
        i += 8
      }
      var tail: UInt64 = 0
      var shift: UInt64 = 0
      while i < bytes.count {
        tail |= UInt64(bytes[i]) << shift
        shift += 8
        i += 1
      }
      h = (h ^ tail) &* 0x94D0_49BB_1331_11EB
      return true
    }
    if done == nil {
      for b in key.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01B3 }
    }
    return h ^ (h >> 32)
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
