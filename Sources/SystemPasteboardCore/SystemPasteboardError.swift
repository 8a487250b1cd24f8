import UTIPlatform

/// What went wrong talking to the desktop: no display, a refused connection, an error the
/// server reported for a request, a protocol violation, a peer that did not answer in time, or
/// a selection with nothing (or nothing readable) on it.
///
/// One error type for every backend: the backend's detail (for X11, the request and the X
/// error code) is in the message, not in the API. Match a kind by its code, as swift-system's
/// `Errno` is matched:
///
/// ```swift
/// do {
///   try SystemPasteboard.clipboard.setItems([item])
/// } catch SystemPasteboardError.noDisplay {
///   print("no desktop here")                  // neither $WAYLAND_DISPLAY nor $DISPLAY is set
/// } catch {
///   print(error)                              // "the X server refused ConvertSelection: BadAtom …"
/// }
/// ```
public struct SystemPasteboardError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kind of failure.
  public struct Code: Sendable, Hashable, CustomStringConvertible {
    enum Kind: String, Sendable, Hashable {
      case noDisplay, badDisplayName, connectionFailed, connectionRefused, request, protocolViolation, timeout, closed
      case noOwner, conversionRefused, fileUnreadable, writeFailed, tooLarge, unsupported
    }
    let kind: Kind

    /// The code's name.
    public var description: String { kind.rawValue }

    /// No desktop to talk to: neither `$WAYLAND_DISPLAY` (nor `$WAYLAND_SOCKET`) nor `$DISPLAY` is set.
    public static let noDisplay = Code(kind: .noDisplay)
    /// The display's name cannot be parsed.
    public static let badDisplayName = Code(kind: .badDisplayName)
    /// No connection could be made to the display server.
    public static let connectionFailed = Code(kind: .connectionFailed)
    /// The server refused the connection (authorization, usually).
    public static let connectionRefused = Code(kind: .connectionRefused)
    /// The server reported an error for a request.
    public static let request = Code(kind: .request)
    /// The server or a peer sent something this client cannot parse.
    public static let protocolViolation = Code(kind: .protocolViolation)
    /// The server or a peer did not answer in time.
    public static let timeout = Code(kind: .timeout)
    /// The connection closed (the server went away, or another client killed ours).
    public static let closed = Code(kind: .closed)
    /// Nothing owns the selection.
    public static let noOwner = Code(kind: .noOwner)
    /// The selection's owner refused a conversion, or the selection changed while it was read
    /// (another copy replaced the one asked for: ask again for the new one).
    public static let conversionRefused = Code(kind: .conversionRefused)
    /// A file the selection's owner listed, or one we serve, cannot be read.
    public static let fileUnreadable = Code(kind: .fileUnreadable)
    /// Writing the data where a streaming read was told to put it failed (a full disk, a closed pipe).
    public static let writeFailed = Code(kind: .writeFailed)
    /// The data is larger than the limit the read was given.
    public static let tooLarge = Code(kind: .tooLarge)
    /// The desktop cannot do what was asked: a Wayland compositor without the protocol it
    /// needs (a data-control protocol for a client without a window).
    public static let unsupported = Code(kind: .unsupported)

    /// Whether `error` is a ``SystemPasteboardError`` of this code (`catch SystemPasteboardError.noOwner`).
    ///
    /// - Parameters:
    ///   - code: The code to match.
    ///   - error: The error thrown.
    /// - Returns: Whether `error` is a ``SystemPasteboardError`` with that code.
    public static func ~= (code: Code, error: any Error) -> Bool {
      (error as? SystemPasteboardError)?.code == code
    }
  }

  /// The kind of failure.
  public var code: Code
  /// What happened, for a person.
  public var message: String
  /// For ``Code/request``: the error the display server reported, as its backend read it.
  package var server: ServerError?

  /// An error a display server reported for a request: its numbers are the backend's (X11's
  /// core and extension errors, a Wayland interface's error enumeration), which only that
  /// backend's code reads; the neutral layer reads the kind and the message.
  package struct ServerError: Sendable, Hashable {
    /// The server's error code.
    package var code: Int
    /// The request it refused (X11's `ConvertSelection`), or the interface whose object failed
    /// (Wayland's `wl_data_offer`).
    package var request: String
    /// The value the server found bad (X11: the window of a `BadWindow`, the atom of a `BadAtom`).
    package var value: UInt32?

    /// The error `code` for `request`, about `value`.
    package init(code: Int, request: String, value: UInt32? = nil) {
      (self.code, self.request, self.value) = (code, request, value)
    }
  }

  /// The message.
  public var description: String { message }

  package init(_ code: Code, _ message: String, server: ServerError? = nil) {
    self.code = code
    self.message = message
    self.server = server
  }

  /// No desktop to talk to: `$DISPLAY` is unset (or empty). Pattern for `catch`.
  public static var noDisplay: Code { .noDisplay }
  /// Nothing owns the selection. Pattern for `catch`.
  public static var noOwner: Code { .noOwner }
  /// The server or a peer did not answer in time. Pattern for `catch`.
  public static var timeout: Code { .timeout }
  /// The connection closed. Pattern for `catch`.
  public static var closed: Code { .closed }

  /// A load the process's ``WorkPool`` had no room for (of `what`: a target or a type).
  package static func poolFull(_ what: String) -> SystemPasteboardError {
    SystemPasteboardError(
      .conversionRefused,
      "\(what) could not be loaded: the process's work pool has no room (\(WorkPool.shared.queueLimit) loads waiting)")
  }
}
