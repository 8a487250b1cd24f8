import TypeRegistry

/// `utictl graph [TYPE...] [--format dot|mermaid]`: the conformance graph around types.
enum GraphCommand {
  /// The values of `--format`, the default first.
  enum Format: String, CaseIterable, Sendable {
    case dot, mermaid
  }

  static var command: Command {
    Command(
      name: "graph",
      abstract: "Draw the conformance graph of types and their supertypes, as Graphviz dot or Mermaid.",
      discussion: "Without types, draws every declared type. Edges point from a type to each direct parent.",
      arguments: [
        .init(name: "type", value: .type("type"), help: "A type identifier.", isRepeating: true, isOptional: true)
      ],
      options: [format],
      run: run
    )
  }

  static let format = Command.Key<Format>(["--format"], placeholder: "format", help: "dot (default) or mermaid.")

  static func run(_ invocation: Invocation, _ io: inout Console) -> Int32 {
    let format = invocation[format] ?? .dot
    guard let registry = QueryContext.registry(invocation, io: &io) else { return ExitStatus.usage }
    var nodes: [UTType] = []
    if invocation.positionals.isEmpty {
      nodes = registry.allTypes
    } else {
      var seen = Set<UTType>()
      for argument in invocation.positionals {
        guard let type = QueryContext.type(argument, in: registry, io: &io) else { return ExitStatus.usage }
        for node in [type] + type.supertypes.sorted(by: { $0.identifier < $1.identifier })
        where seen.insert(node).inserted {
          nodes.append(node)
        }
      }
    }
    let included = Set(nodes)
    var edges: [(UTType, UTType)] = []
    for node in nodes {
      for parent in registry.directSupertypes(of: node) where included.contains(parent) { edges.append((node, parent)) }
    }
    var out = ""
    if format == .dot {
      out += "digraph conformance {\n  rankdir=BT;\n  node [shape=box];\n"
      for node in nodes { out += "  \(quoted(node.identifier));\n" }
      for (child, parent) in edges { out += "  \(quoted(child.identifier)) -> \(quoted(parent.identifier));\n" }
      out += "}\n"
    } else {
      var names: [String: String] = [:]
      for (n, node) in nodes.enumerated() { names[node.identifier] = "n\(n)" }
      out += "graph BT\n"
      for node in nodes { out += "  \(names[node.identifier]!)[\"\(node.identifier)\"]\n" }
      for (child, parent) in edges { out += "  \(names[child.identifier]!) --> \(names[parent.identifier]!)\n" }
    }
    io.write(Array(out.utf8))
    return ExitStatus.success
  }

  static func quoted(_ s: String) -> String {
    var out = "\""
    for c in s {
      if c == "\\" || c == "\"" { out.append("\\") }
      out.append(c)
    }
    return out + "\""
  }
}
