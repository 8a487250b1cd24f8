import UniformTypeIdentifiers

extension UTType {
  static let doc = UTType(exportedAs: "com.example.doc")
  static let text = "UTType(exportedAs: \"com.example.in-a-string\")"
}
