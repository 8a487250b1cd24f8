import TypeRegistry

/// `utictl lookup (--extension E | --mime M | --tag CLASS=VALUE) [--conforming-to T] [--all]`.
enum LookupCommand {
  static var command: Command {
    Command(
      name: "lookup",
      abstract: "Find the type for a filename extension, MIME type or other tag.",
      discussion: """
        Prints the preferred type (public types first, then system-declared ones, then exported,
        then imported declarations), or with --all every candidate in that order. When no declared
        type has the tag, prints the dynamic identifier Apple's system would give it. Without
        --conforming-to, extensions and MIME types look for types conforming to public.data.
        """,
      options: [extensionKey, mime, tag, conformingTo, all, Command.Flag.json, Command.Flag.pretty],
      run: run
    )
  }

  static let extensionKey = Command.Key<String>(
    ["--extension"], .text("extension"), help: "A filename extension, without the dot.")
  static let mime = Command.Key<String>(["--mime"], .text("mime-type"), help: "A MIME type.")
  static let tag = Command.Key<String>(["--tag"], .tag, help: "A tag of any class: public.url-scheme=https.")
  static let conformingTo = Command.Key<String>(
    ["--conforming-to"], .type("type"), help: "Only types conforming to this one.")
  static let all = Command.Flag(["--all"], help: "Print every declared candidate, most preferred first.")

  static func run(_ invocation: Invocation, _ io: inout Console) -> Int32 {
    var queries: [(UTTagClass, String)] = []
    if let e = invocation[extensionKey] {
      queries.append((.filenameExtension, e.hasPrefix(".") ? String(e.dropFirst()) : e))
    }
    if let m = invocation[mime] { queries.append((.mimeType, m)) }
    if let t = invocation[tag] {
      guard let equals = t.firstIndex(of: "="), equals != t.startIndex else {
        io.error("Error: --tag takes CLASS=VALUE, such as public.url-scheme=https")
        return ExitStatus.usage
      }
      queries.append((UTTagClass(rawValue: String(t[..<equals])), String(t[t.index(after: equals)...])))
    }
    guard queries.count == 1, let (tagClass, tag) = queries.first, !tag.isEmpty else {
      io.error("Error: give exactly one of --extension, --mime or --tag, with a value")
      io.error("Usage: \(command.usage(path: invocation.commandPath, globals: UtiCtl.globals))")
      return ExitStatus.usage
    }
    guard let registry = QueryContext.registry(invocation, io: &io) else { return ExitStatus.usage }
    var supertype: UTType? = nil
    if let name = invocation[conformingTo] {
      guard let type = QueryContext.type(name, in: registry, io: &io) else { return ExitStatus.usage }
      supertype = type
    } else if tagClass == .filenameExtension || tagClass == .mimeType {
      supertype = registry.type(withIdentifier: "public.data")
    }
    var found: [UTType]
    if invocation[all] {
      found = registry.types(tag: tag, tagClass: tagClass, conformingTo: supertype)
      if found.isEmpty, let dynamic = registry.type(tag: tag, tagClass: tagClass, conformingTo: supertype) {
        found = [dynamic]
      }
    } else {
      found = registry.type(tag: tag, tagClass: tagClass, conformingTo: supertype).map { [$0] } ?? []
    }
    if invocation[.json] {
      QueryContext.printJSON(
        .init(
          .array(found.map { ["identifier": .init(.string($0.identifier)), "dynamic": .init(.boolean($0.isDynamic))] })),
        io: &io, pretty: invocation[.pretty])
    } else {
      for type in found { io.print(type.identifier) }
    }
    return ExitStatus.success
  }
}
