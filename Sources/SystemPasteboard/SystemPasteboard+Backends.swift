@_exported import SystemPasteboardCore
@_exported import SystemPasteboardWayland
@_exported import SystemPasteboardX11
import TypeRegistry

// The one place that names both backends: the module users import, as swift-nio's `NIO` is over
// `NIOCore` and `NIOPosix`. The neutral `SystemPasteboardCore` cannot name either backend (it is
// not a dependency of it), and neither backend can name the other.

extension SystemPasteboard {
  /// The clipboard of the desktop the environment names (`$WAYLAND_DISPLAY`, else `$DISPLAY`).
  public static let clipboard = SystemPasteboard(selection: .clipboard)
  /// The primary selection of the desktop the environment names.
  public static let primary = SystemPasteboard(selection: .primary)

  /// A pasteboard for `selection` on `backend` (resolved from the environment when nil), whose
  /// targets are mapped to types by `registry` (default: the shared registry, as it is at each
  /// call; `utictl --types` passes one with the declarations it loaded).
  ///
  /// ```swift
  /// let primary = SystemPasteboard(selection: .primary, backend: .wayland(try WaylandDisplay(name: "wayland-1")))
  /// ```
  /// - Parameters:
  ///   - selection: The clipboard or the primary selection.
  ///   - backend: The desktop to talk to; nil for the one the environment names (at each connection).
  ///   - timeout: How long any one exchange with the server or another application may take (default 5 s).
  ///   - registry: The registry that maps targets to types.
  public convenience init(
    selection: Selection, backend: Backend? = nil, timeout: Duration = .seconds(5), registry: UTTypeRegistry? = nil
  ) {
    self.init(selection: selection, backend: backend, timeout: timeout, registry: registry, connect: connectBackend)
  }

  /// A pasteboard for `selection` on the X server `display`.
  /// - Parameters:
  ///   - selection: The clipboard or the primary selection.
  ///   - display: The X server.
  ///   - timeout: How long any one exchange with the server or another application may take (default 5 s).
  ///   - registry: The registry that maps targets to types.
  public convenience init(
    selection: Selection, display: X11Display, timeout: Duration = .seconds(5), registry: UTTypeRegistry? = nil
  ) {
    self.init(selection: selection, backend: .x11(display), timeout: timeout, registry: registry)
  }
}

/// The way to `backend`'s selection: X11's server, else data control where the compositor
/// offers it, else a focused window's data device.
/// - Parameters:
///   - backend: The desktop.
///   - settings: The selection, the timeout, the registry, and what the way tells and asks.
/// - Returns: The way, connected where connecting is needed to choose it.
/// - Throws: ``SystemPasteboardError`` when the desktop cannot be reached.
@Sendable
private func connectBackend(
  to backend: SystemPasteboard.Backend, _ settings: PasteboardBackendSettings
) throws(SystemPasteboardError) -> any PasteboardBackend {
  switch backend {
  case .x11(let display):
    return X11Clipboard(display: display, settings: settings)
  case .wayland(let display):
    return try WaylandSelection.connect(display: display, settings)
  }
}
