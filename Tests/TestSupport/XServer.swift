import Foundation
import UTIPlatform

/// An Xvfb server on a free display, for the desktop tests, stopped when released; a
/// ``PeerUnavailable`` where Xvfb is not installed or cannot start (``Result/orSkip(sourceLocation:)``).
public final class XServer: @unchecked Sendable {
  /// The display name, `:N`.
  public let display: String
  /// The display number.
  public let number: Int
  /// The authority file the server checks (`MIT-MAGIC-COOKIE-1`), when started with one.
  public let authority: String?

  /// Starts Xvfb; with `cookie`, the server requires that cookie (written to an authority file
  /// in Xlib's format, which ``authority`` names); with `tcp`, it also listens on TCP port
  /// 6000 + its number; with `number`, it takes that display (a server started again where one
  /// was stopped) instead of a free one.
  public static func start(cookie: [UInt8]? = nil, tcp: Bool = false, number requested: Int? = nil) -> Result<
    XServer, PeerUnavailable
  > {
    // One start at a time in this process: two starts would otherwise pick the same free display.
    starting.lock()
    defer { starting.unlock() }
    let xvfb: String
    switch Peers.executable("Xvfb", package: "xvfb") {
    case .success(let path): xvfb = path
    case .failure(let unavailable): return .failure(unavailable)
    }
    // Xvfb picks a free display itself and writes its number to -displayfd once it accepts
    // connections: no race with other servers. A watchdog shell holds it and kills it when its
    // standard input ends, which happens when this process lets go of the pipe (deinit) or ends
    // in any way. (Signals cannot be relied on: a server spawned from a pool thread inherits its
    // blocked mask, and a parent-death signal follows the spawning thread.)
    // -noreset: without it, Xvfb resets when its last client leaves, and a test connecting then
    // is dropped.
    var arguments = requested.map { [":\($0)"] } ?? []
    arguments += [
      tcp ? "-listen" : "-nolisten", "tcp", "-screen", "0", "1280x1024x24", "-noreset", "-displayfd", "1",
    ]
    var authority: String?
    if let cookie {
      let path = NSTemporaryDirectory() + "xauth-\(UUID().uuidString)"
      // FamilyWild entries with an empty number match whichever display Xvfb picks.
      _ = FileManager.default.createFile(atPath: path, contents: Data(authorityEntry(number: nil, cookie: cookie)))
      arguments += ["-auth", path]
      authority = path
    }
    // Both pipes close on exec: no other test's child (spawned by another thread meanwhile)
    // inherits them; the ends this child needs are dup2'ed onto its standard streams.
    guard let lifeline = closeOnExecPipe(), let announce = closeOnExecPipe() else {
      return .failure(PeerUnavailable("Xvfb", "no pipe for its lifeline: \(String(cString: strerror(errno)))"))
    }
    let script = "\"$0\" \"$@\" & x=$!; exec 1>/dev/null; cat > /dev/null; kill -9 $x; wait $x"
    let (pid, status) = spawn(
      "/bin/sh", ["-c", script, xvfb] + arguments,
      descriptors: [0: .copy(of: lifeline[0]), 1: .copy(of: announce[1]), 2: .writing("/dev/null")])
    close(lifeline[0])
    close(announce[1])
    defer { close(announce[0]) }
    if status == 0 {
      // The display number, or the end of the pipe when Xvfb fails (within 10 s).
      var text: [UInt8] = []
      var byte: UInt8 = 0
      var descriptor = pollfd(fd: announce[0], events: Int16(POLLIN), revents: 0)
      while poll(&descriptor, 1, 10_000) > 0, read(announce[0], &byte, 1) == 1, byte != 0x0A { text.append(byte) }
      if let number = Int(String(decoding: text, as: UTF8.self)) {
        let process = WatchedProcess(pid: pid, lifeline: lifeline[1])
        return .success(XServer(number: number, authority: authority, process: process))
      }
    }
    close(lifeline[1])
    return .failure(PeerUnavailable("Xvfb", "did not start (no display number announced within 10 s)"))
  }

  private let process: WatchedProcess
  private static let starting = NSLock()

  private init(number: Int, authority: String?, process: WatchedProcess) {
    self.process = process
    self.number = number
    self.display = ":\(number)"
    self.authority = authority
  }

  deinit {
    stop()
    if let authority { try? FileManager.default.removeItem(atPath: authority) }
  }

  /// Kills the server now (every client loses its connection) and waits until it is gone.
  public func stop() { process.stop() }

  /// One `FamilyWild` authority entry for `number` (Xau's file format: big-endian counted fields).
  public static func authorityEntry(number: Int?, cookie: [UInt8], family: UInt16 = 0xFFFF, address: String = "")
    -> [UInt8]
  {
    func counted(_ bytes: [UInt8]) -> [UInt8] { [UInt8(bytes.count >> 8), UInt8(bytes.count & 0xFF)] + bytes }
    return [UInt8(family >> 8), UInt8(family & 0xFF)] + counted(Array(address.utf8))
      + counted(Array((number.map(String.init) ?? "").utf8)) + counted(Array("MIT-MAGIC-COOKIE-1".utf8))
      + counted(cookie)
  }

  /// A long-running peer (a clipboard manager, a GTK window) on this server, and its standard
  /// output, read line by line; killed when released.
  public final class Peer: @unchecked Sendable {
    /// The peer's process.
    public let process: Process
    let output: FileHandle
    private var pending: [UInt8] = []

    public init(process: Process, output: FileHandle) {
      self.process = process
      self.output = output
    }

    deinit { kill(process.processIdentifier, SIGKILL) }

    /// The peer's next line of output, or nil when it ends or says nothing within `seconds`.
    public func line(within seconds: Double = 10) -> String? {
      let deadline = Date().addingTimeInterval(seconds)
      while Date() < deadline {
        if let newline = pending.firstIndex(of: 0x0A) {
          defer { pending.removeFirst(newline + 1) }
          return String(decoding: pending[..<newline], as: UTF8.self)
        }
        var descriptor = pollfd(fd: output.fileDescriptor, events: Int16(POLLIN), revents: 0)
        // A signal (Foundation's SIGCHLD, when another test's process ends) interrupts the wait:
        // that is no end of the output.
        let ready = poll(&descriptor, 1, 100)
        if ready < 0 && errno == EINTR { continue }
        guard ready >= 0 else { return nil }
        if descriptor.revents != 0 {
          var buffer = [UInt8](repeating: 0, count: 4096)
          let count = read(output.fileDescriptor, &buffer, buffer.count)
          if count < 0 && errno == EINTR { continue }
          if count <= 0 { return nil }
          pending += buffer[..<count]
        }
      }
      return nil
    }

    /// Kills the peer now (a source that dies mid-drag) and waits for it to end: until Foundation
    /// has seen it end, at most 10 s, then reaps it here (Foundation's SIGCHLD watch once missed
    /// a killed peer, leaving a zombie and `waitUntilExit` waiting for ever).
    public func terminate() {
      let pid = process.processIdentifier
      kill(pid, SIGKILL)
      let deadline = Date(timeIntervalSinceNow: 10)
      while process.isRunning && Date() < deadline { usleep(10_000) }
      if process.isRunning {
        var status: Int32 = 0
        _ = waitpid(pid, &status, WNOHANG)
      }
    }

    /// The peer's exit status once it has ended, waiting at most `seconds`; nil when it is still
    /// running then (a hang is a failure of the test, not a suite that never ends).
    public func exitStatus(within seconds: Double) -> Int32? {
      guard eventually(within: seconds, { !process.isRunning }) else { return nil }
      return process.terminationStatus
    }

    /// Sends the peer a line on its standard input.
    public func send(_ line: String) {
      (process.standardInput as? Pipe)?.fileHandleForWriting.write(Data((line + "\n").utf8))
    }
  }

  /// Starts a peer program with `DISPLAY` set to this server.
  public func start(_ executable: String, _ arguments: [String]) throws -> Peer {
    try Peers.requireTools(of: [executable] + arguments)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    // A Wayland session's variables would make our clients prefer Wayland: this is X11's peer.
    var settings = ["-u", "WAYLAND_DISPLAY", "-u", "WAYLAND_SOCKET", "DISPLAY=\(display)"]
    if let authority { settings.append("XAUTHORITY=\(authority)") }
    process.arguments = settings + [executable] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = Pipe()
    process.standardError = FileHandle.nullDevice
    try process.run()
    return Peer(process: process, output: output.fileHandleForReading)
  }

  /// Runs a program with `DISPLAY` (and `XAUTHORITY`) set to this server.
  @discardableResult
  public func run(_ executable: String, _ arguments: [String], input: Data? = nil, environment: [String] = [])
    throws -> ProcessResult
  {
    try Peers.requireTools(of: [executable] + arguments)
    var settings = ["-u", "WAYLAND_DISPLAY", "-u", "WAYLAND_SOCKET", "DISPLAY=\(display)"] + environment
    if let authority { settings.append("XAUTHORITY=\(authority)") }
    return try runProcess("/usr/bin/env", settings + [executable] + arguments, input: input)
  }
}
