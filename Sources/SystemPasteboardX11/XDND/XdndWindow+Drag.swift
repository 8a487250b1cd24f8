import SystemPasteboardCore
import UTIPlatform

extension XdndWindow {
  /// Escape's keysym (`XK_Escape` in X11's keysymdef.h), whose keycodes cancel a drag.
  static let escapeKeysym: UInt32 = 0xFF1B  // data, not wire: a keysym, which no protocol XML lists
  /// A drag this window started: the XDND source machine, when it next gives up waiting, and
  /// the keys that cancel it.
  struct Drag {
    var machine: XdndDragging
    let ended: @Sendable (DragActions) -> Void
    let escapeKeys: Set<UInt8>
    /// When the answer the drag waits for (status, finished) is overdue.
    var deadline: UInt64?
    /// Which drag of the window this is (a lookup's answer is for its own drag only).
    var number = 0
    /// Whether the target under the pointer is being looked up, and what came meanwhile: the
    /// latest motion (the ones before it are passed over, as a busy toolkit's are) and a release.
    var lookingUp = false
    var nextMotion: (x: Int, y: Int, time: UInt32)?
    var release: UInt32?
    /// The image under the pointer, if the drag has one the server can show.
    var image: XdndDragImage?
  }

  /// Starts a drag of `items` at the pointer: owns `XdndSelection` with them, grabs the pointer
  /// and keyboard, shows `icon` under the pointer, and enters the window under the pointer;
  /// `ended` hears the action performed.
  package func startDrag(
    _ items: [SystemPasteboard.Item], allowed: DragActions, icon: DragIcon? = nil,
    ended: @escaping @Sendable (DragActions) -> Void
  ) throws(SystemPasteboardError) {
    do {
      try loop.submit(within: 3 * timeout) {
        [self] (done: @escaping EventLoop.Completion<Void>) throws(SystemPasteboardError) in
        guard drag == nil else {
          throw SystemPasteboardError(.request, "a drag from this window is already in progress")
        }
        connection.intern(dragAtomNames)
        owner.own(items) { [self] owned in
          guard case .success = owned else { return done(owned) }
          prepareDrag(icon: icon) { [self] prepared in
            done(
              prepared.flatMap { start in
                Result { () throws(SystemPasteboardError) in
                  try beginDrag(start, allowed: allowed, icon: icon, ended: ended)
                }
              })
          }
        }
      }
    } catch  where error.code == .closed {
      throw SystemPasteboardError(.closed, "the window is closed, or its connection to the X server was lost")
    }
  }

  /// Goes on with a drag once `XdndSelection` is ours and the server answered what `start`
  /// holds (the grabs, the pointer): the type list, the image, the first position. The atoms it
  /// names were interned ahead (cached: no round trip).
  private func beginDrag(
    _ start: DragStart, allowed: DragActions, icon: DragIcon?, ended: @escaping @Sendable (DragActions) -> Void
  ) throws(SystemPasteboardError) {
    guard drag == nil else { throw SystemPasteboardError(.request, "a drag from this window is already in progress") }
    let types = try connection.atoms(owner.offeredTargets)
    keptDragItems = owner.items
    if let promise = owner.items.first?.filePromise {
      // XDS: the file's name, which a file manager reads before it writes the folder's URL back.
      connection.changeProperty(
        owner.window, try connection.atom(XdndDirectSave.target),
        type: try connection.atom(XdndDirectSave.propertyType),
        format: 8, data: Array(promise.fileName.utf8))
    }
    if types.count > 3 {
      connection.changeProperty(
        owner.window, atoms.typeList, type: atoms.atom, format: 32, data: types.flatMap(X11Wire.le32))
    }
    if let refused = start.pointerGrabFailure {
      connection.ungrab(time: X11Enum.Time.currentTime.rawValue)
      try? owner.disown()
      throw SystemPasteboardError(.request, "the pointer could not be grabbed for the drag: \(refused)")
    }
    // A copy where the source allows one (what every target takes), else what it allows.
    let action = allowed.contains(.copy) || atoms.action(for: allowed) == 0 ? atoms.copy : atoms.action(for: allowed)
    dragsBegun += 1
    drag = Drag(
      machine: XdndDragging(source: owner.window, types: types, action: action, atoms: atoms),
      ended: ended, escapeKeys: start.escapeKeys, number: dragsBegun)
    let pointer = start.pointer
    if let icon, let server = start.image {
      // A drag goes on without its image where the server cannot show one.
      drag!.image = XdndDragImage.show(icon, at: pointer.x, pointer.y, server: server, on: connection)
    }
    dragMoved(x: pointer.x, y: pointer.y, time: X11Enum.Time.currentTime.rawValue)
  }

  /// The pointer moved during our drag: the target under it is looked up through reply
  /// handlers (the loop serves meanwhile), and the drag moves when the answer comes; motions
  /// that come meanwhile are coalesced into the latest, and a release waits for it.
  func dragMoved(x: Int, y: Int, time: UInt32) {
    guard drag != nil else { return }
    if let image = drag!.image {
      // The image follows every motion at once, whatever the lookup waits for.
      image.move(to: x, y, on: connection)
      try? connection.flush()
    }
    guard !drag!.lookingUp else {
      drag!.nextMotion = (x, y, time)
      return
    }
    drag!.lookingUp = true
    let number = drag!.number
    connection.dropTarget(at: x, y, atoms: atoms) { [self] target in
      guard drag?.number == number else { return }
      drag!.lookingUp = false
      run(drag!.machine.moved(x: x, y: y, time: time, over: target))
      if let next = drag?.nextMotion {
        drag!.nextMotion = nil
        dragMoved(x: next.x, y: next.y, time: next.time)
      } else if let release = drag?.release {
        drag!.release = nil
        dragReleased(time: release)
      }
    }
  }

  func dragReleased(time: UInt32) {
    guard drag != nil else { return }
    guard !drag!.lookingUp else {
      drag!.release = time
      return
    }
    run(drag!.machine.released(time: time))
  }

  func dragKeyPressed(_ keycode: UInt8) {
    guard drag != nil, drag!.escapeKeys.contains(keycode) else { return }
    run(drag!.machine.cancelled())
  }

  func dragReceived(_ message: Xdnd.Message) {
    guard drag != nil else { return }
    run(drag!.machine.received(message))
  }

  /// A window we watch was destroyed: the target of our drop, if it is.
  func dragWindowDestroyed(_ gone: UInt32) {
    guard drag != nil else { return }
    run(drag!.machine.windowDestroyed(gone))
  }

  /// Gives up a wait that is overdue: a status that does not come stops the drag, as does a
  /// drop that is never finished; a drag over us whose source went silent exits.
  func checkDeadlines() {
    receiver?.checkSilence(window: self)
    guard let deadline = drag?.deadline, MonotonicClock.now() >= deadline else { return }
    run(drag!.machine.cancelled())
  }

  /// Sends the machine's messages, gives the grabs back at the drop and ends the drag when it
  /// says so; arms the deadline while an answer is awaited (a status within the timeout, the
  /// drop's end within ``XdndDragging/finishLimit``).
  private func run(_ actions: [XdndDragging.Action]) {
    var actions = actions[...]
    while let action = actions.popFirst() {
      switch action {
      case .send(let message, let target):
        connection.send(message, to: target.window, via: target.proxy, atoms: atoms)
      case .end(let action):
        endDrag(action)
        return
      case .releaseGrabs(let target):
        connection.ungrab(time: X11Enum.Time.currentTime.rawValue)
        watch(target.window)
      }
    }
    try? connection.flush()
    guard drag != nil else { return }
    let wait: Double? =
      switch drag!.machine.awaited {
      case .status: timeout
      case .finished: max(timeout, XdndDragging.finishLimit)
      case nil: nil
      }
    drag!.deadline = wait.map { MonotonicClock.deadline(after: MonotonicClock.nanoseconds($0)) }
  }

  /// Watches the drop's target for its end. Its `DestroyNotify` comes only to a client that
  /// selected it before the window went, and a target may go in the instant before the drop (a
  /// BadWindow nobody waits for): a `GetGeometry` after selecting tells which, through a
  /// handler (the loop serves meanwhile), and a target that is gone already ends the drop as
  /// its destruction would, so that it does not wait for the target's end.
  private func watch(_ target: UInt32) {
    // Our own window's events are selected already (selecting would replace its mask).
    guard target != window else { return }
    connection.selectInput(target, X11Connection.watchedWindowEvents)
    let number = drag?.number
    connection.send(X11.GetGeometry(drawable: target)) { [self] answer in
      // A request error is a window that is gone; the connection's failure ends the loop and the drag.
      guard case .failure(let error) = answer, error.code == .request, drag != nil, drag?.number == number else {
        return
      }
      run(drag!.machine.windowDestroyed(target))
    }
  }

  /// Ends the drag: releases the grabs and the selection, and tells the source.
  func endDrag(_ action: DragActions) {
    guard let ended = drag?.ended else { return }
    drag?.image?.remove(from: connection)
    drag = nil
    connection.ungrab(time: X11Enum.Time.currentTime.rawValue)
    connection.deleteProperty(owner.window, atoms.typeList)
    if let directSave = connection.cachedAtom(XdndDirectSave.target) {
      connection.deleteProperty(owner.window, directSave)
    }
    try? owner.disown()
    try? connection.flush()
    ended(action)
  }
}
