#if canImport(UTIPlatform)
  import UTIPlatform
#endif

extension MIMEPackage {
  /// Why a package file could not be read: where, and what was expected.
  package struct Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
    package var path: String
    package var line: Int
    package var column: Int
    package var message: String

    /// `path:line:column: message`.
    package var description: String { "\(path):\(line):\(column): \(message)" }
  }

  /// How deep elements may nest before a file is taken as hostile.
  static let depthLimit = 64
  /// How large a package file may be.
  static let sizeLimit = 16 << 20
  /// How long a magic value (and its mask) may be.
  static let valueLimit = 4096

  /// Reads a package file (`packages/*.xml`).
  /// - Throws: ``Error`` with the line and column of the first problem.
  package init(contentsOf path: String) throws(Error) {
    let bytes: [UInt8]
    do {
      bytes = try FileIO.readPrefix(path, count: Self.sizeLimit + 1)
    } catch {
      throw Error(path: path, line: 0, column: 0, message: "cannot read: \(FileIO.reason(error.code))")
    }
    guard bytes.count <= Self.sizeLimit else {
      throw Error(path: path, line: 0, column: 0, message: "larger than \(Self.sizeLimit >> 20) MB")
    }
    try self.init(xml: bytes, path: path)
  }

  /// Reads package XML held in memory (`path` names it in messages).
  package init(xml bytes: [UInt8], path: String) throws(Error) {
    var reader = PackageReader(tokens: XMLTokens(bytes: bytes), path: path)
    self = try reader.read()
  }

  /// Adds `other`'s types: a type already present is merged (its lists extended, a missing
  /// comment or icon filled in), a new one appended.
  package mutating func merge(_ other: MIMEPackage) {
    for entry in other.types { add(entry) }
  }

  mutating func add(_ entry: TypeEntry) {
    guard let index = types.firstIndex(where: { $0.mimeType == entry.mimeType }) else {
      types.append(entry)
      return
    }
    var merged = types[index]
    merged.comment = merged.comment ?? entry.comment
    for alias in entry.aliases where !merged.aliases.contains(alias) { merged.aliases.append(alias) }
    for parent in entry.parents where !merged.parents.contains(parent) { merged.parents.append(parent) }
    for glob in entry.globs where !merged.globs.contains(glob) { merged.globs.append(glob) }
    merged.magic += entry.magic
    merged.rootXML += entry.rootXML
    merged.icon = merged.icon ?? entry.icon
    merged.genericIcon = merged.genericIcon ?? entry.genericIcon
    types[index] = merged
  }
}

/// The tokens of an XML document: start and end tags with their attributes, and character
/// data, with comments, processing instructions and the `DOCTYPE` skipped (its entities are
/// never expanded) and well-formedness checked as far as this reader needs.
struct XMLTokens {
  enum Token {
    case start(name: String, attributes: [String: String], isEmpty: Bool, offset: Int)
    case end(name: String, offset: Int)
    case text(String)
    case end0
  }

  let bytes: [UInt8]
  var position = 0
  var open: [String] = []

  init(bytes: [UInt8]) { self.bytes = bytes }

  /// The line and column (both from 1) of a byte offset.
  func location(_ offset: Int) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    for byte in bytes[..<min(offset, bytes.count)] {
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return (line, column)
  }

  struct Failure: Swift.Error {
    var offset: Int
    var message: String
  }

  mutating func next() throws(Failure) -> Token {
    while position < bytes.count {
      if bytes[position] != UInt8(ascii: "<") {
        let start = position
        while position < bytes.count && bytes[position] != UInt8(ascii: "<") { position += 1 }
        let text = bytes[start..<position]
        if text.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) { continue }
        guard !open.isEmpty else { throw Failure(offset: start, message: "text outside the document element") }
        return .text(XMLText.decode(text))
      }
      let start = position
      if skip("<?") {
        try skip(through: "?>", from: start, what: "processing instruction")
      } else if skip("<!--") {
        try skip(through: "-->", from: start, what: "comment")
      } else if skip("<![CDATA[") {
        let from = position
        try skip(through: "]]>", from: start, what: "CDATA section")
        return .text(String(decoding: bytes[from..<(position - 3)], as: UTF8.self))
      } else if skip("<!DOCTYPE") {
        try skipDoctype(from: start)
      } else if skip("</") {
        let name = try self.name()
        skipSpace()
        guard skip(">") else { throw Failure(offset: position, message: "expected '>' to end the tag </\(name)") }
        guard let last = open.popLast() else { throw Failure(offset: start, message: "</\(name)> closes nothing") }
        guard last == name else { throw Failure(offset: start, message: "</\(name)> closes <\(last)>") }
        return .end(name: name, offset: start)
      } else {
        position += 1
        return try startTag(at: start)
      }
    }
    if let last = open.last { throw Failure(offset: bytes.count, message: "the file ends inside <\(last)>") }
    return .end0
  }

  private mutating func startTag(at start: Int) throws(Failure) -> Token {
    let name = try self.name()
    var attributes: [String: String] = [:]
    while true {
      let hadSpace = skipSpace()
      if skip("/>") { return .start(name: name, attributes: attributes, isEmpty: true, offset: start) }
      if skip(">") {
        guard open.count < MIMEPackage.depthLimit else {
          throw Failure(offset: start, message: "elements nest deeper than \(MIMEPackage.depthLimit) levels")
        }
        open.append(name)
        return .start(name: name, attributes: attributes, isEmpty: false, offset: start)
      }
      guard hadSpace, position < bytes.count else {
        throw Failure(offset: position, message: "expected an attribute, '>' or '/>' in <\(name)>")
      }
      let attributeStart = position
      let attribute = try self.name()
      skipSpace()
      guard skip("=") else { throw Failure(offset: position, message: "expected '=' after the attribute \(attribute)") }
      skipSpace()
      let value = try quoted()
      guard attributes.updateValue(value, forKey: attribute) == nil else {
        throw Failure(offset: attributeStart, message: "the attribute \(attribute) is given twice")
      }
    }
  }

  private mutating func name() throws(Failure) -> String {
    let start = position
    while position < bytes.count {
      let byte = bytes[position]
      let isNameByte =
        byte >= 0x80 || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == UInt8(ascii: "_")
        || byte == UInt8(ascii: ":")
        || (position > start && ((byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x2E))
      guard isNameByte else { break }
      position += 1
    }
    guard position > start else { throw Failure(offset: start, message: "expected a name") }
    return String(decoding: bytes[start..<position], as: UTF8.self)
  }

  private mutating func quoted() throws(Failure) -> String {
    guard position < bytes.count, bytes[position] == 0x22 || bytes[position] == 0x27 else {
      throw Failure(offset: position, message: "expected a quoted attribute value")
    }
    let quote = bytes[position]
    let start = position + 1
    position = start
    while position < bytes.count && bytes[position] != quote {
      guard bytes[position] != UInt8(ascii: "<") else {
        throw Failure(offset: position, message: "'<' in an attribute value")
      }
      position += 1
    }
    guard position < bytes.count else { throw Failure(offset: start - 1, message: "the attribute value never ends") }
    position += 1
    return XMLText.decode(bytes[start..<(position - 1)])
  }

  @discardableResult
  private mutating func skipSpace() -> Bool {
    let start = position
    while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    return position > start
  }

  private mutating func skip(_ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard position + count <= bytes.count else { return false }
    for k in 0..<count where bytes[position + k] != literal.utf8Start[k] { return false }
    position += count
    return true
  }

  private mutating func skip(through literal: StaticString, from start: Int, what: String) throws(Failure) {
    while position < bytes.count {
      if skip(literal) { return }
      position += 1
    }
    throw Failure(offset: start, message: "the \(what) never ends")
  }

  /// Skips the rest of a `DOCTYPE`: up to its closing `>`, over an internal subset in brackets
  /// and over quoted strings (an entity's value may hold `]` or `>`).
  private mutating func skipDoctype(from start: Int) throws(Failure) {
    var depth = 0
    while position < bytes.count {
      let byte = bytes[position]
      position += 1
      switch byte {
      case UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "]"): depth -= 1
      case UInt8(ascii: "\""), UInt8(ascii: "'"):
        while position < bytes.count && bytes[position] != byte { position += 1 }
        position += 1
      case UInt8(ascii: ">") where depth <= 0: return
      default: break
      }
    }
    throw Failure(offset: start, message: "the DOCTYPE never ends")
  }
}

/// The freedesktop elements read from the tokens.
struct PackageReader {
  var tokens: XMLTokens
  let path: String
  /// The prefix the document binds to ``MIMEPackage/declarationNamespace`` on `<mime-info>`.
  var declarationPrefix: String?

  func error(_ offset: Int, _ message: String) -> MIMEPackage.Error {
    let (line, column) = tokens.location(offset)
    return MIMEPackage.Error(path: path, line: line, column: column, message: message)
  }

  mutating func next() throws(MIMEPackage.Error) -> XMLTokens.Token {
    do {
      return try tokens.next()
    } catch {
      throw self.error(error.offset, error.message)
    }
  }

  mutating func read() throws(MIMEPackage.Error) -> MIMEPackage {
    var package = MIMEPackage()
    guard case .start(let name, let attributes, let isEmpty, let offset) = try next() else {
      throw error(0, "expected the document element <mime-info>")
    }
    guard name == "mime-info" else { throw error(offset, "expected <mime-info>, found <\(name)>") }
    if isEmpty { return package }
    declarationPrefix = Self.prefix(of: MIMEPackage.declarationNamespace, in: attributes)
    while true {
      switch try next() {
      case .start(let name, let attributes, let isEmpty, let offset) where name == "mime-type":
        package.add(try mimeType(attributes, isEmpty: isEmpty, offset: offset))
      case .start(_, _, let isEmpty, _): if !isEmpty { try skipElement() }
      case .text: continue
      case .end, .end0:
        guard case .end0 = try next() else { throw error(tokens.position, "content after </mime-info>") }
        return package
      }
    }
  }

  /// Skips the rest of an element whose start tag was read.
  mutating func skipElement() throws(MIMEPackage.Error) {
    var depth = 1
    while depth > 0 {
      switch try next() {
      case .start(_, _, let isEmpty, _): if !isEmpty { depth += 1 }
      case .end: depth -= 1
      case .text: continue
      case .end0: return
      }
    }
  }

  /// The text of an element whose start tag was read, up to its end tag.
  mutating func text(isEmpty: Bool) throws(MIMEPackage.Error) -> String {
    guard !isEmpty else { return "" }
    var text = ""
    while true {
      switch try next() {
      case .text(let part): text += part
      case .start(_, _, let isEmpty, _): if !isEmpty { try skipElement() }
      case .end, .end0: return text
      }
    }
  }

  func required(_ attribute: String, _ attributes: [String: String], in element: String, offset: Int)
    throws(MIMEPackage.Error) -> String
  {
    guard let value = attributes[attribute], !value.isEmpty else {
      throw error(offset, "<\(element)> needs a \(attribute) attribute")
    }
    return value
  }

  mutating func mimeType(_ attributes: [String: String], isEmpty: Bool, offset: Int) throws(MIMEPackage.Error)
    -> MIMEPackage.TypeEntry
  {
    let type = try required("type", attributes, in: "mime-type", offset: offset)
    guard MIMEPackage.isMIMEType(type) else { throw error(offset, "'\(type)' is not a MIME type (media/subtype)") }
    var entry = MIMEPackage.TypeEntry(mimeType: type)
    entry.offset = offset
    if isEmpty { return entry }
    while true {
      switch try next() {
      case .start(let name, let attributes, let isEmpty, let offset):
        try element(name, attributes, isEmpty: isEmpty, offset: offset, into: &entry)
      case .text: continue
      case .end, .end0: return entry
      }
    }
  }

  mutating func element(
    _ name: String, _ attributes: [String: String], isEmpty: Bool, offset: Int, into entry: inout MIMEPackage.TypeEntry
  ) throws(MIMEPackage.Error) {
    switch name {
    case "comment":
      let text = try self.text(isEmpty: isEmpty)
      if attributes["xml:lang"] == nil, entry.comment == nil { entry.comment = text }
      return
    case "alias", "sub-class-of":
      let type = try required("type", attributes, in: name, offset: offset)
      guard MIMEPackage.isMIMEType(type) else { throw error(offset, "'\(type)' is not a MIME type (media/subtype)") }
      if name == "alias" { entry.aliases.append(type) } else { entry.parents.append(type) }
    case "glob":
      var glob = MIMEPackage.Glob(pattern: try required("pattern", attributes, in: name, offset: offset))
      if let weight = attributes["weight"] {
        guard let value = Int(weight), (0...100).contains(value) else {
          throw error(offset, "a glob's weight is a number from 0 to 100, not '\(weight)'")
        }
        glob.weight = value
      }
      glob.caseSensitive = attributes["case-sensitive"] == "true"
      entry.globs.append(glob)
    case "glob-deleteall": entry.globs.removeAll()
    case "magic-deleteall": entry.magic.removeAll()
    case "magic":
      var magic = MIMEPackage.Magic(priority: try priority(attributes, offset: offset))
      if !isEmpty { magic.matchlets = try matchlets(until: "magic") }
      entry.magic.append(magic)
      return
    case "root-XML":
      let namespace = try required("namespaceURI", attributes, in: name, offset: offset)
      entry.rootXML.append((namespace, attributes["localName"] ?? ""))
    case "icon", "generic-icon":
      let icon = try required("name", attributes, in: name, offset: offset)
      if name == "icon" { entry.icon = icon } else { entry.genericIcon = icon }
    case declarationPrefix.map({ $0 + ":type-identifier" }):
      entry.typeIdentifier = try self.text(isEmpty: isEmpty)
      return
    case declarationPrefix.map({ $0 + ":derived-mime-type" }):
      entry.isNameDerived = true
    case declarationPrefix.map({ $0 + ":conforms-to" }):
      entry.conformsTo.append(try self.text(isEmpty: isEmpty))
      return
    default: break
    }
    if !isEmpty { try skipElement() }
  }

  /// The prefix `attributes` bind to `namespace` (`xmlns:uti="…"` gives `uti`), if any.
  static func prefix(of namespace: String, in attributes: [String: String]) -> String? {
    attributes.first { $0.key.hasPrefix("xmlns:") && $0.value == namespace }.map { String($0.key.dropFirst(6)) }
  }

  func priority(_ attributes: [String: String], offset: Int) throws(MIMEPackage.Error) -> Int {
    guard let text = attributes["priority"] else { return 50 }
    guard let value = Int(text), (0...100).contains(value) else {
      throw error(offset, "a magic priority is a number from 0 to 100, not '\(text)'")
    }
    return value
  }

  /// The `<match>` children up to the end of the enclosing element.
  mutating func matchlets(until element: String) throws(MIMEPackage.Error) -> [MIMEPackage.Matchlet] {
    var result: [MIMEPackage.Matchlet] = []
    while true {
      switch try next() {
      case .start(let name, let attributes, let isEmpty, let offset):
        guard name == "match" else {
          if !isEmpty { try skipElement() }
          continue
        }
        var matchlet: MIMEPackage.Matchlet
        do {
          matchlet = try MagicValue.matchlet(attributes)
        } catch {
          throw self.error(offset, error.message)
        }
        if !isEmpty { matchlet.children = try matchlets(until: "match") }
        result.append(matchlet)
      case .text: continue
      case .end, .end0: return result
      }
    }
  }
}
