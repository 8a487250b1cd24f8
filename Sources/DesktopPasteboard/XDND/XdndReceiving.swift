import Pasteboard

/// The target side of XDND as a state machine: messages in, actions out, as
/// `DropNegotiation` is for the headless surface.
///
/// The owner (``X11Window``'s drop target) checks that a message is addressed to its window,
/// feeds it here, and performs the actions: it builds the drag's items, runs the surface and
/// answers the source. The drag over the window, and the drops whose `XdndFinished` waits for
/// their loads, are kept here alone: the owner keeps no copy. `Items` is what the owner builds
/// from a drag's types (the item providers, where the window is), carried in the state until
/// the drag ends. Messages out of order, from a source other than the current one, or of a
/// version we do not speak are ignored, as the specification asks of a target.
///
/// ```
/// idle ──enter(s)──► reading(s)  [begin s]
/// reading(s) ──built(items)──► over(s, items)            (items nil: they could not be built)
///                                 [move or decline, where a position came while they were built]
/// reading(s) ──position(s)──► reading(s, positioned)  [nothing yet: answered once built]
/// over(s) ──position(s)──► over(s, positioned)  [move, or decline without items]
/// reading(s) | over(s) ──leave(s) | source destroyed | silence──► idle  [exit if positioned]
/// over(s, positioned, items) ──drop(s)──► idle, s awaits its finish  [drop]
/// over(s), not positioned or no items ──drop(s)──► idle  [refuse]
/// s awaits its finish ──settled(n, operation)──► [finish s]
/// ```
struct XdndReceiving<Items: Equatable>: Equatable {
  /// What the owner does next.
  enum Action: Equatable {
    /// A drag from `source` came in: build its items from its types (from `XdndTypeList` when
    /// `typeList`), then report them with ``built(_:)``. `number` names the drag in
    /// ``settled(_:_:)``.
    case begin(number: Int, source: UInt32, version: UInt32, types: [UInt32], typeList: Bool)
    /// The pointer is at root (`x`, `y`), the source asking for `action`: move the drag there
    /// (beginning it on the surface when `first`) and answer `XdndStatus`.
    case move(Items, x: Int, y: Int, action: UInt32, first: Bool)
    /// The drag's items could not be built: answer `XdndStatus` refusing it, rather than leave
    /// the source waiting.
    case decline(source: UInt32)
    /// The drag left after it began on the surface: the surface cancels it (`dropExited` if it
    /// was inside a target).
    case exit(Items)
    /// The drop, at `time` and root (`x`, `y`): the surface ends the drag (`performDrop`); the
    /// owner reports ``settled(_:_:)`` when its loads settle (or at once, when nothing was dropped).
    case drop(Items, x: Int, y: Int, time: UInt32)
    /// A drop that cannot be taken (before any position, or without items): answer
    /// `XdndFinished` with failure at once.
    case refuse(source: UInt32)
    /// A dropped drag's loads settled: answer its source `XdndFinished` with `operation`.
    case finish(source: UInt32, operation: DropOperation)
  }

  /// A drag over the window.
  struct Drag: Equatable {
    var number: Int
    var source: UInt32
    /// What the owner built from its types; nil until built, or when they could not be.
    var items: Items?
    /// Whether its items were reported (``built(_:)``).
    var built = false
    /// Whether a position came (the drag began on the surface, when it has items).
    var positioned = false
    /// The latest position, in root coordinates, and the action the source asked for there.
    var x = 0
    var y = 0
    var action: UInt32 = 0
    /// When its source last spoke (monotonic nanoseconds).
    var lastHeard: UInt64
  }

  enum State: Equatable {
    case idle
    case over(Drag)
  }

  private(set) var state: State = .idle
  /// The sources of drags dropped whose `XdndFinished` waits for their loads, by number.
  private(set) var awaitingFinish: [Int: UInt32] = [:]
  private var count = 0

  /// The drag over the window, if any.
  var drag: Drag? {
    if case .over(let drag) = state { return drag }
    return nil
  }

  /// The current source window, if a drag is over us.
  var source: UInt32? { drag?.source }

  /// A message for our window, at `now` (monotonic nanoseconds).
  mutating func received(_ message: Xdnd.Message, at now: UInt64 = 0) -> [Action] {
    switch message {
    case .enter(let source, let version, let types, let typeList):
      guard version >= Xdnd.oldestVersion else { return [] }
      // A new Enter while a drag is over us: the earlier source is gone (or starts again).
      let exit = ended()
      count += 1
      state = .over(Drag(number: count, source: source, lastHeard: now))
      let spoken = min(version, Xdnd.version)
      return exit + [.begin(number: count, source: source, version: spoken, types: types, typeList: typeList)]
    case .position(let source, let x, let y, _, let action):
      guard var drag, drag.source == source else { return [] }
      let first = !drag.positioned
      (drag.positioned, drag.x, drag.y, drag.action, drag.lastHeard) = (true, x, y, action, now)
      state = .over(drag)
      // Still being built: answered once they are (``built(_:for:)``); the source sends no
      // other position before our answer (one XdndPosition is in flight at a time).
      guard drag.built else { return [] }
      guard let items = drag.items else { return [.decline(source: source)] }
      return [.move(items, x: x, y: y, action: action, first: first)]
    case .leave(let source):
      guard drag?.source == source else { return [] }
      return ended()
    case .drop(let source, let time):
      guard let drag, drag.source == source else { return [] }
      state = .idle
      guard drag.positioned, let items = drag.items else { return [.refuse(source: source)] }
      awaitingFinish[drag.number] = source
      return [.drop(items, x: drag.x, y: drag.y, time: time)]
    case .status, .finished:
      return []  // a source's answers, not for a target
    }
  }

  /// The items the owner built for drag `number` (nil: they could not be built, and the drag
  /// is declined). Items of a drag that already ended are dropped. Where a position came while
  /// they were built, it is answered now: the drag moves there, or is declined.
  mutating func built(_ items: Items?, for number: Int) -> [Action] {
    guard var drag, drag.number == number, !drag.built else { return [] }
    (drag.items, drag.built) = (items, true)
    state = .over(drag)
    guard drag.positioned else { return [] }
    guard let items else { return [.decline(source: drag.source)] }
    return [.move(items, x: drag.x, y: drag.y, action: drag.action, first: true)]
  }

  /// The source window was destroyed: the drag is over.
  mutating func sourceGone(_ window: UInt32) -> [Action] {
    guard drag?.source == window else { return [] }
    return ended()
  }

  /// Ends the drag over us when its source has been silent since `limit` nanoseconds before
  /// `now`: sources send `XdndPosition` on every motion, so a long silence is a source that
  /// stopped (hung, or lost its connection without its window being destroyed).
  mutating func checkSilence(at now: UInt64, limit: UInt64) -> [Action] {
    guard let drag, now >= drag.lastHeard &+ limit else { return [] }
    return ended()
  }

  /// The connection is gone: a drag over us ends, and no finish can be sent any more.
  mutating func connectionLost() -> [Action] {
    awaitingFinish = [:]
    return ended()
  }

  /// The loads of dropped drag `number` settled with `operation`: its source hears it, once.
  mutating func settled(_ number: Int, _ operation: DropOperation) -> [Action] {
    guard let source = awaitingFinish.removeValue(forKey: number) else { return [] }
    return [.finish(source: source, operation: operation)]
  }

  /// Ends the drag over us: the surface exits it where it began there.
  private mutating func ended() -> [Action] {
    guard let drag else { return [] }
    state = .idle
    guard drag.positioned, let items = drag.items else { return [] }
    return [.exit(items)]
  }
}
