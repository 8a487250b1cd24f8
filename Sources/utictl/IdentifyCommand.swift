import PropertyList
import TypeRegistry
import UTIPlatform

/// `utictl identify FILE...`: the type of each file, from its name.
enum IdentifyCommand {
  static var command: Command {
    Command(
      name: "identify",
      abstract: "Print the type of each file from its name: 'FILE: identifier'.",
      discussion: """
        Uses the filename extension: a directory's extension is looked up among directory types
        (public.folder when none), a file's among data types (public.data without an extension).
        The file's contents are not read.
        """,
      arguments: [.init(name: "file", help: "A file or directory path (it need not exist).", isRepeating: true)],
      options: [.json],
      run: run
    )
  }

  static func run(_ invocation: Invocation, _ io: inout Console) -> Int32 {
    guard let registry = QueryContext.registry(invocation, io: &io) else { return ExitStatus.usage }
    var results: [PropertyList.Value] = []
    for path in invocation.positionals {
      let type = identify(path, in: registry)
      if invocation.has("--json") {
        results.append(["file": .init(.string(path)), "identifier": .init(.string(type))])
      } else {
        io.print("\(path): \(type)")
      }
    }
    if invocation.has("--json") { QueryContext.printJSON(.init(.array(results)), io: &io) }
    return ExitStatus.success
  }

  static func identify(_ path: String, in registry: UTTypeRegistry) -> String {
    let trimmed = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
    let name = trimmed.split(separator: "/").last.map(String.init) ?? trimmed
    let isDirectory = FileIO.isDirectory(path)
    let base = registry.type(withIdentifier: isDirectory ? "public.directory" : "public.data")
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex, name.index(after: dot) != name.endIndex else {
      return isDirectory ? "public.folder" : "public.data"
    }
    let ext = String(name[name.index(after: dot)...])
    return registry.type(tag: ext, tagClass: .filenameExtension, conformingTo: base)?.identifier
      ?? (isDirectory ? "public.folder" : "public.data")
  }
}
