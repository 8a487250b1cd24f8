import PropertyList
import TypeRegistry
import TypeValidation

/// Validation results in the formats `utictl validate --format` offers.
struct DiagnosticReport {
  let diagnostics: [Diagnostic]
  /// The files checked, in order.
  let files: [String]
  let validator: Validator

  var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
  var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }

  var summary: String {
    func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
    return "\(plural(errorCount, "error")) and \(plural(warningCount, "warning")) in \(plural(files.count, "file"))"
  }

  // MARK: clang

  /// `path:line:column: severity: message [rule]`, each note on a line of its own.
  func clang() -> [String] {
    var lines: [String] = []
    for d in diagnostics {
      lines.append(d.description)
      for note in d.notes {
        if let place = note.place {
          lines.append("\(place): note: \(note.message)")
        } else {
          lines.append("\(d.place): note: \(note.message)")
        }
      }
    }
    return lines
  }

  // MARK: GitHub workflow commands

  /// `::error file=…,line=…,col=…,title=rule::message`, escaped as GitHub requires.
  func github() -> String {
    var out = ""
    for d in diagnostics {
      let command = d.severity == .error ? "error" : d.severity == .warning ? "warning" : "notice"
      var properties = ["file=\(Self.githubProperty(d.place.path))"]
      if let line = d.place.location.line, let column = d.place.location.column {
        properties += ["line=\(line)", "col=\(column)"]
      }
      properties.append("title=\(Self.githubProperty(d.rule.rawValue))")
      var message = d.message
      for note in d.notes { message += "\n\(note.place.map { "\($0): " } ?? "")note: \(note.message)" }
      out += "::\(command) \(properties.joined(separator: ","))::\(Self.githubData(message))\n"
    }
    return out
  }

  /// Escapes a workflow command's message: `%`, `\r`, `\n`.
  static func githubData(_ s: String) -> String { Escaping.githubData(s) }

  /// Escapes a workflow command's property: also `:` and `,`.
  static func githubProperty(_ s: String) -> String { Escaping.githubProperty(s) }

  // MARK: JSON

  func placeValue(_ place: Diagnostic.Place) -> [PropertyList.Dictionary.Entry] {
    var entries: [PropertyList.Dictionary.Entry] = [.init(key: "file", value: .init(.string(place.path)))]
    if let line = place.location.line, let column = place.location.column {
      entries.append(.init(key: "line", value: .init(.integer(.init(Int64(line))))))
      entries.append(.init(key: "column", value: .init(.integer(.init(Int64(column))))))
    }
    entries.append(.init(key: "offset", value: .init(.integer(.init(Int64(place.location.offset))))))
    return entries
  }

  /// An array of diagnostics: file, line, column, offset, severity, rule, message, notes.
  func json(pretty: Bool = false) -> String {
    let values: [PropertyList.Value] = diagnostics.map { d in
      var entries = placeValue(d.place)
      entries.append(.init(key: "severity", value: .init(.string(d.severity.rawValue))))
      entries.append(.init(key: "rule", value: .init(.string(d.rule.rawValue))))
      entries.append(.init(key: "message", value: .init(.string(d.message))))
      let notes: [PropertyList.Value] = d.notes.map { note in
        .init(
          .dictionary(
            .init((note.place.map(placeValue) ?? []) + [.init(key: "message", value: .init(.string(note.message)))])))
      }
      entries.append(.init(key: "notes", value: .init(.array(notes))))
      return .init(.dictionary(.init(entries)))
    }
    return Self.jsonText(.init(.array(values)), pretty: pretty)
  }

  /// `value` as JSON (`/` unescaped; indented when `pretty`), with a final newline.
  static func jsonText(_ value: PropertyList.Value, pretty: Bool = false) -> String {
    let style: PropertyList.JSONStyle = pretty ? .pretty : .compact
    return String(decoding: (try? PropertyList.writeJSON(value, style: style)) ?? Array("null".utf8), as: UTF8.self)
      + "\n"
  }

  // MARK: SARIF

  static func sarifLevel(_ severity: Diagnostic.Severity) -> String { severity.rawValue }

  /// A relative or absolute path as a URI reference: unreserved characters and `/` kept, the rest percent-encoded.
  static func uri(_ path: String) -> String {
    var out = ""
    for byte in path.utf8 {
      let c = Character(Unicode.Scalar(byte))
      if c.isASCII && (c.isLetter || c.isNumber || "-._~/".contains(c)) {
        out.append(c)
      } else {
        out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
      }
    }
    return out
  }

  static func object(_ pairs: [(String, PropertyList.Value)]) -> PropertyList.Value {
    .init(.dictionary(.init(pairs.map { PropertyList.Dictionary.Entry(key: $0.0, value: $0.1) })))
  }
  static func string(_ s: String) -> PropertyList.Value { .init(.string(s)) }
  static func integer(_ n: Int) -> PropertyList.Value { .init(.integer(.init(Int64(n)))) }
  static func text(_ s: String) -> PropertyList.Value { object([("text", string(s))]) }

  static func physicalLocation(_ place: Diagnostic.Place) -> PropertyList.Value {
    var region: [(String, PropertyList.Value)] = []
    if let line = place.location.line, let column = place.location.column {
      region = [("startLine", integer(line)), ("startColumn", integer(column))]
    } else {
      region = [("byteOffset", integer(place.location.offset))]
    }
    return object([("artifactLocation", object([("uri", string(uri(place.path)))])), ("region", object(region))])
  }

  /// SARIF 2.1.0, with every rule in `tool.driver.rules`.
  func sarif(version: String, pretty: Bool = false) -> String {
    let rules = ValidationRule.all
    let ruleValues: [PropertyList.Value] = rules.map { rule in
      Self.object([
        ("id", Self.string(rule.id.rawValue)),
        ("shortDescription", Self.text(rule.summary)),
        ("defaultConfiguration", Self.object([("level", Self.string(Self.sarifLevel(rule.severity)))])),
      ])
    }
    let results: [PropertyList.Value] = diagnostics.map { d in
      var result: [(String, PropertyList.Value)] = [
        ("ruleId", Self.string(d.rule.rawValue)),
        ("ruleIndex", Self.integer(rules.firstIndex { $0.id == d.rule } ?? 0)),
        ("level", Self.string(Self.sarifLevel(d.severity))),
        ("message", Self.text(d.message)),
        ("locations", .init(.array([Self.object([("physicalLocation", Self.physicalLocation(d.place))])]))),
      ]
      var related: [PropertyList.Value] = []
      for (n, note) in d.notes.enumerated() {
        guard let place = note.place else { continue }
        related.append(
          Self.object([
            ("id", Self.integer(n)), ("message", Self.text(note.message)),
            ("physicalLocation", Self.physicalLocation(place)),
          ]))
      }
      if !related.isEmpty { result.append(("relatedLocations", .init(.array(related)))) }
      return Self.object(result)
    }
    let driver = Self.object([
      ("name", Self.string("utictl")), ("version", Self.string(version)), ("rules", .init(.array(ruleValues))),
    ])
    let run = Self.object([("tool", Self.object([("driver", driver)])), ("results", .init(.array(results)))])
    let log = Self.object([
      ("$schema", Self.string("https://json.schemastore.org/sarif-2.1.0.json")),
      ("version", Self.string("2.1.0")),
      ("runs", .init(.array([run]))),
    ])
    return Self.jsonText(log, pretty: pretty)
  }

  // MARK: JUnit

  static func xml(_ s: String) -> String { Escaping.xml(s) }

  /// One test suite per file, one test case per enabled rule; a rule's errors are its failure,
  /// its warnings go to `system-out`.
  func junit() -> String {
    let rules = ValidationRule.all.filter { !validator.disabledRules.contains($0.id) }
    var suiteFiles = files
    for d in diagnostics where !suiteFiles.contains(d.place.path) { suiteFiles.append(d.place.path) }
    var suites = ""
    var totalTests = 0
    var totalFailures = 0
    for file in suiteFiles {
      let fileRules = files.contains(file) ? rules : rules.filter { $0.id == .undeclaredExportedType }
      var cases = ""
      var failures = 0
      for rule in fileRules {
        let found = diagnostics.filter { $0.place.path == file && $0.rule == rule.id }
        let errors = found.filter { $0.severity == .error }
        let warnings = found.filter { $0.severity != .error }
        cases += "    <testcase classname=\"\(Self.xml(file))\" name=\"\(rule.id)\""
        if errors.isEmpty && warnings.isEmpty {
          cases += "/>\n"
          continue
        }
        cases += ">\n"
        if !errors.isEmpty {
          failures += 1
          let text = errors.map(\.description).joined(separator: "\n")
          cases +=
            "      <failure type=\"error\" message=\"\(Self.xml(errors[0].message))\">\(Self.xml(text))</failure>\n"
        }
        if !warnings.isEmpty {
          cases += "      <system-out>\(Self.xml(warnings.map(\.description).joined(separator: "\n")))</system-out>\n"
        }
        cases += "    </testcase>\n"
      }
      suites +=
        "  <testsuite name=\"\(Self.xml(file))\" tests=\"\(fileRules.count)\" failures=\"\(failures)\" errors=\"0\">\n\(cases)  </testsuite>\n"
      totalTests += fileRules.count
      totalFailures += failures
    }
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites name="utictl validate" tests="\(totalTests)" failures="\(totalFailures)" errors="0">
      \(suites)</testsuites>

      """
  }
}
