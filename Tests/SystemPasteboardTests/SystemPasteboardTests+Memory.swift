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

/// Large copies at flat memory, measured on the built binaries (`VmHWM`).
extension SystemPasteboardTests {
  /// The peak resident memory (`VmHWM`) of a running process, in bytes; nil once it is gone.
  static func peakMemory(of pid: Int32) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return nil }
    return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]).map { $0 * 1024 }
  }

  /// 200 MB through the clipboard, both processes ours: the serving process spools it to a file
  /// and serves INCR chunks from there, the pasting one writes chunks as they come. Each stays
  /// under 64 MB resident (VmHWM, read from /proc while it runs).
  @Test func twoHundredMegabytesWithFlatMemory() async throws {
    let server = try Self.server.orSkip()
    try await Self.expectTwoHundredMegabytesFlat(
      start: { try server.start(try Self.utictl(), $0) },
      owns: {
        try Self.shell("timeout 2 xclip -o -selection clipboard -t TARGETS").stdoutText.contains(
          "application/octet-stream")
      }, environment: ["DISPLAY=\(server.display)"])
  }

  /// 200 MB through a desktop's clipboard, both processes ours: `utictl copy --foreground`,
  /// started by `start` with its arguments and owning once `owns` says so, then `utictl paste`
  /// in `environment` (the desktop's variables). Each process stays under 64 MB resident, and
  /// the bytes arrive unchanged.
  static func expectTwoHundredMegabytesFlat(
    start: ([String]) throws -> XServer.Peer, owns: () throws -> Bool, environment: [String]
  ) async throws {
    let directory = try makeTemporaryDirectory("flat")
    defer { try? FileManager.default.removeItem(at: directory) }
    let (source, size) = try largePayload(in: directory)
    let copier = try start(["copy", "--foreground", "--type", "public.data", source])
    defer { copier.terminate() }
    try #require(try await suspendUntil { try owns() })
    let output = directory.appendingPathComponent("pasted.bin").path
    let (exited, status, pastePeak) = try await pasteWatchingMemory(environment, into: output)
    #expect(exited && status == 0, "the paste exited (\(exited)) with status \(status)")
    let servePeak = try #require(peakMemory(of: copier.process.processIdentifier))
    #expect(servePeak < 64 << 20, "the serving process peaked at \(servePeak >> 20) MB")
    #expect(pastePeak > 0 && pastePeak < 64 << 20, "the pasting process peaked at \(pastePeak >> 20) MB")
    let attributes = try FileManager.default.attributesOfItem(atPath: output)
    #expect((attributes[.size] as? Int) == size)
    #expect(try runProcess("/usr/bin/cmp", [source, output]).status == 0, "the bytes arrive unchanged")
  }

  /// A file of 200 MB of random bytes in `directory`: its path and size.
  static func largePayload(in directory: URL) throws -> (path: String, size: Int) {
    let source = directory.appendingPathComponent("payload.bin").path
    var generator = SplitMix64(seed: 200)
    let block = Data((0..<(1 << 20)).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
    _ = FileManager.default.createFile(atPath: source, contents: nil)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: source))
    for index in 0..<200 { handle.write(block + Data([UInt8(index)])) }
    try handle.close()
    return (source, 200 * (block.count + 1))
  }

  /// Runs `utictl paste --type public.data` in `environment` (the desktop's variables) into
  /// `output`, reading its peak resident memory while it runs: whether it exited (within 300 s),
  /// its status, and its peak.
  static func pasteWatchingMemory(_ environment: [String], into output: String) async throws -> (Bool, Int32, Int) {
    _ = FileManager.default.createFile(atPath: output, contents: nil)
    // posix_spawn and waitpid(WNOHANG): the pasting process's VmHWM is read while it runs, and
    // its end is seen at once (Foundation's Process, under ThreadSanitizer, did not notice it).
    let (pid, spawned) = spawn(
      "/usr/bin/env", environment + [try Self.utictl(), "paste", "--type", "public.data"],
      descriptors: [0: .reading("/dev/null"), 1: .writing(output, truncating: true), 2: .writing("/dev/null")])
    try #require(spawned == 0)
    // The wait runs on a thread of its own: under ThreadSanitizer 200 MB takes long, and a test
    // blocking a thread of the cooperative pool that long starves other suites' loads.
    return try await offThePool { () -> (Bool, Int32, Int) in
      var pastePeak = 0
      var status: Int32 = 0
      var exited = false
      let deadline = Date(timeIntervalSinceNow: 300)
      while !exited && Date() < deadline {
        pastePeak = max(pastePeak, Self.peakMemory(of: pid) ?? 0)
        exited = waitpid(pid, &status, WNOHANG) == pid
        if !exited { usleep(5_000) }
      }
      if !exited {
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
      }
      return (exited, status, pastePeak)
    }
  }
}
