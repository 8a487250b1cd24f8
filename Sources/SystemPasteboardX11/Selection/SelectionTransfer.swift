import SystemPasteboardCore
import UTIPlatform

/// One target's data on its way from the event loop that receives it from the selection's
/// owner (``SelectionRequestor``) to the thread that asked for it: the loop delivers chunks and
/// the end, the reader takes them.
///
/// The loop reads ahead at most ``capacity`` chunks: then it pauses, and the reader's next take
/// resumes it, so that memory stays flat for any size while the owner writes the next chunk as
/// the reader consumes this one.
final class SelectionTransfer: @unchecked Sendable {
  // Sendable: `state` is under its lock and `changed` signals its changes; the rest is `let`s.
  /// The target asked for, and the selection's name (for messages).
  let target: String
  let selectionName: String
  /// The server time the conversion is asked for (CurrentTime, 0, by default).
  let time: UInt32
  /// Chunks the loop reads ahead of the reader before it pauses.
  static let capacity = 2

  private let state = Locked(State())
  private let changed = ChangeSignal()

  private struct State {
    var chunks: [[UInt8]] = []
    /// The property type, or the error the transfer ended with.
    var end: Result<UInt32, SystemPasteboardError>?
    /// Whether the owner answered the conversion (the first wait is over).
    var answered = false
    /// Whether the loop paused for the reader to take a chunk.
    var paused = false
    /// Whether the reader gave up (its loop side drops the transfer).
    var cancelled = false
  }

  init(target: String, selectionName: String, time: UInt32) {
    self.target = target
    self.selectionName = selectionName
    self.time = time
  }

  // MARK: The loop's side

  /// The owner answered the conversion with a property.
  func answered() {
    state.withLock { $0.answered = true }
  }

  /// Hands a chunk to the reader.
  func deliver(_ chunk: [UInt8]) {
    state.withLock { $0.chunks.append(chunk) }
    changed.notify()
  }

  /// Ends the transfer: the property's type, or why it failed (the first end wins).
  func finish(_ result: Result<UInt32, SystemPasteboardError>) {
    state.withLock { state in
      if state.end == nil { state.end = result }
    }
    changed.notify()
  }

  /// Pauses the loop when the reader has ``capacity`` chunks to take; true when paused (the
  /// reader's next take resumes it).
  func pauseIfFull() -> Bool {
    state.withLock { state in
      state.paused = state.chunks.count >= Self.capacity
      return state.paused
    }
  }

  /// Whether the reader gave up.
  var isCancelled: Bool { state.withLock { $0.cancelled } }

  // MARK: The reader's side

  /// What the reader takes: a chunk (and whether the loop paused for it and must be resumed),
  /// or the end with the property's type.
  enum Taken {
    case chunk([UInt8], resume: Bool)
    case end(UInt32)
  }

  /// The next chunk or the end, once the loop delivered it; `serve` waits for it on a loop the
  /// calling thread serves itself (one whose thread is not started yet).
  /// - Throws: The error the transfer ended with, or `.timeout` when nothing came in `seconds`.
  func take(
    within seconds: Double, serving serve: ((UInt64, () -> Bool) throws(SystemPasteboardError) -> Void)? = nil
  ) throws(SystemPasteboardError) -> Taken {
    let deadline = MonotonicClock.deadline(after: MonotonicClock.nanoseconds(seconds))
    let ready = { self.state.withLock { !$0.chunks.isEmpty || $0.end != nil } }
    if let serve {
      try serve(deadline, ready)
    } else {
      changed.wait(until: ready, seconds: seconds)
    }
    let taken = state.withLock { state -> Result<Taken, SystemPasteboardError>? in
      if !state.chunks.isEmpty {
        let chunk = state.chunks.removeFirst()
        defer { state.paused = false }
        return .success(.chunk(chunk, resume: state.paused))
      }
      return state.end.map { end in end.map { .end($0) } }
    }
    if let taken { return try taken.get() }
    let waitedFor =
      state.withLock { $0.answered }
      ? "the next chunk of \(target) from the owner of \(selectionName)"
      : "the owner of \(selectionName) to answer \(target)"
    throw SystemPasteboardError(.timeout, "timed out waiting for \(waitedFor)")
  }

  /// The reader gives up (a timeout, or its sink failed).
  func cancel() {
    state.withLock { $0.cancelled = true }
  }
}
