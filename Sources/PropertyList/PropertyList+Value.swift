#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension PropertyList {
  /// A property list value and the byte offset it was read from.
  ///
  /// Two values are equal when their contents are equal; offsets are not compared, so a value
  /// read from XML equals the same value read from binary.
  ///
  /// ```swift
  /// let value: PropertyList.Value = ["UTTypeIdentifier": "com.example.doc"]
  /// value.dictionary?["UTTypeIdentifier"]?.string  // "com.example.doc"
  /// ```
  public struct Value: Sendable, Hashable, CustomStringConvertible {
    /// The kinds of property list value, with their contents.
    public enum Storage: Sendable, Hashable {
      case string(String)
      case integer(Integer)
      case real(Double)
      case boolean(Bool)
      case date(Date)
      case data(Data)
      case array([Value])
      case dictionary(Dictionary)
      /// A keyed-archiver object reference (binary plists only).
      case uid(UInt64)
    }

    /// What the value holds.
    public var storage: Storage
    /// The offset as the readers store it: `-1` for a value not read from a source. Kept as a
    /// plain integer so that a value stays as small as the readers' hot paths need.
    package var rawOffset: Int

    /// The byte offset of the value in its source (the start of its element, token or object);
    /// nil for a value made in code.
    public var offset: Int? {
      get { rawOffset >= 0 ? rawOffset : nil }
      set { rawOffset = newValue ?? -1 }
    }

    /// Creates a value; `offset` is where it was read, or nil (the default) for one made in code.
    ///
    /// - Parameters:
    ///   - storage: The contents.
    ///   - offset: Where the value was read in its document's source, or nil.
    public init(_ storage: Storage, offset: Int? = nil) {
      self.storage = storage
      self.rawOffset = offset ?? -1
    }

    /// Creates a value read at `offset` (not negative), for the readers.
    @inline(__always)
    package init(_ storage: Storage, at offset: Int) {
      self.storage = storage
      self.rawOffset = offset
    }

    /// Whether two values hold equal contents (offsets are not compared; NaN equals NaN).
    ///
    /// - Parameters:
    ///   - lhs: A value to compare.
    ///   - rhs: Another value to compare.
    /// - Returns: Whether their contents are equal.
    public static func == (lhs: Value, rhs: Value) -> Bool {
      switch (lhs.storage, rhs.storage) {
      // NaN equals NaN here, as a value read twice must equal itself.
      case (.real(let a), .real(let b)): a == b || (a.isNaN && b.isNaN)
      case (.date(let a), .date(let b)):
        a == b || (a.timeIntervalSinceReferenceDate.isNaN && b.timeIntervalSinceReferenceDate.isNaN)
      default: lhs.storage == rhs.storage
      }
    }

    /// Hashes the contents, consistently with `==`.
    ///
    /// - Parameter hasher: The hasher to feed the contents to.
    public func hash(into hasher: inout Hasher) {
      switch storage {
      case .real(let r) where r.isNaN: hasher.combine(Double.nan.bitPattern)
      case .date(let d) where d.timeIntervalSinceReferenceDate.isNaN: hasher.combine(Double.nan.bitPattern)
      default: hasher.combine(storage)
      }
    }

    /// The name of the value's kind as the XML format spells it: `string`, `integer`, `dict` ….
    public var kindName: String {
      switch storage {
      case .string: "string"
      case .integer: "integer"
      case .real: "real"
      case .boolean: "boolean"
      case .date: "date"
      case .data: "data"
      case .array: "array"
      case .dictionary: "dictionary"
      case .uid: "UID"
      }
    }

    /// The string, if the value is one.
    public var string: String? { if case .string(let s) = storage { s } else { nil } }
    /// The array, if the value is one.
    public var array: [Value]? { if case .array(let a) = storage { a } else { nil } }
    /// The dictionary, if the value is one.
    public var dictionary: Dictionary? { if case .dictionary(let d) = storage { d } else { nil } }
    /// The integer, if the value is one.
    public var integer: Integer? { if case .integer(let i) = storage { i } else { nil } }
    /// The boolean, if the value is one.
    public var bool: Bool? { if case .boolean(let b) = storage { b } else { nil } }

    /// A compact rendering of the contents, for messages and debugging.
    public var description: String {
      switch storage {
      case .string(let s): "\"\(s)\""
      case .integer(let i): i.description
      case .real(let r): r.description
      case .boolean(let b): b.description
      case .date(let d): XMLDateFormat.string(d)
      case .data(let d): "<\(d.count) bytes>"
      case .array(let a): "[" + a.map(\.description).joined(separator: ", ") + "]"
      case .dictionary(let d): "[" + d.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "]"
      case .uid(let u): "UID(\(u))"
      }
    }
  }

  /// A property list integer: any value of `Int64` or `UInt64`.
  public struct Integer: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Whether the value is below zero.
    public let isNegative: Bool
    /// The absolute value; at most 2⁶³ when negative.
    public let magnitude: UInt64

    /// Creates a signed integer.
    ///
    /// - Parameter value: The integer.
    public init(_ value: Int64) {
      isNegative = value < 0
      magnitude = value.magnitude
    }

    /// Creates an unsigned integer.
    ///
    /// - Parameter value: The integer; values above `Int64.max` keep their full range.
    public init(_ value: UInt64) {
      isNegative = false
      magnitude = value
    }

    /// Creates an integer from sign and magnitude, or nil outside `Int64.min...UInt64.max`.
    ///
    /// - Parameters:
    ///   - isNegative: Whether the integer is below zero.
    ///   - magnitude: The integer's absolute value.
    public init?(isNegative: Bool, magnitude: UInt64) {
      if isNegative && magnitude > UInt64(1) << 63 { return nil }
      self.isNegative = isNegative && magnitude != 0
      self.magnitude = magnitude
    }

    /// The value as `Int64`, or nil when it exceeds `Int64.max`.
    public var int64: Int64? {
      if isNegative { return magnitude == UInt64(1) << 63 ? .min : -Int64(magnitude) }
      return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }

    /// The value as `UInt64`, or nil when it is negative.
    public var uint64: UInt64? { isNegative ? nil : magnitude }

    /// The value as `Int`, or nil when it does not fit.
    public var int: Int? { int64.flatMap { Int(exactly: $0) } }

    /// The integer in decimal.
    public var description: String { isNegative ? "-\(magnitude)" : "\(magnitude)" }

    /// Orders integers by value, across the signed and unsigned range.
    ///
    /// - Parameters:
    ///   - lhs: An integer to compare.
    ///   - rhs: Another integer to compare.
    /// - Returns: Whether `lhs` is less than `rhs`.
    public static func < (lhs: Integer, rhs: Integer) -> Bool {
      switch (lhs.isNegative, rhs.isNegative) {
      case (true, false): true
      case (false, true): false
      case (true, true): lhs.magnitude > rhs.magnitude
      case (false, false): lhs.magnitude < rhs.magnitude
      }
    }
  }

  /// A dictionary that keeps its keys in source order, with each key's offset.
  ///
  /// Keys are unique: when a source repeats a key, the last value wins (as on Apple platforms),
  /// keeps the first key's position, and the reader reports a ``Warning``.
  public struct Dictionary: Sendable, Hashable, RandomAccessCollection {
    /// A key, its offset, and its value.
    public struct Entry: Sendable, Hashable {
      /// The key.
      public var key: String
      /// The key's offset as the readers store it: `-1` for a key made in code.
      package var rawKeyOffset: Int
      /// The value.
      public var value: Value

      /// The byte offset of the key (`<key>` element, token, or binary object); nil for a key
      /// made in code.
      public var keyOffset: Int? {
        get { rawKeyOffset >= 0 ? rawKeyOffset : nil }
        set { rawKeyOffset = newValue ?? -1 }
      }

      /// An entry; `keyOffset` is where the key was read, or nil (the default) for one made in code.
      ///
      /// - Parameters:
      ///   - key: The key.
      ///   - keyOffset: Where the key was read in its document's source, or nil.
      ///   - value: The value.
      public init(key: String, keyOffset: Int? = nil, value: Value) {
        self.init(key: key, at: keyOffset ?? -1, value: value)
      }

      /// An entry whose key was read at `keyOffset`, for the readers.
      @inline(__always)
      package init(key: String, at keyOffset: Int, value: Value) {
        self.key = key
        self.rawKeyOffset = keyOffset
        self.value = value
      }

      /// Entries are equal when their keys and values are; offsets are not compared.
      ///
      /// - Parameters:
      ///   - lhs: An entry to compare.
      ///   - rhs: Another entry to compare.
      /// - Returns: Whether their keys and values are equal.
      public static func == (lhs: Entry, rhs: Entry) -> Bool { lhs.key == rhs.key && lhs.value == rhs.value }

      /// Hashes the key and value, consistently with `==`.
      ///
      /// - Parameter hasher: The hasher to feed the key and value to.
      public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(value)
      }
    }

    /// The entries in source order.
    public private(set) var entries: [Entry]

    /// Creates an empty dictionary.
    public init() { entries = [] }

    /// Creates a dictionary from entries, the last of equal keys winning at the first's position.
    ///
    /// - Parameter entries: The entries, in source order.
    public init(_ entries: [Entry]) {
      self.entries = []
      self.entries.reserveCapacity(entries.count)
      for entry in entries { _ = insert(entry) }
    }

    /// The position of the first entry.
    public var startIndex: Int { entries.startIndex }
    /// The position after the last entry.
    public var endIndex: Int { entries.endIndex }
    /// The entry at `position`, in source order.
    ///
    /// - Parameter position: An index in `0..<count`.
    /// - Returns: The entry at that position.
    public subscript(position: Int) -> Entry { entries[position] }

    /// The entry for `key`, compared exactly as Apple's plist dictionaries do: by Unicode
    /// scalars, so a precomposed `é` and `e` with a combining accent are different keys (Swift's
    /// `==` on strings would call them equal).
    /// - Complexity: O(*n*).
    /// - Parameter key: The key to find.
    /// - Returns: The entry with that key, or nil.
    public func entry(forKey key: String) -> Entry? {
      entries.first { PropertyList.sameKey($0.key, key) }
    }

    /// The value for `key`.
    /// - Complexity: O(*n*).
    /// - Parameter key: The key to find.
    /// - Returns: The value of the entry with that key, or nil.
    public subscript(key: String) -> Value? {
      get { entry(forKey: key)?.value }
      set {
        if let newValue {
          _ = insert(Entry(key: key, value: newValue))
        } else {
          entries.removeAll { PropertyList.sameKey($0.key, key) }
        }
      }
    }

    /// The keys in order.
    public var keys: [String] { entries.map(\.key) }

    /// Inserts or replaces; returns the entry replaced, if the key was present.
    ///
    /// - Parameter entry: The entry to insert; an entry with an equal key keeps its position.
    /// - Returns: The entry it replaced, or nil if the key was new.
    @discardableResult
    public mutating func insert(_ entry: Entry) -> Entry? {
      if let i = entries.firstIndex(where: { PropertyList.sameKey($0.key, entry.key) }) {
        let old = entries[i]
        entries[i] = entry
        return old
      }
      entries.append(entry)
      return nil
    }

    /// Replaces the entries with ones already known to have unique keys; the readers' fast path.
    mutating func replaceEntriesUnchecked(_ unique: [Entry]) { entries = unique }
  }
}

extension PropertyList {
  /// Whether two dictionary keys are the same key as Apple's property lists compare them
  /// (`NSString`'s literal comparison): the same Unicode scalars, with no canonical equivalence.
  @inline(__always)
  static func sameKey(_ a: String, _ b: String) -> Bool {
    a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8)
  }

  /// A dictionary key hashed and compared as ``sameKey(_:_:)`` compares, for the readers'
  /// indexes of large dictionaries.
  struct LiteralKey: Hashable {
    var string: String

    init(_ string: String) { self.string = string }

    static func == (lhs: LiteralKey, rhs: LiteralKey) -> Bool { sameKey(lhs.string, rhs.string) }

    func hash(into hasher: inout Hasher) {
      let hashed: Void? = string.utf8.withContiguousStorageIfAvailable {
        hasher.combine(bytes: UnsafeRawBufferPointer($0))
      }
      if hashed == nil { for byte in string.utf8 { hasher.combine(byte) } }
    }
  }
}

extension PropertyList.Value: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
  ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  /// A string value made in code.
  ///
  /// - Parameter value: The string.
  public init(stringLiteral value: String) { self.init(.string(value)) }
  /// An integer value made in code.
  ///
  /// - Parameter value: The integer.
  public init(integerLiteral value: Int64) { self.init(.integer(.init(value))) }
  /// A real value made in code.
  ///
  /// - Parameter value: The real number.
  public init(floatLiteral value: Double) { self.init(.real(value)) }
  /// A Boolean value made in code.
  ///
  /// - Parameter value: The Boolean.
  public init(booleanLiteral value: Bool) { self.init(.boolean(value)) }
  /// An array value made in code.
  ///
  /// - Parameter elements: The array's values, in order.
  public init(arrayLiteral elements: PropertyList.Value...) { self.init(.array(elements)) }
  /// A dictionary value made in code; a repeated key keeps its first position and its last value.
  ///
  /// - Parameter elements: The key and value pairs, in order.
  public init(dictionaryLiteral elements: (String, PropertyList.Value)...) {
    self.init(.dictionary(.init(elements.map { .init(key: $0.0, value: $0.1) })))
  }
}
