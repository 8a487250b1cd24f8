import PropertyList
import TypeRegistry

/// A problem `utictl validate` found, where it is, and related places.
///
/// ```swift
/// let diagnostics = Validator().validate([try DeclarationFile(contentsOf: "Info.plist")])
/// for d in diagnostics { print(d) }   // Info.plist:14:9: error: … [unknown-supertype]
/// ```
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
  public enum Severity: String, Sendable, Hashable, Comparable, CustomStringConvertible {
    case note, warning, error
    public var description: String { rawValue }
    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
    var rank: Int { self == .note ? 0 : self == .warning ? 1 : 2 }
  }

  /// A place in a file: its path, and the location there.
  public struct Place: Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var location: PropertyList.SourceLocation

    public init(path: String, location: PropertyList.SourceLocation) {
      self.path = path
      self.location = location
    }

    /// `path:line:column`, or `path` with the byte offset for binary files.
    public var description: String {
      if let line = location.line, let column = location.column { return "\(path):\(line):\(column)" }
      return path
    }
  }

  /// A related place: the other declaration of a duplicate, the type that already claims a tag.
  public struct Note: Sendable, Hashable {
    public var message: String
    /// Nil when the related thing has no file (the built-in catalog).
    public var place: Place?
  }

  public var severity: Severity
  /// The rule's stable id, such as `unknown-supertype`.
  public var rule: ValidationRule.ID
  public var message: String
  public var place: Place
  public var notes: [Note]

  public init(severity: Severity, rule: ValidationRule.ID, message: String, place: Place, notes: [Note] = []) {
    self.severity = severity
    self.rule = rule
    self.message = message
    self.place = place
    self.notes = notes
  }

  /// The clang-style line: `path:line:column: error: message [rule-id]`.
  public var description: String {
    let suffix = place.location.line == nil ? " (at byte offset \(place.location.offset))" : ""
    return "\(place): \(severity): \(message)\(suffix) [\(rule)]"
  }
}
