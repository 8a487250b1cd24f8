import SystemPasteboardCore
import UTIPlatform

/// What an X11 connection's event loop tells its owner, on the loop's thread: each event
/// (after the connection's ``SelectionOwner`` answered what is its), its deadlines when they
/// pass, and the end of the loop.
protocol X11EventLoopDelegate: AnyObject {
  /// One event, after the loop's ``SelectionOwner`` handled it.
  func handle(_ event: X11Connection.Event)
  /// When the owner next needs the loop without an event (a drag's overdue answer, a silent
  /// source): asked before each wait, and scheduled on the loop (`.max`: nothing).
  var nextDeadline: UInt64 { get }
  /// The deadline named by ``nextDeadline`` passed: what is overdue is acted on here.
  func deadlinePassed()
  /// The loop ended: `error` when the connection was lost, nil when it was closed.
  func loopEnded(_ error: SystemPasteboardError?)
}

extension EventLoop {
  /// A loop over `connection` to the X server; ``prepare(serving:delegate:)`` names what it
  /// serves, ``start()`` starts its thread.
  /// - Throws: ``SystemPasteboardError`` (`.connectionFailed`) when no wake-up pipe can be made.
  package convenience init(for connection: X11Connection) throws(SystemPasteboardError) {
    try self.init(socket: connection.socket, peer: "the X server")
    connection.writesHere = { [weak self] in self.map { !$0.isStarted || $0.inEventLoop } ?? true }
  }

  /// Prepares the loop of `owners`' connection: every event goes to the owners (which answer
  /// selection requests, INCR transfers and MULTIPLE, their slow loads posted back through the
  /// loop), then to `delegate` (held weakly). Before each wait, the earliest deadline of the
  /// owners and the delegate is scheduled on the loop (one timer, re-armed when it moves), and
  /// the task gives up what is overdue. When the loop ends the delegate hears why and the
  /// connection's socket is closed.
  func prepare(serving owners: SelectionOwners, delegate: any X11EventLoopDelegate) {
    let connection = owners.connection
    // A data load that ran off the loop answers through it.
    owners.loop = self
    let timer = LoopTimer(loop: self)
    let fire = LoopBound(
      { [weak delegate] in
        owners.giveUpOverdue()
        delegate?.deadlinePassed()
      }, on: self)
    prepare(
      serve: { [weak delegate] (deadline: UInt64) throws(SystemPasteboardError) in
        _ = try owners.serve(until: deadline) { event in
          delegate?.handle(event)
          return false
        }
      },
      beforeWait: { [weak delegate] in
        timer.arm(at: min(owners.nextDeadline, delegate?.nextDeadline ?? .max)) { fire.value() }
      },
      ended: { [weak delegate] error in
        connection.failReplyHandlers(
          error ?? SystemPasteboardError(.closed, "the connection to the X server was closed"))
        delegate?.loopEnded(error)
        connection.socket.close()
      })
  }

  /// Prepares the loop of `owner`'s connection, which serves it alone (and those made in its group).
  func prepare(serving owner: SelectionOwner, delegate: any X11EventLoopDelegate) {
    prepare(serving: owner.owners, delegate: delegate)
  }
}
