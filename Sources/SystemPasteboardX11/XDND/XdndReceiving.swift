import SystemPasteboardCore

/// The target side of XDND as a state machine: messages in, actions out, as
/// `DropNegotiation` is for the headless surface.
///
/// The owner (``XdndWindow``) checks that a message is addressed to its window, feeds it here,
/// and performs the actions: it reports the drag's events (``WindowDragEvent``) and answers the
/// source. The drag over the window, and the drops whose `XdndFinished` waits for their loads,
/// are kept here alone. Messages out of order, from a source other than the current one, or of
/// a version we do not speak are ignored, as the specification asks of a target.
///
/// ```
/// idle ──enter(s)──► over(s)  [begin s]
/// over(s) ──position(s)──► over(s, positioned)  [move]
/// over(s) ──leave(s) | source destroyed | silence──► idle  [exit]
/// over(s, positioned) ──drop(s)──► idle, s awaits its finish  [drop]
/// over(s), not positioned ──drop(s)──► idle  [exit, refuse]
/// s awaits its finish ──settled(n, action)──► [finish s]
/// ```
struct XdndReceiving: Equatable {
  /// What the owner does next.
  enum Action: Equatable {
    /// A drag from `source` came in: find its types (from `XdndTypeList` when `typeList`) and
    /// report it. `number` names the drag in the actions that follow.
    case begin(number: Int, source: UInt32, version: UInt32, types: [UInt32], typeList: Bool)
    /// The pointer is at root (`x`, `y`), the source asking for `action`: report the move, and
    /// answer `XdndStatus` when the answer comes.
    case move(number: Int, x: Int, y: Int, action: UInt32)
    /// The drag left (or its source went away, or a new one came in).
    case exit(number: Int)
    /// The drop, at `time`: report it; the owner reports ``settled(_:_:)`` once its loads are done.
    case drop(number: Int, time: UInt32)
    /// A drop before any position: answer `XdndFinished` with failure at once.
    case refuse(source: UInt32)
    /// A dropped drag's loads settled: answer its source `XdndFinished` with `action` (empty: failure).
    case finish(source: UInt32, action: DragActions)
  }

  /// A drag over the window.
  struct Drag: Equatable {
    var number: Int
    var source: UInt32
    /// Whether a position came.
    var positioned = false
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

  /// The source window of drag `number`: over us, or dropped and not yet finished.
  func source(of number: Int) -> UInt32? {
    drag.flatMap { $0.number == number ? $0.source : nil } ?? awaitingFinish[number]
  }

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
      (drag.positioned, drag.lastHeard) = (true, now)
      state = .over(drag)
      return [.move(number: drag.number, x: x, y: y, action: action)]
    case .leave(let source):
      guard drag?.source == source else { return [] }
      return ended()
    case .drop(let source, let time):
      guard let drag, drag.source == source else { return [] }
      guard drag.positioned else { return ended() + [.refuse(source: source)] }
      state = .idle
      awaitingFinish[drag.number] = source
      return [.drop(number: drag.number, time: time)]
    case .status, .finished:
      return []  // a source's answers, not for a target
    }
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

  /// The loads of dropped drag `number` settled with `action`: its source hears it, once.
  mutating func settled(_ number: Int, _ action: DragActions) -> [Action] {
    guard let source = awaitingFinish.removeValue(forKey: number) else { return [] }
    return [.finish(source: source, action: action)]
  }

  /// Ends the drag over us.
  private mutating func ended() -> [Action] {
    guard let drag else { return [] }
    state = .idle
    return [.exit(number: drag.number)]
  }
}
