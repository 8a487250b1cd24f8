import Foundation

/// What a drag may do with its data: the source offers a mask, the destination chooses one.
/// Apple's counterpart: AppKit's `NSDragOperation`, with the same bits.
public struct NSDragOperation: OptionSet, Sendable, Hashable {
  /// The operations' bits.
  public let rawValue: UInt
  /// Operations from their bits.
  ///
  /// - Parameter rawValue: The bits.
  public init(rawValue: UInt) { self.rawValue = rawValue }

  /// No operation: the drag is not accepted.
  public static let none: NSDragOperation = []
  /// The data is copied.
  public static let copy = NSDragOperation(rawValue: 1)
  /// The data is linked to.
  public static let link = NSDragOperation(rawValue: 2)
  /// The destination decides what the operation is.
  public static let generic = NSDragOperation(rawValue: 4)
  /// A private operation agreed between source and destination.
  public static let `private` = NSDragOperation(rawValue: 8)
  /// The data is moved.
  public static let move = NSDragOperation(rawValue: 16)
  /// The data is deleted (dragged to the trash).
  public static let delete = NSDragOperation(rawValue: 32)
  /// Every operation.
  public static let every = NSDragOperation(rawValue: .max)

  /// The drop operation this stands for in the drop engine: a copy or a move where it has one
  /// (copy first); link, generic and private are carried as a copy, the engine's one other
  /// operation that takes a drop; none is `.forbidden`.
  var dropOperation: DropOperation {
    if contains(.copy) { return .copy }
    if contains(.move) { return .move }
    if !intersection([.link, .generic, .private]).isEmpty { return .copy }
    return .forbidden
  }

  /// The mask of the drop operations a source allows.
  init(_ operations: Set<DropOperation>) {
    self = []
    if operations.contains(.copy) { insert(.copy) }
    if operations.contains(.move) { insert(.move) }
  }

  /// The drop operations of this mask: copy for copy, link, generic or private; move for move.
  var dropOperations: Set<DropOperation> {
    var operations = Set<DropOperation>()
    if !intersection([.copy, .link, .generic, .private]).isEmpty { operations.insert(.copy) }
    if contains(.move) { operations.insert(.move) }
    return operations
  }
}

/// Where a drag is headed, for ``NSDraggingSource/draggingSession(_:sourceOperationMaskFor:)``.
/// Apple's counterpart: `NSDraggingContext`.
public enum NSDraggingContext: Int, Sendable, Hashable {
  /// Into another application.
  case outsideApplication = 0
  /// Within the source's application.
  case withinApplication = 1
}

/// What a destination may know about a drag. A test's mock needs only these seven members.
///
/// Not isolated, as AppKit code reads it from nonisolated helpers. Apple's counterpart: AppKit's
/// `NSDraggingInfo`.
public protocol NSDraggingInfo: NSObjectProtocol {
  /// The pasteboard holding the drag's items.
  var draggingPasteboard: NSPasteboard { get }
  /// Where the pointer is, in the destination's coordinates.
  var draggingLocation: NSPoint { get }
  /// The operations the source allows.
  var draggingSourceOperationMask: NSDragOperation { get }
  /// The source, when it is in this application.
  var draggingSource: Any? { get }
  /// A number that identifies the drag.
  var draggingSequenceNumber: Int { get }
  /// How many items the destination will take; the destination may set it.
  var numberOfValidItemsForDrop: Int { get set }
  /// Whether the dragged images slide to the destination on a drop.
  var animatesToDestination: Bool { get set }
}
