import Foundation
import Pasteboard
import SystemPasteboardCore

/// What ``X11Window`` and ``WaylandWindow`` share: a window on a desktop backend, bridged once to
/// the model, that takes drops into a `DropSurface`, starts drags, reports button presses and
/// hears the request to close. Each subclass makes its backend's window; everything a
/// ``DesktopWindow`` does is here, the same on both.
///
/// Only this module subclasses it. Apple's counterpart: an `NSWindow` with
/// `registerForDraggedTypes(_:)` and `beginDraggingSession(with:event:source:)`.
public class DesktopWindowBase: DesktopWindow, @unchecked Sendable {
  // Sendable: its one stored property is a `let` of `WindowBridge`, whose state is under its lock; unchecked
  // only because the class is not final (its two subclasses add `let`s alone).
  // Unchecked: the class is not final (its two subclasses are, with constant properties of
  // Sendable types); its one property is a constant of a Sendable type.
  let bridge: WindowBridge

  /// A window over `bridge`, which it closes when released.
  init(bridge: WindowBridge) { self.bridge = bridge }

  deinit { bridge.close() }

  /// Tells `observer` how long each drag answer takes inside the window from now on, in
  /// nanoseconds: from the event's arrival on the window's thread to the answer's sending, the
  /// delegates' calls on the main actor included (nil stops it). `utibench` times it beside the
  /// end-to-end time; the window keeps no times itself.
  package func observeAnswers(_ observer: (@Sendable (UInt64) -> Void)?) { bridge.observeAnswers(observer) }

  /// Whether the window's events are served from the main queue now (for the tests).
  var isServedFromMainQueue: Bool { bridge.isServedFromMainQueue }

  /// Runs every drag other applications bring over the window through `surface`, in window
  /// coordinates; returns once the desktop knows the window takes drops. Binding another surface
  /// replaces this one.
  ///
  /// Apple's counterpart: `NSView.registerForDraggedTypes(_:)`; here the surface's targets say
  /// which types they take.
  /// - Parameter surface: The drop surface whose targets and delegates decide each drag.
  /// - Throws: `SystemPasteboardError` when the window is gone or the connection failed.
  public func acceptDrops(into surface: DropSurface) throws(SystemPasteboardError) {
    try bridge.acceptDrops(into: surface)
  }

  /// Starts dragging `session`'s items from the pointer (call it on a button press: the drag
  /// follows the pointer until the button is released). Other applications see the first item's
  /// types as the backend's types and read the one they choose; `session.onEnded` hears the
  /// outcome on the main actor: `.copy` or `.move` when a target took the drop, `.cancel` when
  /// none did, the drag was cancelled, or a target stopped answering.
  ///
  /// Apple's counterpart: `NSView.beginDraggingSession(with:event:source:)`.
  /// - Parameter session: The items to drag, the operations allowed, and the handler told how it ended.
  /// - Throws: `SystemPasteboardError` when the drag cannot start: the pointer cannot be grabbed
  ///   (X11), no button was pressed in the window (Wayland), or a drag is already running.
  @MainActor
  public func beginDrag(_ session: DragSession) throws(SystemPasteboardError) {
    try bridge.beginDrag(session)
  }

  /// Whether a drag this window started is in progress.
  public var isDragging: Bool { bridge.isDragging }

  /// What a log calls the window (each backend's window names itself).
  public var windowName: String { "window" }

  /// The presses of pointer buttons in the window, in window coordinates, as they come (windows
  /// this process made: a host's window reports its own); the stream ends when the window is
  /// asked to close (``closeRequested``) or is closed.
  public var buttonPresses: AsyncStream<WindowButtonPress> { bridge.buttonPresses }

  /// Whether the window manager or compositor asked the window to close (its close button:
  /// ICCCM's `WM_DELETE_WINDOW`, Wayland's `xdg_toplevel.close`); ``buttonPresses`` streams end
  /// then. Closing is the owner's to do (``close()``), as an application saves its work first.
  public var closeRequested: Bool { bridge.closeRequested }

  /// Stops taking drops, ends the window's thread and closes the window if this process made it.
  public func close() { bridge.close() }
}
