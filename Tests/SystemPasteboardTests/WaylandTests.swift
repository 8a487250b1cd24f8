import Foundation
import TestSupport
import Testing
import TypeRegistry
import UTIPlatform

@testable import SystemPasteboard
@testable import SystemPasteboardCore
@testable import SystemPasteboardWayland
@testable import SystemPasteboardX11

/// The Wayland clipboard and primary selection against real peers: a headless sway as the
/// compositor, wl-clipboard's `wl-copy` and `wl-paste` as the other applications, the built
/// `utictl`, and small peers of our own that speak the protocol where a real one cannot
/// misbehave on request.
///
/// `wl-copy` returns before its background copy owns the selection: ``wlCopy(_:input:type:)``
/// waits until it does.
extension SystemPasteboardTests {
  @Suite("System pasteboard: Wayland selections with real peers", .serialized)
  struct WaylandTests {
    static let compositor = WaylandCompositor.start()

    @discardableResult
    static func shell(_ command: String, input: Data? = nil) throws -> ProcessResult {
      try compositor.orSkip().shell(command, input: input)
    }

    /// Runs `wl-copy` with `options` on `input` and waits (up to 10 s) until it owns the selection
    /// with `type` on offer.
    static func wlCopy(_ options: String, input: Data, type: String) throws {
      try wlCopy(on: try compositor.orSkip(), options, input: input, type: type)
    }

    /// The same on `compositor`.
    static func wlCopy(on compositor: WaylandCompositor, _ options: String, input: Data, type: String) throws {
      if try !compositor.wlCopy(options, input: input, type: type) {
        Issue.record("wl-copy \(options) never owned the selection with \(type)")
      }
    }

    static func pasteboard(_ selection: SystemPasteboard.Selection = .clipboard, timeout: Double = 5) throws
      -> SystemPasteboard
    {
      SystemPasteboard(selection: selection, backend: .wayland(try display()), timeout: .seconds(timeout))
    }

    static func display() throws -> WaylandDisplay {
      try WaylandDisplay(name: try compositor.orSkip().socketPath)
    }

    static func utictl() throws -> String { try SystemPasteboardTests.utictl() }

    // MARK: Text

    @Test func textCopiedWithWlCopyIsReadByUs() throws {
      try Self.compositor.orSkip()
      let text = "héllo wörld ✓ 日本語"
      try Self.wlCopy("", input: Data(text.utf8), type: "text/plain;charset=utf-8")
      let pasteboard = try Self.pasteboard()
      let found = try #require(try pasteboard.data(conformingTo: .plainText))
      #expect(String(decoding: found.data, as: UTF8.self) == text)
      #expect(found.type == .utf8PlainText || found.type == .plainText)
      let targets = try pasteboard.targets().map(\.target)
      #expect(targets.contains("text/plain;charset=utf-8"))
      // And through the built utictl, as a shell user pastes.
      let paste = try Self.shell("'\(try Self.utictl())' paste -n")
      #expect(paste.status == 0)
      #expect(paste.stdoutText == text)
    }

    @Test func textCopiedByUsIsReadByWlPaste() throws {
      try Self.compositor.orSkip()
      let text = "copied by swift-uti ✓"
      var item = SystemPasteboard.Item()
      item.register(.utf8PlainText) { Array(text.utf8) }
      let pasteboard = try Self.pasteboard()
      try pasteboard.setItems([item])
      #expect(pasteboard.ownsSelection)
      // Text is offered under every name GTK offers on Wayland, UTF-8 first.
      let list = try Self.shell("timeout 10 wl-paste -l").stdoutText.split(separator: "\n").map(String.init)
      #expect(Array(list.prefix(2)) == ["UTF8_STRING", "text/plain;charset=utf-8"])
      #expect(Set(list).isSuperset(of: ["text/plain", "STRING", "TEXT"]))
      #expect(try Self.shell("timeout 10 wl-paste -n -t text/plain").stdoutText == text)
      // STRING is Latin-1, as on X11.
      let latin1 = try Self.shell("timeout 10 wl-paste -n -t STRING | od -An -tx1").stdoutText
      #expect(latin1.contains("3f"))  // ✓ has no Latin-1 form
      // Another copy ends ours.
      try Self.wlCopy("", input: Data("theirs".utf8), type: "text/plain")
      #expect(!pasteboard.ownsSelection)
    }

    @Test func thePrimarySelectionBothWays() throws {
      try Self.compositor.orSkip()
      try Self.wlCopy("--primary", input: Data("primary from wl-copy".utf8), type: "text/plain")
      let primary = try Self.pasteboard(.primary)
      #expect(
        try primary.data(conformingTo: .plainText).map { String(decoding: $0.data, as: UTF8.self) }
          == "primary from wl-copy")
      var item = SystemPasteboard.Item()
      item.register(.utf8PlainText) { Array("primary from us".utf8) }
      try primary.setItems([item])
      #expect(try Self.shell("timeout 10 wl-paste -p -n").stdoutText == "primary from us")
      // The clipboard is another selection.
      #expect(try Self.shell("timeout 10 wl-paste -n").stdoutText != "primary from us")
      try primary.clearContents()
      #expect(!primary.ownsSelection)
      #expect(try Self.shell("timeout 10 wl-paste -p -n").status != 0)  // nothing owns it now
    }

    // MARK: Images and files, through the built utictl

    /// A PNG of `size` bytes or more (stored, so that it does not compress).
    static func png(atLeast size: Int) throws -> String {
      let path = NSTemporaryDirectory() + "wayland-\(UUID().uuidString).png"
      var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
      var generator = SplitMix64(seed: 7)
      while bytes.count < size { bytes.append(UInt8(truncatingIfNeeded: generator.next())) }
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      return path
    }

    @Test func aMultiMegabytePNGBothWays() throws {
      try Self.compositor.orSkip()
      let png = try Self.png(atLeast: 6 << 20)
      defer { try? FileManager.default.removeItem(atPath: png) }
      let utictl = try Self.utictl()
      // wl-copy -t image/png → paste --type public.image.
      try Self.wlCopy("-t image/png", input: try Data(contentsOf: URL(fileURLWithPath: png)), type: "image/png")
      let pasted = try Self.shell("'\(utictl)' paste --type public.image | cmp - '\(png)' && echo same")
      #expect(pasted.stdoutText == "same\n")
      // utictl copy FILE → wl-paste -t image/png; utictl copy returns once it owns the selection.
      let copy = try Self.shell("'\(utictl)' copy '\(png)' >/dev/null 2>&1; echo $?")
      #expect(copy.stdoutText == "0\n")
      #expect(try Self.shell("timeout 10 wl-paste -l").stdoutText.hasPrefix("image/png\n"))
      let read = try Self.shell("timeout 20 wl-paste -t image/png | cmp - '\(png)' && echo same")
      #expect(read.stdoutText == "same\n")
      // A piped PNG is identified by content, as on X11.
      let piped = try Self.shell("'\(utictl)' copy < '\(png)' >/dev/null 2>&1; timeout 10 wl-paste -l | head -1")
      #expect(piped.stdoutText == "image/png\n")
      try Self.wlCopy("", input: Data("done".utf8), type: "text/plain")  // ends the serving process
    }

    /// 200 MB through the clipboard with data-control, both processes ours, as on X11: the
    /// serving process writes its spool into the compositor's pipe chunk by chunk, the pasting
    /// one writes chunks out as they come, and each stays under 64 MB resident (VmHWM).
    @Test func twoHundredMegabytesWithFlatMemory() async throws {
      let compositor = try Self.compositor.orSkip()
      try await SystemPasteboardTests.expectTwoHundredMegabytesFlat(
        start: { try compositor.start(try Self.utictl(), $0) },
        owns: { try Self.shell("timeout 2 wl-paste -l").stdoutText.contains("application/octet-stream") },
        environment: [
          "-u", "DISPLAY", "XDG_RUNTIME_DIR=\(compositor.runtimeDirectory)", "WAYLAND_DISPLAY=\(compositor.socketName)",
        ])
    }

    @Test func filesCopiedAsURIListsAreFiles() throws {
      try Self.compositor.orSkip()
      let png = try Self.png(atLeast: 4096)
      defer { try? FileManager.default.removeItem(atPath: png) }
      let url = FileList.fileURL(forPath: png)
      try Self.wlCopy("-t text/uri-list", input: Data("\(url)\r\n".utf8), type: "text/uri-list")
      let items = try Self.pasteboard().items()
      #expect(items.first?.types.prefix(2) == [.fileURL, .png])
      let utictl = try Self.utictl()
      #expect(try Self.shell("'\(utictl)' paste --type public.file-url").stdoutText == url + "\n")
      #expect(
        try Self.shell("'\(utictl)' paste --type public.image | cmp - '\(png)' && echo same").stdoutText == "same\n")
      // utictl copy --files offers them as file managers do.
      let copy = try Self.shell("'\(utictl)' copy --files '\(png)' >/dev/null 2>&1; echo $?")
      #expect(copy.stdoutText == "0\n")
      #expect(try Self.shell("timeout 10 wl-paste -n -t text/uri-list").stdoutText == url + "\r\n")
      try Self.wlCopy("", input: Data("done".utf8), type: "text/plain")
    }

    // MARK: Ownership and changes

    @Test func aForegroundCopyEndsWhenAnotherReplacesIt() throws {
      let compositor = try Self.compositor.orSkip()
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = compositor.environment + [try Self.utictl(), "copy", "--foreground"]
      let input = Pipe()
      process.standardInput = input
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      input.fileHandleForWriting.write(Data("served in the foreground".utf8))
      try input.fileHandleForWriting.close()
      #expect(
        try eventually { try Self.shell("timeout 5 wl-paste -n 2>/dev/null").stdoutText == "served in the foreground" })
      #expect(process.isRunning)
      try Self.wlCopy("", input: Data("replacement".utf8), type: "text/plain")
      #expect(eventually { !process.isRunning })
      if process.isRunning { process.terminate() }
    }

    @Test func changesFollowTheSelection() throws {
      try Self.compositor.orSkip()
      let pasteboard = try Self.pasteboard()
      let before = pasteboard.changeCount
      try Self.wlCopy("", input: Data("one".utf8), type: "text/plain")
      try Self.wlCopy("", input: Data("two".utf8), type: "text/plain")
      #expect(eventually { pasteboard.changeCount >= before + 2 })
      let after = pasteboard.changeCount
      // Our own copy counts once.
      var item = SystemPasteboard.Item()
      item.register(.utf8PlainText) { Array("ours".utf8) }
      try pasteboard.setItems([item])
      _ = try pasteboard.targets()  // a round trip: the echo of our own copy has come back
      #expect(pasteboard.changeCount == after + 1)
    }

    // MARK: Faults

    /// A wlroots data-control device for the seat and a new source, made on `connection` (a raw
    /// client of the test's own).
    static func deviceAndSource(on connection: WaylandConnection) throws -> (
      WaylandObject<Wayland.DataControlDevice>, WaylandObject<Wayland.DataControlSource>
    ) {
      let interfaces = WaylandInterface.DataControl.wlr
      let manager = try #require(try connection.bind(interfaces.manager, as: Wayland.DataControlManager.self)).object
      let seat = try #require(try connection.bind(.seat, as: Wayland.Seat.self)).object
      let device: WaylandObject<Wayland.DataControlDevice> = try connection.create(interfaces.device) {
        manager.getDataDevice(id: $0, seat: seat)
      }
      let source: WaylandObject<Wayland.DataControlSource> = try connection.create(interfaces.source) {
        manager.createDataSource(id: $0)
      }
      return (device, source)
    }

    /// A peer of our own on its own connection that owns the clipboard with `text/plain` and, for
    /// each `send`, does what `answer` says with the pipe.
    final class Owner: @unchecked Sendable {
      let connection: WaylandConnection
      let source: WaylandObject<Wayland.DataControlSource>
      private var thread: Thread?

      init(display: WaylandDisplay, answer: @escaping @Sendable (Int32) -> Void) throws {
        connection = try WaylandConnection(display: display, timeout: 5)
        let (device, source) = try WaylandTests.deviceAndSource(on: connection)
        self.source = source
        try connection.send([source.offer(mimeType: "text/plain"), device.setSelection(source: source)])
        try connection.roundTrip()
        let connection = connection
        thread = Thread {
          while let incoming = try? connection.nextEvent(until: MonotonicClock.deadline(after: 30_000_000_000)) {
            if case .dataControlSource(.send(_, let fd)) = incoming.event { answer(fd) }
          }
        }
        thread?.start()
      }
    }

    @Test func anOwnerThatNeverWritesItsPipeTimesOut() throws {
      try Self.compositor.orSkip()
      let held = Locked<[Int32]>([])
      let owner = try Owner(display: try Self.display()) { fd in held.withLock { $0.append(fd) } }
      defer { for fd in held.withLock({ $0 }) { close(fd) } }
      _ = owner
      let pasteboard = try Self.pasteboard(timeout: 1)
      #expect(try pasteboard.targets().map(\.target) == ["text/plain"])
      do {
        _ = try pasteboard.data(conformingTo: .plainText)
        Issue.record("a read from a silent owner returned")
      } catch {
        #expect(error.code == .timeout)
        #expect(error.message == "the owner of the clipboard sent no text/plain for 1.0 s")
      }
      // The pasteboard goes on: the next owner is read.
      try Self.wlCopy("", input: Data("after".utf8), type: "text/plain")
      #expect(try pasteboard.data(conformingTo: .plainText).map { String(decoding: $0.data, as: UTF8.self) } == "after")
    }

    /// An owner replaced while we read closes our pipe unwritten (the compositor sends a stale
    /// offer's `receive` nowhere): that is no empty copy, and the read says the copy changed.
    /// Here the owner, asked, lets wl-copy replace it twice before it closes the pipe: the newest
    /// offer then has the id of the one we read (the compositor reuses a destroyed offer's id),
    /// which the read once took for the offer it read, and gave an empty copy.
    @Test func aReadOfACopyReplacedTwiceMeanwhileSaysSo() throws {
      try Self.compositor.orSkip()
      let owner = try Owner(display: try Self.display()) { fd in
        for text in ["newer", "newest"] {
          try? Self.wlCopy("", input: Data(text.utf8), type: "text/plain")
          usleep(200_000)  // our device hears the selection and destroys the offer it replaced
        }
        close(fd)
      }
      _ = owner
      let pasteboard = try Self.pasteboard(timeout: 10)
      do {
        let read = try pasteboard.data(conformingTo: .plainText).map { String(decoding: $0.data, as: UTF8.self) }
        Issue.record("the read of a replaced copy gave \(read.map { "\"\($0)\"" } ?? "nothing")")
      } catch {
        #expect(error.code == .conversionRefused)
        #expect(error.message == "the clipboard changed while it was read: ask again for the new copy")
      }
      #expect(
        try pasteboard.data(conformingTo: .plainText).map { String(decoding: $0.data, as: UTF8.self) } == "newest")
    }

    @Test func anOwnerThatDiesMidTransferEndsTheReadWithWhatCame() throws {
      try Self.compositor.orSkip()
      let owner = try Owner(display: try Self.display()) { fd in
        _ = "half of it".withCString { write(fd, $0, 4) }
        close(fd)
      }
      _ = owner
      // Wayland has no length: a pipe closed early reads as the whole (wl-paste does the same).
      let found = try Self.pasteboard().data(conformingTo: .plainText)
      #expect(found.map { String(decoding: $0.data, as: UTF8.self) } == "half")
    }

    @Test func aProtocolErrorNamesTheObjectAndTheMessage() throws {
      try Self.compositor.orSkip()
      let connection = try WaylandConnection(display: try Self.display(), timeout: 5)
      let (device, source) = try Self.deviceAndSource(on: connection)
      // A source may be set once: the second set_selection is a protocol error.
      try connection.send(device.setSelection(source: source))
      try connection.send(device.setSelection(source: source))
      do {
        try connection.roundTrip()
        Issue.record("the compositor accepted a source twice")
      } catch {
        #expect(error.code == .request)
        #expect(
          error.message.hasPrefix(
            "the Wayland compositor reported error 1 on zwlr_data_control_device_v1@\(device.id): "))
      }
    }

    /// Ids reach the compositor in the order they are made, whichever thread makes them: sixteen
    /// threads making round trips at once (each a new `wl_callback`) once ended the connection
    /// with "invalid arguments for wl_display@1.sync" when a later id overtook an earlier one.
    @Test func roundTripsFromManyThreadsAtOnce() async throws {
      try Self.compositor.orSkip()
      let dispatcher = try WaylandDispatcher(
        connection: try WaylandConnection(display: try Self.display(), timeout: 30))
      defer { dispatcher.close() }
      try dispatcher.start(handler: { _ in }, ended: { _ in })
      let failures = Locked<[String]>([])
      let group = DispatchGroup()
      for _ in 0..<16 {
        group.enter()
        Thread {
          defer { group.leave() }
          for _ in 0..<500 {
            do throws(SystemPasteboardError) {
              try dispatcher.sync()
            } catch {
              failures.withLock { $0.append("\(error)") }
              return
            }
          }
        }.start()
      }
      // Waited for off the cooperative pool: under ThreadSanitizer the round trips take long.
      try await offThePool { group.wait() }
      #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0.prefix(3) })")
    }

    @Test func aCompositorThatGoesAwayFailsEveryCall() throws {
      let compositor = try WaylandCompositor.start().orSkip()
      let pasteboard = SystemPasteboard(
        selection: .clipboard, backend: .wayland(try WaylandDisplay(name: compositor.socketPath)), timeout: .seconds(5))
      var item = SystemPasteboard.Item()
      item.register(.utf8PlainText) { Array("x".utf8) }
      try pasteboard.setItems([item])
      #expect(pasteboard.ownsSelection)
      compositor.stop()
      #expect(eventually { !pasteboard.ownsSelection })
      do {
        _ = try pasteboard.targets()
        Issue.record("a read succeeded without a compositor")
      } catch {
        #expect(error.code == .connectionFailed)
        #expect(error.message.hasPrefix("cannot connect to the Wayland compositor at \(compositor.socketPath)"))
      }
    }
  }

}

/// The clipboard where the compositor has no data-control protocol (GNOME's mutter, weston):
/// weston 10 on its X11 backend inside Xvfb, whose seat has the X server's keyboard, and a
/// window of one pixel that gets keyboard focus for each copy and read, as wl-clipboard does.
extension SystemPasteboardTests {
  @Suite("System pasteboard: Wayland without data-control (weston)", .serialized)
  struct WestonTests {
    static let server = XServer.start()
    static let compositor = server.flatMap { WaylandCompositor.startWeston(on: $0) }

    static func pasteboard(_ selection: SystemPasteboard.Selection = .clipboard) throws -> SystemPasteboard {
      SystemPasteboard(
        selection: selection, backend: .wayland(try WaylandDisplay(name: try compositor.orSkip().socketPath)),
        timeout: .seconds(5))
    }

    @Test func textBothWaysThroughAFocusedWindow() throws {
      let compositor = try Self.compositor.orSkip()
      try compositor.shell("wl-copy >/dev/null 2>&1", input: Data("from wl-copy on weston ✓".utf8))
      let pasteboard = try Self.pasteboard()
      #expect(
        eventually {
          let found = (try? pasteboard.data(conformingTo: .plainText)).flatMap { $0 }
          return found.map { String(decoding: $0.data, as: UTF8.self) } == "from wl-copy on weston ✓"
        })
      var item = SystemPasteboard.Item()
      item.register(.utf8PlainText) { Array("from us on weston".utf8) }
      try pasteboard.setItems([item])
      #expect(pasteboard.ownsSelection)
      #expect(try compositor.shell("timeout 10 wl-paste -n").stdoutText == "from us on weston")
      // Another copy ends ours.
      try compositor.shell("wl-copy >/dev/null 2>&1", input: Data("theirs".utf8))
      #expect(eventually { !pasteboard.ownsSelection })
    }

    @Test func thePrimarySelectionIsUnsupportedThere() throws {
      try Self.compositor.orSkip()
      let primary = try Self.pasteboard(.primary)
      do {
        _ = try primary.targets()
        Issue.record("weston has no primary selection, yet a read succeeded")
      } catch {
        #expect(error.code == .unsupported)
        #expect(error.message.hasSuffix("has no primary selection protocol"))
      }
    }
  }
}
