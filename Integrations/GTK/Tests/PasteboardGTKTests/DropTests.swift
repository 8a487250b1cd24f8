import DesktopTestSupport
import Foundation
import TestSupport
import Testing

extension GTKTests {
  /// Drops into a GTK 4 widget with a `DropDelegate`, on every desktop: a GTK 3 application (or a
  /// second GTK 4 application of ours) as the source, the pointer driven as the desktop allows.
  @Suite("Drops into a GTK 4 widget", .serialized)
  struct DropTests {
    /// The desktops where every case runs; GNOME and KDE run the main ones, whenever they start.
    static let always = DesktopKind.selected(from: [.x11, .sway, .weston])

    /// Drags from `source` to a point of `target` that the source leaves visible (releasing there
    /// unless `release` is false); that point, in the target's coordinates.
    @discardableResult
    static func drag(on desktop: GTKDesktop, from source: GTKWindow, to target: GTKWindow, release: Bool = true) throws
      -> (Int, Int)
    {
      let end = target.visiblePoint(under: source)
      try desktop.pressDragRelease(through: [source.centre, (end.0 + 10, end.1 + 10), end], release: release)
      return target.local(end)
    }

    @Test(arguments: DesktopKind.selected)
    func textFromGTK3ReachesTheDelegatesInOrder(_ kind: DesktopKind) throws {
      let desktop = try GTKDesktop.shared(kind)
      let text = "dragged from GTK 3 ✓"
      let (target, source) = try desktop.stacked(
        { try desktop.gtk4(["drop", "public.plain-text"], side: 400) },
        { try desktop.gtk3("source", place: (600, 0), ["text", text]) })
      defer { target.peer.terminate(); source.peer.terminate() }
      let (x, y) = try Self.drag(on: desktop, from: source, to: target)
      let lines = target.peer.lines(until: "loaded")
      #expect(lines.first == "validateDrop public.utf8-plain-text,public.plain-text", "\(lines)")
      #expect(
        lines.dropFirst().first == "dropEntered \(x + 10) \(y + 10)"
          || lines.dropFirst().first?.hasPrefix("dropEntered") == true, "\(lines)")
      #expect(lines.dropFirst(2).first?.hasPrefix("dropUpdated") == true, "\(lines)")
      #expect(lines.contains { desktop.isLine($0, "performDrop", at: (x, y), then: "1") }, "\(lines) at \(x), \(y)")
      #expect(!lines.contains("dropExited"), "\(lines)")
      #expect(
        lines.last == "loaded public.utf8-plain-text \(text.utf8.count) \(digest(text.utf8)) \(text.debugDescription)")
      #expect(source.peer.line { $0 == "end" || $0.hasPrefix("failed") } == "end")
    }

    /// A file manager's drag (`text/uri-list`): each file an item of its own, typed by the
    /// registry (a name's extension first, then the content of a file without one).
    @Test(arguments: DesktopKind.selected)
    func filesFromAFileListAreItemsOfTheirOwnTypes(_ kind: DesktopKind) throws {
      let desktop = try GTKDesktop.shared(kind)
      let folder = try TemporaryDirectory("gtk-drop")
      let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data((0..<600).map { UInt8($0 % 251) })
      let photo = folder.url.appendingPathComponent("photo")
      try png.write(to: photo)
      let notes = try folder.file("notes.md", "# Notes\n")
      let (target, source) = try desktop.stacked(
        { try desktop.gtk4(["drop", "public.image", "net.daringfireball.markdown"], side: 400) },
        {
          try desktop.gtk3(
            "source", place: (600, 0), ["uris", photo.absoluteString, URL(fileURLWithPath: notes).absoluteString])
        })
      defer { target.peer.terminate(); source.peer.terminate() }
      try Self.drag(on: desktop, from: source, to: target)
      let lines = target.peer.lines(until: "loaded", count: 2)
      #expect(
        lines.first == "validateDrop public.file-url,public.png | public.file-url,net.daringfireball.markdown",
        "\(lines)")
      #expect(lines.contains("loaded public.png \(png.count) \(digest(png)) "), "\(lines)")
      #expect(
        lines.contains(
          "loaded net.daringfireball.markdown 8 \(digest("# Notes\n".utf8)) \("# Notes\n".debugDescription)"))
    }

    /// A delegate that refuses in `validateDrop` hears nothing more, and the source learns that
    /// no target took its drag.
    @Test(arguments: Self.always)
    func aDropTheDelegateRefusesIsNotTaken(_ kind: DesktopKind) throws {
      let desktop = try GTKDesktop.shared(kind)
      let (target, source) = try desktop.stacked(
        { try desktop.gtk4(["drop", "public.plain-text"], side: 400, environment: ["GTK_PEER_REFUSE=1"]) },
        { try desktop.gtk3("source", place: (600, 0), ["text", "refused"]) })
      defer { target.peer.terminate(); source.peer.terminate() }
      try Self.drag(on: desktop, from: source, to: target)
      #expect(source.peer.line { $0 == "end" || $0.hasPrefix("failed") }?.hasPrefix("failed") == true)
      target.peer.send("quit")
      let lines = target.peer.lines(until: "never")
      #expect(lines == ["validateDrop public.utf8-plain-text,public.plain-text"])
    }

    /// A drag that comes over the widget and goes back is exited, never performed.
    @Test(arguments: Self.always)
    func aDragTakenBackIsExited(_ kind: DesktopKind) throws {
      let desktop = try GTKDesktop.shared(kind)
      let (target, source) = try desktop.stacked(
        { try desktop.gtk4(["drop", "public.plain-text"], side: 400) },
        { try desktop.gtk3("source", place: (600, 0), ["text", "taken back"]) })
      defer { target.peer.terminate(); source.peer.terminate() }
      let over = target.visiblePoint(under: source)
      try desktop.pressDragRelease(through: [source.centre, over, (over.0 + 10, over.1 + 10), source.point(0.4)])
      let lines = target.peer.lines(until: "dropExited")
      #expect(lines.last == "dropExited", "\(lines)")
      #expect(!lines.contains { $0.hasPrefix("performDrop") })
      #expect(source.peer.line { $0 == "end" || $0.hasPrefix("failed") }?.hasPrefix("failed") == true)
    }
  }
}
