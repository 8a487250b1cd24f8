/// The structure checks ``TextClassifier`` applies to the token model's answer.
extension TextClassifier {
  /// TOML where every line is a TOML line (a table header, `key = value` with a TOML value, a
  /// `#` comment, the inside of a multi-line array or string); else INI where every line is an
  /// INI line (a `[section]`, `key = value` or `key: value`, a `;` or `#` comment, an indented
  /// line going on with the value before it); else nil.
  static func iniOrTOML(_ lines: TextLines) -> Format? { readINIOrTOML(lines)?.format }

  /// ``iniOrTOML(_:)``'s reading, with how many sections (`[name]`, `[[name]]`) and pairs it read.
  static func readINIOrTOML(_ lines: TextLines) -> (format: Format, sections: Int, pairs: Int)? {
    var toml = true
    var pairs = 0
    var sections = 0
    var depth = 0  // brackets still open: the lines inside are an array's
    var string: String?  // the `"""` or `'''` of a multi-line string still open
    for index in lines.significant {
      let line = lines.string(index).trimmingSpaces
      if let quotes = string {
        if line.contains(quotes) { string = nil }
        continue
      }
      if depth > 0 {
        depth = max(0, depth + line.filter { $0 == "[" }.count - line.filter { $0 == "]" }.count)
        continue
      }
      if line.hasPrefix("#") { continue }
      if line.hasPrefix(";") {
        toml = false
        continue
      }
      if line.hasPrefix("[") && line.hasSuffix("]") {
        if isSectionName(line.dropFirst().dropLast()) { sections += 1 }
        continue
      }
      guard let split = keySplit(line), split != line.startIndex else {
        // An indented line after a pair goes on with its value, as Python's configparser reads
        // (`ignore =`, then one code a line): INI's, not TOML's.
        guard pairs > 0, lines[index].first == 0x20 || lines[index].first == 0x09 else { return nil }
        toml = false
        continue
      }
      let key = line[..<split].trimmingSpaces
      guard key.first == "\"" || key.allSatisfy({ $0.isLetter || $0.isNumber || "_-. \"'".contains($0) }) else {
        return nil
      }
      pairs += 1
      let value = line[line.index(after: split)...].trimmingSpaces
      if line[split] == ":" || !isTOMLValue(value) { toml = false }
      if value.hasPrefix("[") { depth = max(0, value.filter { $0 == "[" }.count - value.filter { $0 == "]" }.count) }
      string = openedMultilineString(value)
    }
    guard pairs > 0 else { return nil }
    return (toml ? .toml : .ini, sections, pairs)
  }

  /// Whether the inside of `[…]` names a section or table: `Unit`, `tool.poetry`, `[servers]`
  /// (an array of tables), `remote "origin"`, `@Git`, EditorConfig's `*.{md,html}`; spaces only
  /// within quotes and no parentheses (not a list expression's `[x for x in xs]`).
  static func isSectionName(_ name: Substring) -> Bool {
    let name = name.hasPrefix("[") && name.hasSuffix("]") ? name.dropFirst().dropLast() : name
    var quoted = false
    return !name.isEmpty
      && name.allSatisfy { character in
        if character == "\"" { quoted.toggle() }
        return quoted || character == "\"" || character.isLetter || character.isNumber
          || "._-:@/*?!{},".contains(character)
      }
  }

  /// Where a `key = value` line splits: its first `=` or `:` outside a quoted key
  /// (`"npm:@scope/tool" = "latest"`, `site."example.org" = true`).
  static func keySplit(_ line: String) -> String.Index? {
    var quote: Character?
    for index in line.indices {
      let character = line[index]
      if let open = quote {
        if character == open { quote = nil }
      } else if character == "\"" || character == "'" {
        quote = character
      } else if character == "=" || character == ":" {
        return index
      }
    }
    return nil
  }

  /// The `"""` or `'''` of a TOML multi-line string that `value` opens and does not close.
  static func openedMultilineString(_ value: String) -> String? {
    for quotes in ["\"\"\"", "'''"] where value.hasPrefix(quotes) {
      return value.dropFirst(3).contains(quotes) ? nil : quotes
    }
    return nil
  }

  /// Whether `value` begins a TOML value (TOML 1.0): a string, a number or date, a boolean, an
  /// array or an inline table.
  static func isTOMLValue(_ value: String) -> Bool {
    guard let first = value.first else { return false }
    if "\"'[{".contains(first) { return true }
    if value == "true" || value == "false" || value.hasPrefix("true ") || value.hasPrefix("false ") { return true }
    if ["inf", "+inf", "-inf", "nan", "+nan", "-nan"].contains(value) { return true }
    let word = value.prefix { $0 != " " && $0 != "#" }
    return (first.isNumber || first == "+" || first == "-")
      && word.allSatisfy { $0.isHexDigit || "+-_.:xobeEZT".contains($0) }
  }

  /// YAML: of the lines (comments and document markers aside), at least half a mapping's
  /// `key: value` or `key:`, or a sequence's `- item` (block scalars make the rest), and none
  /// ends with `;` or `{`.
  static func isYAML(_ lines: TextLines) -> Bool {
    var shaped = 0
    var others = 0
    for index in lines.significant {
      let line = lines.string(index).trimmingSpaces
      if line.hasPrefix("#") || line == "---" || line == "..." || line.hasPrefix("%YAML") { continue }
      if line.hasSuffix(";") || line.hasSuffix("{") { return false }
      let key = line.hasPrefix("- ") ? String(line.dropFirst(2)) : line
      if line == "-" || line.hasPrefix("- ") || key.contains(": ") || key.hasSuffix(":") {
        shaped += 1
      } else {
        others += 1
      }
    }
    return shaped > 0 && others <= shaped
  }

  /// Markdown (CommonMark's blocks and inlines): a heading (`# `), a list item (`- `, `* `,
  /// `+ `, `1. `), a fenced code block, a link (`](`), emphasis (`**`), code (`` ` ``) or a table
  /// row (`|`); prose has none.
  static func isMarkdown(_ lines: TextLines) -> Bool {
    for index in lines.significant {
      let line = lines.string(index).trimmingSpaces
      if line.hasPrefix("#"), line.drop(while: { $0 == "#" }).first == " " { return true }
      if ["- ", "* ", "+ ", "```", "~~~", "|", "> "].contains(where: { line.hasPrefix($0) }) { return true }
      if line.contains("](") || line.contains("**") || line.contains("`") { return true }
      let digits = line.prefix { $0.isNumber }
      if !digits.isEmpty, line.dropFirst(digits.count).hasPrefix(". ") { return true }
    }
    return false
  }

  /// A Makefile: a variable reference (`$(NAME)`), a rule (`target: prerequisites`) with a
  /// recipe line after it (a tab), `.PHONY`, or an assignment continued on the next line
  /// (`SOURCES = \`, as automake's lists are written; a shell assignment has no spaces).
  static func isMakefile(_ lines: TextLines) -> Bool {
    var rule = false
    for index in 0..<lines.count {
      let line = lines.string(index)
      if line.hasPrefix(".PHONY") || line.contains("$(") || isContinuedAssignment(line) { return true }
      if rule && line.hasPrefix("\t") { return true }
      rule =
        !line.hasPrefix("\t") && !line.hasPrefix("#") && line.contains(":") && !line.contains(":=")
        && !line.contains("::")
    }
    return false
  }

  /// `NAME = \`, `NAME += \`, `NAME := \` or `NAME ?= \`: a make variable's list going on.
  static func isContinuedAssignment(_ line: String) -> Bool {
    guard line.hasSuffix("\\"), let equals = line.firstIndex(of: "="), equals != line.startIndex else {
      return false
    }
    var name = line[..<equals]
    if let last = name.last, "+:?".contains(last) { name = name.dropLast() }
    guard name.last == " " || name.last == "\t" else { return false }
    let word = name.trimmingSpaces
    return !word.isEmpty && word.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "-" }
  }

  /// `#pragma once`, or an include guard: `#ifndef NAME` and then `#define NAME` (or `NAME 1`).
  static func hasIncludeGuard(_ lines: TextLines) -> Bool {
    var guardName: Substring?
    for index in lines.significant {
      let line = lines.string(index).trimmingSpaces
      if line.hasPrefix("#pragma once") { return true }
      if line.hasPrefix("#ifndef ") {
        guardName = line.dropFirst(8).split(separator: " ").first
        continue
      }
      let defined =
        line.hasPrefix("#define ") ? line.dropFirst(8).split(whereSeparator: { $0 == " " || $0 == "\t" }) : []
      // A guard defines its name bare (or as 1); `#ifndef PATH_MAX` / `#define PATH_MAX 4096`, a
      // default that sources write too, is no guard.
      if let name = guardName, defined.first == name, defined.count == 1 || (defined.count == 2 && defined[1] == "1") {
        return true
      }
      guardName = nil
    }
    return false
  }
}
