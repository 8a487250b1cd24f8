import PropertyList
import TypeRegistry

/// `utictl dyn encode CLASS=VALUE... [--conforming-to T]` and `utictl dyn decode DYNID`.
enum DynCommand {
  static var command: Command {
    Command(
      name: "dyn",
      abstract: "Encode and decode dynamic type identifiers (dyn.a…).",
      subcommands: [encode, decode]
    )
  }

  static var encode: Command {
    Command(
      name: "encode",
      abstract: "Make the dynamic identifier of tags, as Apple's system does.",
      arguments: [
        .init(name: "class=value", value: .tag, help: "A tag: public.filename-extension=conf.", isRepeating: true)
      ],
      options: [conformingTo],
      run: { invocation, io in
        var tags: [(String, String)] = []
        for argument in invocation.positionals {
          guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
            io.error("Error: '\(argument)' is not CLASS=VALUE (public.filename-extension=conf)")
            return ExitStatus.usage
          }
          tags.append((String(argument[..<equals]), String(argument[argument.index(after: equals)...])))
        }
        let conformsTo = invocation[conformingTo].map { [$0] } ?? []
        io.print(DynamicTypeIdentifier.encode(.init(conformsTo: conformsTo, tags: tags)))
        return ExitStatus.success
      }
    )
  }

  /// `dyn encode --conforming-to T`.
  static let conformingTo = Command.Key<String>(
    ["--conforming-to"], .type("type"), help: "A type the dynamic type conforms to.")

  static var decode: Command {
    Command(
      name: "decode",
      abstract: "Show what a dynamic identifier encodes.",
      arguments: [.init(name: "identifier", help: "A dynamic identifier: dyn.ah62d4rv4ge80g55sq2.")],
      options: [Command.Flag.json, Command.Flag.pretty],
      run: { invocation, io in
        let identifier = invocation.positionals[0]
        guard let specification = DynamicTypeIdentifier.decode(identifier) else {
          io.error("error: '\(identifier)' is not a dynamic type identifier (dyn.a followed by base32)")
          return ExitStatus.failure
        }
        if invocation[.json] {
          var tags = PropertyList.Dictionary()
          for (tagClass, value) in specification.tags {
            tags[tagClass] = QueryContext.strings((tags[tagClass]?.array?.compactMap(\.string) ?? []) + [value])
          }
          QueryContext.printJSON(
            ["conformsTo": QueryContext.strings(specification.conformsTo), "tags": .init(.dictionary(tags))], io: &io,
            pretty: invocation[.pretty])
          return ExitStatus.success
        }
        if !specification.conformsTo.isEmpty {
          io.print("conforms to: \(specification.conformsTo.joined(separator: ", "))")
        }
        for (tagClass, value) in specification.tags { io.print("\(tagClass): \(value)") }
        return ExitStatus.success
      }
    )
  }
}
