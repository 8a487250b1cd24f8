extension Xdnd.Atoms {
  /// The XDND action that performs `actions`: a move where it holds `.move`, a copy where it
  /// holds `.copy`, None otherwise.
  func action(for actions: DragActions) -> UInt32 {
    if actions.contains(.move) { return move }
    return actions.contains(.copy) ? copy : 0
  }

  /// What a performed XDND action stands for: Move → `.move`; Copy, Link, Ask and Private →
  /// `.copy` (the model has no link, and asks no user); None → nothing.
  func actions(for action: UInt32) -> DragActions {
    if action == move { return .move }
    return action == 0 ? [] : .copy
  }

  /// What a source asking for `action` allows the target: a copy always (every XDND source
  /// serves one), and a move when it asks for a move (or offers one in `XdndActionList`).
  func allowedActions(for action: UInt32, list: [UInt32] = []) -> DragActions {
    action == move || (action == ask && list.contains(move)) ? [.copy, .move] : .copy
  }
}
