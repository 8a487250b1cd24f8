import Pasteboard
import SystemPasteboard

extension DragActions {
  /// The actions a drag offers for the operations its session allows outside the application.
  init(allowing operations: Set<DropOperation>) {
    self = []
    if operations.contains(.copy) { insert(.copy) }
    if operations.contains(.move) { insert(.move) }
  }

  /// The operations a source's actions allow: `ask` lets the delegates choose copy or move.
  var allowedOperations: Set<DropOperation> {
    var allowed: Set<DropOperation> = []
    if contains(.copy) || contains(.ask) { allowed.insert(.copy) }
    if contains(.move) || contains(.ask) { allowed.insert(.move) }
    return allowed
  }

  /// The operation of the action a drag ended with: `.move` where it moved, `.copy` where it
  /// copied, `.cancel` where none was agreed.
  var operation: DropOperation {
    if contains(.move) { return .move }
    if contains(.copy) { return .copy }
    return .cancel
  }

  /// The action that performs `operation` (none for anything but copy and move).
  init(performing operation: DropOperation) {
    switch operation {
    case .copy: self = .copy
    case .move: self = .move
    default: self = []
    }
  }
}
