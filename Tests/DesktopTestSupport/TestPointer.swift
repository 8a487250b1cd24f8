import Foundation
import SystemPasteboard
import TestSupport

/// A pointer the tests move over a desktop, as a person's hand would: XTEST on an X server
/// (and on weston's X11 backend, whose pointer is the server's), wlroots' virtual pointer on
/// sway (``WaylandVirtualInput``), GNOME's remote desktop on mutter (``MutterPointer``), KDE's
/// fake input on kwin (``KWinFakeInput``). Coordinates are the screen's (the output's).
public protocol TestPointer: AnyObject, Sendable {
  /// Moves the pointer to (`x`, `y`), once the desktop has it.
  func move(to x: Double, _ y: Double) throws
  /// Presses (or releases) the left button.
  func button(pressed: Bool) throws
}

extension TestPointer {
  /// Moves the pointer from one point to another in `steps` motions, `pause` seconds apart.
  public func drag(from start: (Double, Double), to end: (Double, Double), steps: Int = 12, pause: Double = 0.03)
    throws
  {
    for step in 1...steps {
      let fraction = Double(step) / Double(steps)
      try move(to: start.0 + (end.0 - start.0) * fraction, start.1 + (end.1 - start.1) * fraction)
      usleep(useconds_t(pause * 1_000_000))
    }
  }

  /// Presses at `start`, drags through `points` (pausing where a target must answer), and
  /// releases at the last unless `release` is false; `pace` stretches every pause (a desktop that
  /// reads the pointer through another server, weston on X11, needs more).
  public func pressDragRelease(through points: [(Double, Double)], release: Bool = true, pace: Double = 1) throws {
    guard let first = points.first else { return }
    try move(to: first.0, first.1)
    usleep(UInt32(100_000 * pace))
    try button(pressed: true)
    usleep(UInt32(100_000 * pace))
    var from = first
    for point in points.dropFirst() {
      try drag(from: from, to: point, steps: 8, pause: 0.02 * pace)
      from = point
      usleep(UInt32(150_000 * pace))
    }
    if release {
      usleep(UInt32(150_000 * pace))
      try button(pressed: false)
    }
  }
}

/// XTEST through `xdotool`, on an X server (and on weston's X11 backend inside it).
public final class XTestPointer: TestPointer {
  private let server: XServer

  /// A pointer on `server`.
  /// - Throws: ``PeerUnavailable`` where `xdotool` is not installed.
  public init(server: XServer) throws {
    _ = try Peers.executable("xdotool", package: "xdotool").get()
    self.server = server
  }

  public func move(to x: Double, _ y: Double) throws { try run("mousemove \(Int(x)) \(Int(y))") }
  public func button(pressed: Bool) throws { try run(pressed ? "mousedown 1" : "mouseup 1") }

  private func run(_ command: String) throws {
    let result = try server.run("/bin/sh", ["-c", "xdotool \(command)"])
    guard result.status == 0 else { throw PeerUnavailable("xdotool", "\(command): \(result.stderrText)") }
  }
}
