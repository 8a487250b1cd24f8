import Foundation
import Testing
import TypeRegistry
import UTIPlatform

@testable import Pasteboard

@Suite("Drop surface: a second drag")
@MainActor
struct SecondDragTests {
  @Test func beginningAnotherDragCancelsTheFirst() {
    let log = Box<[String]>([])
    let ended = Box<[String]>([])
    let surface = oneTargetSurface(RecordingDelegate(name: "a", log: log))
    surface.begin(
      DragSession(items: [dataProvider(.png, Data())], onEnded: { op in ended.update { $0.append("first \(op)") } }),
      at: CGPoint(x: 5, y: 5))
    surface.begin(
      DragSession(items: [dataProvider(.png, Data())], onEnded: { op in ended.update { $0.append("second \(op)") } }),
      at: CGPoint(x: 6, y: 6))
    #expect(surface.end(at: CGPoint(x: 6, y: 6)) == .copy)
    #expect(ended.value == ["first cancel", "second copy"])
    #expect(
      log.value == [
        "a:validate", "a:enter", "a:update", "a:exit", "a:validate", "a:enter", "a:update", "a:update", "a:perform",
      ])
  }
}

@Suite("Drop surface: delegates that call back")
@MainActor
struct ReentrantDelegateTests {
  /// Cancels the drag from inside one of its calls.
  final class Canceller: DropDelegate {
    weak var surface: DropSurface?
    let at: String
    let log: Box<[String]>
    init(at: String, log: Box<[String]>) {
      self.at = at
      self.log = log
    }
    func call(_ name: String) {
      log.update { $0.append(name) }
      if name == at { surface?.cancel() }
    }
    func validateDrop(info: DropInfo) -> Bool {
      call("validate")
      return true
    }
    func dropEntered(info: DropInfo) { call("enter") }
    func dropUpdated(info: DropInfo) -> DropProposal? {
      call("update")
      return nil
    }
    func dropExited(info: DropInfo) { call("exit") }
    func performDrop(info: DropInfo) -> Bool {
      call("perform")
      return true
    }
  }

  @Test(arguments: ["validate", "enter", "update", "perform"])
  func cancellingFromInsideACallEndsTheDragCleanly(at call: String) {
    let log = Box<[String]>([])
    let ended = Box<[DropOperation]>([])
    let delegate = Canceller(at: call, log: log)
    let surface = oneTargetSurface(delegate)
    delegate.surface = surface
    surface.begin(
      DragSession(items: [dataProvider(.png, Data())], onEnded: { op in ended.update { $0.append(op) } }),
      at: CGPoint(x: 5, y: 5))
    let final = surface.end(at: CGPoint(x: 5, y: 5))
    #expect(!surface.isDragging)
    #expect(ended.value.count == 1, "the source hears once")
    if call == "perform" {
      #expect(final == .cancel || final == .copy)
    } else {
      #expect(final == .cancel)
      #expect(ended.value == [.cancel])
    }
    #expect(log.value.filter { $0 == call }.count == 1)
  }
}

/// What a desktop host (XDND) needs of the surface: when a drop's loads are done, and where the
/// pointer can move without changing the answer.
@Suite("Drop surface: for desktop hosts")
@MainActor
struct DropSurfaceHostTests {
  /// A provider whose PNG load completes only when `release` is signalled (or, so that a
  /// failed test ends, after ten minutes: a test's sleep on a busy main actor can last far
  /// longer than asked, and the load must not complete on its own meanwhile).
  static func slowProvider(release: Waiter<Void>) -> ItemProvider {
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .png) { completion in
      Thread.detachNewThread {
        _ = release.wait(seconds: 600)
        completion(Data("png".utf8), nil)
      }
      return nil
    }
    return provider
  }

  @Test func settledWaitsForTheLoadsPerformDropStarted() async {
    let release = Waiter<Void>()
    let settled = Box<[DropOperation]>([])
    let log = Box<[String]>([])
    let loaded = Box<Int>(0)
    var delegate = RecordingDelegate(name: "a", log: log)
    delegate.onPerform = { info in
      info.itemProviders(for: [.png]).first?.loadDataRepresentation(for: .png) { data, _ in
        if data != nil { loaded.update { $0 += 1 } }
      }
    }
    let surface = oneTargetSurface(delegate)
    var session = DragSession(items: [Self.slowProvider(release: release)])
    session.whenSettled = { operation, _ in settled.update { $0.append(operation) } }
    surface.begin(session, at: CGPoint(x: 50, y: 50))
    #expect(surface.end(at: CGPoint(x: 50, y: 50)) == .copy)
    try? await Task.sleep(nanoseconds: 100_000_000)
    #expect(settled.value == [], "the load performDrop started is still running")
    release.deliver(())
    let deadline = Date(timeIntervalSinceNow: 60)
    while settled.value.isEmpty && Date() < deadline { try? await Task.sleep(nanoseconds: 10_000_000) }
    #expect(settled.value == [.copy])
    #expect(loaded.value == 1, "settled after the load delivered")
  }

  @Test func aDragWithoutLoadsSettlesWhenItEnds() {
    let settled = Box<[DropOperation]>([])
    let log = Box<[String]>([])
    let surface = oneTargetSurface(RecordingDelegate(name: "a", log: log))
    var cancelled = DragSession(items: [DropSurfaceTests.pngItem()])
    cancelled.whenSettled = { operation, _ in settled.update { $0.append(operation) } }
    surface.begin(cancelled, at: CGPoint(x: 50, y: 50))
    #expect(settled.value == [], "not while the drag runs")
    surface.cancel()
    #expect(settled.value == [.cancel])
    var dropped = DragSession(items: [DropSurfaceTests.pngItem()])
    dropped.whenSettled = { operation, _ in settled.update { $0.append(operation) } }
    surface.begin(dropped, at: CGPoint(x: 50, y: 50))
    surface.end(at: CGPoint(x: 50, y: 50))
    #expect(settled.value == [.cancel, .copy])
  }

  @Test func theQuietRectangleAvoidsEveryAcceptingTarget() {
    let log = Box<[String]>([])
    let surface = DropSurface()
    surface.addTarget(
      DropTarget(
        frame: CGRect(x: 100, y: 100, width: 100, height: 100), of: [.image],
        delegate: RecordingDelegate(name: "a", log: log)))
    surface.addTarget(
      DropTarget(
        frame: CGRect(x: 300, y: 0, width: 50, height: 400), of: [.image],
        delegate: RecordingDelegate(name: "b", log: log)))
    surface.addTarget(
      DropTarget(
        frame: CGRect(x: 0, y: 0, width: 50, height: 50), of: [.plainText],
        delegate: RecordingDelegate(name: "text", log: log)))
    let bounds = CGRect(x: 0, y: 0, width: 400, height: 400)
    #expect(surface.quietRectangle(around: CGPoint(x: 20, y: 20), within: bounds) == nil, "no drag")
    surface.begin(DragSession(items: [DropSurfaceTests.pngItem()]), at: CGPoint(x: 20, y: 20))
    // Left of target a, which keeps the most area; b is beyond it. The text target takes no PNG.
    #expect(
      surface.quietRectangle(around: CGPoint(x: 20, y: 20), within: bounds)
        == CGRect(x: 0, y: 0, width: 100, height: 400))
    // Between a and b: a cut off on its right, b on its left.
    #expect(
      surface.quietRectangle(around: CGPoint(x: 250, y: 150), within: bounds)
        == CGRect(x: 200, y: 0, width: 100, height: 400))
    #expect(surface.quietRectangle(around: CGPoint(x: 150, y: 150), within: bounds) == nil, "over a target")
    #expect(surface.quietRectangle(around: CGPoint(x: 500, y: 150), within: bounds) == nil, "outside the bounds")
    for point in [CGPoint(x: 20, y: 20), CGPoint(x: 250, y: 150), CGPoint(x: 150, y: 350)] {
      let quiet = surface.quietRectangle(around: point, within: bounds)!
      #expect(quiet.contains(point))
      for frame in [CGRect(x: 100, y: 100, width: 100, height: 100), CGRect(x: 300, y: 0, width: 50, height: 400)] {
        #expect(quiet.intersection(frame).isEmpty, "\(quiet) overlaps \(frame)")
      }
    }
  }
}
