extension PropertyList {
  /// Why a property list could not be read, and where.
  ///
  /// The message says what was expected and what was found:
  /// `expected a value after <key>UTTypeConformsTo</key>, found </dict>`.
  /// Format it with a path as `Info.plist:14:9: error: <message>`.
  public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The broad reason, for code that reacts to kinds of error.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
      enum Value: String, Sendable, Hashable {
        case syntax, encoding, structure, limit, unsupported, truncated, corrupt
      }
      let value: Value

      /// Malformed text: a token, element, escape or number that is not valid there.
      public static let syntax = Code(value: .syntax)
      /// Bytes that are not valid in the document's text encoding.
      public static let encoding = Code(value: .encoding)
      /// A well-formed token in the wrong place: a missing value, an unclosed element.
      public static let structure = Code(value: .structure)
      /// Input beyond a limit: nesting depth, expansion, integer range.
      public static let limit = Code(value: .limit)
      /// A construct this reader deliberately rejects (entity declarations, sets, fill bytes).
      public static let unsupported = Code(value: .unsupported)
      /// The input ends before the document does.
      public static let truncated = Code(value: .truncated)
      /// A binary plist whose trailer, offsets or references are inconsistent.
      public static let corrupt = Code(value: .corrupt)

      /// The code's name: `syntax`, `truncated` …
      public var description: String { value.rawValue }
    }

    /// The kind of error.
    public let code: Code
    /// What was expected and what was found.
    public let message: String
    /// Where the problem is.
    public let location: SourceLocation

    init(_ code: Code, _ message: String, at location: SourceLocation) {
      self.code = code
      self.message = message
      self.location = location
    }

    /// `line:column: message`, or `offset N: message` for binary input.
    public var description: String { "\(location): \(message)" }
  }

  /// A problem that does not stop reading, such as a key that appears twice in a dictionary.
  public struct Warning: Sendable, Hashable, CustomStringConvertible {
    /// The broad reason.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
      let name: String
      /// A dictionary key given more than once; the last value is used.
      public static let duplicateKey = Code(name: "duplicate-key")
      /// The code's name: `duplicate-key`.
      public var description: String { name }
    }

    /// The kind of warning.
    public let code: Code
    /// What was found and what the reader did about it.
    public let message: String
    /// Where the problem is (for a duplicate key: the later key, whose value is used).
    public let location: SourceLocation
    /// A related place (for a duplicate key: the earlier key).
    public let relatedLocation: SourceLocation?

    /// `line:column: message`, or `offset N: message` for binary input.
    public var description: String { "\(location): \(message)" }
  }

  /// Why a value could not be written in a format.
  public struct WriteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The key path of the value (`UTExportedTypeDeclarations.0.UTTypeIdentifier`); empty for the root.
    public let keyPath: String
    /// What cannot be written and why.
    public let message: String

    /// The message, with the key path where there is one.
    public var description: String {
      keyPath.isEmpty ? message : "\(message) (at key path '\(keyPath)')"
    }
  }
}
