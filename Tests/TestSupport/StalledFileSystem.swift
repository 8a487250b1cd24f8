import Foundation

/// A mounted file system whose one file never finishes reading (`Tests/Fixtures/fuse/stalling_fs.py`,
/// a FUSE server speaking the kernel's protocol): what a network mount whose server went silent
/// does to a reader, which waits in the kernel, unkillable, until the server answers or goes.
///
/// Mounting needs `/dev/fuse`, and root (as in CI) or fuse3's setuid `fusermount3` (as on a
/// desktop); without them ``start(size:)`` gives ``PeerUnavailable``, which a test turns into a
/// visible skip.
public final class StalledFileSystem: Sendable {
  /// The folder it is mounted on.
  public let mountpoint: String
  /// Its server: it says `read` for each read it holds.
  public let server: XServer.Peer

  /// The path of its one file, whose reads never end.
  public var file: String { mountpoint + "/stalled.bin" }

  private init(mountpoint: String, server: XServer.Peer) {
    self.mountpoint = mountpoint
    self.server = server
  }

  /// Mounts a new one on a temporary folder, its file `size` bytes long; or why it cannot be
  /// mounted (a test skips on it with `orSkip()`).
  public static func start(size: Int) -> Result<StalledFileSystem, PeerUnavailable> {
    let peer = "a FUSE mount (/dev/fuse)"
    guard let folder = try? makeTemporaryDirectory("stalled-fs").path else {
      return .failure(PeerUnavailable(peer, "no temporary folder to mount it on"))
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [fixturesDirectory.appendingPathComponent("fuse/stalling_fs.py").path, folder, String(size)]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return .failure(PeerUnavailable(peer, "/usr/bin/python3 cannot run: \(error)"))
    }
    let mount = StalledFileSystem(
      mountpoint: folder, server: XServer.Peer(process: process, output: output.fileHandleForReading))
    let first = mount.server.line()
    guard first == "ready" else {
      mount.stop()
      return .failure(PeerUnavailable(peer, first ?? "the file system's server did not start"))
    }
    return .success(mount)
  }

  /// Unmounts it and ends its server: every read it holds ends with an error (`ENOTCONN`).
  public func stop() {
    guard server.process.isRunning else { return }
    kill(server.process.processIdentifier, SIGTERM)
    if server.exitStatus(within: 10) == nil { server.terminate() }
    umount2(mountpoint, Int32(MNT_DETACH))
    try? FileManager.default.removeItem(atPath: mountpoint)
  }
}
