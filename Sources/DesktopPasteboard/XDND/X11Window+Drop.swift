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
        let incoming = host.incomingDrag(number: number, source: source, inline: types, typeList: typeList)
        machine.built(incoming, for: number)
      case .move(let drag, let x, let y, let action, let first):
        let (operation, quiet) = host.move(
          drag, to: drag.location(x: x, y: y), action: action, first: first, surface: surface)
        let accepts = operation == .copy || operation == .move
        host.connection.send(
          .status(
            target: host.window, accepts: accepts, wantsPositions: false,
            rectangle: Self.rectangle(quiet, origin: drag.origin), action: host.atoms.action(for: operation)),
          to: drag.source, atoms: host.atoms)
      case .decline(let source):
        host.connection.send(
          .status(target: host.window, accepts: false, wantsPositions: false, rectangle: .init(), action: 0),
          to: source, atoms: host.atoms)
      case .exit:
        let surface = surface
        _ = host.onMain { surface.cancel() }
      case .drop(let drag, let x, let y, let time):
        drag.dropTime.withLock { $0 = time }
        let surface = surface
        let location = drag.location(x: x, y: y)
        let ended = host.onMain { surface.isDragging ? surface.end(at: location) : nil }
        if (ended ?? nil) == nil {
          // No drag on the surface to end, or the main actor did not answer: the source hears
          // of a failure rather than waiting for a finish that would not come.
          finish(drag.number, .cancel, host: host)
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

  /// The drag `source` brings: its targets (inline, or its `XdndTypeList`) as items
  /// (``IncomingDrag``) whose loads convert `XdndSelection`, each on a connection of its own;
  /// where our window is on the root.
  fileprivate func incomingDrag(number: Int, source: UInt32, inline: [UInt32], typeList: Bool) -> Receiver.Incoming? {
    do {
      var list = inline
      if typeList, let property = try connection.property32(source, atoms.typeList) { list = property.values }
      let targets = try connection.names(of: list.filter { $0 != 0 })
      // The source's destruction ends the drag (DestroyNotify).
      connection.selectInput(source, X11Connection.EventMask.structureNotify)
      let origin = try connection.translate(0, 0, from: window, to: connection.setup.root)
      let size = try connection.size(of: window) ?? (Int(Int16.max), Int(Int16.max))
      let dropTime = Locked<UInt32>(0)
      let application = AppIdentity(bundleIdentifier: "x11 window 0x\(String(source, radix: 16))")
      // Each read on a connection of its own: the conversion waits for another application.
      let (display, timeout) = (connection.display, connection.timeout)
      let read: @Sendable (String, UInt32) throws(SystemPasteboardError) -> [UInt8] = { target, time in
        let connection = try X11Connection(display: display, timeout: timeout)
        return try SelectionReader(connection: connection, selection: "XdndSelection").convert(target, time: time).data
      }
      let items = try IncomingDrag.items(
        targets: targets, application: application, registry: registry ?? UTTypeRegistry.shared.current,
        readFileList: { target throws(SystemPasteboardError) in try read(target, 0) },
        load: { target in try read(target, dropTime.withLock { $0 }) })
      return Receiver.Incoming(
        number: number, source: source,
        items: items, application: application,
        dropTime: dropTime,
        origin: (origin?.x ?? 0, origin?.y ?? 0),
        size: CGSize(width: size.width, height: size.height))
    } catch {
      return nil
    }
  }

  /// Moves `drag` to `location` on the surface (beginning it there at its first position); the
  /// operation it now has, and the quiet rectangle around the pointer (window coordinates).
  fileprivate func move(
    _ drag: Receiver.Incoming, to location: CGPoint, action: UInt32, first: Bool, surface: DropSurface
  ) -> (DropOperation, CGRect?) {
    let items = drag.items
    // The action is followed on every position (it follows the source's modifier keys); for
    // XdndActionAsk, the source's XdndActionList says what it offers.
    let list = action == atoms.ask ? (try? connection.property32(drag.source, atoms.actionList))?.values ?? [] : []
    let allowed = atoms.allowedOperations(for: action, list: list)
    let number = drag.number
    let application = drag.application
    let bounds = CGRect(origin: .zero, size: drag.size)
    let answer = onMain { [self] () -> (DropOperation, CGRect?) in
      let operation = IncomingDrag.move(
        on: surface, items: items, to: location, allowing: allowed, first: first, from: application
      ) { operation in
        self.post { host in host.receiver?.finish(number, operation, host: host) }
      }
      return (operation, surface.quietRectangle(around: location, within: bounds))
    }
    return answer ?? (.cancel, nil)
  }
}
