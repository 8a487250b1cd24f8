import UTIPlatform

/// The way the app's own loads reach the process's one bounded pool (`WorkPool`): at most
/// ``width`` of them submitted at a time, the rest waiting here in the order they were asked.
///
/// A drop of ten thousand files whose app starts a load for each is the app's own request, as
/// Apple's item providers take it, not a peer's flood: it must not fill the pool's queue (whose
/// limit is there for peers' requests, a selection request refused when it is full) nor fail
/// loads beyond it. What waits here is bounded by what the app asked; a peer's requests reach
/// the pool through the desktop's own submissions, which refuse when it is full, and run their
/// loads in place. A load the pool refuses even so (its queue full of peers' work) fails.
final class LoadLane: Sendable {
  /// The process's lane.
  static let shared = LoadLane(width: 64)

  /// The most loads submitted to the pool at once.
  let width: Int
  private let state = Locked(State())

  private struct State {
    var waiting: [Item] = []
    var head = 0
    var submitted = 0
  }

  /// A load's start, and what tells it the pool refused it.
  private struct Item: Sendable {
    var run: @Sendable () -> Void
    var refused: @Sendable () -> Void
  }

  init(width: Int) { self.width = max(1, width) }

  /// Runs `run` on the pool once fewer than ``width`` loads are there; `refused` when the pool
  /// has no room.
  func submit(_ run: @escaping @Sendable () -> Void, refused: @escaping @Sendable () -> Void) {
    let item = Item(run: run, refused: refused)
    let now = state.withLock { state -> Bool in
      guard state.submitted < width else {
        state.waiting.append(item)
        return false
      }
      state.submitted += 1
      return true
    }
    if now { give(item) }
  }

  /// Hands `item` to the pool; when it has run, the next waiting load goes. A refused load
  /// fails and the next is tried, in a loop (a long queue refused does not nest calls).
  private func give(_ item: Item) {
    var current = item
    while true {
      let running = current
      let accepted = WorkPool.shared.submit { [self] in
        running.run()
        if let following = takeNext() { give(following) }
      }
      if accepted { return }
      current.refused()
      guard let following = takeNext() else { return }
      current = following
    }
  }

  /// The next waiting load, given the place of the one that ended; nil: none waits, and the
  /// lane has one load fewer in the pool.
  private func takeNext() -> Item? {
    state.withLock { state -> Item? in
      guard state.head < state.waiting.count else {
        state.submitted -= 1
        return nil
      }
      let item = state.waiting[state.head]
      state.head += 1
      if state.head == state.waiting.count {
        state.waiting.removeAll(keepingCapacity: state.waiting.capacity <= 4096)
        state.head = 0
      } else if state.head > 1024 && state.head * 2 > state.waiting.count {
        state.waiting.removeFirst(state.head)
        state.head = 0
      }
      return item
    }
  }
}
