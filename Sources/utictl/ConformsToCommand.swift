import TypeRegistry

/// `utictl conforms-to TYPE SUPERTYPE`: exit 0 if TYPE conforms to SUPERTYPE, else 1.
enum ConformsToCommand {
  static var command: Command {
    Command(
      name: "conforms-to",
      abstract: "Check whether a type conforms to another (reflexive, transitive).",
      discussion: "Exit status: 0 when TYPE conforms to SUPERTYPE, 1 when it does not, 2 when a type is unknown.",
      arguments: [
        .init(name: "type", value: .type("type"), help: "A type identifier, such as public.png or a dyn. identifier."),
        .init(name: "supertype", value: .type("supertype"), help: "The type identifier to check against."),
      ],
      options: [Command.Flag.json, Command.Flag.pretty],
      run: run
    )
  }

  static func run(_ invocation: Invocation, _ io: inout Console) -> Int32 {
    guard let registry = QueryContext.registry(invocation, io: &io),
      let type = QueryContext.type(invocation.positionals[0], in: registry, io: &io),
      let supertype = QueryContext.type(invocation.positionals[1], in: registry, io: &io)
    else { return ExitStatus.usage }
    let conforms = type.conforms(to: supertype)
    if invocation[.json] {
      QueryContext.printJSON(
        [
          "type": .init(.string(type.identifier)), "supertype": .init(.string(supertype.identifier)),
          "conforms": .init(.boolean(conforms)),
        ],
        io: &io, pretty: invocation[.pretty])
    } else {
      io.print("\(type.identifier) \(conforms ? "conforms" : "does not conform") to \(supertype.identifier)")
    }
    return conforms ? ExitStatus.success : ExitStatus.failure
  }
}
