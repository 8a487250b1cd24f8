import SystemPasteboardCore
import UTIPlatform

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// Who writes a connection's requests: the loop that reads it, as X11's connection is written
/// by its loop alone. A request made on the loop's thread (or before a loop serves the
/// connection, by its maker) is written at once, after any still queued; one made on another
/// thread is queued with duplicates of its descriptors (so its caller may close its own at
/// once) and the loop writes it at its next turn, in the order made. A queued write that fails
/// ends the connection at the loop's next read, whose error every waiter hears.
extension WaylandConnection {
  /// One `send`'s messages, encoded, with the descriptors they pass.
  struct Write {
    /// One request, encoded: its object, and its name (`interface.request`) for errors.
    struct Message {
      var object: UInt32
      var isDestructor: Bool
      var bytes: [UInt8]
      var descriptors: [Int32]
      var name: String
    }
    var messages: [Message]
    /// Every descriptor the messages pass.
    var descriptors: [Int32] { messages.flatMap(\.descriptors) }
  }

  /// The writes waiting for the loop, and the loop's check and post.
  struct Outgoing {
    var queue: [Write] = []
    var loop: Writer?
    /// Why a queued write failed, for the loop's next read.
    var failure: SystemPasteboardError?
  }

  /// The loop's side of writing: whether the calling thread writes now, and how a write is posted.
  struct Writer {
    let writesHere: @Sendable () -> Bool
    let post: @Sendable (@escaping @Sendable () -> Void) -> Bool
  }

  /// Makes `loop` the connection's writer (the dispatcher does, when it is made).
  func writeOn(_ loop: EventLoop) {
    outgoing.withLock {
      $0.loop = Writer(
        writesHere: { [weak loop] in loop.map { !$0.isStarted || $0.inEventLoop } ?? true },
        post: { [weak loop] command in loop?.execute(command) ?? false })
    }
  }

  /// Writes `write` now where this thread writes, else queues it for the loop.
  /// - Throws: ``SystemPasteboardError``: the socket's failure (written here), `.closed` when the
  ///   loop has ended, `.connectionFailed` when no descriptor is left for the duplicates.
  func transmit(_ write: Write) throws(SystemPasteboardError) {
    guard let writer = outgoing.withLock({ $0.loop }), !writer.writesHere() else {
      try flushQueued()
      return try writeNow(write)
    }
    var queued = write
    var made: [Int32] = []
    for index in queued.messages.indices {
      for (slot, fd) in queued.messages[index].descriptors.enumerated() {
        let copy = dup(fd)
        guard copy >= 0 else {
          for fd in made { close(fd) }
          throw SystemPasteboardError(.connectionFailed, "no file descriptors are left to send a request with")
        }
        made.append(copy)
        queued.messages[index].descriptors[slot] = copy
      }
    }
    outgoing.withLock { $0.queue.append(queued) }
    guard writer.post({ [self] in try? flushQueued() }) else {
      // The loop has ended: nobody writes the queue any more.
      closeQueued()
      throw SystemPasteboardError(.closed, "the connection to the Wayland compositor at \(display) was closed")
    }
  }

  /// Writes what other threads queued, in order, and closes their descriptors' duplicates; a
  /// failure is kept for the loop's next read (``checkQueuedWrites()``) and thrown.
  func flushQueued() throws(SystemPasteboardError) {
    while let next = outgoing.withLock({ $0.queue.isEmpty ? nil : $0.queue.removeFirst() }) {
      defer { for fd in next.descriptors { close(fd) } }
      do throws(SystemPasteboardError) {
        try writeNow(next)
      } catch {
        outgoing.withLock { $0.failure = $0.failure ?? error }
        closeQueued()
        throw error
      }
    }
  }

  /// Throws why a queued write failed, if one did (the loop's read ends the connection then).
  func checkQueuedWrites() throws(SystemPasteboardError) {
    if let failure = outgoing.withLock({ $0.failure }) { throw failure }
  }

  /// Drops the queued writes, closing their descriptors' duplicates.
  private func closeQueued() {
    for write in outgoing.withLock({ state in
      defer { state.queue.removeAll() }
      return state.queue
    }) {
      for fd in write.descriptors { close(fd) }
    }
  }
}
