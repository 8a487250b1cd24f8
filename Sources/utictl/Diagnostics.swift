import PropertyList
import TypeRegistry
import TypeValidation

/// Clang-style diagnostic lines, which Xcode, editors and CI problem matchers read:
/// `path:line:column: error|warning|note: message`.
enum Diagnostics {
  static func line(path: String, location: PropertyList.SourceLocation, severity: String, message: String) -> String {
    if let line = location.line, let column = location.column {
      return "\(path):\(line):\(column): \(severity): \(message)"
    }
    return "\(path): \(severity): \(message) (at byte offset \(location.offset))"
  }

  static func report(_ warning: PropertyList.Warning, path: String, io: inout Console) {
    io.error(line(path: path, location: warning.location, severity: "warning", message: warning.message))
    if let related = warning.relatedLocation {
      io.error(line(path: path, location: related, severity: "note", message: "the earlier key is here"))
    }
  }
}
