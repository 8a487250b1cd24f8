extension ContentDetector {
  /// A script by its `#!` line: the interpreter's name (after `env` and its options), without a
  /// version (`python3.12` is Python).
  static func script(_ text: ByteView) -> Format? {
    guard text.has("#!", at: 0) else { return nil }
    var words: [String] = []
    var word: [UInt8] = []
    var at = 2
    while at < min(text.end, 256), text.u8(at) != 0x0A, words.count < 4 {
      let byte = text.u8(at)
      if byte == 0x20 || byte == 0x09 || byte == 0x0D {
        if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
        word = []
      } else {
        word.append(byte)
      }
      at += 1
    }
    if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
    guard var program = words.first.map({ String($0.split(separator: "/").last ?? "") }) else { return nil }
    if program == "env", let next = words.dropFirst().first(where: { !$0.hasPrefix("-") }) { program = next }
    while let last = program.last, last.isNumber || last == "." { program.removeLast() }
    switch program {
    case "sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "busybox": return .shellScript
    case "python", "pypy": return .pythonScript
    case "perl": return .perlScript
    case "ruby": return .rubyScript
    case "php": return .phpScript
    case "node", "nodejs": return .javaScript
    default: return nil
    }
  }

  /// HTML by the patterns of the WHATWG MIME Sniffing standard (7.1, "rules for identifying an
  /// unknown MIME type"): after leading whitespace, a tag that opens HTML, case-insensitively,
  /// then a space or `>`.
  static func isHTML(_ text: ByteView) -> Bool {
    var at = text.origin
    while at < text.end, isSpace(text.u8(at)) || text.u8(at) == 0x0C { at += 1 }
    guard text.u8(at) == 0x3C else { return false }
    for tag in htmlOpenings where text.hasCaseInsensitive(tag, at: at) {
      let next = text.u8(at + tag.utf8CodeUnitCount)
      if next == 0x20 || next == 0x3E { return true }
    }
    return false
  }

  /// Markdown that opens with HTML, as READMEs do (a centred logo in `<p align="center">`, an
  /// `<h1>`, a `<div>`): HTML's sniffing takes the opening, but lines outside tags are
  /// Markdown's (an ATX heading, a fence, a list item, a link `](`), and no `<html>`, `<head>`
  /// or `<body>` makes it a document.
  static func isMarkdownOpeningWithHTML(_ text: ByteView) -> Bool {
    let lines = TextLines(text.bytes)
    var markdown = false
    for index in lines.significant {
      let line = lines.string(index).trimmingSpaces
      let lower = line.lowercased()
      if lower.contains("<html") || lower.contains("<head") || lower.contains("<body") { return false }
      if line.hasPrefix("<") { continue }
      if line.hasPrefix("#"), line.drop(while: { $0 == "#" }).first == " " { markdown = true }
      if ["```", "- ", "* ", "> "].contains(where: { line.hasPrefix($0) }) || line.contains("](") { markdown = true }
    }
    return markdown
  }

  /// The openings WHATWG's sniffing takes for HTML.
  static let htmlOpenings: [StaticString] = [
    "<!DOCTYPE HTML", "<HTML", "<HEAD", "<SCRIPT", "<IFRAME", "<H1", "<DIV", "<FONT", "<TABLE", "<A", "<STYLE",
    "<TITLE", "<B", "<BODY", "<BR", "<P", "<!--",
  ]

  /// JSON's whitespace (RFC 8259 2): space, tab, line feed, carriage return.
  @inline(__always) static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  /// Whether the text is JSON (RFC 8259) whose top-level value is an object or an array: the
  /// whole value, or, where the view ends first, a valid beginning that holds a complete value.
  static func isJSON(_ text: ByteView) -> Bool {
    var parser = JSONPrefixParser(text: text)
    parser.skipSpace()
    guard text.u8(parser.at) == 0x7B || text.u8(parser.at) == 0x5B else { return false }
    switch parser.value(depth: 0) {
    case .complete:
      parser.skipSpace()
      return parser.at >= text.end
    case .ended: return parser.values > 0
    case .invalid: return false
    }
  }
}

/// A JSON reader of a bounded view that tells a wrong text from one the view cuts short.
struct JSONPrefixParser {
  enum Result { case complete, ended, invalid }
  let text: ByteView
  var at: Int
  /// How many scalar values (strings, numbers, literals) were read whole.
  var values = 0

  init(text: ByteView) {
    self.text = text
    at = text.origin
  }

  var atEnd: Bool { at >= text.end }

  mutating func skipSpace() {
    while !atEnd, ContentDetector.isSpace(text.u8(at)) { at += 1 }
  }

  mutating func value(depth: Int) -> Result {
    skipSpace()
    if atEnd { return .ended }
    guard depth < 64 else { return .ended }
    let result: Result
    switch text.u8(at) {
    case 0x7B: return container(close: 0x7D, keyed: true, depth: depth)
    case 0x5B: return container(close: 0x5D, keyed: false, depth: depth)
    case 0x22: result = string()
    case 0x2D, 0x30...0x39: result = number()
    case 0x74: result = literal("true")
    case 0x66: result = literal("false")
    case 0x6E: result = literal("null")
    default: return .invalid
    }
    if case .complete = result { values += 1 }
    return result
  }

  /// An object (`keyed`: members `"key": value`) or an array, from its opening bracket.
  mutating func container(close: UInt8, keyed: Bool, depth: Int) -> Result {
    at += 1
    skipSpace()
    if atEnd { return .ended }
    if text.u8(at) == close {
      at += 1
      return .complete
    }
    while true {
      if keyed {
        skipSpace()
        if atEnd { return .ended }
        guard text.u8(at) == 0x22 else { return .invalid }
        let key = string()
        guard case .complete = key else { return key }
        skipSpace()
        if atEnd { return .ended }
        guard text.u8(at) == 0x3A else { return .invalid }
        at += 1
      }
      let member = value(depth: depth + 1)
      guard case .complete = member else { return member }
      skipSpace()
      if atEnd { return .ended }
      switch text.u8(at) {
      case 0x2C: at += 1
      case close:
        at += 1
        return .complete
      default: return .invalid
      }
    }
  }

  mutating func string() -> Result {
    at += 1
    while !atEnd {
      let byte = text.u8(at)
      at += 1
      switch byte {
      case 0x22: return .complete
      case 0x5C:
        if atEnd { return .ended }
        let escape = text.u8(at)
        at += 1
        if escape == 0x75 {
          for _ in 0..<4 {
            if atEnd { return .ended }
            guard text.u8(at).isHexDigit else { return .invalid }
            at += 1
          }
        } else {
          switch escape {
          case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74: break  // " \ / b f n r t
          default: return .invalid
          }
        }
      case 0..<0x20: return .invalid
      default: break
      }
    }
    return .ended
  }

  mutating func number() -> Result {
    let start = at
    if text.u8(at) == 0x2D { at += 1 }
    let digits = { (parser: inout JSONPrefixParser) -> Int in
      var count = 0
      while !parser.atEnd, (0x30...0x39).contains(parser.text.u8(parser.at)) {
        parser.at += 1
        count += 1
      }
      return count
    }
    let integer = at
    guard digits(&self) > 0 else { return atEnd ? .ended : .invalid }
    if text.u8(integer) == 0x30, at - integer > 1 { return .invalid }
    if !atEnd, text.u8(at) == 0x2E {
      at += 1
      guard digits(&self) > 0 else { return atEnd ? .ended : .invalid }
    }
    if !atEnd, text.u8(at) | 0x20 == 0x65 {
      at += 1
      if !atEnd, text.u8(at) == 0x2B || text.u8(at) == 0x2D { at += 1 }
      guard digits(&self) > 0 else { return atEnd ? .ended : .invalid }
    }
    return atEnd && at > start ? .ended : .complete
  }

  mutating func literal(_ word: StaticString) -> Result {
    for index in 0..<word.utf8CodeUnitCount {
      if atEnd { return .ended }
      guard text.u8(at) == word.utf8Start[index] else { return .invalid }
      at += 1
    }
    return .complete
  }
}

extension UInt8 {
  /// Whether the byte is an ASCII hexadecimal digit.
  fileprivate var isHexDigit: Bool { (0x30...0x39).contains(self) || (0x61...0x66).contains(self | 0x20) }
}
