extension TextClassifier {
  /// CSS by its grammar: inside the braces of rules, declarations (`color: red;`,
  /// `--gap: 4px`, vendor-prefixed properties), two at least and nearly all of what the blocks
  /// hold. A linker script (`SECTIONS { .text : { *(.text) } }`), whose words the model reads as
  /// CSS, has none; minified CSS on one line has them all.
  static func isCSS(_ lines: TextLines) -> Bool {
    var good = 0
    var bad = 0
    var depth = 0
    var segment: [UInt8] = []
    var inComment = false
    var previous: UInt8 = 0
    for byte in lines.text {
      defer { previous = byte }
      if inComment {
        if previous == UInt8(ascii: "*") && byte == UInt8(ascii: "/") { inComment = false }
        continue
      }
      switch byte {
      case UInt8(ascii: "*") where previous == UInt8(ascii: "/"):
        if !segment.isEmpty { segment.removeLast() }
        inComment = true
      case UInt8(ascii: "{"):
        depth += 1
        segment = []  // a selector, or an at-rule's prelude
      case UInt8(ascii: ";"), UInt8(ascii: "}"):
        if depth > 0 {
          switch cssDeclaration(segment) {
          case true?: good += 1
          case false?: bad += 1
          case nil: break
          }
        }
        if byte == UInt8(ascii: "}") { depth = max(0, depth - 1) }
        segment = []
      default:
        segment.append(byte)
      }
    }
    return good >= 2 && bad * 5 <= good
  }

  /// Whether `segment` (what a block holds up to `;` or `}`) is a declaration: a property name
  /// (letters and hyphens, or a custom property `--name`) and a colon; nil for blank.
  static func cssDeclaration(_ segment: [UInt8]) -> Bool? {
    let text = String(decoding: segment, as: UTF8.self).trimmingSpaces.filter { $0 != "\n" && $0 != "\r" }
    guard !text.isEmpty else { return nil }
    guard let colon = text.firstIndex(of: ":") else { return text.hasPrefix("@") ? nil : false }
    let name = text[..<colon].trimmingSpaces
    guard let first = name.first else { return false }
    if name.hasPrefix("--") { return name.count > 2 }
    return (first.isLetter || first == "-")
      && name.allSatisfy { ($0.isLetter && $0.isLowercase) || $0 == "-" || $0.isNumber }
  }
}
