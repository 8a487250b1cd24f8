#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Tags: element names, attributes, and the tags' own checks.
extension XMLReader {
  // MARK: Tags

  static func element(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Element? {
    @inline(__always) func eq(_ s: StaticString) -> Bool {
      guard s.utf8CodeUnitCount == end - start else { return false }
      for k in 0..<(end - start) where p[start + k] != s.utf8Start[k] { return false }
      return true
    }
    switch (end - start, p[start]) {
    case (3, UInt8(ascii: "k")): return eq("key") ? .key : nil
    case (6, UInt8(ascii: "s")): return eq("string") ? .string : nil
    case (4, UInt8(ascii: "d")): return eq("dict") ? .dict : eq("date") ? .date : eq("data") ? .data : nil
    case (5, UInt8(ascii: "a")): return eq("array") ? .array : nil
    case (7, UInt8(ascii: "i")): return eq("integer") ? .integer : nil
    default: break
    }
    switch end - start {
    case 3: return eq("key") ? .key : nil
    case 4:
      return eq("dict")
        ? .dict : eq("real") ? .real : eq("true") ? .true : eq("date") ? .date : eq("data") ? .data : nil
    case 5: return eq("plist") ? .plist : eq("array") ? .array : eq("false") ? .false : nil
    case 6: return eq("string") ? .string : nil
    case 7: return eq("integer") ? .integer : nil
    default: return nil
    }
  }

  @inline(__always) static func isNameByte(_ b: UInt8) -> Bool {
    b >= 0x80 || (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z"))
      || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
      || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "-") || b == UInt8(ascii: "_")
      || b == UInt8(ascii: ":") || b == UInt8(ascii: ".")
  }

  /// Reads a start, empty or end tag at `i` (which is at `<`).
  mutating func tag() throws(ParseError) -> Tag {
    let start = i
    guard p[i] == UInt8(ascii: "<") else {
      throw fail(.syntax, "expected an element, found \(TextDecoding.describe(byte: p[i]))", at: i)
    }
    i += 1
    var isEnd = false
    if i < p.count && p[i] == UInt8(ascii: "/") {
      isEnd = true
      i += 1
    } else if i < p.count && p[i] == UInt8(ascii: "!") {
      throw markupError(at: start)
    }
    let nameStart = i
    while i < p.count && Self.isNameByte(p[i]) { i += 1 }
    guard i > nameStart else {
      if i >= p.count { throw fail(.truncated, "unexpected end of file inside a tag", at: start) }
      throw fail(.syntax, "expected an element name after '<', found \(TextDecoding.describe(byte: p[i]))", at: i)
    }
    let element = Self.element(p, nameStart, i)
    let nameRange = nameStart..<i
    let name = TagName(p: p, range: nameRange)
    if isEnd {
      skipSpace()
      guard i < p.count else { throw fail(.truncated, "unexpected end of file inside </\(name)>", at: start) }
      guard p[i] == UInt8(ascii: ">") else {
        throw fail(.syntax, "expected '>' to end </\(name)>, found \(TextDecoding.describe(byte: p[i]))", at: i)
      }
      i += 1
      return Tag(element: element, nameRange: nameRange, offset: start, form: .end)
    }
    // Attributes: name="value" or name='value'; their values are not used.
    while true {
      let hadSpace = i < p.count && TextDecoding.isSpace(p[i])
      skipSpace()
      guard i < p.count else { throw fail(.truncated, "unexpected end of file inside <\(name)>", at: start) }
      let b = p[i]
      if b == UInt8(ascii: ">") {
        i += 1
        return Tag(element: element, nameRange: nameRange, offset: start, form: .start)
      }
      if b == UInt8(ascii: "/") {
        guard i + 1 < p.count, p[i + 1] == UInt8(ascii: ">") else {
          throw fail(.syntax, "expected '/>' to end <\(name)/>", at: i)
        }
        i += 2
        return Tag(element: element, nameRange: nameRange, offset: start, form: .empty)
      }
      guard hadSpace, Self.isNameByte(b) else {
        throw fail(
          .syntax, "expected an attribute, '>' or '/>' in <\(name)>, found \(TextDecoding.describe(byte: b))", at: i)
      }
      try skipAttribute(in: name)
    }
  }

  /// An element's name, decoded only for a message.
  struct TagName: CustomStringConvertible {
    let p: UnsafeBufferPointer<UInt8>
    let range: Range<Int>
    var description: String { String(decoding: UnsafeBufferPointer(rebasing: p[range]), as: UTF8.self) }
  }

  /// Why `<!` (at `start`) cannot be here: a CDATA section outside a text element, a late
  /// DOCTYPE, or no name.
  func markupError(at start: Int) -> ParseError {
    if starts(with: "![CDATA[") {
      return fail(.structure, "CDATA is allowed only inside <string>, <key> and other text elements", at: start)
    }
    if starts(with: "!DOCTYPE") {
      return fail(.structure, "<!DOCTYPE must come before the top-level element", at: start)
    }
    return fail(.syntax, "expected an element name after '<', found '!'", at: i)
  }

  /// Moves past one attribute, `name="value"` or `name='value'`, at `i` (at its name).
  mutating func skipAttribute(in name: TagName) throws(ParseError) {
    while i < p.count && Self.isNameByte(p[i]) { i += 1 }
    skipSpace()
    guard i < p.count, p[i] == UInt8(ascii: "=") else {
      throw fail(.syntax, "expected '=' after an attribute name in <\(name)>", at: min(i, p.count))
    }
    i += 1
    skipSpace()
    guard i < p.count, p[i] == UInt8(ascii: "\"") || p[i] == UInt8(ascii: "'") else {
      throw fail(.syntax, "expected a quoted attribute value in <\(name)>", at: min(i, p.count))
    }
    let quote = p[i]
    let valueStart = i
    i += 1
    while i < p.count && p[i] != quote && p[i] != UInt8(ascii: "<") { i += 1 }
    guard i < p.count, p[i] == quote else {
      throw fail(.syntax, "unterminated attribute value in <\(name)>", at: valueStart)
    }
    i += 1
  }
}
