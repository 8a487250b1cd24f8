import PropertyList
import TypeRegistry

/// What the value tree alone costs: the heap blocks a parser that returns an owned
/// ``PropertyList/Value`` tree must allocate and free (string storage, arrays, dictionary
/// entries), with no input to read and nothing else done.
struct TreeAllocations {
  /// The UTF-8 lengths of the distinct string values that need heap storage (more than 15 bytes).
  var stringLengths: [Int] = []
  /// The element counts of the non-empty arrays.
  var arrayCounts: [Int] = []
  /// The entry counts of the non-empty dictionaries.
  var dictionaryCounts: [Int] = []

  /// The blocks behind `value`. Equal strings are counted once, as the binary format stores
  /// them once; dictionary keys are not counted, as parsers share them.
  init(_ value: PropertyList.Value) {
    var seen: Set<String> = []
    add(value, &seen)
  }

  private mutating func add(_ value: PropertyList.Value, _ seen: inout Set<String>) {
    switch value.storage {
    case .string(let string) where string.utf8.count > 15:
      if seen.insert(string).inserted { stringLengths.append(string.utf8.count) }
    case .array(let elements):
      if !elements.isEmpty { arrayCounts.append(elements.count) }
      for element in elements { add(element, &seen) }
    case .dictionary(let dictionary):
      if !dictionary.isEmpty { dictionaryCounts.append(dictionary.count) }
      for entry in dictionary { add(entry.value, &seen) }
    default: break
    }
  }

  var count: Int { stringLengths.count + arrayCounts.count + dictionaryCounts.count }

  /// Allocates every block, as exactly sized as a parser's, then frees them all.
  func allocateAndFree() -> Int {
    // Allocation speed depends on what else lives on the heap; like the parse rows, this runs
    // with no other tree alive.
    let text = [UInt8](repeating: UInt8(ascii: "x"), count: stringLengths.max() ?? 0)
    var strings: [String] = []
    strings.reserveCapacity(stringLengths.count)
    text.withUnsafeBufferPointer { bytes in
      for length in stringLengths {
        strings.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<length]), as: UTF8.self))
      }
    }
    var arrays: [[PropertyList.Value]] = []
    arrays.reserveCapacity(arrayCounts.count)
    for n in arrayCounts {
      var array: [PropertyList.Value] = []
      array.reserveCapacity(n)
      for _ in 0..<n { array.append(true) }
      arrays.append(array)
    }
    var dictionaries: [[PropertyList.Dictionary.Entry]] = []
    dictionaries.reserveCapacity(dictionaryCounts.count)
    for n in dictionaryCounts {
      var entries: [PropertyList.Dictionary.Entry] = []
      entries.reserveCapacity(n)
      for _ in 0..<n { entries.append(.init(key: "k", value: true)) }
      dictionaries.append(entries)
    }
    return strings.count + arrays.count + dictionaries.count
  }
}
