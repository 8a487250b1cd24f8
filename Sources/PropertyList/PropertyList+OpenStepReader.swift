#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads the old-style OpenStep (ASCII) format: `{ key = value; }` dictionaries, `( a, b )`
/// arrays, quoted or unquoted strings, `<0fbd77>` data, and `//` and `/* */` comments.
/// A top level of `key = value;` pairs without braces (a `.strings` file) reads as a dictionary.
struct OpenStepReader: BracketedTextReader, ~Copyable {
  let p: UnsafeBufferPointer<UInt8>
  var i: Int
  var tree: TreeBuilder
  var scratch: [UInt8] = []
  /// True when the top level is a brace-less `.strings` dictionary.
  var implicitDictionary = false

  init(p: UnsafeBufferPointer<UInt8>, text: [UInt8], options: PropertyList.ParseOptions) {
    self.p = p
    i = TextDecoding.bodyStart(text)
    tree = TreeBuilder(text: text, maximumDepth: options.maximumDepth)
  }

  /// Skips white space and comments.
  mutating func skipSpace() throws(ParseError) {
    while i < p.count {
      let b = p[i]
      if TextDecoding.isSpace(b) {
        i += 1
      } else if b == UInt8(ascii: "/") && i + 1 < p.count && p[i + 1] == UInt8(ascii: "/") {
        while i < p.count && p[i] != 0x0A { i += 1 }
      } else if b == UInt8(ascii: "/") && i + 1 < p.count && p[i + 1] == UInt8(ascii: "*") {
        let start = i
        i += 2
        while i + 1 < p.count && !(p[i] == UInt8(ascii: "*") && p[i + 1] == UInt8(ascii: "/")) { i += 1 }
        guard i + 1 < p.count else { throw fail(.truncated, "unterminated comment: expected '*/'", at: start) }
        i += 2
      } else {
        return
      }
    }
  }

  static func isUnquoted(_ b: UInt8) -> Bool {
    (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
      || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
      || "_$+/:.-".utf8.contains(b)
  }

  mutating func run() throws(ParseError) -> Value {
    try skipSpace()
    guard i < p.count else { throw fail(.truncated, "empty document: expected a value", at: i) }
    try openStringsFile()
    while true {
      var produced = try valueStart()
      while let value = produced {
        if let root = tree.add(value) {
          try skipSpace()
          guard i == p.count else { throw fail(.syntax, "unexpected \(found()) after the top-level value", at: i) }
          return root
        }
        try skipSpace()
        produced = try tree.top!.isDictionary ? afterDictionaryValue() : afterArrayElement()
      }
    }
  }

  /// A `.strings` file (`key = value;` at the top level, no braces) opens its implicit dictionary.
  mutating func openStringsFile() throws(ParseError) {
    guard p[i] == UInt8(ascii: "\"") || Self.isUnquoted(p[i]) else { return }
    let save = i
    _ = try string()
    try skipSpace()
    let isStrings = i < p.count && p[i] == UInt8(ascii: "=")
    i = save
    if isStrings {
      implicitDictionary = true
      try tree.open(dictionary: true, offset: save)
      try key()
    }
  }

  /// After a dictionary's value: `;`, then the dictionary's end (the dictionary, closed) or the
  /// next key (nil).
  mutating func afterDictionaryValue() throws(ParseError) -> Value? {
    guard i < p.count, p[i] == UInt8(ascii: ";") else {
      throw fail(.syntax, "expected ';' after a dictionary value, found \(found())", at: i)
    }
    i += 1
    try skipSpace()
    let atEnd =
      implicitDictionary && tree.stack.count == 1 ? i == p.count : (i < p.count && p[i] == UInt8(ascii: "}"))
    guard atEnd else {
      try key()
      return nil
    }
    if !implicitDictionary || tree.stack.count > 1 { i += 1 }
    return tree.close()
  }

  /// After an array's element: `,` (and perhaps the end), or `)`; the array, closed, at its end.
  mutating func afterArrayElement() throws(ParseError) -> Value? {
    guard i < p.count else { throw fail(.truncated, "unexpected end of file: expected ',' or ')'", at: i) }
    if p[i] == UInt8(ascii: ",") {
      i += 1
      try skipSpace()
      guard i < p.count && p[i] == UInt8(ascii: ")") else { return nil }
      i += 1
      return tree.close()
    } else if p[i] == UInt8(ascii: ")") {
      i += 1
      return tree.close()
    }
    throw fail(.syntax, "expected ',' or ')' after an array element, found \(found())", at: i)
  }

  /// Reads `key =` in a dictionary.
  mutating func key() throws(ParseError) {
    try skipSpace()
    guard i < p.count, p[i] == UInt8(ascii: "\"") || p[i] == UInt8(ascii: "'") || Self.isUnquoted(p[i]) else {
      throw fail(.syntax, "expected a string key in a dictionary, found \(found())", at: i)
    }
    let offset = i
    let key = try string()
    try skipSpace()
    guard i < p.count, p[i] == UInt8(ascii: "=") else {
      throw fail(.syntax, "expected '=' after the key \"\(key)\", found \(found())", at: i)
    }
    i += 1
    tree.setKey(key, offset: offset)
  }

  static var arrayBrackets: (open: UInt8, close: UInt8) { (UInt8(ascii: "("), UInt8(ascii: ")")) }

  /// Reads `<data>`, or a quoted or unquoted string.
  mutating func scalar(at start: Int) throws(ParseError) -> Value {
    switch p[start] {
    case UInt8(ascii: "<"):
      return Value(.data(try data()), at: start)
    case UInt8(ascii: "\""), UInt8(ascii: "'"):
      return Value(.string(try string()), at: start)
    case let b where Self.isUnquoted(b):
      return Value(.string(try string()), at: start)
    default:
      throw fail(.syntax, "expected a value, found \(found())", at: start)
    }
  }

  mutating func data() throws(ParseError) -> Data {
    let start = i
    i += 1
    var bytes: [UInt8] = []
    var high: UInt8? = nil
    while i < p.count && p[i] != UInt8(ascii: ">") {
      let b = p[i]
      let nibble: UInt8
      switch b {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = b - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = b - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = b - UInt8(ascii: "A") + 10
      case _ where TextDecoding.isSpace(b):
        i += 1
        continue
      default:
        throw fail(.syntax, "invalid \(TextDecoding.describe(byte: b)) in <data>: expected hex digits", at: i)
      }
      if let h = high {
        bytes.append(h << 4 | nibble)
        high = nil
      } else {
        high = nibble
      }
      i += 1
    }
    guard i < p.count else { throw fail(.truncated, "unterminated data: expected '>'", at: start) }
    guard high == nil else { throw fail(.syntax, "odd number of hex digits in <data>", at: start) }
    i += 1
    return Data(bytes)
  }

  mutating func string() throws(ParseError) -> String {
    let start = i
    if Self.isUnquoted(p[i]) {
      while i < p.count && Self.isUnquoted(p[i]) { i += 1 }
      return String(decoding: UnsafeBufferPointer(rebasing: p[start..<i]), as: UTF8.self)
    }
    return try quoted(controlsAllowed: true)
  }

  mutating func unescape(_ c: UInt8, at start: Int) throws(ParseError) {
    switch c {
    case UInt8(ascii: "a"): scratch.append(0x07)
    case UInt8(ascii: "b"): scratch.append(0x08)
    case UInt8(ascii: "f"): scratch.append(0x0C)
    case UInt8(ascii: "n"): scratch.append(0x0A)
    case UInt8(ascii: "r"): scratch.append(0x0D)
    case UInt8(ascii: "t"): scratch.append(0x09)
    case UInt8(ascii: "v"): scratch.append(0x0B)
    case UInt8(ascii: "U"), UInt8(ascii: "u"):
      var code: UInt32 = 0
      var n = 0
      while n < 4 && i < p.count, let d = hexDigit(p[i]) {
        code = code << 4 | UInt32(d)
        i += 1
        n += 1
      }
      guard n > 0, let scalar = Unicode.Scalar(code) else {
        throw fail(.syntax, "invalid \\U escape: expected up to four hex digits of a Unicode scalar", at: start)
      }
      TextDecoding.appendUTF8(scalar, to: &scratch)
    case UInt8(ascii: "0")...UInt8(ascii: "7"):
      var code = UInt32(c - UInt8(ascii: "0"))
      var n = 1
      while n < 3 && i < p.count && p[i] >= UInt8(ascii: "0") && p[i] <= UInt8(ascii: "7") {
        code = code << 3 | UInt32(p[i] - UInt8(ascii: "0"))
        i += 1
        n += 1
      }
      TextDecoding.appendUTF8(Unicode.Scalar(code)!, to: &scratch)
    default:
      scratch.append(c)
    }
  }

  func hexDigit(_ b: UInt8) -> UInt8? {
    switch b {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
