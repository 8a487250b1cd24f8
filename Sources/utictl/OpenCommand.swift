import TypeRegistry
import UTIPlatform
import Workspace

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `utictl open FILE... [--app ID]`: opens files with their default applications, or one named.
enum OpenCommand {
  static var command: Command {
    Command(
      name: "open",
      abstract: "Open files with their default applications (or the one named), as a file manager does.",
      discussion: """
        Launches each file's default application (utictl apps FILE lists them) with the files it
        opens, the entry's Exec field codes expanded as the Desktop Entry specification says
        (%f %F %u %U %i %c %k; a local file is passed as its path, as GIO does), each process in a
        session of its own; an application that takes one file at a time is launched once per
        file. Exit status: 0 when every file was opened, 1 when one has no application or its
        application could not be started, 2 when a file cannot be read or --app names no application.
        """,
      arguments: [.init(name: "file", value: .path("file"), help: "A file to open.", isRepeating: true)],
      options: [app],
      run: run
    )
  }

  static let app = Command.Key<String>(
    ["--app"], .text("desktop-id"), help: "Open every file with this application (a desktop file ID).")

  static func run(_ invocation: Invocation, _ io: inout Console) -> Int32 {
    guard let registry = QueryContext.registry(invocation, io: &io) else { return ExitStatus.usage }
    let log = ApplicationWarning.Log()
    let workspace = NSWorkspace(registry: registry, report: log.add)
    defer { for warning in log.warnings { io.error(warning.description) } }
    for path in invocation.positionals where FileIO.kind(of: path, followingLinks: true) != .file {
      io.error("error: '\(path)' is not a file that can be opened")
      return ExitStatus.usage
    }
    let paths = invocation.positionals.map(absolutePath)
    var groups: [(entry: DesktopEntry, files: [String])] = []
    var status = ExitStatus.success
    if let id = invocation[app] {
      guard let entry = workspace.application(id: id) else {
        io.error("error: no application '\(id)' is installed (utictl apps TYPE lists those that open a type)")
        return ExitStatus.usage
      }
      groups = [(entry, paths)]
    } else {
      for path in paths {
        guard let mimeTypes = workspace.mimeTypes(ofFileAt: URL(filePath: path)),
          let entry = workspace.applications(forMIMETypes: mimeTypes).first
        else {
          io.error("error: no application opens '\(path)'")
          status = ExitStatus.failure
          continue
        }
        if let index = groups.firstIndex(where: { $0.entry.id == entry.id }) {
          groups[index].files.append(path)
        } else {
          groups.append((entry, [path]))
        }
      }
    }
    for group in groups {
      do {
        try workspace.launch(group.entry, files: group.files, arguments: [])
      } catch {
        io.error("error: \(error)")
        status = ExitStatus.failure
      }
    }
    return status
  }
}
