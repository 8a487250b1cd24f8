import DesktopPasteboard
import DesktopTestSupport
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
    guard let server = try? XServer.start().get(), let display = try? X11Display(parsing: server.display) else {
      print("note: no Xvfb; the XDND row is left out")
      return []
    }
    let gtk = packageRoot.appendingPathComponent("Tests/Fixtures/x11/gtk_dnd.py").path
    let peer = try? server.start("/usr/bin/python3", [gtk, "target", "1050", "0", "text/plain"])
    defer { peer?.terminate() }
    let hasPeer = peer?.line(within: 20) == "ready"
    if !hasPeer { print("note: no GTK 3 for Python; the XDND row has no peer") }
    // PointyBug's mode first: the window's events on the main thread, where the delegates are,
    // which DesktopEvents.run() runs; then the same window served from the main dispatch queue.
    return [
      (DesktopEvents.mainThread, true, "main thread run by DesktopEvents.run(), as PointyBug"),
      (.mainThread, false, "events on the main thread, from the main queue"),
      (.ownThread, false, "events on their own thread"),
    ]
    .compactMap { events, runner, label in
      row(events: events, runner: runner, label: label, display: display, hasPeer: hasPeer, runs: quick ? 50 : 2000)
    } + [imageRow(server: server, display: display, quick: quick)].compactMap { $0 }
  }

  /// The row of a window whose events run as `events` says (with `runner`, on a main thread that
  /// `DesktopEvents.run()` runs), over 1,000 targets, beside GTK's.
  @MainActor
  static func row(events: DesktopEvents, runner: Bool, label: String, display: X11Display, hasPeer: Bool, runs: Int)
    -> Bench.Row?
  {
    // 1,000 targets, 25 points square, in a 40 × 25 grid on a 1000 × 1000 window at (0, 0).
    guard
      let window = try? X11Window(title: "utibench", width: 1000, height: 1000, display: display, events: events)
    else {
      print("note: no window could be made on Xvfb; the XDND row is left out")
      return nil
    }
    defer { window.close() }
    let surface = DropSurface()
    for index in 0..<1000 {
      let frame = CGRect(x: (index % 40) * 25, y: (index / 40) * 40, width: 24, height: 24)
      surface.addTarget(DropTarget(frame: frame, of: [.plainText], delegate: Quiet()))
    }
    guard (try? window.acceptDrops(into: surface)) != nil else { return nil }
    let id = window.id
    let measure = { @Sendable () throws(SystemPasteboardError) -> (ours: Double, theirs: Double?) in
      try interleaved(ours: id, display: display, hasPeer: hasPeer, runs: runs)
    }
    let medians = runner ? measureOnRunner(measure) : measureOffMain(measure)
    guard let medians, !medians.ours.isNaN else {
      print("note: our window did not answer XdndPosition; the XDND row is left out")
      return nil
    }
    return .init(
      "XdndPosition → XdndStatus, 1,000 drop targets (Xvfb, \(label))", medians.ours, medians.theirs,
      peer: "a GTK 3 window answering the same message (interleaved)")
  }

  /// The medians of our window's and the GTK window's answers, from two sources, one over each
  /// window: blocks of positions alternate between the two, so both answers are timed under the
  /// same load (this machine's timings drift by 2× and more between minutes).
  static func interleaved(ours window: UInt32, display: X11Display, hasPeer: Bool, runs: Int)
    throws(SystemPasteboardError) -> (ours: Double, theirs: Double?)
  {
    let ourProbe = try XdndProbe(display: display)
    let ours = (window: window, proxy: UInt32?.none)
    try ourProbe.enter(ours, types: ["text/plain"])
    var theirProbe: XdndProbe?
    var theirs: (window: UInt32, proxy: UInt32?)?
    if hasPeer {
      theirProbe = try XdndProbe(display: display)
      theirs = try theirProbe!.target(at: 1100, 100)
      if let theirs { try theirProbe!.enter(theirs, types: ["text/plain"]) }
    }
    var (ourTimes, theirTimes, accepted, step) = ([Double](), [Double](), 0, 0)
    let block = min(100, runs)
    for round in 0...(runs / block) {
      for _ in 0..<(round == 0 ? 20 : block) {
        // Alternately inside a target and between targets: enter, update, exit.
        step += 1
        let start = Bench.now()
        if try ourProbe.position(ours, x: 10 + (step % 2) * 13, y: 10 + (step % 40) * 20) { accepted += 1 }
        if round > 0 { ourTimes.append(Double(Bench.now() - start) / 1e9) }
      }
      guard let theirProbe, let theirs else { continue }
      for _ in 0..<(round == 0 ? 20 : block) {
        step += 1
        let start = Bench.now()
        _ = try theirProbe.position(theirs, x: 1100 + step % 2, y: 100)
        if round > 0 { theirTimes.append(Double(Bench.now() - start) / 1e9) }
      }
    }
    try ourProbe.leave(ours)
    if let theirs { try theirProbe?.leave(theirs) }
    guard accepted > 0 else { return (.nan, nil) }
    return (ourTimes.sorted()[ourTimes.count / 2], theirTimes.isEmpty ? nil : theirTimes.sorted()[theirTimes.count / 2])
  }

  /// Runs `body` on a thread of its own while `DesktopEvents.run()` runs the main thread (the
  /// window's events and the main actor); nil when it throws.
  @MainActor
  static func measureOnRunner<T: Sendable>(_ body: @escaping @Sendable () throws(SystemPasteboardError) -> T) -> T? {
    let result = measureDetached(body) { DesktopEvents.stop() }
    try? DesktopEvents.run()
    return result.withLock { $0 } ?? nil
  }

  /// Runs `body` on a thread of its own while the main thread serves the main actor (the
  /// window's delegates run there); nil when it throws.
  @MainActor
  static func measureOffMain<T: Sendable>(_ body: @escaping @Sendable () throws(SystemPasteboardError) -> T) -> T? {
    // Woken by the main queue's work (no timer per turn), the run loop sees the result.
    let result = measureDetached(body) { DispatchQueue.main.async {} }
    while result.withLock({ $0 }) == nil { _ = RunLoop.main.run(mode: .default, before: .distantFuture) }
    return result.withLock { $0 } ?? nil
  }

  /// Starts `body` on a thread of its own, which stores its value (nil, with a note, when it
  /// throws) and then calls `done` to wake the main thread.
  private static func measureDetached<T: Sendable>(
    _ body: @escaping @Sendable () throws(SystemPasteboardError) -> T, done: @escaping @Sendable () -> Void
  ) -> Locked<T??> {
    let result = Locked<T??>(nil)
    Thread.detachNewThread {
      let value: T?
      do { value = try body() } catch { print("note: the measurement failed: \(error)"); value = nil }
      result.withLock { $0 = .some(value) }
      done()
    }
    return result
  }
}
