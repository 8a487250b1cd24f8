import PropertyList
import TypeRegistry
import UTIPlatform

/// `utictl identify FILE...`: the type of each file, from its content and name (or its name only).
enum IdentifyCommand {
  static var command: Command {
    Command(
      name: "identify",
      abstract: "Print the type of each file, from its content and name: 'FILE: identifier'.",
      discussion: """
        By default, as GIO and file(1) do: the machine's shared-mime-info database
        (XDG_DATA_HOME and XDG_DATA_DIRS) identifies each file by its name and, where the name
        does not decide, by its first bytes, as GIO decides (the specification's order); then
        the built-in detectors read the structure of containers (ZIP entries, compound files,
        ISO media brands, TIFF tags, ...) and a more specific format they find replaces the
        database's answer when it is a kind of that answer (a Word template, not
        application/zip). The MIME type is then the preferred type of that MIME tag (a dynamic
        type when nothing declares it). Directories and special files are identified without
        being opened (inode/directory, inode/fifo, ...); a symbolic link is its target's type,
        and a dangling one is inode/symlink; an empty file is text/plain, as GIO says. Without
        a database the built-in detectors decide, as in a container, then a filename extension
        the catalog declares, then the text test. - reads standard input (a pipe is read as a
        stream). Files that cannot be read are reported on standard error, and the status is 2
        after the others are printed. --json prints, for each file, its identifier, MIME type
        and what decided (name, content or fileKind).
        With --name-only the contents are not read: the filename extension is looked up among
        directory types for a directory (public.folder when none) and among data types otherwise
        (public.data without an extension).
        An app's own types come first: an extension that a declaration given with --types
        claims names the file, and the content may only refine it to a type that conforms to
        it (a .pbarrow file holding JSON stays the app's type); a type that utictl export
        freedesktop installed keeps its declared identifier. --explain says, after each answer,
        which rule decided and what it saw. --formats lists, instead, every format the built-in
        detectors name from content: its identifier, MIME type and description, tab-separated
        (--json: an array of objects).
        """,
      arguments: [
        .init(
          name: "file", value: .path("file"), help: "A file or directory path; - for standard input.",
          isRepeating: true, isOptional: true)
      ],
      options: [content, nameOnly, mime, explain, formats, Command.Flag.json, Command.Flag.pretty],
      run: run
    )
  }

  static let content = Command.Flag(["--content"], help: "Identify by content and name (the default).")
  static let nameOnly = Command.Flag(["--name-only"], help: "Identify by the name alone; the file need not exist.")
  static let mime = Command.Flag(["--mime"], help: "Print the MIME type instead of the identifier.")
  static let explain = Command.Flag(
    ["--explain"], help: "Say which rule decided each answer and what it saw (with --json: an 'explanation' key).")

  static let formats = Command.Flag(
    ["--formats"], help: "List the formats the built-in detectors name from content, instead of identifying files.")

  /// `--formats`: the detectors' formats, one a line or as JSON.
  static func printFormats(_ invocation: Invocation, _ io: inout Console) -> Int32 {
    let formats = UTTypeRegistry.detectorFormats
    if invocation[.json] {
      let rows: [PropertyList.Value] = formats.map { format in
        .init(
          .dictionary(
            .init([
              .init(key: "identifier", value: .init(.string(format.identifier))),
              .init(key: "mimeType", value: .init(.string(format.mimeType))),
              .init(key: "description", value: .init(.string(format.description))),
            ])))
      }
      QueryContext.printJSON(.init(.array(rows)), io: &io, pretty: invocation[.pretty])
    } else {
      for format in formats { io.print("\(format.identifier)\t\(format.mimeType)\t\(format.description)") }
    }
    return ExitStatus.success
  }

  static func run(_ invocation: Invocation, _ io: inout Console) -> Int32 {
    if invocation[formats] { return printFormats(invocation, &io) }
    guard !invocation.positionals.isEmpty else {
      io.error("Error: Missing expected argument '<file> ...'")
      return ExitStatus.usage
    }
    // The registry is not built: identification names its answers from the system types (or
    // builds it, when --types adds declarations).
    guard let builder = QueryContext.builder(invocation, io: &io) else { return ExitStatus.usage }
    if invocation[content] && invocation[nameOnly] {
      io.error("Error: --content and --name-only cannot be used together")
      return ExitStatus.usage
    }
    if !invocation[nameOnly] {
      // A database directory that could not be read is said once; identification goes on with
      // the rest (or with the built-in detectors).
      for problem in builder.mimeDatabaseProblems { io.error("warning: MIME database: \(problem)") }
    }
    let identifier = builder.makeFileIdentifier()
    var status = ExitStatus.success
    var results: [PropertyList.Value] = []
    for path in invocation.positionals {
      let found: TypeIdentification
      do {
        if path == "-" && !invocation[nameOnly] {
          found = try identifier.identify(fileDescriptor: 0, fileName: nil)
        } else {
          found = try identifier.identifyFile(atPath: path, byContent: !invocation[nameOnly])
        }
      } catch {
        io.error("error: \(error)")
        status = ExitStatus.usage
        continue
      }
      let why = invocation[explain] ? " (\(found.explanation))" : ""
      if invocation[.json] {
        var entries: [PropertyList.Dictionary.Entry] = [
          .init(key: "file", value: .init(.string(path))),
          .init(key: "identifier", value: .init(.string(found.identifier))),
          .init(key: "mimeType", value: .init(.string(found.mimeType))),
          .init(key: "method", value: .init(.string(found.method.rawValue))),
        ]
        if invocation[explain] { entries.append(.init(key: "explanation", value: .init(.string(found.explanation)))) }
        results.append(.init(.dictionary(PropertyList.Dictionary(entries))))
      } else if invocation[mime] {
        io.print("\(path): \(found.mimeType)\(why)")
      } else {
        io.print("\(path): \(found.identifier)\(why)")
      }
    }
    if invocation[.json] {
      QueryContext.printJSON(.init(.array(results)), io: &io, pretty: invocation[.pretty])
    }
    return status
  }
}
