/// Tasks scheduled for a time, earliest first (an event loop's `scheduleTask`, the work pool's
/// ``WorkPool/schedule(at:_:)``): a binary heap of deadlines beside the tasks by number, so that
/// a cancelled task is dropped at once and its place in the heap skipped when it comes up. Ties
/// run in the order scheduled.
package struct ScheduledTasks {
  /// A task's place: its deadline and number (the order it was scheduled in).
  private struct Entry {
    let deadline: UInt64
    let number: Int
    func precedes(_ other: Entry) -> Bool {
      deadline != other.deadline ? deadline < other.deadline : number < other.number
    }
  }

  private var heap: [Entry] = []
  /// The tasks still scheduled, by number (an `Int`: see `X11Connection`'s replies).
  private var tasks: [Int: @Sendable () -> Void] = [:]
  private var scheduled = 0

  /// No task yet.
  package init() {}

  /// The number of tasks still scheduled.
  package var count: Int { tasks.count }

  /// Schedules `task` for `deadline` (a ``MonotonicClock`` time); returns its number.
  package mutating func add(deadline: UInt64, _ task: @escaping @Sendable () -> Void) -> Int {
    scheduled += 1
    tasks[scheduled] = task
    heap.append(Entry(deadline: deadline, number: scheduled))
    siftUp(heap.count - 1)
    return scheduled
  }

  /// Drops task `number`; false when it already ran or was cancelled.
  @discardableResult
  package mutating func cancel(_ number: Int) -> Bool {
    tasks.removeValue(forKey: number) != nil
  }

  /// The earliest deadline of a task still scheduled (`.max`: none).
  package mutating func nextDeadline() -> UInt64 {
    dropCancelledHead()
    return heap.first?.deadline ?? .max
  }

  /// Removes and returns the tasks due at `now`, in deadline order.
  package mutating func takeDue(at now: UInt64) -> [@Sendable () -> Void] {
    var due: [@Sendable () -> Void] = []
    while true {
      dropCancelledHead()
      guard let first = heap.first, first.deadline <= now else { return due }
      removeFirst()
      if let task = tasks.removeValue(forKey: first.number) { due.append(task) }
    }
  }

  /// Drops every task (the loop ended).
  package mutating func removeAll() {
    heap.removeAll()
    tasks.removeAll()
  }

  private mutating func dropCancelledHead() {
    while let first = heap.first, tasks[first.number] == nil { removeFirst() }
  }

  private mutating func removeFirst() {
    let last = heap.removeLast()
    guard !heap.isEmpty else { return }
    heap[0] = last
    siftDown(0)
  }

  private mutating func siftUp(_ start: Int) {
    var child = start
    while child > 0 {
      let parent = (child - 1) / 2
      guard heap[child].precedes(heap[parent]) else { return }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  private mutating func siftDown(_ start: Int) {
    var parent = start
    while true {
      var first = parent
      for child in [2 * parent + 1, 2 * parent + 2] where child < heap.count && heap[child].precedes(heap[first]) {
        first = child
      }
      guard first != parent else { return }
      heap.swapAt(parent, first)
      parent = first
    }
  }
}
