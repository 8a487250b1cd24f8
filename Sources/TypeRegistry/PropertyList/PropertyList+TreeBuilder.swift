/// Builds a value tree from open/close events with an explicit stack, so nesting costs heap,
/// not call stack; enforces the depth limit and reports duplicate keys (the last value wins,
/// at the first key's position, as on Apple platforms).
struct TreeBuilder {
  typealias Value = PropertyList.Value

  struct Frame {
    var isDictionary: Bool
    var offset: Int
    var elements: [Value] = []
    var entries: [PropertyList.Dictionary.Entry] = []
    var keyIndex: [String: Int]? = nil
    var pendingKey: String? = nil
    var pendingKeyOffset = 0
  }

  let text: [UInt8]
  let maximumDepth: Int
  private(set) var stack: [Frame] = []
  var warnings: [PropertyList.Warning] = []

  init(text: [UInt8], maximumDepth: Int) {
    self.text = text
    self.maximumDepth = maximumDepth
  }

  var top: Frame? { stack.last }
  var isEmpty: Bool { stack.isEmpty }

  /// Opens an array or dictionary; throws when that would exceed the depth limit.
  mutating func open(dictionary: Bool, offset: Int) throws(PropertyList.ParseError) {
    guard stack.count < maximumDepth else {
      throw PropertyList.ParseError(
        .limit, "nesting deeper than \(maximumDepth) levels: arrays and dictionaries nest too deeply",
        at: PropertyList.SourceLocation(offset: offset, in: text))
    }
    stack.append(Frame(isDictionary: dictionary, offset: offset))
  }

  /// Records the key of the next value in the innermost dictionary.
  mutating func setKey(_ key: String, offset: Int) {
    stack[stack.count - 1].pendingKey = key
    stack[stack.count - 1].pendingKeyOffset = offset
  }

  /// Closes the innermost container and returns it as a value.
  mutating func close() -> Value {
    let frame = stack.removeLast()
    return frame.isDictionary
      ? Value(.dictionary(PropertyList.Dictionary(uniqueEntries: frame.entries)), offset: frame.offset)
      : Value(.array(frame.elements), offset: frame.offset)
  }

  /// Adds a finished value to the innermost container; returns it when there is none (the root).
  mutating func add(_ value: Value) -> Value? {
    guard !stack.isEmpty else { return value }
    let top = stack.count - 1
    if !stack[top].isDictionary {
      stack[top].elements.append(value)
      return nil
    }
    let entry = PropertyList.Dictionary.Entry(
      key: stack[top].pendingKey!, keyOffset: stack[top].pendingKeyOffset, value: value)
    stack[top].pendingKey = nil
    if let duplicate = Self.insert(entry, into: &stack[top]) {
      warnings.append(
        PropertyList.Warning(
          code: .duplicateKey,
          message: "duplicate key '\(entry.key)' in dictionary: this later value is used, the earlier one is ignored",
          location: PropertyList.SourceLocation(offset: entry.keyOffset, in: text),
          relatedLocation: PropertyList.SourceLocation(offset: duplicate.keyOffset, in: text)))
    }
    return nil
  }

  /// Inserts `entry`, replacing an equal key at its position; returns the entry replaced.
  private static func insert(_ entry: PropertyList.Dictionary.Entry, into frame: inout Frame)
    -> PropertyList.Dictionary.Entry?
  {
    let existing: Int?
    if let index = frame.keyIndex {
      existing = index[entry.key]
    } else if frame.entries.count < 16 {
      existing = frame.entries.firstIndex { $0.key == entry.key }
    } else {
      var index: [String: Int] = [:]
      for (n, e) in frame.entries.enumerated() { index[e.key] = n }
      frame.keyIndex = index
      existing = index[entry.key]
    }
    guard let existing else {
      frame.keyIndex?[entry.key] = frame.entries.count
      frame.entries.append(entry)
      return nil
    }
    let earlier = frame.entries[existing]
    frame.entries[existing] = entry
    return earlier
  }
}
