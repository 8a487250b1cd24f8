/// Reads JSON (RFC 8259) as a property list: objects are dictionaries, numbers without a
/// fraction or exponent are integers when they fit in 64 bits, and `null` is an error (property
/// lists have no null).
struct JSONReader: BracketedTextReader, ~Copyable {
  let p: UnsafeBufferPointer<UInt8>
  var i: Int
  var tree: TreeBuilder
  var scratch: [UInt8] = []

  init(p: UnsafeBufferPointer<UInt8>, text: [UInt8], options: PropertyList.ParseOptions) {
    self.p = p
    i = TextDecoding.bodyStart(text)
    tree = TreeBuilder(text: text, maximumDepth: options.maximumDepth)
  }

  mutating func skipSpace() { while i < p.count && TextDecoding.isSpace(p[i]) { i += 1 } }

  mutating func run() throws(ParseError) -> Value {
    while true {
      var produced = try valueStart()
      while let value = produced {
        if let root = tree.add(value) {
          skipSpace()
          guard i == p.count else { throw fail(.syntax, "unexpected \(found()) after the top-level value", at: i) }
          return root
        }
        skipSpace()
        let top = tree.top!
        let close = top.isDictionary ? UInt8(ascii: "}") : UInt8(ascii: "]")
        guard i < p.count else {
          throw fail(.truncated, "unexpected end of file: expected ',' or '\(Character(Unicode.Scalar(close)))'", at: i)
        }
        if p[i] == UInt8(ascii: ",") {
          i += 1
          if top.isDictionary { try key() }
          produced = nil
        } else if p[i] == close {
          i += 1
          produced = tree.close()
        } else {
          let what = top.isDictionary ? "a dictionary value" : "an array element"
          throw fail(
            .syntax, "expected ',' or '\(Character(Unicode.Scalar(close)))' after \(what), found \(found())", at: i)
        }
      }
    }
  }

  static var arrayBrackets: (open: UInt8, close: UInt8) { (UInt8(ascii: "["), UInt8(ascii: "]")) }

  /// Reads a string, `true`, `false` or a number.
  mutating func scalar(at start: Int) throws(ParseError) -> Value {
    switch p[start] {
    case UInt8(ascii: "\""):
      return Value(.string(try string()), at: start)
    case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
      for (word, value) in [("true", true), ("false", false)] where literal(word) {
        return Value(.boolean(value), at: start)
      }
      if literal("null") { throw fail(.unsupported, "null is not a property list value", at: start) }
      throw fail(.syntax, "expected a value, found \(found())", at: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return try number()
    default:
      throw fail(.syntax, "expected a value, found \(found())", at: start)
    }
  }

  mutating func literal(_ word: String) -> Bool {
    guard i + word.utf8.count <= p.count, p[i..<(i + word.utf8.count)].elementsEqual(word.utf8) else { return false }
    i += word.utf8.count
    return true
  }

  /// Reads `"key" :` in a dictionary.
  mutating func key() throws(ParseError) {
    skipSpace()
    guard i < p.count, p[i] == UInt8(ascii: "\"") else {
      throw fail(.syntax, "expected a string key in a dictionary, found \(found())", at: i)
    }
    let offset = i
    let key = try string()
    skipSpace()
    guard i < p.count, p[i] == UInt8(ascii: ":") else {
      throw fail(.syntax, "expected ':' after the key \"\(key)\", found \(found())", at: i)
    }
    i += 1
    tree.setKey(key, offset: offset)
  }

  /// Reads a string (at its opening quote); control characters must be escaped.
  mutating func string() throws(ParseError) -> String { try quoted(controlsAllowed: false) }

  mutating func hex4(at offset: Int) throws(ParseError) -> UInt32 {
    guard offset + 4 <= p.count, let n = UInt32(String(decoding: p[offset..<(offset + 4)], as: UTF8.self), radix: 16)
    else { throw fail(.syntax, "expected four hex digits after \\u", at: offset) }
    return n
  }

  mutating func unescape(_ c: UInt8, at start: Int) throws(ParseError) {
    switch c {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(c)
    case UInt8(ascii: "b"): scratch.append(0x08)
    case UInt8(ascii: "f"): scratch.append(0x0C)
    case UInt8(ascii: "n"): scratch.append(0x0A)
    case UInt8(ascii: "r"): scratch.append(0x0D)
    case UInt8(ascii: "t"): scratch.append(0x09)
    case UInt8(ascii: "u"):
      var code = try hex4(at: i)
      i += 4
      if code >= 0xD800 && code <= 0xDBFF {
        guard i + 1 < p.count, p[i] == UInt8(ascii: "\\"), p[i + 1] == UInt8(ascii: "u"),
          case let low = try hex4(at: i + 2), low >= 0xDC00 && low <= 0xDFFF
        else {
          throw fail(
            .encoding, "high surrogate \\u\(TextDecoding.hex(code, width: 4)) without a low surrogate", at: start)
        }
        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        i += 6
      } else if code >= 0xDC00 && code <= 0xDFFF {
        throw fail(.encoding, "lone low surrogate \\u\(TextDecoding.hex(code, width: 4))", at: start)
      }
      TextDecoding.appendUTF8(Unicode.Scalar(code)!, to: &scratch)
    default:
      throw fail(.syntax, "invalid escape '\\\(Character(Unicode.Scalar(c)))' in a string", at: start)
    }
  }

  mutating func number() throws(ParseError) -> Value {
    let start = i
    var isInteger = true
    func digits() -> Int {
      let s = i
      while i < p.count && p[i] >= UInt8(ascii: "0") && p[i] <= UInt8(ascii: "9") { i += 1 }
      return i - s
    }
    if p[i] == UInt8(ascii: "-") { i += 1 }
    let intStart = i
    guard digits() > 0 else { throw fail(.syntax, "invalid number: expected a digit", at: start) }
    if p[intStart] == UInt8(ascii: "0") && i - intStart > 1 {
      throw fail(.syntax, "invalid number: leading zeros are not allowed in JSON", at: start)
    }
    if i < p.count && p[i] == UInt8(ascii: ".") {
      isInteger = false
      i += 1
      guard digits() > 0 else { throw fail(.syntax, "invalid number: expected a digit after '.'", at: start) }
    }
    if i < p.count && (p[i] == UInt8(ascii: "e") || p[i] == UInt8(ascii: "E")) {
      isInteger = false
      i += 1
      if i < p.count && (p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-")) { i += 1 }
      guard digits() > 0 else { throw fail(.syntax, "invalid number: expected a digit in the exponent", at: start) }
    }
    let literal = Substring(String(decoding: UnsafeBufferPointer(rebasing: p[start..<i]), as: UTF8.self))
    if isInteger, case .success(let n) = NumberParsing.integer(literal) {
      return Value(.integer(n), at: start)
    }
    guard let r = Double(literal) else { throw fail(.syntax, "invalid number '\(literal)'", at: start) }
    return Value(.real(r), at: start)
  }
}
