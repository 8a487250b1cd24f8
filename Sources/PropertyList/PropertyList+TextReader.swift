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
