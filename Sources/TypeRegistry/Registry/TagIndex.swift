/// A registry's tag index: folded tag class → folded tag → the ids declaring it, in preference order.
///
/// Built from the registry's records on first use (see `UTTypeRegistry.tagIndex`), so a process
/// that only asks conformance questions never pays for it.
final class TagIndex: Sendable {
  let byClass: [String: [String: TagCandidates]]
  /// The filename extension and MIME type parts of `byClass`, looked up without the class.
  let extensions: [String: TagCandidates]
  let mimeTypes: [String: TagCandidates]

  /// The prefix of a key that matches its case exactly.
  static let exactMarker = "\u{0}"

  /// Indexes every tag of `records` (id = position), the MIME layer's added tags after each
  /// declaration's own.
  /// - Complexity: O(*t*) in the number of tags, plus sorting the tags that several types share.
  init(_ records: UTTypeRegistry.RecordTable) {
    var classSlots: [String: Int] = [:]
    var slots: [[String: TagCandidates]] = []
    var lastClass = ""
    var lastSlot = -1
    for (id, record) in records.enumerated() {
      let tags = record.declaration.tags.merging(record.addedTags ?? [:], uniquingKeysWith: +)
      for (tagClass, values) in tags {
        let slot: Int
        if tagClass == lastClass && lastSlot >= 0 {
          slot = lastSlot
        } else {
          let classKey = UTTypeRegistry.fold(tagClass)
          if let existing = classSlots[classKey] {
            slot = existing
          } else {
            slot = slots.count
            classSlots[classKey] = slot
            slots.append([:])
          }
          lastClass = tagClass
          lastSlot = slot
        }
        let id32 = Int32(id)
        let exact = tagClass == UTTagClass.filenameExtension.rawValue ? record.caseSensitiveExtensions : nil
        for value in values {
          // A case-sensitive extension is indexed under its own case, marked apart from folded ones.
          let key = exact?.contains(value) == true ? Self.exactMarker + value : UTTypeRegistry.fold(value)
          slots[slot][key, default: TagCandidates(first: id32)].appendIfAbsent(id32)
        }
      }
    }
    var byClass: [String: [String: TagCandidates]] = [:]
    for (classKey, slot) in classSlots { byClass[classKey] = slots[slot] }
    slots = []
    for (classKey, byValue) in byClass {
      for (value, candidates) in byValue where candidates.count > 1 {
        byClass[classKey]![value] = TagCandidates(
          ordered: candidates.sorted {
            GraphBuilder.rank(records[Int($0)], $0, tagClass: classKey, key: value)
              < GraphBuilder.rank(records[Int($1)], $1, tagClass: classKey, key: value)
          })
      }
    }
    self.byClass = byClass
    self.extensions = byClass[UTTagClass.filenameExtension.rawValue] ?? [:]
    self.mimeTypes = byClass[UTTagClass.mimeType.rawValue] ?? [:]
  }
}
