import Foundation
import Testing

@testable import Pasteboard
@testable import PointyBug

@Suite("Drag gesture: tracking, velocity and prediction")
struct DragGestureTests {
  @Test func theDragStartsAfterTheMinimumDistance() {
    var tracker = DragTracker()
    #expect(tracker.pointerDown(at: CGPoint(x: 0, y: 0), time: 0) == .none)
    #expect(tracker.pointerMoved(to: CGPoint(x: 6, y: 7), time: 0.01) == .none, "9.2 points is below 10")
    guard case .changed(let value) = tracker.pointerMoved(to: CGPoint(x: 6, y: 8), time: 0.02) else {
      Issue.record("10 points starts the drag")
      return
    }
    #expect(value.startLocation == .zero, "the start is where the pointer was pressed")
    #expect(value.translation == CGSize(width: 6, height: 8))
    #expect(tracker.isActive)
  }

  @Test func aZeroMinimumDistanceStartsOnPress() {
    var tracker = DragTracker(minimumDistance: 0)
    guard case .changed(let value) = tracker.pointerDown(at: CGPoint(x: 3, y: 4), time: 1) else {
      Issue.record("expected a change on press")
      return
    }
    #expect(value.translation == .zero)
    #expect(value.velocity == .zero)
  }

  @Test func releaseBelowTheThresholdEndsNothingAndCancelEndsNothing() {
    var tracker = DragTracker()
    _ = tracker.pointerDown(at: .zero, time: 0)
    #expect(tracker.pointerUp(at: CGPoint(x: 2, y: 0), time: 0.1) == .none)
    _ = tracker.pointerDown(at: .zero, time: 1)
    _ = tracker.pointerMoved(to: CGPoint(x: 50, y: 0), time: 1.1)
    #expect(tracker.cancel() == .cancelled)
    #expect(tracker.pointerUp(at: CGPoint(x: 50, y: 0), time: 1.2) == .none, "nothing ends after a cancel")
    #expect(tracker.pointerMoved(to: CGPoint(x: 60, y: 0), time: 1.3) == .none)
  }

  @Test func aStraightPathAtConstantSpeed() throws {
    // 240 points per second to the right, 120 down, sampled at 120 Hz.
    var tracker = DragTracker()
    _ = tracker.pointerDown(at: CGPoint(x: 100, y: 100), time: 10)
    var last: DragGesture.Value?
    for step in 1...30 {
      let t = Double(step) / 120
      if case .changed(let value) = tracker.pointerMoved(
        to: CGPoint(x: 100 + 240 * t, y: 100 + 120 * t), time: 10 + t)
      {
        last = value
      }
    }
    let value = try #require(last)
    #expect(abs(value.velocity.width - 240) < 1e-6)
    #expect(abs(value.velocity.height - 120) < 1e-6)
    #expect(abs(value.predictedEndLocation.x - (value.location.x + 60)) < 1e-6)
    #expect(abs(value.predictedEndLocation.y - (value.location.y + 30)) < 1e-6)
    // SwiftUI's relation: velocity = 4 × (predictedEndLocation − location).
    #expect(abs(4 * (value.predictedEndLocation.x - value.location.x) - value.velocity.width) < 1e-6)
    #expect(value.predictedEndTranslation.width == value.predictedEndLocation.x - 100)
    #expect(value.time == Date(timeIntervalSinceReferenceDate: 10.25))
  }

  @Test func aNoisyPathStillGivesTheUnderlyingSpeed() throws {
    var generator = LinearCongruential(seed: 42)
    var tracker = DragTracker()
    _ = tracker.pointerDown(at: .zero, time: 0)
    var last: DragGesture.Value?
    var lastTwoSampleEstimate = 0.0
    var previous = (x: 0.0, t: 0.0)
    for step in 1...60 {
      let t = Double(step) / 120
      // 300 points per second with ±3 points of jitter on each sample.
      let x = 300 * t + (generator.unit() * 6 - 3)
      if case .changed(let value) = tracker.pointerMoved(to: CGPoint(x: x, y: 0), time: t) { last = value }
      lastTwoSampleEstimate = (x - previous.x) / (t - previous.t)
      previous = (x, t)
    }
    let value = try #require(last)
    #expect(abs(value.velocity.width - 300) < 40, "least squares stays near 300 (got \(value.velocity.width))")
    #expect(abs(value.velocity.width - 300) < abs(lastTwoSampleEstimate - 300) || abs(lastTwoSampleEstimate - 300) < 40)
  }

  @Test func aPauseBeforeReleaseMeansNoThrow() throws {
    var tracker = DragTracker()
    _ = tracker.pointerDown(at: .zero, time: 0)
    for step in 1...10 { _ = tracker.pointerMoved(to: CGPoint(x: Double(step) * 10, y: 0), time: Double(step) / 100) }
    _ = tracker.pointerMoved(to: CGPoint(x: 100, y: 0), time: 0.5)
    guard case .ended(let value) = tracker.pointerUp(at: CGPoint(x: 100, y: 0), time: 0.6) else {
      Issue.record("expected an end")
      return
    }
    #expect(value.velocity == .zero)
    #expect(value.predictedEndLocation == value.location)
  }

  @Test func theDriverCallsTheGesturesActions() {
    let log = Box<[String]>([])
    let gesture = DragGesture(minimumDistance: 5)
      .onChanged { value in log.update { $0.append("changed \(Int(value.translation.width))") } }
      .onEnded { value in log.update { $0.append("ended \(Int(value.translation.width))") } }
    var driver = DragGestureDriver(gesture)
    driver.pointerDown(at: .zero, time: 0)
    driver.pointerMoved(to: CGPoint(x: 3, y: 0), time: 0.01)
    driver.pointerMoved(to: CGPoint(x: 8, y: 0), time: 0.02)
    driver.pointerUp(at: CGPoint(x: 9, y: 0), time: 0.03)
    #expect(log.value == ["changed 8", "ended 9"])
  }
}

@Suite("Drag helpers")
struct DragHelperTests {
  @Test func axisLocks() {
    let translation = CGSize(width: 30, height: -12)
    #expect(AxisLock.none.apply(to: translation) == translation)
    #expect(AxisLock.horizontal.apply(to: translation) == CGSize(width: 30, height: 0))
    #expect(AxisLock.vertical.apply(to: translation) == CGSize(width: 0, height: -12))
  }

  @Test(arguments: [
    (CGPoint(x: 37, y: 12), CGPoint(x: 25, y: 0)), (CGPoint(x: 37.5, y: -12.5), CGPoint(x: 50, y: -25)),
    (CGPoint(x: -62, y: 88), CGPoint(x: -50, y: 100)),
  ])
  func snapping(point: CGPoint, expected: CGPoint) {
    #expect(SnapGrid(snapX: 25, snapY: 25).snap(point) == expected)
  }

  @Test func snappingWithAZeroStepLeavesTheAxis() {
    #expect(SnapGrid(snapX: 0, snapY: 10).snap(CGPoint(x: 3.3, y: 14)) == CGPoint(x: 3.3, y: 10))
  }

  @Test func hitTestingAndBringingToFront() {
    var stack = ViewStack<String>()
    stack.append("back", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    stack.append("front", frame: CGRect(x: 50, y: 50, width: 100, height: 100))
    #expect(stack.hitTest(CGPoint(x: 60, y: 60)) == "front")
    #expect(stack.hitTest(CGPoint(x: 10, y: 10)) == "back")
    #expect(stack.hitTest(CGPoint(x: 500, y: 500)) == nil)
    stack.bringToFront("back")
    #expect(stack.order == ["front", "back"])
    #expect(stack.hitTest(CGPoint(x: 60, y: 60)) == "back")
  }

  @Test func dropZonesCaptureWithinTheirRadius() {
    let zones = [
      DropZone(center: CGPoint(x: 0, y: 0), captureRadius: 50),
      DropZone(center: CGPoint(x: 60, y: 0), captureRadius: 50),
    ]
    #expect(DropZone.capturing(CGPoint(x: 20, y: 0), in: zones) == 0)
    #expect(DropZone.capturing(CGPoint(x: 40, y: 0), in: zones) == 1, "the nearer of two")
    #expect(DropZone.capturing(CGPoint(x: 0, y: 50), in: zones) == 0, "the radius is inclusive")
    #expect(DropZone.capturing(CGPoint(x: 0, y: 51), in: zones) == nil)
  }

  @Test func pagingByPredictedEnd() {
    let pager = Pager(pageCount: 3, pageWidth: 400)
    #expect(pager.page(from: 0, predictedEndTranslation: -201) == 1)
    #expect(pager.page(from: 0, predictedEndTranslation: -200) == 0, "exactly half does not turn")
    #expect(pager.page(from: 1, predictedEndTranslation: 250) == 0)
    #expect(pager.page(from: 2, predictedEndTranslation: -900) == 2, "never past the last")
    #expect(pager.page(from: 0, predictedEndTranslation: 900) == 0, "never before the first")
    #expect(pager.offset(for: 2, dragOffset: 30) == -770)
  }
}

/// A small deterministic generator for jitter.
struct LinearCongruential {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func unit() -> Double {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Double(state >> 11) / Double(1 << 53)
  }
}

/// `DragGesture(minimumDistance:coordinateSpace:)` as the DragGesture tutorial uses it: the same
/// pointer path seen from the view, the window and a named board.
@Suite("Drag gestures: coordinate spaces")
struct DragGestureCoordinateSpaceTests {
  /// Drives `space` along one path (window coordinates) for a view at (100, 50) on a board at
  /// (20, 20); returns the first and last values.
  static func values(in space: CoordinateSpace) -> (first: DragGesture.Value, last: DragGesture.Value)? {
    var seen: [DragGesture.Value] = []
    var ended: DragGesture.Value?
    let gesture = DragGesture(minimumDistance: 5, coordinateSpace: space)
      .onChanged { seen.append($0) }
      .onEnded { ended = $0 }
    var driver = DragGestureDriver(
      gesture, viewOrigin: CGPoint(x: 100, y: 50), namedSpaces: ["board": CGPoint(x: 20, y: 20)])
    driver.pointerDown(at: CGPoint(x: 110, y: 60), time: 0)
    driver.pointerMoved(to: CGPoint(x: 130, y: 60), time: 0.05)
    driver.pointerUp(at: CGPoint(x: 150, y: 70), time: 0.1)
    guard let first = seen.first, let ended else { return nil }
    return (first, ended)
  }

  @Test func locationsAreInTheGesturesSpace() throws {
    let local = try #require(Self.values(in: .local))
    #expect(local.first.startLocation == CGPoint(x: 10, y: 10))
    #expect(local.last.location == CGPoint(x: 50, y: 20))
    let global = try #require(Self.values(in: .global))
    #expect(global.first.startLocation == CGPoint(x: 110, y: 60))
    #expect(global.last.location == CGPoint(x: 150, y: 70))
    let board = try #require(Self.values(in: .named("board")))
    #expect(board.first.startLocation == CGPoint(x: 90, y: 40))
    #expect(board.last.location == CGPoint(x: 130, y: 50))
    // Translations and velocities do not depend on the space.
    #expect(local.last.translation == global.last.translation)
    #expect(local.last.velocity == board.last.velocity)
  }

  @Test func anUnknownNameIsTheWindowsSpace() throws {
    let unknown = try #require(Self.values(in: .named("nowhere")))
    #expect(unknown.first.startLocation == CGPoint(x: 110, y: 60))
  }

  @Test func theDefaultIsTheViewsOwnSpace() {
    #expect(DragGesture().coordinateSpace == .local)
    #expect(DragGesture().minimumDistance == 10)
  }
}
