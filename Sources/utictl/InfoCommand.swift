import PropertyList
import TypeRegistry

/// `utictl info TYPE...`: everything the registry knows about types.
enum InfoCommand {
  static var command: Command {
    Command(
      name: "info",
      abstract: "Show a type's description, parents, supertypes, tags, and where it is declared.",
      arguments: [.init(name: "type", value: .type("type"), help: "A type identifier.", isRepeating: true)],
      options: [Command.Flag.json, Command.Flag.pretty],
      run: run
    )
  }

  static func run(_ invocation: Invocation, _ io: inout Console) -> Int32 {
    guard let registry = QueryContext.registry(invocation, io: &io) else { return ExitStatus.usage }
    var status = ExitStatus.success
    var objects: [PropertyList.Value] = []
    for (n, argument) in invocation.positionals.enumerated() {
      guard let type = QueryContext.type(argument, in: registry, io: &io) else {
        status = ExitStatus.usage
        continue
      }
      let parents = registry.directSupertypes(of: type).map(\.identifier)
      let supertypes = type.supertypes.map(\.identifier).sorted()
      let tags = type.tags.sorted { $0.key.rawValue < $1.key.rawValue }
      let origin = QueryContext.origin(of: type, in: registry)
      if invocation[.json] {
        var tagObject = PropertyList.Dictionary()
        for (tagClass, values) in tags { tagObject[tagClass.rawValue] = QueryContext.strings(values) }
        var object: PropertyList.Value = [
          "identifier": .init(.string(type.identifier)),
          "conformsTo": QueryContext.strings(parents),
          "supertypes": QueryContext.strings(supertypes),
          "tags": .init(.dictionary(tagObject)),
          "declared": .init(.boolean(type.isDeclared)),
          "dynamic": .init(.boolean(type.isDynamic)),
          "public": .init(.boolean(type.isPublic)),
          "declaredIn": .init(.string(origin)),
        ]
        if let description = type.localizedDescription {
          object = .init(
            .dictionary(
              .init([.init(key: "description", value: .init(.string(description)))] + object.dictionary!.entries)))
        }
        objects.append(object)
        continue
      }
      if n > 0 { io.print("") }
      io.print(type.identifier)
      if let description = type.localizedDescription { io.print("  description:  \(description)") }
      io.print("  conforms to:  \(parents.isEmpty ? "(nothing)" : parents.joined(separator: ", "))")
      io.print("  supertypes:   \(supertypes.isEmpty ? "(none)" : supertypes.joined(separator: ", "))")
      for (tagClass, values) in tags { io.print("  \(tagClass.rawValue): \(values.joined(separator: ", "))") }
      io.print(
        "  declared:     \(type.isDeclared ? "yes" : "no"), public: \(type.isPublic ? "yes" : "no"), dynamic: \(type.isDynamic ? "yes" : "no")"
      )
      io.print("  declared in:  \(origin)")
    }
    if invocation[.json] {
      QueryContext.printJSON(.init(.array(objects)), io: &io, pretty: invocation[.pretty])
    }
    return status
  }
}
