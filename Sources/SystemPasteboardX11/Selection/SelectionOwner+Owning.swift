import SystemPasteboardCore
import UTIPlatform

extension SelectionOwner {
  /// An own waiting for the server's time: when it gives up, and who hears the outcome.
  struct PendingOwn {
    let deadline: UInt64
    let done: (Result<Void, SystemPasteboardError>) -> Void
  }

  /// Becomes the owner with `items` (the first item's representations are offered, and every
  /// item's file URL in one file list, for `fileOperation`), at `time`: the server time of the
  /// event that caused it (ICCCM 2.1: never CurrentTime), or, when nil, a time the server gives
  /// (the `PropertyNotify` of a zero-length append to our own window). Returns at once; `done`
  /// hears the outcome on the loop once the server confirmed the owner (another client may have
  /// kept the selection), and the loop serves meanwhile: nothing here waits on the connection.
  /// An own still waiting for its time when another starts is replaced by it, as it would be a
  /// moment later (two threads' copies, the last one wins), and hears the later one's outcome:
  /// its caller returns once the selection is ours, never while the previous owner (another
  /// client, which may not answer) still holds it.
  func own(
    _ items: [SystemPasteboard.Item], fileOperation: FileList.Operation = .copy, ownership: Ownership = .unlimited,
    at time: UInt32? = nil, done ownDone: @escaping (Result<Void, SystemPasteboardError>) -> Void
  ) {
    self.items = items
    self.fileOperation = fileOperation
    self.ownership = ownership
    offers = SelectionTargets.offers(for: items, sensitive: ownership.isSensitive)
    transfers.removeAll()
    // Interned through handlers, ahead of the owner's requests: their replies come before any
    // request for the selection can, so answers find the atoms cached.
    connection.intern(offers.map(\.target))
    connection.askForBigRequests()
    var done = ownDone
    if let replaced = pendingOwn {
      pendingOwn = nil
      done = { outcome in
        replaced.done(outcome)
        ownDone(outcome)
      }
    }
    if let time {
      take(at: time, done: done)
      return
    }
    do throws(SystemPasteboardError) {
      let property = try connection.atom("_SWIFT_UTI_TIMESTAMP")
      connection.changeProperty(
        window, property, type: try connection.atom("STRING"), format: 8, data: [], append: true)
      try connection.flush()
      pendingOwn = PendingOwn(
        deadline: MonotonicClock.deadline(after: MonotonicClock.nanoseconds(connection.timeout)), done: done)
    } catch {
      done(.failure(error))
    }
  }

  /// The `PropertyNotify` of our window's `property`, at `time`: the server's time an own waits for.
  func timestampArrived(property: UInt32, time: UInt32) {
    guard let pending = pendingOwn, property == (try? connection.atom("_SWIFT_UTI_TIMESTAMP")) else { return }
    pendingOwn = nil
    take(at: time, done: pending.done)
  }

  /// Sets the owner at `time` and asks who owns the selection after it: the owner answers from
  /// now on (a request that arrives before the confirmation is ours to answer, as the server
  /// made us the owner), and `done` hears whether the server kept us.
  private func take(at time: UInt32, done: @escaping (Result<Void, SystemPasteboardError>) -> Void) {
    connection.send(X11.SetSelectionOwner(owner: window, selection: selection, time: time))
    (ownedSince, isOwner) = (time, true)
    // The X server tells a previous owner on this connection nothing (the selection's owner is
    // the client, which did not change): the owners served with this one hear it here.
    for other in owners.owners where other !== self && other.selection == selection { other.lose() }
    connection.send(X11.GetSelectionOwner(selection: selection)) { [self] answer in
      switch answer {
      case .success(let reply) where reply.owner == window:
        done(.success(()))
      case .success:
        if ownedSince == time { lose() }
        done(.failure(SystemPasteboardError(.conversionRefused, "another client kept the \(selectionName) selection")))
      case .failure(let error):
        done(.failure(error))
      }
    }
    try? connection.flush()
  }

  /// The selection is no longer ours: its transfers end (a `SelectionClear`, or another owner
  /// of this process on the same connection took it).
  func lose() {
    isOwner = false
    transfers.removeAll()
    forgetItems()
  }

  /// Lets go of the items once nothing offers them: a promised file written for them is
  /// removed with its folder (``FilePromise``) once loads still running are done with it.
  private func forgetItems() {
    items = []
    offers = []
  }

  /// The window that owns the selection now (0: none), for `done` on the loop when the server
  /// answers.
  func currentOwner(then done: @escaping (Result<UInt32, SystemPasteboardError>) -> Void) {
    connection.send(X11.GetSelectionOwner(selection: selection)) { answer in done(answer.map(\.owner)) }
    try? connection.flush()
  }

  /// Gives the selection up (answers stop at once), without waiting to hear that the server
  /// did: for a drag's `XdndSelection`, whose connection lives on.
  func disown() throws(SystemPasteboardError) {
    sendRelease()
    try connection.flush()
  }

  /// Gives the selection up, and `done` hears on the loop once the server has processed it (a
  /// round trip); ``isReleasing`` holds until then. A connection that fails meanwhile fails it.
  ///
  /// The confirmation matters to a process that exits once its copy ends: an X server that sees
  /// a client hang up closes it without reading the requests still in its socket (its poll
  /// reports the hang-up first), so the last paste's `SelectionNotify`, or this release, written
  /// just before the exit would be lost (Xlib's `XCloseDisplay` syncs for the same reason).
  func release(then done: @escaping (Result<Void, SystemPasteboardError>) -> Void) {
    sendRelease()
    releasesInFlight += 1
    connection.send(X11.GetSelectionOwner(selection: selection)) { [self] answer in
      releasesInFlight -= 1
      done(answer.map { _ in () })
    }
    // A write that fails ends the loop, which fails the handler: `done` hears it there, once.
    try? connection.flush()
  }

  /// Whether a release is on its way to the server (``release(then:)``): the selection reads
  /// as held until it is confirmed.
  var isReleasing: Bool { releasesInFlight > 0 }

  /// Queues the request that gives the selection up, if it is ours.
  private func sendRelease() {
    guard isOwner else { return }
    connection.send(X11.SetSelectionOwner(owner: 0, selection: selection, time: ownedSince))
    isOwner = false
    forgetItems()
  }
}
