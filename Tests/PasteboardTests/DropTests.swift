import Foundation
import Testing
import TypeRegistry
import UTIPlatform

@testable import Pasteboard

/// A delegate that records every call as "name:method" and answers as configured.
struct RecordingDelegate: DropDelegate {
  let name: String
  let log: Box<[String]>
  var accepts = true
  var proposals: Box<[DropProposal?]> = Box([])
  var performs = true
  var onPerform: ((DropInfo) -> Void)?

  func validateDrop(info: DropInfo) -> Bool {
    log.update { $0.append("\(name):validate") }
    return accepts
  }
  func dropEntered(info: DropInfo) { log.update { $0.append("\(name):enter") } }
  func dropUpdated(info: DropInfo) -> DropProposal? {
    log.update { $0.append("\(name):update") }
    var next: DropProposal?? = nil
    proposals.update { queue in if !queue.isEmpty { next = queue.removeFirst() } }
    return next ?? nil
  }
  func dropExited(info: DropInfo) { log.update { $0.append("\(name):exit") } }
  func performDrop(info: DropInfo) -> Bool {
    log.update { $0.append("\(name):perform") }
    onPerform?(info)
    return performs
  }
}

/// A surface with one 100-point square target for images at the origin.
@MainActor
func oneTargetSurface(_ delegate: any DropDelegate) -> DropSurface {
  let surface = DropSurface()
  surface.addTarget(DropTarget(frame: CGRect(x: 0, y: 0, width: 100, height: 100), of: [.image], delegate: delegate))
  return surface
}

/// A delegate that relies on every default but `performDrop`.
struct MinimalDelegate: DropDelegate {
  let performed: Box<Int>
  func performDrop(info: DropInfo) -> Bool {
    performed.update { $0 += 1 }
    return true
  }
}

@Suite("Drop negotiation: the state machine")
@MainActor
struct DropNegotiationTests {
  typealias Machine = DropNegotiation<String>

  @Test func enterUpdateAndPerform() {
    var machine = Machine(allowedOperations: [.copy, .move])
    machine.begin()
    #expect(machine.moved(over: nil) == [])
    #expect(machine.moved(over: "a") == [.validate("a")])
    #expect(machine.validated(true) == [.enter("a"), .update("a")])
    #expect(machine.updated(nil) == .copy)
    #expect(machine.moved(over: "a") == [.update("a")])
    #expect(machine.updated(DropProposal(operation: .move)) == .move)
    #expect(machine.released() == [.perform("a", .move)])
    #expect(machine.performed(true) == [.finish(.move)])
    #expect(machine.state == .finished(.move))
  }

  @Test func movingBetweenTargetsExitsThenValidates() {
    var machine = Machine(allowedOperations: [.copy])
    machine.begin()
    _ = machine.moved(over: "a")
    _ = machine.validated(true)
    _ = machine.updated(nil)
    #expect(machine.moved(over: "b") == [.exit("a"), .validate("b")])
    #expect(machine.validated(false) == [])
    #expect(machine.operation == .cancel)
    #expect(machine.moved(over: "b") == [], "a declined target is not asked again while the drag stays")
    #expect(machine.moved(over: nil) == [])
    #expect(machine.moved(over: "b") == [.validate("b")], "re-entering asks again")
  }

  @Test func aNilProposalKeepsTheLastValidOne() {
    var machine = Machine(allowedOperations: [.copy, .move])
    machine.begin()
    _ = machine.moved(over: "a")
    _ = machine.validated(true)
    #expect(machine.updated(DropProposal(operation: .move)) == .move)
    #expect(machine.updated(nil) == .move)
    #expect(machine.updated(DropProposal(operation: .forbidden)) == .forbidden)
    #expect(machine.updated(nil) == .forbidden)
  }

  @Test(
    arguments: [
      (DropOperation.copy, Set<DropOperation>([.copy]), DropOperation.copy),
      // An operation the source does not allow is treated as a cancel (UIKit's rule for a `.move`
      // the session does not allow).
      (.copy, [.move], .cancel), (.move, [.copy], .cancel), (.move, [.move], .move),
      (.move, [.copy, .move], .move),
      (.cancel, [.copy, .move], .cancel), (.forbidden, [.copy, .move], .forbidden), (.copy, [], .cancel),
    ] as [(DropOperation, Set<DropOperation>, DropOperation)])
  func eachOperationAgainstEachSourceMask(proposed: DropOperation, allowed: Set<DropOperation>, expected: DropOperation)
  {
    var machine = Machine(allowedOperations: allowed)
    machine.begin()
    _ = machine.moved(over: "a")
    _ = machine.validated(true)
    #expect(machine.updated(DropProposal(operation: proposed)) == expected)
    let released = machine.released()
    if expected == .copy || expected == .move {
      #expect(released == [.perform("a", expected)])
    } else {
      #expect(released == [.exit("a"), .finish(.cancel)])
    }
  }

  @Test func aDisallowedProposalDoesNotBecomeTheLastValidOne() {
    var machine = Machine(allowedOperations: [.copy])
    machine.begin()
    _ = machine.moved(over: "a")
    _ = machine.validated(true)
    #expect(machine.updated(DropProposal(operation: .copy)) == .copy)
    #expect(machine.updated(DropProposal(operation: .move)) == .cancel)
    #expect(machine.updated(nil) == .copy)
  }

  @Test func cancelAtEachStage() {
    var idle = Machine(allowedOperations: [.copy])
    #expect(idle.cancelled() == [])
    var outside = Machine(allowedOperations: [.copy])
    outside.begin()
    #expect(outside.cancelled() == [.finish(.cancel)])
    var rejected = Machine(allowedOperations: [.copy])
    rejected.begin()
    _ = rejected.moved(over: "a")
    _ = rejected.validated(false)
    #expect(rejected.cancelled() == [.finish(.cancel)])
    var inside = Machine(allowedOperations: [.copy])
    inside.begin()
    _ = inside.moved(over: "a")
    _ = inside.validated(true)
    #expect(inside.cancelled() == [.exit("a"), .finish(.cancel)])
    #expect(inside.cancelled() == [], "a finished drag ignores further events")
    #expect(inside.moved(over: "a") == [])
    var performing = Machine(allowedOperations: [.copy])
    performing.begin()
    _ = performing.moved(over: "a")
    _ = performing.validated(true)
    _ = performing.released()
    #expect(performing.cancelled() == [], "too late once the drop is being performed")
    #expect(performing.performed(false) == [.finish(.cancel)])
  }

  @Test func releaseOutsideAnyTargetCancels() {
    var machine = Machine(allowedOperations: [.copy])
    machine.begin()
    #expect(machine.released() == [.finish(.cancel)])
  }
}

@Suite("Drop surface: the lifecycle")
@MainActor
struct DropSurfaceTests {
  static let pngItem: @Sendable () -> ItemProvider = { dataProvider(.png, Data("png".utf8)) }

  @Test func theFullLifecycleInOrder() {
    let log = Box<[String]>([])
    let surface = oneTargetSurface(RecordingDelegate(name: "a", log: log))
    let ended = Box<[DropOperation]>([])
    surface.begin(
      DragSession(items: [Self.pngItem()], onEnded: { operation in ended.update { $0.append(operation) } }),
      at: CGPoint(x: 200, y: 200))
    #expect(log.value == [])
    #expect(surface.move(to: CGPoint(x: 50, y: 50)) == .copy)
    #expect(log.value == ["a:validate", "a:enter", "a:update"])
    surface.move(to: CGPoint(x: 60, y: 50))
    surface.move(to: CGPoint(x: 70, y: 50))
    #expect(log.value == ["a:validate", "a:enter", "a:update", "a:update", "a:update"])
    #expect(surface.enteredTarget?.description == "target 0", "the one target, entered")
    #expect(surface.end(at: CGPoint(x: 70, y: 50)) == .copy)
    #expect(log.value.suffix(2) == ["a:update", "a:perform"])
    #expect(ended.value == [.copy])
    #expect(!surface.isDragging)
  }

  @Test func enteringAndLeavingRepeatedly() {
    let log = Box<[String]>([])
    let surface = DropSurface()
    surface.addTarget(
      DropTarget(
        frame: CGRect(x: 0, y: 0, width: 10, height: 10), of: [.data], delegate: RecordingDelegate(name: "a", log: log))
    )
    surface.begin(DragSession(items: [Self.pngItem()]), at: CGPoint(x: 50, y: 50))
    for _ in 0..<3 {
      surface.move(to: CGPoint(x: 5, y: 5))
      surface.move(to: CGPoint(x: 50, y: 5))
    }
    #expect(
      log.value == Array(repeating: ["a:validate", "a:enter", "a:update", "a:exit"], count: 3).flatMap { $0 })
    #expect(surface.currentOperation == .cancel)
    #expect(surface.end(at: CGPoint(x: 50, y: 5)) == .cancel)
    #expect(log.value.count == 12, "no call for a release outside")
  }

  @Test func overlappingTargetsGoToTheTopmostThatAccepts() {
    let log = Box<[String]>([])
    let surface = DropSurface()
    let frame = CGRect(x: 0, y: 0, width: 100, height: 100)
    surface.addTarget(
      DropTarget(frame: frame, of: [.image], zIndex: 1, delegate: RecordingDelegate(name: "high", log: log)))
    surface.addTarget(DropTarget(frame: frame, of: [.image], delegate: RecordingDelegate(name: "low-later", log: log)))
    surface.addTarget(
      DropTarget(frame: frame, of: [.movie], zIndex: 5, delegate: RecordingDelegate(name: "movies", log: log)))
    let highLater = surface.addTarget(
      DropTarget(frame: frame, of: [.image], zIndex: 1, delegate: RecordingDelegate(name: "high-later", log: log)))
    surface.begin(DragSession(items: [Self.pngItem()]), at: CGPoint(x: 50, y: 50))
    #expect(log.value.first == "high-later:validate", "movies accepts no item; of equal z, the later added is on top")
    surface.setFrame(.zero, of: highLater)
    surface.move(to: CGPoint(x: 40, y: 40))
    #expect(log.value.suffix(4) == ["high-later:exit", "high:validate", "high:enter", "high:update"])
    surface.cancel()
    #expect(log.value.last == "high:exit")
  }

  @Test func aDecliningTargetIsNotEnteredAndNothingFallsThrough() {
    let log = Box<[String]>([])
    let surface = DropSurface()
    let frame = CGRect(x: 0, y: 0, width: 100, height: 100)
    surface.addTarget(DropTarget(frame: frame, of: [.image], delegate: RecordingDelegate(name: "below", log: log)))
    surface.addTarget(
      DropTarget(
        frame: frame, of: [.image], zIndex: 1, delegate: RecordingDelegate(name: "top", log: log, accepts: false)))
    surface.begin(DragSession(items: [Self.pngItem()]), at: CGPoint(x: 50, y: 50))
    surface.move(to: CGPoint(x: 51, y: 50))
    #expect(log.value == ["top:validate"])
    #expect(surface.end(at: CGPoint(x: 51, y: 50)) == .cancel)
    #expect(log.value == ["top:validate"])
  }

  @Test func cancelAtEachStageTellsTheSource() {
    for stage in 0..<3 {
      let log = Box<[String]>([])
      let ended = Box<[DropOperation]>([])
      let surface = oneTargetSurface(RecordingDelegate(name: "a", log: log, accepts: stage != 1))
      surface.begin(
        DragSession(items: [Self.pngItem()], onEnded: { operation in ended.update { $0.append(operation) } }),
        at: CGPoint(x: 500, y: 500))
      if stage >= 1 { surface.move(to: CGPoint(x: 10, y: 10)) }
      surface.cancel()
      #expect(ended.value == [.cancel])
      switch stage {
      case 0: #expect(log.value == [])
      case 1: #expect(log.value == ["a:validate"])
      default: #expect(log.value == ["a:validate", "a:enter", "a:update", "a:exit"])
      }
    }
  }

  @Test func aRefusedPerformIsACancel() {
    let log = Box<[String]>([])
    let ended = Box<[DropOperation]>([])
    let surface = oneTargetSurface(RecordingDelegate(name: "a", log: log, performs: false))
    surface.begin(DragSession(items: [Self.pngItem()], onEnded: { op in ended.update { $0.append(op) } }), at: .zero)
    #expect(surface.end(at: CGPoint(x: 5, y: 5)) == .cancel)
    #expect(ended.value == [.cancel])
    #expect(log.value.last == "a:perform")
  }

  @Test func theSourceLearnsAMove() {
    let log = Box<[String]>([])
    let ended = Box<[DropOperation]>([])
    let surface = DropSurface()
    let proposals = Box<[DropProposal?]>([DropProposal(operation: .move)])
    surface.addTarget(
      DropTarget(
        frame: CGRect(x: 0, y: 0, width: 100, height: 100), of: [.image],
        delegate: RecordingDelegate(name: "a", log: log, proposals: proposals)))
    surface.begin(
      DragSession(
        items: [Self.pngItem()], allowedOperations: [.copy, .move], onEnded: { op in ended.update { $0.append(op) } }),
      at: CGPoint(x: 5, y: 5))
    #expect(surface.currentOperation == .move)
    #expect(surface.end(at: CGPoint(x: 6, y: 6)) == .move, "a nil proposal keeps the move")
    #expect(ended.value == [.move])
  }

  @Test func theDefaultsOfAMinimalDelegate() {
    let performed = Box(0)
    let surface = oneTargetSurface(MinimalDelegate(performed: performed))
    surface.begin(DragSession(items: [Self.pngItem()], allowedOperations: [.copy]), at: CGPoint(x: 5, y: 5))
    #expect(surface.currentOperation == .copy, "validateDrop defaults to true, dropUpdated to nil (copy)")
    #expect(surface.end(at: CGPoint(x: 5, y: 5)) == .copy)
    #expect(performed.value == 1)
  }

  @Test func aTargetRemovedUnderTheDragIsExited() {
    let log = Box<[String]>([])
    let surface = DropSurface()
    let id = surface.addTarget(
      DropTarget(
        frame: CGRect(x: 0, y: 0, width: 100, height: 100), of: [.image],
        delegate: RecordingDelegate(name: "a", log: log)))
    surface.begin(DragSession(items: [Self.pngItem()]), at: CGPoint(x: 5, y: 5))
    surface.removeTarget(id)
    #expect(log.value.last == "a:exit")
    #expect(surface.end(at: CGPoint(x: 5, y: 5)) == .cancel)
  }
}

@Suite("Drop surface: protected data, filtering and the application boundary")
@MainActor
struct DropDataTests {
  @Test func payloadsOpenOnlyAtThePerform() async throws {
    let early = Signal<String>()
    let loaded = Signal<Data?>()
    struct Delegate: DropDelegate {
      let early: Signal<String>
      let loaded: Signal<Data?>
      func dropEntered(info: DropInfo) {
        #expect(info.hasItemsConforming(to: [.image]), "types are visible before the drop")
        info.itemProviders(for: [.image]).first?.loadDataRepresentation(for: .png) { data, error in
          early.deliver(
            error.map { "\(($0 as? ItemProviderError)?.code.rawValue ?? 0) \($0)" } ?? "loaded \(data!.count)")
        }
      }
      func performDrop(info: DropInfo) -> Bool {
        info.itemProviders(for: [.image]).first?.loadDataRepresentation(for: .png) { data, _ in loaded.deliver(data) }
        return true
      }
    }
    let surface = oneTargetSurface(Delegate(early: early, loaded: loaded))
    surface.begin(DragSession(items: [dataProvider(.png, Data("png".utf8))]), at: CGPoint(x: 5, y: 5))
    #expect(
      await early.value
        == "-1000 cannot load public.png: a drop's payload can be loaded only from within performDrop(info:); check the types with hasItemsConforming(to:) before then"
    )
    #expect(surface.end(at: CGPoint(x: 5, y: 5)) == .copy)
    #expect(await loaded.value == Data("png".utf8), "the load started in performDrop finishes later")
  }

  @Test func itemProvidersForReturnsOnlyConformingItems() {
    let seen = Box<[[String]]>([])
    struct Delegate: DropDelegate {
      let seen: Box<[[String]]>
      func performDrop(info: DropInfo) -> Bool {
        seen.value =
          info.itemProviders(for: [.image]).map(\.registeredTypeIdentifiers)
          + info.itemProviders(for: ["public.plain-text"]).map(\.registeredTypeIdentifiers)
        #expect(info.hasItemsConforming(to: ["public.text"]))
        #expect(!info.hasItemsConforming(to: [.movie]))
        return true
      }
    }
    let surface = DropSurface()
    surface.addTarget(
      DropTarget(frame: CGRect(x: 0, y: 0, width: 10, height: 10), of: [.image], delegate: Delegate(seen: seen)))
    let items = [
      ItemProvider(object: "caption" as NSString), dataProvider(.png, Data()), dataProvider(.pdf, Data()),
      dataProvider(.jpeg, Data()),
    ]
    surface.begin(DragSession(items: items), at: CGPoint(x: 1, y: 1))
    surface.end(at: CGPoint(x: 1, y: 1))
    #expect(seen.value == [["public.png"], ["public.jpeg"], ["public.utf8-plain-text"]])
  }

  @Test func acrossTheApplicationBoundaryOwnProcessRepresentationsAreInvisible() {
    let seen = Box<[String]>([])
    struct Delegate: DropDelegate {
      let seen: Box<[String]>
      func dropEntered(info: DropInfo) {
        seen.value = info.itemProviders(for: [.data]).flatMap(\.registeredTypeIdentifiers)
      }
      func performDrop(info: DropInfo) -> Bool { true }
    }
    func provider() -> ItemProvider {
      let provider = dataProvider(.png, Data(), visibility: .ownProcess)
      provider.registerObject("caption", visibility: .all)
      return provider
    }
    let surface = DropSurface()
    surface.addTarget(
      DropTarget(frame: CGRect(x: 0, y: 0, width: 10, height: 10), of: [.data], delegate: Delegate(seen: seen)))
    surface.begin(DragSession(items: [provider()]), at: CGPoint(x: 1, y: 1))
    surface.cancel()
    #expect(seen.value == ["public.png", "public.utf8-plain-text"])
    surface.begin(DragSession.crossingApplicationBoundary(items: [provider()]), at: CGPoint(x: 1, y: 1))
    surface.cancel()
    #expect(seen.value == ["public.utf8-plain-text"])
    // A target for images only does not accept the drag at all once the PNG is invisible.
    let images = DropSurface()
    let log = Box<[String]>([])
    images.addTarget(
      DropTarget(
        frame: CGRect(x: 0, y: 0, width: 10, height: 10), of: [.image], delegate: RecordingDelegate(name: "i", log: log)
      ))
    images.begin(DragSession.crossingApplicationBoundary(items: [provider()]), at: CGPoint(x: 1, y: 1))
    #expect(images.end(at: CGPoint(x: 1, y: 1)) == .cancel)
    #expect(log.value == [])
  }
}
