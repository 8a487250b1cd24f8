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
    dropTimes.withLock { _ = $0.removeValue(forKey: number) }
    onLoop { window in window.receiver?.settled(number, action, window: window) }
  }

  /// Converts `XdndSelection` to `target` at the drop's time once it was dropped, through the
  /// window's own connection: the loop asks and goes on serving (a drag from this very window
  /// is served by it meanwhile) while the calling thread waits for the data. Called on the
  /// thread that serves the loop itself (a window served on the main thread, from a delegate),
  /// it reads on a connection of its own instead, since that thread cannot serve the loop while
  /// it waits.
  package func read(_ target: String, of number: Int) throws(SystemPasteboardError) -> [UInt8] {
    let time = dropTimes.withLock { $0[number] } ?? 0
    let reader: any SelectionRequestorHost =
      loop.inEventLoop
      ? try SelectionRequestor.Standalone(
        connection: try X11Connection(display: connection.display, timeout: timeout), selection: "XdndSelection")
      : self
    var data: [UInt8] = []
    _ = try reader.convert(target, time: time, timeout: timeout) { chunk throws(SystemPasteboardError) in data += chunk
    }
    return data
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

    func run(_ actions: [XdndReceiving.Action], window: XdndWindow) {
      for action in actions { perform(action, window: window) }
    }

    private func perform(_ action: XdndReceiving.Action, window: XdndWindow) {
      let report = window.handlers.withLock { $0.drop }
      switch action {
      case .begin(let number, let source, _, let types, let typeList):
        let start = window.incomingDragStart(source: source, inline: types, typeList: typeList)
        origin = start.origin
        report?(
          .entered(
            number: number, targets: start.targets, source: "x11 window 0x\(String(source, radix: 16))",
            width: start.size.width, height: start.size.height))
      case .move(let number, let x, let y, let action):
        report?(
          .moved(
            number: number, x: Double(x - origin.x), y: Double(y - origin.y),
            allowed: window.allowedActions(for: action, of: machine.source)))
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

  /// The actions a source asking for `action` allows: for `XdndActionAsk`, its
  /// `XdndActionList` says what it offers (the action follows its modifier keys, so it is read
  /// at every position).
  fileprivate func allowedActions(for action: UInt32, of source: UInt32?) -> DragActions {
    guard action == atoms.ask, let source else { return atoms.allowedActions(for: action) }
    let list = (try? connection.property32(source, atoms.actionList))?.values ?? []
    return atoms.allowedActions(for: action, list: list)
  }

  /// What the loop asks of a drag's start (round trips on its own socket): its targets' names,
  /// where our window is on the root, and its size; no targets when the source or our window
  /// is gone (the drag is then declined). The source's destruction ends the drag (DestroyNotify).
  fileprivate func incomingDragStart(source: UInt32, inline: [UInt32], typeList: Bool) -> (
    targets: [String], origin: (x: Int, y: Int), size: (width: Double, height: Double)
  ) {
    do {
      var list = inline
      if typeList, let property = try connection.property32(source, atoms.typeList) { list = property.values }
      let targets = try connection.knownNames(of: Array(list.prefix(SelectionTargets.readLimit)))
      connection.selectInput(source, X11Connection.watchedWindowEvents)
      let origin = try connection.translate(0, 0, from: window, to: connection.setup.root)
      let size = try connection.size(of: window) ?? (Int(Int16.max), Int(Int16.max))
      return (targets, (origin?.x ?? 0, origin?.y ?? 0), (Double(size.width), Double(size.height)))
    } catch {
      return ([], (0, 0), (0, 0))
    }
  }
}
