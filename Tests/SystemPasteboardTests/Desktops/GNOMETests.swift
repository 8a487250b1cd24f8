import Foundation
import TestSupport
import Testing

@testable import SystemPasteboard
@testable import SystemPasteboardCore
@testable import SystemPasteboardWayland
@testable import SystemPasteboardX11

/// The clipboard on GNOME: its compositor, mutter 43, headless as a GNOME session runs it (no
/// data-control, a clipboard manager of its own, XWayland), with wl-clipboard, xclip on its
/// XWayland and the built `utictl` as the applications.
extension SystemPasteboardTests {
  @Suite("System pasteboard: GNOME (mutter)", .serialized)
  struct GNOMETests {
    static let gnome = WaylandCompositor.startMutter(xwayland: true)

    /// Runs the built `utictl` with `arguments` (a shell fragment) as a client of `compositor`.
    static func utictl(_ compositor: WaylandCompositor, _ arguments: String, input: Data? = nil) throws
      -> ProcessResult
    {
      try compositor.shell("timeout 20 '\(try SystemPasteboardTests.utictl())' \(arguments)", input: input)
    }

    /// What wl-paste reads of the clipboard now, or nil when nothing owns it.
    static func wlPaste(_ gnome: WaylandCompositor, _ options: String = "") throws -> String? {
      let run = try gnome.shell("timeout 10 wl-paste -n \(options) 2>/dev/null")
      return run.status == 0 ? run.stdoutText : nil
    }

    @Test func textCopiedByUsIsPastedWholeByUsAndByWlPaste() throws {
      let gnome = try Self.gnome.orSkip()
      let text = "héllo wörld 日本語 🙂"
      #expect(try Self.utictl(gnome, "copy >/dev/null 2>&1; echo $?", input: Data(text.utf8)).stdoutText == "0\n")
      // mutter lists TEXT first; the paste reads UTF-8 all the same.
      #expect(try Self.utictl(gnome, "paste --list").stdoutText.hasPrefix("public.plain-text\tTEXT\n"))
      #expect(try Self.utictl(gnome, "paste").stdoutText == text + "\n")
      #expect(try Self.wlPaste(gnome) == text)
      #expect(try Self.wlPaste(gnome, "-t TEXT") == text, "TEXT is UTF-8 from us")
      // And the other way: wl-copy's text, read by us.
      try gnome.shell("wl-copy >/dev/null 2>&1", input: Data("from wl-copy ✓".utf8))
      #expect(try eventually { try Self.utictl(gnome, "paste -n").stdoutText == "from wl-copy ✓" })
    }

    /// A GNOME session's X11 clients share the clipboard through XWayland, which mutter keeps
    /// in sync with Wayland's.
    @Test func xclipOnItsXWaylandSeesOurCopy() throws {
      let gnome = try Self.gnome.orSkip()
      #expect(try Self.utictl(gnome, "copy >/dev/null 2>&1; echo $?", input: Data("to X11 ✓".utf8)).stdoutText == "0\n")
      #expect(try eventually { try gnome.shell("timeout 10 xclip -o -selection clipboard").stdoutText == "to X11 ✓" })
    }
  }

  /// A GNOME seat without a keyboard (a headless session nobody has attached to).
  @Suite("System pasteboard: GNOME without a keyboard", .serialized)
  struct GNOMEWithoutKeyboardTests {
    @Test func copyAndPasteFailAtOnceSayingWhy() throws {
      let gnome = try WaylandCompositor.startMutter(keyboard: false).orSkip()
      for command in ["copy", "paste"] {
        let run = try GNOMETests.utictl(gnome, command, input: Data("x".utf8))
        #expect(run.status == 2, "\(command): \(run.stderrText)")
        #expect(run.stderrText.contains("has a seat without a keyboard"), "\(command): \(run.stderrText)")
      }
    }
  }
}

extension SystemPasteboardTests.GNOMETests {
  /// mutter has no data-control, so a Wayland client hears only its own copies; a GNOME session
  /// runs XWayland, whose X11 clipboard mutter keeps in sync: the watch hears copies there (and
  /// says so). Without a reachable X display it fails, as wl-paste --watch does, saying why.
  @Test func watchHearsCopiesThroughXWayland() throws {
    let gnome = try Self.gnome.orSkip()
    let watch = try gnome.start(try SystemPasteboardTests.utictl(), ["paste", "--watch"])
    defer { watch.terminate() }
    try gnome.shell("wl-copy >/dev/null 2>&1", input: Data("first from wl-copy".utf8))
    var seen: [String] = []
    let deadline = Date(timeIntervalSinceNow: 20)
    while !seen.contains("first from wl-copy"), Date() < deadline, let line = watch.line(within: 1) {
      seen.append(line)
    }
    #expect(seen.contains("first from wl-copy"), "\(seen)")
    #expect(
      try Self.utictl(gnome, "copy >/dev/null 2>&1; echo $?", input: Data("then ours\n".utf8)).stdoutText == "0\n")
    while !seen.contains("then ours"), Date() < deadline, let line = watch.line(within: 1) { seen.append(line) }
    #expect(seen.contains("then ours"), "\(seen)")
    #expect(!seen.contains(""), "no empty line after text that ends with a newline: \(seen)")

    let noX = try gnome.shell("env -u DISPLAY timeout 20 '\(try SystemPasteboardTests.utictl())' paste --watch")
    #expect(noX.status == 2)
    #expect(
      noX.stderrText.contains("--watch needs one to hear other applications' copies")
        && noX.stderrText.contains("DISPLAY is not set"), "\(noX.stderrText)")
  }
}

extension SystemPasteboardTests.GNOMETests {
  /// A GTK 3 window on the desktop's compositor (`GDK_BACKEND=wayland`), copying when it first
  /// gets focus, then reading what we copy.
  static func gtkBothWays(on compositor: WaylandCompositor) throws {
    try Peers.gtk.orSkip()
    let gtk = fixturesDirectory.appendingPathComponent("x11/gtk_clipboard.py").path
    let source = try compositor.start(
      "/usr/bin/python3", [gtk, "focus-set-text", "from a GTK window ✓"], environment: ["GDK_BACKEND=wayland"])
    defer { source.terminate() }
    #expect(source.line(within: 20) == "ready")
    #expect(source.line(within: 20) == "copied")
    #expect(try eventually { try utictl(compositor, "paste -n").stdoutText == "from a GTK window ✓" })
    #expect(try utictl(compositor, "copy >/dev/null 2>&1; echo $?", input: Data("to GTK ✓".utf8)).stdoutText == "0\n")
    let reader = try compositor.start(
      "/usr/bin/python3", [gtk, "focus-read-text"], environment: ["GDK_BACKEND=wayland"])
    defer { reader.terminate() }
    #expect(reader.line(within: 20) == "ready")
    #expect(reader.line(within: 20) == "text to GTK ✓")
  }

  @Test func aGTKWindowBothWays() throws {
    try Self.gtkBothWays(on: try Self.gnome.orSkip())
  }
}
