import TypeRegistry
import Workspace

/// `utictl export freedesktop INFO.PLIST --app-id ID [--exec COMMAND] [-o DIR] [--include-imported]`.
enum ExportCommand {
  static var command: Command {
    Command(
      name: "export",
      abstract: "Say an app's declared types to other platforms' packaging.",
      subcommands: [freedesktop]
    )
  }

  static var freedesktop: Command {
    Command(
      name: "freedesktop",
      abstract: "Write an Info.plist's types as a shared-mime-info package and a desktop entry.",
      discussion: """
        Writes DIR/mime/packages/ID.xml: one <mime-type> per exported type (its MIME type, or
        application/x- and its identifier; aliases, globs, the nearest supertypes' MIME types as
        sub-class-of, its description and icon). With --exec, also DIR/applications/ID.desktop,
        whose MimeType= lists what CFBundleDocumentTypes opens. Writes are atomic. Then run
        update-mime-database DIR/mime (packagers' install hooks do). Prints each path written;
        what cannot be exported is a warning. Exit status: 0 when written, 1 when a file cannot
        be written, 2 when an argument is wrong or the Info.plist cannot be read.
        """,
      arguments: [
        .init(name: "info-plist", value: .path("file"), help: "An Info.plist or a bundle directory.")
      ],
      options: [appID, exec, output, includeImported],
      run: run
    )
  }

  static let appID = Command.Key<String>(
    ["--app-id"], .text("id"), help: "The application's ID (org.example.Sketch): the files' names.")
  static let exec = Command.Key<String>(
    ["--exec"], .text("command"), help: "Also write a desktop entry launching this, with %U or %F for the files.")
  static let output = Command.Key<String>(
    ["-o", "--output"], .directory("dir"), help: "The data directory to write under (default: the current one).")
  static let includeImported = Command.Flag(
    ["--include-imported"], help: "Export the imported declarations too (a type another app owns).")

  static func run(_ invocation: Invocation, _ io: inout Console) -> Int32 {
    guard let appID = invocation[appID] else {
      io.error("Error: Missing expected option '--app-id <id>'")
      io.error("Usage: \(freedesktop.usage(path: invocation.commandPath, globals: UtiCtl.globals))")
      return ExitStatus.usage
    }
    let file: DeclarationFile
    do {
      file = try DeclarationFile(contentsOf: invocation.positionals[0])
    } catch {
      io.error("error: \(error)")
      return ExitStatus.usage
    }
    guard let builder = QueryContext.builder(invocation, io: &io) else { return ExitStatus.usage }
    do {
      let export = try FreedesktopExport(
        file, appID: appID, registry: builder, includingImported: invocation[includeImported])
      // As compilers say it: PATH:LINE:COLUMN: warning: …, which editors and CI annotate.
      for warning in export.warnings {
        let place = warning.location.map { $0.line != nil ? "\(file.path):\($0)" : "\(file.path) (\($0))" }
        io.error("\(place ?? file.path): warning: \(warning.message)")
      }
      // An exec line that is wrong is found before anything is written.
      if let exec = invocation[exec] { _ = try export.desktopEntry(exec: exec) }
      let written = try export.write(to: invocation[output] ?? ".", exec: invocation[exec])
      for path in written { io.print(path) }
      return ExitStatus.success
    } catch {
      io.error("error: \(error)")
      return error.isWriteFailure ? ExitStatus.failure : ExitStatus.usage
    }
  }
}
