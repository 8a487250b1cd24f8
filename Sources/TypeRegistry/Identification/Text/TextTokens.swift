/// The tokens the text model reads, split as `scripts/make-text-model.py` splits them (a test
/// checks the two agree on the corpus's fixtures): from a file's first ``prefixLength`` bytes,
/// after its leading comments (a licence header says little about the language), words with
/// their sigil (`#include`, `$this`, `@property`, `\begin`), runs of up to three punctuation
/// characters, quotes, and each line's first token again marked `^` (`^\t` for a line that
/// starts with a tab). Numbers, other bytes and white space are skipped; the leading comments
/// count as the markers of their styles (`comment:/*`, `comment:#`…).
///
/// Linear in the bytes read; no token is longer than ``wordCap`` bytes.
struct TextTokens {
  /// How many leading bytes are read.
  static let prefixLength = 4096
  /// How many times one token counts at most.
  static let countCap = 4
  /// The longest word kept (longer ones are cut).
  static let wordCap = 32

  /// Each known token's row in `model` and how often it came (at most ``countCap``), and how
  /// many tokens were read in all.
  static func count(_ text: UnsafeRawBufferPointer, in model: TextModel) -> (counts: [Int: Int], total: Int) {
    var counts: [Int: Int] = [:]
    var total = 0
    split(UnsafeRawBufferPointer(rebasing: text.prefix(prefixLength))) { token in
      total += 1
      guard let row = model.row(of: token) else { return }
      counts[row] = min((counts[row] ?? 0) + 1, countCap)
    }
    return (counts, total)
  }

  /// Calls `body` with each token of `text`.
  static func split(_ text: UnsafeRawBufferPointer, _ body: (String) -> Void) {
    let (start, markers) = leadingComments(text)
    for marker in markers { body("comment:" + marker) }
    var at = start
    var (lineStart, firstOfLine) = (true, true)
    while at < text.count {
      let byte = text[at]
      if byte == 0x0A {
        (lineStart, firstOfLine) = (true, true)
        at += 1
        continue
      }
      if byte == 0x09 && lineStart {
        body("^\t")
        lineStart = false
        at += 1
        continue
      }
      lineStart = false
      guard let token = token(in: text, at: &at) else { continue }
      body(token)
      if firstOfLine {
        body("^" + token)
        firstOfLine = false
      }
    }
  }

  /// The token at `at` (moving past it), or nil for bytes that make none (white space, numbers,
  /// non-ASCII characters, control characters).
  private static func token(in text: UnsafeRawBufferPointer, at: inout Int) -> String? {
    let byte = text[at]
    let count = text.count
    if isWordStart(byte) || (isSigil(byte) && at + 1 < count && isWordStart(text[at + 1])) {
      var end = at + 1
      while end < count, isWord(text[end]) { end += 1 }
      defer { at = end }
      return String(decoding: text[at..<min(end, at + wordCap)], as: UTF8.self)
    }
    if (0x30...0x39).contains(byte) {
      while at < count, isWord(text[at]) || text[at] == 0x2E { at += 1 }
      return nil
    }
    if byte == 0x22 || byte == 0x27 || byte == 0x60 {
      at += 1
      return String(UnicodeScalar(byte))
    }
    if isPunctuation(byte) || isSigil(byte) {
      var end = at
      while end < count, end - at < 3, isPunctuation(text[end]) || isSigil(text[end]) { end += 1 }
      defer { at = end }
      return String(decoding: text[at..<end], as: UTF8.self)
    }
    at += 1
    return nil
  }

  /// Where the comments at the start of `text` end, and the markers of their styles, each once,
  /// in order: `/*` to `*/`, `<!--` to `-->`, and lines that start with `#!`, `//`, `--`, `#`,
  /// `;` or `%` (`#`, `--` and `%` only before white space or another marker character:
  /// `#include`, `--flag` and `%macro` are code); a C# `#region` line among them is skipped.
  static func leadingComments(_ text: UnsafeRawBufferPointer) -> (end: Int, markers: [String]) {
    var at = 0
    var markers: [String] = []
    while true {
      while at < text.count, [0x20, 0x09, 0x0D, 0x0A].contains(text[at]) { at += 1 }
      // C#'s `#region` around a licence is skipped too, without a marker.
      if at + 7 <= text.count, text[at..<at + 7].elementsEqual("#region".utf8) {
        at = text[at...].firstIndex(of: 0x0A).map { $0 + 1 } ?? text.count
        continue
      }
      guard let (marker, end) = comment(in: text, at: at) else { return (at, markers) }
      at = end
      if !markers.contains(marker) { markers.append(marker) }
    }
  }

  /// The comment that starts at `at`: its marker and where it ends (past its line, or its
  /// closing delimiter); nil when none starts there.
  private static func comment(in text: UnsafeRawBufferPointer, at: Int) -> (String, Int)? {
    let view = ByteView(text)
    func end(of closing: StaticString, from offset: Int) -> Int {
      view.firstOffset(of: closing, in: min(offset, text.count)..<text.count).map { $0 + closing.utf8CodeUnitCount }
        ?? text.count
    }
    if view.has("/*", at: at) { return ("/*", end(of: "*/", from: at + 2)) }
    if view.has("<!--", at: at) { return ("<!--", end(of: "-->", from: at + 4)) }
    // Each line marker, and whether it must be followed by a space or a mark of its own.
    let markers: [(StaticString, Bool)] = [
      ("#!", false), ("//", false), ("--", true), ("#", true), (";", false), ("%", true),
    ]
    for (marker, spaced) in markers where view.has(marker, at: at) {
      let next = at + marker.utf8CodeUnitCount
      if spaced, next < text.count, ![0x20, 0x09, 0x0A, 0x0D, 0x23, 0x2A, 0x2D, 0x25, 0x3D].contains(text[next]) {
        continue
      }
      return ("\(marker)", end(of: "\n", from: at))
    }
    return nil
  }

  @inline(__always) static func isWordStart(_ byte: UInt8) -> Bool {
    byte == 0x5F || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }

  @inline(__always) static func isWord(_ byte: UInt8) -> Bool { isWordStart(byte) || (0x30...0x39).contains(byte) }

  /// `#`, `$`, `@` and `\`, which make one token with a word that follows.
  @inline(__always) static func isSigil(_ byte: UInt8) -> Bool {
    byte == 0x23 || byte == 0x24 || byte == 0x40 || byte == 0x5C
  }

  /// `!%&*+-/:;<=>?^|~.,(){}[]`.
  @inline(__always) static func isPunctuation(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x21, 0x25, 0x26, 0x2A, 0x2B, 0x2D, 0x2F, 0x3A, 0x3B, 0x3C, 0x3D, 0x3E, 0x3F, 0x5E, 0x7C, 0x7E, 0x2E, 0x2C,
      0x28, 0x29, 0x7B, 0x7D, 0x5B, 0x5D:
      true
    default: false
    }
  }
}
