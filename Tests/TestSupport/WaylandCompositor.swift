import Foundation

/// A headless sway (wlroots) compositor in a runtime directory of its own, for the Wayland
/// tests, stopped when released; a ``PeerUnavailable`` where sway is not installed or cannot
/// start.
///
/// sway refuses to run as root, so as root it runs as `nobody` (`setpriv`), in a runtime
/// directory owned by nobody under a world-searchable temporary directory; root clients connect
/// to its socket anyway. It has no input devices (`WLR_LIBINPUT_NO_DEVICES`), one headless output
/// of 1280×800 on which windows float, and offers `wl_data_device_manager`, `zwp_primary_selection_device_manager_v1`
/// and `zwlr_data_control_manager_v1` (version 2).
public final class WaylandCompositor: @unchecked Sendable {
  /// `$XDG_RUNTIME_DIR` for clients.
  public let runtimeDirectory: String
  /// `$WAYLAND_DISPLAY` for clients: the socket's name in ``runtimeDirectory``.
  public let socketName: String
  /// The socket's path.
  public var socketPath: String { runtimeDirectory + "/" + socketName }

  private let lifeline: Int32
  private let pid: pid_t
  private let stopped = NSLock()
  private var isStopped = false

  /// One output; windows float without borders, so that a test places each where it wants
  /// (``move(appID:to:)``) and a surface's origin is its window's.
  static let configuration = """
    output HEADLESS-1 resolution 1280x800
    default_border none
    default_floating_border none
    for_window [app_id=".*"] floating enable

    """

  /// Starts sway, or says why it cannot.
  public static func start() -> Result<WaylandCompositor, PeerUnavailable> {
    let sway: String
    switch Peers.executable("sway", package: "sway") {
    case .success(let path): sway = path
    case .failure(let unavailable): return .failure(unavailable)
    }
    let directory = NSTemporaryDirectory() + "wayland-\(UUID().uuidString.prefix(8))"
    let config = directory + "/config"
    let asRoot = getuid() == 0
    guard mkdir(directory, 0o700) == 0,
      FileManager.default.createFile(
        atPath: config, contents: Data(configuration.utf8),
        attributes: [.posixPermissions: 0o644])
    else { return .failure(PeerUnavailable("sway", "its runtime directory \(directory) could not be made")) }
    if asRoot {
      // nobody owns the runtime directory; every parent must be searchable by it.
      guard chown(directory, 65534, 65534) == 0 else {
        return .failure(PeerUnavailable("sway", "its runtime directory could not be given to nobody"))
      }
      var parent = (directory as NSString).deletingLastPathComponent
      while parent != "/" {
        var info = stat()
        if stat(parent, &info) == 0 && info.st_mode & 0o001 == 0 {
          return .failure(PeerUnavailable("sway", "\(parent) is not searchable by nobody, who runs it"))
        }
        parent = (parent as NSString).deletingLastPathComponent
      }
    }
    let launcher = asRoot ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
    let command =
      launcher + [
        "/usr/bin/env", "-u", "SWAYSOCK", "-u", "DISPLAY", "-u", "WAYLAND_DISPLAY", "-u", "WAYLAND_SOCKET",
        "XDG_RUNTIME_DIR=\(directory)", "WLR_BACKENDS=headless", "WLR_RENDERER=pixman", "WLR_LIBINPUT_NO_DEVICES=1",
        sway, "-c", config,
      ]
    guard let (pid, lifeline) = spawnWatched(command) else {
      return .failure(PeerUnavailable("sway", "could not be spawned"))
    }
    // The socket appears when sway binds it, and takes connections once it listens (within 10 s).
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
      if let name = names.first(where: { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }),
        acceptsConnections(directory + "/" + name)
      {
        return .success(WaylandCompositor(directory: directory, socketName: name, pid: pid, lifeline: lifeline))
      }
      usleep(20_000)
    }
    close(lifeline)
    var exit: Int32 = 0
    waitpid(pid, &exit, 0)
    return .failure(
      PeerUnavailable("sway", "did not start within 10 s (headless, as \(asRoot ? "nobody" : "this user"))"))
  }

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
    let command = [
      "/usr/bin/env", "-u", "WAYLAND_DISPLAY", "-u", "WAYLAND_SOCKET", "DISPLAY=\(server.display)",
      "XDG_RUNTIME_DIR=\(directory)", weston, "--backend=x11-backend.so", "--socket=wayland-weston", "--idle-time=0",
      "--width=1024", "--height=768",
    ]
    let spawned = spawnWatched(command)
    let compositor = spawned.map {
      WaylandCompositor(directory: directory, socketName: "wayland-weston", pid: $0.pid, lifeline: $0.lifeline)
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

  /// Starts `command` under a watchdog shell that kills it when its standard input ends (this
  /// object's release, or the test process's end in any way), as XServer's does: the shell's
  /// pid and the write end of its lifeline; nil when it cannot be spawned.
  static func spawnWatched(_ command: [String]) -> (pid: pid_t, lifeline: Int32)? {
    guard let lifeline = closeOnExecPipe() else { return nil }
    let script = "\"$0\" \"$@\" </dev/null & x=$!; cat > /dev/null; kill -9 $x; wait $x"
    let (pid, status) = spawn(
      "/bin/sh", ["-c", script] + command,
      descriptors: [0: .copy(of: lifeline[0]), 1: .writing("/dev/null"), 2: .writing("/dev/null")])
    close(lifeline[0])
    guard status == 0 else {
      close(lifeline[1])
      return nil
    }
    return (pid, lifeline[1])
  }

  /// Whether a Unix socket at `path` takes a connection now.
  static func acceptsConnections(_ path: String) -> Bool {
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (index, byte) in bytes.enumerated() { raw[index] = byte }
    }
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    } == 0
  }

  private init(directory: String, socketName: String, pid: pid_t, lifeline: Int32) {
    runtimeDirectory = directory
    self.socketName = socketName
    self.pid = pid
    self.lifeline = lifeline
  }

  deinit {
    stop()
    try? FileManager.default.removeItem(atPath: runtimeDirectory)
  }

  /// Kills the compositor now (every client loses its connection) and waits until it is gone.
  public func stop() {
    stopped.lock()
    defer { stopped.unlock() }
    guard !isStopped else { return }
    isStopped = true
    close(lifeline)
    var exit: Int32 = 0
    waitpid(pid, &exit, 0)
  }

  /// The environment settings of a client of this compositor (and of no X server).
  public var environment: [String] {
    ["-u", "DISPLAY", "-u", "WAYLAND_SOCKET", "XDG_RUNTIME_DIR=\(runtimeDirectory)", "WAYLAND_DISPLAY=\(socketName)"]
  }

  /// Runs a program as a client of this compositor.
  @discardableResult
  public func run(_ executable: String, _ arguments: [String], input: Data? = nil) throws -> ProcessResult {
    try runProcess("/usr/bin/env", environment + [executable] + arguments, input: input)
  }

  /// Starts a long-running peer (a GTK window with `GDK_BACKEND=wayland`) as a client of this
  /// compositor, its output read line by line; killed when released.
  public func start(_ executable: String, _ arguments: [String], environment extra: [String] = []) throws
    -> XServer.Peer
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = environment + extra + [executable] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = Pipe()
    process.standardError = FileHandle.nullDevice
    try process.run()
    return XServer.Peer(process: process, output: output.fileHandleForReading)
  }

  /// Runs `swaymsg` with `arguments` on this compositor's IPC socket; its output.
  public func swaymsg(_ arguments: [String]) throws -> String {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: runtimeDirectory)) ?? []
    guard let socket = names.first(where: { $0.hasPrefix("sway-ipc.") }), let swaymsg = which("swaymsg") else {
      throw CocoaError(.fileNoSuchFile)
    }
    return try runProcess("/usr/bin/env", ["SWAYSOCK=\(runtimeDirectory)/\(socket)", swaymsg] + arguments).stdoutText
  }

  /// Moves the floating window whose app id is `appID` so that its top-left corner is at
  /// (`x`, `y`) on the output.
  public func move(appID: String, to x: Int, _ y: Int) throws {
    _ = try swaymsg(["[app_id=\"\(appID)\"]", "move", "absolute", "position", "\(x)", "\(y)"])
  }

  /// Runs a shell command as a client of this compositor, its output captured. Daemons it starts
  /// (`wl-copy`, `utictl copy`) must not keep the captured pipes open: redirect their output.
  @discardableResult
  public func shell(_ command: String, input: Data? = nil) throws -> ProcessResult {
    try run("/bin/sh", ["-c", command], input: input)
  }

  /// Copies `input` with `wl-copy OPTIONS` and waits (at most 10 s) until `wl-paste -l` lists
  /// `type`; false when it never does.
  public func wlCopy(_ options: String, input: Data, type: String) throws -> Bool {
    try shell("wl-copy \(options) >/dev/null 2>&1", input: input)
    let primary = options.contains("-p") || options.contains("--primary") ? "-p" : ""
    for _ in 0..<200 {
      let types = try shell("timeout 5 wl-paste \(primary) -l 2>/dev/null").stdoutText
      if types.split(separator: "\n").contains(Substring(type)) { return true }
      usleep(50_000)
    }
    return false
  }
}

extension WaylandCompositor {
  /// Where the surface of the window whose app id (or, for GTK, program name) is `appID` is on
  /// the output: its container's rectangle, the window's place in it, less the window
  /// geometry's offset in the surface (client-side shadows). Read from `swaymsg -t get_tree`.
  public func surfaceOrigin(appID: String) throws -> (x: Double, y: Double)? {
    guard let node = try node(appID: appID), let rect = node["rect"] as? [String: Double],
      let window = node["window_rect"] as? [String: Double], let geometry = node["geometry"] as? [String: Double]
    else { return nil }
    return (
      rect["x", default: 0] + window["x", default: 0] - geometry["x", default: 0],
      rect["y", default: 0] + window["y", default: 0] - geometry["y", default: 0]
    )
  }

  /// The node of the window whose app id is `appID` in `swaymsg -t get_tree`.
  private func node(appID: String) throws -> [String: Any]? {
    let tree = try swaymsg(["-t", "get_tree"])
    guard let root = try JSONSerialization.jsonObject(with: Data(tree.utf8)) as? [String: Any] else { return nil }
    func find(_ node: [String: Any]) -> [String: Any]? {
      if node["app_id"] as? String == appID { return node }
      for child in (node["nodes"] as? [[String: Any]] ?? []) + (node["floating_nodes"] as? [[String: Any]] ?? []) {
        if let found = find(child) { return found }
      }
      return nil
    }
    return find(root)
  }

  /// Waits (up to 10 s) until a window with `appID` is on the output, moves it to (`x`, `y`),
  /// and returns its surface's origin there.
  public func place(appID: String, at x: Int, _ y: Int) throws -> (x: Double, y: Double) {
    for _ in 0..<200 {
      if try surfaceOrigin(appID: appID) != nil {
        try move(appID: appID, to: x, y)
        usleep(100_000)
        if let origin = try surfaceOrigin(appID: appID) { return origin }
      }
      usleep(50_000)
    }
    throw CocoaError(.fileNoSuchFile)
  }
}
