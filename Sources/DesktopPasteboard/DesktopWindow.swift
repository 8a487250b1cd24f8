import Foundation
import Pasteboard
import SystemPasteboardCore
import UTIPlatform

/// A window on the desktop that takes drops from other applications into a `DropSurface` and
/// starts drags into them, whatever the backend: code written against it runs on each.
///
/// ``X11Window`` is the X11 one (XDND), ``WaylandWindow`` the Wayland one (`wl_data_device`).
/// ``makeWindow(title:width:height:backend:applicationID:events:)`` makes the one for the environment's backend.
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

  /// What a log calls the window: `window 0x1a00007` on X11 (its id, which `xprop -id` and
  /// `xdotool` take), `wayland window` on Wayland (a client's surface has no global name there).
  var windowName: String { get }

  /// The presses of pointer buttons in the window, in window coordinates; the stream ends when
  /// the window is asked to close (``closeRequested``) or is closed.
  var buttonPresses: AsyncStream<WindowButtonPress> { get }

  /// Whether the window manager or compositor asked the window to close (its close button: X11's
  /// `WM_DELETE_WINDOW`, Wayland's `xdg_toplevel.close`).
  var closeRequested: Bool { get }

  /// Stops taking drops and closes the window (if this process made it).
  func close()
}

/// A press of a pointer button in a window, whatever the backend.
public struct WindowButtonPress: Sendable, Hashable {
  /// Where, in window coordinates.
  public var location: CGPoint
  /// Which button: 1 left, 2 middle, 3 right (X11's numbers; Wayland's `BTN_LEFT`,
  /// `BTN_MIDDLE` and `BTN_RIGHT` are mapped to them).
  public var button: Int

  /// A press at `location` of `button`.
  /// - Parameters:
  ///   - location: Where, in window coordinates.
  ///   - button: Which button: 1 left, 2 middle, 3 right.
  public init(location: CGPoint, button: Int) {
    self.location = location
    self.button = button
  }
}

/// A plain top-level window for the backend the environment names (or `backend`): a
/// ``WaylandWindow`` where `$WAYLAND_DISPLAY` is set, else an ``X11Window`` at `$DISPLAY`.
/// - Parameters:
///   - title: The window's title.
///   - width: Its width, in pixels.
///   - height: Its height, in pixels.
///   - backend: The desktop; nil for the environment's.
///   - applicationID: What window managers name and group the window by: X11's `WM_CLASS`
///     class, Wayland's app id; nil for the program's name.
///   - events: Where the window's events run (``DesktopEvents``): a thread of its own, or the
///     main thread (then make the window there).
/// - Returns: The window, mapped.
/// - Throws: `SystemPasteboardError` when there is no desktop or it refuses us.
public func makeWindow(
  title: String, width: Int = 640, height: Int = 480, backend: SystemPasteboard.Backend? = nil,
  applicationID: String? = nil, events: DesktopEvents = .ownThread
) throws(SystemPasteboardError) -> any DesktopWindow {
  let resolved: SystemPasteboard.Backend
  if let backend { resolved = backend } else { resolved = try SystemPasteboard.Backend.fromEnvironment() }
  switch resolved {
  case .x11(let display):
    return try X11Window(
      title: title, width: width, height: height, display: display, applicationClass: applicationID, events: events)
  case .wayland(let display):
    return try WaylandWindow(
      title: title, width: width, height: height, display: display, applicationID: applicationID, events: events)
  }
}

/// Runs `body` on the main actor, where the delegates run, without waiting for it: how a
/// window's event loop hands a drag event to its drop surface, on either backend. The loop goes
/// on; `body` posts its answer back (XDND and Wayland both let a target answer later).
///
/// On the main thread (a window whose events run there, ``DesktopEvents``), `body` runs at
/// once, with no hop.
func runOnMain(_ body: @escaping @MainActor @Sendable () -> Void) {
  if MainQueue.isCurrent {
    MainActor.assumeIsolated { body() }
  } else {
    Task { @MainActor in body() }
  }
}
