#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reading and writing property lists, with the source location of every value.
///
/// `PropertyList` is a namespace. ``PropertyList/parse(_:options:)-([UInt8],_)`` detects the format from the
/// bytes (XML, binary `bplist00`, OpenStep, or JSON) and returns a ``PropertyList/Document`` whose
/// values each carry the byte offset they were read from; ``PropertyList/Document/location(ofOffset:)``
/// turns an offset into a line and column when something is reported.
///
/// ```swift
/// let document = try PropertyList.parse(bytes)
/// if let types = document.root.dictionary?["UTExportedTypeDeclarations"] {
///   print(document.location(ofOffset: types.offset))   // 12:2
/// }
/// ```
///
/// Apple's counterpart is `PropertyListSerialization`, which gives no locations.
public enum PropertyList {}

extension PropertyList {
  /// The serialization formats a property list can be read from and written to.
  public enum Format: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The XML format (`xml1`), as Apple's tools write it.
    case xml = "xml1"
    /// The binary format (`binary1`, `bplist00`).
    case binary = "binary1"
    /// The old-style OpenStep (ASCII) format; read only.
    case openStep = "openstep"
    /// JSON, as `plutil -convert json` writes it.
    case json = "json"

    /// The format's name as `plutil -convert` spells it: `xml1`, `binary1`, `json`, `openstep`.
    public var description: String { rawValue }
  }

  /// Limits that keep hostile input from using unbounded time or memory.
  public struct ParseOptions: Sendable, Hashable {
    /// The deepest nesting of arrays and dictionaries accepted; deeper input is an error.
    public var maximumDepth: Int
    /// The largest number of values a binary plist may expand to, counting every reference
    /// to a shared object once per reference. `nil` chooses eight values per byte of input
    /// (at least one million), more than any writer produces without sharing collections.
    public var maximumBinaryExpansion: Int?

    /// Creates options with the given limits.
    ///
    /// - Parameters:
    ///   - maximumDepth: The deepest nesting of arrays and dictionaries accepted.
    ///   - maximumBinaryExpansion: The most values a binary property list may expand to through
    ///     shared references, or nil for eight per byte of input (at least one million).
    public init(maximumDepth: Int = 512, maximumBinaryExpansion: Int? = nil) {
      self.maximumDepth = maximumDepth
      self.maximumBinaryExpansion = maximumBinaryExpansion
    }

    /// Depth 512, expansion chosen from the input size.
    public static let `default` = ParseOptions()
  }

  /// A parsed property list: its root value, its format, the warnings found while reading it,
  /// and the source bytes, kept to compute line and column numbers on demand.
  public struct Document: Sendable {
    /// The top-level value.
    public var root: Value
    /// The format the document was read from.
    public var format: Format
    /// Problems that did not stop reading, such as duplicate dictionary keys.
    public var warnings: [Warning]
    /// The bytes that value offsets index: the input, or its UTF-8 transcoding for UTF-16 input.
    public let source: [UInt8]
    /// How the input became `source`.
    package let encoding: TextDecoding.Encoding

    init(root: Value, format: Format, warnings: [Warning], source: [UInt8], encoding: TextDecoding.Encoding = .utf8) {
      self.root = root
      self.format = format
      self.warnings = warnings
      self.source = source
      self.encoding = encoding
    }

    /// The location of a value offset (an index into ``source``): the line and column, and the
    /// byte offset in the original input (which differs from the value offset for UTF-16 input).
    ///
    /// Binary documents have no lines: their locations carry only the offset.
    /// - Complexity: O(*n*) in the offset; use ``LineTable`` to report many locations of UTF-8 input.
    /// - Parameter offset: An index into ``source``.
    /// - Returns: The offset's line, column and byte offset in the original input.
    public func location(ofOffset offset: Int) -> SourceLocation {
      if format == .binary { return SourceLocation(offset: offset) }
      var location = SourceLocation(offset: offset, in: source)
      location.offset = TextDecoding.originalOffset(offset, in: source, encoding: encoding)
      return location
    }

    /// The location of a value read from this document; nil for a value made in code.
    ///
    /// ```swift
    /// let document = try PropertyList.parse(bytes)
    /// document.location(of: document.root)?.description  // "4:1"
    /// ```
    /// - Complexity: O(*n*) in the value's offset.
    /// - Parameter value: A value of this document.
    /// - Returns: Where the value starts, or nil if it was not read from a source.
    public func location(of value: Value) -> SourceLocation? { value.offset.map(location(ofOffset:)) }
  }

  /// Detects the format of `bytes` and parses them.
  ///
  /// - Parameters:
  ///   - bytes: The file's contents.
  ///   - options: Limits on depth and expansion.
  /// - Returns: The document, with its warnings.
  /// - Throws: ``PropertyList/ParseError`` with the location of the first problem.
  /// - Complexity: O(*n*) in the size of the input.
  public static func parse(_ bytes: [UInt8], options: ParseOptions = .default) throws(ParseError) -> Document {
    if bytes.starts(with: BinaryReader.magicPrefix) {
      let (root, warnings) = try BinaryReader.parse(bytes, options: options)
      return Document(root: root, format: .binary, warnings: warnings, source: bytes)
    }
    let (text, encoding) = try TextDecoding.decode(bytes)
    do {
      let (root, warnings): (Value, [Warning])
      let format: Format
      switch TextDecoding.sniff(text) {
      case .xml: (root, warnings, format) = try XMLReader.parse(text, options: options) + (.xml)
      case .json: (root, warnings, format) = try JSONReader.parse(text, options: options) + (.json)
      case .openStep: (root, warnings, format) = try OpenStepReader.parse(text, options: options) + (.openStep)
      }
      return Document(
        root: root, format: format, warnings: warnings.map { $0.remapped(text, encoding) }, source: text,
        encoding: encoding)
    } catch {
      throw error.remapped(text, encoding)
    }
  }

  /// Parses `data`; see ``parse(_:options:)-([UInt8],_)``.
  ///
  /// - Parameters:
  ///   - data: The document's bytes, in any of the formats.
  ///   - options: Limits on depth and expansion.
  /// - Returns: The parsed document, with the format it was read in.
  /// - Throws: ``ParseError`` with the location of the first problem.
  public static func parse(_ data: Data, options: ParseOptions = .default) throws(ParseError) -> Document {
    try parse([UInt8](data), options: options)
  }
}

/// Appends a format to a reader's result.
private func + (lhs: (PropertyList.Value, [PropertyList.Warning]), rhs: PropertyList.Format) -> (
  PropertyList.Value, [PropertyList.Warning], PropertyList.Format
) { (lhs.0, lhs.1, rhs) }

extension PropertyList.SourceLocation {
  /// Moves the offset from the UTF-8 transcoding to the original UTF-16 bytes.
  func remapped(_ text: [UInt8], _ encoding: TextDecoding.Encoding) -> Self {
    var copy = self
    copy.offset = TextDecoding.originalOffset(offset, in: text, encoding: encoding)
    return copy
  }
}

extension PropertyList.ParseError {
  func remapped(_ text: [UInt8], _ encoding: TextDecoding.Encoding) -> Self {
    encoding == .utf8 ? self : .init(code, message, at: location.remapped(text, encoding))
  }
}

extension PropertyList.Warning {
  func remapped(_ text: [UInt8], _ encoding: TextDecoding.Encoding) -> Self {
    encoding == .utf8
      ? self
      : .init(
        code: code, message: message, location: location.remapped(text, encoding),
        relatedLocation: relatedLocation?.remapped(text, encoding))
  }
}
