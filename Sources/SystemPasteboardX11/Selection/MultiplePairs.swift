import SystemPasteboardCore

/// ICCCM 2.6.2's `MULTIPLE` request: the requestor's property holds (target, property) atom
/// pairs, which the owner converts one by one and writes back, each pair that failed with its
/// property replaced by None. Pure, so that what a requestor writes can be fuzzed apart from
/// the connection.
enum MultiplePairs {
  /// The targets of `list`'s pairs, in order (a trailing odd item is no pair).
  static func targets(_ list: [UInt32]) -> [UInt32] {
    stride(from: 0, to: list.count - 1, by: 2).map { list[$0] }
  }

  /// The list to write back: each pair whose property is not None converted by
  /// `convert(target, property)`, except `MULTIPLE` itself (`multiple`: within `MULTIPLE` it
  /// would recurse without end); a pair that fails has its property None. A trailing odd item is
  /// left as it is.
  static func answered(_ list: [UInt32], multiple: UInt32, convert: (UInt32, UInt32) -> Bool) -> [UInt32] {
    var pairs = list
    for index in stride(from: 0, to: pairs.count - 1, by: 2) where pairs[index + 1] != 0 {
      let converted = pairs[index] != multiple && convert(pairs[index], pairs[index + 1])
      if !converted { pairs[index + 1] = 0 }
    }
    return pairs
  }
}
