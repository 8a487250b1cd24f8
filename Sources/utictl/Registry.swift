import PropertyList
import TypeRegistry

/// The registry a query runs against: the built-in catalog and, on Linux, the machine's MIME
/// types, read only when a query needs them (unless `--no-system`; `--no-mime-database` leaves
/// out the MIME types alone), and every `--types` file, in order.
enum QueryContext {
  /// Builds the registry, or reports why a `--types` file cannot be read (exit status 2).
  static func registry(_ invocation: Invocation, io: inout Console) -> UTTypeRegistry? {
    builder(invocation, io: &io)?.build()
  }

  /// The builder of that registry, with every `--types` file read, not yet built.
  static func builder(_ invocation: Invocation, io: inout Console) -> UTTypeRegistry.Builder? {
    let noSystem = invocation[UtiCtl.noSystem]
    var builder = UTTypeRegistry.Builder(
      includingSystemTypes: !noSystem,
      mimeDatabase: noSystem || invocation[UtiCtl.noMimeDatabase] ? nil : .platformDefault)
    guard let files = typeFiles(invocation, io: &io) else { return nil }
    for file in files { builder.add(file) }
    return builder
  }

  /// Every `--types` file, read in order, or nil when one cannot be read (reported).
  static func typeFiles(_ invocation: Invocation, io: inout Console) -> [DeclarationFile]? {
    var files: [DeclarationFile] = []
    for path in invocation.all(UtiCtl.types) {
      do {
        files.append(try DeclarationFile(contentsOf: path))
      } catch {
        io.error("error: \(error)")
        return nil
      }
    }
    return files
  }

  /// The type an argument names: a declared identifier or a `dyn.` identifier.
  static func type(_ argument: String, in registry: UTTypeRegistry, io: inout Console) -> UTType? {
    if let type = registry.type(withIdentifier: argument) { return type }
    var message = "'\(argument)' is not a declared type identifier"
    if argument.hasPrefix(".") || !argument.contains(".") {
      message += " (for a filename extension, use 'utictl lookup --extension \(argument.drop { $0 == "." })')"
    } else {
      message += " (add its declaration with --types PATH)"
    }
    io.error("error: \(message)")
    return nil
  }

  /// Where a type is declared: `built-in`, `path:line`, or `dynamic`/`undeclared`.
  static func origin(of type: UTType, in registry: UTTypeRegistry) -> String {
    if let declaration = registry.declaration(of: type) { return declaration.origin }
    return type.isDynamic ? "dynamic" : "undeclared"
  }

  /// Writes a value as one line of JSON.
  /// Writes `value` as JSON the way JSON tools write it (`/` unescaped), indented when
  /// `pretty`, with a final newline.
  static func printJSON(_ value: PropertyList.Value, io: inout Console, pretty: Bool) {
    let style: PropertyList.JSONStyle = pretty ? .pretty : .compact
    io.write((try? PropertyList.writeJSON(value, style: style)).map { $0 + [0x0A] } ?? Array("null\n".utf8))
  }

  static func strings(_ values: [String]) -> PropertyList.Value { .init(.array(values.map { .init(.string($0)) })) }
}

extension Command.Flag {
  /// `--json`, which the query commands share.
  static let json = Command.Flag(["--json"], help: "Print machine-readable JSON.")
  /// `--pretty`, which every command with JSON output shares.
  static let pretty = Command.Flag(
    ["--pretty"], help: "Indent JSON output for reading (with --json or --format json|sarif).")
}
