import SystemPasteboardCore

/// The XDND protocol's constants and messages (freedesktop.org's "Drag-and-Drop Protocol for the
/// X Window System", version 5): the atoms, the six client messages decoded from and encoded to
/// their five 32-bit data items, and the target a drag is over. This is the protocol's wire,
/// beside X11's; the state machines that speak it (`XdndReceiving`, `XdndDragging`) and the
/// window that runs them (`XdndWindow`, the X11 `WindowBackend`) sit next to it.
package enum Xdnd {
  /// The version we speak; a peer's lower version (down to ``oldestVersion``) is spoken to it.
  package static let version: UInt32 = 5
  /// The oldest version we speak: 3 is the oldest in use (GTK and Qt speak 5).
  static let oldestVersion: UInt32 = 3

  /// The atoms the protocol names, interned once per connection.
  static let atomNames = [
    "XdndAware", "XdndProxy", "XdndEnter", "XdndPosition", "XdndStatus", "XdndLeave", "XdndDrop", "XdndFinished",
    "XdndSelection", "XdndTypeList", "XdndActionCopy", "XdndActionMove", "XdndActionLink", "XdndActionAsk",
    "XdndActionPrivate", "XdndActionList", "ATOM", "WINDOW",
  ]

  /// The interned atoms.
  package struct Atoms: Sendable {
    package let aware, proxy, enter, position, status, leave, drop, finished: UInt32
    package let selection, typeList, copy, move, link, ask, privateAction, actionList, atom, window: UInt32

    package init(_ connection: X11Connection) throws(SystemPasteboardError) {
      self.init(try connection.atoms(Xdnd.atomNames))
    }

    /// Atoms numbered from `first` on, in ``Xdnd/atomNames`` order (for tests without a server).
    package init(numbered first: UInt32) {
      self.init((0..<UInt32(Xdnd.atomNames.count)).map { first + $0 })
    }

    private init(_ a: [UInt32]) {
      (aware, proxy, enter, position, status, leave, drop, finished) = (a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7])
      (selection, typeList, copy, move, link, ask, privateAction, actionList, atom, window) = (
        a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15], a[16], a[17]
      )
    }
  }

  /// One XDND client message.
  package enum Message: Equatable, Sendable {
    /// The source's pointer entered the target: its version and the first three types, or
    /// `typeList` when the source's `XdndTypeList` property holds them all.
    case enter(source: UInt32, version: UInt32, types: [UInt32], typeList: Bool)
    /// The pointer is at (`x`, `y`) on the root window; the source asks for `action`.
    case position(source: UInt32, x: Int, y: Int, time: UInt32, action: UInt32)
    /// The target's answer: whether it accepts, with which action, and the root rectangle within
    /// which the answer holds (no more positions needed inside it unless `wantsPositions`).
    case status(target: UInt32, accepts: Bool, wantsPositions: Bool, rectangle: Rectangle, action: UInt32)
    /// The pointer left the target, or the drag was cancelled.
    case leave(source: UInt32)
    /// The button was released over the target, at `time`.
    case drop(source: UInt32, time: UInt32)
    /// The target is done: whether it succeeded, and the action it performed.
    case finished(target: UInt32, success: Bool, action: UInt32)

    /// A rectangle in root coordinates (XDND packs each pair into 16-bit halves).
    package struct Rectangle: Equatable, Sendable {
      package var x = 0
      package var y = 0
      package var width = 0
      package var height = 0

      package init(x: Int = 0, y: Int = 0, width: Int = 0, height: Int = 0) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
      }

      package func contains(_ px: Int, _ py: Int) -> Bool { px >= x && py >= y && px < x + width && py < y + height }
    }

    /// Decodes a ClientMessage; nil when it is not an XDND message or is not 32-bit.
    package init?(_ event: X11Connection.Event, atoms: Atoms) {
      guard case .clientMessage(let message) = X11Event(event, xfixesEvent: nil) else { return nil }
      self.init(message, atoms: atoms)
    }

    /// The XDND message a client message carries, if it is one (format 32, an XDND type).
    init?(_ message: X11Event.ClientMessage, atoms: Atoms) {
      guard message.format == 32 else { return nil }
      let type = message.type
      let l = message.data
      switch type {
      case atoms.enter:
        self = .enter(
          source: l[0], version: l[1] >> 24, types: l[2...4].filter { $0 != 0 }, typeList: l[1] & 1 != 0)
      case atoms.position:
        self = .position(source: l[0], x: Int(l[2] >> 16), y: Int(l[2] & 0xFFFF), time: l[3], action: l[4])
      case atoms.status:
        let rectangle = Rectangle(
          x: Int(Int16(truncatingIfNeeded: l[2] >> 16)), y: Int(Int16(truncatingIfNeeded: l[2])),
          width: Int(l[3] >> 16), height: Int(l[3] & 0xFFFF))
        self = .status(
          target: l[0], accepts: l[1] & 1 != 0, wantsPositions: l[1] & 2 != 0, rectangle: rectangle, action: l[4])
      case atoms.leave: self = .leave(source: l[0])
      case atoms.drop: self = .drop(source: l[0], time: l[2])
      case atoms.finished: self = .finished(target: l[0], success: l[1] & 1 != 0, action: l[2])
      default: return nil
      }
    }

    /// The message's type atom and data items.
    package func encoded(_ atoms: Atoms) -> (type: UInt32, data: [UInt32]) {
      func pair(_ high: Int, _ low: Int) -> UInt32 {
        UInt32(UInt16(truncatingIfNeeded: high)) << 16 | UInt32(UInt16(truncatingIfNeeded: low))
      }
      switch self {
      case .enter(let source, let version, let types, let typeList):
        let inline = typeList ? [] : Array(types.prefix(3))
        return (
          atoms.enter,
          [source, version << 24 | (typeList ? 1 : 0)] + inline + [UInt32](repeating: 0, count: 3 - inline.count)
        )
      case .position(let source, let x, let y, let time, let action):
        return (atoms.position, [source, 0, pair(x, y), time, action])
      case .status(let target, let accepts, let wantsPositions, let r, let action):
        return (
          atoms.status,
          [target, (accepts ? 1 : 0) | (wantsPositions ? 2 : 0), pair(r.x, r.y), pair(r.width, r.height), action]
        )
      case .leave(let source): return (atoms.leave, [source, 0, 0, 0, 0])
      case .drop(let source, let time): return (atoms.drop, [source, 0, time, 0, 0])
      case .finished(let target, let success, let action):
        return (atoms.finished, [target, success ? 1 : 0, success ? action : 0, 0, 0])
      }
    }
  }

  /// An XDND-aware window a drag is over: its window, the proxy its messages go to, and the
  /// version spoken to it (the lower of its and ours).
  package struct Target: Equatable, Sendable {
    package var window: UInt32
    package var proxy: UInt32?
    package var version: UInt32

    package init(window: UInt32, proxy: UInt32?, version: UInt32) {
      (self.window, self.proxy, self.version) = (window, proxy, version)
    }
  }
}
