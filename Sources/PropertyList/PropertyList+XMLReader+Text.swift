#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Text content: character data, entities and the markup allowed (and refused) inside a string.
extension XMLReader {
  // MARK: Text content

  static let byteClass: [Bool] = {
    // true for bytes that end the fast scan of text: '<', '&', and C0 controls except tab, LF, CR.
    var table = [Bool](repeating: false, count: 256)
    for b in 0..<0x20 where b != 0x09 && b != 0x0A && b != 0x0D { table[b] = true }
    table[Int(UInt8(ascii: "<"))] = true
    table[Int(UInt8(ascii: "&"))] = true
    return table
  }()

  /// The offset of the first byte at or after `start` that ends a run of plain text (see
  /// ``byteClass``), or the end of the input. Eight bytes at a time: a word with no byte below
  /// 0x20 and no `<` or `&` is skipped whole.
  @inline(__always)
  static func textRunEnd(_ p: UnsafeBufferPointer<UInt8>, from start: Int, special: [Bool]) -> Int {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    @inline(__always) func hasZeroByte(_ w: UInt64) -> Bool { (w &- ones) & ~w & highs != 0 }
    var k = start
    let n = p.count
    while k + 8 <= n {
      let w = UnsafeRawPointer(p.baseAddress! + k).loadUnaligned(as: UInt64.self)
      let hasControl = (w &- ones &* 0x20) & ~w & highs != 0
      if hasControl || hasZeroByte(w ^ (ones &* 0x3C)) || hasZeroByte(w ^ (ones &* 0x26)) {
        for j in k..<(k + 8) where special[Int(p[j])] { return j }
      }
      k += 8
    }
    while k < n && !special[Int(p[k])] { k += 1 }
    return k
  }

  /// Reads the text of a text element up to its end tag, decoding entities, character
  /// references and CDATA sections, and skipping comments.
  mutating func textContent(of element: Element, openedAt open: Int) throws(ParseError) -> String {
    var segmentStart = i
    // Text without entities, comments or CDATA is taken straight from the input; otherwise its
    // pieces are gathered in `scratch` (the slow path).
    var slow = false
    let special = Self.byteClass
    while true {
      i = Self.textRunEnd(p, from: i, special: special)
      guard i < p.count else {
        throw fail(
          .truncated, "unexpected end of file: <\(element.name)> opened at \(locationText(open)) is not closed", at: i)
      }
      let b = p[i]
      if b == UInt8(ascii: "<") && i + 1 < p.count && p[i + 1] == UInt8(ascii: "/") {
        let segment = UnsafeBufferPointer(rebasing: p[segmentStart..<i])
        try closeText(of: element, openedAt: open)
        if !slow { return tree.strings.string(segment) }
        scratch.append(contentsOf: segment)
        let s = String(decoding: scratch, as: UTF8.self)
        scratch.removeAll(keepingCapacity: true)
        return s
      }
      guard b == UInt8(ascii: "<") || b == UInt8(ascii: "&") else {
        throw fail(
          .syntax,
          b == 0
            ? "NUL byte in <\(element.name)>: XML cannot contain NUL; use <data> for binary content"
            : "control character U+\(TextDecoding.hex(b, width: 4)) in <\(element.name)> is not allowed in XML",
          at: i)
      }
      if !slow {
        slow = true
        scratch.removeAll(keepingCapacity: true)
      }
      scratch.append(contentsOf: UnsafeBufferPointer(rebasing: p[segmentStart..<i]))
      if b == UInt8(ascii: "&") {
        try entity()
      } else {
        try markupInText(of: element)
      }
      segmentStart = i
    }
  }

  /// Reads the closing tag at `i`, which must close `element`.
  mutating func closeText(of element: Element, openedAt open: Int) throws(ParseError) {
    // Fast path: the expected `</name>` exactly.
    if let end = closingTagEnd(of: element) {
      i = end
      return
    }
    let close = try tag()
    guard close.element == element else {
      throw fail(
        .structure,
        "expected </\(element.name)> to close <\(element.name)> opened at \(locationText(open)), found \(rendered(close))",
        at: close.offset)
    }
  }

  /// Reads markup other than a closing tag inside text: a comment is skipped, a CDATA section's
  /// content goes to `scratch`, and an element is an error.
  mutating func markupInText(of element: Element) throws(ParseError) {
    if starts(with: "<!--") {
      try skipComment()
    } else if starts(with: "<![CDATA[") {
      let cdataStart = i
      i += 9
      let contentStart = i
      while i + 2 < p.count
        && !(p[i] == UInt8(ascii: "]") && p[i + 1] == UInt8(ascii: "]") && p[i + 2] == UInt8(ascii: ">"))
      {
        if p[i] == 0 { throw fail(.syntax, "NUL byte in CDATA section", at: i) }
        i += 1
      }
      guard i + 2 < p.count else {
        i = p.count
        throw fail(.truncated, "unterminated CDATA section: expected ']]>'", at: cdataStart)
      }
      scratch.append(contentsOf: UnsafeBufferPointer(rebasing: p[contentStart..<i]))
      i += 3
    } else {
      let inner = try tag()
      throw fail(
        .structure,
        "unexpected \(rendered(inner)) inside <\(element.name)>: text elements cannot contain elements (write '<' as &lt;)",
        at: inner.offset)
    }
  }

  /// The offset after `</name>` when `i` is at exactly that closing tag of `element`.
  @inline(__always)
  func closingTagEnd(of element: Element) -> Int? {
    let name = element.staticName
    let n = name.utf8CodeUnitCount
    let start = i + 2
    guard start + n < p.count, p[start + n] == UInt8(ascii: ">") else { return nil }
    let bytes = name.utf8Start
    for k in 0..<n where p[start + k] != bytes[k] { return nil }
    return start + n + 1
  }

  /// Decodes the entity or character reference at `i` into `scratch`.
  mutating func entity() throws(ParseError) {
    let start = i
    var end = i + 1
    while end < p.count && end - start < 12 && p[end] != UInt8(ascii: ";") && p[end] != UInt8(ascii: "<") { end += 1 }
    guard end < p.count, p[end] == UInt8(ascii: ";") else {
      throw fail(.syntax, "unterminated entity reference: expected ';' (write '&' as &amp;)", at: start)
    }
    let body = UnsafeBufferPointer(rebasing: p[(start + 1)..<end])
    let name = String(decoding: body, as: UTF8.self)
    switch name {
    case "lt": scratch.append(UInt8(ascii: "<"))
    case "gt": scratch.append(UInt8(ascii: ">"))
    case "amp": scratch.append(UInt8(ascii: "&"))
    case "apos": scratch.append(UInt8(ascii: "'"))
    case "quot": scratch.append(UInt8(ascii: "\""))
    default:
      guard name.hasPrefix("#") else {
        throw fail(
          .unsupported, "undefined entity &\(name);: only &lt; &gt; &amp; &apos; &quot; and &#N; are supported",
          at: start)
      }
      let hex = name.hasPrefix("#x") || name.hasPrefix("#X")
      let digits = name.dropFirst(hex ? 2 : 1)
      guard !digits.isEmpty, let code = UInt32(digits, radix: hex ? 16 : 10), code != 0,
        let scalar = Unicode.Scalar(code)
      else {
        throw fail(.syntax, "invalid character reference &\(name);: not a Unicode scalar value", at: start)
      }
      TextDecoding.appendUTF8(scalar, to: &scratch)
    }
    i = end + 1
  }
}
