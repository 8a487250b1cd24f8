import Foundation
import TestSupport
import Testing

@testable import SystemPasteboard
@testable import SystemPasteboardCore
@testable import SystemPasteboardX11

/// Owners no one should trust (a python3-xlib peer of our own,
/// `Tests/Fixtures/x11/hostile_owner.py`), read with the built `utictl paste`: a `TARGETS` list
/// of 60,000 atoms with one the server does not know, a `TARGETS` sent by `INCR`, and binary data
/// given for text.
extension SystemPasteboardTests.HostileClientTests {
  static let owner = fixturesDirectory.appendingPathComponent("x11/hostile_owner.py").path

  /// Starts the hostile owner in `arguments`' mode and waits for its "ready".
  static func startOwner(_ arguments: [String]) throws -> XServer.Peer {
    try Peers.xlib.orSkip()
    let peer = try server.orSkip().start("/usr/bin/python3", [owner] + arguments)
    try #require(peer.line(within: 60) == "ready", "the hostile owner did not start")
    return peer
  }

  static func paste(_ arguments: String = "") throws -> ProcessResult {
    try shell("timeout 60 '\(try SystemPasteboardTests.utictl())' paste \(arguments)")
  }

  /// One unknown atom among 60,000 targets used to fail the paste ("the X server refused
  /// GetAtomName: BadAtom"); now it is skipped, the names come in batches, and the text is pasted.
  @Test func anUnknownAtomAmongSixtyThousandTargetsIsSkipped() throws {
    let server = try Self.server.orSkip()
    let connection = try X11Connection(display: try X11Display(parsing: server.display), timeout: 30)
    let atoms = try connection.atoms((0..<60_000).map { "swift-uti-target-\($0)" })
    let directory = try TemporaryDirectory()
    let list = try directory.file("atoms", atoms.map(String.init).joined(separator: "\n"))
    let owner = try Self.startOwner(["many-targets", list])
    defer { owner.terminate() }
    let pasted = try Self.paste()
    #expect(pasted.status == 0, "\(pasted.stderrText)")
    #expect(pasted.stdoutText == "pasted past 60003 targets\n")
    let listed = try Self.paste("--list")
    #expect(listed.status == 0, "\(listed.stderrText)")
    // "type<TAB>target" a line: the last of 60,000 atoms, and the text after the unknown one.
    let lines = listed.stdoutText.split(separator: "\n")
    #expect(lines.contains { $0.hasPrefix("public.utf8-plain-text\tUTF8_STRING") }, "\(lines.suffix(3))")
    #expect(lines.contains { $0.hasSuffix("\tswift-uti-target-59999") }, "\(lines.suffix(3))")
    #expect(!lines.contains { $0.contains("atom") }, "the unknown atom is left out")
  }

  /// A `TARGETS` list sent by `INCR`, in three chunks, is read whole.
  @Test func targetsSentByINCRAreRead() throws {
    let owner = try Self.startOwner(["incr-targets"])
    defer { owner.terminate() }
    let pasted = try Self.paste()
    #expect(pasted.status == 0, "\(pasted.stderrText)")
    #expect(pasted.stdoutText == "after INCR targets\n")
  }

  /// Binary data given for text is refused with an error that names its type; nothing is
  /// written (its 16 bytes used to be printed as text, exit 0).
  @Test func binaryDataGivenForTextIsRefused() throws {
    let owner = try Self.startOwner(["text-as-integer"])
    defer { owner.terminate() }
    let pasted = try Self.paste()
    #expect(pasted.status != 0)
    #expect(pasted.stdout.isEmpty)
    #expect(
      pasted.stderrText.contains("answered UTF8_STRING with INTEGER data, which is not text"), "\(pasted.stderrText)")
  }
}

/// A flood of requests for a large copy: memory and threads stay bounded, and others are served.
extension SystemPasteboardTests.HostileClientTests {
  /// `VmHWM` (peak resident, bytes) and `Threads` of process `pid`, from `/proc/PID/status`.
  static func peakAndThreads(_ pid: Int32) -> (peak: Int, threads: Int)? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
    func field(_ name: String) -> Int? {
      status.split(separator: "\n").first { $0.hasPrefix(name + ":") }
        .flatMap { Int($0.dropFirst(name.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "") }
    }
    guard let peak = field("VmHWM"), let threads = field("Threads") else { return nil }
    return (peak * 1024, threads)
  }

  /// 2,000 requests for a 20 MB PNG from one window that never takes a chunk (each its own
  /// property, so every `INCR` transfer waits) drove the owner past 1.7 GB and hundreds of
  /// threads; now it stays within 64 MB of its resident size before the flood and at most 16
  /// threads, and xclip is served the whole PNG meanwhile.
  @Test func aFloodOfUnreadRequestsLeavesMemoryAndThreadsBounded() throws {
    try Peers.xlib.orSkip()
    let server = try Self.server.orSkip()
    let directory = try TemporaryDirectory()
    let png =
      [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + (0..<(20 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    let file = try directory.file("large.png", png)
    let owner = try server.start(try SystemPasteboardTests.utictl(), ["copy", "--foreground", file])
    defer { owner.terminate() }
    let pid = owner.process.processIdentifier
    #expect(
      eventually(within: 20) {
        (try? Self.shell("xclip -o -selection clipboard -t TARGETS"))?.stdoutText.contains("image/png") == true
      })
    let before = try #require(Self.peakAndThreads(pid))
    let flood = try server.start(
      "/usr/bin/python3", [Self.peer, "flood", "CLIPBOARD", "image/png", "2000"])
    defer { flood.terminate() }
    #expect(flood.line(within: 60) == "asked 2000")
    var threads = before.threads
    let deadline = Date(timeIntervalSinceNow: 60)
    var answered: String?
    while answered == nil, Date() < deadline {
      answered = flood.line(within: 0.2)
      threads = max(threads, Self.peakAndThreads(pid)?.threads ?? 0)
    }
    #expect(answered == "answered 2000")
    let pasted = try Self.shell("timeout 30 xclip -o -selection clipboard -t image/png | cmp - '\(file)' && echo same")
    #expect(pasted.stdoutText == "same\n", "\(pasted.stderrText)")
    let after = try #require(Self.peakAndThreads(pid))
    #expect(
      after.peak - before.peak < 64 << 20, "peak resident \(after.peak >> 20) MB after, \(before.peak >> 20) MB before")
    #expect(max(threads, after.threads) <= 16, "\(max(threads, after.threads)) threads")
  }
}
