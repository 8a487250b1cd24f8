import TypeRegistry

/// `utictl tree [TYPE]`: the hierarchy below a type, or below every root, indented.
enum TreeCommand {
  static var command: Command {
    Command(
      name: "tree",
      abstract: "Show the conformance hierarchy below a type (default: below every root).",
      discussion: "A type with several parents appears under each of them.",
      arguments: [.init(name: "type", value: .type("type"), help: "A type identifier.", isOptional: true)],
      run: run
    )
  }

  static func run(_ invocation: Invocation, _ io: inout Console) -> Int32 {
    guard let registry = QueryContext.registry(invocation, io: &io) else { return ExitStatus.usage }
    var children: [String: [UTType]] = [:]
    for type in registry.allTypes {
      for parent in registry.directSupertypes(of: type) {
        children[parent.identifier.lowercased(), default: []].append(type)
      }
    }
    let tops: [UTType]
    if let argument = invocation.positionals.first {
      guard let type = QueryContext.type(argument, in: registry, io: &io) else { return ExitStatus.usage }
      tops = [type]
    } else {
      tops = registry.roots.sorted { $0.identifier < $1.identifier }
    }
    var out = ""
    // Depth-first with an explicit stack; a type already on the current path is not entered again.
    for top in tops {
      var stack: [(type: UTType, depth: Int, path: Set<String>)] = [(top, 0, [])]
      while let (type, depth, path) = stack.popLast() {
        let key = type.identifier.lowercased()
        let cyclic = path.contains(key)
        out += String(repeating: "  ", count: depth) + type.identifier + (cyclic ? " (cycle)" : "") + "\n"
        if cyclic { continue }
        let below = (children[key] ?? []).sorted { $0.identifier > $1.identifier }
        for child in below { stack.append((child, depth + 1, path.union([key]))) }
      }
    }
    io.write(Array(out.utf8))
    return ExitStatus.success
  }
}
