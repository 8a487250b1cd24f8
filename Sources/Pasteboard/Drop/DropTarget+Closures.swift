import Foundation
import TypeRegistry
import UTIPlatform

extension DropTarget {
  /// A target that takes drops of `supportedContentTypes` and hands the item providers and the
  /// location to `action`.
  ///
  /// The drop is taken when an item conforms to one of the types; `action` gets the providers
  /// that conform, in drag order, and the location in the target's own coordinates, and returns
  /// whether it took the drop. Load the payloads inside `action` (loads started there finish
  /// normally; later ones fail, as on Apple platforms). `isTargeted` hears `true` when a drag
  /// that the target accepts enters and `false` when it leaves or is dropped, as SwiftUI sets the
  /// binding.
  ///
  /// ```swift
  /// surface.addTarget(.onDrop(frame: editor, of: [.image], isTargeted: { hovering = $0 }) { providers, location in
  ///   providers.first?.loadDataRepresentation(for: .image) { data, _ in screenshot = data }
  ///   return true
  /// })
  /// ```
  ///
  /// Apple's counterpart: SwiftUI's `onDrop(of:isTargeted:perform:)`; a non-view API has no
  /// `Binding`, so `isTargeted` is an observer, and the frame is given.
  ///
  /// - Parameters:
  ///   - frame: The target's frame, in surface coordinates.
  ///   - supportedContentTypes: The types it accepts.
  ///   - zIndex: Its place in the stack; the highest target under the pointer gets the drag.
  ///   - isTargeted: Hears whether an accepted drag is over the target.
  ///   - action: Takes the conforming providers and the location; returns whether it took the drop.
  /// - Returns: The target, to add to a ``DropSurface``.
  public static func onDrop(
    frame: CGRect, of supportedContentTypes: [UTType], zIndex: Double = 0,
    isTargeted: (@MainActor (Bool) -> Void)? = nil,
    perform action: @escaping @MainActor ([NSItemProvider], CGPoint) -> Bool
  ) -> DropTarget {
    DropTarget(
      frame: frame, of: supportedContentTypes, zIndex: zIndex,
      delegate: ClosureDropDelegate(types: supportedContentTypes, isTargeted: isTargeted, perform: action))
  }

  /// A target that takes drops of `supportedContentTypes` and hands the item providers to
  /// `action`, as the variant with the location does.
  ///
  /// Apple's counterpart: SwiftUI's `onDrop(of:isTargeted:perform:)` without the location.
  ///
  /// - Parameters:
  ///   - frame: The target's frame, in surface coordinates.
  ///   - supportedContentTypes: The types it accepts.
  ///   - zIndex: Its place in the stack; the highest target under the pointer gets the drag.
  ///   - isTargeted: Hears whether an accepted drag is over the target.
  ///   - action: Takes the conforming providers; returns whether it took the drop.
  /// - Returns: The target, to add to a ``DropSurface``.
  public static func onDrop(
    frame: CGRect, of supportedContentTypes: [UTType], zIndex: Double = 0,
    isTargeted: (@MainActor (Bool) -> Void)? = nil,
    perform action: @escaping @MainActor ([NSItemProvider]) -> Bool
  ) -> DropTarget {
    onDrop(frame: frame, of: supportedContentTypes, zIndex: zIndex, isTargeted: isTargeted) { providers, _ in
      action(providers)
    }
  }

  /// A target that takes drops of `T` and hands the decoded values and the location to `action`.
  ///
  /// The target accepts the content types `T` imports. On a drop it loads every conforming item
  /// as `T` (the loads start inside the drop, so they are allowed), then calls `action` on the
  /// main actor with the values that decoded, in drag order, and the location in the target's own
  /// coordinates; items that fail to decode are left out, and `action` is not called when none
  /// decodes. Where SwiftUI is silent we chose: the drop counts as performed (the source hears
  /// its operation) as soon as an item conforms, since the values arrive later; `action`'s result
  /// is the application's own.
  ///
  /// ```swift
  /// surface.addTarget(.dropDestination(frame: list, for: String.self) { strings, location in
  ///   names += strings
  ///   return true
  /// })
  /// ```
  ///
  /// Apple's counterpart: SwiftUI's `dropDestination(for:action:isTargeted:)`.
  ///
  /// - Parameters:
  ///   - frame: The target's frame, in surface coordinates.
  ///   - payloadType: The type to decode the items as.
  ///   - zIndex: Its place in the stack; the highest target under the pointer gets the drag.
  ///   - action: Takes the decoded values and the location.
  ///   - isTargeted: Hears whether an accepted drag is over the target.
  /// - Returns: The target, to add to a ``DropSurface``.
  public static func dropDestination<T: Transferable>(
    frame: CGRect, for payloadType: T.Type = T.self, zIndex: Double = 0,
    action: @escaping @MainActor ([T], CGPoint) -> Bool, isTargeted: (@MainActor (Bool) -> Void)? = nil
  ) -> DropTarget {
    let types = T.importedContentTypes()
    return onDrop(frame: frame, of: types, zIndex: zIndex, isTargeted: isTargeted) { providers, location in
      guard !providers.isEmpty else { return false }
      let collector = TransferCollector<T>(count: providers.count) { values in
        if !values.isEmpty { _ = action(values, location) }
      }
      for (index, provider) in providers.enumerated() {
        provider.loadTransferable(type: T.self) { result in collector.deliver(try? result.get(), at: index) }
      }
      return true
    }
  }
}

extension DragSession {
  /// A drag of one item carrying `payload` in every representation its type exports.
  ///
  /// ```swift
  /// surface.begin(.draggable(Arrow(color: "red")), at: toolLocation)
  /// ```
  ///
  /// Apple's counterpart: SwiftUI's `draggable(_:)`.
  ///
  /// - Parameters:
  ///   - payload: Makes the value when the drag begins.
  ///   - allowedOperations: The operations a target may choose.
  ///   - onEnded: Hears the final operation, once.
  /// - Returns: The session, to begin on a ``DropSurface`` or a window.
  public static func draggable<T: Transferable>(
    _ payload: @autoclosure @escaping @Sendable () -> T, allowedOperations: Set<DropOperation> = [.copy, .move],
    onEnded: ((DropOperation) -> Void)? = nil
  ) -> DragSession {
    let provider = ItemProvider()
    provider.register(payload())
    return DragSession(items: [provider], allowedOperations: allowedOperations, onEnded: onEnded)
  }
}

/// The delegate behind the closure forms.
struct ClosureDropDelegate: DropDelegate {
  let types: [UTType]
  let isTargeted: (@MainActor (Bool) -> Void)?
  let perform: @MainActor ([NSItemProvider], CGPoint) -> Bool

  func validateDrop(info: DropInfo) -> Bool { info.hasItemsConforming(to: types) }
  func dropEntered(info: DropInfo) { isTargeted?(true) }
  func dropExited(info: DropInfo) { isTargeted?(false) }
  func performDrop(info: DropInfo) -> Bool {
    isTargeted?(false)
    return perform(info.itemProviders(for: types), info.location)
  }
}

/// Gathers one decoded value (or a failure) per item, then hands the values, in item order, to
/// the main actor once.
///
/// `T` need not be `Sendable` (Apple's `dropDestination` does not ask it to be): each value is
/// made by its load, kept under the lock, and handed over once to the main actor, which alone
/// uses it from then on: a transfer of ownership, not sharing.
final class TransferCollector<T>: @unchecked Sendable {
  // Sendable: `state` is under its lock; each value is handed over once to the main actor, which alone uses
  // it then; `done` runs on the main actor.
  private let state: Locked<(values: [T?], remaining: Int)>
  private let done: @MainActor ([T]) -> Void

  init(count: Int, done: @escaping @MainActor ([T]) -> Void) {
    state = Locked((Array(repeating: nil, count: count), count))
    self.done = done
  }

  func deliver(_ value: T?, at index: Int) {
    let finished = state.withLock { state -> [T]? in
      state.values[index] = value
      state.remaining -= 1
      return state.remaining == 0 ? state.values.compactMap { $0 } : nil
    }
    guard let finished else { return }
    nonisolated(unsafe) let values = finished
    let done = done
    Task { @MainActor in done(values) }
  }
}
