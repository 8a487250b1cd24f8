/// The plain text of an HTML document, as a browser's `innerText` renders it, for the text
/// targets of an HTML copy: a terminal pastes the text, a rich editor the HTML.
///
/// Tags and comments are removed, and so are the contents of `head`, `script`, `style`,
/// `template` and `title`; character references are decoded (numeric ones, and the names of
/// HTML 4's Latin-1, special and common symbol sets; an unknown name stays as written); runs of
/// white space become one space, except inside `pre` and `textarea`; `br` and block elements
/// (`div`, `li`, `tr`, `h1`…) end a line, paragraphs and headings leave a blank line, and table
/// cells are separated by tabs. The text has no leading or trailing blank lines.
///
/// One pass over the bytes; the work and the output are linear in the input, whatever it holds.
package enum HTMLText {
  /// The text of `html` (UTF-8; bytes that are not are kept as they are).
  package static func render(_ html: [UInt8]) -> [UInt8] {
    var renderer = Renderer()
    var index = 0
    let count = html.count
    while index < count {
      let byte = html[index]
      if byte == UInt8(ascii: "<") {
        index = renderer.markup(html, at: index)
      } else if byte == UInt8(ascii: "&") {
        index = renderer.reference(html, at: index)
      } else {
        renderer.text(byte)
        index += 1
      }
    }
    return renderer.finish()
  }

  /// Elements that end a line where they start and end.
  static let blocks: Set<String> = [
    "address", "article", "aside", "blockquote", "body", "center", "dd", "details", "dialog", "dir", "div", "dl",
    "dt", "fieldset", "figcaption", "figure", "footer", "form", "header", "hgroup", "hr", "html", "legend", "li",
    "main", "menu", "nav", "ol", "option", "pre", "section", "summary", "table", "tbody", "textarea", "tfoot",
    "thead", "tr", "ul", "caption",
  ]
  /// Elements that leave a blank line before and after them.
  static let paragraphs: Set<String> = ["p", "h1", "h2", "h3", "h4", "h5", "h6"]
  /// Elements whose content is not text a reader sees.
  static let hidden: Set<String> = ["head", "script", "style", "template", "title", "noembed", "noframes"]
  /// Elements whose white space is kept.
  static let preformatted: Set<String> = ["pre", "textarea", "listing", "plaintext", "xmp"]

  struct Renderer {
    var out: [UInt8] = []
    /// Line breaks owed before the next text (2: a blank line).
    var pendingBreaks = 0
    var pendingSpace = false
    var hiddenDepth = 0
    var hiddenElement: String?
    var preDepth = 0
    /// Whether a cell of the current row was written (the next is preceded by a tab).
    var cellInRow = false

    mutating func text(_ byte: UInt8) {
      guard hiddenDepth == 0 else { return }
      let isSpace = byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
      if preDepth == 0 && isSpace {
        pendingSpace = true
        return
      }
      emitPending()
      out.append(byte)
    }

    mutating func scalar(_ value: UInt32) {
      guard hiddenDepth == 0 else { return }
      emitPending()
      out += Array(String(Unicode.Scalar(value).map(Character.init) ?? "\u{FFFD}").utf8)
    }

    mutating func emitPending() {
      if !out.isEmpty && pendingBreaks > 0 {
        out += [UInt8](repeating: 0x0A, count: pendingBreaks)
      } else if pendingSpace && !out.isEmpty && out.last != 0x0A && out.last != 0x09 {
        out.append(0x20)
      }
      pendingBreaks = 0
      pendingSpace = false
    }

    mutating func lineBreak(_ count: Int) {
      pendingBreaks = max(pendingBreaks, count)
      pendingSpace = false
    }

    /// A tag, comment or declaration at `start` (a `<`); returns the index after it. A `<` that
    /// starts none of them is text.
    mutating func markup(_ html: [UInt8], at start: Int) -> Int {
      let count = html.count
      var index = start + 1
      guard index < count else {
        text(html[start])
        return index
      }
      if html[index] == UInt8(ascii: "!") || html[index] == UInt8(ascii: "?") {
        // A comment ends at -->; a declaration or processing instruction at >.
        if html[index...].starts(with: Array("!--".utf8)) {
          var at = index + 3
          while at + 2 < count && !(html[at] == 0x2D && html[at + 1] == 0x2D && html[at + 2] == 0x3E) { at += 1 }
          return min(at + 3, count)
        }
        while index < count && html[index] != UInt8(ascii: ">") { index += 1 }
        return min(index + 1, count)
      }
      let closing = html[index] == UInt8(ascii: "/")
      if closing { index += 1 }
      var name: [UInt8] = []
      while index < count, name.count < 16 {
        let byte = html[index]
        let isNameByte =
          (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
        guard isNameByte else { break }
        name.append(byte | (byte >= 0x41 && byte <= 0x5A ? 0x20 : 0))
        index += 1
      }
      guard !name.isEmpty, (name[0] >= 0x61 && name[0] <= 0x7A) else {
        text(html[start])
        return start + 1
      }
      // The rest of the tag: attributes, quoted values may hold '>'.
      var quote: UInt8 = 0
      while index < count {
        let byte = html[index]
        if quote != 0 {
          if byte == quote { quote = 0 }
        } else if byte == 0x22 || byte == 0x27 {
          quote = byte
        } else if byte == UInt8(ascii: ">") {
          break
        }
        index += 1
      }
      element(String(decoding: name, as: UTF8.self), closing: closing)
      return min(index + 1, count)
    }

    mutating func element(_ name: String, closing: Bool) {
      if HTMLText.hidden.contains(name) {
        if closing {
          if hiddenElement == name {
            hiddenDepth = max(0, hiddenDepth - 1)
            if hiddenDepth == 0 { hiddenElement = nil }
          }
        } else if hiddenElement == nil || hiddenElement == name {
          hiddenElement = name
          hiddenDepth += 1
        }
        return
      }
      guard hiddenDepth == 0 else { return }
      if HTMLText.preformatted.contains(name) { preDepth = max(0, preDepth + (closing ? -1 : 1)) }
      switch name {
      case "br":
        emitLine()
      case "td", "th":
        if !closing {
          if cellInRow {
            pendingSpace = false
            out.append(0x09)
          }
          cellInRow = true
        }
      case _ where HTMLText.paragraphs.contains(name):
        lineBreak(2)
      case _ where HTMLText.blocks.contains(name):
        if name == "tr" { cellInRow = false }
        lineBreak(1)
      default:
        break
      }
    }

    /// A `<br>`: a line ends here, even an empty one.
    mutating func emitLine() {
      if pendingBreaks > 0 && !out.isEmpty { out += [UInt8](repeating: 0x0A, count: pendingBreaks) }
      pendingBreaks = 0
      pendingSpace = false
      out.append(0x0A)
    }

    /// A character reference at `start` (a `&`); returns the index after it. One that is not
    /// well formed, or names no character we know, is text as written.
    mutating func reference(_ html: [UInt8], at start: Int) -> Int {
      let count = html.count
      var end = start + 1
      while end < count, end - start <= 32, html[end] != UInt8(ascii: ";") {
        let byte = html[end]
        let isReferenceByte =
          byte == 0x23 || (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
          || (byte >= 0x61 && byte <= 0x7A)
        guard isReferenceByte else { break }
        end += 1
      }
      guard end < count, html[end] == UInt8(ascii: ";"), end > start + 1 else {
        text(html[start])
        return start + 1
      }
      let body = html[(start + 1)..<end]
      var value: UInt32?
      if body.first == UInt8(ascii: "#") {
        let digits = body.dropFirst()
        if digits.first == UInt8(ascii: "x") || digits.first == UInt8(ascii: "X") {
          value = UInt32(String(decoding: digits.dropFirst(), as: UTF8.self), radix: 16)
        } else {
          value = UInt32(String(decoding: digits, as: UTF8.self))
        }
        // NUL, surrogates and values past Unicode are U+FFFD, as HTML decodes them.
        if let decoded = value, decoded == 0 || (0xD800...0xDFFF).contains(decoded) || decoded > 0x10FFFF {
          value = 0xFFFD
        }
      } else {
        value = HTMLText.entity(String(decoding: body, as: UTF8.self))
      }
      guard let value else {
        text(html[start])
        return start + 1
      }
      // A no-break space is kept: it is not white space that collapses.
      scalar(value)
      return end + 1
    }

    mutating func finish() -> [UInt8] {
      while out.last == 0x0A || out.last == 0x20 || out.last == 0x09 { out.removeLast() }
      return out
    }
  }

  /// The code point a named character reference stands for, or nil for a name not in the table.
  static func entity(_ name: String) -> UInt32? {
    if let index = latin1.firstIndex(of: name) { return 0xA0 + UInt32(index) }
    return others[name]
  }

  /// HTML 4's Latin-1 names, for U+00A0 to U+00FF in order.
  static let latin1 = [
    "nbsp", "iexcl", "cent", "pound", "curren", "yen", "brvbar", "sect", "uml", "copy", "ordf", "laquo", "not", "shy",
    "reg", "macr", "deg", "plusmn", "sup2", "sup3", "acute", "micro", "para", "middot", "cedil", "sup1", "ordm",
    "raquo", "frac14", "frac12", "frac34", "iquest", "Agrave", "Aacute", "Acirc", "Atilde", "Auml", "Aring", "AElig",
    "Ccedil", "Egrave", "Eacute", "Ecirc", "Euml", "Igrave", "Iacute", "Icirc", "Iuml", "ETH", "Ntilde", "Ograve",
    "Oacute", "Ocirc", "Otilde", "Ouml", "times", "Oslash", "Ugrave", "Uacute", "Ucirc", "Uuml", "Yacute", "THORN",
    "szlig", "agrave", "aacute", "acirc", "atilde", "auml", "aring", "aelig", "ccedil", "egrave", "eacute", "ecirc",
    "euml", "igrave", "iacute", "icirc", "iuml", "eth", "ntilde", "ograve", "oacute", "ocirc", "otilde", "ouml",
    "divide", "oslash", "ugrave", "uacute", "ucirc", "uuml", "yacute", "thorn", "yuml",
  ]

  /// HTML 4's special names, its most used symbols, and HTML's `check`.
  static let others: [String: UInt32] = [
    "quot": 0x22, "amp": 0x26, "apos": 0x27, "lt": 0x3C, "gt": 0x3E, "OElig": 0x152, "oelig": 0x153,
    "Scaron": 0x160, "scaron": 0x161, "Yuml": 0x178, "fnof": 0x192, "circ": 0x2C6, "tilde": 0x2DC, "ensp": 0x2002,
    "emsp": 0x2003, "thinsp": 0x2009, "zwnj": 0x200C, "zwj": 0x200D, "lrm": 0x200E, "rlm": 0x200F, "ndash": 0x2013,
    "mdash": 0x2014, "lsquo": 0x2018, "rsquo": 0x2019, "sbquo": 0x201A, "ldquo": 0x201C, "rdquo": 0x201D,
    "bdquo": 0x201E, "dagger": 0x2020, "Dagger": 0x2021, "bull": 0x2022, "hellip": 0x2026, "permil": 0x2030,
    "prime": 0x2032, "Prime": 0x2033, "lsaquo": 0x2039, "rsaquo": 0x203A, "euro": 0x20AC, "trade": 0x2122,
    "larr": 0x2190, "uarr": 0x2191, "rarr": 0x2192, "darr": 0x2193, "harr": 0x2194, "minus": 0x2212,
    "le": 0x2264, "ge": 0x2265, "ne": 0x2260, "infin": 0x221E, "hearts": 0x2665, "check": 0x2713,
  ]
}
