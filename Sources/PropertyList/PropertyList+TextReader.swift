/// The frame the three text readers share (``XMLReader``, ``JSONReader``, ``OpenStepReader``):
/// the input's bytes from after its byte-order mark, the tree they build, and the errors and
/// messages they raise at an offset. Each reader keeps its own grammar in `run()`.
protocol TextReader: ~Copyable {
  /// The input (UTF-8), for the reader's hot loops.
  var p: UnsafeBufferPointer<UInt8> { get }
  /// The position in `p`.
  var i: Int { get set }
  /// The values read so far, and the input (for locations) and what it noticed (duplicate keys).
  var tree: TreeBuilder { get set }

  /// A reader at the start of `text`'s body, building its tree within `options`' limits.
  init(p: UnsafeBufferPointer<UInt8>, text: [UInt8], options: PropertyList.ParseOptions)

  /// Skips what the format lets stand between tokens: white space (and OpenStep's comments).
  mutating func skipSpace() throws(PropertyList.ParseError)

  /// Reads the document's root value, and checks that nothing but what the format allows follows.
  mutating func run() throws(PropertyList.ParseError) -> PropertyList.Value
}

extension TextReader where Self: ~Copyable {
  typealias Value = PropertyList.Value
  typealias ParseError = PropertyList.ParseError

  /// The input, for locations (computed only when an error is reported).
  var text: [UInt8] { tree.text }

  /// Reads `text` (UTF-8; a reader of UTF-16 input converts it first) as this format.
  static func parse(_ text: [UInt8], options: PropertyList.ParseOptions) throws(PropertyList.ParseError)
    -> (PropertyList.Value, [PropertyList.Warning])
  {
    try text.withUnsafeBufferPointer { p throws(PropertyList.ParseError) in
      var reader = Self(p: p, text: text, options: options)
      let root = try reader.run()
      return (root, reader.tree.warnings)
    }
  }

  /// An error at `offset`, its line and column computed now.
  func fail(_ code: PropertyList.ParseError.Code, _ message: String, at offset: Int) -> PropertyList.ParseError {
    PropertyList.ParseError(code, message, at: PropertyList.SourceLocation(offset: offset, in: text))
  }

  /// What is at the position, for messages: a described byte, or the end of the file.
  func found() -> String { i < p.count ? TextDecoding.describe(byte: p[i]) : "end of file" }

  /// Opens a dictionary or an array at its opening byte (the position `i`), and closes it at
  /// once when `closing` is the next token.
  /// - Parameters:
  ///   - dictionary: Whether the container is a dictionary.
  ///   - closing: The byte that closes it (`}`, `]` or `)`).
  /// - Returns: The container when it is empty (closed already), nil when its entries follow.
  /// - Throws: ``PropertyList/ParseError`` past the nesting limit, or from `skipSpace()`.
  mutating func openContainer(dictionary: Bool, closing: UInt8) throws(PropertyList.ParseError) -> PropertyList.Value? {
    let start = i
    i += 1
    try tree.open(dictionary: dictionary, offset: start)
    try skipSpace()
    guard i < p.count && p[i] == closing else { return nil }
    i += 1
    return tree.close()
  }
}

/// The two readers whose containers open and close with brackets, a dictionary `{` then a key
/// before each value (``JSONReader``, ``OpenStepReader``): they share how a value starts, and
/// each reads its own scalars and keys.
protocol BracketedTextReader: TextReader, ~Copyable {
  /// The bytes that open and close an array: `[` and `]` in JSON, `(` and `)` in OpenStep.
  static var arrayBrackets: (open: UInt8, close: UInt8) { get }

  /// Where a string with escapes is assembled.
  var scratch: [UInt8] { get set }

  /// Reads the rest of an escape sequence into ``scratch``: its backslash (at `start`) and the
  /// character `c` after it are read already, and the position is after them.
  mutating func unescape(_ c: UInt8, at start: Int) throws(PropertyList.ParseError)

  /// Reads a dictionary's key and what separates it from its value, from the position.
  mutating func key() throws(PropertyList.ParseError)

  /// Reads a value that is not a container, from its first byte (`start`, the position).
  mutating func scalar(at start: Int) throws(PropertyList.ParseError) -> PropertyList.Value
}

extension BracketedTextReader where Self: ~Copyable {
  /// Reads a value, or opens a container and returns nil (a dictionary's first key read); an
  /// empty container is returned closed.
  @inline(__always)
  mutating func valueStart() throws(PropertyList.ParseError) -> PropertyList.Value? {
    try skipSpace()
    guard i < p.count else { throw fail(.truncated, "unexpected end of file: expected a value", at: i) }
    let array = Self.arrayBrackets
    switch p[i] {
    case UInt8(ascii: "{"):
      if let empty = try openContainer(dictionary: true, closing: UInt8(ascii: "}")) { return empty }
      try key()
      return nil
    case array.open:
      return try openContainer(dictionary: false, closing: array.close)
    default:
      return try scalar(at: i)
    }
  }

  /// Reads the string whose opening quote is at the position, up to the same quote, unescaping
  /// its escapes (``unescape(_:at:)``).
  /// - Parameter controlsAllowed: Whether a raw control character may stand in it (not in JSON).
  /// - Returns: The string.
  /// - Throws: ``PropertyList/ParseError`` at a control character where none is allowed, a bad
  ///   escape, or the end of the input before the closing quote.
  @inline(__always)
  mutating func quoted(controlsAllowed: Bool) throws(PropertyList.ParseError) -> String {
    let open = i
    let quote = p[i]
    i += 1
    var segment = i
    scratch.removeAll(keepingCapacity: true)
    while i < p.count {
      let b = p[i]
      if b == quote {
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: p[segment..<i]))
        i += 1
        return String(decoding: scratch, as: UTF8.self)
      }
      if b < 0x20 && !controlsAllowed {
        throw fail(.syntax, "control character U+\(TextDecoding.hex(b, width: 4)) in a string must be escaped", at: i)
      }
      if b == UInt8(ascii: "\\") {
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: p[segment..<i]))
        guard i + 1 < p.count else { throw fail(.truncated, "unterminated escape sequence", at: i) }
        i += 2
        try unescape(p[i - 1], at: i - 2)
        segment = i
        continue
      }
      i += 1
    }
    throw fail(.truncated, "unterminated string: expected '\(Character(Unicode.Scalar(quote)))'", at: open)
  }
}
