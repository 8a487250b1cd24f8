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
public struct DragSession {
  /// The dragged items, in order.
  public var items: [ItemProvider]
  /// The operations the source allows; a proposal of another counts as `.forbidden`.
  public var allowedOperations: Set<DropOperation>
  /// The application that receives the drop: the source's own (``AppIdentity/current``) unless
  /// the drag crosses into another, where `.ownProcess` representations are invisible.
  public var destination: AppIdentity
  /// Called once with the final operation when the drag ends.
  public var onEnded: ((DropOperation) -> Void)?

  /// A drag of `items` that allows `allowedOperations`, headed for `destination`; `onEnded` hears the outcome once.
  public init(
    items: [ItemProvider], allowedOperations: Set<DropOperation> = [.copy, .move],
    destination: AppIdentity = .current, onEnded: ((DropOperation) -> Void)? = nil
  ) {
    self.items = items
    self.allowedOperations = allowedOperations
    self.destination = destination
    self.onEnded = onEnded
  }

  /// A session dropped into another application, unrelated to the source: it sees only the
  /// items' `.all` representations.
  public static func crossingApplicationBoundary(
    items: [ItemProvider], allowedOperations: Set<DropOperation> = [.copy, .move],
    onEnded: ((DropOperation) -> Void)? = nil
  ) -> DragSession {
    DragSession(
      items: items, allowedOperations: allowedOperations,
      destination: AppIdentity(bundleIdentifier: "another application", processIdentifier: -2), onEnded: onEnded)
  }
}
