extension IdentifierTable {
  /// A table written out, so that it can be compiled in (the built-in graph's, in
  /// `Generated/BuiltInCatalog+Graph.swift`) and used without interning a thousand identifiers
  /// at each process's start.
  struct Layout: Sendable, Equatable {
    /// The number of slots (a power of two).
    let slotCount: Int
    /// Each used slot as five numbers, in slot order: its index, tag, id, start and length.
    let used: [UInt32]
    /// Every key's UTF-8 bytes, one after another, as the slots' starts and lengths count them.
    let arena: String
  }

  /// This table, written out.
  var layout: Layout {
    var used: [UInt32] = []
    used.reserveCapacity(count * 5)
    for (index, slot) in slots.enumerated() where slot.tag != 0 {
      used += [UInt32(index), slot.tag, UInt32(bitPattern: slot.id), slot.start, slot.length]
    }
    return Layout(slotCount: slots.count, used: used, arena: String(decoding: arena, as: UTF8.self))
  }

  /// The table `layout` wrote out; nil where it is not this machine's: a slot's tag that is not
  /// its key's hash (the hash reads eight bytes at a time in the machine's byte order), or a
  /// slot outside the table or its key outside the arena.
  /// - Complexity: O(*n*) stores in the number of slots, and one hash.
  init?(_ layout: Layout) {
    let arena = Array(layout.arena.utf8)
    let size = layout.slotCount
    guard size > 0, size & (size - 1) == 0, layout.used.count % 5 == 0 else { return nil }
    var slots = [Slot](repeating: Slot(), count: size)
    var count = 0
    for base in stride(from: 0, to: layout.used.count, by: 5) {
      let index = Int(layout.used[base])
      let slot = Slot(
        tag: layout.used[base + 1], id: Int32(bitPattern: layout.used[base + 2]), start: layout.used[base + 3],
        length: layout.used[base + 4])
      guard index < size, slot.tag != 0, Int(slot.start) + Int(slot.length) <= arena.count else { return nil }
      slots[index] = slot
      count += 1
    }
    if let first = slots.first(where: { $0.tag != 0 }) {
      let hash = arena.withUnsafeBufferPointer {
        Self.hash(UnsafeBufferPointer(rebasing: $0[Int(first.start)..<Int(first.start + first.length)]))
      }
      guard UInt32(truncatingIfNeeded: hash >> 32) | 1 == first.tag else { return nil }
    }
    self.init(slots: slots, arena: arena, count: count)
  }
}
