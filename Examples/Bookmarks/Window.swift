import DesktopPasteboard
import Foundation
import Pasteboard

/// The bookmarks bar in a window (`bookmarks --window`; Wayland where `$WAYLAND_DISPLAY` is
/// set, else the X display, or `--backend x11|wayland`): it takes bookmarks, URLs, files and
/// promised files dragged from other applications; a press drags out the bar's last bookmark
/// (swift.org when it has none), and a right-button press drags it out as a promised
/// `NAME.desktop` link file, written only where a file manager drops it.
@MainActor
final class BookmarksWindow: NSObject, NSDraggingSource {
  let surface = DropSurface()
  let window: any DesktopWindow
  let bar: BookmarksBar
  let log: @Sendable (String) -> Void
  /// The files dragged out as promises, kept while a destination may still ask.
  private var files: [BookmarkFile] = []

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
    for await press in window.buttonPresses where press.button == 1 || press.button == 3 {
      let bookmark = bar.bookmarks.last ?? Bookmark(url: URL(string: "https://swift.org")!, title: "Swift")
      let file = BookmarkFile(bookmark, log: log)
      files.append(file)  // a promise holds its delegate weakly
      let writer: any NSPasteboardWriting = press.button == 3 ? file.promise() : bookmark
      do {
        try window.beginDraggingSession(
          with: [NSDraggingItem(pasteboardWriter: writer)], at: press.location, source: self)
        log(press.button == 3 ? "dragging \(bookmark) as a file" : "dragging \(bookmark)")
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
