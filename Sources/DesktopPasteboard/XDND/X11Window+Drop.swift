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

  /// The receiving side of one window: the XDND state machine and the drag it runs on the surface.
  final class Receiver {
    let surface: DropSurface
    var machine = XdndReceiving()
    /// The drag over us: its items, where the window is on the root, and its number.
    var incoming: Incoming?
    /// The source windows of drags dropped whose `XdndFinished` waits for their loads, by number.
    var dropped: [Int: UInt32] = [:]
    private var count = 0

    struct Incoming {
      let number: Int
      let source: UInt32
      let items: [ItemProvider]
      /// The application the drag comes from.
      let application: AppIdentity
      let dropTime: Locked<UInt32>
      /// The window's top-left corner in root coordinates.
      var origin: (x: Int, y: Int)
      /// The window's size.
      var size: CGSize
      var began = false
      var location = CGPoint.zero
    }

    init(surface: DropSurface) { self.surface = surface }

    func received(_ message: Xdnd.Message, host: X11Window.Host) {
      lastHeard = MonotonicClock.now()
      for action in machine.received(message) { perform(action, host: host) }
    }

    /// When the current drag's source last spoke.
    private var lastHeard: UInt64 = 0

    /// How long a source may stay silent during a drag before it is taken for gone: sources
    /// send `XdndPosition` on every motion, so a silence this long is a source that stopped
    /// (hung, or lost its connection without its window being destroyed).
    static func silenceLimit(timeout: Double) -> UInt64 { MonotonicClock.nanoseconds(6 * timeout) }

    /// Ends the drag over us (`dropExited`) when its source has been silent past the limit.
    func checkSilence(host: X11Window.Host) {
      guard let source = machine.source, MonotonicClock.now() >= lastHeard + Self.silenceLimit(timeout: host.timeout)
      else { return }
      for action in machine.sourceGone(source) { perform(action, host: host) }
    }

    func windowDestroyed(_ window: UInt32, host: X11Window.Host) {
      for action in machine.sourceGone(window) { perform(action, host: host) }
    }

    /// The connection is gone: a drag over us is cancelled.
    func connectionLost() {
      guard incoming?.began == true else { return }
      let surface = surface
      Task { @MainActor in surface.cancel() }
      incoming = nil
    }

    private func perform(_ action: XdndReceiving.Action, host: X11Window.Host) {
      switch action {
      case .begin(let source, _, let types, let typeList):
        count += 1
        incoming = host.incomingDrag(number: count, source: source, inline: types, typeList: typeList)
      case .move(let x, let y, let action):
        guard var drag = incoming else {
          // The drag's items could not be built (its types named atoms that do not exist, its
          // type list was unreadable): refuse it, rather than leave the source waiting.
          if let source = machine.source {
            host.connection.send(
              .status(target: host.window, accepts: false, wantsPositions: false, rectangle: .init(), action: 0),
              to: source, atoms: host.atoms)
          }
          return
        }
        drag.location = CGPoint(x: x - drag.origin.x, y: y - drag.origin.y)
        let (operation, quiet) = host.move(drag, action: action, surface: surface)
        drag.began = true
        incoming = drag
        var rectangle = Xdnd.Message.Rectangle()
        if let quiet, quiet.width >= 1, quiet.height >= 1 {
          let x = max(0, Int(quiet.minX.rounded(.up)) + drag.origin.x)
          let y = max(0, Int(quiet.minY.rounded(.up)) + drag.origin.y)
          rectangle = Xdnd.Message.Rectangle(
            x: x, y: y, width: min(0xFFFF, max(0, Int(quiet.maxX) + drag.origin.x - x)),
            height: min(0xFFFF, max(0, Int(quiet.maxY) + drag.origin.y - y)))
        }
        let accepts = operation == .copy || operation == .move
        host.connection.send(
          .status(
            target: host.window, accepts: accepts, wantsPositions: false, rectangle: rectangle,
            action: host.atoms.action(for: operation)), to: drag.source, atoms: host.atoms)
      case .exit:
        guard let drag = incoming else { return }
        incoming = nil
        if drag.began {
          let surface = surface
          _ = host.onMain { surface.cancel() }
        }
      case .drop(let time):
        guard let drag = incoming else { return }
        incoming = nil
        drag.dropTime.withLock { $0 = time }
        dropped[drag.number] = drag.source
        let surface = surface
        let location = drag.location
        let ended = host.onMain { surface.isDragging ? surface.end(at: location) : nil }
        if (ended ?? nil) == nil {
          // No drag on the surface to end, or the main actor did not answer: the source hears
          // of a failure rather than waiting for a finish that would not come.
          finish(drag.number, .cancel, host: host)
        }
      case .refuse(let source):
        host.connection.send(.finished(target: host.window, success: false, action: 0), to: source, atoms: host.atoms)
      }
    }

    /// A dropped drag's loads are done: tell its source (once).
    func finish(_ number: Int, _ operation: DropOperation, host: X11Window.Host) {
      guard let source = dropped.removeValue(forKey: number) else { return }
      let success = operation == .copy || operation == .move
      host.connection.send(
        .finished(target: host.window, success: success, action: host.atoms.action(for: operation)), to: source,
        atoms: host.atoms)
      try? host.connection.flush()
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
      let size = try connection.size(of: window) ?? (0x7FFF, 0x7FFF)
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

  /// Moves `drag` on the surface (beginning it there at its first position); the operation it
  /// now has, and the quiet rectangle around the pointer (window coordinates).
  fileprivate func move(_ drag: Receiver.Incoming, action: UInt32, surface: DropSurface) -> (
    DropOperation, CGRect?
  ) {
    let location = drag.location
    let began = drag.began
    let items = drag.items
    // The action is followed on every position (it follows the source's modifier keys); for
    // XdndActionAsk, the source's XdndActionList says what it offers.
    let list = action == atoms.ask ? (try? connection.property32(drag.source, atoms.actionList))?.values ?? [] : []
    let allowed = atoms.allowedOperations(for: action, list: list)
    let number = drag.number
    let source = drag.application
    let bounds = CGRect(origin: .zero, size: drag.size)
    let answer = onMain { [self] () -> (DropOperation, CGRect?) in
      if !began || !surface.isDragging {
        var session = DragSession(
          items: items, allowedOperations: allowed, operationsOutsideApp: allowed, source: source)
        session.whenSettled = { operation in
          self.post { host in host.receiver?.finish(number, operation, host: host) }
        }
        surface.begin(session, at: location)
      } else {
        surface.move(to: location, allowing: allowed)
      }
      return (surface.currentOperation, surface.quietRectangle(around: location, within: bounds))
    }
    return answer ?? (.cancel, nil)
  }
}
