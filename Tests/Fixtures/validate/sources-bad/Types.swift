import UniformTypeIdentifiers

// UTType(exportedAs: "com.example.in-a-comment") is not a call.
extension UTType {
  static let doc = UTType(exportedAs: "com.example.doc")
  static let other = UTType(exportedAs: "com.example.undeclared")
}
