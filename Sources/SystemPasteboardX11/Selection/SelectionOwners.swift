import SystemPasteboardCore
import UTIPlatform

/// The selection owners on one connection, served together: each event read goes to every
/// owner, which takes what is its own (requests for its window, its transfers' steps), and the
/// errors of requests nobody waits for go to every owner after it. A pasteboard's clipboard and
/// primary selection share one, and an XDND window's `XdndSelection` owner has one of its own.
///
/// Confined to the thread that serves the connection, as its owners are.
final class SelectionOwners {
  package let connection: X11Connection
  /// The owners, held weakly: an owner's user keeps it (and removes it when it is done).
  private var members: [Member] = []

  private struct Member {
    weak var owner: SelectionOwner?
  }

  /// The loop that serves the owners, whose thread runs the commands another thread posts to
  /// them (an answer loaded on the work pool): set by that loop; nil where none does.
  weak var loop: EventLoop?

  /// Owners of the selections on `connection`, none yet.
  package init(connection: X11Connection) { self.connection = connection }

  /// The owners served now.
  var owners: [SelectionOwner] { members.compactMap(\.owner) }

  /// Serves `owner` with the others, from the next event on.
  func add(_ owner: SelectionOwner) {
    members.removeAll { $0.owner == nil }
    members.append(Member(owner: owner))
  }

  /// Stops serving `owner`.
  func remove(_ owner: SelectionOwner) {
    members.removeAll { $0.owner == nil || $0.owner === owner }
  }

  /// Handles what arrives until `deadline` (0: only what is there now), returning once what
  /// was read is handled (the loop then runs its commands and tasks, and waits again), or
  /// when `done` says so after an event.
  /// - Returns: whether `done` ended the wait (false: what was read is handled, the deadline
  ///   passed, or another thread woke the wait, whose commands wait for this return).
  @discardableResult
  package func serve(until deadline: UInt64, done: (X11Connection.Event) -> Bool = { _ in false })
    throws(SystemPasteboardError)
    -> Bool
  {
    while true {
      // The loop's idle wait: the one another thread's wake-up (a command) ends.
      guard let event = try connection.nextEvent(until: deadline, wakeable: true) else {
        _ = connection.takeWake()
        return false
      }
      try handle(event)
      if done(event) { return true }
      // A wake that came with an event to read: the loop's commands wait for this return. A
      // driven loop (deadline 0) reads every event it has first: its driver waits on the socket,
      // which says nothing of events already read, and on the wake, which stays set.
      if (deadline != 0 && connection.takeWake()) || !connection.hasQueuedEvents { return false }
    }
  }

  /// When an owner next gives something up (`.max`: nothing): the loop schedules it.
  var nextDeadline: UInt64 { owners.map(\.nextDeadline).min() ?? .max }

  /// Has each owner give up what is overdue (silent `INCR` requestors, a silent clipboard manager).
  func giveUpOverdue() {
    let now = MonotonicClock.now()
    for owner in owners where now >= owner.nextDeadline { owner.giveUpOverdue() }
  }

  private func handle(_ event: X11Connection.Event) throws(SystemPasteboardError) {
    let owners = owners
    for owner in owners { try owner.handle(event) }
    // Errors for requests nobody waits for (a ChangeProperty or SendEvent to a requestor that
    // vanished): a BadWindow for a requestor ends its transfers, anything else is that request's alone.
    let errors = connection.takeErrors()
    guard !errors.isEmpty else { return }
    for owner in owners { owner.requestsFailed(errors) }
  }
}
