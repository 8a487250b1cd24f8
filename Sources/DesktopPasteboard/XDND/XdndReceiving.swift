/// The target side of XDND as a state machine: messages in, actions out, as
/// `DropNegotiation` is for the headless surface.
///
/// The owner (``X11Window``'s drop target) checks that a message is addressed to its window,
/// feeds it here, and performs the actions: it runs the surface and answers the source.
/// Messages out of order, from a source other than the current one, or of a version we do not
/// speak are ignored, as the specification asks of a target.
///
/// ```
/// idle ──enter(s)──► entered(s)  [begin s]
/// entered(s) ──position(s)──► entered(s, positioned)  [move]
/// entered(s) ──leave(s) | source destroyed | silence──► idle  [exit]
/// entered(s, positioned) ──drop(s)──► idle  [drop]      (XdndFinished when the loads settle)
/// entered(s), not positioned ──drop(s)──► idle  [refuse]
/// ```
struct XdndReceiving: Equatable {
  /// What the owner does next.
  enum Action: Equatable {
    /// A drag from `source` came in: read its types (from `XdndTypeList` when `typeList`).
    case begin(source: UInt32, version: UInt32, types: [UInt32], typeList: Bool)
    /// The pointer is at root (`x`, `y`), the source asking for `action`: move the drag there
    /// (beginning it on the surface at the first position) and answer `XdndStatus`.
    case move(x: Int, y: Int, action: UInt32)
    /// The drag left: the surface cancels it (`dropExited` if it was inside a target).
    case exit
    /// The drop, at `time`: the surface ends the drag (`performDrop`), and `XdndFinished` follows
    /// when its loads settle.
    case drop(time: UInt32)
    /// A drop before any position: answer `XdndFinished` with failure at once.
    case refuse(source: UInt32)
  }

  struct Drag: Equatable {
    var source: UInt32
    var positioned = false
  }

  private(set) var drag: Drag?

  /// The current source window, if a drag is over us.
  var source: UInt32? { drag?.source }

  /// A message for our window.
  mutating func received(_ message: Xdnd.Message) -> [Action] {
    switch message {
    case .enter(let source, let version, let types, let typeList):
      guard version >= Xdnd.oldestVersion else { return [] }
      // A new Enter while a drag is over us: the earlier source is gone (or starts again).
      let exit: [Action] = drag == nil ? [] : [.exit]
      let spoken = min(version, Xdnd.version)
      drag = Drag(source: source)
      return exit + [.begin(source: source, version: spoken, types: types, typeList: typeList)]
    case .position(let source, let x, let y, _, let action):
      guard drag?.source == source else { return [] }
      drag!.positioned = true
      return [.move(x: x, y: y, action: action)]
    case .leave(let source):
      guard drag?.source == source else { return [] }
      drag = nil
      return [.exit]
    case .drop(let source, let time):
      guard let current = drag, current.source == source else { return [] }
      drag = nil
      return current.positioned ? [.drop(time: time)] : [.exit, .refuse(source: source)]
    case .status, .finished:
      return []  // a source's answers, not for a target
    }
  }

  /// The source window was destroyed (or went silent past the timeout): the drag is over.
  mutating func sourceGone(_ window: UInt32) -> [Action] {
    guard drag?.source == window else { return [] }
    drag = nil
    return [.exit]
  }
}
