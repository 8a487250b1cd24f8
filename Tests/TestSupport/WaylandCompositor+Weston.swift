import Foundation

extension WaylandCompositor {
  /// Starts weston 10 on its X11 backend inside `server` (weston's headless backend has no
  /// seat; this one has the X server's keyboard and pointer), in a runtime directory of its own:
  /// a compositor without data-control and without the primary selection, as GNOME's is for
  /// clients; or why it cannot start.
  public static func startWeston(on server: XServer) -> Result<WaylandCompositor, PeerUnavailable> {
    let weston: String
    switch Peers.executable("weston", package: "weston") {
    case .success(let path): weston = path
    case .failure(let unavailable): return .failure(unavailable)
    }
    let directory = NSTemporaryDirectory() + "weston-\(UUID().uuidString.prefix(8))"
    guard mkdir(directory, 0o700) == 0 else {
      return .failure(PeerUnavailable("weston", "its runtime directory \(directory) could not be made"))
    }
    // No animations: a window shows at once and is gone at once when it closes (weston fades
    // them by default, and a test that finds windows on the screen would find one fading out).
    let configuration = "[shell]\nanimation=none\nclose-animation=none\nstartup-animation=none\nfocus-animation=none\n"
    guard write(configuration, to: "weston.ini", in: directory) else {
      return .failure(PeerUnavailable("weston", "its configuration could not be written"))
    }
    let command = [
      "/usr/bin/env", "-u", "WAYLAND_DISPLAY", "-u", "WAYLAND_SOCKET", "DISPLAY=\(server.display)",
      "XDG_RUNTIME_DIR=\(directory)", weston, "--backend=x11-backend.so", "--socket=wayland-weston", "--idle-time=0",
      "--width=1024", "--height=768", "--config=\(directory)/weston.ini",
    ]
    let spawned = spawnWatched(command)
    let compositor = spawned.map {
      WaylandCompositor(directory: directory, socketName: "wayland-weston", process: $0)
    }
    // The socket appears at once; the shell (which focuses new windows) a moment later: wait
    // until a client's round trip shows its globals.
    let deadline = Date().addingTimeInterval(10)
    while let compositor, Date() < deadline {
      if acceptsConnections(compositor.socketPath),
        let probe = try? compositor.run("/usr/bin/timeout", ["5", "wl-paste", "-l"]),
        !probe.stderrText.contains("connect")
      {
        return .success(compositor)
      }
      usleep(50_000)
    }
    return .failure(PeerUnavailable("weston", "did not start inside Xvfb within 10 s"))
  }
}
