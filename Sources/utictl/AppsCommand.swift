import PropertyList
import TypeRegistry
import UTIPlatform
import Workspace

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `utictl apps TYPE|FILE [--json]`: the applications that open a type or a file, default first.
enum AppsCommand {
  static var command: Command {
    Command(
      name: "apps",
      abstract: "List the applications that open a type or a file, the default first.",
      discussion: """
        Lists desktop file IDs in GIO's order (gio mime TYPE): the default, then every other
        application associated with the MIME type or its parents, from the desktop entries and
        mimeapps.list files of $XDG_CONFIG_HOME, $XDG_CONFIG_DIRS, $XDG_DATA_HOME and
        $XDG_DATA_DIRS; then those of the type's supertypes by conformance. A FILE is identified
        by name and content; a TYPE is a type identifier or a MIME type. Desktop entries and lists left
        out (unreadable, over 1 MiB, not key files) are warned of on standard error, as
        PATH[:LINE:COLUMN]: warning: MESSAGE. Exit status: 0 when an
        application was found, 1 when none was, 2 when the argument names no type.
        """,
      arguments: [.init(name: "type-or-file", value: .type("type"), help: "A type identifier, a MIME type or a file.")],
      options: [Command.Flag.json, Command.Flag.pretty],
      run: run
    )
  }

  static func run(_ invocation: Invocation, _ io: inout Console) -> Int32 {
    guard let registry = QueryContext.registry(invocation, io: &io) else { return ExitStatus.usage }
    let log = ApplicationWarning.Log()
    let workspace = NSWorkspace(registry: registry, report: log.add)
    defer { for warning in log.warnings { io.error(warning.description) } }
    let argument = invocation.positionals[0]
    var mimeTypes: [String]
    if FileIO.kind(of: argument, followingLinks: true) == .file {
      guard let types = workspace.mimeTypes(ofFileAt: URL(filePath: absolutePath(argument))) else {
        io.error("error: '\(argument)' cannot be read")
        return ExitStatus.usage
      }
      mimeTypes = types
    } else if argument.contains("/") {
      mimeTypes =
        [argument]
        + (registry.type(tag: argument, tagClass: .mimeType, conformingTo: nil).map(workspace.mimeTypes) ?? [])
    } else {
      guard let type = QueryContext.type(argument, in: registry, io: &io) else { return ExitStatus.usage }
      mimeTypes = workspace.mimeTypes(of: type)
    }
    let applications = workspace.applications(forMIMETypes: mimeTypes)
    if invocation[.json] {
      let rows: [PropertyList.Value] = applications.enumerated().map { index, entry in
        .init(
          .dictionary(
            .init([
              .init(key: "id", value: .init(.string(entry.id))), .init(key: "name", value: .init(.string(entry.name))),
              .init(key: "path", value: .init(.string(entry.path))),
              .init(key: "default", value: .init(.boolean(index == 0))),
            ])))
      }
      QueryContext.printJSON(.init(.array(rows)), io: &io, pretty: invocation[.pretty])
    } else {
      for entry in applications { io.print(entry.id) }
    }
    return applications.isEmpty ? ExitStatus.failure : ExitStatus.success
  }
}
