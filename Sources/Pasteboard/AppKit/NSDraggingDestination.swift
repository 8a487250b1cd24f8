import Foundation
import TypeRegistry

/// The object that takes drags: told as a drag of a registered type enters, moves, leaves or
/// is dropped, in AppKit's order: ``draggingEntered(_:)`` → ``draggingUpdated(_:)`` on each move →
/// ``draggingExited(_:)`` when it leaves (or is released on no operation), or
/// ``prepareForDragOperation(_:)`` → ``performDragOperation(_:)`` → ``concludeDragOperation(_:)``
/// when it is released on an operation, then ``draggingEnded(_:)``.
///
/// ```swift
/// final class BookmarksBar: NSObject, NSDraggingDestination {
///   var bookmarks: [URL] = []
///   func draggingEntered(_ sender: any NSDraggingInfo) -> NSDragOperation {
///     sender.draggingSourceOperationMask.contains(.copy) ? .copy : .none
///   }
///   func performDragOperation(_ sender: any NSDraggingInfo) -> Bool {
///     let urls = sender.draggingPasteboard.readObjects(forClasses: [NSURL.self]) as? [URL] ?? []
///     bookmarks += urls
///     return !urls.isEmpty
///   }
/// }
/// ```
///
/// Every method is optional, as in AppKit: a destination that does not implement
/// ``draggingUpdated(_:)`` keeps the operation ``draggingEntered(_:)`` returned. Register one on
/// a ``DropSurface`` (a desktop window's too) with ``DropSurface/register(_:forDraggedTypes:in:)``.
/// Isolated to the main actor, as AppKit declares its methods. Apple's counterpart: AppKit's
/// `NSDraggingDestination`.
@MainActor @preconcurrency
public protocol NSDraggingDestination: NSObjectProtocol {
  /// A drag entered: the operation to show (one of the source's mask). The default is none.
  func draggingEntered(_ sender: any NSDraggingInfo) -> NSDragOperation
  /// The drag moved inside: the operation to show. The default is what ``draggingEntered(_:)``
  /// returned.
  func draggingUpdated(_ sender: any NSDraggingInfo) -> NSDragOperation
  /// The drag left, was cancelled, or was released on no operation. The default does nothing.
  func draggingExited(_ sender: (any NSDraggingInfo)?)
  /// The drag was released here: whether to go on to ``performDragOperation(_:)``. The default is true.
  func prepareForDragOperation(_ sender: any NSDraggingInfo) -> Bool
  /// Take the drop: read ``NSDraggingInfo/draggingPasteboard`` here. Returns whether the drop
  /// was taken; the default is false.
  func performDragOperation(_ sender: any NSDraggingInfo) -> Bool
  /// The drop was taken: update what shows it. The default does nothing.
  func concludeDragOperation(_ sender: (any NSDraggingInfo)?)
  /// The drag that was released here is over. The default does nothing.
  func draggingEnded(_ sender: any NSDraggingInfo)
  /// Whether ``draggingUpdated(_:)`` is called while the pointer rests. The default is true;
  /// the drop engine calls it on moves only.
  func wantsPeriodicDraggingUpdates() -> Bool
}

extension NSDraggingDestination {
  /// Takes no operation by default.
  ///
  /// - Parameter sender: The drag.
  /// - Returns: ``NSDragOperation/none``.
  public func draggingEntered(_ sender: any NSDraggingInfo) -> NSDragOperation { .none }
  /// Keeps what ``draggingEntered(_:)`` returned for this drag by default.
  ///
  /// - Parameter sender: The drag.
  /// - Returns: The operation of the drag's last entry.
  public func draggingUpdated(_ sender: any NSDraggingInfo) -> NSDragOperation {
    (sender as? DraggingInfo)?.enteredOperation ?? .none
  }
  /// Does nothing by default.
  ///
  /// - Parameter sender: The drag, or nil.
  public func draggingExited(_ sender: (any NSDraggingInfo)?) {}
  /// Goes on by default.
  ///
  /// - Parameter sender: The drag.
  /// - Returns: `true`.
  public func prepareForDragOperation(_ sender: any NSDraggingInfo) -> Bool { true }
  /// Takes nothing by default.
  ///
  /// - Parameter sender: The drag.
  /// - Returns: `false`.
  public func performDragOperation(_ sender: any NSDraggingInfo) -> Bool { false }
  /// Does nothing by default.
  ///
  /// - Parameter sender: The drag, or nil.
  public func concludeDragOperation(_ sender: (any NSDraggingInfo)?) {}
  /// Does nothing by default.
  ///
  /// - Parameter sender: The drag.
  public func draggingEnded(_ sender: any NSDraggingInfo) {}
  /// Periodic updates by default.
  ///
  /// - Returns: `true`.
  public func wantsPeriodicDraggingUpdates() -> Bool { true }
}

extension DropSurface {
  /// Registers `destination` for drags holding one of `types` (by conformance) over `frame`:
  /// AppKit's `registerForDraggedTypes(_:)` on a view of that frame. The destination's
  /// ``NSDraggingInfo`` gives locations in the frame's coordinates and a dragging pasteboard
  /// (``NSPasteboard/Name/drag``) holding the drag's items.
  ///
  /// - Parameters:
  ///   - destination: The destination.
  ///   - types: The types it takes.
  ///   - frame: Where it is, in the surface's coordinates.
  /// - Returns: The target's identifier, to move or remove it.
  @discardableResult
  public func register(
    _ destination: any NSDraggingDestination, forDraggedTypes types: [NSPasteboard.PasteboardType], in frame: CGRect
  ) -> TargetID {
    addTarget(
      DropTarget(frame: frame, of: types.map(\.contentType), delegate: DraggingDestinationDelegate(destination)))
  }
}

/// A delegate that answers with AppKit's operations, which say more than the engine's copy and
/// move: what the surface reports to a desktop backend (a link, a private operation).
@MainActor
protocol DraggingOperationReporting {
  /// What the delegate answered last, or performed at the drop.
  var draggingOperation: NSDragOperation? { get }
}

/// Drives an ``NSDraggingDestination`` from the drop engine's calls.
@MainActor
final class DraggingDestinationDelegate: DropDelegate, DraggingOperationReporting {
  let destination: any NSDraggingDestination
  /// The drag the destination is in, while it is.
  var info: DraggingInfo?
  /// What the destination answered last, or performed at the drop.
  private(set) var draggingOperation: NSDragOperation?

  init(_ destination: any NSDraggingDestination) { self.destination = destination }

  func dropEntered(info: DropInfo) {
    let current = draggingInfo(info)
    current.enteredOperation = destination.draggingEntered(current)
    current.operation = current.enteredOperation
    current.isFresh = true
  }

  func dropUpdated(info: DropInfo) -> DropProposal? {
    let current = draggingInfo(info)
    if current.isFresh {
      current.isFresh = false
    } else {
      current.operation = destination.draggingUpdated(current)
    }
    draggingOperation = current.operation
    return DropProposal(operation: current.operation.dropOperation)
  }

  func dropExited(info: DropInfo) {
    let current = draggingInfo(info)
    destination.draggingExited(current)
    self.info = nil
  }

  func performDrop(info: DropInfo) -> Bool {
    let current = draggingInfo(info)
    defer {
      destination.draggingEnded(current)
      self.info = nil
    }
    guard destination.prepareForDragOperation(current), destination.performDragOperation(current) else {
      return false
    }
    NSDraggingSession.active?.destinationOperation = current.operation
    destination.concludeDragOperation(current)
    return true
  }

  /// The info of the drag `info` describes: made (its items put on the drag pasteboard) when a
  /// new drag enters, updated with the location after.
  private func draggingInfo(_ info: DropInfo) -> DraggingInfo {
    // An AppKit drag of this process keeps its whole mask (link, generic, private), as does
    // another application's that said more than copy and move; the rest have the engine's.
    let engine = NSDragOperation(info.allowedOperations)
    let mask =
      NSDraggingSession.active?.withinApplicationMask(engine: engine)
      ?? info.operationMask.map { $0.subtracting([.copy, .move]).union($0.intersection(engine)) } ?? engine
    if let current = self.info, current.draggingSequenceNumber == info.sequenceNumber {
      current.draggingLocation = info.location
      current.draggingSourceOperationMask = mask
      return current
    }
    let pasteboard = NSPasteboard(name: .drag)
    pasteboard.board.setItemProviders(info.items.providers, localOnly: false, expirationDate: nil)
    let current = DraggingInfo(
      pasteboard: pasteboard, location: info.location, mask: mask,
      sequenceNumber: info.sequenceNumber, itemCount: info.items.providers.count)
    current.draggingSource = NSDraggingSession.active?.source
    self.info = current
    return current
  }
}

/// The ``NSDraggingInfo`` the drop engine gives a destination.
final class DraggingInfo: NSObject, NSDraggingInfo {
  let draggingPasteboard: NSPasteboard
  var draggingLocation: NSPoint
  var draggingSourceOperationMask: NSDragOperation
  var draggingSource: Any?
  let draggingSequenceNumber: Int
  var numberOfValidItemsForDrop: Int
  var animatesToDestination = false
  /// What the destination's `draggingEntered` returned, for the default `draggingUpdated`.
  var enteredOperation: NSDragOperation = .none
  /// The operation the destination last returned.
  var operation: NSDragOperation = .none
  /// Whether the drag just entered (the engine's first update is the entry's).
  var isFresh = false

  init(pasteboard: NSPasteboard, location: NSPoint, mask: NSDragOperation, sequenceNumber: Int, itemCount: Int) {
    draggingPasteboard = pasteboard
    draggingLocation = location
    draggingSourceOperationMask = mask
    draggingSequenceNumber = sequenceNumber
    numberOfValidItemsForDrop = itemCount
  }
}
