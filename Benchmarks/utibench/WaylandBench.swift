import DesktopPasteboard
import DesktopTestSupport
import Foundation
import Pasteboard
import TestSupport
import TypeRegistry
import UTIPlatform

/// Wayland, on a headless sway of its own: copy → paste round trips as processes, ours beside
/// wl-copy then wl-paste; one paste in process beside a `wl-paste` process; and a drag's motion
/// answered (`accept`) by our window over 1,000 drop targets, beside a GTK 3 window's answer.
enum WaylandBench {
  static func rows(quick: Bool, scratch: URL) -> [Bench.Row] {
    guard let utictl = Bench.shippedUtictl(), let wlCopy = Bench.which("wl-copy"),
      let wlPaste = Bench.which("wl-paste"),
      let compositor = try? WaylandCompositor.start().get()
    else {
      print("note: no utictl, wl-clipboard or sway; the Wayland rows are left out")
      return []
    }
    let saved = ["DISPLAY", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR"].map { ($0, ProcessInfo.processInfo.environment[$0]) }
    unsetenv("DISPLAY")
    setenv("XDG_RUNTIME_DIR", compositor.runtimeDirectory, 1)
    setenv("WAYLAND_DISPLAY", compositor.socketName, 1)
    defer {
      for (name, value) in saved {
        if let value { setenv(name, value, 1) } else { unsetenv(name) }
      }
    }
    var rows: [Bench.Row] = []
    let small = scratch.appendingPathComponent("wayland-clip.txt").path
    _ = FileManager.default.createFile(atPath: small, contents: Data(repeating: UInt8(ascii: "a"), count: 1024))
    let large = scratch.appendingPathComponent("wayland-clip.png").path
    var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
    png.append(Data(repeating: 0x5A, count: 50 << 20))
    _ = FileManager.default.createFile(atPath: large, contents: png)
    for (label, file, type, mime, runs) in [
      ("1 KB of text", small, "public.plain-text", "text/plain", quick ? 5 : 21),
      ("a 50 MB PNG", large, "public.png", "image/png", quick ? 2 : 5),
    ] {
      // Both told the type, so neither identifies the file.
      let roundTrip = "'\(utictl)' copy --type \(type) '\(file)' && '\(utictl)' paste -n --type \(type)"
      guard let check = try? compositor.shell(roundTrip), check.stdout == FileManager.default.contents(atPath: file)
      else {
        print("note: \(utictl) did not give \(label) back on Wayland; its rows are left out")
        return rows
      }
      rows += Bench.roundTripRows(
        "copy → paste round trip, \(label) (processes, sway)", runs: runs, ours: roundTrip, utictl: utictl,
        theirs: "'\(wlCopy)' -t \(mime) < '\(file)' >/dev/null 2>&1 && '\(wlPaste)' -n -t \(mime) > /dev/null",
        peer: "wl-copy, then wl-paste")
    }
    // In process: one paste of 1 KB another process (wl-copy) owns.
    _ = try? compositor.shell("'\(wlCopy)' -t text/plain < '\(small)' >/dev/null 2>&1")
    usleep(200_000)
    let pasteboard = SystemPasteboard(
      selection: .clipboard, backend: (try? WaylandDisplay(name: compositor.socketPath)).map { .wayland($0) })
    let latency = Bench.measure(runs: quick ? 20 : 200) {
      Bench.sink((try? pasteboard.data(forTarget: "text/plain"))?.count ?? 0)
    }
    let wlPasteRun = Bench.measureProcess(runs: quick ? 5 : 21, wlPaste, ["-n", "-t", "text/plain"])
    rows.append(
      .init("paste 1 KB of text in process (Wayland data-control)", latency, wlPasteRun, peer: "wl-paste process"))
    rows += MainActor.assumeIsolated { dragRows(quick: quick, compositor: compositor) }
    return rows
  }

  /// The drag rows (``dragRows(quick:compositor:)``) on a sway of their own: `utibench --xdnd`.
  static func dragRowsAlone(quick: Bool) -> [Bench.Row] {
    guard let compositor = try? WaylandCompositor.start().get() else {
      print("note: no sway; the Wayland drag rows are left out")
      return []
    }
    return MainActor.assumeIsolated { dragRows(quick: quick, compositor: compositor) }
  }

  /// A delegate that takes everything and proposes nothing.
  struct Quiet: DropDelegate {
    func performDrop(info: DropInfo) -> Bool { true }
  }

  /// Motion → accept: a probe's drag over our window of 1,000 targets, beside a GTK 3 Wayland
  /// window answering the same motion (interleaved), and beside the same window with one target
  /// (what the compositor and the probe cost, without our hit testing).
  @MainActor
  static func dragRows(quick: Bool, compositor: WaylandCompositor) -> [Bench.Row] {
    guard let display = try? WaylandDisplay(name: compositor.socketPath),
      let input = try? WaylandVirtualInput(display: display)
    else {
      print("note: no virtual pointer on sway; the Wayland drag row is left out")
      return []
    }
    let runs = quick ? 50 : 2000
    let many = motionToAccept(targets: 1000, runs: runs, display: display, input: input, compositor: compositor)
    let one = motionToAccept(targets: 1, runs: runs, display: display, input: input, compositor: compositor)
    guard let many else {
      print("note: our Wayland window did not answer the probe's motions; the Wayland drag row is left out")
      return []
    }
    // PointyBug's mode (the main thread, run by DesktopEvents.run()) first, then its own thread.
    let versusGTK = [
      (true, "main thread run by DesktopEvents.run(), as PointyBug"), (false, "events on their own thread"),
    ]
    .compactMap { mainThread, label -> Bench.Row? in
      interleavedWithGTK(
        runs: runs, display: display, input: input, compositor: compositor, mainThread: mainThread
      ).map { gtk in
        Bench.Row(
          "Wayland drag motion → accept, 1,000 drop targets (sway, \(label); compositor round trip included)",
          gtk.ours, gtk.gtk, peer: "a GTK 3 Wayland window answering the same motion (interleaved)")
      }
    }
    return versusGTK + [
      .init(
        "Wayland drag motion → accept, 1,000 drop targets against 1 (sway; compositor round trip included)",
        many.endToEnd, one?.endToEnd, peer: "the same window with 1 target"),
      .init(
        "Wayland drag motion → accept inside our window (motion read → accept sent), 1,000 drop targets",
        many.inWindow, one?.inWindow, peer: "the same window with 1 target"),
    ]
  }

  /// Our window of `targets` targets (24 points square, 40 to a row) at (0, 0), taking drops,
  /// and a probe placed at (1150, 700): the window, the probe, our origin and the probe's home.
  @MainActor
  static func stage(
    targets: Int, display: WaylandDisplay, input: WaylandVirtualInput, compositor: WaylandCompositor,
    events: DesktopEvents = .ownThread
  ) -> (WaylandWindow, WaylandDragProbe, (x: Double, y: Double), (Double, Double))? {
    guard
      let window = try? WaylandWindow(
        title: "utibench", width: 1000, height: 700, display: display, applicationID: "swift-uti", events: events),
      let probe = try? WaylandDragProbe(display: display, input: input)
    else { return nil }
    let surface = DropSurface()
    for index in 0..<targets {
      let frame = CGRect(x: (index % 40) * 25, y: (index / 40) * 28, width: 24, height: 24)
      surface.addTarget(DropTarget(frame: frame, of: [.plainText], delegate: Quiet()))
    }
    guard (try? window.acceptDrops(into: surface)) != nil,
      let ours = try? compositor.place(appID: "swift-uti", at: 0, 0),
      let probeOrigin = try? compositor.place(appID: "swift-uti-probe", at: 1150, 700)
    else {
      window.close()
      probe.window.close()
      return nil
    }
    return (window, probe, ours, (probeOrigin.x + 50, probeOrigin.y + 50))
  }

  /// The median time from a probe's motion to our window's accept, over a window of `targets`
  /// targets (24 points square, 40 to a row), end to end and inside the window (from the
  /// motion's arrival on its thread to the accept sent); nil when it does not answer.
  @MainActor
  static func motionToAccept(
    targets: Int, runs: Int, display: WaylandDisplay, input: WaylandVirtualInput, compositor: WaylandCompositor
  ) -> (endToEnd: Double, inWindow: Double)? {
    guard
      let (window, probe, ours, home) = stage(targets: targets, display: display, input: input, compositor: compositor)
    else { return nil }
    let answerTimes = Locked<[UInt64]>([])
    window.observeAnswers { took in answerTimes.withLock { $0.append(took) } }
    defer {
      window.observeAnswers(nil)
      window.close()
      probe.window.close()
    }
    let time = XdndBench.measureOffMain { () throws(SystemPasteboardError) -> Double in
      try probe.start(at: home.0, home.1)
      defer { try? probe.end(at: home.0, home.1) }
      var accepted = 0
      var step = 0
      for _ in 0..<20 {
        step += 1
        _ = try probe.position(ours.x + 10 + Double(step % 2), ours.y + 10)
      }
      let time = Bench.measure(runs: runs) {
        // Alternately inside the first target and between targets: enter, update, exit.
        step += 1
        // (With one target, the other position is right of it.)
        let y = targets > 1 ? ours.y + 10 + Double(step % 25) * 28 : ours.y + 10
        let x = ours.x + 10 + Double(step % 2) * (targets > 1 ? 13 : 20)
        if (try? probe.position(x, y)) == true { accepted += 1 }
      }
      return accepted > 0 ? time : .nan
    }
    let answers = answerTimes.withLock { $0 }.suffix(runs).sorted()
    guard let time, !time.isNaN, !answers.isEmpty else { return nil }
    return (time, Double(answers[answers.count / 2]) / 1e9)
  }
}
