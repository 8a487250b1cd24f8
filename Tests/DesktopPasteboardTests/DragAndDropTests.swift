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
@testable import SystemPasteboardX11

/// XDND against real peers: Xvfb as the server, `xdotool` moving the pointer through XTEST, and
/// a GTK 3 window (Python) as the other application, both ways.
///
/// Our window sits at (0, 0), 400×400; the GTK window at (500, 0), 200×200 (no window manager
/// moves them). The tests' main actor stays free while the pointer moves (``offThePool(_:)``):
/// the window's thread runs the delegates there.
@Suite("XDND drag and drop with real peers", .serialized)
@MainActor
struct DragAndDropTests {
  static let server = XServer.start()
  static let gtk = fixturesDirectory.appendingPathComponent("x11/gtk_dnd.py").path

  static func display() throws -> X11Display { try X11Display(parsing: try server.orSkip().display) }

  /// Runs `xdotool` with `arguments` (a script of commands) on the test server, off the main actor.
  static func xdotool(_ arguments: String) async throws {
    let server = try Self.server.orSkip()
    let result = try await offThePool { try server.run("/bin/sh", ["-c", "xdotool \(arguments)"]) }
    #expect(result.status == 0, "xdotool \(arguments): \(result.stderrText)")
  }

  /// Starts the GTK peer and waits for its "ready".
  static func startGTK(_ arguments: [String]) async throws -> XServer.Peer {
    let server = try Self.server.orSkip()
    let peer = try server.start("/usr/bin/python3", [gtk] + arguments)
    let ready = try await offThePool { peer.line(within: 20) }
    try #require(ready == "ready", "the GTK peer did not start: \(ready ?? "no line")")
    return peer
  }

  /// Lines from a peer until `predicate` accepts one (or 20 s pass), off the main actor.
  static func line(from peer: XServer.Peer, where predicate: @escaping @Sendable (String) -> Bool) async throws
    -> String?
  {
    try await offThePool {
      let deadline = Date(timeIntervalSinceNow: 20)
      while Date() < deadline {
        guard let line = peer.line(within: deadline.timeIntervalSinceNow) else { return nil }
        if predicate(line) { return line }
      }
      return nil
    }
  }

  /// A drag from the GTK window's centre (600, 100) to `end`, in small steps.
  static func dragFromGTK(to end: (Int, Int), release: Bool = true) async throws {
    var script = "mousemove 600 100 sleep 0.2 mousedown 1 sleep 0.2"
    for (x, y) in [(590, 105), (570, 110), (520, 120), (450, 150), (300, 180), (end.0 + 10, end.1), end] {
      script += " mousemove \(x) \(y) sleep 0.15"
    }
    if release { script += " mouseup 1 sleep 0.2" }
    try await xdotool(script)
  }

  /// A window of ours at (0, 0), 400×400, whose one target (100, 100, 300×300) takes `types`.
  static func dropWindow(
    _ types: [UTType], events: DesktopEvents = .ownThread,
    delegate: (DelegateLog) -> any DropDelegate = { Recorder(log: $0) }
  ) throws -> (X11Window, DropSurface, DelegateLog) {
    let window = try X11Window(
      title: "swift-uti drops", width: 400, height: 400, display: try display(), events: events)
    let log = DelegateLog()
    let surface = DropSurface()
    surface.addTarget(
      DropTarget(frame: CGRect(x: 100, y: 100, width: 300, height: 300), of: types, delegate: delegate(log)))
    try window.acceptDrops(into: surface)
    return (window, surface, log)
  }

  @Test func textFromGTKReachesTheDelegatesInOrder() async throws {
    try Peers.gtk.orSkip()
    let (window, _, log) = try Self.dropWindow([.plainText, .image])
    defer { window.close() }
    let text = try await Self.startGTK(["source", "500", "0", "text", "dragged from GTK ✓"])
    defer { text.terminate() }
    // Released once the drag is over its last position (GTK sends a position only after our
    // answer to the one before, and drops at the last one sent), as a user's hand rests there.
    try await Self.dragFromGTK(to: (200, 200), release: false)
    #expect(
      await suspendUntil(within: 20) { log.locations.last == CGPoint(x: 100, y: 100) }, "\(log.locations.suffix(3))")
    try await Self.xdotool("mouseup 1 sleep 0.2")
    #expect(await suspendUntil(within: 20) { log.loaded != nil })
    #expect(Array(log.calls.prefix(3)) == ["validateDrop", "dropEntered", "dropUpdated"])
    #expect(log.calls.last == "performDrop")
    #expect(!log.calls.contains("dropExited"))
    #expect(log.types.contains("public.utf8-plain-text"), "\(log.types)")
    #expect(log.loaded.map { String(decoding: $0, as: UTF8.self) } == "dragged from GTK ✓")
    // Types during the drag, data only from performDrop.
    #expect(
      log.earlyLoad?.contains("can be loaded only from within performDrop") == true,
      "\(log.earlyLoad ?? "no load")")
    #expect(log.locations.last == CGPoint(x: 100, y: 100), "window (200, 200) is the target's (100, 100)")
    #expect(try await Self.line(from: text) { $0 == "end" || $0.hasPrefix("failed") } == "end")
  }

  /// The tutorial's own editor delegate takes a PNG dragged from GTK, as the PNG's bytes or as a
  /// file (`text/uri-list`, as file managers drag: the target of `[.image]` takes it and loads
  /// the PNG's bytes from the file); the bytes arrive unchanged.
  @Test(arguments: ["bytes", "file"])
  func aPNGFromGTKReachesTheTutorialsEditor(as form: String) async throws {
    try Peers.gtk.orSkip()
    let ladybug = packageRoot.appendingPathComponent("Examples/PointyBug/ladybug.png")
    let bug = Bug()
    let (window, _, _) = try Self.dropWindow(form == "file" ? [.image] : [.image, .arrowTool]) { _ in
      EditorDropDelegate(bug: bug, size: CGSize(width: 300, height: 300))
    }
    defer { window.close() }
    let source =
      form == "file"
      ? ["uris", FileList.fileURL(forPath: ladybug.path)] : ["file", "image/png", ladybug.path]
    let image = try await Self.startGTK(["source", "500", "0"] + source)
    defer { image.terminate() }
    try await Self.dragFromGTK(to: (250, 250))
    #expect(await suspendUntil(within: 20) { bug.image != nil })
    #expect(bug.image == (try Data(contentsOf: ladybug)))
    #expect(try await Self.line(from: image) { $0 == "end" || $0.hasPrefix("failed") } == "end")
  }

  /// A drag whose types name atoms that do not exist has no types (each unknown atom is
  /// skipped): it is refused at Status, for the whole window, not left unanswered.
  @Test func aDragWhoseItemsCannotBeBuiltIsRefused() async throws {
    try Self.server.orSkip()
    let (window, _, log) = try Self.dropWindow([.data])
    defer { window.close() }
    let answers = try await Self.peer(["source", String(window.id), "bogus-enter", "position", "200", "200", "leave"])
    #expect(answers.first == "status 0 None 0 0 400 400", "\(answers)")
    #expect(log.calls.isEmpty, "\(log.calls)")
  }

  /// The action is followed on every position: a delegate that proposes a move is refused while
  /// the source asks for a copy, taken when it asks for a move (the user pressed Shift), refused
  /// again when it goes back, and taken for XdndActionAsk when the source's XdndActionList offers
  /// a move.
  @Test func theActionIsFollowedOnEveryPosition() async throws {
    try Self.server.orSkip()
    let (window, _, _) = try Self.dropWindow([.plainText]) { _ in MoveProposer() }
    defer { window.close() }
    let answers = try await Self.peer(
      [
        "source", String(window.id), "enter", "5", "text/plain", "position-as", "XdndActionCopy", "200", "200",
        "position-as", "XdndActionMove", "210", "200", "position-as", "XdndActionCopy", "220", "200",
        "action-list", "XdndActionCopy", "XdndActionMove", "position-as", "XdndActionAsk", "230", "200", "leave",
      ])
    #expect(
      answers == [
        "status 0 None 0 0 0 0", "status 1 XdndActionMove 0 0 0 0", "status 0 None 0 0 0 0",
        "status 1 XdndActionMove 0 0 0 0", "done",
      ], "\(answers)")
  }

  /// A source that stops talking mid-drag: after the documented silence (six times the window's
  /// timeout) the drag exits, instead of staying on the surface for ever.
  @Test func aSilentSourceEndsTheDragWithDropExited() async throws {
    try Self.server.orSkip()
    let window = try X11Window(
      title: "swift-uti drops", width: 400, height: 400, display: try Self.display(), timeout: .seconds(0.5))
    defer { window.close() }
    let log = DelegateLog()
    let surface = DropSurface()
    surface.addTarget(
      DropTarget(frame: CGRect(x: 100, y: 100, width: 300, height: 300), of: [.plainText], delegate: Recorder(log: log))
    )
    try window.acceptDrops(into: surface)
    let answers = try await Self.peer([
      "source", String(window.id), "enter", "5", "text/plain", "position", "200", "200", "sleep", "5",
    ])
    #expect(answers.first == "status 1 XdndActionCopy 0 0 0 0", "\(answers)")
    #expect(await suspendUntil(within: 20) { log.calls.last == "dropExited" }, "\(log.calls)")
    #expect(!surface.isDragging)
  }

  /// A window the host's toolkit made (here a python3-xlib client's): drops reach the surface
  /// through our proxy window, and GTK follows the proxy.
  @Test func aHostsWindowTakesDropsThroughOurProxy() async throws {
    try Peers.gtk.orSkip()
    let host = try await Self.startPeer(["plain", "0", "0"])
    defer { host.terminate() }
    let id = try #require(UInt32(try await offThePool { host.line() } ?? ""))
    let window = try X11Window(existing: id, display: try Self.display())
    defer { window.close() }
    #expect(!window.isCreated)
    let log = DelegateLog()
    let surface = DropSurface()
    surface.addTarget(
      DropTarget(frame: CGRect(x: 100, y: 100, width: 300, height: 300), of: [.plainText], delegate: Recorder(log: log))
    )
    try window.acceptDrops(into: surface)
    let text = try await Self.startGTK(["source", "500", "0", "text", "through the proxy"])
    defer { text.terminate() }
    try await Self.dragFromGTK(to: (200, 200))
    #expect(await suspendUntil(within: 20) { log.loaded != nil })
    #expect(log.calls == ["validateDrop", "dropEntered", "dropUpdated", "performDrop"], "\(log.calls)")
    #expect(log.loaded.map { String(decoding: $0, as: UTF8.self) } == "through the proxy")
  }

  @Test func theArrowToolDraggedFromUsArrivesInGTK() async throws {
    try await Self.withGTKArrowTarget { target, window in
      let ended = try await Self.pressAndDrag(from: window, ArrowTool(color: "blue"))
      let received = try await Self.line(from: target) { $0.hasPrefix("received") }
      let words = received?.split(separator: " ").map(String.init) ?? []
      #expect(words.count == 4 && words[1] == "application/vnd.pointybug.arrow+json", "\(received ?? "nothing")")
      if words.count == 4 {
        let json = Data(hex: words[3])
        #expect(try JSONDecoder().decode(ArrowTool.self, from: json).color == "blue")
      }
      #expect(await suspendUntil(within: 20) { ended.operations == [.copy] }, "\(ended.operations)")
      #expect(!window.isDragging)
    }
  }

  /// Every drag of a window works, not only its first: three in a row, each taken by GTK.
  @Test func threeDragsFromOneWindowEachArrive() async throws {
    try await Self.withGTKArrowTarget { target, window in
      for color in ["red", "green", "blue"] {
        let ended = try await Self.pressAndDrag(from: window, ArrowTool(color: color))
        let received = try await Self.line(from: target) { $0.hasPrefix("received") }
        let words = received?.split(separator: " ").map(String.init) ?? []
        #expect(words.count == 4, "drag of \(color): \(received ?? "nothing")")
        if words.count == 4 {
          #expect(try JSONDecoder().decode(ArrowTool.self, from: Data(hex: words[3])).color == color)
        }
        #expect(await suspendUntil(within: 20) { ended.operations == [.copy] }, "drag of \(color): \(ended.operations)")
        #expect(await suspendUntil(within: 20) { !window.isDragging })
      }
    }
  }

  /// 3 MB of PNG from us: more than one request holds, so GTK takes it through INCR.
  @Test func aLargeImageDraggedFromUsGoesThroughINCR() async throws {
    try Peers.gtk.orSkip()
    var bytes = [UInt8]([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    var generator = SplitMix64(seed: 15)
    while bytes.count < 3 << 20 { bytes.append(UInt8(truncatingIfNeeded: generator.next())) }
    let png = Data(bytes)
    let target = try await Self.startGTK(["target", "500", "0", "image/png"])
    defer { target.terminate() }
    let window = try Self.dragWindow()
    defer { window.close() }
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .png) { completion in
      completion(png, nil)
      return nil
    }
    let ended = try await Self.pressAndDrag(from: window, provider)
    let received = try await Self.line(from: target) { $0.hasPrefix("received") }
    let digest = try runProcess("/usr/bin/sha256sum", [], input: png).stdoutText.prefix(64)
    #expect(received == "received image/png \(png.count) sha256:\(digest)", "\(received ?? "nothing")")
    #expect(await suspendUntil(within: 20) { ended.operations == [.copy] }, "\(ended.operations)")
  }

  @Test func aDragThatLeavesWithoutDroppingExits() async throws {
    try Peers.gtk.orSkip()
    let (window, surface, log) = try Self.dropWindow([.plainText])
    defer { window.close() }
    let text = try await Self.startGTK(["source", "500", "0", "text", "just passing"])
    defer { text.terminate() }
    try await Self.dragFromGTK(to: (200, 200), release: false)
    #expect(await suspendUntil(within: 20) { log.calls.contains("dropUpdated") })
    // Back out over GTK's own window, which takes nothing, and release there.
    try await Self.xdotool("mousemove 450 200 sleep 0.15 mousemove 600 100 sleep 0.2 mouseup 1 sleep 0.2")
    #expect(await suspendUntil(within: 20) { log.calls.last == "dropExited" }, "\(log.calls)")
    #expect(!log.calls.contains("performDrop"))
    #expect(!surface.isDragging)
    #expect(try await Self.line(from: text) { $0.hasPrefix("failed") } != nil)
  }

  @Test func aSourceThatDiesMidDragEndsInACancel() async throws {
    try Peers.gtk.orSkip()
    let (window, surface, log) = try Self.dropWindow([.plainText])
    defer { window.close() }
    let text = try await Self.startGTK(["source", "500", "0", "text", "about to die"])
    try await Self.dragFromGTK(to: (200, 200), release: false)
    #expect(await suspendUntil(within: 20) { log.calls.contains("dropUpdated") })
    text.terminate()
    #expect(await suspendUntil(within: 10) { log.calls.last == "dropExited" }, "\(log.calls)")
    #expect(!surface.isDragging)
    try await Self.xdotool("mouseup 1")
    #expect(!log.calls.contains("performDrop"))
  }

  @Test func anUnsupportedTypeIsRefusedAtStatus() async throws {
    try Self.server.orSkip()
    let (window, _, log) = try Self.dropWindow([.image])
    defer { window.close() }
    let answers = try await Self.peer(
      [
        "source", String(window.id), "enter", "5", "text/plain", "UTF8_STRING", "position", "200", "200",
        "drop",
      ])
    // Refused, and no target anywhere in the window: the answer holds in all of it.
    #expect(answers.first == "status 0 None 0 0 400 400", "\(answers)")
    #expect(answers.dropFirst().first == "finished 0 None", "\(answers)")
    #expect(log.calls.isEmpty, "no delegate hears of a drag no target takes: \(log.calls)")
  }

  /// More than three types: the source lists them in `XdndTypeList`, which we read.
  @Test func typesBeyondThreeAreReadFromTheTypeList() async throws {
    try Self.server.orSkip()
    let (window, _, log) = try Self.dropWindow([.image])
    defer { window.close() }
    let answers = try await Self.peer(
      [
        "source", String(window.id), "enter", "5", "text/plain", "UTF8_STRING", "STRING", "image/png", "position",
        "200", "200", "leave",
      ])
    #expect(answers.first == "status 1 XdndActionCopy 0 0 0 0", "\(answers)")
    #expect(log.calls == ["validateDrop", "dropEntered", "dropUpdated", "dropExited"], "\(log.calls)")
  }

  @Test func malformedMessagesAreIgnored() async throws {
    try Self.server.orSkip()
    let (window, surface, log) = try Self.dropWindow([.plainText])
    defer { window.close() }
    let answers = try await Self.peer(
      [
        "source", String(window.id), "position", "200", "200", "drop", "format8", "enter", "2", "text/plain",
        "position", "200", "200", "wrong-window", "200", "200", "short-enter", "position", "200", "200", "leave",
        "enter", "5", "text/plain", "position", "200", "200", "leave",
      ])
    // Position and Drop before any Enter, a format-8 message, a version-2 Enter, a message naming
    // another window: no answer. An Enter with no types is a drag that nothing takes (refused);
    // then a well-formed drag is taken.
    #expect(
      answers
        == [
          "no status", "no finished", "no status", "no status", "status 0 None 0 0 400 400",
          "status 1 XdndActionCopy 0 0 0 0", "done",
        ], "\(answers)")
    #expect(log.calls == ["validateDrop", "dropEntered", "dropUpdated", "dropExited"], "\(log.calls)")
    #expect(!surface.isDragging)
  }

  /// The quiet rectangle: outside every target, XdndStatus names the region no target reaches.
  @Test func statusNamesTheRectangleNoTargetReaches() async throws {
    try Self.server.orSkip()
    let (window, _, _) = try Self.dropWindow([.plainText])
    defer { window.close() }
    let answers = try await Self.peer([
      "source", String(window.id), "enter", "5", "text/plain", "position", "50", "300", "leave",
    ])
    // The target starts at x = 100: the region left of it, the whole height, is quiet.
    #expect(answers.first == "status 0 None 0 0 100 400", "\(answers)")
  }

  @Test func versionThreeTargetsAreSpokenTo() async throws {
    try Self.server.orSkip()
    try await Self.withPointyBugTypes {
      let target = try await Self.startPeer(["target", "500", "0", "3", "finish"])
      defer { target.terminate() }
      let window = try Self.dragWindow()
      defer { window.close() }
      let ended = try await Self.pressAndDrag(from: window, ArrowTool(color: "green"))
      let entered = try await Self.line(from: target) { $0.hasPrefix("enter") }
      #expect(entered == "enter 3 application/vnd.pointybug.arrow+json", "\(entered ?? "nothing")")
      let received = try await Self.line(from: target) { $0.hasPrefix("received") }
      #expect(received?.hasPrefix("received application/vnd.pointybug.arrow+json") == true, "\(received ?? "nothing")")
      #expect(await suspendUntil(within: 20) { ended.operations == [.copy] }, "\(ended.operations)")
    }
  }

  // MARK: Helpers

  /// Runs `body` with PointyBug's types in the shared registry, holding the lock every test that
  /// changes the shared registry holds, so that no other test's `reset()` removes them meanwhile.
  static func withPointyBugTypes<T>(
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
  ) async throws -> T {
    try await changingSharedRegistry {
      let arrow = UTTypeRegistry.shared.current.type(withIdentifier: "com.raywenderlich.pointybug.tool.arrow")
      if arrow?.declaredTags(.mimeType).isEmpty ?? true {
        try UTTypeRegistry.shared.register(
          contentsOf: packageRoot.appendingPathComponent("Examples/PointyBug/Info.plist"))
      }
      return try await body()
    }
  }

  /// Runs `body` with PointyBug's types registered, GTK's target for the arrow tool at (500, 0)
  /// and our drag window; both end with it.
  @MainActor
  static func withGTKArrowTarget(_ body: (XServer.Peer, X11Window) async throws -> Void) async throws {
    try Peers.gtk.orSkip()
    try await withPointyBugTypes {
      let target = try await startGTK(["target", "500", "0", "application/vnd.pointybug.arrow+json"])
      defer { target.terminate() }
      let window = try dragWindow()
      defer { window.close() }
      try await body(target, window)
    }
  }

  /// Starts the python3-xlib peer (a target) and waits for its "ready".
  static func startPeer(_ arguments: [String]) async throws -> XServer.Peer {
    let server = try Self.server.orSkip()
    let peer = try server.start(
      "/usr/bin/python3", [fixturesDirectory.appendingPathComponent("x11/xdnd_peer.py").path] + arguments)
    let ready = try await offThePool { peer.line(within: 20) }
    try #require(ready == "ready", "the XDND peer did not start: \(ready ?? "no line")")
    return peer
  }

  /// Runs the python3-xlib peer as a source to the end; its lines.
  static func peer(_ arguments: [String]) async throws -> [String] {
    let server = try Self.server.orSkip()
    let script = fixturesDirectory.appendingPathComponent("x11/xdnd_peer.py").path
    let result = try await offThePool { try server.run("/usr/bin/python3", [script] + arguments) }
    #expect(result.status == 0, "\(result.stderrText)")
    return result.stdoutText.split(separator: "\n").map(String.init)
  }

  /// Our window for drags: at (0, 0), 400×400, every wait bounded by `timeout`.
  static func dragWindow(timeout: Double = 5) throws -> X11Window {
    try X11Window(title: "swift-uti drags", width: 400, height: 400, display: try display(), timeout: .seconds(timeout))
  }

  /// Presses the button over our window, starts a drag of `item` there, moves the pointer along
  /// `path` (by default over the target at (500, 0)) and, unless told not to, releases it; the
  /// log of what the drag's source hears.
  static func pressAndDrag(
    from window: X11Window, _ item: ArrowTool, path: [(Int, Int)] = [(450, 100), (600, 100)], release: Bool = true
  ) async throws -> EndedLog {
    let provider = ItemProvider()
    provider.register(item)
    return try await pressAndDrag(from: window, provider, path: path, release: release)
  }

  /// The same, for any item provider.
  static func pressAndDrag(
    from window: X11Window, _ provider: ItemProvider, path: [(Int, Int)] = [(450, 100), (600, 100)],
    release: Bool = true
  ) async throws -> EndedLog {
    let ended = EndedLog()
    var presses = window.buttonPresses.makeAsyncIterator()
    try await xdotool("mousemove 100 100 sleep 0.1 mousedown 1")
    _ = await presses.next()
    try window.beginDrag(DragSession(items: [provider], allowedOperations: [.copy]) { ended.operations.append($0) })
    var script = ""
    for (x, y) in path { script += " mousemove \(x) \(y) sleep 0.2" }
    if release { script += " mouseup 1 sleep 0.2" }
    try await xdotool(script)
    return ended
  }
}
