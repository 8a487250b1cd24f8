import Testing
import UTIPlatform

/// The process's one bounded pool: work that may wait, and work that waits for a time.
@Suite("Work pool")
struct WorkPoolTests {
  /// Scheduled work runs on a pool thread at its time or after, never before, earliest first,
  /// though a later-scheduled one is due sooner; the pool starts no thread beyond its limit for it.
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
