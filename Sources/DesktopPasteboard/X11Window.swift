import Foundation
import Pasteboard
import SystemPasteboardCore
import SystemPasteboardX11
import TypeRegistry
import UTIPlatform

/// A window on the X display that takes drops from other applications and starts drags into
/// them, by the XDND protocol (version 5, down to 3 for older peers).
///
/// Create a plain top-level window (for an application or example without a toolkit), or name
/// one the host's toolkit made; then bind a `DropSurface` to it with ``DesktopWindowBase/acceptDrops(into:)``:
/// drags from other applications run the surface's `DropDelegate`s through the same lifecycle
/// the headless surface runs (`validateDrop`, `dropEntered`, `dropUpdated`, `dropExited`,
/// `performDrop`), in window coordinates. ``DesktopWindowBase/beginDrag(_:)`` starts a drag of a `DragSession`'s
/// items at the pointer, which other applications (GTK, Qt, browsers) can take.
///
/// ```swift
/// let window = try X11Window(title: "PointyBug", width: 800, height: 900)
/// let surface = DropSurface()
/// surface.addTarget(DropTarget(frame: editorFrame, of: [.image], delegate: ImageDrop(bug: bug)))
/// try window.acceptDrops(into: surface)   // a PNG dragged from a file manager reaches ImageDrop
/// ```
///
/// How XDND maps to the model: `XdndEnter` starts a `DragSession` whose one item has the
/// `UTType`s of the source's targets (as `SystemPasteboard` maps them); `XdndPosition` moves the
/// drag (root coordinates made window coordinates) and is answered by `XdndStatus` with the
/// operation, and the rectangle in which no target is reached (`DropSurface`'s quiet
/// rectangle); `XdndLeave` cancels it (`dropExited`); `XdndDrop` ends it (`performDrop`, whose
/// loads convert `XdndSelection` for the drop's time), and `XdndFinished` follows once the loads
/// it started finished. Actions: `XdndActionCopy` and `XdndActionMove` are `DropOperation.copy`
/// and `DropOperation.move`; a source asking for a move allows both, any other action (Link,
/// Ask, Private) allows a copy. A target's `.forbidden` or `.cancel` is a refusal.
///
/// ``DesktopWindowBase/acceptDrops(into:)`` advertises the window as an XDND target (`XdndAware`, version 5;
/// `XdndProxy` for a window the host made); ``DesktopWindowBase/beginDrag(_:)`` grabs the pointer, offers the first
/// item's types as XDND types and serves the one a target converts from `XdndSelection`.
///
/// Each window has its own connection and thread, which also serves the data of its drags;
/// delegates run on the main actor, so the main actor must be free to run them (an `async`
/// `main`, `dispatchMain()`, a UI toolkit's loop). Apple's counterparts: an `NSWindow` with
/// `registerForDraggedTypes(_:)`, and `beginDraggingSession(with:event:source:)`.
public final class X11Window: DesktopWindowBase, @unchecked Sendable {
  // Sendable: `let`s only (the window's id and whether it made it); the bridge is the base class's.
  /// A press of a pointer button in the window (created windows only).
  public typealias ButtonPress = WindowButtonPress

  /// The X11 window id.
  public let id: UInt32

  /// `window 0x…`: the window's id, as `xprop -id` and `xdotool` take it.
  public override var windowName: String { "window 0x\(String(id, radix: 16))" }
  /// Whether this process created the window (and destroys it on ``DesktopWindowBase/close()``).
  public let isCreated: Bool

  /// Creates and maps a plain top-level window with a white background, titled `title`, on
  /// `display` (default `$DISPLAY`), named for window managers as ICCCM and EWMH ask
  /// (`WM_CLASS`, `_NET_WM_PID`, `WM_CLIENT_MACHINE`) and closed by them through
  /// `WM_DELETE_WINDOW` (``DesktopWindowBase/closeRequested``).
  ///
  /// ```swift
  /// let window = try X11Window(title: "PointyBug", width: 800, height: 900, applicationClass: "PointyBug")
  /// ```
  /// - Parameters:
  ///   - title: The window's title.
  ///   - width: Its width, in pixels.
  ///   - height: Its height, in pixels.
  ///   - display: The X server; nil for `$DISPLAY`.
  ///   - timeout: Bounds every exchange with the server and peers (default 5 s).
  ///   - registry: Maps drags' targets to types (default: the shared registry).
  ///   - applicationClass: `WM_CLASS`'s class (its instance is the program's name); nil for
  ///     the program's name capitalized.
  ///   - events: Where the window's events run (``DesktopEvents``): a thread of its own, or
  ///     the main thread (then make the window there).
  /// - Throws: `SystemPasteboardError` when there is no display or it refuses us.
  public init(
    title: String, width: Int = 640, height: Int = 480, display: X11Display? = nil, timeout: Duration = .seconds(5),
    registry: UTTypeRegistry? = nil, applicationClass: String? = nil, events: DesktopEvents = .ownThread
  ) throws(SystemPasteboardError) {
    if events == .mainThread { try MainQueueDriver.checkMainThread() }
    let backend = try XdndWindow(
      title: title, width: width, height: height, display: display, timeout: timeout.seconds, registry: registry,
      applicationClass: applicationClass, drivenBy: events == .mainThread ? MainQueue.isCurrentCheck : nil)
    id = backend.window
    isCreated = true
    super.init(bridge: try WindowBridge(backend, registry: registry, events: events))
  }

  /// The window `id` that the host's toolkit created on `display`. Drops reach it through a
  /// proxy window of ours (`XdndProxy`), so the toolkit's own event handling is untouched.
  ///
  /// - Parameters:
  ///   - id: The toolkit's window.
  ///   - display: The X server the window is on; nil for `$DISPLAY`.
  ///   - timeout: Bounds every exchange with the server and peers (default 5 s).
  ///   - registry: Maps drags' targets to types (default: the shared registry).
  /// - Throws: `SystemPasteboardError` when there is no display, or the window does not exist.
  public init(
    existing id: UInt32, display: X11Display? = nil, timeout: Duration = .seconds(5), registry: UTTypeRegistry? = nil
  )
    throws(SystemPasteboardError)
  {
    let backend = try XdndWindow(existing: id, display: display, timeout: timeout.seconds, registry: registry)
    self.id = id
    isCreated = false
    super.init(bridge: try WindowBridge(backend, registry: registry, events: .ownThread))
  }
}
