import PropertyList
import TypeRegistry
import TypeValidation
import UTIPlatform

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `utictl plist lint | convert | print`.
enum PlistCommand {
  /// The formats `convert --to` writes (every format but OpenStep, which is read only).
  static let outputFormats = PropertyList.Format.allCases.filter { $0 != .openStep }.map(\.rawValue)

  /// `convert --to FORMAT`, read as the format to write.
  static let to = Command.Key<PropertyList.Format>(
    ["--to"], .oneOf(outputFormats, placeholder: "format"), help: "The output format: xml1, binary1 or json.",
    convert: PropertyList.Format.init(rawValue:))
  /// `convert -o PATH`.
  static let output = Command.Key<String>(
    ["-o", "--output"], .path("path"), help: "Write to this file instead of standard output.")
  /// `print --keypath PATH`.
  static let keyPath = Command.Key<String>(
    ["--keypath"], .text("keypath"), help: "Print only the value at this key path.")
  /// `print --json`.
  static let printJSON = Command.Flag(["--json"], help: "Print the value as JSON (where representable).")

  static var command: Command {
    Command(
      name: "plist",
      abstract: "Check, convert and print property lists (XML, binary, OpenStep, JSON).",
      subcommands: [lint, convert, print]
    )
  }

  static var lint: Command {
    Command(
      name: "lint",
      abstract: "Check that property lists are readable.",
      discussion: """
        Prints 'FILE: OK' for each readable file, and a located error ('path:line:column: error: ...')
        for each that is not. Every file is checked even when one fails. Exit status: 0 when every
        file is readable, 1 when one is malformed, 2 when one cannot be opened.
        """,
      arguments: [
        .init(
          name: "file", value: .path("file"), help: "A property list file, or - for standard input.", isRepeating: true)
      ],
      run: runLint
    )
  }

  static var convert: Command {
    Command(
      name: "convert",
      abstract: "Convert a property list to another format.",
      discussion: """
        Reads any format and writes xml1 (Apple's layout), binary1 (bplist00) or json (as
        'plutil -convert json' writes it; dates and data cannot be written as JSON). Writes to
        standard output unless -o is given. Exit status: 0 when written, 1 when the input is
        malformed or cannot be written in the format, 2 when a file cannot be opened.
        """,
      arguments: [
        .init(
          name: "file", value: .path("file"), help: "A property list file, or - for standard input.")
      ],
      options: [to, output],
      run: runConvert
    )
  }

  static var print: Command {
    Command(
      name: "print",
      abstract: "Print a property list as a readable tree.",
      discussion: """
        Key paths are dot-separated; a number selects an array element:
        'UTExportedTypeDeclarations.0.UTTypeIdentifier'.
        """,
      arguments: [
        .init(
          name: "file", value: .path("file"), help: "A property list file, or - for standard input.")
      ],
      options: [keyPath, printJSON],
      run: runPrint
    )
  }

  /// Reads and parses one file, reporting a failure on the console; returns the document, or
  /// the exit status to give.
  static func load(_ path: String, io: inout Console) -> Result<PropertyList.Document, ExitCode> {
    let bytes: [UInt8]
    do {
      bytes = try FileIO.read(path, console: io)
    } catch {
      io.error("error: \(error)")
      return .failure(ExitCode(ExitStatus.usage))
    }
    do {
      let document = try PropertyList.parse(bytes)
      for warning in document.warnings { Diagnostics.report(warning, path: path, io: &io) }
      return .success(document)
    } catch {
      io.error(Diagnostics.line(path: path, location: error.location, severity: "error", message: error.message))
      return .failure(ExitCode(ExitStatus.failure))
    }
  }

  /// The last document `lint` read, kept until the process exits: freeing the tree of a 1 MB
  /// property list (14,000 values, one by one) was a tenth of the command's instructions, for
  /// nothing, since the process's end frees it at once. One only, so that linting many files
  /// holds no more than the largest of them.
  private static let lastLinted = Locked<PropertyList.Document?>(nil)

  static func runLint(_ invocation: Invocation, _ io: inout Console) -> Int32 {
    var status = ExitStatus.success
    for path in invocation.positionals {
      switch load(path, io: &io) {
      case .success(let document):
        io.print("\(path): OK")
        lastLinted.withLock { $0 = document }
      case .failure(let code): status = max(status, code.status)
      }
    }
    return status
  }

  static func runConvert(_ invocation: Invocation, _ io: inout Console) -> Int32 {
    guard let format = invocation[to] else {
      io.error("Error: Missing expected option '--to <format>' (\(outputFormats.joined(separator: ", ")))")
      return ExitStatus.usage
    }
    let path = invocation.positionals[0]
    let document: PropertyList.Document
    switch load(path, io: &io) {
    case .success(let loaded): document = loaded
    case .failure(let code): return code.status
    }
    let bytes: [UInt8]
    do {
      bytes = try PropertyList.write(document.root, as: format)
    } catch {
      io.error("\(path): error: \(error)")
      return ExitStatus.failure
    }
    if let output = invocation[output], output != "-" {
      do {
        try FileIO.replace(output, with: bytes)
      } catch {
        io.error("error: \(error); '\(output)' is unchanged")
        return ExitStatus.failure
      }
    } else {
      io.write(bytes)
    }
    return ExitStatus.success
  }

  static func runPrint(_ invocation: Invocation, _ io: inout Console) -> Int32 {
    let path = invocation.positionals[0]
    let document: PropertyList.Document
    switch load(path, io: &io) {
    case .success(let loaded): document = loaded
    case .failure(let code): return code.status
    }
    var value = document.root
    if let keyPath = invocation[keyPath] {
      switch PlistPrinter.lookup(keyPath, in: value) {
      case .success(let found): value = found
      case .failure(let problem):
        io.error("\(path): error: \(problem.message)")
        return ExitStatus.failure
      }
    }
    if invocation[printJSON] {
      do {
        io.write(try PropertyList.write(value, as: .json) + [0x0A])
      } catch {
        io.error("\(path): error: \(error)")
        return ExitStatus.failure
      }
    } else {
      io.write(Array(PlistPrinter.render(value).utf8))
    }
    return ExitStatus.success
  }
}

struct ExitCode: Error {
  var status: Int32
  init(_ status: Int32) { self.status = status }
}
