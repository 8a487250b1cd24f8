import TypeRegistry
import Workspace

/// `utictl default TYPE ID`: makes an application the default for a type.
enum DefaultCommand {
  static var command: Command {
    Command(
      name: "default",
      abstract: "Make an application the default for a type.",
      discussion: """
        Writes the user's mimeapps.list ($XDG_CONFIG_HOME/mimeapps.list) as 'gio mime TYPE ID'
        does: the application becomes the type's default and one of its added associations
        (appended), and is no longer a removed one; every other line is kept byte for byte, a
        list that is a link stays one, and the file is replaced atomically. Desktop files left
        out as unreadable are warned of on standard error (PATH[:LINE:COLUMN]: warning: ...).
        TYPE is a MIME type or a type identifier (its MIME type). Exit status: 0 when written,
        1 when the list cannot be written, 2 when the type or the application is not there.
        """,
      arguments: [
        .init(name: "type", value: .type("type"), help: "A MIME type or a type identifier."),
        .init(
          name: "id", value: .text("desktop-id"), help: "The application's desktop file ID (utictl apps lists them)."),
      ],
      run: run
    )
  }

  static func run(_ invocation: Invocation, _ io: inout Console) -> Int32 {
    let (argument, id) = (invocation.positionals[0], invocation.positionals[1])
    var mimeType = argument
    if !argument.contains("/") {
      guard let registry = QueryContext.registry(invocation, io: &io),
        let type = QueryContext.type(argument, in: registry, io: &io)
      else { return ExitStatus.usage }
      guard let preferred = type.preferredMIMEType else {
        io.error("error: '\(type.identifier)' has no MIME type, which the desktop's defaults are kept by")
        return ExitStatus.usage
      }
      mimeType = preferred
    }
    let log = ApplicationWarning.Log()
    defer { for warning in log.warnings { io.error(warning.description) } }
    do {
      try NSWorkspace(report: log.add).setDefault(id, for: mimeType)
      return ExitStatus.success
    } catch {
      io.error("error: \(error)")
      return error.isWriteFailure ? ExitStatus.failure : ExitStatus.usage
    }
  }
}
