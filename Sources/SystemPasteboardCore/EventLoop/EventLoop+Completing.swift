import UTIPlatform

extension EventLoop {
  /// Hands what a command completes later to the thread that waits for it: the command calls
  /// it once, from the loop (a reply that arrived, a deadline that passed).
  package typealias Completion<T> = @Sendable (Result<T, SystemPasteboardError>) -> Void

  /// Starts `body` on the loop's thread and waits (at most `seconds`) for the outcome it
  /// completes later, while the loop goes on serving: for a command that asks the server and
  /// goes on when the answer arrives (x11rb's cookie, swift-nio's promise), rather than waiting
  /// for it on the loop. Before the thread is started, or on the thread that serves the loop,
  /// the caller starts it and serves the loop itself until the outcome comes (the loop's one
  /// nested serve, for a caller that is the loop: a handler that copies; a handler avoids it by
  /// posting its work). Fails at once when the loop has ended.
  /// - Throws: What `body` throws or completes with, the error that ended the loop, or `.timeout`.
  package func submit<T: Sendable>(
    within seconds: Double,
    completing body: @escaping @Sendable (_ done: @escaping Completion<T>) throws(SystemPasteboardError) -> Void
  ) throws(SystemPasteboardError) -> T {
    let outcome = Waiter<Result<T, SystemPasteboardError>>()
    let start: @Sendable () -> Void = {
      do throws(SystemPasteboardError) {
        try body { outcome.deliver($0) }
      } catch {
        outcome.deliver(.failure(error))
      }
    }
    if !isStarted || inEventLoop {
      try checkOpen()
      start()
      if outcome.wait(seconds: 0) == nil {
        try serve(until: MonotonicClock.deadline(after: MonotonicClock.nanoseconds(seconds))) {
          outcome.wait(seconds: 0) != nil
        }
      }
    } else if !execute(start) {
      throw failure ?? closedError
    }
    guard let result = outcome.wait(seconds: seconds) else {
      throw SystemPasteboardError(.timeout, "the thread of the connection to \(peer) did not answer in time")
    }
    return try result.get()
  }
}
