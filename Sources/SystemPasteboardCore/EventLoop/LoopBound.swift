/// A value that belongs to one event loop's thread and is opened only there, as swift-nio's
/// `NIOLoopBound`: an owner carried through a load on the work pool whose answer is posted back
/// to the loop, or a timer's body. It may be made and carried anywhere; ``value`` checks the
/// calling thread on every access (in every build, as `NIOLoopBound` does), so a value opened off
/// its loop stops the process at that line instead of racing with the loop.
///
/// Before the loop starts, the thread that serves it then (its caller) may open it too
/// (``EventLoop/preconditionInEventLoop(file:line:)``).
package struct LoopBound<Value>: @unchecked Sendable {
  // Sendable: the value is reached only through `value`, which checks that the caller is on
  // `loop`'s thread (or serves the loop before it starts) every time.
  private let stored: Value
  /// Held weakly: a value carried by a load or a timer keeps no loop alive (a closed loop's
  /// commands are dropped, and a value bound to it is never opened).
  private weak var boundLoop: EventLoop?

  /// Binds `value` to `loop`.
  package init(_ value: Value, on loop: EventLoop) {
    self.stored = value
    self.boundLoop = loop
  }

  /// The loop whose thread alone opens the value; nil once it is gone.
  package var loop: EventLoop? { boundLoop }

  /// The value; stops the process when called off the loop's thread.
  package var value: Value {
    guard let loop = boundLoop else { preconditionFailure("a value of an event loop that is gone was used") }
    loop.preconditionInEventLoop()
    return stored
  }
}

/// A value handed whole from one thread to another, used by one thread at a time: what a
/// command made on the loop returns to its caller (an owner the caller keeps only to hand back),
/// or what a caller hands in to a command the loop runs. Nothing checks it: where the value
/// is to be used only on the loop, ``LoopBound`` is the type.
package struct HandedOver<Value>: @unchecked Sendable {
  // Sendable: the thread that hands it over keeps no use of the value (it may keep a reference
  // only to hand back later); the receiving thread alone uses it from then on.
  package let value: Value

  /// Wraps `value` for the hand-over.
  package init(_ value: Value) { self.value = value }
}
