import Foundation

/// An Xvfb server on a free display, for the desktop tests, stopped when released; nil (with a
/// visible message) where Xvfb is not installed or cannot start.
public final class XServer: @unchecked Sendable {
  /// The display name, `:N`.
  public let display: String
  /// The display number.
  public let number: Int
  /// The authority file the server checks (`MIT-MAGIC-COOKIE-1`), when started with one.
  public let authority: String?
  private let process: Process

  /// Starts Xvfb; with `cookie`, the server requires that cookie (written to an authority file
  /// in Xlib's format, which ``authority`` names).
  public static func start(cookie: [UInt8]? = nil) -> XServer? {
    guard let xvfb = which("Xvfb") else {
      print("◇ skipped: Xvfb is not installed; the X11 tests did not run (.ci/run installs it)")
      return nil
    }
    for number in 90..<190 where !FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock") {
      var arguments = [":\(number)", "-nolisten", "tcp", "-screen", "0", "640x480x24"]
      var authority: String?
      if let cookie {
        let path = NSTemporaryDirectory() + "xauth-\(UUID().uuidString)"
        _ = FileManager.default.createFile(atPath: path, contents: Data(authorityEntry(number: number, cookie: cookie)))
        arguments += ["-auth", path]
        authority = path
      }
      // A watchdog shell holds the server: it kills it when its standard input ends, which
      // happens when this process lets go of the pipe (deinit) or ends in any way. (Signals
      // cannot be relied on: a server spawned from a pool thread inherits its blocked mask, and
      // a parent-death signal follows the spawning thread, which the pool may retire.)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", "\"$0\" \"$@\" & x=$!; cat > /dev/null; kill -9 $x", xvfb] + arguments
      let lifeline = Pipe()
      process.standardInput = lifeline
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      guard (try? process.run()) != nil else { continue }
      // Ready once its socket accepts; a display already taken makes Xvfb exit at once.
      for _ in 0..<100 {
        if !process.isRunning { break }
        if FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
          return XServer(number: number, authority: authority, process: process, lifeline: lifeline)
        }
        usleep(50_000)
      }
      try? lifeline.fileHandleForWriting.close()
    }
    print("◇ skipped: no X server could be started (Xvfb failed on every display tried)")
    return nil
  }

  private let lifeline: Pipe

  private init(number: Int, authority: String?, process: Process, lifeline: Pipe) {
    self.lifeline = lifeline
    self.number = number
    self.display = ":\(number)"
    self.authority = authority
    self.process = process
  }

  deinit {
    try? lifeline.fileHandleForWriting.close()
    process.waitUntilExit()
    if let authority { try? FileManager.default.removeItem(atPath: authority) }
  }

  /// One `FamilyWild` authority entry for `number` (Xau's file format: big-endian counted fields).
  public static func authorityEntry(number: Int, cookie: [UInt8], family: UInt16 = 0xFFFF, address: String = "")
    -> [UInt8]
  {
    func counted(_ bytes: [UInt8]) -> [UInt8] { [UInt8(bytes.count >> 8), UInt8(bytes.count & 0xFF)] + bytes }
    return [UInt8(family >> 8), UInt8(family & 0xFF)] + counted(Array(address.utf8))
      + counted(Array(String(number).utf8)) + counted(Array("MIT-MAGIC-COOKIE-1".utf8)) + counted(cookie)
  }

  /// A long-running peer (a clipboard manager, a GTK window) on this server, and its standard
  /// output, read line by line; killed when released.
  public final class Peer: @unchecked Sendable {
    /// The peer's process.
    public let process: Process
    let output: FileHandle
    private var pending: [UInt8] = []

    init(process: Process, output: FileHandle) {
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
        guard poll(&descriptor, 1, 100) >= 0 else { return nil }
        if descriptor.revents != 0 {
          var buffer = [UInt8](repeating: 0, count: 4096)
          let count = read(output.fileDescriptor, &buffer, buffer.count)
          if count <= 0 { return nil }
          pending += buffer[..<count]
        }
      }
      return nil
    }

    /// Sends the peer a line on its standard input.
    public func send(_ line: String) {
      (process.standardInput as? Pipe)?.fileHandleForWriting.write(Data((line + "\n").utf8))
    }
  }

  /// Starts a peer program with `DISPLAY` set to this server.
  public func start(_ executable: String, _ arguments: [String]) throws -> Peer {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    var settings = ["DISPLAY=\(display)"]
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
    var settings = ["DISPLAY=\(display)"] + environment
    if let authority { settings.append("XAUTHORITY=\(authority)") }
    return try runProcess("/usr/bin/env", settings + [executable] + arguments, input: input)
  }
}
