import DesktopTestSupport
import Foundation
import SystemPasteboard
import TestSupport

/// One sway, one GTK 3 source of an image, and the pointer: a drop into a target started anew
/// for each run, timed from the release to the target's "loaded" line.
final class DropBench {
  let compositor: WaylandCompositor
  let input: WaylandVirtualInput
  let source: XServer.Peer
  let image: URL
  let size: Int

  init(megabytes: Int) throws {
    compositor = try WaylandCompositor.start().get()
    input = try WaylandVirtualInput(display: try WaylandDisplay(name: compositor.socketPath))
    size = megabytes * 1_000_000
    image = FileManager.default.temporaryDirectory.appendingPathComponent("gtkbench-\(UUID().uuidString).png")
    var bytes = [UInt8](repeating: 0, count: size)
    for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: index &* 31 &+ index >> 9) }
    bytes.replaceSubrange(0..<8, with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    try Data(bytes).write(to: image)
    let script = fixturesDirectory.appendingPathComponent("x11/gtk_dnd.py").path
    source = try compositor.start(
      "/usr/bin/python3", [script, "source", "0", "0", "file", "image/png", image.path],
      environment: ["GDK_BACKEND=wayland", "NO_AT_BRIDGE=1"])
    guard source.line(within: 20) == "ready" else { throw PeerUnavailable("gtk_dnd.py", "did not start") }
    _ = try compositor.place(appID: "gtk_dnd.py", at: 800, 0)
  }

  deinit { try? FileManager.default.removeItem(at: image) }

  /// Drops the image into a new target (`adapter`: our drop peer; `plain`: GTK alone); the time
  /// from the release to the bytes in the target's memory, in milliseconds.
  func drop(into target: String) throws -> Double {
    let peer = try builtProduct("GTKPeer")
    let arguments = target == "adapter" ? ["drop", "public.image"] : ["plain-drop"]
    let mode = arguments[0]
    let window = try compositor.start(peer, arguments, environment: ["GDK_BACKEND=wayland", "NO_AT_BRIDGE=1"])
    defer { window.terminate() }
    guard window.line(within: 20) == "ready" else { throw PeerUnavailable("gtk-peer", "did not start") }
    let origin = try compositor.place(appID: "gtk-peer-" + mode, at: 0, 0)
    let sourceOrigin = try compositor.place(appID: "gtk_dnd.py", at: 800, 0)
    let from = (sourceOrigin.x + 100, sourceOrigin.y + 100)
    let to = (origin.x + 200, origin.y + 200)
    try input.move(to: from.0, from.1)
    try input.button(pressed: true)
    try input.drag(from: from, to: (to.0 + 20, to.1 + 20), steps: 8, pause: 0.02)
    try input.drag(from: (to.0 + 20, to.1 + 20), to: to, steps: 4, pause: 0.02)
    usleep(200_000)
    let released = ContinuousClock.now
    try input.button(pressed: false)
    while let line = window.line(within: 30) {
      if line.hasPrefix("loaded") {
        let elapsed = ContinuousClock.now - released
        guard line.contains(" \(size) ") || line.hasSuffix(" \(size)") else {
          throw PeerUnavailable("gtk-peer", "loaded the wrong size: \(line)")
        }
        return Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
      }
    }
    throw PeerUnavailable("gtk-peer", "\(target): no drop within 30 s")
  }
}
