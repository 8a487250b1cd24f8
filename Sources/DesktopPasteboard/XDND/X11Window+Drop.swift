import Foundation
import Pasteboard
import SystemPasteboard
import TypeRegistry
import UTIPlatform

extension X11Window.Host {
  /// Advertises the window as an XDND target and feeds drops into `surface`.
  func bind(_ surface: DropSurface) throws(SystemPasteboardError) {
    let version = X11Wire.le32(Xdnd.version)
    connection.changeProperty(window, atoms.aware, type: atoms.atom, format: 32, data: version)
    if !ownsWindow {
      // A host's window: sources send to our proxy window (owner.window), naming theirs.
      connection.changeProperty(owner.window, atoms.aware, type: atoms.atom, format: 32, data: version)
      let proxy = X11Wire.le32(owner.window)
      connection.changeProperty(window, atoms.proxy, type: atoms.window, format: 32, data: proxy)
      connection.changeProperty(owner.window, atoms.proxy, type: atoms.window, format: 32, data: proxy)
    }
    try connection.sync()
    receiver?.connectionLost()
    receiver = Receiver(surface: surface)
  }

  /// The receiving side of one window: the XDND state machine, which holds the drag over us
  /// (its ``Incoming`` items) and the drops waiting for their loads, and the surface it runs.
  final class Receiver {
    let surface: DropSurface
    private(set) var machine = XdndReceiving<Incoming>()

    /// What a drag over us brings: its items, and where the window is on the root.
    struct Incoming: Equatable {
      let number: Int
      let source: UInt32
      let items: [ItemProvider]
      /// The application the drag comes from.
      let application: AppIdentity
      let dropTime: Locked<UInt32>
      /// The window's top-left corner in root coordinates.
      let origin: (x: Int, y: Int)
      /// The window's size.
      let size: CGSize

      /// `(x, y)` on the root, in window coordinates.
      func location(x: Int, y: Int) -> CGPoint { CGPoint(x: x - origin.x, y: y - origin.y) }

      /// One drag's, by its number and source (its providers are objects, compared by nothing
      /// more than that).
      static func == (a: Incoming, b: Incoming) -> Bool { a.number == b.number && a.source == b.source }
    }

    init(surface: DropSurface) { self.surface = surface }

    func received(_ message: Xdnd.Message, host: X11Window.Host) {
      run(machine.received(message, at: MonotonicClock.now()), host: host)
    }

    /// Drag `number`'s items are built (nil: they could not be): a position that came meanwhile
    /// is answered now.
    func built(_ incoming: Incoming?, for number: Int, host: X11Window.Host) {
      run(machine.built(incoming, for: number), host: host)
    }

    /// How long a source may stay silent during a drag before it is taken for gone: sources
    /// send `XdndPosition` on every motion, so a silence this long is a source that stopped
    /// (hung, or lost its connection without its window being destroyed).
    static func silenceLimit(timeout: Double) -> UInt64 { MonotonicClock.nanoseconds(6 * timeout) }

    /// Ends the drag over us (`dropExited`) when its source has been silent past the limit.
    func checkSilence(host: X11Window.Host) {
      run(machine.checkSilence(at: MonotonicClock.now(), limit: Self.silenceLimit(timeout: host.timeout)), host: host)
    }

    func windowDestroyed(_ window: UInt32, host: X11Window.Host) {
      run(machine.sourceGone(window), host: host)
    }

    /// The connection is gone: a drag over us is cancelled.
    func connectionLost() {
      for action in machine.connectionLost() {
        guard case .exit = action else { continue }
        let surface = surface
        Task { @MainActor in surface.cancel() }
      }
    }

    /// A dropped drag's loads are done: tell its source (once).
    func finish(_ number: Int, _ operation: DropOperation, host: X11Window.Host) {
      run(machine.settled(number, operation), host: host)
    }

    private func run(_ actions: [XdndReceiving<Incoming>.Action], host: X11Window.Host) {
      for action in actions { perform(action, host: host) }
    }

    private func perform(_ action: XdndReceiving<Incoming>.Action, host: X11Window.Host) {
      switch action {
      case .begin(let number, let source, _, let types, let typeList):
        host.buildIncomingDrag(number: number, source: source, inline: types, typeList: typeList)
      case .move(let drag, let x, let y, let action, let first):
        host.move(drag, to: drag.location(x: x, y: y), action: action, first: first, surface: surface)
      case .decline(let source):
        host.connection.send(
          .status(target: host.window, accepts: false, wantsPositions: false, rectangle: .init(), action: 0),
          to: source, atoms: host.atoms)
      case .exit:
        let surface = surface
        host.onMain { surface.cancel() }
      case .drop(let drag, let x, let y, let time):
        drag.dropTime.withLock { $0 = time }
        let surface = surface
        let location = drag.location(x: x, y: y)
        let number = drag.number
        host.onMain { [weak host] in
          guard surface.isDragging else {
            // No drag on the surface to end: the source hears of a failure rather than
            // waiting for a finish that would not come.
            host?.post { host in host.receiver?.finish(number, .cancel, host: host) }
            return
          }
          _ = surface.end(at: location)  // the drag's settled handler finishes it
        }
      case .refuse(let source):
        host.connection.send(.finished(target: host.window, success: false, action: 0), to: source, atoms: host.atoms)
      case .finish(let source, let operation):
        let success = operation == .copy || operation == .move
        host.connection.send(
          .finished(target: host.window, success: success, action: host.atoms.action(for: operation)), to: source,
          atoms: host.atoms)
        try? host.connection.flush()
      }
    }

    /// The quiet rectangle (window coordinates) as `XdndStatus` carries it: on the root, clipped
    /// to its 16-bit fields; empty when there is none.
    static func rectangle(_ quiet: CGRect?, origin: (x: Int, y: Int)) -> Xdnd.Message.Rectangle {
      guard let quiet, quiet.width >= 1, quiet.height >= 1 else { return Xdnd.Message.Rectangle() }
      let x = max(0, Int(quiet.minX.rounded(.up)) + origin.x)
      let y = max(0, Int(quiet.minY.rounded(.up)) + origin.y)
      return Xdnd.Message.Rectangle(
        x: x, y: y, width: min(Int(UInt16.max), max(0, Int(quiet.maxX) + origin.x - x)),
        height: min(Int(UInt16.max), max(0, Int(quiet.maxY) + origin.y - y)))
    }
  }

  /// Builds the items of the drag `source` brings, and reports them to the receiver (``Receiver/built(_:for:host:)``):
  /// its targets (inline, or its `XdndTypeList`), the window's place and the source's end are
  /// asked on the loop (round trips on its own socket); the items themselves
  /// (``IncomingDrag``: a file list is read from the source and each file identified) are
  /// built on a thread of their own, since the read waits for another application, which may
  /// be this very loop (a drag from our own window).
  fileprivate func buildIncomingDrag(number: Int, source: UInt32, inline: [UInt32], typeList: Bool) {
    guard let start = incomingDragStart(source: source, inline: inline, typeList: typeList) else {
      receiver?.built(nil, for: number, host: self)
      return
    }
    let registry = registry ?? UTTypeRegistry.shared.current
    let (display, timeout) = (connection.display, connection.timeout)
    let dropTime = Locked<UInt32>(0)
    let application = AppIdentity(bundleIdentifier: "x11 window 0x\(String(source, radix: 16))")
    WorkerThread.detached { [weak self] in
      // Each read on a connection of its own: the conversion waits for another application.
      let read: @Sendable (String, UInt32) throws(SystemPasteboardError) -> [UInt8] = {
        (target: String, time: UInt32) throws(SystemPasteboardError) -> [UInt8] in
        let connection = try X11Connection(display: display, timeout: timeout)
        return try SelectionReader(connection: connection, selection: "XdndSelection").convert(target, time: time).data
      }
      let items = try? IncomingDrag.items(
        targets: start.targets, application: application, registry: registry,
        readFileList: { target throws(SystemPasteboardError) in try read(target, 0) },
        load: { target in try read(target, dropTime.withLock { $0 }) })
      let incoming = items.map { items in
        Receiver.Incoming(
          number: number, source: source, items: items, application: application, dropTime: dropTime,
          origin: start.origin, size: start.size)
      }
      self?.post { host in host.receiver?.built(incoming, for: number, host: host) }
    }
  }

  /// What the loop asks of a drag's start: its targets' names, where our window is on the root,
  /// and its size; nil when the source or our window is gone. The source's destruction ends the
  /// drag (DestroyNotify).
  private func incomingDragStart(source: UInt32, inline: [UInt32], typeList: Bool) -> (
    targets: [String], origin: (x: Int, y: Int), size: CGSize
  )? {
    do {
      var list = inline
      if typeList, let property = try connection.property32(source, atoms.typeList) { list = property.values }
      let targets = try connection.names(of: list.filter { $0 != 0 })
      connection.selectInput(source, X11Connection.EventMask.structureNotify)
      let origin = try connection.translate(0, 0, from: window, to: connection.setup.root)
      let size = try connection.size(of: window) ?? (Int(Int16.max), Int(Int16.max))
      return (targets, (origin?.x ?? 0, origin?.y ?? 0), CGSize(width: size.width, height: size.height))
    } catch {
      return nil
    }
  }

  /// Moves `drag` to `location` on the surface (beginning it there at its first position) on
  /// the main actor, and answers `XdndStatus` from there through the loop with the operation it
  /// now has and the quiet rectangle around the pointer: the loop goes on meanwhile (XDND lets a
  /// target answer a position later). An answer for a drag no longer over us is not sent.
  fileprivate func move(
    _ drag: Receiver.Incoming, to location: CGPoint, action: UInt32, first: Bool, surface: DropSurface
  ) {
    let items = drag.items
    // The action is followed on every position (it follows the source's modifier keys); for
    // XdndActionAsk, the source's XdndActionList says what it offers.
    let list = action == atoms.ask ? (try? connection.property32(drag.source, atoms.actionList))?.values ?? [] : []
    let allowed = atoms.allowedOperations(for: action, list: list)
    let (number, application, source, origin) = (drag.number, drag.application, drag.source, drag.origin)
    let bounds = CGRect(origin: .zero, size: drag.size)
    onMain { [weak self] in
      guard let self else { return }
      let operation = IncomingDrag.move(
        on: surface, items: items, to: location, allowing: allowed, first: first, from: application
      ) { operation in
        self.post { host in host.receiver?.finish(number, operation, host: host) }
      }
      let quiet = surface.quietRectangle(around: location, within: bounds)
      onLoop { host in host.answer(number, source: source, operation: operation, quiet: quiet, origin: origin) }
    }
  }

  /// Sends `XdndStatus` for drag `number` with `operation`, if it is still the drag over us.
  private func answer(
    _ number: Int, source: UInt32, operation: DropOperation, quiet: CGRect?, origin: (x: Int, y: Int)
  ) {
    assertInLoop()
    guard receiver?.machine.drag?.number == number else { return }
    let accepts = operation == .copy || operation == .move
    connection.send(
      .status(
        target: window, accepts: accepts, wantsPositions: false,
        rectangle: Receiver.rectangle(quiet, origin: origin), action: atoms.action(for: operation)),
      to: source, atoms: atoms)
    try? connection.flush()
  }
}
