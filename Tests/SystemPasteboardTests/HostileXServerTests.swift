import Foundation
import Pasteboard
import TestSupport
import Testing
import TypeRegistry
import UTIPlatform

@testable import DesktopPasteboard
@testable import SystemPasteboard
@testable import SystemPasteboardCore
@testable import SystemPasteboardX11

/// A client that owns a selection and never answers a request for it.
final class SilentOwner {
  let connection: X11Connection

  init(display: String, selection: String) throws {
    connection = try X11Connection(display: try X11Display(parsing: display), timeout: 2)
    let window = connection.createWindow()
    connection.send(X11.SetSelectionOwner(owner: window, selection: try connection.atom(selection), time: 0))
    try connection.sync()
  }

  /// Closes the connection, which gives the selection up.
  func release() { connection.socket.close() }
}

/// A fake X server that misbehaves: every case ends in an `SystemPasteboardError`, promptly, never a crash or
/// a hang.
@Suite("System pasteboard: a hostile X server")
struct HostileXServerTests {
  /// Connects to the fake server in `mode` (and, once connected, runs `then` on the connection
  /// while the server still runs).
  static func connect(
    _ mode: String, then: (X11Connection) throws(SystemPasteboardError) -> Void = { _ in }
  ) throws -> Result<X11Connection, SystemPasteboardError> {
    let directory = try makeTemporaryDirectory("fake-x")
    let socket = directory.appendingPathComponent("X0").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [fixturesDirectory.appendingPathComponent("x11/fake_x_server.py").path, socket, mode]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    defer {
      kill(process.processIdentifier, SIGKILL)
      try? FileManager.default.removeItem(at: directory)
    }
    _ = output.fileHandleForReading.availableData  // "listening"
    return Result { () throws(SystemPasteboardError) in
      let connection = try X11Connection(display: try X11Display(parsing: socket), timeout: 1)
      _ = try connection.atom("CLIPBOARD")
      try then(connection)
      return connection
    }
  }

  /// A server that hangs up on a new client before reading its setup (Xvfb does so now and then
  /// under load: the setup's write fails with EPIPE) is connected to again, a moment later; one
  /// that always hangs up is an error saying so, after three tries.
  @Test func aServerThatHangsUpOnANewClientIsTriedAgain() throws {
    #expect(throws: Never.self) { try Self.connect("hang-up-once").get() }
    switch try Self.connect("hang-up-always") {
    case .success: Issue.record("a server that always hangs up was connected to")
    case .failure(let error):
      #expect(error.code == .closed, "\(error)")
      #expect(error.message == "the X server closed the connection", "\(error)")
    }
  }

  /// During selection traffic: the conversion's property read goes wrong. Each is an error
  /// naming what went wrong, within the timeout.
  @Test(arguments: [
    (
      "short-property", "convert", SystemPasteboardError.Code.protocolViolation,
      "GetProperty reply is 32 bytes long, shorter than the"
    ),
    ("targets-format8", "targets", .protocolViolation, "answered TARGETS with something else"),
    ("incr-never", "convert", .timeout, "timed out waiting for the next chunk of UTF8_STRING"),
    ("late-sequence", "convert", .protocolViolation, "a reply for request 999"),
  ])
  func malformedSelectionTrafficIsAnError(
    mode: String, call: String, code: SystemPasteboardError.Code, message: String
  ) throws {
    let started = Date()
    let outcome = try Self.connect(mode) { connection throws(SystemPasteboardError) in
      let reader = try SelectionRequestor.Standalone(connection: connection, selection: "CLIPBOARD")
      if call == "targets" {
        _ = try reader.targets(timeout: 1)
      } else {
        _ = try reader.convert("UTF8_STRING", timeout: 1) { _ throws(SystemPasteboardError) in }
      }
    }
    switch outcome {
    case .success: Issue.record("\(mode): the read worked")
    case .failure(let error):
      #expect(error.code == code, "\(mode): \(error)")
      #expect(error.message.contains(message), "\(mode): \(error)")
    }
    #expect(Date().timeIntervalSince(started) < 5, "\(mode): an error within the timeout, not a hang")
  }

  @Test(arguments: [
    ("refuse", SystemPasteboardError.Code.connectionRefused, "refused the connection: no clients from tests"),
    ("stall", .timeout, "did not answer in time"),
    ("short-setup", .closed, "closed the connection"),
    (
      "lying-setup", .protocolViolation,
      "the X server's set-up reply ends at byte 84, inside a field that starts at byte 84"
    ),
    ("huge-reply", .protocolViolation, "a packet claims 1073741824 more bytes"),
    ("wrong-sequence", .protocolViolation, "a reply for request 999"),
    ("odd-events", .request, "refused InternAtom: error 200"),
  ])
  func everyMisbehaviourIsAnError(mode: String, code: SystemPasteboardError.Code, message: String) throws {
    let started = Date()
    switch try Self.connect(mode) {
    case .success: Issue.record("\(mode): the connection worked")
    case .failure(let error):
      #expect(error.code == code, "\(mode): \(error)")
      #expect(error.message.contains(message), "\(mode): \(error)")
    }
    #expect(Date().timeIntervalSince(started) < 5, "\(mode): an error within the timeout, not a hang")
  }
}
