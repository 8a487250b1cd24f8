import Foundation
import Pasteboard
import TypeRegistry

/// The PointyBug tutorial, headless: drop a screenshot into the editor, then drag the arrow tool
/// onto the bug in it.
@MainActor
struct PointyBugScenario {
  /// The editor, where screenshots and arrows are dropped.
  static let editor = CGRect(x: 0, y: 100, width: 800, height: 800)
  /// Where the arrow tool sits in the toolbar.
  static let toolbarArrow = CGPoint(x: 40, y: 40)

  let bug = Bug()
  let surface = DropSurface()
  let log: @Sendable (String) -> Void

  init(log: @escaping @Sendable (String) -> Void) {
    self.log = log
    surface.addTarget(
      DropTarget(
        frame: Self.editor, of: [.image, .arrowTool],
        delegate: EditorDropDelegate(bug: bug, size: Self.editor.size, log: log)
      ))
  }

  /// Drags `screenshot` in from another application and drops it on the editor; returns the
  /// final operation. The image arrives when its load completes (``Bug/waitForImage(seconds:)``).
  @discardableResult
  func dropScreenshot(_ screenshot: URL) -> DropOperation {
    guard let provider = ItemProvider(contentsOf: screenshot) else {
      log("cannot read \(screenshot.path)")
      return .cancel
    }
    log(
      "drag \(screenshot.lastPathComponent) (\(provider.registeredTypeIdentifiers.joined(separator: ", "))) from another app"
    )
    surface.begin(
      DragSession.crossingApplicationBoundary(items: [provider], allowedOperations: [.copy]) { operation in
        log("source told: \(operation)")
      }, at: CGPoint(x: 900, y: 500))
    for x in stride(from: 880, through: 400, by: -160) {
      let operation = surface.move(to: CGPoint(x: CGFloat(x), y: 500))
      log("  pointer at (\(x), 500): \(operation)")
    }
    return surface.end(at: CGPoint(x: 400, y: 500))
  }

  /// Drags the arrow tool from the toolbar along `path` (pointer samples, 60 per second) and
  /// drops it at the path's end; the tool follows the pointer through a drag gesture.
  @discardableResult
  func dragArrow(along path: [CGPoint]) -> DropOperation {
    let provider = ItemProvider()
    provider.register(ArrowTool())
    var toolPosition = Self.toolbarArrow
    var driver = DragGestureDriver(
      DragGesture()
        .onChanged { value in
          toolPosition = CGPoint(
            x: Self.toolbarArrow.x + value.translation.width, y: Self.toolbarArrow.y + value.translation.height)
        }
        .onEnded { _ in toolPosition = Self.toolbarArrow })
    log("drag the arrow tool (\(provider.registeredTypeIdentifiers.joined(separator: ", ")))")
    driver.pointerDown(at: Self.toolbarArrow, time: 0)
    var started = false
    for (index, point) in path.enumerated() {
      let time = Double(index + 1) / 60
      driver.pointerMoved(to: point, time: time)
      if !started && driver.isActive {
        started = true
        surface.begin(DragSession(items: [provider], allowedOperations: [.copy]), at: point)
      }
      if started {
        let operation = surface.move(to: point)
        log("  pointer at \(format(point)), tool at \(format(toolPosition)): \(operation)")
      }
    }
    let end = path.last ?? Self.toolbarArrow
    driver.pointerUp(at: end, time: Double(path.count + 1) / 60)
    let operation = started ? surface.end(at: end) : .cancel
    log("arrow dropped: \(operation); the tool returns to \(format(toolPosition))")
    return operation
  }

  /// A straight path of `steps` samples from `start` to `end`.
  static func path(from start: CGPoint, to end: CGPoint, steps: Int) -> [CGPoint] {
    (1...steps).map { step in
      let t = CGFloat(step) / CGFloat(steps)
      return CGPoint(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t)
    }
  }
}
