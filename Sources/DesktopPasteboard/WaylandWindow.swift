import Foundation
import Pasteboard
import SystemPasteboardCore
import SystemPasteboardWayland
import TypeRegistry
import UTIPlatform

/// A Wayland window that takes drops into a `DropSurface` and starts drags, through the seat's
/// `wl_data_device`: the Wayland counterpart of ``X11Window``, behind ``DesktopWindow``.
///
/// An `xdg_toplevel` showing a plain fill (or the pixels given), at the size the compositor
/// suggests where it suggests one (the pixels cropped or padded). Drops: a drag's MIME types are
/// mapped to `UTType`s as the clipboard's are (a file manager's `text/uri-list` becomes one item
/// per file); each enter and motion drives the surface's delegates, and the window answers with
/// `wl_data_offer.accept` (the first MIME type, when the operation is copy or move) and
/// `set_actions`; the payload is read (`receive`) only by `performDrop`'s loads, and the offer
/// is finished when they are done.
///
/// Operations and Wayland's actions: `.copy` is `copy`, `.move` is `move`; a source
/// that offers `ask` lets the delegates choose between the two, as the X11 window does with
/// `XdndActionAsk`. A drag started here begins at the latest button press in the window (Wayland
/// starts a drag only on the implicit grab of a press), offers the session's allowed operations
/// and ends with the action the compositor settled on (`.cancel` when the drag was cancelled or refused).
///
/// ```swift
/// let window = try WaylandWindow(title: "PointyBug", width: 800, height: 900)
/// try window.acceptDrops(into: surface)
/// ```
public final class WaylandWindow: DesktopWindowBase, @unchecked Sendable {
  // Sendable: `let`s only: the toplevel (its loop and locks), the timeout and the registry; the bridge is the
  // base class's.
  let toplevel: WaylandToplevel
  let timeout: Double
  let registry: UTTypeRegistry?

  /// `wayland window`: a client's surface has no name other clients know.
  public override var windowName: String { "wayland window" }

  /// Opens a window of `width` × `height` titled `title` on `display` (default: the
  /// environment's compositor), returning once it is shown.
  /// - Parameters:
  ///   - title: The window's title.
  ///   - width: Its width, in pixels.
  ///   - height: Its height, in pixels.
  ///   - pixels: What it shows (`xrgb8888`, row by row); nil for a plain light grey.
  ///   - display: The compositor; nil for `$WAYLAND_DISPLAY`.
  ///   - timeout: Bounds every exchange with the compositor and peers (default 5 s).
  ///   - registry: Maps drags' MIME types to types (default: the shared registry).
  ///   - applicationID: The app id the compositor groups and names the window by (`set_app_id`,
  ///     X11's `WM_CLASS`); nil for the program's name.
  ///   - events: Where the window's events run (``DesktopEvents``): a thread of its own, or the
  ///     main thread (then make the window there).
  /// - Throws: `SystemPasteboardError` when there is no compositor or it lacks what a window needs.
  public init(
    title: String, width: Int = 640, height: Int = 480, pixels: [UInt32]? = nil, display: WaylandDisplay? = nil,
    timeout: Duration = .seconds(5), registry: UTTypeRegistry? = nil, applicationID: String? = nil,
    events: DesktopEvents = .ownThread
  ) throws(SystemPasteboardError) {
    if events == .mainThread { try MainQueueDriver.checkMainThread() }
    let toplevel = try WaylandToplevel(
      display: display, title: title, appID: applicationID ?? ProcessEnvironment.programName, width: width,
      height: height, pixels: pixels, timeout: timeout.seconds,
      drivenBy: events == .mainThread ? MainQueue.isCurrentCheck : nil)
    self.toplevel = toplevel
    self.timeout = timeout.seconds
    self.registry = registry
    super.init(bridge: try WindowBridge(toplevel, registry: registry, events: events))
  }
}

extension WaylandWindow {
  /// The clipboard (or primary selection) through this window, as a toolkit's clipboard is:
  /// a copy is set through the window's data device with the serial of its latest input event
  /// (a key press, a click), and a paste reads what the compositor told the window while it had
  /// keyboard focus. Apple's counterpart: `NSPasteboard.general` of an application's window.
  ///
  /// ```swift
  /// let clipboard = window.pasteboard(for: .clipboard)
  /// try clipboard.setItemProviders([NSItemProvider(object: "Hello" as NSString)])   // after a click or key
  /// ```
  /// - Parameter selection: The clipboard or the primary selection.
  /// - Returns: A pasteboard that copies and pastes through this window.
  public func pasteboard(for selection: SystemPasteboard.Selection) -> SystemPasteboard {
    SystemPasteboard(selection: selection, window: toplevel, timeout: timeout, registry: registry)
  }
}
