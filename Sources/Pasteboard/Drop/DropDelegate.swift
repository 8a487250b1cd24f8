import Foundation
import TypeRegistry

/// The object a drop target asks while a drag is over it.
///
/// The lifecycle, for each time a drag enters the target: ``validateDrop(info:)`` (false: the
/// drag is not taken, and nothing else is called) → ``dropEntered(info:)`` →
/// ``dropUpdated(info:)`` on entry and every move inside → ``dropExited(info:)`` when the drag
/// leaves or is cancelled, or ``performDrop(info:)`` when it is released here with a copy or move.
///
/// ```swift
/// struct ImageDrop: DropDelegate {
///   let bug: Bug
///   func performDrop(info: DropInfo) -> Bool {
///     guard info.hasItemsConforming(to: [.image]),
///           let provider = info.itemProviders(for: [.image]).first else { return false }
///     provider.loadDataRepresentation(for: .image) { data, _ in bug.image = data }
///     return true
///   }
/// }
/// ```
///
/// Isolated to the main actor, as Apple declares it (`@MainActor @preconcurrency`): a delegate
/// may read and change main-actor state (a view model) directly, and ``DropSurface`` calls it
/// from the main actor, synchronously, inside `move(to:)` and `end(at:)`.
///
/// Apple's counterpart: SwiftUI's `DropDelegate`, with the same requirements, defaults and isolation.
@MainActor @preconcurrency
public protocol DropDelegate {
  /// Whether to take the drag; called when it enters. The default is true.
  func validateDrop(info: DropInfo) -> Bool
  /// Takes the drop: load the payloads here (loads started here may finish later). Returns
  /// whether the drop was taken.
  func performDrop(info: DropInfo) -> Bool
  /// The drag entered the target. The default does nothing.
  func dropEntered(info: DropInfo)
  /// The drag moved inside the target: the operation to show, or nil to keep the last one
  /// (`.copy` at first). The default returns nil.
  func dropUpdated(info: DropInfo) -> DropProposal?
  /// The drag left the target or was cancelled. The default does nothing.
  func dropExited(info: DropInfo)
}

extension DropDelegate {
  /// Accepts every drop by default, as SwiftUI does.
  ///
  /// - Parameter info: The drag's location and items.
  /// - Returns: `true`.
  public func validateDrop(info: DropInfo) -> Bool { true }
  /// Does nothing by default.
  ///
  /// - Parameter info: The drag's location and items.
  public func dropEntered(info: DropInfo) {}
  /// Proposes nothing by default: the last proposal stands, or a copy when there was none.
  ///
  /// - Parameter info: The drag's location and items.
  /// - Returns: `nil`.
  public func dropUpdated(info: DropInfo) -> DropProposal? { nil }
  /// Does nothing by default.
  ///
  /// - Parameter info: The drag's location and items.
  public func dropExited(info: DropInfo) {}
}

/// What a drop delegate may know about a drag: where it is, the types of its items, and, from
/// ``DropDelegate/performDrop(info:)`` on, their payloads.
///
/// Apple's counterpart: SwiftUI's `DropInfo`.
public struct DropInfo {
  /// Where the pointer is, in the drop target's own coordinates: relative to the origin of its
  /// frame, as SwiftUI gives "the location of the drag in the coordinate space of the drop view".
  /// The surface's coordinates are ``DropSurface/dragLocation``.
  public let location: CGPoint
  let items: DragItems
  /// The operations the source allows here (AppKit's source operation mask).
  let allowedOperations: Set<DropOperation>
  /// The drag's number, the same for every call of one drag (AppKit's sequence number).
  let sequenceNumber: Int
  /// The source's operations as AppKit names them, where it has more than copy and move
  /// (``DragSession/operationMask``).
  let operationMask: NSDragOperation?

  init(
    location: CGPoint, items: DragItems, allowedOperations: Set<DropOperation> = [.copy], sequenceNumber: Int = 0,
    operationMask: NSDragOperation? = nil
  ) {
    self.location = location
    self.items = items
    self.allowedOperations = allowedOperations
    self.sequenceNumber = sequenceNumber
    self.operationMask = operationMask
  }

  /// Whether an item has a representation conforming to one of `contentTypes`.
  ///
  /// Types are visible throughout the drag; payloads are not. Apple's counterpart:
  /// `hasItemsConforming(to:)`.
  ///
  /// - Parameter contentTypes: The types to look for.
  /// - Returns: Whether any item has a conforming representation.
  public func hasItemsConforming(to contentTypes: [UTType]) -> Bool {
    items.hasItems(conformingTo: contentTypes)
  }

  /// Whether an item has a representation conforming to one of `typeIdentifiers`.
  ///
  /// - Parameter typeIdentifiers: The identifiers of the types to look for.
  /// - Returns: Whether any item has a conforming representation.
  public func hasItemsConforming(to typeIdentifiers: [String]) -> Bool {
    hasItemsConforming(to: typeIdentifiers.map(UTType.named))
  }

  /// The item providers with a representation conforming to one of `contentTypes`, in drag
  /// order; the others are left out.
  ///
  /// Loading from them succeeds only for loads started inside ``DropDelegate/performDrop(info:)``;
  /// before or after, they fail with ``ItemProvider/ErrorCode/itemUnavailableError``. Apple's
  /// counterpart: `itemProviders(for:)`.
  ///
  /// - Parameter contentTypes: The types to look for.
  /// - Returns: The conforming items' providers.
  public func itemProviders(for contentTypes: [UTType]) -> [ItemProvider] {
    let requests = contentTypes.map(ItemProvider.Request.init)
    return items.providers.filter { $0.servesAny(of: requests) }
  }

  /// The item providers with a representation conforming to one of `typeIdentifiers`.
  ///
  /// - Parameter typeIdentifiers: The identifiers of the types to look for.
  /// - Returns: The conforming items' providers.
  public func itemProviders(for typeIdentifiers: [String]) -> [ItemProvider] {
    itemProviders(for: typeIdentifiers.map(UTType.named))
  }
}

/// A drag's items as the destination sees them: through the destination's identity, behind the
/// gate that keeps payloads closed until the drop.
final class DragItems {
  let providers: [ItemProvider]
  let gate: LoadGate

  init(_ providers: [ItemProvider], reader: AppIdentity, gate: LoadGate) {
    self.providers = providers.map { $0.gated(by: gate, reader: reader) }
    self.gate = gate
  }

  /// Whether an item has a representation conforming to one of `types`.
  func hasItems(conformingTo types: [UTType]) -> Bool {
    let requests = types.map(ItemProvider.Request.init)
    return providers.contains { $0.servesAny(of: requests) }
  }
}
