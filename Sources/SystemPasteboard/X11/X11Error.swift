/// What went wrong talking to an X server: no display, a refused connection, an error the server
/// reported for a request (named), a protocol violation, or a peer that did not answer in time.
///
/// ```swift
/// do { try SystemPasteboard.clipboard.setItemProviders([provider]) }
/// catch let error as X11Error { print(error) }   // "no X display: $DISPLAY is not set"
/// ```
public struct X11Error: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kind of failure.
  public enum Code: Sendable, Hashable {
    /// `$DISPLAY` is unset.
    case noDisplay
    /// `$DISPLAY` cannot be parsed.
    case badDisplayName
    /// No connection could be made to the server.
    case connectionFailed
    /// The server refused the connection (authorization, usually).
    case connectionRefused
    /// The server reported an error for a request.
    case request
    /// The server sent something this client cannot parse.
    case protocolViolation
    /// The server or a peer did not answer in time.
    case timeout
    /// The connection closed.
    case closed
    /// Nothing owns the selection.
    case noOwner
    /// The selection's owner refused a conversion.
    case conversionRefused
  }

  /// The kind of failure.
  public var code: Code
  /// What happened, for a person.
  public var message: String
  /// For ``Code/request``: the X error code (`BadWindow` is 3, `BadAtom` 5, …).
  public var errorCode: Int?
  /// For ``Code/request``: the request's name (`ConvertSelection`, …).
  public var request: String?
  /// For ``Code/request``: the value the server found bad (the window of a `BadWindow`, the atom
  /// of a `BadAtom`).
  var badValue: UInt32?

  /// The message.
  public var description: String { message }

  init(_ code: Code, _ message: String, errorCode: Int? = nil, request: String? = nil, badValue: UInt32? = nil) {
    self.code = code
    self.message = message
    self.errorCode = errorCode
    self.request = request
    self.badValue = badValue
  }

  /// The core error code of `BadWindow`.
  static let badWindow = 3

  static let noDisplay = X11Error(.noDisplay, "no X display: $DISPLAY is not set")
  static func badDisplayName(_ name: String) -> X11Error {
    X11Error(.badDisplayName, "'\(name)' is not an X display name (:N, :N.S, unix:N or host:N)")
  }

  /// The names of the core X errors, by code.
  static let errorNames = [
    1: "BadRequest", 2: "BadValue", 3: "BadWindow", 4: "BadPixmap", 5: "BadAtom", 6: "BadCursor", 7: "BadFont",
    8: "BadMatch", 9: "BadDrawable", 10: "BadAccess", 11: "BadAlloc", 12: "BadColormap", 13: "BadGContext",
    14: "BadIDChoice", 15: "BadName", 16: "BadLength", 17: "BadImplementation",
  ]
}
