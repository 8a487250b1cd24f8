import PropertyList
import TypeRegistry

/// A problem `utictl validate` found, where it is, and related places.
///
/// ```swift
/// let diagnostics = Validator().validate([try DeclarationFile(contentsOf: "Info.plist")])
/// for d in diagnostics { print(d) }   // Info.plist:14:9: error: … [unknown-supertype]
/// ```
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
  /// How serious a finding is; `--werror` turns warnings into errors.
  public enum Severity: String, Sendable, Hashable, Comparable, CustomStringConvertible {
    case note, warning, error
    /// The severity as clang writes it: `error`, `warning`, `note`.
    public var description: String { rawValue }
    /// Orders severities from note to error.
    ///
    /// - Parameters:
    ///   - a: A severity to compare.
    ///   - b: Another severity to compare.
    /// - Returns: Whether `a` is less severe than `b`.
    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
    var rank: Int { self == .note ? 0 : self == .warning ? 1 : 2 }
  }

  /// A place in a file: its path, and the location there.
  public struct Place: Sendable, Hashable, CustomStringConvertible {
    /// The file, as it was given.
    public var path: String
    /// The line, column and byte offset in the file.
    public var location: PropertyList.SourceLocation

    /// A place at `location` in the file at `path`.
    ///
    /// - Parameters:
    ///   - path: The file's path, as reported.
    ///   - location: The offset, line and column in the file.
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
    /// What the note says.
    public var message: String
    /// Nil when the related thing has no file (the built-in catalog).
    public var place: Place?
  }

  /// How serious the finding is (after `--werror`).
  public var severity: Severity
  /// The rule's stable id, such as `unknown-supertype`.
  public var rule: ValidationRule.ID
  /// What is wrong and what was expected, in one sentence.
  public var message: String
  /// Where the finding is.
  public var place: Place
  /// Related places, each with its own message.
  public var notes: [Note]

  /// A finding of `rule` at `place`.
  ///
  /// - Parameters:
  ///   - severity: How serious the finding is.
  ///   - rule: The rule that found it.
  ///   - message: What is wrong, in one sentence.
  ///   - place: Where it is.
  ///   - notes: Related places, such as the earlier declaration of a duplicate.
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
