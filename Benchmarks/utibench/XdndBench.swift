import DesktopPasteboard
import Foundation
import Pasteboard
import TestSupport
import TypeRegistry
import UTIPlatform

/// XDND: from `XdndPosition` to `XdndStatus`, a source's message answered by our window over
/// 1,000 drop targets (the delegates run on the main actor), beside a GTK 3 window answering
/// the same message; on an Xvfb server of its own.
enum XdndBench {
  /// A delegate that takes everything and proposes nothing.
  struct Quiet: DropDelegate {
    func performDrop(info: DropInfo) -> Bool { true }
  }

  @MainActor
  static func rows(quick: Bool) -> [Bench.Row] {
    guard let server = XServer.start(), let display = try? X11Display(parsing: server.display) else {
      print("note: no Xvfb; the XDND row is left out")
      return []
    }
    // 1,000 targets, 25 points square, in a 40 × 25 grid on a 1000 × 1000 window at (0, 0).
    guard let window = try? X11Window(title: "utibench", width: 1000, height: 1000, display: display) else {
      print("note: no window could be made on Xvfb; the XDND row is left out")
      return []
    }
    defer { window.close() }
    let surface = DropSurface()
    for index in 0..<1000 {
      let frame = CGRect(x: (index % 40) * 25, y: (index / 40) * 40, width: 24, height: 24)
      surface.addTarget(DropTarget(frame: frame, of: [.plainText], delegate: Quiet()))
    }
    guard (try? window.acceptDrops(into: surface)) != nil else { return [] }
    let runs = quick ? 50 : 2000
    let ours = measureOffMain { () throws(SystemPasteboardError) -> Double in
      let probe = try XdndProbe(display: display)
      let target = (window: window.id, proxy: UInt32?.none)
      try probe.enter(target, types: ["text/plain"])
      var accepted = 0
      var step = 0
      for _ in 0..<20 { _ = try probe.position(target, x: 10, y: 10) }
      let time = Bench.measure(runs: runs) {
        // Alternately inside a target and between targets: enter, update, exit.
        step += 1
        if (try? probe.position(target, x: 10 + (step % 2) * 13, y: 10 + (step % 40) * 20)) == true { accepted += 1 }
      }
      try probe.leave(target)
      return accepted > 0 ? time : .nan
    }
    guard let ours, !ours.isNaN else {
      print("note: our window did not answer XdndPosition; the XDND row is left out")
      return []
    }
    var theirs: Double?
    let gtk = packageRoot.appendingPathComponent("Tests/Fixtures/x11/gtk_dnd.py").path
    if let peer = try? server.start("/usr/bin/python3", [gtk, "target", "1050", "0", "text/plain"]),
      peer.line(within: 20) == "ready"
    {
      theirs = measureOffMain { () throws(SystemPasteboardError) -> Double in
        let probe = try XdndProbe(display: display)
        guard let target = try probe.target(at: 1100, 100) else { return .nan }
        try probe.enter(target, types: ["text/plain"])
        for _ in 0..<20 { _ = try probe.position(target, x: 1100, y: 100) }
        var step = 0
        let time = Bench.measure(runs: runs) {
          step += 1
          _ = try? probe.position(target, x: 1100 + step % 2, y: 100)
        }
        try probe.leave(target)
        return time
      }
      peer.terminate()
      if theirs?.isNaN == true { theirs = nil }
    } else {
      print("note: no GTK 3 for Python; the XDND row has no peer")
    }
    return [
      .init(
        "XdndPosition → XdndStatus, 1,000 drop targets (Xvfb, delegates on the main actor)", ours, theirs,
        peer: "a GTK 3 window answering the same message")
    ]
  }

  /// Runs `body` on a thread of its own while the main thread serves the main actor (the
  /// window's delegates run there); nil when it throws.
  @MainActor
  static func measureOffMain(_ body: @escaping @Sendable () throws(SystemPasteboardError) -> Double) -> Double? {
    let result = Locked<Double??>(nil)
    Thread.detachNewThread {
      let value = try? body()
      result.withLock { $0 = .some(value) }
    }
    while result.withLock({ $0 }) == nil { RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.001)) }
    return result.withLock { $0 } ?? nil
  }
}
