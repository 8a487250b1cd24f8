import Foundation

/// A D-Bus session bus of the tests' own (`dbus-daemon --session`), with xdg-desktop-portal's
/// document portal on it when asked (which serves `org.freedesktop.portal.FileTransfer` and
/// mounts its FUSE file system in the bus's runtime directory); stopped, the mount undone, when
/// released. A ``PeerUnavailable`` where either is not installed or cannot start (the document
/// portal needs `/dev/fuse`).
public final class SessionBus: @unchecked Sendable {
  /// `$DBUS_SESSION_BUS_ADDRESS` for clients.
  public let address: String
  /// `$XDG_RUNTIME_DIR` for clients: the document portal mounts `doc` here.
  public let runtimeDirectory: String

  private let process: WatchedProcess

  /// The document portal's executable, as Debian's xdg-desktop-portal installs it.
  public static let documentPortal = "/usr/libexec/xdg-document-portal"

  /// Starts a bus, and the document portal on it with `documentPortal`; returns once the bus
  /// takes connections and the portal owns its name (within 15 s).
  public static func start(documentPortal withPortal: Bool = true) -> Result<SessionBus, PeerUnavailable> {
    if case .failure(let unavailable) = Peers.executable("dbus-daemon", package: "dbus") {
      return .failure(unavailable)
    }
    if withPortal && !FileManager.default.isExecutableFile(atPath: documentPortal) {
      return .failure(
        PeerUnavailable(
          "xdg-document-portal", "not installed (Debian's xdg-desktop-portal; scripts/install-peers.sh installs it)"))
    }
    let directory = NSTemporaryDirectory() + "session-bus-\(UUID().uuidString.prefix(8))"
    guard mkdir(directory, 0o700) == 0 else {
      return .failure(PeerUnavailable("dbus-daemon", "its runtime directory \(directory) could not be made"))
    }
    let socket = directory + "/bus"
    let address = "unix:path=" + socket
    var script = "dbus-daemon --session --nofork --address=\(address) &"
    if withPortal {
      script += " sleep 0.2; XDG_RUNTIME_DIR=\(directory) DBUS_SESSION_BUS_ADDRESS=\(address) \(documentPortal) &"
    }
    script += " wait"
    guard let process = WaylandCompositor.spawnWatched(["/bin/sh", "-c", script]) else {
      return .failure(PeerUnavailable("dbus-daemon", "could not be spawned"))
    }
    let bus = SessionBus(address: address, directory: directory, process: process)
    let deadline = Date().addingTimeInterval(15)
    while Date() < deadline {
      if WaylandCompositor.acceptsConnections(socket), !withPortal || bus.portalRuns() { return .success(bus) }
      usleep(50_000)
    }
    bus.stop()
    return .failure(
      PeerUnavailable(
        withPortal ? "xdg-document-portal" : "dbus-daemon",
        "did not start within 15 s" + (withPortal ? " (it needs /dev/fuse)" : "")))
  }

  private init(address: String, directory: String, process: WatchedProcess) {
    self.address = address
    self.runtimeDirectory = directory
    self.process = process
  }

  deinit { stop() }

  /// Whether the document portal owns its name on the bus now.
  public func portalRuns() -> Bool {
    let reply = try? gdbus(
      "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus", "--method",
      "org.freedesktop.DBus.NameHasOwner", "org.freedesktop.portal.Documents")
    return reply?.status == 0 && reply?.stdoutText.hasPrefix("(true,)") == true
  }

  /// Runs `gdbus call` on this bus with `arguments` (GIO's own client: the peer the tests read
  /// the portal through).
  public func gdbus(_ arguments: String...) throws -> ProcessResult {
    try Peers.requireTools(of: ["gdbus"])
    return try runProcess("/usr/bin/env", ["gdbus", "call", "--address", address] + arguments)
  }

  /// `dbus-monitor` on this bus, printing the messages that match `rule` (a D-Bus match rule),
  /// one per line group, as they pass; it starts watching before this returns (within 5 s).
  public func monitor(_ rule: String) throws -> XServer.Peer {
    try Peers.requireTools(of: ["dbus-monitor"])
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["dbus-monitor", "--address", address, rule]
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = Pipe()
    process.standardError = FileHandle.nullDevice
    try process.run()
    let peer = XServer.Peer(process: process, output: output.fileHandleForReading)
    // Its first message is the bus's NameAcquired for the monitor's own name: watching then.
    _ = peer.line(within: 5)
    return peer
  }

  /// The paths a file transfer's key stands for, as GIO retrieves them (`RetrieveFiles`), or
  /// gdbus's error.
  public func retrieveFiles(_ key: String) throws -> Result<[String], PeerUnavailable> {
    let reply = try gdbus(
      "--dest", "org.freedesktop.portal.Documents", "--object-path", "/org/freedesktop/portal/documents",
      "--method", "org.freedesktop.portal.FileTransfer.RetrieveFiles", key, "{}")
    guard reply.status == 0 else {
      return .failure(PeerUnavailable("gdbus", String(decoding: reply.stderr, as: UTF8.self)))
    }
    // `(['/a', '/b'],)`: GVariant text of an array of strings.
    let text = reply.stdoutText
    let paths = text.split(separator: "'").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    return .success(paths)
  }

  /// Stops the bus and the portal (their whole process group) and undoes the portal's mount
  /// (again harmlessly when called twice).
  public func stop() {
    process.stop()
    // The portal killed leaves its FUSE mount behind, disconnected: unmount it lazily.
    _ = try? runProcess("/bin/umount", ["-l", runtimeDirectory + "/doc"])
    try? FileManager.default.removeItem(atPath: runtimeDirectory)
  }
}
