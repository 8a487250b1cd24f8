extension TextClassifier {
  /// YAML by its structure, bounded by the prefix's lines: indentation by spaces only; every
  /// line (comments, document markers, block scalars' bodies and a plain scalar's continuation
  /// lines aside, at most one in ten) a mapping's `key:` or `key: value` or a sequence's `- …`;
  /// three mapping lines at least; keys as configuration writes them (no spaces unless quoted).
  /// A file whose top-level keys are all capitalised (`Package:`, `Content-Type:`: Debian's
  /// control files, mail and HTTP headers) is left to the model, as are INI sections.
  static func isStrictYAML(_ lines: TextLines) -> Bool {
    var mappings = 0
    var items = 0
    var others = 0
    var blockIndent: Int?  // the indentation of the key whose block scalar is running
    for index in lines.significant {
      let raw = lines.string(index)
      if raw.hasPrefix("\t") { return false }
      let indent = raw.prefix { $0 == " " }.count
      if let open = blockIndent {
        if indent > open { continue }
        blockIndent = nil
      }
      let line = raw.trimmingSpaces
      if line.hasPrefix("#") || line == "---" || line == "..." || line.hasPrefix("%YAML") || line.hasPrefix("--- ") {
        continue
      }
      if line.hasPrefix("[") && line.hasSuffix("]") && !line.contains(",") { return false }  // an INI section
      var body = Substring(line)
      var keyIndent = indent
      while body.hasPrefix("- ") || body == "-" {
        items += 1
        body = body.dropFirst(2).drop { $0 == " " }
        keyIndent += 2
      }
      guard let (_, value) = yamlMapping(body) else {
        if !line.hasPrefix("-") { others += 1 }
        continue
      }
      mappings += 1
      if let first = value.first, first == "|" || first == ">", value.count <= 3 { blockIndent = keyIndent }
    }
    return mappings >= 3 && others * 10 <= mappings + items && !hasOnlyCapitalisedTopKeys(lines)
  }

  /// Whether every top-level mapping key is capitalised (`Package:`, `Content-Type:`), as in
  /// Debian's control files and mail or HTTP headers, which are not configuration YAML.
  static func hasOnlyCapitalisedTopKeys(_ lines: TextLines) -> Bool {
    var found = false
    for index in lines.significant {
      let raw = lines.string(index)
      guard let first = raw.first, first != " ", first != "#", first != "-" else { continue }
      guard let (key, _) = yamlMapping(Substring(raw.trimmingSpaces)) else { continue }
      if key.first?.isUppercase != true { return false }
      found = true
    }
    return found
  }

  /// The key and value of a mapping line (`key:`, `key: value`, `"quoted key": value`), or nil.
  static func yamlMapping(_ body: Substring) -> (key: Substring, value: Substring)? {
    guard let first = body.first else { return nil }
    let keyEnd: Substring.Index
    if first == "\"" || first == "'" {
      guard let close = body.dropFirst().firstIndex(of: first) else { return nil }
      keyEnd = body.index(after: close)
    } else {
      guard let colon = body.firstIndex(of: ":") else { return nil }
      keyEnd = colon
    }
    let key = body[..<keyEnd]
    guard !key.isEmpty, keyEnd < body.endIndex, body[keyEnd] == ":" else { return nil }
    let after = body.index(after: keyEnd)
    guard after == body.endIndex || body[after] == " " else { return nil }
    if first != "\"" && first != "'" {
      let allowed = { (c: Character) in c.isLetter || c.isNumber || "_-./{}$<>@~+".contains(c) }
      guard key.allSatisfy(allowed) else { return nil }
    }
    return (key, body[after...].drop { $0 == " " })
  }
}
