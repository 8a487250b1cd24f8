import Pasteboard
import SystemPasteboard

extension DragActions {
  /// The actions a drag offers for the operations its session allows outside the application,
  /// and AppKit's `mask` where the source gave one (its link, private and generic operations).
  init(allowing operations: Set<DropOperation>, mask: NSDragOperation? = nil) {
    self = []
    // AppKit's mask says it whole (a link alone is no copy); the engine's operations otherwise.
    if mask?.contains(.copy) ?? operations.contains(.copy) { insert(.copy) }
    if mask?.contains(.move) ?? operations.contains(.move) { insert(.move) }
    if let mask {
      if mask.contains(.link) { insert(.link) }
      if mask.contains(.private) { insert(.private) }
      if mask.contains(.generic) { insert(.ask) }
    }
  }

  /// The operations a source's actions allow: `ask` lets the delegates choose copy or move; a
  /// link or a private action is a copy to the engine (AppKit destinations see it whole:
  /// ``operationMask``).
  var allowedOperations: Set<DropOperation> {
    var allowed: Set<DropOperation> = []
    if contains(.copy) || contains(.ask) || contains(.link) || contains(.private) { allowed.insert(.copy) }
    if contains(.move) || contains(.ask) { allowed.insert(.move) }
    return allowed
  }

  /// The actions as AppKit names them, where they say more than the engine's copy and move: a
  /// link, a private action, an ask (`.generic`: the destination decides); nil otherwise.
  var operationMask: NSDragOperation? {
    guard !intersection([.link, .private, .ask]).isEmpty else { return nil }
    var mask: NSDragOperation = []
    if contains(.copy) { mask.insert(.copy) }
    if contains(.move) { mask.insert(.move) }
    if contains(.link) { mask.insert(.link) }
    if contains(.private) { mask.insert(.private) }
    if contains(.ask) { mask.insert(.generic) }
    return mask
  }

  /// The operation of the action a drag ended with: `.move` where it moved, `.copy` where it
  /// copied, linked or did something private, `.cancel` where none was agreed.
  var operation: DropOperation {
    if contains(.move) { return .move }
    if !intersection([.copy, .link, .private]).isEmpty { return .copy }
    return .cancel
  }

  /// The action as AppKit names it: a move, a copy, a link, a private operation; none.
  var performedMask: NSDragOperation {
    if contains(.move) { return .move }
    if contains(.copy) { return .copy }
    if contains(.link) { return .link }
    if contains(.private) { return .private }
    return []
  }

  /// The action that performs `operation`, as an AppKit destination chose it where one did
  /// (`mask`: a link or a private operation is answered as one where the source allows it, a
  /// copy otherwise; a generic one is a copy).
  init(performing operation: DropOperation, mask: NSDragOperation?, allowed: DragActions) {
    self.init(performing: operation, mask: mask)
    if contains(.link) && !allowed.contains(.link) || contains(.private) && !allowed.contains(.private) {
      self = .copy
    }
  }

  /// The action that performs `operation`, as an AppKit destination chose it where one did
  /// (`mask`: a link or a private operation is answered as one; a generic one is a copy).
  init(performing operation: DropOperation, mask: NSDragOperation? = nil) {
    switch operation {
    case .copy:
      if let mask, !mask.contains(.copy), mask.contains(.link) {
        self = .link
      } else if let mask, !mask.contains(.copy), mask.contains(.private) {
        self = .private
      } else {
        self = .copy
      }
    case .move: self = .move
    default: self = []
    }
  }
}
