import SystemPasteboardCore
import UTIPlatform

/// Handing the data to the clipboard manager (freedesktop's clipboard manager specification), as
/// one more thing the owner's loop serves between events: it asks the owner of
/// `CLIPBOARD_MANAGER` to convert `SAVE_TARGETS`, answers the manager's requests as it answers
/// anyone's (a slow representation loads off the loop), and hears the manager's confirmation,
/// while every other request and command goes on being served.
extension SelectionOwner {
  /// A hand-over waiting for the manager's confirmation.
  struct HandOver {
    /// `CLIPBOARD_MANAGER`, whose `SelectionNotify` ends it.
    let manager: UInt32
    /// How long the manager may stay silent.
    let timeout: Double
    /// When it ends whatever the manager does: 12 × the timeout after it began.
    let limit: UInt64
    /// When it ends unless the manager asks for something first.
    var quietUntil: UInt64
    /// Hears whether the manager confirmed, on the loop.
    let done: (Bool) -> Void

    /// When the hand-over is given up.
    var deadline: UInt64 { min(limit, quietUntil) }
  }

  /// Asks the clipboard manager to take our data: sets our targets on the owner's window and
  /// converts `SAVE_TARGETS` of `CLIPBOARD_MANAGER`. The manager then copies what it wants, and
  /// `done` hears whether it confirmed: false when it refuses, when no manager runs (the server
  /// answers a conversion of a selection nobody owns with None at once), or when it falls
  /// silent for `timeout` before confirming (each request for the selection, or `INCR` step,
  /// while it copies gives it another `timeout`, so a manager copying many targets on a busy
  /// machine is not cut off half-way), and whatever it does after 12 × `timeout`. Nothing here
  /// waits on the connection: every atom it names was interned with the owner.
  /// - Returns: Whether the hand-over began (`done` is called then, and only then): false when
  ///   the selection is not ours, or a hand-over is already in progress.
  func beginHandOver(timeout: Double, done: @escaping (Bool) -> Void) -> Bool {
    guard isOwner, handingOver == nil, let manager = connection.cachedAtom("CLIPBOARD_MANAGER"),
      let property = connection.cachedAtom("_SWIFT_UTI_SAVE_TARGETS"),
      let atom = connection.cachedAtom("ATOM"), let saveTargets = connection.cachedAtom("SAVE_TARGETS")
    else { return false }
    let targets = offeredTargets.compactMap(connection.cachedAtom)
    connection.changeProperty(window, property, type: atom, format: 32, data: targets.flatMap(X11Wire.le32))
    connection.send(
      X11.ConvertSelection(
        requestor: window, selection: manager, target: saveTargets, property: property, time: ownedSince))
    try? connection.flush()
    let quiet = MonotonicClock.nanoseconds(timeout)
    handingOver = HandOver(
      manager: manager, timeout: timeout, limit: MonotonicClock.deadline(after: 12 * quiet),
      quietUntil: MonotonicClock.deadline(after: quiet), done: done)
    return true
  }

  /// What an event means for the hand-over in progress: the manager's confirmation (or
  /// refusal) ends it; the manager converting our selection (its requesting window need not be
  /// the one that owns `CLIPBOARD_MANAGER`), or an `INCR` step, gives it another timeout.
  func handOverHeard(_ event: X11Event) {
    guard let handOver = handingOver else { return }
    let copying: Bool
    switch event {
    case .selectionNotify(let notify) where notify.requestor == window && notify.selection == handOver.manager:
      endHandOver(confirmed: notify.property != 0)
      return
    case .selectionRequest(let request): copying = request.selection == selection
    case .propertyNotify(let requestor, _, _, _): copying = requestor != window
    default: copying = false
    }
    guard copying else { return }
    handingOver?.quietUntil = MonotonicClock.deadline(after: MonotonicClock.nanoseconds(handOver.timeout))
  }

  /// Ends the hand-over in progress (if one is), telling its caller whether the manager confirmed.
  func endHandOver(confirmed: Bool) {
    guard let done = handingOver?.done else { return }
    handingOver = nil
    done(confirmed)
  }
}
