import Foundation
import TypeRegistry

/// A region that takes drops: a frame, the types it accepts, its delegate, and its place in the
/// stacking order. Apple's counterpart: a view with SwiftUI's `onDrop(of:delegate:)`.
public struct DropTarget {
  /// Where the target is, in the surface's coordinates.
  public var frame: CGRect
  /// The types it accepts: a drag is offered only if an item conforms to one of them.
  public var types: [UTType]
  /// Where it stacks: of overlapping targets, the highest takes the drag (the later added, on a tie).
  public var zIndex: Double
  /// The delegate that negotiates.
  public var delegate: any DropDelegate

  /// A target at `frame` (surface coordinates) accepting `types`, stacked at `zIndex`, negotiating through `delegate`.
  ///
  /// - Parameters:
  ///   - frame: The target's frame, in surface coordinates.
  ///   - types: The types it accepts.
  ///   - zIndex: Its place in the stack; the highest target under the pointer gets the drag.
  ///   - delegate: The delegate that validates, follows and performs the drop.
  public init(frame: CGRect, of types: [UTType], zIndex: Double = 0, delegate: any DropDelegate) {
    self.frame = frame
    self.types = types
    self.zIndex = zIndex
    self.delegate = delegate
  }
}

/// A headless drop surface: drop targets, and the drag that moves over them, driven by the
/// host's pointer events.
///
/// Hand it a ``DragSession`` with ``begin(_:at:)``, then ``move(to:)`` on every pointer move and
/// ``end(at:)`` on release (or ``cancel()``): it finds the target under the pointer and runs its
/// ``DropDelegate`` through SwiftUI's lifecycle, and tells the source the final operation.
///
/// ```swift
/// let surface = DropSurface()
/// surface.addTarget(DropTarget(frame: editorFrame, of: [.image], delegate: ImageDrop(bug: bug)))
/// surface.begin(DragSession(items: [imageProvider]), at: CGPoint(x: 5, y: 5))
/// surface.move(to: CGPoint(x: 200, y: 300))        // validateDrop, dropEntered, dropUpdated
/// surface.end(at: CGPoint(x: 200, y: 300))         // performDrop → .copy
/// ```
///
/// Which target takes the drag: the topmost (by ``DropTarget/zIndex``, then the later added)
/// whose frame contains the pointer and which accepts an item's type; targets that accept none
/// are passed over, like views without a matching `onDrop`. A target whose `validateDrop`
/// declines is not entered, and the drag does not fall through to targets below it.
///
/// Payloads are protected, as SwiftUI protects them: the items' types are visible throughout,
/// but a load succeeds only if it starts inside `performDrop` (it may finish later, however
/// long it takes); one started before fails as protected, one started after `performDrop`
/// returned (a stored provider, a task that loads late) fails with
/// ``ItemProvider/ErrorCode/itemUnavailableError`` saying the drop is over.
///
/// Main-actor isolated, as its delegates are: drive it from the main actor (a UI toolkit's event
/// loop, a `@MainActor` test), where every call runs synchronously.
///
/// Our own type: on Apple platforms the system plays this role.
@MainActor
public final class DropSurface {
  /// A target's handle, as ``addTarget(_:)`` returns it: valid for this surface only, and
  /// never reused for another target after ``removeTarget(_:)``.
  public struct TargetID: Hashable, Sendable, CustomStringConvertible {
    /// The target's place in the surface's list.
    let index: Int

    /// `target N`, N counting from 0 in the order targets were added.
    public var description: String { "target \(index)" }
  }

  private var targets: [DropTarget?] = []
  /// The targets' frames as their edges, apart, so the hit test and the quiet rectangle read
  /// numbers and nothing else.
  private var boxes: [Box] = []
  /// Target ids, front to back.
  private var stacking: [Int] = []
  private var drag: ActiveDrag?

  private struct ActiveDrag {
    var session: DragSession
    var items: DragItems
    var accepts: [Bool]
    var negotiation: DropNegotiation<Int>
    var location: CGPoint
    /// Tells this drag from a later one that a delegate began from inside a call.
    let generation: Int
  }

  private var generations = 0

  /// A surface with no targets.
  public init() {}

  /// Adds a target; returns its id.
  ///
  /// - Parameter target: The target.
  /// - Returns: The id that names it in ``removeTarget(_:)`` and ``setFrame(_:of:)``.
  @discardableResult
  public func addTarget(_ target: DropTarget) -> TargetID {
    let id = targets.count
    targets.append(target)
    boxes.append(Box(target.frame))
    if let items = drag?.items { drag!.accepts.append(items.hasItems(conformingTo: target.types)) }
    restack()
    return TargetID(index: id)
  }

  /// Removes a target (as a view leaves the screen). A drag inside it leaves it first.
  ///
  /// - Parameter target: The id ``addTarget(_:)`` returned; an unknown id is ignored.
  public func removeTarget(_ target: TargetID) {
    let id = target.index
    guard targets.indices.contains(id), targets[id] != nil else { return }
    boxes[id] = Box(.null)
    if drag?.negotiation.enteredTarget == id, let location = drag?.location { move(to: location) }
    targets[id] = nil
    restack()
  }

  /// Moves target `id` to `frame`; takes effect at the next pointer move.
  ///
  /// - Parameters:
  ///   - frame: The new frame, in surface coordinates.
  ///   - target: The id ``addTarget(_:)`` returned; an unknown id is ignored.
  public func setFrame(_ frame: CGRect, of target: TargetID) {
    let id = target.index
    guard targets.indices.contains(id), targets[id] != nil else { return }
    targets[id]!.frame = frame
    boxes[id] = Box(frame)
  }

  /// The frame of target `id`.
  ///
  /// - Parameter target: The id ``addTarget(_:)`` returned.
  /// - Returns: The target's frame, or nil for an unknown id.
  public func frame(of target: TargetID) -> CGRect? {
    targets.indices.contains(target.index) ? targets[target.index]?.frame : nil
  }

  /// The target the drag is inside (entered and not yet exited), if any.
  public var enteredTarget: TargetID? { drag?.negotiation.enteredTarget.map(TargetID.init(index:)) }

  /// The operation the drag would have if released now.
  public var currentOperation: DropOperation { drag?.negotiation.operation ?? .cancel }

  /// Whether a drag is in progress.
  public var isDragging: Bool { drag != nil }

  /// Where the drag is, in the surface's coordinates; nil when no drag is in progress.
  ///
  /// Delegates see the location in their target's own coordinates (``DropInfo/location``); a
  /// host that needs surface coordinates reads them here.
  public var dragLocation: CGPoint? { drag?.location }

  /// Starts `session` at `location`. A drag still in progress is cancelled first (its target
  /// gets `dropExited`, its source `.cancel`): there is one pointer.
  ///
  /// - Parameters:
  ///   - session: The drag.
  ///   - location: The pointer's location, in surface coordinates.
  public func begin(_ session: DragSession, at location: CGPoint) {
    cancel()
    draggingOperation = nil
    let items = DragItems(session.items, reader: session.destination, gate: LoadGate())
    var negotiation = DropNegotiation<Int>(allowedOperations: session.operationsForDestination)
    negotiation.begin()
    generations += 1
    drag = ActiveDrag(
      session: session, items: items,
      accepts: targets.map { $0.map { items.hasItems(conformingTo: $0.types) } ?? false },
      negotiation: negotiation, location: location, generation: generations)
    move(to: location)
  }

  /// The pointer moved to `location`; returns the operation the drag now has.
  ///
  /// - Complexity: O(*n*) in the number of targets (the hit test), plus the delegate's calls.
  /// - Parameter location: The pointer's location, in surface coordinates.
  /// - Returns: The operation the target under the pointer agreed to; `.cancel` when no drag is running.
  @discardableResult
  public func move(to location: CGPoint) -> DropOperation {
    guard drag != nil else { return .cancel }
    drag!.location = location
    let target = hitTest(location)
    run { $0.moved(over: target) }
    return currentOperation
  }

  /// The pointer moved to `location`, the source now allowing `operations` (a desktop drag's
  /// source follows the modifier keys); returns the operation the drag now has: a proposal the
  /// source no longer allows is treated as `.cancel`, as at the start.
  @discardableResult
  package func move(to location: CGPoint, allowing operations: Set<DropOperation>, mask: NSDragOperation? = nil)
    -> DropOperation
  {
    guard drag != nil else { return .cancel }
    drag!.negotiation.allowed = operations
    drag!.session.operationMask = mask
    return move(to: location)
  }

  /// What the AppKit destination under the pointer answered last, as AppKit names it (a link,
  /// a private operation, which the engine carries as a copy); nil over any other target.
  package private(set) var draggingOperation: NSDragOperation?

  /// Notes what target `id`'s delegate answered, where it is an AppKit destination.
  private func noteOperation(of id: Int?) {
    draggingOperation = id.flatMap { (targets[$0]?.delegate as? any DraggingOperationReporting)?.draggingOperation }
  }

  /// The pointer was released at `location`: performs the drop if the target agreed to a copy
  /// or move; returns the final operation, which the source also gets.
  ///
  /// - Parameter location: The pointer's location, in surface coordinates.
  /// - Returns: The operation performed, or `.cancel` when nothing took the drop.
  @discardableResult
  public func end(at location: CGPoint) -> DropOperation {
    guard drag != nil else { return .cancel }
    move(to: location)
    return run { $0.released() } ?? .cancel
  }

  /// The host cancelled the drag: the target it is inside gets `dropExited`; the source gets `.cancel`.
  public func cancel() {
    run { $0.cancelled() }
  }

  /// A rectangle around `location`, inside `bounds`, that no target accepting the drag reaches
  /// into: while the pointer stays in it, the drag's answer stays what it is (over no target).
  /// Nil when a target is under the pointer (there every move goes to its delegate), or no drag
  /// is in progress. Each target in the way is cut off on the side that keeps the most area.
  ///
  /// XDND's `XdndStatus` carries this rectangle, so that a source sends no positions inside it.
  /// - Complexity: O(*n*) in the number of targets.
  package func quietRectangle(around location: CGPoint, within bounds: CGRect) -> CGRect? {
    guard let accepts = drag?.accepts, hitTest(location) == nil, bounds.contains(location) else { return nil }
    let (x, y) = (Double(location.x), Double(location.y))
    var quiet = Box(bounds)
    for id in stacking where accepts[id] {
      let frame = boxes[id]
      guard frame.overlaps(quiet) else { continue }
      // The four ways to cut the frame off, keeping the pointer's side; the largest wins.
      var best: Box?
      var bestArea = -1.0
      func consider(_ candidate: Box) {
        if candidate.area > bestArea { (best, bestArea) = (candidate, candidate.area) }
      }
      if frame.minX > x { consider(Box(quiet.minX, quiet.minY, frame.minX, quiet.maxY)) }
      if frame.maxX <= x { consider(Box(frame.maxX, quiet.minY, quiet.maxX, quiet.maxY)) }
      if frame.minY > y { consider(Box(quiet.minX, quiet.minY, quiet.maxX, frame.minY)) }
      if frame.maxY <= y { consider(Box(quiet.minX, frame.maxY, quiet.maxX, quiet.maxY)) }
      guard let best else { return nil }
      quiet = best
    }
    return CGRect(x: quiet.minX, y: quiet.minY, width: quiet.maxX - quiet.minX, height: quiet.maxY - quiet.minY)
  }

  /// The accepting target under `location`, front to back.
  func hitTest(_ location: CGPoint) -> Int? {
    guard let accepts = drag?.accepts else { return nil }
    let (x, y) = (Double(location.x), Double(location.y))
    for id in stacking where accepts[id] && boxes[id].contains(x, y) { return id }
    return nil
  }

  /// Feeds `event` to the negotiation and performs the actions it returns, and those they lead
  /// to; returns the final operation if the drag ended.
  ///
  /// A delegate may call back into the surface (cancel the drag, begin another): the actions
  /// left for this drag are then dropped.
  @discardableResult
  private func run(_ event: (inout DropNegotiation<Int>) -> [DropNegotiation<Int>.Action]) -> DropOperation? {
    guard let generation = drag?.generation else { return nil }
    var pending = event(&drag!.negotiation)[...]
    while let action = pending.popFirst() {
      guard let drag, drag.generation == generation else { return nil }
      /// What the delegate of target `id` sees: the location in the target's own coordinates.
      func info(_ id: Int) -> DropInfo {
        let origin = targets[id]?.frame.origin ?? .zero
        return DropInfo(
          location: CGPoint(x: drag.location.x - origin.x, y: drag.location.y - origin.y), items: drag.items,
          allowedOperations: drag.negotiation.allowed, sequenceNumber: drag.generation,
          operationMask: drag.session.operationMask)
      }
      /// Feeds an answer back, unless the delegate ended this drag meanwhile.
      func answer(_ event: (inout DropNegotiation<Int>) -> [DropNegotiation<Int>.Action]) {
        guard self.drag?.generation == generation else { return }
        pending = event(&self.drag!.negotiation)[...] + pending
      }
      switch action {
      case .validate(let id):
        let accepted = targets[id]?.delegate.validateDrop(info: info(id)) ?? false
        answer { $0.validated(accepted) }
      case .enter(let id):
        targets[id]?.delegate.dropEntered(info: info(id))
      case .update(let id):
        let proposal = targets[id]?.delegate.dropUpdated(info: info(id))
        noteOperation(of: id)
        answer { negotiation in
          _ = negotiation.updated(proposal)
          return []
        }
      case .exit(let id):
        draggingOperation = nil
        targets[id]?.delegate.dropExited(info: info(id))
      case .perform(let id, _):
        drag.items.gate.openGate()
        let accepted = targets[id]?.delegate.performDrop(info: info(id)) ?? false
        noteOperation(of: accepted ? id : nil)
        drag.items.gate.closeGate()
        answer { $0.performed(accepted) }
      case .finish(let operation):
        let onEnded = drag.session.onEnded
        let mask = draggingOperation
        if let settled = drag.session.whenSettled { drag.items.gate.whenSettled { settled(operation, mask) } }
        self.drag = nil
        onEnded?(operation)
        return operation
      }
    }
    return nil
  }

  private func restack() {
    stacking = Self.stackingOrder(targets.map { $0?.zIndex })
  }

  /// The indices of the targets there are (`zIndices`' non-nil entries), highest first, the
  /// later added first among equals. Outside the main actor: a comparator written in an
  /// isolated method has its isolation checked at every comparison.
  private nonisolated static func stackingOrder(_ zIndices: [Double?]) -> [Int] {
    zIndices.indices.filter { zIndices[$0] != nil }.sorted { a, b in
      let (za, zb) = (zIndices[a]!, zIndices[b]!)
      return za != zb ? za > zb : a > b
    }
  }
}

/// A rectangle as its edges, standardized once (Foundation's `CGRect` standardizes its edges on
/// every read): what the hit test and the quiet rectangle compare, target by target.
private struct Box {
  var minX: Double
  var minY: Double
  var maxX: Double
  var maxY: Double

  init(_ minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double) {
    (self.minX, self.minY, self.maxX, self.maxY) = (minX, minY, maxX, maxY)
  }

  /// `rect`'s edges; the null rectangle's contain and overlap nothing.
  init(_ rect: CGRect) {
    if rect.isNull {
      self.init(.infinity, .infinity, -.infinity, -.infinity)
    } else {
      self.init(Double(rect.minX), Double(rect.minY), Double(rect.maxX), Double(rect.maxY))
    }
  }

  var area: Double { (maxX - minX) * (maxY - minY) }

  /// Whether (`x`, `y`) is inside, as `CGRect.contains(_:)` says: the minimum edges belong to
  /// the rectangle, the maximum edges do not.
  func contains(_ x: Double, _ y: Double) -> Bool { x >= minX && x < maxX && y >= minY && y < maxY }

  /// Whether the two share an area, as a non-empty `CGRect.intersection(_:)` says.
  func overlaps(_ other: Box) -> Bool {
    max(minX, other.minX) < min(maxX, other.maxX) && max(minY, other.minY) < min(maxY, other.maxY)
  }
}
