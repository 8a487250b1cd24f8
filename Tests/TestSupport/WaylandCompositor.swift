import Foundation
import UTIPlatform

/// A Wayland compositor started for the tests, in a runtime directory of its own, stopped (with
/// everything it started) when released; a ``PeerUnavailable`` where it is not installed or
/// cannot start.
///
/// - sway (``start()``), headless wlroots: data-control, the primary selection, windows placed
///   through its IPC;
/// - weston (``startWeston(on:)``), inside Xvfb: no data-control, no primary selection;
/// - GNOME's mutter (``startMutter(keyboard:xwayland:)``), headless in a D-Bus session of its
///   own: no data-control, a clipboard manager of its own, optionally XWayland;
/// - KDE's kwin (``startKWin()``), virtual, in a D-Bus session of its own: data-control.
///
/// Compositors refuse to run as root, or should not: as root each runs as `nobody` (`setpriv`),
/// in a runtime directory owned by nobody under a world-searchable temporary directory; root
/// clients connect to its socket anyway.
public final class WaylandCompositor: @unchecked Sendable {
  /// `$XDG_RUNTIME_DIR` for clients.
  public let runtimeDirectory: String
  /// `$WAYLAND_DISPLAY` for clients: the socket's name in ``runtimeDirectory``.
  public let socketName: String
  /// The socket's path.
  public var socketPath: String { runtimeDirectory + "/" + socketName }
  /// The session's X display (`:N`, XWayland) for clients, when the compositor runs one.
  public let xDisplay: String?

  private let process: WatchedProcess

  /// Starts `command` under a watchdog shell that kills it when its standard input ends (this
  /// object's release, or the test process's end in any way), as XServer's does; nil when it
  /// cannot be spawned. The command runs in a
  /// process group of its own (`setsid`), and the whole group is killed: a D-Bus session's
  /// daemon, XWayland and the seat's peer do not outlive it.
  static func spawnWatched(_ command: [String]) -> WatchedProcess? {
    guard let lifeline = closeOnExecPipe() else { return nil }
    // A background job of a non-interactive shell is in the shell's group, so setsid(1) needs no
    // fork: its pid is the new group's.
    let script = "setsid \"$0\" \"$@\" </dev/null & x=$!; cat > /dev/null; kill -9 -$x; wait $x"
    let (pid, status) = spawn(
      "/bin/sh", ["-c", script] + command,
      descriptors: [0: .copy(of: lifeline[0]), 1: .writing("/dev/null"), 2: .writing("/dev/null")])
    close(lifeline[0])
    guard status == 0 else {
      close(lifeline[1])
      return nil
    }
    return WatchedProcess(pid: pid, lifeline: lifeline[1])
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

  /// Makes a runtime directory for `peer` (owned by nobody when this process is root, every
  /// parent searchable by it), or says why it cannot.
  static func runtimeDirectory(for peer: String) -> Result<String, PeerUnavailable> {
    let directory = NSTemporaryDirectory() + "\(peer)-\(UUID().uuidString.prefix(8))"
    guard mkdir(directory, 0o700) == 0 else {
      return .failure(PeerUnavailable(peer, "its runtime directory \(directory) could not be made"))
    }
    guard getuid() == 0 else { return .success(directory) }
    guard chown(directory, 65534, 65534) == 0 else {
      return .failure(PeerUnavailable(peer, "its runtime directory could not be given to nobody"))
    }
    var parent = (directory as NSString).deletingLastPathComponent
    while parent != "/" {
      var info = stat()
      if stat(parent, &info) == 0 && info.st_mode & 0o001 == 0 {
        return .failure(PeerUnavailable(peer, "\(parent) is not searchable by nobody, who runs it"))
      }
      parent = (parent as NSString).deletingLastPathComponent
    }
    return .success(directory)
  }

  /// The compositor `executable` on the `PATH` (from Debian's `package`), `dbus-run-session`
  /// where it runs in a D-Bus session of its own, and then a runtime directory made for it
  /// (none is made for a compositor that is missing); or why not.
  static func prepare(_ executable: String, package: String, dbus: Bool = false) -> Result<
    (path: String, directory: String), PeerUnavailable
  > {
    Peers.executable(executable, package: package)
      .flatMap { path in
        dbus ? Peers.executable("dbus-run-session", package: "dbus").map { _ in path } : .success(path)
      }
      .flatMap { path in runtimeDirectory(for: executable).map { (path, $0) } }
  }

  /// Writes `contents` to `name` in `directory`, readable by the compositor's user.
  static func write(_ contents: String, to name: String, in directory: String) -> Bool {
    let path = directory + "/" + name
    return FileManager.default.createFile(
      atPath: path, contents: Data(contents.utf8), attributes: [.posixPermissions: 0o644])
  }

  /// What runs a command unprivileged: `setpriv` to nobody when this process is root.
  static var unprivileged: [String] {
    getuid() == 0 ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
  }

  /// Spawns `command` watched and waits (at most `seconds`) until `socketName` in `directory`
  /// (else the first `wayland-N` socket there) takes connections and `ready` (a file the
  /// compositor's peers write) exists; the compositor, or why it did not start.
  static func launch(
    _ peer: String, _ command: [String], directory: String, socketName: String? = nil, ready: String? = nil,
    seconds: Double = 15, xDisplay: (() -> String?)? = nil
  ) -> Result<WaylandCompositor, PeerUnavailable> {
    guard let process = spawnWatched(command) else {
      return .failure(PeerUnavailable(peer, "could not be spawned"))
    }
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
      if let socketName = socketName ?? names.first(where: { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }),
        acceptsConnections(directory + "/" + socketName),
        ready.map({ FileManager.default.fileExists(atPath: directory + "/" + $0) }) ?? true
      {
        let display = xDisplay?()
        if xDisplay == nil || display != nil {
          return .success(
            WaylandCompositor(
              directory: directory, socketName: socketName, process: process, xDisplay: display))
        }
      }
      usleep(20_000)
    }
    process.stop()
    let user = getuid() == 0 ? "nobody" : "this user"
    return .failure(PeerUnavailable(peer, "did not start within \(Int(seconds)) s (as \(user), in \(directory))"))
  }

  init(directory: String, socketName: String, process: WatchedProcess, xDisplay: String? = nil) {
    runtimeDirectory = directory
    self.socketName = socketName
    self.process = process
    self.xDisplay = xDisplay
  }

  deinit {
    stop()
    try? FileManager.default.removeItem(atPath: runtimeDirectory)
  }

  /// Kills the compositor now (every client loses its connection) and waits until it is gone.
  public func stop() { process.stop() }

  /// The environment settings of a client of this compositor (and of its XWayland, if any, else
  /// of no X server).
  public var environment: [String] {
    var x = xDisplay.map { ["DISPLAY=\($0)"] } ?? ["-u", "DISPLAY"]
    if let xAuthority { x.append("XAUTHORITY=\(xAuthority)") }
    return ["-u", "WAYLAND_SOCKET", "-u", "XAUTHORITY"] + x + [
      "XDG_RUNTIME_DIR=\(runtimeDirectory)", "WAYLAND_DISPLAY=\(socketName)",
    ]
  }

  /// Runs a program as a client of this compositor.
  @discardableResult
  public func run(_ executable: String, _ arguments: [String], input: Data? = nil) throws -> ProcessResult {
    try Peers.requireTools(of: [executable] + arguments)
    return try runProcess("/usr/bin/env", environment + [executable] + arguments, input: input)
  }

  /// Starts a long-running peer (a GTK window with `GDK_BACKEND=wayland`) as a client of this
  /// compositor, its output read line by line; killed when released.
  public func start(_ executable: String, _ arguments: [String], environment extra: [String] = []) throws
    -> XServer.Peer
  {
    try Peers.requireTools(of: [executable] + arguments)
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
