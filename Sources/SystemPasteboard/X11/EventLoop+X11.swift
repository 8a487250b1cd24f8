import UTIPlatform

/// What an X11 connection's event loop tells its owner, on the loop's thread: each event
/// (after the connection's ``SelectionOwner`` answered what is its), the deadlines it checks
/// between waits, and the end of the loop.
protocol X11EventLoopDelegate: AnyObject {
  /// One event, after the loop's ``SelectionOwner`` handled it.
  func handle(_ event: X11Connection.Event)
  /// When the owner next needs the loop to wake without an event (a drag's overdue answer).
  var nextDeadline: UInt64 { get }
  /// Between waits: deadlines that passed are acted on here.
  func tick()
  /// The loop ended: `error` when the connection was lost, nil when it was closed.
  func loopEnded(_ error: SystemPasteboardError?)
}

extension EventLoop {
  /// A loop over `connection` to the X server; ``prepare(serving:delegate:)`` names what it
  /// serves, ``start()`` starts its thread.
  /// - Throws: ``SystemPasteboardError`` (`.connectionFailed`) when no wake-up pipe can be made.
  package convenience init(for connection: X11Connection) throws(SystemPasteboardError) {
    try self.init(socket: connection.socket, peer: "the X server")
  }

  /// Prepares the loop of `owners`' connection: every event goes to the owners (which answer
  /// selection requests, INCR transfers and MULTIPLE, their slow loads posted back through the
  /// loop), then to `delegate` (held weakly), with the delegate's deadlines checked between
  /// waits. When the loop ends the delegate hears why and the connection's socket is closed.
  func prepare(serving owners: SelectionOwners, delegate: any X11EventLoopDelegate) {
    let connection = owners.connection
    // A data load that ran off the loop answers through it.
    owners.post = { [weak self] command in _ = self?.execute(command) }
    prepare(
      serve: { [weak delegate] (waiting: Bool) throws(SystemPasteboardError) in
        // A driven loop handles what is there now; its driver calls again for deadlines.
        let deadline =
          waiting ? min(MonotonicClock.deadline(after: 1_000_000_000), delegate?.nextDeadline ?? .max) : 0
        _ = try owners.serve(until: deadline) { event in
          delegate?.handle(event)
          return false
        }
        delegate?.tick()
      },
      ended: { [weak delegate] error in
        delegate?.loopEnded(error)
        connection.socket.close()
      })
  }

  /// Prepares the loop of `owner`'s connection, which serves it alone (and those made in its group).
  func prepare(serving owner: SelectionOwner, delegate: any X11EventLoopDelegate) {
    prepare(serving: owner.owners, delegate: delegate)
  }
}
