import UTIPlatform

/// Where an X server listens, as `$DISPLAY` names it (Xlib's `XOpenDisplay` rules): `:N`,
/// `:N.S`, `unix:N`, `host:N`, `host/unix:N`, and a socket path (`/tmp/.X11-unix/X0`, as XQuartz
/// and some launchers set it).
///
/// ```swift
/// let display = try X11Display(parsing: ":1.0")
/// display.number   // 1
/// display.screen   // 0
/// ```
public struct X11Display: Sendable, Hashable, CustomStringConvertible {
  /// The host for TCP, or nil for the local Unix socket.
  public var host: String?
  /// The display number (the server listens on `/tmp/.X11-unix/X<number>` or TCP port 6000 + number).
  public var number: Int
  /// The screen whose root window is used.
  public var screen: Int
  /// A socket path given in full, instead of a number.
  public var socketPath: String?

  /// The name as `$DISPLAY` spells it.
  public var description: String {
    if let socketPath { return socketPath }
    return "\(host ?? ""):\(number).\(screen)"
  }

  /// Parses a display name.
  /// - Throws: ``SystemPasteboardError`` (`.badDisplayName`) for anything else.
  /// - Parameter name: A display name as `$DISPLAY` holds it: `[host]:display[.screen]`, or a socket path.
  public init(parsing name: String) throws(SystemPasteboardError) {
    if name.hasPrefix("/") {
      let digits = name.reversed().prefix { $0.isNumber }
      host = nil
      number = Int(String(digits.reversed())) ?? 0
      screen = 0
      socketPath = name
      return
    }
    guard let colon = name.lastIndex(of: ":") else { throw Self.badName(name) }
    var hostPart = String(name[..<colon])
    let rest = name[name.index(after: colon)...]
    let parts = rest.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard let number = Int(parts[0]), number >= 0, number < 65536 - 6000 else { throw Self.badName(name) }
    var screen = 0
    if parts.count == 2 {
      guard let value = Int(parts[1]), value >= 0 else { throw Self.badName(name) }
      screen = value
    }
    if hostPart.hasSuffix("/unix") { hostPart = "" }
    self.host = hostPart.isEmpty || hostPart == "unix" ? nil : hostPart
    self.number = number
    self.screen = screen
    self.socketPath = nil
  }

  /// The display `$DISPLAY` names.
  /// - Throws: ``SystemPasteboardError`` (`.noDisplay`) when it is unset or empty.
  /// - Returns: The parsed display.
  public static func fromEnvironment() throws(SystemPasteboardError) -> X11Display {
    guard let name = ProcessEnvironment.value("DISPLAY"), !name.isEmpty else { throw Self.noDisplay }
    return try X11Display(parsing: name)
  }
}

extension X11Display {
  /// No X display: `$DISPLAY` is unset or empty.
  static let noDisplay = SystemPasteboardError(.noDisplay, "no X display: $DISPLAY is not set")

  /// `name` is not an X display name.
  static func badName(_ name: String) -> SystemPasteboardError {
    SystemPasteboardError(.badDisplayName, "'\(name)' is not an X display name (:N, :N.S, unix:N or host:N)")
  }
}
