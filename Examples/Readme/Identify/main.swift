import TypeRegistry

for path in CommandLine.arguments.dropFirst() {
  let found = try UTTypeRegistry.shared.current.identifyFile(atPath: path)
  print(path, found.type.identifier, found.mimeType)
}
