import TypeRegistry

/// The `utictl` command tree and its dispatcher.
enum UtiCtl {
  static let version = "0.1.0"

  static var root: Command { root(only: nil) }

  /// The subcommands, in the order help lists them: each name once, with what builds it.
  static let subcommands: [(name: String, make: @Sendable () -> Command)] = [
    ("conforms-to", { ConformsToCommand.command }), ("info", { InfoCommand.command }),
    ("supertypes", { SupertypesCommand.supertypes }), ("subtypes", { SupertypesCommand.subtypes }),
    ("tree", { TreeCommand.command }), ("lookup", { LookupCommand.command }),
    ("identify", { IdentifyCommand.command }), ("dyn", { DynCommand.command }), ("graph", { GraphCommand.command }),
    ("validate", { ValidateCommand.command }), ("export", { ExportCommand.command }), ("apps", { AppsCommand.command }),
    ("open", { OpenCommand.command }), ("default", { DefaultCommand.command }),
    ("plist", { PlistCommand.command }),
    ("copy", { CopyCommand.command }), ("paste", { PasteCommand.command }),
  ]

  /// The subcommands' names, in the order help lists them.
  static var subcommandNames: [String] { subcommands.map(\.name) }

  /// The subcommand named `name`, built now.
  static func subcommand(named name: String) -> Command? { subcommands.first { $0.name == name }?.make() }

  /// The command tree, with every subcommand, or only the one named `name` (what running it
  /// needs: a command's definition, with its help and rule tables, is built only when used).
  static func root(only name: String?) -> Command {
    Command(
      name: "utictl",
      abstract: "Uniform Type Identifier queries, property list tools, and type declaration checks.",
      discussion: """
        Guides by task (the shell, identification, validation in a build, your types on the
        desktop, the clipboard) are in swift-uti's source, Sources/SwiftUTI/SwiftUTI.docc, and in the
        documentation site scripts/docs.sh builds from it.
        """,
      subcommands: subcommands.filter { name == nil || $0.name == name }.map { $0.make() }
    )
  }

  /// `--types PATH` (repeatable): declarations every command loads beside the system's.
  static let types = Command.Key<String>(
    ["--types"], .path("path"),
    help: "Also load the type declarations of an Info.plist, exported-types.plist or bundle (repeatable).",
    repeating: true)
  /// `--no-system`.
  static let noSystem = Command.Flag(
    ["--no-system"], help: "Leave out the system's types: the built-in catalog and the machine's MIME database.")
  /// `--no-mime-database`.
  static let noMimeDatabase = Command.Flag(
    ["--no-mime-database"],
    help: "Leave out the types of the machine's shared-mime-info database (kept: the built-in catalog).")

  /// Options every command accepts, before or after the command's name.
  static let globals: [Command.Option] = [types.option, noSystem.option, noMimeDatabase.option]

  /// Runs the command line `arguments` (without the program name); returns the exit status.
  static func run(_ arguments: [String], io: inout Console) -> Int32 {
    if let status = runGenerator(arguments, io: &io) { return status }
    let (command, path, rest) = resolve(arguments)
    if rest.contains("-h") || rest.contains("--help") {
      io.write(Array(command.helpText(path: path, globals: globals).utf8))
      return 0
    }
    guard let run = command.run else {
      if let unknown = rest.first {
        return usageError(UsageError(message: "Unknown subcommand '\(unknown)'"), command: command, path: path, io: &io)
      }
      io.error(command.helpText(path: path, globals: globals))
      return 2
    }
    do {
      let invocation = try command.parse(Array(rest), path: path, globals: globals)
      return run(invocation, &io)
    } catch {
      return usageError(error, command: command, path: path, io: &io)
    }
  }

  /// `--version`, `--generate-completion-script SHELL` and `--generate-manual`, which stand alone;
  /// nil for any other command line.
  static func runGenerator(_ arguments: [String], io: inout Console) -> Int32? {
    if arguments == ["--version"] {
      io.print(version)
      return 0
    }
    if arguments.first == "--generate-completion-script" {
      guard arguments.count == 2, let script = Completions.script(for: arguments[1]) else {
        io.error("Error: --generate-completion-script takes one of: \(Completions.shells.joined(separator: ", "))")
        io.error("Usage: utictl --generate-completion-script <shell>")
        return ExitStatus.usage
      }
      io.write(Array(script.utf8))
      return ExitStatus.success
    }
    if arguments == ["--generate-manual"] {
      io.write(Array(Manual.page().utf8))
      return ExitStatus.success
    }
    return nil
  }

  /// The command `arguments` name, its path (`utictl plist lint`), and the arguments left for it:
  /// global options given before the command move after it, and `utictl help a b` is
  /// `utictl a b --help`.
  static func resolve(_ arguments: [String]) -> (command: Command, path: String, rest: ArraySlice<String>) {
    var leading: [String] = []
    var rest = arguments[...]
    while let first = rest.first, let option = globals.first(where: { $0.names.contains(first) }) {
      leading.append(first)
      rest = rest.dropFirst()
      if option.valueName != nil, let value = rest.first {
        leading.append(value)
        rest = rest.dropFirst()
      }
    }
    if rest.first == "help" {
      rest = rest.dropFirst()
      rest.append("--help")
    }
    // Only the subcommand being run is built (all of them for the top level's help).
    var command = root(only: rest.first.flatMap { subcommandNames.contains($0) ? $0 : nil })
    var path = "utictl"
    while let next = rest.first, let sub = command.subcommands.first(where: { $0.name == next }) {
      command = sub
      path += " " + next
      rest = rest.dropFirst()
    }
    rest.append(contentsOf: leading)
    return (command, path, rest)
  }

  static func usageError(_ error: UsageError, command: Command, path: String, io: inout Console) -> Int32 {
    io.error("Error: \(error.message)")
    io.error("Usage: \(command.usage(path: path, globals: globals))")
    io.error("  See '\(path) --help' for more information.")
    return 2
  }
}

/// Exit statuses of the contract: 0 yes/clean/done, 1 no/problems found, 2 usage or unreadable input.
enum ExitStatus {
  static let success: Int32 = 0
  static let failure: Int32 = 1
  static let usage: Int32 = 2
}
