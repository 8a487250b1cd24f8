import Testing
import UTIPlatform

/// The process's one bounded pool: work that may wait, and work that waits for a time.
@Suite("Work pool")
struct WorkPoolTests {
  /// Scheduled work runs at its time or after, never before, earliest first, though a
  /// later-scheduled one is due sooner; one thread runs it all.
  @Test func scheduledWorkRunsAtItsTimeEarliestFirst() {
    let pool = WorkPool(threadLimit: 1, queueLimit: 16)
    let ran = Locked<[(String, Bool)]>([])
    let done = Waiter<Bool>()
    let start = MonotonicClock.now()
    for (name, offset) in [("late", UInt64(200_000_000)), ("soon", 50_000_000), ("middle", 100_000_000)] {
      let deadline = start + offset
      #expect(
        pool.schedule(at: deadline) {
          ran.withLock { $0.append((name, MonotonicClock.now() >= deadline)) }
          if name == "late" { done.deliver(true) }
        })
    }
    #expect(done.wait(seconds: 30) == true)
    let order = ran.withLock { $0 }
    #expect(order.map(\.0) == ["soon", "middle", "late"])
    #expect(order.allSatisfy { $0.1 }, "none before its time")
  }

  /// Scheduled work (a sensitive copy's expiry) runs at its time though every thread for work
  /// is held (a load on a stalled mount): it has a thread of its own, and waits behind nothing.
  @Test func scheduledWorkRunsWhileEveryThreadIsHeld() {
    let pool = WorkPool(threadLimit: 1, queueLimit: 16)
    let release = Waiter<Bool>()
    let held = Waiter<Bool>()
    #expect(
      pool.submit {
        held.deliver(true)
        _ = release.wait(seconds: 60)
      })
    #expect(held.wait(seconds: 30) == true, "the one thread for work is held")
    #expect(pool.submit {}, "queued behind it")
    let expired = Waiter<Bool>()
    #expect(pool.schedule(at: MonotonicClock.deadline(after: 50_000_000)) { expired.deliver(true) })
    #expect(expired.wait(seconds: 30) == true, "the scheduled work ran while the work thread was held")
    release.deliver(true)
  }

  /// A full queue refuses work rather than queueing it without bound; the caller hears so.
  @Test func aFullQueueRefusesWork() {
    let pool = WorkPool(threadLimit: 1, queueLimit: 2)
    let release = Waiter<Bool>()
    let started = Waiter<Bool>()
    #expect(
      pool.submit {
        started.deliver(true)
        _ = release.wait(seconds: 30)
      })
    #expect(started.wait(seconds: 30) == true, "the one thread is busy")
    #expect(pool.submit {})
    #expect(pool.submit {})
    #expect(!pool.submit {}, "a third waiting item is refused")
    release.deliver(true)
  }
}
