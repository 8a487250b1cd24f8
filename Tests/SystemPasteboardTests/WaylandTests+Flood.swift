import Foundation
import TestSupport
import Testing
import UTIPlatform

@testable import SystemPasteboard
@testable import SystemPasteboardCore
@testable import SystemPasteboardWayland

#if canImport(Glibc)
  import Glibc
#endif

/// A data-control client no owner should trust: one that asks for the clipboard 2,000 times,
/// each `receive` a pipe it never reads. A raw client of the test's own, on this package's wire
/// layer: its own connection, seat and data-control device, nothing of the pasteboard's.
extension SystemPasteboardTests.WaylandTests {
  /// Asks the clipboard's offer for `mimeType` `count` times on a connection of its own, keeping
  /// every pipe's read end open and unread; the read ends (close them to end the flood).
  static func flood(_ mimeType: String, count: Int) throws -> [Int32] {
    let connection = try WaylandConnection(display: try display(), timeout: 5)
    var manager: (interfaces: WaylandInterface.DataControl, object: WaylandObject<Wayland.DataControlManager>)?
    for candidate in WaylandInterface.DataControl.preferred where manager == nil {
      manager = try connection.bind(candidate.manager, as: Wayland.DataControlManager.self).map {
        (candidate, $0.object)
      }
    }
    let (interfaces, managerObject) = try #require(manager, "the compositor has no data-control protocol")
    let seat = try #require(try connection.bind(.seat, as: Wayland.Seat.self)?.object, "the compositor has no seat")
    let _: WaylandObject<Wayland.DataControlDevice> = try connection.create(interfaces.device) {
      managerObject.getDataDevice(id: $0, seat: seat)
    }
    // The device announces the selection's offer, and its MIME types, at once.
    var offer: WaylandObject<Wayland.DataControlOffer>?
    var mimeTypes: [String] = []
    try connection.roundTrip { incoming throws(SystemPasteboardError) in
      switch incoming.event {
      case .dataControlOffer(.offer(let type)): mimeTypes.append(type)
      case .dataControlDevice(.selection(let selected)): offer = selected
      default: break
      }
    }
    #expect(mimeTypes.contains(mimeType), "\(mimeTypes)")
    let selection = try #require(offer, "nothing owns the clipboard")
    var readEnds: [Int32] = []
    for _ in 0..<count {
      var fds: [Int32] = [-1, -1]
      guard pipe(&fds) == 0 else { break }
      try connection.send(selection.receive(mimeType: mimeType, fd: fds[1]))
      close(fds[1])
      readEnds.append(fds[0])
    }
    try connection.awaitCompositor()
    flooders.withLock { $0.append(connection) }
    return readEnds
  }

  /// The flooding clients' connections, kept open until the process ends (a closed one would
  /// end its requests with it).
  static let flooders = Locked<[WaylandConnection]>([])

  /// The owner of a 20 MB PNG (`utictl copy --foreground`) asked 2,000 times by a client that
  /// never reads used to end, silently (exit 0, the clipboard empty); now it keeps the copy,
  /// within 64 MB of its resident size before the flood and at most 16 threads, and wl-paste
  /// is served afterwards.
  @Test func aFloodOfUnreadReceivesLeavesTheCopyServing() throws {
    let compositor = try Self.compositor.orSkip()
    let png = try Self.png(atLeast: 20 << 20)
    defer { try? FileManager.default.removeItem(atPath: png) }
    let owner = try compositor.start(
      "/bin/sh", ["-c", "exec \"$0\" copy --foreground \"$1\" 2>&1", try Self.utictl(), png])
    defer { owner.terminate() }
    #expect(eventually(within: 20) { (try? Self.shell("wl-paste -l"))?.stdoutText.contains("image/png") == true })
    let pid = owner.process.processIdentifier
    let before = try #require(SystemPasteboardTests.HostileClientTests.peakAndThreads(pid))
    let readEnds = try Self.flood("image/png", count: 2000)
    defer { for fd in readEnds { close(fd) } }
    var threads = before.threads
    for _ in 0..<50 {
      usleep(100_000)
      threads = max(threads, SystemPasteboardTests.HostileClientTests.peakAndThreads(pid)?.threads ?? 0)
    }
    #expect(owner.process.isRunning, "the owner ended under the flood: \(owner.line(within: 1) ?? "")")
    let pasted = try Self.shell("timeout 30 wl-paste -t image/png | cmp - '\(png)' && echo same")
    #expect(pasted.stdoutText == "same\n", "\(pasted.stderrText)")
    let after = try #require(SystemPasteboardTests.HostileClientTests.peakAndThreads(pid))
    #expect(
      after.peak - before.peak < 64 << 20, "peak resident \(after.peak >> 20) MB after, \(before.peak >> 20) MB before")
    #expect(max(threads, after.threads) <= 16, "\(max(threads, after.threads)) threads")
  }
}
