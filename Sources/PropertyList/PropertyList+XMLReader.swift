#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads Apple's XML property list format.
///
/// A single pass over validated UTF-8 bytes with an explicit stack, so nesting depth costs heap,
/// not call stack. Entity declarations are rejected, never expanded; only the five predefined
/// entities and numeric character references are decoded.
struct XMLReader: TextReader, ~Copyable {
  enum Element: UInt8 {
    case plist, dict, array, key, string, integer, real, `true`, `false`, date, data

    var name: String { staticName.description }

    /// The element's name, as static bytes.
    var staticName: StaticString {
      switch self {
      case .plist: "plist"
      case .dict: "dict"
      case .array: "array"
      case .key: "key"
      case .string: "string"
      case .integer: "integer"
      case .real: "real"
      case .true: "true"
      case .false: "false"
      case .date: "date"
      case .data: "data"
      }
    }
  }

  /// A tag just read: its element (nil when unknown), its name, where it starts, and its form.
  struct Tag {
    enum Form { case start, empty, end }
    var element: Element?
    /// Where the name is in the source; decoded only for messages.
    var nameRange: Range<Int>
    var offset: Int
    var form: Form
  }

  func name(of tag: Tag) -> String {
    tag.element?.name ?? String(decoding: UnsafeBufferPointer(rebasing: p[tag.nameRange]), as: UTF8.self)
  }

  /// The tag as written, for messages: `<string>`, `<true/>`, `</dict>`.
  func rendered(_ tag: Tag) -> String {
    switch tag.form {
    case .start: "<\(name(of: tag))>"
    case .empty: "<\(name(of: tag))/>"
    case .end: "</\(name(of: tag))>"
    }
  }

  let p: UnsafeBufferPointer<UInt8>
  var i: Int
  var scratch: [UInt8] = []
  var tree: TreeBuilder

  init(p: UnsafeBufferPointer<UInt8>, text: [UInt8], options: PropertyList.ParseOptions) {
    self.p = p
    i = TextDecoding.bodyStart(text)
    tree = TreeBuilder(text: text, maximumDepth: options.maximumDepth)
  }

  mutating func run() throws(ParseError) -> Value { try document() }

  // MARK: Errors

  func locationText(_ offset: Int) -> String { PropertyList.SourceLocation(offset: offset, in: text).description }

  // MARK: Document

  mutating func document() throws(ParseError) -> Value {
    try prolog()
    guard i < p.count else {
      throw fail(.truncated, "empty document: expected <plist>", at: i)
    }
    let first = try tag()
    var root: Value
    if first.element == .plist && first.form != .end {
      if first.form == .empty {
        throw fail(.structure, "expected a value in <plist>, found <plist/>", at: first.offset)
      }
      try skipMisc(inside: .plist)
      guard i < p.count else {
        throw fail(
          .truncated, "unexpected end of file: <plist> opened at \(locationText(first.offset)) is not closed", at: i)
      }
      let valueTag = try tag()
      if valueTag.form == .end && valueTag.element == .plist {
        throw fail(.structure, "expected a value in <plist>, found </plist>", at: valueTag.offset)
      }
      root = try value(startingWith: valueTag, context: "in <plist>")
      try skipMisc(inside: .plist)
      guard i < p.count else {
        throw fail(
          .truncated, "unexpected end of file: <plist> opened at \(locationText(first.offset)) is not closed", at: i)
      }
      let close = try tag()
      guard close.form == .end && close.element == .plist else {
        throw fail(
          .structure, "expected </plist> after the top-level value, found \(rendered(close))", at: close.offset)
      }
    } else {
      root = try value(startingWith: first, context: "at the top level")
    }
    try skipMisc(inside: nil)
    if i < p.count {
      throw fail(.structure, "unexpected content after the end of the property list", at: i)
    }
    return root
  }

  /// Skips the XML declaration, comments, processing instructions and the DOCTYPE.
  mutating func prolog() throws(ParseError) {
    while true {
      skipSpace()
      guard i + 1 < p.count, p[i] == UInt8(ascii: "<") else { return }
      if p[i + 1] == UInt8(ascii: "?") {
        try skipProcessingInstruction()
      } else if starts(with: "<!--") {
        try skipComment()
      } else if starts(with: "<!DOCTYPE") {
        try skipDoctype()
      } else {
        return
      }
    }
  }

  /// Skips a `<!DOCTYPE …>` and, inside it, its internal subset (`[ … ]`), both up to their
  /// closing byte outside quoted strings. The subset may hold comments but no entity
  /// declarations.
  mutating func skipDoctype(subset: Bool = false) throws(ParseError) {
    let start = i
    i += subset ? 1 : 9  // '[' or '<!DOCTYPE'
    let end = subset ? UInt8(ascii: "]") : UInt8(ascii: ">")
    var quote: UInt8 = 0
    while i < p.count {
      let b = p[i]
      if quote != 0 {
        if b == quote { quote = 0 }
      } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
        quote = b
      } else if b == end {
        i += 1
        return
      } else if !subset && b == UInt8(ascii: "[") {
        try skipDoctype(subset: true)
        continue
      } else if subset && starts(with: "<!ENTITY") {
        throw fail(
          .unsupported,
          "entity declarations are not supported: property lists use only the predefined entities, and declared ones could expand without bound; remove the <!ENTITY",
          at: i)
      } else if subset && starts(with: "<!--") {
        try skipComment()
        continue
      }
      i += 1
    }
    throw fail(
      .truncated,
      subset ? "unterminated internal subset of <!DOCTYPE: expected ']'" : "unterminated <!DOCTYPE: expected '>'",
      at: start)
  }

  mutating func skipProcessingInstruction() throws(ParseError) {
    let start = i
    i += 2
    while i + 1 < p.count {
      if p[i] == UInt8(ascii: "?") && p[i + 1] == UInt8(ascii: ">") {
        i += 2
        return
      }
      i += 1
    }
    i = p.count
    throw fail(.truncated, "unterminated processing instruction: expected '?>'", at: start)
  }

  mutating func skipComment() throws(ParseError) {
    let start = i
    i += 4
    while i + 2 < p.count {
      if p[i] == UInt8(ascii: "-") && p[i + 1] == UInt8(ascii: "-") && p[i + 2] == UInt8(ascii: ">") {
        i += 3
        return
      }
      i += 1
    }
    i = p.count
    throw fail(.truncated, "unterminated comment: expected '-->'", at: start)
  }

  /// Skips white space, comments and processing instructions; other text is an error.
  mutating func skipMisc(inside container: Element?) throws(ParseError) {
    while i < p.count {
      let b = p[i]
      if TextDecoding.isSpace(b) {
        i += 1
      } else if b == UInt8(ascii: "<") {
        // Most tags are elements: look at the next byte before comparing for `<!--`.
        let next = i + 1 < p.count ? p[i + 1] : 0
        if next == UInt8(ascii: "!") && starts(with: "<!--") {
          try skipComment()
        } else if next == UInt8(ascii: "?") {
          try skipProcessingInstruction()
        } else {
          return
        }
      } else {
        var end = i
        while end < p.count && end - i < 20 && p[end] != UInt8(ascii: "<") && p[end] != 0x0A { end += 1 }
        let snippet = String(decoding: UnsafeBufferPointer(rebasing: p[i..<end]), as: UTF8.self)
        let place = container.map { "in <\($0.name)>" } ?? "after the end of the property list"
        throw fail(.syntax, "unexpected text '\(snippet)' \(place): expected an element", at: i)
      }
    }
  }

  @inline(__always) mutating func skipSpace() {
    while i < p.count && TextDecoding.isSpace(p[i]) { i += 1 }
  }

  @inline(__always) func starts(with literal: StaticString) -> Bool {
    let n = literal.utf8CodeUnitCount
    guard i + n <= p.count else { return false }
    let lp = literal.utf8Start
    for k in 0..<n where p[i + k] != lp[k] { return false }
    return true
  }

  // MARK: Values

  static let valueNames = "<string>, <integer>, <real>, <true/>, <false/>, <date>, <data>, <array> or <dict>"

  /// Reads the value that starts with `first`, and everything nested in it.
  mutating func value(startingWith first: Tag, context topContext: String) throws(ParseError) -> Value {
    var next = first
    while true {
      // `next` is a tag read where a value may start, or where the innermost container may close.
      var produced: Value? = nil
      if next.form == .end {
        guard let isDictionary = tree.topIsDictionary, next.element == (isDictionary ? .dict : .array),
          !tree.topAwaitsValue
        else { throw misplacedEnd(next, context: topContext) }
        produced = tree.close()
      } else if tree.topIsDictionary == true && !tree.topAwaitsValue {
        // A dictionary wants a key here.
        guard next.element == .key else {
          throw fail(.structure, "expected <key> or </dict> in <dict>, found \(rendered(next))", at: next.offset)
        }
        let key = next.form == .empty ? "" : try textContent(of: .key, openedAt: next.offset)
        tree.setKey(key, offset: next.offset)
      } else {
        guard let element = next.element, element != .key, element != .plist else {
          throw notAValue(next, context: topContext)
        }
        switch element {
        case .array, .dict:
          if next.form == .empty {
            produced = Value(element == .array ? .array([]) : .dictionary(.init()), at: next.offset)
          } else {
            try tree.open(dictionary: element == .dict, offset: next.offset)
          }
        default:
          produced = try scalar(element, tag: next)
        }
      }
      if let value = produced, let root = tree.add(value) { return root }
      try skipMisc(inside: tree.topIsDictionary! ? .dict : .array)
      guard i < p.count else { throw unclosed() }
      next = try tag()
    }
  }

  /// Where a value is expected, for messages: after a key, in a container, or `topContext`.
  func valueContext(_ topContext: String) -> String {
    guard let top = tree.top else { return topContext }
    return top.pendingKey.map { "after <key>\($0)</key>" } ?? "in <\(top.isDictionary ? "dict" : "array")>"
  }

  /// An end tag where a value is due, or one that closes another element than the innermost.
  func misplacedEnd(_ tag: Tag, context topContext: String) -> ParseError {
    guard let top = tree.top else {
      return fail(.structure, "expected a value \(valueContext(topContext)), found \(rendered(tag))", at: tag.offset)
    }
    if let key = top.pendingKey {
      return fail(.structure, "expected a value after <key>\(key)</key>, found \(rendered(tag))", at: tag.offset)
    }
    let name = top.isDictionary ? "dict" : "array"
    return fail(
      .structure,
      "expected </\(name)> to close <\(name)> opened at \(locationText(top.offset)), found \(rendered(tag))",
      at: tag.offset)
  }

  /// A tag that starts no value: a key where a value is due, `<plist>`, or an unknown element.
  func notAValue(_ tag: Tag, context topContext: String) -> ParseError {
    if tag.element == .key, let key = tree.top?.pendingKey {
      return fail(.structure, "expected a value after <key>\(key)</key>, found <key>", at: tag.offset)
    }
    let what = tag.element == nil ? "unknown element \(rendered(tag))" : rendered(tag)
    return fail(
      .structure, "expected a value (\(Self.valueNames)) \(valueContext(topContext)), found \(what)", at: tag.offset)
  }

  /// The end of the input inside a container.
  func unclosed() -> ParseError {
    let top = tree.top!
    if let key = top.pendingKey {
      return fail(.truncated, "unexpected end of file: expected a value after <key>\(key)</key>", at: i)
    }
    let name = top.isDictionary ? "dict" : "array"
    return fail(
      .truncated, "unexpected end of file: <\(name)> opened at \(locationText(top.offset)) is not closed", at: i)
  }

  mutating func scalar(_ element: Element, tag: Tag) throws(ParseError) -> Value {
    let offset = tag.offset
    switch element {
    case .true, .false:
      if tag.form == .start {
        skipSpace()
        let close = i < p.count && p[i] == UInt8(ascii: "<") ? try self.tag() : nil
        guard let close, close.form == .end, close.element == element else {
          throw fail(.syntax, "<\(element.name)> must be empty: write <\(element.name)/>", at: offset)
        }
      }
      return Value(.boolean(element == .true), at: offset)
    case .string:
      return Value(.string(tag.form == .empty ? "" : try textContent(of: .string, openedAt: offset)), at: offset)
    case .data:
      let text = tag.form == .empty ? "" : try textContent(of: .data, openedAt: offset)
      guard let data = Base64.decode(text.utf8) else {
        throw fail(.syntax, "invalid base64 in <data>: \(Base64.problem(text.utf8))", at: offset)
      }
      return Value(.data(data), at: offset)
    case .integer, .real, .date:
      guard tag.form == .start else {
        throw fail(.syntax, "<\(element.name)/> is empty: expected a \(element.name) value", at: offset)
      }
      let text = try textContent(of: element, openedAt: offset)
      let trimmed = Substring(text).trimmingSpace
      switch element {
      case .integer:
        switch NumberParsing.integer(trimmed) {
        case .success(let n): return Value(.integer(n), at: offset)
        case .failure(let problem): throw fail(problem.code, "\(problem.message) in <integer>", at: offset)
        }
      case .real:
        guard let r = NumberParsing.real(trimmed) else {
          throw fail(.syntax, "invalid real '\(trimmed)': expected a decimal number, nan, or [+-]inf", at: offset)
        }
        return Value(.real(r), at: offset)
      default:
        guard let date = DateParsing.parseISO8601(trimmed) else {
          throw fail(.syntax, "invalid date '\(trimmed)': expected YYYY-MM-DDTHH:MM:SSZ", at: offset)
        }
        return Value(.date(date), at: offset)
      }
    default:
      fatalError("not a scalar element")
    }
  }

}

extension PropertyList.Dictionary {
  /// Wraps entries already known to have unique keys.
  init(uniqueEntries: [Entry]) {
    self.init()
    self.replaceEntriesUnchecked(uniqueEntries)
  }
}

extension Substring {
  var trimmingSpace: Substring {
    var s = self
    while let f = s.utf8.first, TextDecoding.isSpace(f) { s = s.dropFirst() }
    while let l = s.utf8.last, TextDecoding.isSpace(l) { s = s.dropLast() }
    return s
  }
}
