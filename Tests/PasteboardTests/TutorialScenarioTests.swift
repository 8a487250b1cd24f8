import Foundation
import TestSupport
import Testing
import TypeRegistry

@testable import Pasteboard
@testable import PointyBug

/// Pointer samples: a straight path from `start` to `end`, `count` samples at 120 Hz after a
/// press at time 0.
func samples(from start: CGPoint, to end: CGPoint, count: Int, duration: Double) -> [(CGPoint, Double)] {
  (1...count).map { step in
    let t = Double(step) / Double(count)
    return (CGPoint(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t), duration * t)
  }
}

/// Drives `gesture` through a press at `start`, the samples, and a release at the last one.
func drive(_ gesture: DragGesture, from start: CGPoint, _ path: [(CGPoint, Double)], during: (() -> Void)? = nil) {
  var driver = DragGestureDriver(gesture)
  driver.pointerDown(at: start, time: 0)
  for (point, time) in path {
    driver.pointerMoved(to: point, time: time)
    during?()
  }
  driver.pointerUp(at: path.last!.0, time: path.last!.1 + 1.0 / 120)
}

@Suite("The tutorial scenarios")
@MainActor
struct TutorialScenarioTests {
  // 1. A circle follows the drag by its translation and returns to zero offset when the drag
  //    ends; a fast throw goes to the predicted end first.
  final class Circle {
    var offset = CGSize.zero
    /// Where the circle animates to after release, in order.
    var animations: [CGSize] = []
    var released: DragGesture.Value?

    var gesture: DragGesture {
      DragGesture()
        .onChanged { self.offset = $0.translation }
        .onEnded { value in
          self.released = value
          let speed = (value.velocity.width * value.velocity.width + value.velocity.height * value.velocity.height)
            .squareRoot()
          if speed > 100 { self.animations.append(value.predictedEndTranslation) }
          self.animations.append(.zero)
          self.offset = .zero
        }
    }
  }

  @Test func scenario1TheCircleFollowsAndReturns() {
    let circle = Circle()
    let path = samples(from: .zero, to: CGPoint(x: 40, y: 30), count: 60, duration: 1)  // 50 points/s
    var offsets: [CGSize] = []
    drive(circle.gesture, from: .zero, path) { offsets.append(circle.offset) }
    #expect(offsets.last == CGSize(width: 40, height: 30), "the circle follows the translation")
    #expect(offsets.first == .zero, "nothing moves before the 10-point minimum distance")
    #expect(circle.offset == .zero)
    #expect(circle.animations == [.zero], "a slow drag goes straight back")
  }

  @Test func scenario1AFastThrowGoesToThePredictedEndFirst() throws {
    let circle = Circle()
    let path = samples(from: .zero, to: CGPoint(x: 120, y: 0), count: 24, duration: 0.2)  // 600 points/s
    drive(circle.gesture, from: .zero, path)
    #expect(circle.animations.count == 2)
    let thrown = try #require(circle.animations.first)
    let released = try #require(circle.released)
    #expect(thrown == released.predictedEndTranslation)
    #expect(released.velocity.width > 500, "about 600 points/s (got \(released.velocity.width))")
    #expect(thrown.width > 120 + 0.25 * 500, "the throw carries on about a quarter second beyond the release")
    #expect(thrown.height == 0)
    #expect(circle.animations.last == .zero)
  }

  // 2. Four hotspots around the centre: a drop within 50 points of one snaps there and marks it
  //    active; anywhere else returns to the centre.
  final class Hotspots {
    static let zones = [(-150.0, -250.0), (150.0, -250.0), (-150.0, 150.0), (150.0, 150.0)].map {
      DropZone(center: CGPoint(x: $0.0, y: $0.1), captureRadius: 50)
    }
    var position = CGPoint.zero
    var active: Int?

    var gesture: DragGesture {
      DragGesture()
        .onChanged { self.position = CGPoint(x: $0.translation.width, y: $0.translation.height) }
        .onEnded { value in
          let drop = CGPoint(x: value.translation.width, y: value.translation.height)
          self.active = DropZone.capturing(drop, in: Self.zones)
          self.position = self.active.map { Self.zones[$0].center } ?? .zero
        }
    }
  }

  @Test(
    arguments: [
      (CGPoint(x: -140, y: -230), 0, CGPoint(x: -150, y: -250)),
      (CGPoint(x: 190, y: -250), 1, CGPoint(x: 150, y: -250)),
      (CGPoint(x: -150, y: 199), 2, CGPoint(x: -150, y: 150)), (CGPoint(x: 120, y: 170), 3, CGPoint(x: 150, y: 150)),
      (CGPoint(x: 0, y: -100), nil, .zero), (CGPoint(x: 150, y: 201), nil, .zero),
    ] as [(CGPoint, Int?, CGPoint)])
  func scenario2HotspotsSnapOrReturn(release: CGPoint, zone: Int?, expected: CGPoint) {
    let hotspots = Hotspots()
    drive(hotspots.gesture, from: .zero, samples(from: .zero, to: release, count: 120, duration: 2))
    #expect(hotspots.active == zone)
    #expect(hotspots.position == expected)
  }

  // 3. Paging between three tabs by the predicted end translation.
  final class Tabs {
    let pager = Pager(pageCount: 3, pageWidth: 390)
    var page = 0
    var dragOffset: CGFloat = 0

    var gesture: DragGesture {
      DragGesture()
        .onChanged { self.dragOffset = $0.translation.width }
        .onEnded { value in
          self.page = self.pager.page(from: self.page, predictedEndTranslation: value.predictedEndTranslation.width)
          self.dragOffset = 0
        }
    }

    func swipe(by distance: CGFloat, seconds: Double) {
      let start = CGPoint(x: 200, y: 300)
      drive(
        gesture, from: start, samples(from: start, to: CGPoint(x: 200 + distance, y: 300), count: 24, duration: seconds)
      )
    }
  }

  @Test func scenario3PagingNeverPastTheEnds() {
    let tabs = Tabs()
    tabs.swipe(by: -100, seconds: 1)
    #expect(tabs.page == 0, "a short slow drag stays")
    tabs.swipe(by: -100, seconds: 0.1)
    #expect(tabs.page == 1, "a flick: the predicted end passes half the width")
    tabs.swipe(by: -250, seconds: 2)
    #expect(tabs.page == 2, "a slow drag past half the width")
    tabs.swipe(by: -300, seconds: 0.1)
    #expect(tabs.page == 2, "never past the last tab")
    tabs.swipe(by: 150, seconds: 0.1)
    #expect(tabs.page == 1)
    tabs.swipe(by: 390, seconds: 0.1)
    #expect(tabs.page == 0)
    tabs.swipe(by: 390, seconds: 0.1)
    #expect(tabs.page == 0, "never before the first tab")
    #expect(tabs.dragOffset == 0)
    #expect(tabs.pager.offset(for: tabs.page) == 0)
  }

  // 4. Dragging a view picked by hit-testing, with a distance threshold, x/y locks and a
  //    25-point snap grid.
  final class Canvas {
    var stack = ViewStack<String>()
    var lock = AxisLock.none
    let grid = SnapGrid(snapX: 25, snapY: 25)
    let threshold: CGFloat = 20
    var dragging: (id: String, origin: CGPoint)?

    init() {
      stack.append("red", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
      stack.append("blue", frame: CGRect(x: 50, y: 50, width: 100, height: 100))
      stack.append("green", frame: CGRect(x: 300, y: 300, width: 50, height: 50))
    }

    var gesture: DragGesture {
      DragGesture(minimumDistance: 0)
        .onChanged { value in
          if self.dragging == nil, let id = self.stack.hitTest(value.startLocation) {
            self.stack.bringToFront(id)
            self.dragging = (id, self.stack.frame(of: id)!.origin)
          }
          guard let (id, origin) = self.dragging, value.hasMoved(atLeast: self.threshold) else { return }
          let moved = self.lock.apply(to: value.translation)
          var frame = self.stack.frame(of: id)!
          frame.origin = CGPoint(x: origin.x + moved.width, y: origin.y + moved.height)
          self.stack.setFrame(frame, of: id)
        }
        .onEnded { _ in
          if let (id, _) = self.dragging, var frame = self.stack.frame(of: id) {
            frame.origin = self.grid.snap(frame.origin)
            self.stack.setFrame(frame, of: id)
          }
          self.dragging = nil
        }
    }

    func drag(from start: CGPoint, by translation: CGSize) {
      let end = CGPoint(x: start.x + translation.width, y: start.y + translation.height)
      drive(gesture, from: start, samples(from: start, to: end, count: 30, duration: 0.5))
    }
  }

  @Test func scenario4HitTestLockSnap() {
    let canvas = Canvas()
    canvas.drag(from: CGPoint(x: 20, y: 20), by: CGSize(width: 10, height: 5))
    #expect(canvas.stack.frame(of: "red")?.origin == .zero, "below the 20-point threshold nothing moves")
    #expect(canvas.stack.order.last == "red", "but the touched view came to the front")
    canvas.drag(from: CGPoint(x: 75, y: 75), by: CGSize(width: 63, height: 38))
    #expect(canvas.stack.frame(of: "red")?.origin == CGPoint(x: 75, y: 50), "red is on top: moved and snapped")
    #expect(canvas.stack.frame(of: "blue")?.origin == CGPoint(x: 50, y: 50))
    canvas.lock = .horizontal
    canvas.drag(from: CGPoint(x: 310, y: 310), by: CGSize(width: 40, height: 90))
    #expect(canvas.stack.frame(of: "green")?.origin == CGPoint(x: 350, y: 300), "x only, snapped")
    canvas.lock = .vertical
    canvas.drag(from: CGPoint(x: 360, y: 310), by: CGSize(width: 40, height: 90))
    #expect(canvas.stack.frame(of: "green")?.origin == CGPoint(x: 350, y: 400), "y only, snapped")
    canvas.drag(from: CGPoint(x: 900, y: 900), by: CGSize(width: 100, height: 100))
    #expect(canvas.stack.order == ["blue", "red", "green"], "a drag on empty space picks nothing")
  }

  // 5. Face parts dragged by location, flagged while dragging.
  final class Face {
    var parts: [String: CGPoint] = [
      "left eye": CGPoint(x: 80, y: 80), "right eye": CGPoint(x: 120, y: 80), "mouth": CGPoint(x: 100, y: 140),
    ]
    var dragging: Set<String> = []

    func gesture(for part: String) -> DragGesture {
      DragGesture()
        .onChanged { value in
          self.dragging.insert(part)
          self.parts[part] = value.location
        }
        .onEnded { _ in self.dragging.remove(part) }
    }
  }

  @Test func scenario5FacePartsFollowTheLocation() {
    let face = Face()
    var flagged: [Set<String>] = []
    drive(
      face.gesture(for: "mouth"), from: CGPoint(x: 100, y: 140),
      samples(from: CGPoint(x: 100, y: 140), to: CGPoint(x: 100, y: 170), count: 10, duration: 0.3)
    ) { flagged.append(face.dragging) }
    #expect(face.parts["mouth"] == CGPoint(x: 100, y: 170), "the part sits where the pointer is")
    #expect(face.parts["left eye"] == CGPoint(x: 80, y: 80))
    #expect(flagged.first == [], "not flagged before the drag starts")
    #expect(flagged.last == ["mouth"], "flagged while dragging")
    #expect(face.dragging.isEmpty, "unflagged after")
  }

  // 6. PointyBug: a screenshot dropped into the editor, then the arrow tool onto the bug.
  @Test func scenario6PointyBug() async throws {
    try await changingSharedRegistry {
      try UTTypeRegistry.shared.register(
        contentsOf: packageRoot.appendingPathComponent("Examples/PointyBug/Info.plist"))
      #expect(UTType("com.raywenderlich.pointybug.tool.arrow")?.conforms(to: .data) == true)
      let log = Box<[String]>([])
      let scenario = PointyBugScenario { line in log.update { $0.append(line) } }

      // An arrow before any screenshot: forbidden over the editor, so nothing is performed.
      let early = scenario.dragArrow(
        along: PointyBugScenario.path(from: CGPoint(x: 40, y: 40), to: CGPoint(x: 400, y: 500), steps: 4))
      #expect(early == .cancel)
      #expect(scenario.bug.markers.isEmpty)
      #expect(log.value.contains("dropExited"))

      // The screenshot, from another application: the image is loaded in performDrop and stored.
      let screenshot = packageRoot.appendingPathComponent("Examples/PointyBug/ladybug.png")
      #expect(scenario.dropScreenshot(screenshot) == .copy)
      // The image arrives when its load completes; wait without blocking a thread of the pool.
      for _ in 0..<3000 where scenario.bug.image == nil { try await Task.sleep(nanoseconds: 10_000_000) }
      #expect(scenario.bug.image == (try Data(contentsOf: screenshot)))
      #expect(scenario.bug.imageSize == CGSize(width: 400, height: 300))

      // The arrow onto the image: the drop location maps through the aspect-fit rectangle.
      #expect(
        adjustedImageRect(imageSize: CGSize(width: 400, height: 300), in: PointyBugScenario.editor)
          == CGRect(x: 0, y: 200, width: 800, height: 600))
      let operation = scenario.dragArrow(
        along: PointyBugScenario.path(from: CGPoint(x: 40, y: 40), to: CGPoint(x: 600, y: 500), steps: 4))
      #expect(operation == .copy)
      #expect(scenario.bug.markers == [CGPoint(x: 300, y: 150)])

      // Above the fitted image (the letterbox) an arrow is forbidden.
      let outside = scenario.dragArrow(
        along: PointyBugScenario.path(from: CGPoint(x: 40, y: 40), to: CGPoint(x: 400, y: 150), steps: 4))
      #expect(outside == .cancel)
      #expect(scenario.bug.markers.count == 1)
    }
  }
}
