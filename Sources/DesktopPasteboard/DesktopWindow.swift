import Pasteboard
import SystemPasteboard

/// A window on the desktop that takes drops from other applications into a `DropSurface` and
/// starts drags into them, whatever the backend: code written against it runs on each.
///
/// ``X11Window`` is the X11 one (XDND). ``makeWindow(title:width:height:backend:)`` makes the
/// one for the environment's backend.
///
/// ```swift
/// let window = try makeWindow(title: "PointyBug", width: 800, height: 900)
/// try window.acceptDrops(into: surface)
/// ```
///
/// Apple's counterpart: an `NSWindow` with `registerForDraggedTypes(_:)` and
/// `beginDraggingSession(with:event:source:)`.
public protocol DesktopWindow: AnyObject, Sendable {
  /// Runs every drag other applications bring over the window through `surface`.
  /// - Parameter surface: The drop targets and their delegates, in window coordinates.
  /// - Throws: `SystemPasteboardError` when the window is gone or the connection failed.
  func acceptDrops(into surface: DropSurface) throws(SystemPasteboardError)

  /// Starts dragging `session`'s items from the pointer (call it on a button press).
  /// - Parameter session: The items and the operations allowed; its `onEnded` hears the outcome.
  /// - Throws: `SystemPasteboardError` when the drag cannot start.
  @MainActor func beginDrag(_ session: DragSession) throws(SystemPasteboardError)

  /// Whether a drag this window started is in progress.
  var isDragging: Bool { get }

  /// The presses of pointer buttons in the window, in window coordinates.
  var buttonPresses: AsyncStream<X11Window.ButtonPress> { get }

  /// Stops taking drops and closes the window (if this process made it).
  func close()
}

extension X11Window: DesktopWindow {}

/// A plain top-level window for the backend the environment names (or `backend`).
///
/// Windows are X11 windows so far: in a Wayland session the window is made through XWayland
/// (`$DISPLAY`), as GTK 3 applications without Wayland support are; a Wayland window
/// (`xdg_toplevel`) is not built yet, so `.wayland` is refused with `.unsupported`.
/// - Parameters:
///   - title: The window's title.
///   - width: Its width, in pixels.
///   - height: Its height, in pixels.
///   - backend: The desktop; nil for the environment's.
/// - Returns: The window, mapped.
/// - Throws: `SystemPasteboardError` when there is no desktop or it refuses us.
public func makeWindow(title: String, width: Int = 640, height: Int = 480, backend: SystemPasteboard.Backend? = nil)
  throws(SystemPasteboardError) -> any DesktopWindow
{
  let resolved: SystemPasteboard.Backend
  if let backend {
    resolved = backend
  } else {
    resolved = .x11(try X11Display.fromEnvironment())
  }
  switch resolved {
  case .x11(let display): return try X11Window(title: title, width: width, height: height, display: display)
  case .wayland(let display):
    throw SystemPasteboardError(
      .unsupported,
      "windows on Wayland (\(display)) are not built yet: drops and drags need an X11 window (XWayland's $DISPLAY)")
  }
}
