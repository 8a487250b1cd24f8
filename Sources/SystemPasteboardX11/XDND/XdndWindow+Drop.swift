import SystemPasteboardCore
import UTIPlatform

extension XdndWindow {
  /// Advertises the window as an XDND target (`XdndAware`, version 5; `XdndProxy` for a window
  /// a toolkit made) and reports every drag over it to `handler`. Returns once the server has
  /// the properties; another handler replaces this one.
  package func acceptDrops(_ handler: @escaping @Sendable (WindowDragEvent) -> Void) throws(SystemPasteboardError) {
    try perform { window throws(SystemPasteboardError) in try window.bind(handler) }
  }

  private func bind(_ handler: @escaping @Sendable (WindowDragEvent) -> Void) throws(SystemPasteboardError) {
    let version = X11Wire.le32(Xdnd.version)
    connection.changeProperty(window, atoms.aware, type: atoms.atom, format: 32, data: version)
    if !ownsWindow {
      // A toolkit's window: sources send to our proxy window (owner.window), naming theirs.
      connection.changeProperty(owner.window, atoms.aware, type: atoms.atom, format: 32, data: version)
      let proxy = X11Wire.le32(owner.window)
      connection.changeProperty(window, atoms.proxy, type: atoms.window, format: 32, data: proxy)
      connection.changeProperty(owner.window, atoms.proxy, type: atoms.window, format: 32, data: proxy)
    }
    try connection.sync()
    receiver?.connectionLost(window: self)
    handlers.withLock { $0.drop = handler }
    receiver = Receiver()
  }

  package var answersWithQuietRectangle: Bool { true }

  package func answer(_ number: Int, taking actions: DragActions, quiet: WindowRectangle?) {
    onLoop { window in window.sendStatus(number, actions: actions, quiet: quiet) }
  }

  package func finish(_ number: Int, with action: DragActions) {
    onLoop { window in window.finishOrHold(number, action) }
  }

  /// Tells dropped drag `number`'s source it is done (its loads may read no more).
  func sendFinish(_ number: Int, _ action: DragActions) {
    directSaves.offered.remove(number)
    dropTimes.withLock { _ = $0.removeValue(forKey: number) }
    receiver?.settled(number, action, window: self)
  }

  /// Converts `XdndSelection` to `target` at the drop's time once it was dropped, through the
  /// window's own connection: the loop asks and goes on serving (a drag from this very window
  /// is served by it meanwhile) while the calling thread waits for the data. Called on the
  /// thread that serves the loop itself (a window served on the main thread, from a delegate),
  /// it reads on a connection of its own instead, since that thread cannot serve the loop while
  /// it waits.
  package func read(_ target: String, of number: Int) throws(SystemPasteboardError) -> [UInt8] {
    var data: [UInt8] = []
    try read(target, of: number) { chunk throws(SystemPasteboardError) in data += chunk }
    return data
  }

  /// The same, handing `sink` each chunk as it arrives (a large answer never held whole).
  func read(_ target: String, of number: Int, into sink: ([UInt8]) throws(SystemPasteboardError) -> Void)
    throws(SystemPasteboardError)
  {
    let time = dropTimes.withLock { $0[number] } ?? 0
    let reader: any SelectionRequestorHost =
      loop.inEventLoop
      ? try SelectionRequestor.Standalone(
        connection: try X11Connection(display: connection.display, timeout: timeout), selection: "XdndSelection")
      : self
    _ = try reader.convert(target, time: time, timeout: timeout, into: sink)
  }

  /// Sends `XdndStatus` for drag `number`, if it is still the drag over us.
  private func sendStatus(_ number: Int, actions: DragActions, quiet: WindowRectangle?) {
    assertInLoop()
    guard let receiver, let drag = receiver.machine.drag, drag.number == number else { return }
    let accepts = !actions.isEmpty
    connection.send(
      .status(
        target: window, accepts: accepts, wantsPositions: false,
        rectangle: Receiver.rectangle(quiet, origin: receiver.origin), action: atoms.action(for: actions)),
      to: drag.source, atoms: atoms)
    try? connection.flush()
  }

  /// The receiving side of the window: the XDND state machine, which holds the drag over us
  /// and the drops waiting for their loads, and where the window was when the drag came in.
  final class Receiver {
    private(set) var machine = XdndReceiving()
    /// The window's top-left corner in root coordinates, as of the drag's enter.
    private(set) var origin = (x: 0, y: 0)

    func received(_ message: Xdnd.Message, window: XdndWindow) {
      run(machine.received(message, at: MonotonicClock.now()), window: window)
    }

    /// How long a source may stay silent during a drag before it is taken for gone: sources
    /// send `XdndPosition` on every motion, so a silence this long is a source that stopped
    /// (hung, or lost its connection without its window being destroyed).
    static func silenceLimit(timeout: Double) -> UInt64 { MonotonicClock.nanoseconds(6 * timeout) }

    /// When the source of the drag over us will have been silent past the limit (nil: no drag).
    func silenceDeadline(timeout: Double) -> UInt64? {
      machine.drag.map { $0.lastHeard &+ Self.silenceLimit(timeout: timeout) }
    }

    /// Ends the drag over us when its source has been silent past the limit.
    func checkSilence(window: XdndWindow) {
      run(
        machine.checkSilence(at: MonotonicClock.now(), limit: Self.silenceLimit(timeout: window.timeout)),
        window: window)
    }

    /// Dropped drag `number`'s loads are done: its source hears `action`, once.
    func settled(_ number: Int, _ action: DragActions, window: XdndWindow) {
      run(machine.settled(number, action), window: window)
    }

    func windowDestroyed(_ gone: UInt32, window: XdndWindow) {
      run(machine.sourceGone(gone), window: window)
    }

    /// The connection is gone (or another handler takes over): a drag over us leaves.
    func connectionLost(window: XdndWindow) {
      run(machine.connectionLost(), window: window)
    }

    /// Whether an action waits for the server's answers (a drag's start: its types' names, our
    /// window's place; an ask's action list); the actions after it wait in `backlog`, in order.
    private var waiting = false
    private var backlog: [XdndReceiving.Action] = []

    func run(_ actions: [XdndReceiving.Action], window: XdndWindow) {
      for action in actions {
        if waiting { backlog.append(action) } else { perform(action, window: window) }
      }
    }

    /// The answers the waiting action asked for came (on the loop): the actions behind it go on.
    private func resume(window: XdndWindow) {
      waiting = false
      let queued = backlog
      backlog = []
      run(queued, window: window)
    }

    private func perform(_ action: XdndReceiving.Action, window: XdndWindow) {
      let report = window.handlers.withLock { $0.drop }
      switch action {
      case .begin(let number, let source, _, let types, let typeList):
        waiting = true
        window.incomingDragStart(source: source, inline: types, typeList: typeList) { [self] start in
          origin = start.origin
          report?(
            .entered(
              number: number, targets: start.targets, source: "x11 window 0x\(String(source, radix: 16))",
              width: start.size.width, height: start.size.height))
          resume(window: window)
        }
      case .move(let number, let x, let y, let action):
        waiting = true
        window.allowedActions(for: action, of: machine.source) { [self] allowed in
          report?(.moved(number: number, x: Double(x - origin.x), y: Double(y - origin.y), allowed: allowed))
          resume(window: window)
        }
      case .exit(let number):
        report?(.left(number: number))
      case .drop(let number, let time):
        window.dropTimes.withLock { $0[number] = time }
        report?(.dropped(number: number))
      case .refuse(let source):
        window.connection.send(
          .finished(target: window.window, success: false, action: 0), to: source, atoms: window.atoms)
        try? window.connection.flush()
      case .finish(let source, let action):
        window.connection.send(
          .finished(target: window.window, success: !action.isEmpty, action: window.atoms.action(for: action)),
          to: source, atoms: window.atoms)
        try? window.connection.flush()
      }
    }

    /// The quiet rectangle (window coordinates) as `XdndStatus` carries it: on the root, clipped
    /// to its 16-bit fields; empty when there is none.
    static func rectangle(_ quiet: WindowRectangle?, origin: (x: Int, y: Int)) -> Xdnd.Message.Rectangle {
      guard let quiet, quiet.width >= 1, quiet.height >= 1 else { return Xdnd.Message.Rectangle() }
      let x = max(0, Int(quiet.x.rounded(.up)) + origin.x)
      let y = max(0, Int(quiet.y.rounded(.up)) + origin.y)
      return Xdnd.Message.Rectangle(
        x: x, y: y, width: min(Int(UInt16.max), max(0, Int(quiet.x + quiet.width) + origin.x - x)),
        height: min(Int(UInt16.max), max(0, Int(quiet.y + quiet.height) + origin.y - y)))
    }
  }

  /// The actions a source asking for `action` allows, for `done`: for `XdndActionAsk`, its
  /// `XdndActionList` says what it offers (the action follows its modifier keys, so it is read
  /// at every position, through a reply handler); at once for any other.
  fileprivate func allowedActions(for action: UInt32, of source: UInt32?, then done: @escaping (DragActions) -> Void) {
    guard action == atoms.ask, let source else { return done(atoms.allowedActions(for: action)) }
    connection.property32(source, atoms.actionList, limit: 1024) { [atoms] list in
      done(atoms.allowedActions(for: action, list: list?.values ?? []))
    }
  }

  /// What a drag's start asks the server, for `done` on the loop (the loop serves meanwhile):
  /// its targets' names, where our window is on the root, and its size; no targets when the
  /// source or our window is gone (the drag is then declined). The source's destruction ends
  /// the drag (DestroyNotify).
  fileprivate func incomingDragStart(
    source: UInt32, inline: [UInt32], typeList: Bool,
    then done: @escaping ((targets: [String], origin: (x: Int, y: Int), size: (width: Double, height: Double))) -> Void
  ) {
    let named = { [self] (list: [UInt32]) in
      connection.knownNames(of: Array(list.prefix(SelectionTargets.readLimit))) { [self] names in
        connection.selectInput(source, X11Connection.watchedWindowEvents)
        var origin = (x: 0, y: 0)
        let root = connection.setup.root
        connection.send(X11.TranslateCoordinates(srcWindow: window, dstWindow: root, srcX: 0, srcY: 0)) { answer in
          if case .success(let reply) = answer, reply.sameScreen { origin = (Int(reply.dstX), Int(reply.dstY)) }
        }
        connection.send(X11.GetGeometry(drawable: window)) { answer in
          guard case .success(let geometry) = answer, let targets = try? names.get() else {
            return done(([], (0, 0), (0, 0)))
          }
          done((targets, origin, (Double(geometry.width), Double(geometry.height))))
        }
        try? connection.flush()
      }
    }
    guard typeList else { return named(inline) }
    connection.property32(source, atoms.typeList, limit: 1024) { list in named(list?.values ?? inline) }
  }
}
