import TypeRegistry
import TypeValidation
import UTIPlatform

/// `utictl validate FILE...`: the semantic lint of type declarations.
enum ValidateCommand {
  static var command: Command {
    Command(
      name: "validate",
      abstract: "Check type declarations for the mistakes that otherwise surface at run time.",
      discussion: """
        Checks each Info.plist, exported-types.plist or bundle together, against the built-in catalog
        and --types, so a type declared in one file may be used in another. Diagnostics point at the
        key or value at fault; clang-format lines and the summary go to standard error, the other
        formats to standard output. Exit status: 0 when there are no errors (and no warnings with
        --werror), 1 when there are, 2 when a file cannot be opened or an argument is wrong.
        Rules: \(ValidationRule.all.map(\.id.rawValue).joined(separator: ", ")).
        """,
      arguments: [
        .init(
          name: "file", value: .path("file"), help: "An Info.plist, exported-types.plist or bundle directory.",
          isRepeating: true,
          isOptional: true)
      ],
      options: [
        .init(
          names: ["--format"], value: .oneOf(ReportFormat.self, placeholder: "format"),
          help: "clang (default), github, json, sarif or junit."),
        .pretty,
        .init(names: ["--werror"], value: nil, help: "Treat warnings as errors."),
        .init(
          names: ["--disable"], value: .oneOf(ValidationRule.all.map(\.id.rawValue), placeholder: "rule"),
          help: "Do not report a rule (repeatable).", isRepeating: true),
        .init(
          names: ["--sources"], value: .directory("dir"),
          help: "Check UTType(exportedAs:)/(importedAs:) calls in the Swift files below (repeatable).",
          isRepeating: true),
        .init(
          names: ["--system-catalog"], value: nil,
          help: "Check a file as the system's own catalog (for this package's maintainers).", isHidden: true),
        .init(
          names: ["--stamp"], value: .path("path"),
          help: "Write this file when the files pass, and remove it when they do not (for build systems)."),
        .init(
          names: ["--explain"], value: .oneOf(ValidationRule.all.map(\.id.rawValue), placeholder: "rule"),
          help: "Print what a rule finds, why it matters at run time, and how to fix it (no files needed)."),
      ],
      run: run
    )
  }

  static func run(_ invocation: Invocation, _ io: inout Console) -> Int32 {
    if let rule = invocation.value("--explain") { return explain(rule, &io) }
    guard !invocation.positionals.isEmpty else {
      return UtiCtl.usageError(
        UsageError(message: "Missing expected argument '<file> ...' (or --explain <rule>)"), command: command,
        path: "utictl validate", io: &io)
    }
    // Parsing checked the values of --format and --disable against the lists they come from.
    let format = invocation.value("--format").flatMap(ReportFormat.init) ?? .clang
    var validator = Validator()
    validator.warningsAsErrors = invocation.has("--werror")
    validator.systemCatalog = invocation.has("--system-catalog")
    for name in invocation.all("--disable") {
      if let rule = ValidationRule.ID(rawValue: name) { validator.disabledRules.insert(rule) }
    }

    var status = ExitStatus.success
    var types: [DeclarationFile] = []
    for path in invocation.all("--types") {
      do {
        types.append(try DeclarationFile(contentsOf: path))
      } catch {
        io.error("error: \(error)")
        return ExitStatus.usage
      }
    }
    var files: [DeclarationFile] = []
    var diagnostics: [Diagnostic] = []
    var checked: [String] = []
    for path in invocation.positionals {
      do {
        let file = try DeclarationFile(contentsOf: path)
        files.append(file)
        checked.append(file.path)
      } catch {
        if let diagnostic = validator.diagnostic(for: error) {
          diagnostics.append(diagnostic)
          checked.append(error.path)
        } else {
          io.error("error: \(error)")
          status = ExitStatus.usage
        }
      }
    }
    var sources: [SwiftSourceFile] = []
    for directory in invocation.all("--sources") {
      guard FileIO.isDirectory(directory) else {
        io.error("error: --sources '\(directory)' is not a directory")
        return ExitStatus.usage
      }
      let walk = FileIO.files(under: directory, suffix: ".swift")
      for skipped in walk.skipped { io.error("note: not searched: \(skipped)") }
      for path in walk.files {
        do {
          sources.append(SwiftSourceFile(path: path, text: try FileIO.read(path)))
        } catch {
          io.error("warning: \(error)")
        }
      }
    }
    diagnostics += validator.validate(files, types: types, sources: sources)

    let report = DiagnosticReport(diagnostics: diagnostics, files: checked, validator: validator)
    switch format {
    case .github: io.write(Array(report.github().utf8))
    case .json: io.write(Array(report.json(pretty: invocation.has("--pretty")).utf8))
    case .sarif: io.write(Array(report.sarif(version: UtiCtl.version, pretty: invocation.has("--pretty")).utf8))
    case .junit: io.write(Array(report.junit().utf8))
    case .clang: for line in report.clang() { io.error(line) }
    }
    if format == .clang || format == .github { io.error(report.summary) }
    if status == ExitStatus.usage { return status }
    let passed = report.errorCount == 0
    if let stamp = invocation.value("--stamp") {
      // For build systems: the stamp exists exactly when the files pass.
      if passed {
        let text = "// utictl validate passed: \(checked.map { FileIO.baseName(of: $0) }.joined(separator: ", "))\n"
        do {
          try FileIO.replace(stamp, with: Array(text.utf8))
        } catch {
          io.error("error: cannot write the stamp: \(error)")
          return ExitStatus.usage
        }
      } else {
        unlink(stamp)
      }
    }
    return passed ? ExitStatus.success : ExitStatus.failure
  }
}

extension ValidateCommand {
  /// `--explain RULE`: the rule's id and severity, what it finds, why it matters, how to fix it.
  static func explain(_ id: String, _ io: inout Console) -> Int32 {
    // Parsing checked the id against the rules (and suggested the nearest).
    guard let rule = ValidationRule.named(id) else { return ExitStatus.usage }
    io.print("\(rule.id.rawValue) (\(rule.severity.rawValue))")
    io.print("")
    for (heading, text) in [("What it finds", rule.summary), ("Why it matters", rule.why), ("How to fix it", rule.fix)]
    {
      io.print("\(heading):")
      for line in wrap(text, width: 76) { io.print("  " + line) }
    }
    return ExitStatus.success
  }

  /// `text` in lines of at most `width` characters, broken between words.
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty && line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }
}

/// The output formats of `utictl validate --format`.
enum ReportFormat: String, CaseIterable {
  /// `path:line:column: severity: message [rule]` on standard error, as clang writes it.
  case clang
  /// GitHub Actions workflow commands (`::error file=…`).
  case github
  /// One JSON document.
  case json
  /// SARIF 2.1.0, for code-scanning services.
  case sarif
  /// JUnit XML, a test case per file.
  case junit
}
