import DesktopTestSupport
import Foundation
import Synchronization
import TestSupport
import Testing

/// A GTK window a test started on a desktop: its process and where its widget is on the screen.
struct GTKWindow {
  let peer: XServer.Peer
  /// The widget's frame, in the screen's coordinates.
  var frame: CGRect
  /// A point inside the widget, `fraction` of the way across and down.
  func point(_ fraction: Double = 0.5) -> (Double, Double) {
    (frame.minX + frame.width * fraction, frame.minY + frame.height * fraction)
  }
  var centre: (Double, Double) { point() }
}

extension GTKDesktop {
  /// The GTK 4 peer of ours (`gtk-peer`, built beside the tests).
  static var gtkPeer: String { get throws { try builtProduct("GTKPeer") } }
  /// What each of our GTK 4 peers paints its widget (by mode), and the GTK 3 peer's
  /// (0x00FFFF): where each is, on weston's screen. Our own windows show 0xFF00FF.
  static let colors: [String: UInt32] = ["drop": 0xFFFF00, "drag": 0x00FF00, "copy": 0xFF8000, "paste": 0x8000FF]

  /// The GTK 3 peer (Python), from the root package's fixtures.
  static let gtk3Peer = fixturesDirectory.appendingPathComponent("x11/gtk_dnd.py").path

  /// Starts our GTK 4 peer with `arguments`, waits for its "ready", and finds its widget (of
  /// `side` pixels); on sway it is first placed at `place`.
  func gtk4(_ arguments: [String], side: Double, place: (Int, Int) = (0, 0), environment: [String] = [])
    throws -> GTKWindow
  {
    let mode = arguments.first ?? "drop"
    let color = Self.colors[mode] ?? 0xFFFF00
    if kind == .weston, let server { try Self.waitUntilGone(color, on: server) }
    let peer = try start(
      try Self.gtkPeer, arguments, environment: ["GTK_PEER_COLOR=#" + String(format: "%06x", color)] + environment)
    // (A pointer resting where the window maps makes it report before it is ready.)
    try #require(peer.line { !$0.hasPrefix("pointer ") } == "ready", "gtk-peer \(arguments) did not start")
    if kind == .x11, place != (0, 0), let server {
      // GTK 4 cannot place its window; with no window manager, X11 lets anyone move it.
      // (By its title: the process has a hidden leader window too.)
      try server.run(
        "/bin/sh", ["-c", "xdotool search --sync --name '^gtk-peer \(mode)$' windowmove %@ \(place.0) \(place.1)"])
    }
    return try locate(peer, side: side, appID: "gtk-peer-" + mode, place: place, color: color)
  }

  /// Starts the GTK 3 peer with `arguments` (its window of 200 pixels at `place` where the desktop
  /// lets a client place it), waits for its "ready" and finds its widget.
  func gtk3(_ role: String, place: (Int, Int), _ arguments: [String], environment: [String] = []) throws -> GTKWindow {
    if kind == .weston, let server { try Self.waitUntilGone(0x00FFFF, on: server) }
    let peer = try start(
      "/usr/bin/python3", [Self.gtk3Peer, role, "\(place.0)", "\(place.1)"] + arguments,
      environment: ["GTK_DND_POINTER=1", "GTK_DND_COLOR=#00ffff"] + environment)
    try #require(peer.line { !$0.hasPrefix("pointer ") } == "ready", "gtk_dnd.py \(role) did not start")
    return try locate(peer, side: 200, appID: "gtk_dnd.py", place: place, color: 0x00FFFF)
  }

  /// Where `peer`'s widget is: the pointer rests on a few points while the peer says where the
  /// pointer is over its widget ("pointer X Y"), each report taken for the point it rests on:
  /// first where the window was placed (X11 takes a GTK 3 window's place, sway is told it); where
  /// that finds nothing, a quick sweep over the screen until the widget reports, then a rest on
  /// each of the last points swept. The peer stops reporting then.
  func locate(_ peer: XServer.Peer, side: Double, appID: String, place: (Int, Int), color: UInt32) throws -> GTKWindow {
    // weston places windows at random, on an X server's screen: found by their colors there.
    if kind == .weston, let server {
      peer.send("untrack")
      return GTKWindow(peer: peer, frame: try Self.frame(of: color, side: side, on: server))
    }
    var expected = (Double(place.0), Double(place.1))
    if kind == .sway, let compositor {
      let origin = try compositor.place(appID: appID, at: place.0, place.1)
      expected = (origin.x, origin.y)
    }
    _ = drain(peer, for: 0.05)
    // Where the window was placed, or where the desktop put this peer's window last time.
    let last = lastFound.withLock { $0[appID] }
    let base = last ?? expected
    var frame = try rest(peer, on: [0.5, 0.3].map { (base.0 + side * $0, base.1 + side * $0 * 0.8) })
    var swept = 0
    if frame == nil {
      let (width, height) = kind == .sway ? (1280.0, 800.0) : (1024.0, 768.0)
      let grid = stride(from: 40.0, to: height, by: 70).flatMap { y in
        stride(from: 40.0, to: width, by: 70).map { x in (x, y) }
      }
      for (index, point) in grid.enumerated() {
        try pointer.move(to: point.0, point.1)
        swept = index
        guard !drain(peer, for: 0.015).isEmpty else { continue }
        _ = drain(peer, for: 0.1)
        // The report came from this point or the one before; the points beside them too, for a
        // widget the sweep only grazed.
        var around: [(Double, Double)] = []
        for point in grid[max(0, index - 1)...index] {
          for (dx, dy) in [(0.0, 0.0), (30, 30), (-30, 30)] where (0..<width).contains(point.0 + dx) {
            around.append((point.0 + dx, min(point.1 + dy, height - 1)))
          }
        }
        frame = try rest(peer, on: around)
        break
      }
    }
    peer.send("untrack")
    _ = drain(peer, for: 0.1)
    guard let frame else {
      throw PeerUnavailable(appID, "its window was not found on \(kind.rawValue)'s screen (swept to point \(swept))")
    }
    lastFound.withLock { $0[appID] = (Double(frame.minX), Double(frame.minY)) }
    return GTKWindow(peer: peer, frame: frame)
  }

  /// Where the pixels of `color` are on `server`'s screen (a widget `side` pixels wide painted in
  /// it, whole), waiting at most 10 s for them to show.
  static func frame(of color: UInt32, side: Double, on server: XServer) throws -> CGRect {
    let deadline = Date(timeIntervalSinceNow: 10)
    var found = CGRect.null
    while Date() < deadline {
      let screen = try server.screenshot()
      var (minX, minY, maxX, maxY) = (Int.max, Int.max, -1, -1)
      for y in 0..<screen.height {
        for x in 0..<screen.width where screen.pixels[y * screen.width + x] == color {
          (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
        }
      }
      if maxX >= 0 {
        found = CGRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
        // One window of that side (a closed one fades out on weston, and shows meanwhile).
        if abs(found.width - side) <= 2 && found.height >= side / 2 && found.height <= side + 2 { return found }
      }
      usleep(100_000)
    }
    throw PeerUnavailable(
      "weston", "no window of color \(String(color, radix: 16)) and side \(side) on its screen (\(found))")
  }

  /// What a peer reports of the pointer over its widget: where, in the widget's coordinates,
  /// and the widget's size.
  struct Report {
    let x, y, width, height: Double
  }

  /// Waits (at most 5 s) until no pixel of `color` shows on `server`'s screen: a window of that
  /// color that a test before closed fades out on weston meanwhile, and would be found for a new one.
  static func waitUntilGone(_ color: UInt32, on server: XServer) throws {
    let deadline = Date(timeIntervalSinceNow: 5)
    while Date() < deadline, try server.screenshot().pixels.contains(color) { usleep(100_000) }
  }

  /// The reports `peer` makes within `seconds` (each until none comes for that long).
  private func drain(_ peer: XServer.Peer, for seconds: Double) -> [Report] {
    var reports: [Report] = []
    while let line = peer.line(within: seconds) {
      let numbers = line.split(separator: " ").dropFirst().compactMap { Double($0) }
      if line.hasPrefix("pointer "), numbers.count == 4 {
        reports.append(Report(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]))
      } else {
        Issue.record("the peer said \(line) while it was looked for")
      }
    }
    return reports
  }

  /// Rests the pointer on each of `points` until the peer's reports stop, and the origin the
  /// reports made there agree on (the last report at each point: the pointer is still there):
  /// at least two of them, and more than half.
  private func rest(_ peer: XServer.Peer, on points: [(Double, Double)]) throws -> CGRect? {
    var origins: [CGRect] = []
    for point in points {
      try pointer.move(to: point.0, point.1)
      if let local = drain(peer, for: 0.1).last {
        origins.append(CGRect(x: point.0 - local.x, y: point.1 - local.y, width: local.width, height: local.height))
      }
    }
    if ProcessInfo.processInfo.environment["GTK_TEST_DEBUG"] != nil {
      FileHandle.standardError.write(Data("rest on \(points.map { "\(Int($0.0)),\(Int($0.1))" }): \(origins)\n".utf8))
    }
    func agreeing(with origin: CGRect) -> Int {
      origins.filter { abs($0.minX - origin.minX) <= 1 && abs($0.minY - origin.minY) <= 1 }.count
    }
    return origins.first { agreeing(with: $0) >= 2 && agreeing(with: $0) * 2 > origins.count }
  }

  /// Starts `lower`, then `upper` (which the desktop shows over it where they overlap: GNOME's
  /// mutter places windows in a cascade). weston places windows at random, and which one it
  /// shows on top of the other is not always the newer: there `upper` is started again (at most
  /// 8 times) while it lands on `lower`.
  func stacked(_ lower: () throws -> GTKWindow, _ upper: () throws -> GTKWindow) throws -> (GTKWindow, GTKWindow) {
    let below = try lower()
    do {
      return (below, try started(apartFrom: below.frame, upper))
    } catch {
      below.peer.terminate()
      throw error
    }
  }

  /// Starts a window with `start`; on weston, again (at most 8 times) while it lands on `frame`.
  func started(apartFrom frame: CGRect, _ start: () throws -> GTKWindow) throws -> GTKWindow {
    for _ in 0..<8 {
      let window = try start()
      if kind != .weston || !frame.insetBy(dx: -8, dy: -8).intersects(window.frame) { return window }
      window.peer.terminate()
    }
    throw PeerUnavailable("weston", "placed every window over the other")
  }
}

extension GTKDesktop {
  /// How far a location a GTK peer reports may be from where the pointer was sent: none, but on
  /// GNOME, whose drags come to GTK a few pixels from where its pointer events put the pointer.
  var tolerance: Int { kind == .gnome ? 6 : 0 }

  /// Whether `line` is `event X Y` (then `rest`), at `location` within ``tolerance``.
  func isLine(_ line: String, _ event: String, at location: (Int, Int), then rest: String? = nil) -> Bool {
    let words = line.split(separator: " ").map(String.init)
    guard words.count == (rest == nil ? 3 : 4), words[0] == event, let x = Int(words[1]), let y = Int(words[2]),
      rest == nil || words[3] == rest
    else { return false }
    return abs(x - location.0) <= tolerance && abs(y - location.1) <= tolerance
  }
}

extension GTKWindow {
  /// A point of the widget that `upper` (a window shown over it) leaves visible: the centre
  /// where nothing covers it, else the first of a grid, inner points first.
  func visiblePoint(under upper: GTKWindow) -> (Double, Double) {
    let covered = upper.frame.insetBy(dx: -8, dy: -8)
    let fractions = [0.5, 0.3, 0.7, 0.15, 0.85]
    for fy in fractions {
      for fx in fractions {
        let candidate = point(fx, fy)
        if !covered.contains(CGPoint(x: candidate.0, y: candidate.1)) { return candidate }
      }
    }
    return centre
  }

  /// The point `fx` of the way across and `fy` down.
  func point(_ fx: Double, _ fy: Double) -> (Double, Double) {
    (frame.minX + frame.width * fx, frame.minY + frame.height * fy)
  }

  /// `point` in the widget's own coordinates, as the peer reports locations.
  func local(_ point: (Double, Double)) -> (Int, Int) {
    (Int((point.0 - frame.minX).rounded(.down)), Int((point.1 - frame.minY).rounded(.down)))
  }
}

extension XServer.Peer {
  /// Lines until `predicate` accepts one (at most `seconds`): that line, or nil.
  func line(within seconds: Double = 20, where predicate: (String) -> Bool) -> String? {
    let deadline = Date(timeIntervalSinceNow: seconds)
    while Date() < deadline {
      guard let line = line(within: deadline.timeIntervalSinceNow) else { return nil }
      if predicate(line) { return line }
    }
    return nil
  }

  /// Every line until the `count`th that starts with `last` (included), at most `seconds`.
  func lines(until last: String, count: Int = 1, within seconds: Double = 20) -> [String] {
    var lines: [String] = []
    var seen = 0
    let deadline = Date(timeIntervalSinceNow: seconds)
    while Date() < deadline, let line = line(within: deadline.timeIntervalSinceNow) {
      lines.append(line)
      if line.hasPrefix(last) { seen += 1 }
      if seen == count { break }
    }
    return lines
  }
}

/// The FNV-1a digest the peer prints for what it loaded.
func digest(_ bytes: some Sequence<UInt8>) -> String {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
  return "fnv:" + String(hash, radix: 16)
}
