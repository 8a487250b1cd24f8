import Pasteboard
import SystemPasteboardCore

extension DragActions {
  /// Each action and AppKit's name for it, in the order a performed action is named (a move
  /// before a copy): `ask` is `.generic` (the destination decides).
  private static let appKitNames: [(DragActions, NSDragOperation)] = [
    (.move, .move), (.copy, .copy), (.link, .link), (.private, .private), (.ask, .generic),
  ]

  /// The actions a drag offers for the operations its session allows outside the application,
  /// and AppKit's `mask` where the source gave one (its link, private and generic operations).
  init(allowing operations: Set<DropOperation>, mask: NSDragOperation? = nil) {
    self = []
    guard let mask else {
      // The engine's operations alone.
      if operations.contains(.copy) { insert(.copy) }
      if operations.contains(.move) { insert(.move) }
      return
    }
    // AppKit's mask says it whole (a link alone is no copy).
    for (action, name) in Self.appKitNames where mask.contains(name) { insert(action) }
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
    return NSDragOperation(Self.appKitNames.filter { contains($0.0) }.map(\.1))
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
    Self.appKitNames.first { contains($0.0) && $0.0 != .ask }?.1 ?? []
  }

  /// The action that performs `operation`, as an AppKit destination chose it where one did
  /// (`mask`): a link or a private operation (link first) is answered as one where the source
  /// allows it (`allowed`), a copy otherwise; a generic one is a copy.
  init(performing operation: DropOperation, mask: NSDragOperation?, allowed: DragActions) {
    switch operation {
    case .copy:
      let chosen = Self.appKitNames.first { ($0.0 == .link || $0.0 == .private) && mask?.contains($0.1) == true }?.0
      guard let chosen, mask?.contains(.copy) == false, allowed.contains(chosen) else {
        self = .copy
        return
      }
      self = chosen
    case .move: self = .move
    default: self = []
    }
  }
}
