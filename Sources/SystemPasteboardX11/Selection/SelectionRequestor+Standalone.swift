import SystemPasteboardCore
import UTIPlatform

extension SelectionRequestor {
  /// A reader of a selection on a connection of its own, with an event loop that serves only
  /// its reads: for a caller that cannot wait on the loop it would otherwise read through (a
  /// window served on the main thread, reading from one of its delegates), and for a server
  /// alone with its reader (the hostile servers of the tests).
  final class Standalone: SelectionRequestorHost, @unchecked Sendable {
    // Sendable: `reading` is `loop`'s (made and used only on its thread); the rest is `let`s.
    let connection: X11Connection
    let requestedSelection: String
    private let loop: EventLoop
    /// Made at the first read, on the loop.
    private var reading: SelectionRequestor?

    /// A reader of `selection` on `connection`, whose loop starts now.
    /// - Throws: ``SystemPasteboardError`` (`.connectionFailed`) when no thread or wake-up pipe can be made.
    init(connection: X11Connection, selection: String) throws(SystemPasteboardError) {
      self.connection = connection
      requestedSelection = selection
      loop = try EventLoop(for: connection)
      loop.prepare(
        serve: { [weak self] (deadline: UInt64) throws(SystemPasteboardError) in
          try self?.serve(until: deadline)
        },
        ended: { [weak self] error in
          self?.reading?.loopEnded(error ?? SystemPasteboardError(.closed, "the reading connection was closed"))
          connection.socket.close()
        })
      try loop.start()
    }

    deinit { loop.close() }

    var requestorLoop: EventLoop { loop }

    func requestor() throws(SystemPasteboardError) -> SelectionRequestor {
      if let reading { return reading }
      let requestor = try SelectionRequestor(connection: connection, selection: requestedSelection)
      reading = requestor
      return requestor
    }

    /// Hands the requestor what arrives until `deadline`, until a command is posted, or until
    /// what was read is handled.
    private func serve(until deadline: UInt64) throws(SystemPasteboardError) {
      while let event = try connection.nextEvent(until: deadline, wakeable: true) {
        reading?.handle(X11Event(event, xfixesEvent: nil))
        if connection.takeWake() || !connection.hasQueuedEvents { return }
      }
      _ = connection.takeWake()
    }
  }
}
