import DesktopTestSupport
import Foundation
import Pasteboard
import TestSupport
import Testing
import TypeRegistry
import UTIPlatform

@testable import DesktopPasteboard
@testable import PointyBug
@testable import SystemPasteboard
@testable import SystemPasteboardCore
@testable import SystemPasteboardWayland
@testable import SystemPasteboardX11

/// Wayland windows, drops and drags against real peers: a headless sway per test, a virtual
/// pointer of ours (`WaylandVirtualInput`) moving over the output, and GTK 3 windows
/// (`GDK_BACKEND=wayland`) as the other application, both ways.
///
/// sway tiles: the first window fills the output, the next splits it; where each surface is, is
/// read from `swaymsg -t get_tree`. The main actor stays free while the pointer moves.
extension DragAndDropTests {
  @Suite("Wayland windows, drops and drags with real peers", .serialized)
  @MainActor
  struct WaylandWindowTests {
    static let gtk = fixturesDirectory.appendingPathComponent("x11/gtk_dnd.py").path
    static let gtk4 = fixturesDirectory.appendingPathComponent("wayland/gtk4_drop.py").path

    /// A compositor, its virtual input, and its display.
    static func desktop() throws -> (WaylandCompositor, WaylandVirtualInput, WaylandDisplay) {
      let compositor = try WaylandCompositor.start().orSkip()
      let display = try WaylandDisplay(name: compositor.socketPath)
      return (compositor, try WaylandVirtualInput(display: display), display)
    }

    /// Starts the GTK peer under `compositor` and waits for its "ready"; the test is skipped
    /// where GTK cannot run.
    static func startGTK(
      _ compositor: WaylandCompositor, _ arguments: [String], script: String = gtk, environment: [String] = []
    ) async throws -> XServer.Peer {
      try Peers.gtk.orSkip()
      let peer = try compositor.start(
        "/usr/bin/python3", [script] + arguments, environment: ["GDK_BACKEND=wayland"] + environment)
      let ready = try await offThePool { peer.line(within: 20) }
      try #require(ready == "ready", "the GTK peer did not start: \(ready ?? "no line")")
      return peer
    }

    /// Lines from a peer until `predicate` accepts one (or 20 s pass), off the main actor.
    static func line(from peer: XServer.Peer, where predicate: @escaping @Sendable (String) -> Bool) async throws
      -> String?
    {
      try await DragAndDropTests.line(from: peer, where: predicate)
    }

    /// The centre of the GTK window's 200×200 area on the output, the window placed at (900, 0),
    /// right of ours (at most 800 wide, at (0, 0)).
    static func gtkCentre(_ compositor: WaylandCompositor) throws -> (Double, Double) {
      let origin = try compositor.place(appID: "gtk_dnd.py", at: 900, 0)
      return (origin.x + 100, origin.y + 100)
    }

    @Test func aWindowReportsPressesInSurfaceCoordinates() async throws {
      let (compositor, input, display) = try Self.desktop()
      let window = try WaylandWindow(
        title: "presses", width: 400, height: 300, display: display, applicationID: "swift-uti")
      defer { window.close() }
      let origin = try compositor.place(appID: "swift-uti", at: 0, 0)
      let presses = window.buttonPresses
      try await click(input, at: origin.x + 50, origin.y + 60)
      let press = await nextPress(presses)
      #expect(press == WindowButtonPress(location: CGPoint(x: 50, y: 60), button: 1))
      _ = compositor
    }

    @Test func aWindowsOwnClipboardCopiesAndPastesThroughItsDataDevice() async throws {
      let (window, compositor) = try await Self.clickedWindow()
      defer { window.close() }
      let clipboard = window.pasteboard(for: .clipboard)
      var item = SystemPasteboard.Item()
      item.register(.utf8PlainText) { Array("copied through our window".utf8) }
      try clipboard.setItems([item])
      #expect(clipboard.ownsSelection)
      let pasted = try await offThePool { try compositor.shell("timeout 10 wl-paste -n").stdoutText }
      #expect(pasted == "copied through our window")
      // Another client's copy reaches the focused window, and ends ours.
      let copied = try await offThePool {
        try compositor.wlCopy("", input: Data("from wl-copy".utf8), type: "text/plain")
      }
      #expect(copied, "wl-copy owned the clipboard")
      #expect(!clipboard.ownsSelection)
      let read = try clipboard.data(conformingTo: .plainText).map { String(decoding: $0.data, as: UTF8.self) }
      #expect(read == "from wl-copy")
    }

    @Test func textFromGTKReachesTheDelegatesInOrder() async throws {
      let (compositor, input, display) = try Self.desktop()
      let window = try WaylandWindow(
        title: "drops", width: 400, height: 400, display: display, applicationID: "swift-uti")
      defer { window.close() }
      let log = DelegateLog()
      let surface = DropSurface()
      surface.addTarget(
        DropTarget(
          frame: CGRect(x: 100, y: 100, width: 300, height: 300), of: [.plainText], delegate: Recorder(log: log))
      )
      try window.acceptDrops(into: surface)
      let gtk = try await Self.startGTK(compositor, ["source", "0", "0", "text", "dragged from GTK on Wayland ✓"])
      defer { gtk.terminate() }
      let ours = try compositor.place(appID: "swift-uti", at: 0, 0)
      let source = try Self.gtkCentre(compositor)
      try await pressDragRelease(input, through: [source, (ours.x + 200, ours.y + 200)])
      #expect(await suspendUntil(within: 20) { log.loaded != nil })
      #expect(Array(log.calls.prefix(3)) == ["validateDrop", "dropEntered", "dropUpdated"], "\(log.calls)")
      #expect(log.calls.last == "performDrop")
      #expect(log.loaded.map { String(decoding: $0, as: UTF8.self) } == "dragged from GTK on Wayland ✓")
      #expect(
        log.earlyLoad?.contains("can be loaded only from within performDrop") == true, "\(log.earlyLoad ?? "no load")")
      #expect(log.locations.last == CGPoint(x: 100, y: 100), "surface (200, 200) is the target's (100, 100)")
      #expect(try await Self.line(from: gtk) { $0 == "end" || $0.hasPrefix("failed") } == "end")
    }

    /// Presses in our window (placed at the output's origin), lets `begin` start a drag from
    /// that press, drags onto the GTK target (started with `targetArguments`) and releases; the
    /// target's "received" line (`more` reads what GTK says after it), and whether `ended` held
    /// within 20 s. GTK lives until then: it finishes the drop after it says "received", and a
    /// target killed before that cancels it.
    static func dragOutToGTK(
      _ window: WaylandWindow, _ compositor: WaylandCompositor, _ input: WaylandVirtualInput,
      target targetArguments: [String], begin: (WindowButtonPress) throws -> Void, ended: () -> Bool,
      then more: ((XServer.Peer) async throws -> Void)? = nil
    ) async throws -> (received: String?, ended: Bool) {
      let gtk = try await startGTK(compositor, ["target", "0", "0"] + targetArguments)
      defer { gtk.terminate() }
      let ours = try compositor.place(appID: "swift-uti", at: 0, 0)
      let target = try gtkCentre(compositor)
      let presses = window.buttonPresses
      try await offThePool {
        try input.move(to: ours.x + 100, ours.y + 100)
        try input.button(pressed: true)
      }
      let press = try #require(await nextPress(presses), "the press never reached the window")
      try begin(press)
      #expect(window.isDragging)
      try await offThePool { try input.drag(from: (ours.x + 100, ours.y + 100), to: target) }
      // Released once GTK has seen the drag over it (its status is set before it says "motion"),
      // as a hand rests before it lets go: a release before GTK answered ends in a cancel.
      let over = try await line(from: gtk) { $0 == "motion" }
      #expect(over == "motion", "GTK never saw the drag over its window")
      try await offThePool {
        usleep(100_000)
        try input.button(pressed: false)
      }
      let received = try await line(from: gtk) { $0.hasPrefix("received") }
      try await more?(gtk)
      return (received, await suspendUntil(within: 20, ended))
    }

    @Test func theArrowToolDraggedFromUsArrivesInGTK() async throws {
      let (compositor, input, display) = try Self.desktop()
      try await DragAndDropTests.withPointyBugTypes {
        let window = try WaylandWindow(
          title: "drags", width: 400, height: 400, display: display, applicationID: "swift-uti")
        defer { window.close() }
        let ended = EndedLog()
        let (received, heard) = try await Self.dragOutToGTK(
          window, compositor, input, target: ["application/vnd.pointybug.arrow+json"],
          begin: { _ in
            let provider = ItemProvider()
            provider.register(ArrowTool())
            try window.beginDrag(
              DragSession(items: [provider], allowedOperations: [.copy]) { ended.operations.append($0) })
          }, ended: { ended.operations == [.copy] })
        let json = try JSONEncoder().encode(ArrowTool())
        #expect(
          received
            == "received application/vnd.pointybug.arrow+json \(json.count) \(json.map { String(format: "%02x", $0) }.joined())"
        )
        #expect(heard, "\(ended.operations)")
        #expect(!window.isDragging)
      }
    }

    /// Wayland has no XdndDirectSave: a promised file is written when the target receives
    /// `text/uri-list`, read by GTK before it finishes; its folder goes with the window.
    @Test func aPromisedFileDraggedOutIsWrittenWhenGTKReceivesItsURL() async throws {
      let (compositor, input, display) = try Self.desktop()
      let window = try WaylandWindow(
        title: "drags", width: 400, height: 400, display: display, applicationID: "swift-uti")
      defer { window.close() }
      let ended = EndedLog()
      let pdf = Data((0..<250_000).map { UInt8(truncatingIfNeeded: $0 &* 11) })
      let digest = try runProcess("/usr/bin/sha256sum", [], input: pdf).stdoutText.prefix(64)
      let file = Locked<String?>(nil)
      let (received, heard) = try await Self.dragOutToGTK(
        window, compositor, input, target: ["text/uri-list"],
        begin: { _ in
          try window.beginDrag(
            DragSession(items: [DragAndDropTests.promisedReport(pdf)], allowedOperations: [.copy]) {
              ended.operations.append($0)
            })
        }, ended: { ended.operations == [.copy] },
        then: { gtk in
          let line = try await Self.line(from: gtk) { $0.hasPrefix("file") || $0.hasPrefix("unreadable") }
          file.withLock { $0 = line }
        })
      #expect(received?.hasPrefix("received text/uri-list") == true, "\(received ?? "nothing")")
      #expect(file.withLock { $0 } == "file report.pdf \(pdf.count) sha256:\(digest)")
      #expect(heard, "\(ended.operations)")
      window.close()
      #expect(
        await suspendUntil(within: 20) { DragAndDropTests.ownPromiseFolders.isEmpty },
        "the folder goes with the window: \(DragAndDropTests.ownPromiseFolders)")
    }

    /// Where xdg-desktop-portal runs, a promised file is also offered through its file transfer
    /// (`application/vnd.portal.filetransfer`), which GTK 4 reads before `text/uri-list`, as a
    /// sandboxed app must: the document portal on a bus of the test's own, GTK 4 retrieving the
    /// file the promise wrote.
    @Test func aPromisedFileReachesGTK4ThroughTheFileTransferPortal() async throws {
      let (compositor, input, display) = try Self.desktop()
      try Peers.gtk4.orSkip()
      let bus = try SessionBus.start().orSkip()
      #expect(try await offThePool { FileTransferPortal.useSessionBus(at: bus.address) })
      defer { FileTransferPortal.useSessionBus(at: nil) }
      let window = try WaylandWindow(
        title: "drags", width: 400, height: 400, display: display, applicationID: "swift-uti")
      defer { window.close() }
      let ended = EndedLog()
      let pdf = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
      let digest = try runProcess("/usr/bin/sha256sum", [], input: pdf).stdoutText.prefix(64)
      let monitor = try bus.monitor("type='method_call',interface='org.freedesktop.portal.FileTransfer'")
      defer { monitor.terminate() }
      let gtk = try compositor.start(
        "/usr/bin/python3", [Self.gtk4],
        environment: ["GDK_BACKEND=wayland", "DBUS_SESSION_BUS_ADDRESS=\(bus.address)"])
      defer { gtk.terminate() }
      let ready = try await offThePool { gtk.line(within: 20) }
      try #require(ready == "ready", "the GTK 4 peer did not start: \(ready ?? "no line")")
      let ours = try compositor.place(appID: "swift-uti", at: 0, 0)
      let origin = try compositor.place(appID: "gtk4_drop.py", at: 900, 0)
      let presses = window.buttonPresses
      try await offThePool {
        try input.move(to: ours.x + 100, ours.y + 100)
        try input.button(pressed: true)
      }
      _ = try #require(await nextPress(presses), "the press never reached the window")
      try window.beginDrag(
        DragSession(items: [DragAndDropTests.promisedReport(pdf)], allowedOperations: [.copy]) {
          ended.operations.append($0)
        })
      try await offThePool { try input.drag(from: (ours.x + 100, ours.y + 100), to: (origin.x + 100, origin.y + 100)) }
      #expect(try await Self.line(from: gtk) { $0 == "motion" } == "motion", "GTK 4 never saw the drag")
      try await offThePool {
        usleep(100_000)
        try input.button(pressed: false)
      }
      #expect(try await Self.line(from: gtk) { $0.hasPrefix("received") } == "received 1")
      #expect(
        try await Self.line(from: gtk) { $0.hasPrefix("file") || $0.hasPrefix("unreadable") }
          == "file report.pdf \(pdf.count) sha256:\(digest)")
      #expect(await suspendUntil(within: 20) { ended.operations == [.copy] }, "\(ended.operations)")
      // GTK read the key, not the URL: it asked the portal for the files.
      let call = try await Self.line(from: monitor) { $0.contains("member=RetrieveFiles") }
      #expect(call?.contains("interface=org.freedesktop.portal.FileTransfer") == true, "\(call ?? "no call")")
      _ = compositor
    }

    @Test func aDragThatLeavesWithoutDroppingExits() async throws {
      let (compositor, input, display) = try Self.desktop()
      let window = try WaylandWindow(
        title: "drops", width: 400, height: 400, display: display, applicationID: "swift-uti")
      defer { window.close() }
      let log = DelegateLog()
      let surface = DropSurface()
      surface.addTarget(
        DropTarget(frame: CGRect(x: 0, y: 0, width: 400, height: 400), of: [.plainText], delegate: Recorder(log: log)))
      try window.acceptDrops(into: surface)
      let gtk = try await Self.startGTK(compositor, ["source", "0", "0", "text", "not dropped"])
      defer { gtk.terminate() }
      let ours = try compositor.place(appID: "swift-uti", at: 0, 0)
      let source = try Self.gtkCentre(compositor)
      try await pressDragRelease(input, through: [source, (ours.x + 200, ours.y + 200), source])
      #expect(await suspendUntil(within: 20) { log.calls.contains("dropExited") }, "\(log.calls)")
      #expect(!log.calls.contains("performDrop"))
      #expect(log.loaded == nil)
    }

    /// `pointybug --window --backend wayland`, for real: a PNG dragged in from GTK lands in the
    /// editor, then the arrow tool dragged from its toolbar lands on the screenshot.
    @Test func pointybugWindowOnWaylandTakesAScreenshotThenTheArrow() async throws {
      let (compositor, input, _) = try Self.desktop()
      let pointybug = try builtProduct("pointybug")
      let app = try compositor.start(pointybug, ["--window", "--backend", "wayland"])
      defer { app.terminate() }
      let ready = try await Self.line(from: app) { $0.hasPrefix("wayland window ") || $0.hasPrefix("error") }
      try #require(ready?.hasSuffix("drag the arrow from the toolbar") == true, "\(ready ?? "no line")")
      let ladybug = packageRoot.appendingPathComponent("Examples/PointyBug/ladybug.png")
      let image = try await Self.startGTK(compositor, ["source", "0", "0", "file", "image/png", ladybug.path])
      defer { image.terminate() }
      let bug = try compositor.place(appID: "PointyBug", at: 0, 0)
      let source = try Self.gtkCentre(compositor)
      // The editor's middle (PointyBugScenario.editor is 0, 100, 800×800).
      try await pressDragRelease(input, through: [source, (bug.x + 400, bug.y + 500)])
      let loaded = try await Self.line(from: app) { $0.hasPrefix("image loaded") || $0.hasPrefix("image failed") }
      #expect(
        loaded?.hasPrefix("image loaded: \(try Data(contentsOf: ladybug).count) bytes") == true,
        "\(loaded ?? "no line")")
      try await pressDragRelease(input, through: [(bug.x + 40, bug.y + 40), (bug.x + 400, bug.y + 500)], hold: 0.3)
      let marker = try await Self.line(from: app) {
        $0.hasPrefix("performDrop: arrow") || $0.hasPrefix("arrow dropped") || $0.hasPrefix("the drag could not start")
      }
      #expect(marker?.hasPrefix("performDrop: arrow marker at") == true, "\(marker ?? "no line")")
      let dropped = try await Self.line(from: app) { $0.hasPrefix("arrow dropped") }
      #expect(dropped?.hasPrefix("arrow dropped: copy") == true, "\(dropped ?? "no line")")
      // The compositor's close (sway's kill sends xdg_toplevel.close): the application ends.
      _ = try compositor.swaymsg(["[app_id=\"PointyBug\"]", "kill"])
      let closed = try await Self.line(from: app) { $0 == "closed" }
      #expect(closed == "closed")
      let exited = await suspendUntil(within: 20) { !app.process.isRunning }
      #expect(exited, "pointybug did not exit after it was closed")
      // (Foundation traps on the status of a process still running.)
      if exited { #expect(app.process.terminationStatus == 0) }
    }
  }
}
