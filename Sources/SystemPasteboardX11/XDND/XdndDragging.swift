import SystemPasteboardCore

/// The source side of XDND as a state machine: pointer events and the target's answers in,
/// messages and the outcome out.
///
/// The owner (``XdndWindow``'s drag) grabs the pointer, finds the XDND-aware window under it on
/// every move, feeds the events here, and sends what comes out. One `XdndPosition` is in flight
/// at a time (the specification's rule): moves while it waits for `XdndStatus` keep only the
/// latest, sent when the answer comes; moves inside the rectangle the target said its answer
/// holds in send nothing.
///
/// ```
/// dragging(no target) ──moved(over: t)──► dragging(t)  [enter t, position]
/// dragging(t) ──moved(over: u)──► dragging(u)  [leave t, enter u, position]
/// dragging(t) ──released──► (last status accepts) dropping(t) [drop, release grabs]
///                                                  | ended [leave, end cancel]
///                          (status pending) releasing(t) ── status ──► dropping(t) | ended
/// dropping(t) ──finished(t)──► ended [end operation]
/// dropping(t) ──t destroyed──► ended [end cancel]
/// any ──escape | timeout──► ended [leave t, end cancel]
/// ```
///
/// Once the drop is sent the pointer and keyboard are given back (as GTK does): the target may
/// take its time to fetch the data, up to ``finishLimit``, while the user goes on; a target whose
/// window goes away meanwhile ends the drag at once.
struct XdndDragging {
  /// A window that takes drops: the window under the pointer, the proxy its messages go to, and
  /// the version both speak.
  typealias Target = Xdnd.Target

  /// What the owner does next.
  enum Action: Equatable {
    /// Send `message` to `target` (through its proxy).
    case send(Xdnd.Message, to: Target)
    /// The drag is over with the action a target performed (empty: cancelled, refused or
    /// failed): ungrab, and tell the source.
    case end(DragActions)
    /// The drop was sent to `target`: give the pointer and keyboard back, and watch its window,
    /// whose end ends the wait for `XdndFinished`.
    case releaseGrabs(watching: Target)
  }

  /// What the drag waits for from its target.
  enum Awaited: Equatable {
    /// `XdndStatus`, the answer to a position: within the window's timeout.
    case status
    /// `XdndFinished`, the end of the drop: within ``finishLimit``.
    case finished
  }

  /// How long a target may take to finish a drop, in seconds: GTK 3's (`DROP_ABORT_TIME`, five
  /// minutes), since a target fetches the data before it answers, and a large payload or a busy
  /// application takes time. A target whose window goes away ends the wait at once.
  static let finishLimit: Double = 300

  struct Status: Equatable {
    var accepts: Bool
    var action: UInt32
    var rectangle: Xdnd.Message.Rectangle
    var wantsPositions: Bool
  }

  enum State: Equatable {
    case dragging
    /// Released while a position waited for its status: the status decides.
    case releasing(time: UInt32)
    /// The drop was sent; waiting for `XdndFinished`.
    case dropping
    case ended
  }

  /// Our source window (the owner of `XdndSelection`, holding `XdndTypeList`).
  let source: UInt32
  /// The types we offer, as atoms, in order.
  let types: [UInt32]
  /// The action we ask for.
  let action: UInt32
  /// The protocol's atoms, for the actions a performed action stands for.
  let atoms: Xdnd.Atoms
  private(set) var state = State.dragging
  private(set) var target: Target?
  private(set) var status: Status?
  private var awaitingStatus = false
  private var pending: (x: Int, y: Int, time: UInt32)?

  init(source: UInt32, types: [UInt32], action: UInt32, atoms: Xdnd.Atoms) {
    self.source = source
    self.types = types
    self.action = action
    self.atoms = atoms
  }

  /// What the drag waits for from the target now, if anything.
  var awaited: Awaited? {
    switch state {
    case .dragging: awaitingStatus ? .status : nil
    case .releasing: .status
    case .dropping: .finished
    case .ended: nil
    }
  }

  /// The pointer moved to root (`x`, `y`) at `time`, over `window` (nil: over no XDND-aware window).
  mutating func moved(x: Int, y: Int, time: UInt32, over window: Target?) -> [Action] {
    guard state == .dragging else { return [] }
    var actions: [Action] = []
    if window?.window != target?.window {
      if let target { actions.append(.send(.leave(source: source), to: target)) }
      target = window
      status = nil
      awaitingStatus = false
      pending = nil
      if let window {
        actions.append(
          .send(
            .enter(source: source, version: window.version, types: types, typeList: types.count > 3), to: window))
      }
    }
    guard let target else { return actions }
    if let status, !status.wantsPositions, status.rectangle.contains(x, y), !awaitingStatus { return actions }
    if awaitingStatus {
      pending = (x, y, time)
      return actions
    }
    awaitingStatus = true
    return actions + [.send(.position(source: source, x: x, y: y, time: time, action: action), to: target)]
  }

  /// A message from a target.
  mutating func received(_ message: Xdnd.Message) -> [Action] {
    guard let target else { return [] }
    switch message {
    case .status(let window, let accepts, let wantsPositions, let rectangle, let action) where window == target.window:
      status = Status(accepts: accepts, action: action, rectangle: rectangle, wantsPositions: wantsPositions)
      awaitingStatus = false
      if case .releasing(let time) = state { return drop(time: time) }
      guard state == .dragging, let next = pending else { return [] }
      pending = nil
      awaitingStatus = true
      return [.send(.position(source: source, x: next.x, y: next.y, time: next.time, action: self.action), to: target)]
    case .finished(let window, let success, let action) where window == target.window && state == .dropping:
      state = .ended
      // Before version 5, XdndFinished carries no outcome: the last status stands.
      let succeeded = target.version >= 5 ? success : true
      let performed = target.version >= 5 ? action : status?.action ?? 0
      return [.end(succeeded ? atoms.actions(for: performed) : [])]
    default:
      return []
    }
  }

  /// The button was released at `time`.
  mutating func released(time: UInt32) -> [Action] {
    guard state == .dragging else { return [] }
    if target != nil && awaitingStatus {
      state = .releasing(time: time)
      return []
    }
    return drop(time: time)
  }

  /// `window` was destroyed: where it is the target of the drop, the drop failed.
  mutating func windowDestroyed(_ window: UInt32) -> [Action] {
    guard state == .dropping, window == target?.window else { return [] }
    state = .ended
    return [.end([])]
  }

  /// Escape, a timeout, or the grab lost: the drag is cancelled.
  mutating func cancelled() -> [Action] {
    guard state != .ended else { return [] }
    let wasDropping = state == .dropping
    state = .ended
    guard let target, !wasDropping else { return [.end([])] }
    return [.send(.leave(source: source), to: target), .end([])]
  }

  private mutating func drop(time: UInt32) -> [Action] {
    guard let target, status?.accepts == true else {
      state = .ended
      return (target.map { [.send(.leave(source: source), to: $0)] } ?? []) + [.end([])]
    }
    state = .dropping
    return [.send(.drop(source: source, time: time), to: target), .releaseGrabs(watching: target)]
  }
}
