import TypeRegistry
import UTIPlatform

extension SystemPasteboard {
  /// Which desktop protocol a pasteboard (or a window) speaks, and to which server.
  ///
  /// Resolved from the environment as the desktop's own clients resolve it, or named
  /// explicitly. X11 is the one backend so far: `$DISPLAY` names its server. A Wayland backend
  /// (from `$WAYLAND_DISPLAY`, preferred when both are set, as GTK and Qt prefer it) comes next;
  /// until then a Wayland session reaches the X11 backend through XWayland, which shares the
  /// clipboard with Wayland clients.
  ///
  /// ```swift
  /// let backend = try SystemPasteboard.Backend.fromEnvironment()   // .x11(:0) where DISPLAY=:0
  /// let clipboard = SystemPasteboard(selection: .clipboard, backend: backend)
  /// ```
  public enum Backend: Sendable, Hashable, CustomStringConvertible {
    /// The X Window System: the server `display` names.
    case x11(X11Display)

    /// The backend the environment names: X11 at `$DISPLAY`.
    /// - Returns: The backend.
    /// - Throws: ``SystemPasteboardError`` (`.noDisplay`) when no desktop is named, or
    ///   (`.badDisplayName`) when `$DISPLAY` cannot be parsed.
    public static func fromEnvironment() throws(SystemPasteboardError) -> Backend {
      .x11(try X11Display.fromEnvironment())
    }

    /// The backend's name and server, as `utictl --backend` and messages spell it (`x11 :0.0`).
    public var description: String {
      switch self {
      case .x11(let display): return "x11 \(display)"
      }
    }

    /// The names `utictl --backend` takes.
    package static let names = ["x11"]
  }

  /// A pasteboard for `selection` on `backend` (resolved from the environment when nil), whose
  /// targets are mapped to types by `registry` (default: the shared registry, as it is at each
  /// call).
  /// - Parameters:
  ///   - selection: The clipboard or the primary selection.
  ///   - backend: The desktop to talk to; nil for the one the environment names (at each connection).
  ///   - timeout: How long any one exchange with the server or another application may take, in seconds.
  ///   - registry: The registry that maps targets to types.
  public convenience init(
    selection: Selection, backend: Backend?, timeout: Double = 5, registry: UTTypeRegistry? = nil
  ) {
    switch backend {
    case .x11(let display): self.init(selection: selection, display: display, timeout: timeout, registry: registry)
    case nil: self.init(selection: selection, display: nil, timeout: timeout, registry: registry)
    }
  }

  /// The backend this pasteboard speaks: the one given, else the environment's now.
  /// - Throws: ``SystemPasteboardError`` when the environment names none.
  public func resolvedBackend() throws(SystemPasteboardError) -> Backend {
    if let display { return .x11(display) }
    return try Backend.fromEnvironment()
  }
}
