import UTIPlatform

/// Where a Wayland compositor listens, as libwayland's `wl_display_connect` finds it: a
/// connected socket inherited in `$WAYLAND_SOCKET` (a descriptor number, used once), else the
/// socket `$WAYLAND_DISPLAY` names, relative to `$XDG_RUNTIME_DIR` unless it is an absolute path.
///
/// ```swift
/// let display = try WaylandDisplay(name: "wayland-1")   // $XDG_RUNTIME_DIR/wayland-1
/// let inherited = WaylandDisplay(socketDescriptor: 3)   // as $WAYLAND_SOCKET=3 hands it over
/// ```
public struct WaylandDisplay: Sendable, Hashable, CustomStringConvertible {
  /// The socket's path, or nil for an inherited descriptor.
  public var socketPath: String?
  /// An inherited, connected socket (`$WAYLAND_SOCKET`), or nil.
  public var socketDescriptor: Int32?

  /// The path as given, or `fd N` for an inherited socket.
  public var description: String { socketPath ?? "fd \(socketDescriptor ?? -1)" }

  /// The socket `name` names: an absolute path as it is, else a name in `$XDG_RUNTIME_DIR`.
  /// - Parameter name: `wayland-0`, or `/run/user/1000/wayland-0`.
  /// - Throws: ``SystemPasteboardError`` (`.badDisplayName`) for an empty name, or a relative one
  ///   without `$XDG_RUNTIME_DIR`.
  public init(name: String) throws(SystemPasteboardError) {
    guard !name.isEmpty else { throw SystemPasteboardError(.badDisplayName, "the Wayland display name is empty") }
    if name.hasPrefix("/") {
      socketPath = name
    } else {
      guard let directory = ProcessEnvironment.value("XDG_RUNTIME_DIR"), directory.hasPrefix("/") else {
        throw SystemPasteboardError(
          .badDisplayName, "the Wayland display '\(name)' is relative and $XDG_RUNTIME_DIR is not set")
      }
      socketPath = directory + "/" + name
    }
    socketDescriptor = nil
  }

  /// An inherited socket already connected to the compositor.
  /// - Parameter socketDescriptor: The descriptor (`$WAYLAND_SOCKET`'s number).
  public init(socketDescriptor: Int32) {
    self.socketPath = nil
    self.socketDescriptor = socketDescriptor
  }

  /// Whether the environment names a Wayland compositor (`$WAYLAND_SOCKET` or `$WAYLAND_DISPLAY`
  /// set and not empty), as GTK and Qt decide to prefer Wayland.
  public static var isNamedByEnvironment: Bool {
    ["WAYLAND_SOCKET", "WAYLAND_DISPLAY"].contains { !(ProcessEnvironment.value($0) ?? "").isEmpty }
  }

  /// The compositor the environment names: `$WAYLAND_SOCKET`, else `$WAYLAND_DISPLAY`.
  /// - Throws: ``SystemPasteboardError``: `.noDisplay` when neither is set; `.badDisplayName`
  ///   when `$WAYLAND_SOCKET` is not a descriptor number or `$WAYLAND_DISPLAY` cannot be resolved.
  /// - Returns: The display to connect to.
  public static func fromEnvironment() throws(SystemPasteboardError) -> WaylandDisplay {
    if let socket = ProcessEnvironment.value("WAYLAND_SOCKET"), !socket.isEmpty {
      guard let fd = Int32(socket), fd >= 0 else {
        throw SystemPasteboardError(.badDisplayName, "$WAYLAND_SOCKET '\(socket)' is not a file descriptor number")
      }
      return WaylandDisplay(socketDescriptor: fd)
    }
    guard let name = ProcessEnvironment.value("WAYLAND_DISPLAY"), !name.isEmpty else {
      throw SystemPasteboardError(.noDisplay, "no Wayland display: $WAYLAND_DISPLAY is not set")
    }
    return try WaylandDisplay(name: name)
  }
}
