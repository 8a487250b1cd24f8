import DesktopPasteboard
import Foundation
import Pasteboard
import TestSupport
import UTIPlatform

/// A drag's image following the pointer on X11: from a pointer motion (XTEST) to the server's
/// report that the image window moved, the 99th percentile over 400 motions, for our drag (an
/// image window of its own) and for GTK 3's (its drag icon), measured by the same python3-xlib
/// peer in the same run. A frame at 60 Hz is 16.7 ms.
extension XdndBench {
  static let latencyPeer = packageRoot.appendingPathComponent("Tests/Fixtures/x11/drag_image_latency.py").path

  /// The row on an Xvfb server of its own.
  @MainActor
  static func imageRowAlone(quick: Bool) -> [Bench.Row] {
    guard let server = try? XServer.start().get(), let display = try? X11Display(parsing: server.display) else {
      print("note: no Xvfb; the drag image row is left out")
      return []
    }
    return [imageRow(server: server, display: display, quick: quick)].compactMap { $0 }
  }

  @MainActor
  static func imageRow(server: XServer, display: X11Display, quick: Bool) -> Bench.Row? {
    let motions = quick ? 60 : 400
    guard let ours = ourImageLatency(server: server, display: display, motions: motions) else {
      print("note: our drag showed no image window; the drag image row is left out")
      return nil
    }
    let theirs = gtkImageLatency(server: server, motions: motions)
    if theirs == nil { print("note: GTK's drag showed no icon window; the drag image row has no peer") }
    let medians = "p50: ours \(format(ours.p50)) ms" + (theirs.map { ", GTK's \(format($0.p50)) ms" } ?? "")
    return .init(
      "drag image: pointer motion → image window moved, p99 (Xvfb; \(medians))",
      ours.p99 / 1000, theirs.map { $0.p99 / 1000 }, peer: "a GTK 3 drag's icon, the same motions")
  }

  private static func format(_ milliseconds: Double) -> String { String(format: "%.2f", milliseconds) }

  /// Our window's drag of a 64 × 64 image from (100, 100), timed around (300, 300).
  @MainActor
  static func ourImageLatency(server: XServer, display: X11Display, motions: Int) -> (p50: Double, p99: Double)? {
    guard let window = try? X11Window(title: "utibench drags", width: 400, height: 400, display: display) else {
      return nil
    }
    defer { window.close() }
    _ = try? server.run("/bin/sh", ["-c", "xdotool mousemove 100 100 sleep 0.2 mousedown 1 sleep 0.2"])
    var session = DragSession(items: [ItemProvider(object: "benchmark" as NSString)], allowedOperations: [.copy])
    session.image = try? DragImage(
      width: 64, height: 64, pixels: [UInt32](repeating: 0xC080_4020, count: 64 * 64), hotSpot: CGPoint(x: 8, y: 8))
    guard (try? window.beginDrag(session)) != nil else { return nil }
    defer { _ = try? server.run("/bin/sh", ["-c", "xdotool key Escape mouseup 1"]) }
    return measureLatency(server: server, at: (300, 300), motions: motions)
  }

  /// A GTK 3 window's drag of text from (600, 100), timed around (700, 300).
  static func gtkImageLatency(server: XServer, motions: Int) -> (p50: Double, p99: Double)? {
    let gtk = packageRoot.appendingPathComponent("Tests/Fixtures/x11/gtk_dnd.py").path
    guard let peer = try? server.start("/usr/bin/python3", [gtk, "source", "500", "0", "text", "benchmark"]),
      peer.line(within: 20) == "ready"
    else { return nil }
    defer { peer.terminate() }
    _ = try? server.run(
      "/bin/sh",
      ["-c", "xdotool mousemove 600 100 sleep 0.2 mousedown 1 sleep 0.1 mousemove 620 110 mousemove 660 140 sleep 0.5"])
    defer { _ = try? server.run("/bin/sh", ["-c", "xdotool key Escape mouseup 1"]) }
    return measureLatency(server: server, at: (700, 300), motions: motions)
  }

  /// Runs the latency peer around `point`; its p50 and p99 in milliseconds.
  static func measureLatency(server: XServer, at point: (Int, Int), motions: Int) -> (p50: Double, p99: Double)? {
    guard
      let result = try? server.run("/usr/bin/python3", [latencyPeer, "\(point.0)", "\(point.1)", "\(motions)"]),
      let line = result.stdoutText.split(separator: "\n").last(where: { $0.hasPrefix("ms ") })
    else { return nil }
    let fields = line.split(separator: " ")
    guard fields.count == 4, let p50 = Double(fields[1]), let p99 = Double(fields[2]), !p99.isNaN else { return nil }
    if let missed = Int(fields[3]), missed > 0 { print("note: \(missed) motions moved no image within 1 s") }
    return (p50, p99)
  }
}
