/// Builds a value tree from open/close events with an explicit stack, so nesting costs heap,
/// not call stack; enforces the depth limit and reports duplicate keys (the last value wins,
/// at the first key's position, as on Apple platforms).
///
/// Children of every open container live on one scratch stack and are moved, not copied, into
/// an exactly sized array when their container closes: one allocation per container.
struct TreeBuilder: ~Copyable {
  typealias Value = PropertyList.Value
  typealias Entry = PropertyList.Dictionary.Entry

  struct Frame {
    var isDictionary: Bool
    var offset: Int
    /// Where this container's children start on the scratch stack.
    var start: Int
    var keyIndex: [PropertyList.LiteralKey: Int]? = nil
    var pendingKey: String? = nil
    var pendingKeyOffset = 0
  }

  let text: [UInt8]
  let maximumDepth: Int
  private(set) var stack: [Frame] = []
  private var elements = ScratchStack<Value>()
  private var entries = ScratchStack<Entry>()
  var warnings: [PropertyList.Warning] = []
  var strings = StringInterner()

  init(text: [UInt8], maximumDepth: Int) {
    self.text = text
    self.maximumDepth = maximumDepth
  }

  var top: Frame? { stack.last }

  /// Whether the innermost container is a dictionary; nil when none is open. Reads one field,
  /// where `top` copies the frame.
  var topIsDictionary: Bool? { stack.isEmpty ? nil : stack[stack.count - 1].isDictionary }

  /// Whether the innermost container is a dictionary waiting for a value after its key.
  var topAwaitsValue: Bool { !stack.isEmpty && stack[stack.count - 1].pendingKey != nil }

  /// Opens an array or dictionary; throws when that would exceed the depth limit.
  mutating func open(dictionary: Bool, offset: Int) throws(PropertyList.ParseError) {
    guard stack.count < maximumDepth else {
      throw PropertyList.ParseError(
        .limit, "nesting deeper than \(maximumDepth) levels: arrays and dictionaries nest too deeply",
        at: PropertyList.SourceLocation(offset: offset, in: text))
    }
    stack.append(Frame(isDictionary: dictionary, offset: offset, start: dictionary ? entries.count : elements.count))
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
      ? Value(
        .dictionary(PropertyList.Dictionary(uniqueEntries: entries.take(from: frame.start))), offset: frame.offset)
      : Value(.array(elements.take(from: frame.start)), at: frame.offset)
  }

  /// Adds a finished value to the innermost container; returns it when there is none (the root).
  mutating func add(_ value: consuming Value) -> Value? {
    guard !stack.isEmpty else { return value }
    let top = stack.count - 1
    if !stack[top].isDictionary {
      elements.append(value)
      return nil
    }
    let key = stack[top].pendingKey.take()!
    let entry = Entry(key: key, at: stack[top].pendingKeyOffset, value: value)
    let start = stack[top].start
    let count = entries.count - start
    var existing: Int? = nil
    if stack[top].keyIndex != nil {
      existing = stack[top].keyIndex![.init(key)]
    } else if count < 16 {
      for n in start..<entries.count where PropertyList.sameKey(entries[n].key, key) {
        existing = n - start
        break
      }
    } else {
      var index: [PropertyList.LiteralKey: Int] = [:]
      for n in start..<entries.count { index[.init(entries[n].key)] = n - start }
      stack[top].keyIndex = index
      existing = index[.init(key)]
    }
    guard let existing else {
      stack[top].keyIndex?[.init(key)] = count
      entries.append(entry)
      return nil
    }
    let earlier = entries[start + existing]
    warnings.append(
      PropertyList.Warning(
        code: .duplicateKey,
        message: "duplicate key '\(key)' in dictionary: this later value is used, the earlier one is ignored",
        location: PropertyList.SourceLocation(offset: entry.rawKeyOffset, in: text),
        relatedLocation: PropertyList.SourceLocation(offset: earlier.rawKeyOffset, in: text)))
    entries[start + existing] = entry
    return nil
  }
}

/// A growable stack of values whose tops are moved out in bulk.
struct ScratchStack<Element>: ~Copyable {
  private var base: UnsafeMutablePointer<Element>
  private var capacity: Int
  private(set) var count = 0

  init() {
    capacity = 64
    base = .allocate(capacity: capacity)
  }

  deinit {
    base.deinitialize(count: count)
    base.deallocate()
  }

  @inline(__always)
  mutating func append(_ element: consuming Element) {
    if count == capacity {
      let bigger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
      bigger.moveInitialize(from: base, count: count)
      base.deallocate()
      base = bigger
      capacity *= 2
    }
    (base + count).initialize(to: element)
    count += 1
  }

  subscript(index: Int) -> Element {
    get { base[index] }
    set { base[index] = newValue }
  }

  /// Moves the elements from `start` to the top into a new array.
  ///
  /// Appending to a reserved array, rather than `Array(unsafeUninitializedCapacity:)`, keeps the
  /// array's allocation specialized: that initializer looks up generic metadata on every call.
  @inline(__always)
  mutating func take(from start: Int) -> [Element] {
    let n = count - start
    var array: [Element] = []
    array.reserveCapacity(n)
    for i in start..<count { array.append((base + i).move()) }
    count = start
    return array
  }
}

/// Shares the storage of repeated strings (dictionary keys, type identifiers), so a document
/// with thousands of `UTTypeIdentifier` keys allocates that key once.
///
/// Strings of up to 15 UTF-8 bytes are stored inline by Swift and need no sharing.
struct StringInterner {
  private var slots = [String?](repeating: nil, count: 1024)

  mutating func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    let n = bytes.count
    guard n > 15 && n <= 96 else { return String(decoding: bytes, as: UTF8.self) }
    // Length and the first and last eight bytes pick the slot; the bytes confirm it.
    let raw = UnsafeRawPointer(bytes.baseAddress!)
    let head = raw.loadUnaligned(as: UInt64.self)
    let tail = raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
    let mixed = (head &* 0x9E37_79B9_7F4A_7C15) ^ (tail &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(n)
    let slot = Int(truncatingIfNeeded: mixed >> 54)
    if var cached = slots[slot], cached.utf8.count == n {
      let same = cached.withUTF8 { CLibrary.equal($0.baseAddress!, bytes.baseAddress!, count: n) }
      if same { return cached }
    }
    let s = String(decoding: bytes, as: UTF8.self)
    slots[slot] = s
    return s
  }
}
