import DesktopPasteboard
import Foundation
import Pasteboard
import TypeRegistry

/// PointyBug in a window (`pointybug --window`; Wayland where `$WAYLAND_DISPLAY` is set, else
/// the X display, or `--backend x11|wayland`): the editor takes screenshots
/// dragged from other applications, and the arrow tool, dragged from the toolbar strip at the
/// top, onto the screenshot (or into another application that takes its MIME type).
///
/// The window has no drawing of its own: what the delegates see is printed.
@MainActor
struct PointyBugWindow {
  /// The toolbar strip, where a press starts dragging the arrow tool.
  static let toolbar = CGRect(x: 0, y: 0, width: 800, height: 100)

  let bug = Bug()
  let surface = DropSurface()
  let window: any DesktopWindow
  let log: @Sendable (String) -> Void

  init(backend: SystemPasteboard.Backend?, log: @escaping @Sendable (String) -> Void) throws(SystemPasteboardError) {
    self.log = log
    // The window's events run on the main thread, where the delegates are: no hop per drag event
    // (main.swift runs the main thread with DesktopEvents.run()).
    window = try makeWindow(
      title: "PointyBug", width: 800, height: 900, backend: backend, applicationID: "PointyBug", events: .mainThread)
    surface.addTarget(
      DropTarget(
        frame: PointyBugScenario.editor, of: [.image, .arrowTool],
        delegate: EditorDropDelegate(bug: bug, size: PointyBugScenario.editor.size, log: log)))
    try window.acceptDrops(into: surface)
  }

  /// Serves the window until the window manager asks it to close (its presses then end): a
  /// press in the toolbar drags the arrow tool.
  func run() async {
    log("\(window.windowName) ready: drop an image on the editor, drag the arrow from the toolbar")
    for await press in window.buttonPresses where press.button == 1 && Self.toolbar.contains(press.location) {
      let provider = ItemProvider()
      provider.register(ArrowTool())
      let log = log
      let bug = bug
      var session = DragSession(items: [provider], allowedOperations: [.copy]) { operation in
        log("arrow dropped: \(operation); markers \(bug.markers.map(format))")
      }
      session.image = ArrowTool.dragImage
      do {
        try window.beginDrag(session)
        log("drag the arrow tool (\(provider.registeredTypeIdentifiers.joined(separator: ", ")))")
      } catch {
        log("the drag could not start: \(error)")
      }
    }
    window.close()
    log("closed")
  }
}
