import DesktopPasteboard
import DesktopTestSupport
import Foundation
import Pasteboard
import SystemPasteboard
import TestSupport
import Testing
import TypeRegistry

extension GTKTests {
  /// Drags between our own desktop windows (`DesktopPasteboard`'s, in the test process) and a
  /// GTK 4 widget of ours, both ways, on every desktop. The main actor stays free while the
  /// pointer moves: our window's delegates run there.
  @Suite("Between our own windows and a GTK 4 widget", .serialized)
  @MainActor
  struct OwnWindowTests {
    /// What a drag of ours heard, on the main actor.
    final class Ended {
      var operations: [DropOperation] = []
    }

    /// Starts a drag of `items` from `own` (pressed at a point `target` leaves visible, the drag
    /// begun at the press, as an app begins it) to `target`, and releases there.
    static func drag(
      _ items: [ItemProvider], from own: OwnWindow, to target: GTKWindow, on desktop: GTKDesktop, ended: Ended
    ) async throws {
      let start = own.visiblePoint(under: target)
      let end = target.visiblePoint(under: GTKWindow(peer: target.peer, frame: own.frame.offsetBy(dx: 10_000, dy: 0)))
      let heard = PressLog()
      let presses = own.window.buttonPresses
      let listener = Task { @MainActor in for await press in presses { heard.presses.append(press) } }
      defer { listener.cancel() }
      try await offThePool { try desktop.pressDragRelease(through: [start], release: false) }
      #expect(
        await suspendUntil(within: 10) { !heard.presses.isEmpty },
        "the press at \(start) never reached our window at \(own.frame) (the target at \(target.frame))")
      try own.window.beginDrag(DragSession(items: items, allowedOperations: [.copy]) { ended.operations.append($0) })
      let pace = desktop.kind == .weston ? 3.0 : 1
      try await offThePool {
        try desktop.pointer.drag(from: start, to: (end.0 + 10, end.1 + 10), steps: 8, pause: 0.02 * pace)
        usleep(UInt32(150_000 * pace))
        try desktop.pointer.drag(from: (end.0 + 10, end.1 + 10), to: end, steps: 4, pause: 0.02 * pace)
        usleep(UInt32(300_000 * pace))
        try desktop.pointer.button(pressed: false)
      }
    }

    /// An item provider of `text`, its loader waiting `delay` seconds first, or failing.
    nonisolated static func text(_ text: String, delay: Double = 0, failing: Bool = false) -> ItemProvider {
      let provider = ItemProvider()
      provider.registerDataRepresentation(for: .utf8PlainText) { completion in
        if delay > 0 { usleep(UInt32(delay * 1_000_000)) }
        completion(failing ? nil : Data(text.utf8), failing ? CocoaError(.fileReadUnknown) : nil)
        return nil
      }
      return provider
    }

    @Test(arguments: DesktopKind.selected)
    func anItemProviderDraggedFromOurWindowReachesTheGTKDelegates(_ kind: DesktopKind) async throws {
      let desktop = try GTKDesktop.shared(kind)
      let own = try await desktop.ownWindow()
      defer { own.window.close() }
      let target = try await offThePool {
        try desktop.started(apartFrom: own.frame) {
          try desktop.gtk4(["drop", "public.plain-text"], side: 400, place: (600, 0))
        }
      }
      defer { target.peer.terminate() }
      let ended = Ended()
      let text = "dragged from our window ✓"
      try await Self.drag([Self.text(text)], from: own, to: target, on: desktop, ended: ended)
      let lines = try await offThePool { target.peer.lines(until: "loaded") }
      #expect(lines.first == "validateDrop public.utf8-plain-text,public.plain-text", "\(lines)")
      #expect(
        lines.last == "loaded public.utf8-plain-text \(text.utf8.count) \(digest(text.utf8)) \(text.debugDescription)")
      #expect(await suspendUntil(within: 10) { ended.operations == [.copy] }, "\(ended.operations)")
    }

    /// A slow load finishes the drop when it is done (the source hears the end after the data);
    /// a failing one finishes it too, with what the delegate performed. On X11 the failure reaches
    /// the delegate as an error; Wayland has no way to say it (the source closes its pipe), so
    /// there the load gives no bytes.
    @Test(arguments: DesktopKind.selected(from: [.x11, .sway]))
    func aSlowAndAFailingLoadFinishTheDropOnce(_ kind: DesktopKind) async throws {
      let desktop = try GTKDesktop.shared(kind)
      let own = try await desktop.ownWindow()
      defer { own.window.close() }
      let target = try await offThePool {
        try desktop.started(apartFrom: own.frame) {
          try desktop.gtk4(["drop", "public.plain-text"], side: 400, place: (600, 0))
        }
      }
      defer { target.peer.terminate() }
      for failing in [false, true] {
        let ended = Ended()
        try await Self.drag(
          [Self.text("slow", delay: 1.5, failing: failing)], from: own, to: target, on: desktop, ended: ended)
        let performed = try await offThePool { target.peer.line { $0.hasPrefix("performDrop") } }
        #expect(performed != nil)
        // Not before the load is done: the drop is finished only then.
        #expect(ended.operations.isEmpty, "the drop was finished before its load")
        let loaded = try await offThePool { target.peer.line { $0.hasPrefix("loaded") || $0.hasPrefix("loadFailed") } }
        let expected =
          !failing
          ? "loaded public.utf8-plain-text 4" : kind.isWayland ? "loaded public.utf8-plain-text 0 " : "loadFailed"
        #expect(loaded?.hasPrefix(expected) == true, "\(loaded ?? "nothing loaded")")
        #expect(await suspendUntil(within: 10) { ended.operations == [.copy] }, "\(ended.operations)")
      }
    }

    @Test(arguments: DesktopKind.selected)
    func aGTKDragReachesOurWindowsDelegates(_ kind: DesktopKind) async throws {
      let desktop = try GTKDesktop.shared(kind)
      let own = try await desktop.ownWindow()
      defer { own.window.close() }
      let log = Received()
      let surface = DropSurface()
      surface.addTarget(
        .onDrop(
          frame: CGRect(x: 0, y: 0, width: 300, height: 300), of: [.plainText],
          isTargeted: { if $0 { log.entered = true } }
        ) { providers, location in
          log.location = location
          _ = providers.first?.loadDataRepresentation(for: .plainText) { data, _ in
            Task { @MainActor in log.text = data.map { String(decoding: $0, as: UTF8.self) } }
          }
          return true
        })
      try own.window.acceptDrops(into: surface)
      let text = "dragged from GTK 4 into ours ✓"
      let source = try await offThePool {
        try desktop.started(apartFrom: own.frame) {
          try desktop.gtk4(["drag", "text:" + text], side: 200, place: (600, 0))
        }
      }
      defer { source.peer.terminate() }
      let start = source.visiblePoint(under: GTKWindow(peer: source.peer, frame: own.frame))
      let end = own.visiblePoint(under: source)
      var lines: [String] = []
      // weston sometimes gives a drag's every motion to its desktop's background, over our window
      // too (the root package's weston suite saw it, in its protocol traces): a drag that never
      // reached our window there is made once more; one that reached it never is.
      for attempt in 1...(kind == .weston ? 2 : 1) {
        try await offThePool {
          try desktop.pressDragRelease(through: [start, (start.0 + 12, start.1 + 6), (end.0 + 10, end.1 + 10), end])
        }
        lines = try await offThePool { source.peer.lines(until: "ended") }
        if log.entered || lines.last != "ended cancel" || attempt == 2 { break }
      }
      #expect(
        await suspendUntil(within: 15) { log.text != nil }, "from \(start) in \(source.frame) to \(end) in \(own.frame)"
      )
      #expect(log.text == text)
      #expect(lines.filter { $0.hasPrefix("loader") } == ["loader public.utf8-plain-text"], "\(lines)")
      #expect(lines.last == "ended copy", "\(lines)")
    }
  }
}

/// What our window's drop took.
@MainActor
final class Received {
  var entered = false
  var text: String?
  var location: CGPoint?
}
