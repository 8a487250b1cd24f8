import DesktopPasteboard
import SystemPasteboard
import SystemPasteboardX11
import UTIPlatform

/// A minimal XDND source on a connection of its own, for measuring a target's answer: it
/// enters a window, sends positions one at a time and waits for each `XdndStatus`.
///
/// `utibench` times our window's answer with it, and GTK's beside it.
package final class XdndProbe {
  let connection: X11Connection
  let atoms: Xdnd.Atoms
  let window: UInt32

  /// A probe on `display` (default `$DISPLAY`); every wait is bounded by `timeout`.
  package init(display: X11Display?, timeout: Double = 5) throws(SystemPasteboardError) {
    connection = try X11Connection(display: display, timeout: timeout)
    atoms = try Xdnd.Atoms(connection)
    window = connection.createWindow()
    try connection.sync()
  }

  /// The XDND-aware window under root (`x`, `y`), and the window its messages go to.
  package func target(at x: Int, _ y: Int) throws(SystemPasteboardError) -> (window: UInt32, proxy: UInt32?)? {
    try connection.dropTarget(at: x, y, atoms: atoms).map { ($0.window, $0.proxy) }
  }

  /// Sends `XdndEnter` (version 5) with `types` inline.
  package func enter(_ target: (window: UInt32, proxy: UInt32?), types: [String]) throws(SystemPasteboardError) {
    let atoms = try connection.atoms(types)
    connection.send(
      .enter(source: window, version: Xdnd.version, types: atoms, typeList: false), to: target.window,
      via: target.proxy, atoms: self.atoms)
    try connection.flush()
  }

  /// Sends `XdndPosition` for root (`x`, `y`) asking for a copy, and waits for the status:
  /// whether the target accepts.
  /// - Throws: `SystemPasteboardError` `.timeout` when no status comes.
  package func position(_ target: (window: UInt32, proxy: UInt32?), x: Int, y: Int) throws(SystemPasteboardError)
    -> Bool
  {
    connection.send(
      .position(source: window, x: x, y: y, time: 0, action: atoms.copy), to: target.window, via: target.proxy,
      atoms: atoms)
    let deadline = MonotonicClock.deadline(after: MonotonicClock.nanoseconds(connection.timeout))
    while let event = try connection.nextEvent(until: deadline) {
      if case .status(_, let accepts, _, _, _)? = Xdnd.Message(event, atoms: atoms) { return accepts }
    }
    throw SystemPasteboardError(.timeout, "no XdndStatus came")
  }

  /// Sends `XdndLeave`.
  package func leave(_ target: (window: UInt32, proxy: UInt32?)) throws(SystemPasteboardError) {
    connection.send(.leave(source: window), to: target.window, via: target.proxy, atoms: atoms)
    try connection.flush()
  }
}
