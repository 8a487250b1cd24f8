/// The negotiation between a drag and the drop targets under it, as a state machine: events in,
/// actions out, as swift-nio writes them.
///
/// The owner (``DropSurface``) hit-tests, tells the machine which accepting target is under the
/// pointer, performs the actions it returns (calling the delegate), and reports the delegate's
/// answers back as events. The machine alone decides the order of the calls and the operation.
///
/// ```
/// idle ──begin──► dragging(outside) ──moved(over: t)──► validating(t)
/// validating(t) ──validated(true)──► inside(t)  [enter t, update t]
/// validating(t) ──validated(false)─► rejected(t)   (no calls until the drag leaves t)
/// inside(t) ──moved(over: t)──► inside(t) [update t] ──moved(over: u)──► [exit t] validating(u)
/// inside(t) ──released──► [perform t] (copy or move) | [exit t, finish cancel]
/// any ──cancelled──► [exit t if inside] finish(cancel)
/// ```
struct DropNegotiation<Target: Hashable & Sendable>: Sendable {
  /// What the owner does next, in order.
  enum Action: Hashable, Sendable {
    /// Ask the target's delegate `validateDrop(info:)`, then report ``validated(_:)``.
    case validate(Target)
    /// Call `dropEntered(info:)`.
    case enter(Target)
    /// Call `dropUpdated(info:)`, then report ``updated(_:)``.
    case update(Target)
    /// Call `dropExited(info:)`.
    case exit(Target)
    /// Open the payloads, call `performDrop(info:)`, then report ``performed(_:)``.
    case perform(Target, DropOperation)
    /// Tell the source the final operation; the drag is over.
    case finish(DropOperation)
  }

  enum Where: Hashable, Sendable {
    /// Over no accepting target.
    case outside
    /// Waiting for the target's `validateDrop` answer.
    case validating(Target)
    /// The target declined this entry.
    case rejected(Target)
    /// Entered; `lastValid` is the last operation the target proposed, if any.
    case inside(Target, lastValid: DropOperation?)
  }

  enum State: Hashable, Sendable {
    case idle
    case dragging(Where, operation: DropOperation)
    /// Waiting for `performDrop`'s answer.
    case performing(Target, DropOperation)
    case finished(DropOperation)
  }

  private(set) var state: State = .idle
  /// The operations the source allows now (a desktop source may change them mid-drag, as
  /// XDND's action follows the modifier keys).
  var allowed: Set<DropOperation>

  init(allowedOperations: Set<DropOperation>) {
    self.allowed = allowedOperations
  }

  /// The operation the drag would have if released now.
  var operation: DropOperation {
    switch state {
    case .idle: .cancel
    case .dragging(_, let operation): operation
    case .performing(_, let operation): operation
    case .finished(let operation): operation
    }
  }

  /// The target the drag has entered, if any.
  var enteredTarget: Target? {
    if case .dragging(.inside(let target, _), _) = state { return target }
    return nil
  }

  /// The drag began; call ``moved(over:)`` with its first location next.
  mutating func begin() {
    precondition(state == .idle, "a negotiation begins once")
    state = .dragging(.outside, operation: .cancel)
  }

  /// The pointer moved; `target` is the accepting target under it, if any.
  mutating func moved(over target: Target?) -> [Action] {
    guard case .dragging(let place, _) = state else { return [] }
    switch place {
    case .outside:
      guard let target else { return [] }
      state = .dragging(.validating(target), operation: .cancel)
      return [.validate(target)]
    case .validating:
      preconditionFailure("report validated(_:) before the next move")
    case .rejected(let current):
      if target == current { return [] }
      state = .dragging(.outside, operation: .cancel)
      return moved(over: target)
    case .inside(let current, _):
      if target == current { return [.update(current)] }
      state = .dragging(.outside, operation: .cancel)
      return [.exit(current)] + moved(over: target)
    }
  }

  /// The delegate's answer to `validateDrop(info:)`.
  mutating func validated(_ accepted: Bool) -> [Action] {
    guard case .dragging(.validating(let target), _) = state else { return [] }
    guard accepted else {
      state = .dragging(.rejected(target), operation: .cancel)
      return []
    }
    state = .dragging(.inside(target, lastValid: nil), operation: .copy)
    return [.enter(target), .update(target)]
  }

  /// The delegate's answer to `dropUpdated(info:)`: nil keeps the last valid proposal (`.copy`
  /// at first); an operation the source does not allow is treated as `.cancel`, as UIKit treats
  /// a `.move` the session does not allow.
  mutating func updated(_ proposal: DropProposal?) -> DropOperation {
    guard case .dragging(.inside(let target, let lastValid), _) = state else { return operation }
    let proposed = proposal?.operation ?? lastValid ?? .copy
    let isValid: Bool
    switch proposed {
    case .copy, .move: isValid = allowed.contains(proposed)
    case .cancel, .forbidden: isValid = true
    }
    let effective = isValid ? proposed : .cancel
    state = .dragging(.inside(target, lastValid: isValid ? proposed : lastValid), operation: effective)
    return effective
  }

  /// The pointer was released (after a final ``moved(over:)`` to the release location).
  mutating func released() -> [Action] {
    guard case .dragging(let place, let operation) = state else { return [] }
    if case .inside(let target, _) = place {
      if operation == .copy || operation == .move {
        state = .performing(target, operation)
        return [.perform(target, operation)]
      }
      state = .finished(.cancel)
      return [.exit(target), .finish(.cancel)]
    }
    state = .finished(.cancel)
    return [.finish(.cancel)]
  }

  /// The delegate's answer to `performDrop(info:)`.
  mutating func performed(_ accepted: Bool) -> [Action] {
    guard case .performing(_, let operation) = state else { return [] }
    let final = accepted ? operation : .cancel
    state = .finished(final)
    return [.finish(final)]
  }

  /// The host cancelled the drag.
  mutating func cancelled() -> [Action] {
    switch state {
    case .dragging(let place, _):
      state = .finished(.cancel)
      if case .inside(let target, _) = place { return [.exit(target), .finish(.cancel)] }
      return [.finish(.cancel)]
    case .idle:
      state = .finished(.cancel)
      return []
    case .performing, .finished:
      return []
    }
  }
}
