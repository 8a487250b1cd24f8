import DesktopPasteboard
import DesktopTestSupport
import Foundation
import Pasteboard
import TestSupport
import UTIPlatform

extension WaylandBench {
  /// Motion → accept through the same compositor, one probe drag moving alternately over our
  /// window (1,000 targets, at (0, 0)) and a GTK 3 Wayland window (`GDK_BACKEND=wayland`, its
  /// drop area taking `text/plain`, at (1060, 0): sway's output is 1280 × 800), in blocks of 50 motions, so both answers
  /// are timed under the same load. The first motion of each block (an enter) is not timed.
  /// With `mainThread` our window's events run on the main thread, which `DesktopEvents.run()`
  /// runs (PointyBug's mode). Nil where GTK does not start or either window does not answer.
  @MainActor
  static func interleavedWithGTK(
    runs: Int, display: WaylandDisplay, input: WaylandVirtualInput, compositor: WaylandCompositor,
    mainThread: Bool = false
  ) -> (ours: Double, gtk: Double)? {
    let script = packageRoot.appendingPathComponent("Tests/Fixtures/x11/gtk_dnd.py").path
    guard
      let gtk = try? compositor.start(
        "/usr/bin/python3", [script, "target", "0", "0", "text/plain"], environment: ["GDK_BACKEND=wayland"]),
      gtk.line(within: 20) == "ready",
      let gtkOrigin = try? compositor.place(appID: "gtk_dnd.py", at: 1060, 0)
    else {
      print("note: no GTK 3 on Wayland; the Wayland drag row has no GTK peer")
      return nil
    }
    defer { gtk.terminate() }
    guard
      let (window, probe, ours, home) = stage(
        targets: 1000, display: display, input: input, compositor: compositor,
        events: mainThread ? .mainThread : .ownThread)
    else { return nil }
    defer {
      window.close()
      probe.window.close()
    }
    let measure = { @Sendable () throws(SystemPasteboardError) -> (Double, Double) in
      try probe.start(at: home.0, home.1)
      defer { try? probe.end(at: home.0, home.1) }
      var (ourTimes, gtkTimes): ([Double], [Double]) = ([], [])
      var step = 0
      for _ in 0..<max(1, runs / 50) {
        // Ours: alternately inside a target and between targets (enter, update, exit), as the
        // row against one target does; GTK's: two points of its drop area.
        ourTimes += try timedMotions(probe, count: 50) { _ in
          step += 1
          return (ours.x + 10 + Double(step % 2) * 13, ours.y + 10 + Double(step % 25) * 28)
        }
        gtkTimes += try timedMotions(probe, count: 50) { index in
          (gtkOrigin.x + 50 + Double(index % 2), gtkOrigin.y + 50)
        }
      }
      return (median(ourTimes), median(gtkTimes))
    }
    let medians = mainThread ? XdndBench.measureOnRunner(measure) : XdndBench.measureOffMain(measure)
    guard let medians, !medians.0.isNaN, !medians.1.isNaN else { return nil }
    return medians
  }

  /// Moves the probe `count` + 1 times to `point(i)`, timing all but the first (the enter into
  /// a window); NaN times where no answer accepted the motion.
  private static func timedMotions(
    _ probe: WaylandDragProbe, count: Int, _ point: (Int) -> (Double, Double)
  ) throws(SystemPasteboardError) -> [Double] {
    let first = point(-1)
    _ = try probe.position(first.0, first.1)
    var times: [Double] = []
    for index in 0..<count {
      let (x, y) = point(index)
      let start = Bench.now()
      _ = try probe.position(x, y)
      times.append(Double(Bench.now() - start) / 1e9)
    }
    return times
  }

  private static func median(_ times: [Double]) -> Double {
    times.isEmpty ? .nan : times.sorted()[times.count / 2]
  }
}
