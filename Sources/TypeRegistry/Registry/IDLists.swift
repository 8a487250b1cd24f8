/// One list of type ids per type, stored as two arrays: the lists end to end in `ids`, and where
/// each begins in `start` (`ids[start[id] ..< start[id + 1]]`, with one more entry than types), so
/// that a registry's graph is two allocations however many types it has.
@usableFromInline
struct IDLists: Sendable {
  /// Where each type's list begins in `ids`; the last entry is `ids.count`.
  @usableFromInline let start: [Int32]
  /// The lists, end to end.
  @usableFromInline let ids: [Int32]

  init(start: [Int32], ids: [Int32]) {
    self.start = start
    self.ids = ids
  }

  /// The list of type `id`.
  subscript(id: Int32) -> ArraySlice<Int32> { ids[Int(start[Int(id)])..<Int(start[Int(id) + 1])] }
}
