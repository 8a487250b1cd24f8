/// Names text by its content: source code, data formats and documents that have no signature,
/// from a file's first 4 KB (``TextTokens/prefixLength``).
///
/// The evidence, strongest first; the first that decides is the answer, and its reason is what
/// `utictl identify --explain` prints:
/// 1. An editor's modeline (`-*- mode: python -*-`, `vim: set ft=yaml:`) in the first lines.
/// 2. Structure that strict readers accept: a patch (`diff --git`, `From <commit>`, or `---`,
///    `+++`, `@@` in sequence), NDJSON (two or more lines, each a JSON object or array), CSV and
///    TSV (RFC 4180 records, three or more with the same number of fields, two or more fields,
///    the first record's all named or all but the rows' names; CSV by commas, semicolons or
///    vertical bars, ``delimitedFormat(_:)``), a Dockerfile (its first instruction `FROM` or
///    `ARG`, and nearly every line an instruction, a continuation or a heredoc's body), YAML
///    (mappings and sequences indented by spaces, ``isStrictYAML(_:)``), SQL (statements that
///    start with SQL's words, one at least that only SQL writes), INI or TOML with a section
///    (``readINIOrTOML(_:)``).
/// 3. The token model (``TextModel``), where it is sure enough of the kind's family
///    (``confidence``, ``families``), checked against the structure of the kind it names: TOML
///    only where every value is a TOML value (else INI), INI and YAML only where the lines have
///    their shapes, Markdown only with its marks (headings, lists, fences, links, emphasis), a
///    Makefile only with a rule or a variable reference, a language written in braces only where
///    most lines end as code's do (``codeLineShare(_:)``), CSS only with declarations in its
///    blocks; a C or C++ file with an include guard or `#pragma once` is a header, one that
///    defines `main` or a member out of line a source (``sourceOrHeader(_:lines:)``); the grammar
///    corrects the kinds the model confuses (``disambiguated(_:lines:)``: Java and C#,
///    TypeScript only with type syntax, C++ only with what C lacks).
///
/// Where nothing is sure the answer is nil: plain text, never a guess.
enum TextClassifier {
  /// How probable the model's first kind (with its family, ``families``) must be for it to be
  /// the answer: chosen with the model, by grouped k-fold over its training repositories
  /// (``TextModel/confidenceFloor``).
  static let confidence = TextModel.confidenceFloor

  /// Kinds whose members the grammar tells apart (an include guard makes a header, TOML's value
  /// syntax TOML, Java's and C#'s own lines, TypeScript's type syntax): how sure the model is of
  /// its answer is the probability of the answer's family, as `scripts/make-text-model.py` takes it.
  static let families: [Set<String>] = [
    ["c", "c-header"], ["c++", "c++-header"], ["ini", "toml"], ["java", "c#"], ["javascript", "typescript"],
  ]

  /// The format of `text` (UTF-8, or ASCII-compatible bytes) and why; nil for plain text.
  static func classify(_ text: UnsafeRawBufferPointer) -> (format: Format, reason: String)? {
    let text = UnsafeRawBufferPointer(rebasing: text.prefix(TextTokens.prefixLength))
    let lines = TextLines(text)
    if let (format, name) = modeline(lines) {
      return (format, "an editor's modeline names \(name)")
    }
    if let found = structure(lines) { return found }
    return model(text, lines: lines)
  }

  /// The formats that strict readers accept.
  private static func structure(_ lines: TextLines) -> (format: Format, reason: String)? {
    if let first = lines.significant.first, lines.startsWith(first, "#compdef ") || lines.startsWith(first, "#autoload")
    {
      return (.shellScript, "its first line is zsh's #compdef or #autoload (a completion function)")
    }
    if isPatch(lines) { return (.patch, "its lines are a patch's (file headers and hunks)") }
    if isNDJSON(lines) { return (.ndjson, "every line is a JSON object or array") }
    if let delimited = delimitedFormat(lines) { return delimited }
    if isDockerfile(lines) { return (.dockerfile, "every line is a Dockerfile instruction, the first FROM or ARG") }
    if isStrictYAML(lines) { return (.yaml, "its lines are YAML's mappings and sequences, indented by spaces") }
    if isSQL(lines) { return (.sql, "its statements are SQL's (CREATE TABLE, INSERT INTO, SELECT … FROM …)") }
    if let read = readINIOrTOML(lines), read.sections > 0, read.pairs >= 2 {
      let name = read.format == .toml ? "TOML's: every value is a TOML value" : "INI's"
      return (read.format, "its lines are \(name) (sections and key = value pairs)")
    }
    if isMakeVariableList(lines) { return (.makefile, "its lines are make variables, a list going on (`NAME = \\`)") }
    return nil
  }

  /// The token model's answer, checked against the structure of the kind it names.
  private static func model(_ text: UnsafeRawBufferPointer, lines: TextLines) -> (format: Format, reason: String)? {
    let model = TextModel.shared
    let (counts, total) = TextTokens.count(text, in: model)
    let ranked = model.rank(counts)
    guard total >= 8, let best = ranked.first else { return nil }
    let family = families.first { $0.contains(best.kind) } ?? [best.kind]
    guard ranked.reduce(0, { family.contains($1.kind) ? $0 + $1.probability : $0 }) >= confidence else { return nil }
    guard let format = checked(best.kind, lines: lines) else { return nil }
    let named = format.mimeType == Format.textModelKinds[best.kind]?.mimeType
    let odds = ranked.dropFirst().first.map {
      "\(percent(best.probability)); next \($0.kind), \(percent($0.probability))"
    }
    let reading = "its tokens read as \(best.kind) (\(odds ?? percent(best.probability)))"
    return (format, named ? reading : "\(reading), and its structure is \(format.mimeType)'s")
  }

  /// A probability as a whole percentage, `"93 %"` (below one, `"<1 %"`).
  private static func percent(_ probability: Double) -> String {
    let value = Int((probability * 100).rounded())
    return value < 1 ? "<1 %" : "\(value) %"
  }

  /// The format of the model's `kind` once its structure is checked; nil where it does not hold.
  static func checked(_ kind: String, lines: TextLines) -> Format? {
    let kind = disambiguated(kind, lines: lines)
    if braceKinds.contains(kind), codeLineShare(lines) < 0.4 || codeLines(lines) < 3 { return nil }
    switch kind {
    case "prose", "csv", "tsv", "diff", "dockerfile": return nil  // Only their strict readers name these.
    case "ini", "toml": return iniOrTOML(lines)
    case "yaml": return isYAML(lines) && !hasOnlyCapitalisedTopKeys(lines) ? .yaml : nil
    case "css": return isCSS(lines) ? .css : nil
    case "markdown": return isMarkdown(lines) ? .markdown : nil
    case "makefile": return isMakefile(lines) ? .makefile : nil
    case "c", "c-header", "c++", "c++-header": return sourceOrHeader(kind, lines: lines)
    default: return Format.textModelKinds[kind]
    }
  }
}

extension TextClassifier {
  /// A C or C++ file's kind by its grammar: a header with an include guard or `#pragma once`, a
  /// source where it defines `main` or a member out of line (``hasSourceDefinitions(_:)``), else
  /// what the model named.
  static func sourceOrHeader(_ kind: String, lines: TextLines) -> Format? {
    let cPlusPlus = kind.hasPrefix("c++")
    if hasIncludeGuard(lines) { return cPlusPlus ? .cPlusPlusHeader : .cHeader }
    if kind.hasSuffix("-header"), hasSourceDefinitions(lines) { return Format.textModelKinds[cPlusPlus ? "c++" : "c"] }
    return Format.textModelKinds[kind]
  }

  /// The kinds written in braces and semicolons, whose lines mostly end in punctuation.
  static let braceKinds: Set<String> = [
    "c", "c-header", "c++", "c++-header", "objective-c", "swift", "java", "kotlin", "c#", "javascript", "typescript",
    "go", "rust", "php", "css",
  ]

  /// The share of lines (blank ones aside) that end in `;{}()[],:=` or start with `}#@/*`, as
  /// code's lines do: at least 60 % in nine files of ten of each brace kind of the corpus, below
  /// 20 % in half its prose (a licence whose words the model takes for C#).
  static func codeLineShare(_ lines: TextLines) -> Double {
    let significant = lines.significant
    guard !significant.isEmpty else { return 0 }
    return Double(codeLines(lines)) / Double(significant.count)
  }

  /// How many lines end or start as code's do (see ``codeLineShare(_:)``); a brace kind needs
  /// three at least, so that a sentence after a comment is not taken for Java.
  static func codeLines(_ lines: TextLines) -> Int {
    let ends: Set<UInt8> = Set(";{}()[],:=".utf8)
    let starts: Set<UInt8> = Set("}#@/*".utf8)
    return lines.significant.count { index in
      let line = lines[index].filter { $0 != 0x20 && $0 != 0x09 }
      guard let first = line.first, let last = line.last else { return false }
      return ends.contains(last) || starts.contains(first)
    }
  }
}

/// The lines of a text prefix, without their line breaks (a carriage return before one is
/// dropped); the last is left out when the text was cut inside it (a prefix as long as
/// ``TextTokens/prefixLength``), so that readers never judge half a line.
struct TextLines {
  let text: UnsafeRawBufferPointer
  let ranges: [Range<Int>]

  init(_ text: UnsafeRawBufferPointer) {
    self.text = text
    var ranges: [Range<Int>] = []
    var start = 0
    for index in 0..<text.count where text[index] == 0x0A {
      let end = index > start && text[index - 1] == 0x0D ? index - 1 : index
      ranges.append(start..<end)
      start = index + 1
    }
    if start < text.count && text.count < TextTokens.prefixLength { ranges.append(start..<text.count) }
    self.ranges = ranges
    significant = ranges.indices.filter { text[ranges[$0]].contains { $0 != 0x20 && $0 != 0x09 } }
  }

  /// The line at `index` as bytes.
  subscript(_ index: Int) -> UnsafeRawBufferPointer.SubSequence { text[ranges[index]] }

  var count: Int { ranges.count }

  /// The line at `index` as a string (invalid UTF-8 repaired).
  func string(_ index: Int) -> String { String(decoding: self[index], as: UTF8.self) }

  /// Whether the line at `index` holds `literal` (bytes compared, no string made).
  func contains(_ index: Int, _ literal: StaticString) -> Bool {
    ByteView(text).firstOffset(of: literal, in: ranges[index]) != nil
  }

  /// Whether the line at `index`, after leading spaces and tabs, starts with `literal`.
  func startsWith(_ index: Int, _ literal: StaticString) -> Bool {
    let start = self[index].firstIndex { $0 != 0x20 && $0 != 0x09 } ?? ranges[index].upperBound
    return start + literal.utf8CodeUnitCount <= ranges[index].upperBound && ByteView(text).has(literal, at: start)
  }

  /// The indices of the lines that hold more than white space.
  let significant: [Int]
}
