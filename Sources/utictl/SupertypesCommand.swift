import TypeRegistry

/// `utictl supertypes TYPE` and `utictl subtypes TYPE`: one identifier a line, sorted.
enum SupertypesCommand {
  static var supertypes: Command {
    listing("supertypes", "List every type a type conforms to, itself excluded.") { type, _ in Array(type.supertypes) }
  }

  static var subtypes: Command {
    listing("subtypes", "List every declared type that conforms to a type, itself excluded.") { type, registry in
      registry.subtypes(of: type)
    }
  }

  /// A command `name TYPE` that prints the identifiers `list` gives for the type.
  private static func listing(
    _ name: String, _ abstract: String, _ list: @escaping @Sendable (UTType, UTTypeRegistry) -> [UTType]
  ) -> Command {
    Command(
      name: name, abstract: abstract,
      arguments: [.init(name: "type", value: .type("type"), help: "A type identifier.")],
      options: [Command.Flag.json, Command.Flag.pretty],
      run: { invocation, io in run(invocation, &io) { type, registry in list(type, registry).map(\.identifier) } })
  }

  static func run(_ invocation: Invocation, _ io: inout Console, _ list: (UTType, UTTypeRegistry) -> [String]) -> Int32
  {
    guard let registry = QueryContext.registry(invocation, io: &io),
      let type = QueryContext.type(invocation.positionals[0], in: registry, io: &io)
    else { return ExitStatus.usage }
    let identifiers = list(type, registry).sorted()
    if invocation[.json] {
      QueryContext.printJSON(QueryContext.strings(identifiers), io: &io, pretty: invocation[.pretty])
    } else {
      for identifier in identifiers { io.print(identifier) }
    }
    return ExitStatus.success
  }
}
