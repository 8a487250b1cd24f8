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
        does not decide, by its first bytes, in the order the specification recommends. The MIME
        type is then the preferred type of that MIME tag (a dynamic type when nothing declares
        it). Directories and special files are identified without being opened (inode/directory,
        inode/fifo, ...); a symbolic link is its target's type, and a dangling one is
        inode/symlink. Without a database, the name decides. Files that cannot be read are
        reported on standard error, and the status is 2 after the others are printed.
        With --name-only the contents are not read: the filename extension is looked up among
        directory types for a directory (public.folder when none) and among data types otherwise
        (public.data without an extension).
        """,
      arguments: [.init(name: "file", help: "A file or directory path.", isRepeating: true)],
      options: [
        .init(names: ["--content"], valueName: nil, help: "Identify by content and name (the default)."),
        .init(names: ["--name-only"], valueName: nil, help: "Identify by the name alone; the file need not exist."),
        .init(names: ["--mime"], valueName: nil, help: "Print the MIME type instead of the identifier."),
        .json,
      ],
      run: run
    )
  }

  /// One file's answer.
  struct Identified {
    var identifier: String
    var mimeType: String?
  }

  static func run(_ invocation: Invocation, _ io: inout Console) -> Int32 {
    guard let registry = QueryContext.registry(invocation, io: &io) else { return ExitStatus.usage }
    if invocation.has("--content") && invocation.has("--name-only") {
      io.error("Error: --content and --name-only cannot be used together")
      return ExitStatus.usage
    }
    let database =
      invocation.has("--name-only")
      ? nil : MIMEDatabase(directories: MIMEDatabase.directories)
    let byContent = database.map { !$0.caches.isEmpty } ?? false
    var status = ExitStatus.success
    var results: [PropertyList.Value] = []
    for path in invocation.positionals {
      let identified: Identified
      if byContent, let database {
        do {
          identified = try identify(path, in: registry, database: database)
        } catch {
          io.error("error: \(error)")
          status = ExitStatus.usage
          continue
        }
      } else {
        let identifier = identifyByName(path, in: registry)
        identified = Identified(
          identifier: identifier, mimeType: registry.type(withIdentifier: identifier)?.preferredMIMEType)
      }
      if invocation.has("--json") {
        results.append([
          "file": .init(.string(path)), "identifier": .init(.string(identified.identifier)),
          "mimeType": identified.mimeType.map { .init(.string($0)) } ?? "",
        ])
      } else if invocation.has("--mime") {
        io.print("\(path): \(identified.mimeType ?? "application/octet-stream")")
      } else {
        io.print("\(path): \(identified.identifier)")
      }
    }
    if invocation.has("--json") { QueryContext.printJSON(.init(.array(results)), io: &io) }
    return status
  }

  /// The types of `inode/*` MIME types, which the catalog declares under Apple's names.
  static let inodeTypes: [String: String] = [
    "inode/directory": "public.folder", "inode/symlink": "public.symlink", "inode/fifo": "public.named-pipe",
    "inode/socket": "public.socket", "inode/chardevice": "public.character-special",
    "inode/blockdevice": "public.block-special",
  ]

  /// The file's MIME type from the database, and its type in the registry.
  static func identify(_ path: String, in registry: UTTypeRegistry, database: MIMEDatabase) throws(FileIO.Error)
    -> Identified
  {
    let mimeType = try database.identifyFile(atPath: path)
    if mimeType == "inode/directory" {
      // A bundle is a directory whose extension names a package type (Thing.app).
      return Identified(identifier: identifyByName(path, in: registry), mimeType: mimeType)
    }
    if let identifier = inodeTypes[mimeType] { return Identified(identifier: identifier, mimeType: mimeType) }
    if mimeType == "application/x-zerosize" { return Identified(identifier: "public.data", mimeType: mimeType) }
    let type =
      registry.type(tag: mimeType, tagClass: .mimeType, conformingTo: nil)
      ?? registry.type(tag: database.unalias(mimeType), tagClass: .mimeType, conformingTo: nil)
    return Identified(identifier: type?.identifier ?? "public.data", mimeType: mimeType)
  }

  static func identifyByName(_ path: String, in registry: UTTypeRegistry) -> String {
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
