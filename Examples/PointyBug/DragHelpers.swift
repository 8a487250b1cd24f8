import Foundation
import Pasteboard

// The small values the drag-and-drop tutorials write by hand beside their gestures (axis locks,
// snap grids, a view stack, drop zones, paging), as the tutorial scenarios use them. They are the
// example's code, not the library's API: copy what a program needs.

/// Which axes a drag may move along. Serves the tutorial scenario that drags a view "only in x"
/// or "only in y".
///
/// ```swift
/// AxisLock.horizontal.apply(to: CGSize(width: 30, height: 12))   // (30, 0)
/// ```
enum AxisLock: Sendable, Hashable, CaseIterable {
  case none
  case horizontal
  case vertical

  /// `translation` with the locked axis zeroed.
  func apply(to translation: CGSize) -> CGSize {
    switch self {
    case .none: return translation
    case .horizontal: return CGSize(width: translation.width, height: 0)
    case .vertical: return CGSize(width: 0, height: translation.height)
    }
  }
}

/// A grid that positions snap to, `snapX` points wide and `snapY` points high, as in the
/// tutorial that drops views onto a 25-point grid.
///
/// ```swift
/// SnapGrid(snapX: 25, snapY: 25).snap(CGPoint(x: 37, y: 12))   // (25, 0)
/// ```
struct SnapGrid: Sendable, Hashable {
  /// The grid's horizontal step, in points.
  var snapX: CGFloat
  /// The grid's vertical step, in points.
  var snapY: CGFloat

  /// `value` rounded to the nearest multiple of `step` (halves away from zero); unchanged for a
  /// step of zero or less.
  static func snap(_ value: CGFloat, to step: CGFloat) -> CGFloat {
    step > 0 ? (value / step).rounded(.toNearestOrAwayFromZero) * step : value
  }

  /// `point` on the nearest grid intersection.
  func snap(_ point: CGPoint) -> CGPoint {
    CGPoint(x: Self.snap(point.x, to: snapX), y: Self.snap(point.y, to: snapY))
  }

  /// `size` in whole grid steps.
  func snap(_ size: CGSize) -> CGSize {
    CGSize(width: Self.snap(size.width, to: snapX), height: Self.snap(size.height, to: snapY))
  }
}

extension DragGesture.Value {
  /// Whether the pointer has moved at least `distance` points from where it was pressed: a
  /// start threshold on top of the gesture's own minimum distance, for views that should move
  /// only after a deliberate drag.
  func hasMoved(atLeast distance: CGFloat) -> Bool {
    (translation.width * translation.width + translation.height * translation.height).squareRoot() >= distance
  }
}

/// Views stacked in z-order, for finding the one under a point and bringing it to the front,
/// as the tutorial does when a drag starts on one of several overlapping views.
///
/// ```swift
/// var stack = ViewStack<String>()
/// stack.append("card", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
/// stack.append("badge", frame: CGRect(x: 50, y: 50, width: 20, height: 20))
/// stack.hitTest(CGPoint(x: 55, y: 55))   // "badge", the topmost
/// ```
///
/// - Complexity: ``hitTest(_:)`` is O(*n*); ``bringToFront(_:)`` is O(*n*).
struct ViewStack<ID: Hashable & Sendable>: Sendable {
  /// The views, back to front.
  private(set) var views: [(id: ID, frame: CGRect)] = []

  /// An empty stack.
  init() {}

  /// Adds a view in front of the others.
  mutating func append(_ id: ID, frame: CGRect) { views.append((id, frame)) }

  /// The frame of `id`.
  func frame(of id: ID) -> CGRect? { views.first { $0.id == id }?.frame }

  /// Moves `id` to `frame`.
  mutating func setFrame(_ frame: CGRect, of id: ID) {
    if let index = views.firstIndex(where: { $0.id == id }) { views[index].frame = frame }
  }

  /// The frontmost view containing `point`.
  func hitTest(_ point: CGPoint) -> ID? { views.last { $0.frame.contains(point) }?.id }

  /// Puts `id` in front of every other view.
  mutating func bringToFront(_ id: ID) {
    guard let index = views.firstIndex(where: { $0.id == id }) else { return }
    views.append(views.remove(at: index))
  }

  /// The ids, back to front.
  var order: [ID] { views.map(\.id) }
}

/// A point that captures drops within a radius, as the tutorial's hotspots do.
///
/// ```swift
/// let zones = [DropZone(center: CGPoint(x: 150, y: 150), captureRadius: 50)]
/// DropZone.capturing(CGPoint(x: 170, y: 140), in: zones)   // 0
/// ```
struct DropZone: Sendable, Hashable {
  /// The zone's center.
  var center: CGPoint
  /// How close to the center a point must be to be captured.
  var captureRadius: CGFloat

  /// Whether `point` is within the capture radius (inclusive).
  func captures(_ point: CGPoint) -> Bool {
    distance(center, point) <= captureRadius
  }

  /// The index of the zone nearest to `point` among those that capture it.
  static func capturing(_ point: CGPoint, in zones: [DropZone]) -> Int? {
    zones.indices.filter { zones[$0].captures(point) }.min {
      distance(zones[$0].center, point) < distance(zones[$1].center, point)
    }
  }
}

/// Paging by a flick: the predicted end of a horizontal drag beyond a threshold turns one page,
/// never past the first or last, as in the tutorial's tab pager.
///
/// ```swift
/// let pager = Pager(pageCount: 3, pageWidth: 390)
/// pager.page(from: 0, predictedEndTranslation: -250)   // 1: swiped left past half the width
/// ```
struct Pager: Sendable, Hashable {
  /// How many pages there are.
  var pageCount: Int
  /// The width of one page, in points.
  var pageWidth: CGFloat
  /// The fraction of the width the predicted end must pass; a half by default.
  var threshold: CGFloat = 0.5

  /// The page after a drag that started on `page` and would end `predictedEndTranslation`
  /// points away horizontally (negative: leftwards, to the next page).
  func page(from page: Int, predictedEndTranslation: CGFloat) -> Int {
    let limit = pageWidth * threshold
    var next = page
    if predictedEndTranslation < -limit { next += 1 } else if predictedEndTranslation > limit { next -= 1 }
    return min(max(next, 0), max(pageCount - 1, 0))
  }

  /// The horizontal offset that shows `page` while the finger is `dragOffset` points away.
  func offset(for page: Int, dragOffset: CGFloat = 0) -> CGFloat {
    -CGFloat(page) * pageWidth + dragOffset
  }
}

/// The distance between two points.
private func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat {
  ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
}
