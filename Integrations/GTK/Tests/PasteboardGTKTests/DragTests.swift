import DesktopTestSupport
import Foundation
import TestSupport
import Testing

extension GTKTests {
  /// Drags out of a GTK 4 widget of ours (item providers over GtkDragSource) into other
  /// applications, on every desktop: each type offered, each made only when the target asks.
  @Suite("Drags out of a GTK 4 widget", .serialized)
  struct DragTests {
    /// Drags from our widget to `target` (shown over it, or beside it) and releases there.
    static func drag(on desktop: GTKDesktop, from source: GTKWindow, to target: GTKWindow, release: Bool = true) throws
    {
      let start = source.visiblePoint(under: target)
      let over = target.centre
      try desktop.pressDragRelease(
        through: [start, (start.0 + 12, start.1 + 6), (over.0 + 10, over.1 + 10), over], release: release)
    }

    /// Our drag and a GTK 3 target of `mimeTypes`, started apart.
    static func windows(
      on desktop: GTKDesktop, dragging items: [String], to mimeTypes: [String], environment: [String] = []
    )
      throws -> (source: GTKWindow, target: GTKWindow)
    {
      try desktop.stacked(
        { try desktop.gtk4(["drag"] + items, side: 200) },
        { try desktop.gtk3("target", place: (600, 0), mimeTypes, environment: environment) })
    }

    @Test(arguments: DesktopKind.selected)
    func textArrivesInGTK3AndIsMadeOnceWhenAsked(_ kind: DesktopKind) throws {
      let desktop = try GTKDesktop.shared(kind)
      let text = "dragged from GTK 4 ✓"
      let (source, target) = try Self.windows(on: desktop, dragging: ["text:" + text], to: ["text/plain;charset=utf-8"])
      defer { source.peer.terminate(); target.peer.terminate() }
      try Self.drag(on: desktop, from: source, to: target)
      let hex = Array(text.utf8).map { String(format: "%02x", $0) }.joined()
      #expect(
        target.peer.line { $0.hasPrefix("received") } == "received text/plain;charset=utf-8 \(text.utf8.count) \(hex)")
      let lines = source.peer.lines(until: "ended")
      #expect(lines.filter { $0.hasPrefix("loader") } == ["loader public.utf8-plain-text"], "\(lines)")
      #expect(lines.last == "ended copy", "\(lines)")
    }

    /// Ten types offered, one asked for: one loader runs, the others never.
    @Test(arguments: DesktopKind.selected(from: [.x11, .sway, .weston]))
    func ofTenTypesOnlyTheOneAskedForIsMade(_ kind: DesktopKind) throws {
      let desktop = try GTKDesktop.shared(kind)
      let (source, target) = try Self.windows(
        on: desktop, dragging: ["types:10:1000"], to: ["application/x-peer-type7"])
      defer { source.peer.terminate(); target.peer.terminate() }
      try Self.drag(on: desktop, from: source, to: target)
      let said = target.peer.lines(until: "received")
      #expect(
        said.last == "received application/x-peer-type7 1000 " + String(repeating: "07", count: 1000),
        "\(said) from \(source.frame) to \(target.frame)")
      let lines = source.peer.lines(until: "ended")
      #expect(lines.filter { $0.hasPrefix("loader") }.count == 1, "\(lines)")
    }

    /// A promised file is written when the target reads its URL, once, and the target reads it whole.
    @Test(arguments: DesktopKind.selected)
    func aPromisedFileIsWrittenWhenTheTargetReadsItsURL(_ kind: DesktopKind) throws {
      let desktop = try GTKDesktop.shared(kind)
      let (source, target) = try Self.windows(
        on: desktop, dragging: ["promise:report.pdf:250000"], to: ["text/uri-list"])
      defer { source.peer.terminate(); target.peer.terminate() }
      try Self.drag(on: desktop, from: source, to: target)
      let bytes = Data((0..<250_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
      let digest = try runProcess("/usr/bin/sha256sum", [], input: bytes).stdoutText.prefix(64)
      #expect(
        target.peer.line { $0.hasPrefix("file") || $0.hasPrefix("unreadable") }
          == "file report.pdf 250000 sha256:\(digest)")
      let lines = source.peer.lines(until: "ended")
      #expect(lines.filter { $0.hasPrefix("loader") } == ["loader com.adobe.pdf"], "\(lines)")
    }

    /// A target that takes none of the types refuses the drag: the source hears `.cancel`, and
    /// nothing was made.
    @Test(arguments: DesktopKind.selected(from: [.x11, .sway, .weston]))
    func aTargetThatTakesNoneOfTheTypesRefusesIt(_ kind: DesktopKind) throws {
      let desktop = try GTKDesktop.shared(kind)
      let (source, target) = try Self.windows(on: desktop, dragging: ["text:refused"], to: ["image/png"])
      defer { source.peer.terminate(); target.peer.terminate() }
      try Self.drag(on: desktop, from: source, to: target)
      let lines = source.peer.lines(until: "ended")
      #expect(lines.last == "ended cancel", "\(lines)")
      #expect(!lines.contains { $0.hasPrefix("loader") }, "\(lines)")
    }

    /// A drag released over no target is cancelled.
    @Test(arguments: DesktopKind.selected(from: [.x11, .sway, .weston]))
    func aDragReleasedOverNothingIsCancelled(_ kind: DesktopKind) throws {
      let desktop = try GTKDesktop.shared(kind)
      let source = try desktop.gtk4(["drag", "text:nowhere"], side: 200)
      defer { source.peer.terminate() }
      let start = source.centre
      let away = (start.0 < 500 ? start.0 + 300 : start.0 - 300, start.1 + 150)
      try desktop.pressDragRelease(through: [start, (start.0 + 12, start.1 + 6), away])
      let lines = source.peer.lines(until: "ended")
      #expect(lines.last == "ended cancel", "\(lines)")
    }

    /// A slow loader delays the target's data, which still arrives whole; a failing one leaves the
    /// target without data and the drag ends.
    @Test(arguments: DesktopKind.selected(from: [.x11, .sway]))
    func slowAndFailingLoadersEndTheDrag(_ kind: DesktopKind) throws {
      let desktop = try GTKDesktop.shared(kind)
      do {
        let (source, target) = try Self.windows(
          on: desktop, dragging: ["slow:1", "text:late"], to: ["text/plain;charset=utf-8"])
        defer { source.peer.terminate(); target.peer.terminate() }
        let started = Date()
        try Self.drag(on: desktop, from: source, to: target)
        #expect(target.peer.line { $0.hasPrefix("received") } == "received text/plain;charset=utf-8 4 6c617465")
        #expect(Date().timeIntervalSince(started) >= 1)
        #expect(source.peer.lines(until: "ended").last == "ended copy")
      }
      let (source, target) = try Self.windows(
        on: desktop, dragging: ["fail", "text:never"], to: ["text/plain;charset=utf-8"])
      defer { source.peer.terminate(); target.peer.terminate() }
      try Self.drag(on: desktop, from: source, to: target)
      let lines = source.peer.lines(until: "ended")
      #expect(lines.contains("loader public.utf8-plain-text"), "\(lines)")
      #expect(lines.last?.hasPrefix("ended") == true, "\(lines)")
      #expect(target.peer.line(within: 3) { $0.hasPrefix("received") && !$0.hasSuffix(" 0 ") } == nil)
    }
  }
}
