import SystemPasteboardCore

extension Xdnd.Atoms {
  /// The XDND action that performs `actions`: a move where it holds `.move`, else a copy, a
  /// link, a private action or an ask, in that order; None for none.
  func action(for actions: DragActions) -> UInt32 {
    let order: [(DragActions, UInt32)] = [
      (.move, move), (.copy, copy), (.link, link), (.private, privateAction), (.ask, ask),
    ]
    return order.first { actions.contains($0.0) }?.1 ?? 0
  }

  /// What a performed XDND action stands for: Move → `.move`; Link → `.link`; Private →
  /// `.private`; Copy and Ask (no user was asked) → `.copy`; None → nothing.
  func actions(for action: UInt32) -> DragActions {
    guard action != 0 else { return [] }  // None
    return switch action {
    case move: .move
    case link: .link
    case privateAction: .private
    default: .copy
    }
  }

  /// What a source asking for `action` allows the target: a copy always (every XDND source
  /// serves one), and the action it asks for: a move, a link, a private action; for
  /// `XdndActionAsk`, what its `XdndActionList` offers (the delegates choose among them: no
  /// user is asked).
  func allowedActions(for action: UInt32, list: [UInt32] = []) -> DragActions {
    var allowed: DragActions = .copy
    for offered in action == ask ? list : [action] {
      switch offered {
      case move: allowed.insert(.move)
      case link: allowed.insert(.link)
      case privateAction: allowed.insert(.private)
      default: break
      }
    }
    return allowed
  }
}
