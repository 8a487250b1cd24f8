/// One deadline of a loop's owner, kept scheduled on the loop: ``arm(at:_:)`` moves it (the
/// task scheduled for the old deadline is withdrawn), and the task runs once when the deadline
/// passes, as swift-nio's owners keep one `Scheduled` and cancel it when it moves.
///
/// Confined to the loop's thread, as its owner is.
package final class LoopTimer: @unchecked Sendable {
  // Sendable: `scheduled` is `loop`'s: the timer is armed, re-armed and cancelled only on the loop's thread.
  private unowned let loop: EventLoop
  private var scheduled: (deadline: UInt64, task: EventLoop.Scheduled)?

  /// A timer on `loop`, unarmed.
  package init(loop: EventLoop) { self.loop = loop }

  /// Runs `fire` on the loop at `deadline` (`.max`: never), in place of what was armed before,
  /// unless it is armed for that deadline already.
  package func arm(at deadline: UInt64, _ fire: @escaping () -> Void) {
    guard scheduled?.deadline != deadline else { return }
    if let scheduled { loop.cancel(scheduled.task) }
    scheduled = nil
    guard deadline != .max else { return }
    let body = LoopBound(fire, on: loop)
    let task = loop.scheduleTask(deadline: deadline) { [self] in
      scheduled = nil
      body.value()
    }
    scheduled = (deadline, task)
  }
}
