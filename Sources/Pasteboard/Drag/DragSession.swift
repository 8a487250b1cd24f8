import Foundation

/// A drag in progress: its items, what the source allows, and whom it goes to.
///
/// ```swift
/// let session = DragSession(items: [ItemProvider(object: "Hello" as NSString)], allowedOperations: [.copy])
/// surface.begin(session, at: CGPoint(x: 10, y: 10))
/// ```
///
/// Our own type: on Apple platforms the system holds the session. The source learns the outcome
/// through ``onEnded``: `.copy`, `.move` (remove the dragged items) or `.cancel`.
///
/// What the source allows depends on where the drop lands, as AppKit's
/// `draggingSession(_:sourceOperationMaskFor:)` asks per context and UIKit rules ("a move
/// operation is allowed only within the same app"): ``allowedOperations`` within the source's
/// application, ``operationsOutsideApp`` in another (`.copy` by default). A proposal of an
/// operation the context does not allow is treated as `.cancel`, as UIKit treats a disallowed
/// `.move`: the drop is not performed.
public struct DragSession {
  /// The dragged items, in order.
  public var items: [ItemProvider]
  /// The operations the source allows for drops within its own application.
  public var allowedOperations: Set<DropOperation>
  /// The operations the source allows for drops into another application: `.copy` unless the
  /// source says otherwise (data shared with another application is copied).
  public var operationsOutsideApp: Set<DropOperation>
  /// The image drawn under the pointer while the drag is on the desktop, its hot spot at the
  /// pointer (nil: none). A drag of several items shows one image: AppKit's session gives the
  /// first item's that has one (see `NSDraggingItem`); make a composed image for a stack.
  public var image: DragImage?
  /// The application the drag comes from.
  public var source: AppIdentity
  /// The application that receives the drop: the source's own (``AppIdentity/current``) unless
  /// the drag crosses into another, where `.ownProcess` representations are invisible.
  public var destination: AppIdentity
  /// Called once with the final operation when the drag ends.
  public var onEnded: ((DropOperation) -> Void)?
  /// Called once with the final operation when the drag has ended and every load
  /// `performDrop(info:)` started has finished: when a desktop drop's source may let the data
  /// go (XDND's `XdndFinished`). Called on the thread the last load finished on.
  /// With the operation, AppKit's name for what an AppKit destination performed where it
  /// chose more than a copy or move (a link, a private operation).
  package var whenSettled: (@Sendable (DropOperation, NSDragOperation?) -> Void)?
  /// The source's operations as AppKit names them, where it has more than the engine's copy and
  /// move: another application's link, private or ask (`.generic`), or an AppKit source's mask
  /// outside its application. AppKit destinations see it in `draggingSourceOperationMask`.
  package var operationMask: NSDragOperation?
  /// Hears the operation a destination in another application performed, as AppKit names it
  /// (a link, a private operation), before ``onEnded`` hears the engine's.
  package var onEndedWithMask: ((NSDragOperation) -> Void)?

  /// A drag of `items` from `source` to `destination`; `allowedOperations` apply within the
  /// source's application and `operationsOutsideApp` beyond it; `onEnded` hears the outcome once.
  ///
  /// - Parameters:
  ///   - items: The dragged items, in order.
  ///   - allowedOperations: The operations a target in the source's application may choose.
  ///   - operationsOutsideApp: The operations a target in another application may choose.
  ///   - source: The application the drag starts in.
  ///   - destination: The application the drag is dropped in.
  ///   - onEnded: Hears the final operation (`.cancel` when nothing took the drop), once.
  public init(
    items: [ItemProvider], allowedOperations: Set<DropOperation> = [.copy, .move],
    operationsOutsideApp: Set<DropOperation> = [.copy], source: AppIdentity = .current,
    destination: AppIdentity = .current, onEnded: ((DropOperation) -> Void)? = nil
  ) {
    self.items = items
    self.allowedOperations = allowedOperations
    self.operationsOutsideApp = operationsOutsideApp
    self.source = source
    self.destination = destination
    self.onEnded = onEnded
  }

  /// Whether the drop lands in the source's own application (the same bundle identifier).
  public var isWithinApp: Bool { source.bundleIdentifier == destination.bundleIdentifier }

  /// The operations the source allows where this drag is headed: ``allowedOperations`` within
  /// its application, ``operationsOutsideApp`` beyond it.
  public var operationsForDestination: Set<DropOperation> {
    isWithinApp ? allowedOperations : operationsOutsideApp
  }

  /// A session dropped into another application, unrelated to the source: it sees only the
  /// items' `.all` representations.
  ///
  /// - Parameters:
  ///   - items: The dragged items, in order.
  ///   - allowedOperations: The operations a target in the source's application may choose.
  ///   - operationsOutsideApp: The operations a target in another application may choose.
  ///   - onEnded: Hears the final operation (`.cancel` when nothing took the drop), once.
  /// - Returns: A session whose destination is another application, unrelated to the source's.
  public static func crossingApplicationBoundary(
    items: [ItemProvider], allowedOperations: Set<DropOperation> = [.copy, .move],
    operationsOutsideApp: Set<DropOperation> = [.copy], onEnded: ((DropOperation) -> Void)? = nil
  ) -> DragSession {
    DragSession(
      items: items, allowedOperations: allowedOperations, operationsOutsideApp: operationsOutsideApp,
      destination: AppIdentity(bundleIdentifier: "another application", processIdentifier: -2), onEnded: onEnded)
  }
}
