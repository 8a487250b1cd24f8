import DesktopTestSupport
import Foundation
import TestSupport
import Testing

extension GTKTests {
  /// The clipboard through GTK (`GTKPasteboard` over `GdkClipboard`) both ways, with the command
  /// line tools people use: `wl-copy`/`wl-paste` on Wayland, `xclip` on X11.
  @Suite("The clipboard through GTK", .serialized)
  struct ClipboardTests {
    /// Starts our clipboard peer and clicks in it (a Wayland client copies and pastes with its
    /// input's serial); its window.
    static func clicked(_ arguments: [String], on desktop: GTKDesktop) throws -> GTKWindow {
      let window = try desktop.gtk4(arguments, side: 200)
      try desktop.click(at: window.centre)
      return window
    }

    /// What another application pastes: `xclip -o` on X11, `wl-paste -n` on Wayland.
    static func paste(_ desktop: GTKDesktop, type: String? = nil) throws -> ProcessResult {
      if desktop.kind.isWayland {
        return try desktop.shell("timeout 10 wl-paste -n \(type.map { "-t '\($0)'" } ?? "")")
      }
      return try desktop.shell("timeout 10 xclip -o -selection clipboard \(type.map { "-t '\($0)'" } ?? "")")
    }

    /// The formats another application sees.
    static func formats(_ desktop: GTKDesktop) throws -> [String] {
      let command =
        desktop.kind.isWayland ? "timeout 10 wl-paste -l" : "timeout 10 xclip -o -selection clipboard -t TARGETS"
      return try desktop.shell(command).stdoutText.split(separator: "\n").map(String.init)
    }

    /// Copies `text` with another application.
    static func copy(_ text: String, on desktop: GTKDesktop) throws {
      let command = desktop.kind.isWayland ? "wl-copy" : "xclip -selection clipboard -i"
      try desktop.shell("\(command) >/dev/null 2>&1", input: Data(text.utf8))
    }

    @Test(arguments: DesktopKind.selected)
    func aCopyOfOursIsPastedByAnotherApplicationAndMadeWhenAsked(_ kind: DesktopKind) throws {
      let desktop = try GTKDesktop.shared(kind)
      let text = "copied from GTK 4 ✓"
      let window = try Self.clicked(["copy", "text:" + text], on: desktop)
      defer { window.peer.terminate() }
      #expect(window.peer.line { $0.hasPrefix("copied") } == "copied ours")
      // (GNOME's and weston's compositors read every copy at once, to keep it when its owner goes.)
      if kind != .gnome && kind != .weston {
        #expect(window.peer.line(within: 1) { $0.hasPrefix("loader") } == nil, "made before anyone asked")
      }
      let pasted = try Self.paste(desktop)
      #expect(pasted.stdoutText == text, "\(pasted.stderrText)")
      if kind != .gnome && kind != .weston {
        #expect(window.peer.line(within: 5) { $0.hasPrefix("loader") } == "loader public.utf8-plain-text")
      }
      #expect(try Self.formats(desktop).contains("text/plain;charset=utf-8"))
    }

    @Test(arguments: DesktopKind.selected)
    func anotherApplicationsCopyIsPastedByConformance(_ kind: DesktopKind) throws {
      let desktop = try GTKDesktop.shared(kind)
      let text = "copied by the shell ✓"
      try Self.copy(text, on: desktop)
      let window = try Self.clicked(["paste", "public.plain-text"], on: desktop)
      defer { window.peer.terminate() }
      let pasted = window.peer.line { $0.hasPrefix("pasted") || $0.hasPrefix("nothing") || $0.hasPrefix("error") }
      #expect(pasted?.hasPrefix("pasted public.utf8-plain-text ") == true, "\(pasted ?? "nothing said")")
      #expect(
        pasted?.hasSuffix(" \(text.utf8.count) \(digest(text.utf8)) \(text.debugDescription)") == true,
        "\(pasted ?? "")")
      // One item, its types the owner's formats (in its order: wl-copy lists text/plain first).
      let providers = window.peer.line { $0.hasPrefix("providers") }?.dropFirst("providers ".count)
      #expect(providers?.contains("|") == false, "\(providers ?? "")")
      #expect(providers?.split(separator: ",").contains("public.utf8-plain-text") == true, "\(providers ?? "")")
    }

    /// A sensitive copy says so to clipboard managers, and GTK hands none of it to one.
    @Test(arguments: DesktopKind.selected(from: [.x11, .sway, .kde]))
    func aSensitiveCopyIsMarkedForClipboardManagers(_ kind: DesktopKind) throws {
      let desktop = try GTKDesktop.shared(kind)
      let window = try Self.clicked(["copy", "--sensitive", "text:hunter2"], on: desktop)
      defer { window.peer.terminate() }
      #expect(window.peer.line { $0.hasPrefix("copied") } == "copied ours")
      #expect(try Self.formats(desktop).contains("x-kde-passwordManagerHint"))
      #expect(try Self.paste(desktop).stdoutText == "hunter2")
    }

    /// A copy with a paste limit of one is gone after its paste (where the compositor keeps no
    /// copy of its own: weston's and GNOME's do, and serve it after ours is gone): a paste right
    /// after it is refused, though the copy leaves the selection a moment later.
    @Test(arguments: DesktopKind.selected(from: [.x11, .sway, .kde]))
    func aCopyLimitedToOnePasteIsGoneAfterIt(_ kind: DesktopKind) throws {
      let desktop = try GTKDesktop.shared(kind)
      let window = try Self.clicked(["copy", "--limit", "1", "text:once"], on: desktop)
      defer { window.peer.terminate() }
      #expect(window.peer.line { $0.hasPrefix("copied") } == "copied ours")
      let pasted = try Self.paste(desktop)
      #expect(pasted.stdoutText == "once", "\(pasted.status): \(pasted.stderrText)")
      let next = try Self.paste(desktop)
      #expect(next.stdoutText != "once", "\(next.status): \(next.stderrText)")
      #expect(window.peer.line { $0.hasPrefix("changed") }?.hasSuffix("theirs") == true)
      #expect(try Self.paste(desktop).stdoutText != "once")
    }

    /// A clipboard manager's read of the password manager hint is not a paste: a sensitive copy
    /// limited to one paste still gives its one paste after it. (The read gets no bytes: GDK
    /// writes MIME types only, as the guide says; the hint's presence is what GTK can offer.)
    @Test(arguments: DesktopKind.selected(from: [.x11, .sway, .kde]))
    func theHintOfASensitiveCopyIsNotItsPaste(_ kind: DesktopKind) throws {
      let desktop = try GTKDesktop.shared(kind)
      let window = try Self.clicked(["copy", "--sensitive", "--limit", "1", "text:hunter2"], on: desktop)
      defer { window.peer.terminate() }
      #expect(window.peer.line { $0.hasPrefix("copied") } == "copied ours")
      let hint = try Self.paste(desktop, type: "x-kde-passwordManagerHint")
      #expect(hint.stdoutText == "", "\(hint.status): \(hint.stderrText)")
      let pasted = try Self.paste(desktop)
      #expect(pasted.stdoutText == "hunter2", "\(pasted.status): \(pasted.stderrText)")
      #expect(window.peer.line { $0.hasPrefix("changed") }?.hasSuffix("theirs") == true)
    }
  }
}
