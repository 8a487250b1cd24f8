/// The strict readers and structure checks of ``TextClassifier``: each reads lines of the
/// classifier's 4 KB prefix once (no backtracking), so that a long line or a deep nesting costs
/// no more than its bytes.
extension TextClassifier {
  // MARK: Modelines

  /// The format an Emacs (`-*- mode: NAME -*-`, `-*- NAME -*-`) or Vim (`vim: set ft=NAME:`,
  /// `vi: filetype=NAME`) modeline in the first five lines names, and the name.
  static func modeline(_ lines: TextLines) -> (Format, String)? {
    for index in 0..<min(lines.count, 5) where lines.contains(index, "-*-") || lines.contains(index, "vi") {
      let line = lines.string(index)
      var name: Substring?
      if let open = line.firstRange(of: "-*-"), let close = line[open.upperBound...].firstRange(of: "-*-") {
        let inside = line[open.upperBound..<close.lowerBound]
        let mode = inside.split(separator: ";").first { $0.lowercased().contains("mode:") }
        name = (mode.map { $0.split(separator: ":").last ?? "" } ?? inside)
      } else if line.contains("vim:") || line.contains("vi:") || line.contains("ex:") {
        for key in ["filetype=", "ft=", "syntax="] {
          if let range = line.firstRange(of: key) {
            name = line[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" }
            break
          }
        }
      }
      let word = (name ?? "").trimmingSpaces.lowercased()
      if let format = modelineNames[word] { return (format, word) }
    }
    return nil
  }

  /// The names editors give modes and file types, and their formats.
  static let modelineNames: [String: Format] = [
    "python": .pythonScript, "sh": .shellScript, "bash": .shellScript, "zsh": .shellScript,
    "shell-script": .shellScript, "c": .cSource, "cpp": .cPlusPlusSource, "c++": .cPlusPlusSource,
    "objc": .objectiveCSource, "swift": .swiftSource, "javascript": .javaScript, "js": .javaScript,
    "typescript": .typeScript, "json": .json, "yaml": .yaml, "toml": .toml, "dosini": .ini, "conf-unix": .ini,
    "ini": .ini, "make": .makefile, "makefile": .makefile, "dockerfile": .dockerfile, "rust": .rust, "go": .go,
    "java": .javaSource, "kotlin": .kotlin, "cs": .cSharp, "csharp": .cSharp, "sql": .sql, "tex": .tex,
    "latex": .tex, "plaintex": .tex, "diff": .patch, "markdown": .markdown, "perl": .perlScript, "cperl": .perlScript,
    "php": .phpScript, "ruby": .rubyScript, "lua": .lua, "css": .css, "html": .html, "xml": .xml, "nxml": .xml,
  ]

  // MARK: Strict readers

  /// A unified diff or a `git format-patch` mail: it starts with `diff --git`, `diff -`,
  /// `Index: ` or `From <40 hex digits> `, or has `--- `, `+++ ` and `@@ ` lines in sequence.
  static func isPatch(_ lines: TextLines) -> Bool {
    guard let first = lines.significant.first else { return false }
    let line = lines.string(first)
    if line.hasPrefix("diff --git ") || line.hasPrefix("diff -") || line.hasPrefix("Index: ") { return true }
    if line.hasPrefix("From "), line.count > 46,
      line.dropFirst(5).prefix(40).allSatisfy(\.isHexDigit), line.dropFirst(45).first == " "
    {
      return true
    }
    return (0..<max(0, lines.count - 2)).contains { index in
      lines[index].starts(with: "--- ".utf8) && lines[index + 1].starts(with: "+++ ".utf8)
        && lines[index + 2].starts(with: "@@ ".utf8)
    }
  }

  /// Two or more lines, each (blank ones aside) a whole JSON object or array.
  static func isNDJSON(_ lines: TextLines) -> Bool {
    let values = lines.significant
    guard values.count >= 2 else { return false }
    return values.allSatisfy { index in
      let line = UnsafeRawBufferPointer(rebasing: lines[index])
      guard let first = line.first(where: { $0 != 0x20 && $0 != 0x09 }), first == 0x7B || first == 0x5B else {
        return false
      }
      var parser = JSONPrefixParser(text: ByteView(line))
      guard case .complete = parser.value(depth: 0) else { return false }
      parser.skipSpace()
      return parser.atEnd
    }
  }

  /// The field separators of delimited text, in the order they are tried, with their names and
  /// formats: TSV by tabs; CSV by commas, and by the semicolons of spreadsheets written where the
  /// comma is the decimal mark, and the vertical bars of database dumps. `codeWritesIt`: code
  /// ends its statements in semicolons and Prolog writes lists with bars, so a table of those
  /// needs more (``delimitedFormat(_:)``).
  static let delimiters: [(byte: UInt8, name: String, format: Format, codeWritesIt: Bool)] = [
    (0x09, "tab", .tsv, false), (0x2C, "comma", .csv, false), (0x3B, "semicolon", .csv, true),
    (0x7C, "vertical-bar", .csv, true),
  ]

  /// CSV or TSV (``delimiters``): three or more records (two with three or more fields), each
  /// with the same number of fields, at least two, and most of the first record's named (a
  /// Makefile's recipes, split at their leading tab, have none). The first record may name one
  /// field fewer than the others hold, as R's `write.csv` and `write.table` write row names
  /// (commas and tabs only). Semicolons and bars, which code writes too, need four records of
  /// three fields or more, and no Markdown table rule (`|---|:--|`) among the lines.
  static func delimitedFormat(_ lines: TextLines) -> (format: Format, reason: String)? {
    guard let first = lines.significant.first else { return nil }
    for (delimiter, name, format, codeWritesIt) in delimiters where lines[first].contains(delimiter) {
      // The first line holds the delimiter, or this is not a table.
      guard let records = records(lines, delimiter: delimiter), records.count >= 2 else { continue }
      let fields = records[1].count
      let header = records[0].count
      guard fields >= 2, records.count >= 3 || (records.count == 2 && fields >= 3),
        header == fields || (header == fields - 1 && records.count >= 3 && !codeWritesIt),
        records.dropFirst().allSatisfy({ $0.count == fields }), records[0].count(where: { $0.isEmpty }) * 2 < header
      else { continue }
      if codeWritesIt {
        guard records.count >= 4, fields >= 3, !hasMarkdownTableRule(lines) else { continue }
      }
      let rowNames = header < fields ? ", the first naming all but the rows' names" : ""
      return (format, "\(records.count) records of \(fields) \(name)-separated fields each\(rowNames)")
    }
    return nil
  }

  /// Whether a line is a Markdown table's rule: only `|`, `-`, `:` and spaces, three dashes at least.
  static func hasMarkdownTableRule(_ lines: TextLines) -> Bool {
    lines.significant.contains { index in
      let line = lines[index]
      return line.count(where: { $0 == 0x2D }) >= 3 && line.allSatisfy { [0x7C, 0x2D, 0x3A, 0x20, 0x09].contains($0) }
    }
  }

  /// The first records (at most 20) of the lines, split at `delimiter` with RFC 4180 quotes (a
  /// quoted field may hold delimiters, doubled quotes and line breaks); nil when a quote is
  /// left open where the text ends or a field is quoted badly.
  static func records(_ lines: TextLines, delimiter: UInt8) -> [[String]]? {
    var records: [[String]] = []
    var fields: [String] = []
    var field: [UInt8] = []
    var quoted = false
    for index in 0..<lines.count where records.count < 20 {
      let line = lines[index]
      var at = line.startIndex
      while at < line.endIndex {
        let byte = line[at]
        at += 1
        if quoted {
          if byte == 0x22, at < line.endIndex, line[at] == 0x22 {
            field.append(0x22)
            at += 1
          } else if byte == 0x22 {
            quoted = false
          } else {
            field.append(byte)
          }
        } else if byte == 0x22 && field.isEmpty {
          quoted = true
        } else if byte == delimiter {
          fields.append(String(decoding: field, as: UTF8.self))
          field = []
        } else {
          field.append(byte)
        }
      }
      if quoted {
        field.append(0x0A)
        continue
      }
      fields.append(String(decoding: field, as: UTF8.self))
      if fields != [""] { records.append(fields) }
      (fields, field) = ([], [])
    }
    return quoted && records.count < 2 ? nil : records
  }

  /// The instructions of the Dockerfile reference, in capitals as Dockerfiles write them.
  static let dockerInstructions: Set<String> = [
    "FROM", "RUN", "CMD", "LABEL", "MAINTAINER", "EXPOSE", "ENV", "ADD", "COPY", "ENTRYPOINT", "VOLUME", "USER",
    "WORKDIR", "ARG", "ONBUILD", "STOPSIGNAL", "HEALTHCHECK", "SHELL",
  ]

  /// A Dockerfile, read as BuildKit reads one: parser directives (`# syntax=…`, `# escape=…`),
  /// comments, continuations (a line ending in the escape character, `\` or the directive's)
  /// and heredocs (`RUN <<EOF` … `EOF`, `COPY <<-"END" /etc/conf`) aside, every line starts with
  /// an instruction in any case (nine in ten), two or more of them, the first `FROM` or `ARG`,
  /// and a `FROM`.
  static func isDockerfile(_ lines: TextLines) -> Bool {
    var escape: Character = "\\"
    var instructions: [String] = []
    var others = 0
    var continued = false
    var heredocs: [(word: String, stripsTabs: Bool)] = []
    for index in lines.significant {
      let raw = lines.string(index)
      if let open = heredocs.first {
        // A heredoc's body, to its terminator (leading tabs stripped for `<<-`).
        let candidate = open.stripsTabs ? String(raw.drop { $0 == "\t" }) : raw
        if candidate.trimmingSpaces == open.word { heredocs.removeFirst() }
        continue
      }
      let line = raw.trimmingSpaces
      if line.hasPrefix("#") {
        if instructions.isEmpty, let escaped = escapeDirective(line) { escape = escaped }
        continue  // comments, inside continuations too
      }
      let wasContinued = continued
      continued = line.last == escape
      if wasContinued {
        heredocs += heredocMarkers(in: line)
        continue
      }
      let word = String(line.prefix { $0 != " " && $0 != "\t" }).uppercased()
      // The first instruction must be FROM or ARG: most text stops here.
      if instructions.isEmpty && others == 0 && word != "FROM" && word != "ARG" { return false }
      if dockerInstructions.contains(word) {
        instructions.append(word)
        heredocs += heredocMarkers(in: line)
      } else {
        others += 1
      }
    }
    return instructions.count >= 2 && instructions.contains("FROM") && others * 10 <= instructions.count
  }

  /// The character of an `# escape=` parser directive (`` ` `` in Windows Dockerfiles).
  static func escapeDirective(_ comment: String) -> Character? {
    let body = comment.dropFirst().filter { $0 != " " && $0 != "\t" }.lowercased()
    guard body.hasPrefix("escape="), body.count == "escape=".count + 1 else { return nil }
    return body.last
  }

  /// The heredocs a line opens, in order: `<<WORD`, `<<-WORD`, `<<"WORD"`, `<<'WORD'` (not a
  /// shell's here-string, `<<<`).
  static func heredocMarkers(in line: String) -> [(word: String, stripsTabs: Bool)] {
    var markers: [(word: String, stripsTabs: Bool)] = []
    let characters = Array(line)
    var index = 0
    while index + 2 < characters.count {
      defer { index += 1 }
      guard characters[index] == "<", characters[index + 1] == "<", index == 0 || characters[index - 1] != "<"
      else { continue }
      var cursor = index + 2
      guard characters[cursor] != "<" else { continue }
      let stripsTabs = characters[cursor] == "-"
      if stripsTabs { cursor += 1 }
      if cursor < characters.count, characters[cursor] == "\"" || characters[cursor] == "'" { cursor += 1 }
      let word = characters[cursor...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
      if !word.isEmpty { markers.append((String(word), stripsTabs)) }
      index = cursor
    }
    return markers
  }
}

extension TextClassifier {
  /// A Makefile of variables (automake's `Makefile.am`, an included `Makefile.inc`): an
  /// assignment continued on the next line (``isContinuedAssignment(_:)``), and every line an
  /// assignment (`NAME = value`, `+=`, `:=`, `?=`), a continuation, a comment or a conditional.
  static func isMakeVariableList(_ lines: TextLines) -> Bool {
    var continued = false
    var lists = 0
    for index in lines.significant {
      let line = lines.string(index)
      defer { continued = line.hasSuffix("\\") }
      if continued || line.hasPrefix("#") { continue }
      if isContinuedAssignment(line) {
        lists += 1
        continue
      }
      let words = line.split(separator: " ", maxSplits: 2)
      let conditional = ["if", "ifeq", "ifneq", "ifdef", "ifndef", "else", "endif", "include"]
      if let first = words.first, conditional.contains(String(first)) { continue }
      guard words.count >= 2, ["=", "+=", ":=", "?="].contains(String(words[1])) else { return false }
    }
    return lists > 0
  }
}

extension StringProtocol {
  /// The text without leading and trailing spaces and tabs.
  var trimmingSpaces: String {
    let isText = { (c: Character) in c != " " && c != "\t" }
    guard let first = firstIndex(where: isText), let last = lastIndex(where: isText) else { return "" }
    return String(self[first...last])
  }
}
