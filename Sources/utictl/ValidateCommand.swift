import TypeRegistry
import TypeValidation
import UTIPlatform

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

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
      options: [format, Command.Flag.pretty, werror, disable, sources, freedesktop, systemCatalog, stamp, explainKey],
      run: run
    )
  }

  static let format = Command.Key<ReportFormat>(
    ["--format"], placeholder: "format", help: "clang (default), github, json, sarif or junit.")
  static let werror = Command.Flag(["--werror"], help: "Treat warnings as errors.")
  static let disable = Command.Key<ValidationRule>(
    ["--disable"], ruleValue, help: "Do not report a rule (repeatable).", repeating: true, convert: ValidationRule.named
  )
  static let sources = Command.Key<String>(
    ["--sources"], .directory("dir"),
    help: "Check UTType(exportedAs:)/(importedAs:) calls in the Swift files below (repeatable).", repeating: true)
  static let freedesktop = Command.Flag(
    ["--freedesktop"],
    help: "Also check what the Linux desktop needs (MIME types, globs, document types, package names).")
  static let systemCatalog = Command.Flag(
    ["--system-catalog"], help: "Check a file as the system's own catalog (for this package's maintainers).",
    hidden: true)
  static let stamp = Command.Key<String>(
    ["--stamp"], .path("path"),
    help: "Write this file when the files pass, and remove it when they do not (for build systems).")
  static let explainKey = Command.Key<ValidationRule>(
    ["--explain"], ruleValue,
    help: "Print what a rule finds, why it matters at run time, and how to fix it (no files needed).",
    convert: ValidationRule.named)
  /// A rule's id, as `--disable` and `--explain` take it.
  static var ruleValue: Command.Value { .oneOf(ValidationRule.all.map(\.id.rawValue), placeholder: "rule") }

  static func run(_ invocation: Invocation, _ io: inout Console) -> Int32 {
    if let rule = invocation[explainKey] { return explain(rule, &io) }
    guard !invocation.positionals.isEmpty else {
      return UtiCtl.usageError(
        UsageError(message: "Missing expected argument '<file> ...' (or --explain <rule>)"), command: command,
        path: "utictl validate", io: &io)
    }
    let validator = makeValidator(invocation)
    guard let types = QueryContext.typeFiles(invocation, io: &io) else { return ExitStatus.usage }
    var checked = read(invocation.positionals, validator: validator, io: &io)
    guard let sources = swiftSources(invocation.all(sources), io: &io) else { return ExitStatus.usage }
    checked.diagnostics += validator.validate(checked.files, types: types, sources: sources)

    let report = DiagnosticReport(diagnostics: checked.diagnostics, files: checked.paths, validator: validator)
    let format = invocation[format] ?? .clang
    write(report, as: format, pretty: invocation[.pretty], io: &io)
    if checked.unreadable { return ExitStatus.usage }
    let passed = report.errorCount == 0
    if let stamp = invocation[stamp], !writeStamp(stamp, passed: passed, paths: checked.paths, io: &io) {
      return ExitStatus.usage
    }
    return passed ? ExitStatus.success : ExitStatus.failure
  }

  /// The validator `--werror`, `--system-catalog` and `--disable` ask for (parsing checked the
  /// rule ids).
  static func makeValidator(_ invocation: Invocation) -> Validator {
    var validator = Validator()
    validator.warningsAsErrors = invocation[werror]
    validator.systemCatalog = invocation[systemCatalog]
    validator.freedesktop = invocation[freedesktop]
    for rule in invocation.all(disable) { validator.disabledRules.insert(rule.id) }
    return validator
  }

  /// The files to check, as read: those that parsed, a `plist-syntax` diagnostic for each that is
  /// not a property list, and whether one could not be opened at all (reported; exit status 2).
  struct CheckedFiles {
    var files: [DeclarationFile] = []
    var diagnostics: [Diagnostic] = []
    /// Every file the report covers, in argument order.
    var paths: [String] = []
    var unreadable = false
  }

  static func read(_ paths: [String], validator: Validator, io: inout Console) -> CheckedFiles {
    var checked = CheckedFiles()
    for path in paths {
      do {
        let file = try DeclarationFile(contentsOf: path)
        checked.files.append(file)
        checked.paths.append(file.path)
      } catch {
        if let diagnostic = validator.diagnostic(for: error) {
          checked.diagnostics.append(diagnostic)
          checked.paths.append(error.path)
        } else {
          io.error("error: \(error)")
          checked.unreadable = true
        }
      }
    }
    return checked
  }

  /// The Swift files under each `--sources` directory (what the walk skipped, and files that
  /// cannot be read, are reported); nil when one is not a directory.
  static func swiftSources(_ directories: [String], io: inout Console) -> [SwiftSourceFile]? {
    var sources: [SwiftSourceFile] = []
    for directory in directories {
      guard FileIO.isDirectory(directory) else {
        io.error("error: --sources '\(directory)' is not a directory")
        return nil
      }
      let walk = DirectoryWalk(under: directory, suffix: ".swift")
      for skipped in walk.skipped { io.error("note: not searched: \(skipped)") }
      for path in walk.files {
        do {
          sources.append(SwiftSourceFile(path: path, text: try FileIO.read(path)))
        } catch {
          io.error("warning: \(error)")
        }
      }
    }
    return sources
  }

  /// Writes the report: clang lines and the summary to standard error, the other formats to
  /// standard output (GitHub's with the summary on standard error too).
  static func write(_ report: DiagnosticReport, as format: ReportFormat, pretty: Bool, io: inout Console) {
    switch format {
    case .github: io.write(Array(report.github().utf8))
    case .json: io.write(Array(report.json(pretty: pretty).utf8))
    case .sarif: io.write(Array(report.sarif(version: UtiCtl.version, pretty: pretty).utf8))
    case .junit: io.write(Array(report.junit().utf8))
    case .clang: for line in report.clang() { io.error(line) }
    }
    if format == .clang || format == .github { io.error(report.summary) }
  }

  /// For build systems: the stamp exists exactly when the files pass. False when it cannot be
  /// written (reported).
  static func writeStamp(_ stamp: String, passed: Bool, paths: [String], io: inout Console) -> Bool {
    guard passed else {
      unlink(stamp)
      return true
    }
    let text = "// utictl validate passed: \(paths.map { FileIO.baseName(of: $0) }.joined(separator: ", "))\n"
    do {
      try FileIO.replace(stamp, with: Array(text.utf8))
      return true
    } catch {
      io.error("error: cannot write the stamp: \(error)")
      return false
    }
  }
}

extension ValidateCommand {
  /// `--explain RULE`: the rule's id and severity, what it finds, why it matters, how to fix it.
  static func explain(_ rule: ValidationRule, _ io: inout Console) -> Int32 {
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
enum ReportFormat: String, CaseIterable, Sendable {
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
