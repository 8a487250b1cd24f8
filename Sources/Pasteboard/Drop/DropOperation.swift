/// What a drop does with the dragged items. Apple's counterpart: SwiftUI's `DropOperation`.
public enum DropOperation: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// The drop would be cancelled: nothing happens.
  case cancel
  /// The drop is not allowed here.
  case forbidden
  /// The items are copied to the destination.
  case copy
  /// The items are moved: the source removes them.
  case move

  /// The operation's name: `copy`, `move`, `forbidden` or `cancel`.
  public var description: String {
    switch self {
    case .cancel: "cancel"
    case .forbidden: "forbidden"
    case .copy: "copy"
    case .move: "move"
    }
  }
}

/// The operation a drop target proposes while a drag is over it. Apple's counterpart: SwiftUI's
/// `DropProposal`.
public struct DropProposal: Sendable, Hashable {
  /// The proposed operation.
  public let operation: DropOperation

  /// A proposal of `operation`. Apple's counterpart: `DropProposal(operation:)`.
  ///
  /// - Parameter operation: The operation the target would perform.
  public init(operation: DropOperation) {
    self.operation = operation
  }
}
