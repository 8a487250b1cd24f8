import TypeRegistry
import UTIPlatform

extension SystemPasteboard {
  /// Which desktop protocol a pasteboard (or a window) speaks, and to which server.
  ///
  /// Resolved from the environment as the desktop's own clients resolve it (GTK and Qt prefer
  /// Wayland): Wayland where `$WAYLAND_DISPLAY` or `$WAYLAND_SOCKET` is set, else X11 at
  /// `$DISPLAY`; or named explicitly.
  ///
  /// ```swift
  /// let backend = try SystemPasteboard.Backend.fromEnvironment()   // .wayland(…) where WAYLAND_DISPLAY=wayland-0
  /// let clipboard = SystemPasteboard(selection: .clipboard, backend: backend)
  /// ```
  public enum Backend: Sendable, Hashable, CustomStringConvertible {
    /// The X Window System: the server `display` names.
    case x11(X11Display)
    /// A Wayland compositor: the socket `display` names.
    case wayland(WaylandDisplay)

    /// The backend the environment names: Wayland at `$WAYLAND_SOCKET` or `$WAYLAND_DISPLAY`
    /// where either is set, else X11 at `$DISPLAY`.
    /// - Returns: The backend.
    /// - Throws: ``SystemPasteboardError`` (`.noDisplay`) when no desktop is named, or
    ///   (`.badDisplayName`) when the name cannot be parsed.
    public static func fromEnvironment() throws(SystemPasteboardError) -> Backend {
      if WaylandDisplay.isNamedByEnvironment { return .wayland(try WaylandDisplay.fromEnvironment()) }
      guard !(ProcessEnvironment.value("DISPLAY") ?? "").isEmpty else { throw noDesktop }
      return .x11(try X11Display.fromEnvironment())
    }

    /// The backend of `name` (`x11`, `wayland`) at the server the environment names for it.
    /// - Throws: ``SystemPasteboardError`` (`.noDisplay`) when the environment names no server
    ///   for it; `.badDisplayName` for another name.
    package static func named(_ name: String) throws(SystemPasteboardError) -> Backend {
      switch name {
      case "x11": return .x11(try X11Display.fromEnvironment())
      case "wayland": return .wayland(try WaylandDisplay.fromEnvironment())
      default:
        throw SystemPasteboardError(.badDisplayName, "'\(name)' is not a backend (\(names.joined(separator: ", ")))")
      }
    }

    static let noDesktop = SystemPasteboardError(
      .noDisplay, "no desktop display: neither $WAYLAND_DISPLAY nor $DISPLAY is set")

    /// The backend's name and server, as `utictl --backend` and messages spell it (`x11 :0.0`,
    /// `wayland /run/user/1000/wayland-0`).
    public var description: String {
      switch self {
      case .x11(let display): return "x11 \(display)"
      case .wayland(let display): return "wayland \(display)"
      }
    }

    /// The names `utictl --backend` takes.
    package static let names = ["x11", "wayland"]
  }

  /// The backend this pasteboard speaks: the one given, else the environment's now.
  /// - Returns: The backend.
  /// - Throws: ``SystemPasteboardError`` when the environment names none.
  public func resolvedBackend() throws(SystemPasteboardError) -> Backend {
    if let backend { return backend }
    return try Backend.fromEnvironment()
  }
}
