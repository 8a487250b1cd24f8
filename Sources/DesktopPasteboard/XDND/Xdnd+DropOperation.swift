import Pasteboard
import SystemPasteboard

extension Xdnd.Atoms {
  /// The XDND action for a drop operation: `.copy` → `XdndActionCopy`, `.move` →
  /// `XdndActionMove`, anything else → None.
  func action(for operation: DropOperation) -> UInt32 {
    switch operation {
    case .copy: copy
    case .move: move
    case .cancel, .forbidden: 0
    }
  }

  /// The drop operation an XDND action stands for: Move → `.move`; Copy, Link, Ask and
  /// Private → `.copy` (our model has no link, and asks no user); None → `.cancel`.
  func operation(for action: UInt32) -> DropOperation {
    if action == move { return .move }
    return action == 0 ? .cancel : .copy
  }

  /// What a source asking for `action` allows the target: a copy always (every XDND source
  /// serves one), and a move when it asks for a move (or offers one in `XdndActionList`).
  func allowedOperations(for action: UInt32, list: [UInt32] = []) -> Set<DropOperation> {
    action == move || (action == ask && list.contains(move)) ? [.copy, .move] : [.copy]
  }
}
