/// Text escaped for the formats utictl writes, through one loop and a table per format: GitHub
/// workflow commands, XML (JUnit reports) and Swift-style quoted strings (`plist print`).
struct Escaping: Sendable {
  /// What each scalar the format escapes becomes.
  let replacements: [Unicode.Scalar: String]
  /// What another scalar becomes (nil: itself).
  let other: @Sendable (Unicode.Scalar) -> String?

  init(_ replacements: [Unicode.Scalar: String], other: @escaping @Sendable (Unicode.Scalar) -> String? = { _ in nil })
  {
    self.replacements = replacements
    self.other = other
  }

  /// `text`, escaped.
  func callAsFunction(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      if let replacement = replacements[scalar] ?? other(scalar) {
        out += replacement
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// A workflow command's message: `%`, `\r`, `\n`.
  static let githubData = Escaping(["%": "%25", "\r": "%0D", "\n": "%0A"])
  /// A workflow command's property: also `:` and `,`.
  static let githubProperty = Escaping(githubData.replacements.merging([":": "%3A", ",": "%2C"]) { $1 })
  /// XML text and attribute values; control characters XML cannot hold are dropped.
  static let xml = Escaping(["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "\n": "&#10;"]) {
    $0.value < 0x20 && $0 != "\t" ? "" : nil
  }
  /// The inside of a double-quoted string, as Swift writes one.
  static let quoted = Escaping(["\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r"]) {
    $0.value < 0x20 ? "\\u{\(String($0.value, radix: 16))}" : nil
  }
}
