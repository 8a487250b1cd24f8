import DesktopTestSupport
import Foundation
import TestSupport
import Testing
import TypeRegistry
import UTIPlatform

@testable import SystemPasteboard
@testable import SystemPasteboardCore
@testable import SystemPasteboardWayland
@testable import SystemPasteboardX11

/// A GTK 3 application's clipboard on Wayland (`GDK_BACKEND=wayland`) as the other side, both
/// ways, as `aGTKApplicationBothWays` has it on X11: text, and an image GTK encodes itself.
///
/// A Wayland client copies and pastes only from a window with keyboard focus, with the serial of
/// an input event: the GTK peer shows a window (sway focuses it) and acts on the first key our
/// virtual keyboard presses in it. Our side is the built `utictl` and an in-process pasteboard,
/// both through sway's data-control, as they are without a window.
extension DragAndDropTests.WaylandWindowTests {
  static let gtkClipboard = fixturesDirectory.appendingPathComponent("x11/gtk_clipboard.py").path
  static let ladybug = packageRoot.appendingPathComponent("Examples/PointyBug/ladybug.png").path

  /// Starts the GTK clipboard peer with `arguments`, presses a key in its window (again, until it
  /// answers: the window gets keyboard focus shortly after it is mapped), and returns the line it
  /// prints for the key, with the peer (which serves a copy until it is terminated).
  static func gtkClipboard(
    _ compositor: WaylandCompositor, _ input: WaylandVirtualInput, _ arguments: [String]
  ) async throws -> (XServer.Peer, String?) {
    let peer = try await startGTK(compositor, arguments, script: gtkClipboard)
    let answer = try await offThePool { () throws -> String? in
      for _ in 0..<40 {
        try input.escape()
        if let line = peer.line(within: 0.5) { return line }
      }
      return nil
    }
    return (peer, answer)
  }

  /// Runs the built `utictl` with `arguments` as a client of `compositor`.
  static func utictl(_ compositor: WaylandCompositor, _ arguments: String) throws -> ProcessResult {
    try compositor.shell("timeout 10 '\(try builtProduct("utictl"))' \(arguments)")
  }

  @Test func textAndAnImageCopiedInAGTKWindowArePastedByUs() async throws {
    let (compositor, input, display) = try Self.desktop()
    let (text, copied) = try await Self.gtkClipboard(compositor, input, ["window-set-text", "from GTK on Wayland ✓"])
    #expect(copied == "copied")
    #expect(try Self.utictl(compositor, "paste -n").stdoutText == "from GTK on Wayland ✓")
    let pasteboard = SystemPasteboard(selection: .clipboard, backend: .wayland(display))
    let read = try pasteboard.data(conformingTo: .plainText).map { String(decoding: $0.data, as: UTF8.self) }
    #expect(read == "from GTK on Wayland ✓", "in process, through data-control")
    text.terminate()

    let size = try compositor.run("/usr/bin/python3", [Self.gtkClipboard, "size", Self.ladybug]).stdoutText
    let (image, imageCopied) = try await Self.gtkClipboard(compositor, input, ["window-set-image", Self.ladybug])
    defer { image.terminate() }
    #expect(imageCopied == "copied")
    let targets = try Self.utictl(compositor, "paste --list").stdoutText
    #expect(targets.contains("public.png\timage/png\n"), "\(targets)")
    let pasted = try Self.utictl(compositor, "paste --type public.image")
    #expect(pasted.status == 0, "\(pasted.stderrText)")
    #expect(pasted.stdout.starts(with: [0x89, 0x50, 0x4E, 0x47]), "an image GTK encoded for us")
    let directory = try makeTemporaryDirectory("gtk-wayland")
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("from-gtk.png")
    try pasted.stdout.write(to: file)
    #expect(try compositor.run("/usr/bin/python3", [Self.gtkClipboard, "size", file.path]).stdoutText == size)
  }

  @Test func textAndAnImageCopiedByUsArePastedInAGTKWindow() async throws {
    let (compositor, input, _) = try Self.desktop()
    #expect(
      try compositor.shell("printf 'from us on Wayland ✓' | '\(try builtProduct("utictl"))' copy").status == 0)
    let (text, read) = try await Self.gtkClipboard(compositor, input, ["window-read-text"])
    text.terminate()
    #expect(read == "text from us on Wayland ✓")

    let size = try compositor.run("/usr/bin/python3", [Self.gtkClipboard, "size", Self.ladybug]).stdoutText
    #expect(try Self.utictl(compositor, "copy '\(Self.ladybug)'").status == 0)
    let (image, readImage) = try await Self.gtkClipboard(compositor, input, ["window-read-image"])
    image.terminate()
    #expect(readImage.map { $0 + "\n" } == "image " + size)
  }
}
