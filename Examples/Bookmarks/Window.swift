import DesktopPasteboard
import Foundation
import Pasteboard

/// The bookmarks bar in a window (`bookmarks --window`; Wayland where `$WAYLAND_DISPLAY` is
/// set, else the X display, or `--backend x11|wayland`): it takes bookmarks, URLs and files
/// dragged from other applications, and a press drags out the bar's last bookmark (swift.org
/// when it has none).
@MainActor
final class BookmarksWindow: NSObject, NSDraggingSource {
  let surface = DropSurface()
  let window: any DesktopWindow
  let bar: BookmarksBar
  let log: @Sendable (String) -> Void

  init(backend: SystemPasteboard.Backend?, log: @escaping @Sendable (String) -> Void) throws(SystemPasteboardError) {
    self.log = log
    bar = BookmarksBar(log: log)
    window = try makeWindow(
      title: "Bookmarks", width: 600, height: 300, backend: backend, applicationID: "Bookmarks", events: .mainThread)
    super.init()
    // registerForDraggedTypes(_:), over the whole window.
    surface.register(bar, forDraggedTypes: BookmarksBar.draggedTypes, in: CGRect(x: 0, y: 0, width: 600, height: 300))
    try window.acceptDrops(into: surface)
  }

  /// Serves the window until the window manager closes it.
  func run() async {
    log("window ready: drop bookmarks, URLs or files; press to drag a bookmark out")
    for await press in window.buttonPresses where press.button == 1 {
      let bookmark = bar.bookmarks.last ?? Bookmark(url: URL(string: "https://swift.org")!, title: "Swift")
      do {
        try window.beginDraggingSession(
          with: [NSDraggingItem(pasteboardWriter: bookmark)], at: press.location, source: self)
        log("dragging \(bookmark)")
      } catch {
        log("the drag could not start: \(error)")
      }
    }
    window.close()
    log("closed")
  }

  func draggingSession(_ session: NSDraggingSession, sourceOperationMaskFor context: NSDraggingContext)
    -> NSDragOperation
  {
    context == .withinApplication ? [.copy, .move] : .copy
  }

  func draggingSession(_ session: NSDraggingSession, endedAt screenPoint: NSPoint, operation: NSDragOperation) {
    log("drag ended: \(describe(operation))")
  }
}
