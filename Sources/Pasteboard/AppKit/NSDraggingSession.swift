import Foundation

/// The object that starts a drag: which operations it allows, and what became of the drag.
///
/// Isolated to the main actor, as AppKit declares its methods. Apple's counterpart: AppKit's
/// `NSDraggingSource`.
@MainActor @preconcurrency
public protocol NSDraggingSource: NSObjectProtocol {
  /// The operations the source allows in `context` (within its application or outside).
  func draggingSession(_ session: NSDraggingSession, sourceOperationMaskFor context: NSDraggingContext)
    -> NSDragOperation
  /// The drag began at `screenPoint`. The default does nothing.
  func draggingSession(_ session: NSDraggingSession, willBeginAt screenPoint: NSPoint)
  /// The drag ended at `screenPoint` with `operation` (none when nothing took it). The default
  /// does nothing.
  func draggingSession(_ session: NSDraggingSession, endedAt screenPoint: NSPoint, operation: NSDragOperation)
}

extension NSDraggingSource {
  /// Does nothing by default.
  ///
  /// - Parameters:
  ///   - session: The drag.
  ///   - screenPoint: Where it began.
  public func draggingSession(_ session: NSDraggingSession, willBeginAt screenPoint: NSPoint) {}
  /// Does nothing by default.
  ///
  /// - Parameters:
  ///   - session: The drag.
  ///   - screenPoint: Where it ended.
  ///   - operation: What was done.
  public func draggingSession(_ session: NSDraggingSession, endedAt screenPoint: NSPoint, operation: NSDragOperation) {}
}

/// A drag in progress, started from ``NSDraggingItem``s: its items are on the drag pasteboard,
/// written as their writers say (only the types they list). Start it on a ``DropSurface`` with
/// ``DropSurface/beginDraggingSession(with:at:source:)``, or on a desktop window by handing
/// ``dragSession`` to the window's `beginDrag`. Apple's counterpart: AppKit's `NSDraggingSession`.
@MainActor
public final class NSDraggingSession: NSObject {
  /// The session in progress in this process, whose source destinations see as `draggingSource`.
  static var active: NSDraggingSession?

  /// The pasteboard holding the drag's items.
  public let draggingPasteboard: NSPasteboard
  /// The drag's number.
  public let draggingSequenceNumber: Int
  /// Where the pointer is.
  public var draggingLocation: NSPoint
  /// Whether cancelled items slide back (there are no images here; kept for AppKit's code).
  public var animatesToStartingPositionsOnCancelOrFail = true
  /// The source.
  public let source: any NSDraggingSource
  /// The drop engine's session of this drag: its item providers, the operations the source
  /// allows in and outside the application, and the source's `endedAt` when it ends.
  public private(set) var dragSession: DragSession

  private static var sequence = 0

  /// A session of `items` from `source`, started at `location`.
  ///
  /// - Parameters:
  ///   - items: The dragged items.
  ///   - location: Where the drag starts.
  ///   - source: The source.
  public init(items: [NSDraggingItem], at location: NSPoint, source: any NSDraggingSource) {
    Self.sequence += 1
    draggingSequenceNumber = Self.sequence
    draggingLocation = location
    self.source = source
    let pasteboard = NSPasteboard(name: .drag)
    pasteboard.clearContents()
    pasteboard.writeObjects(items.map(\.item))
    draggingPasteboard = pasteboard
    dragSession = DragSession(items: pasteboard.board.itemProviders)
    // One image under the pointer: the first item's that has one (AppKit draws each item's).
    dragSession.image = items.lazy.compactMap { $0.dragImage(startingAt: location) }.first
    super.init()
    dragSession.allowedOperations =
      source.draggingSession(self, sourceOperationMaskFor: .withinApplication)
      .dropOperations
    let outside = source.draggingSession(self, sourceOperationMaskFor: .outsideApplication)
    dragSession.operationsOutsideApp = outside.dropOperations
    // To another application: its link, generic and private operations too, and what it did.
    if !outside.intersection([.link, .generic, .private]).isEmpty { dragSession.operationMask = outside }
    dragSession.onEndedWithMask = { [weak self] operation in
      MainActor.assumeIsolated { self?.destinationOperation = operation }
    }
    dragSession.onEnded = { [weak self] operation in
      MainActor.assumeIsolated { self?.ended(operation) }
    }
  }

  /// What an AppKit destination of this process, or another application, chose when it took
  /// the drop (a link, a generic or private operation included, which the drop engine carries
  /// as a copy).
  var destinationOperation: NSDragOperation?

  /// The source's mask within the application, for an AppKit destination of this process: its
  /// link, generic and private operations as the source gave them, copy and move as `engine`
  /// (the drop engine's allowed operations now) still allows them.
  func withinApplicationMask(engine: NSDragOperation) -> NSDragOperation {
    let mask = source.draggingSession(self, sourceOperationMaskFor: .withinApplication)
    return mask.subtracting([.copy, .move]).union(mask.intersection(engine))
  }

  /// The drag ended with `operation`: tells the source, with what an AppKit destination of
  /// this process chose where it took the drop.
  private func ended(_ operation: DropOperation) {
    if Self.active === self { Self.active = nil }
    let done: NSDragOperation =
      switch operation {
      case .copy: destinationOperation.flatMap { $0.isEmpty ? nil : $0 } ?? .copy
      case .move: .move
      case .cancel, .forbidden: .none
      }
    source.draggingSession(self, endedAt: draggingLocation, operation: done)
  }

  /// Marks the session as the one in progress and tells the source it begins.
  package func begin() {
    Self.active = self
    source.draggingSession(self, willBeginAt: draggingLocation)
  }
}

extension DropSurface {
  /// Starts a drag of `items` from `source` at `location` on this surface: AppKit's
  /// `beginDraggingSession(with:event:source:)`.
  ///
  /// - Parameters:
  ///   - items: The dragged items.
  ///   - location: Where the drag starts, in the surface's coordinates.
  ///   - source: The source.
  /// - Returns: The session.
  @discardableResult
  public func beginDraggingSession(with items: [NSDraggingItem], at location: NSPoint, source: any NSDraggingSource)
    -> NSDraggingSession
  {
    let session = NSDraggingSession(items: items, at: location, source: source)
    session.begin()
    begin(session.dragSession, at: location)
    return session
  }
}
