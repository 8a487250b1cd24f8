import Foundation
import TestSupport
import Testing

@testable import SystemPasteboard
@testable import SystemPasteboardCore
@testable import SystemPasteboardWayland
@testable import SystemPasteboardX11

/// The clipboard habits every desktop keeps alike, written once and run on each: X11 (Xvfb,
/// xclip), sway (data-control), weston (no data-control: a focused window), GNOME's mutter (no
/// data-control, a clipboard manager of its own) and KDE's kwin (data-control), with the built
/// `utictl` as our application and the desktop's own tool (xclip, wl-clipboard) as the other.
/// What only one desktop does (X11's clipboard manager hand-over, the primary selection where
/// it exists, GNOME's XWayland, weston's missing primary selection) stays in its own suite.
extension SystemPasteboardTests {
  @Suite("System pasteboard: one clipboard, every desktop", .serialized)
  struct ClipboardConformanceTests {
    enum Desktop: String, CaseIterable, CustomTestStringConvertible, Sendable {
      case x11 = "X11 (Xvfb)"
      case sway, weston
      case mutter = "GNOME (mutter)"
      case kwin = "KDE (kwin)"
      var testDescription: String { rawValue }
    }

    /// A desktop's session: its shell (the environment naming the display), and how the other
    /// application pastes and copies there.
    struct Session {
      let desktop: Desktop
      let shell: (String, Data?) throws -> ProcessResult

      /// The other application's paste of `type` (nil: its text), or nil when it gets nothing.
      func peerPaste(_ type: String? = nil) throws -> String? {
        let run =
          switch desktop {
          case .x11: try shell("timeout 10 xclip -o -selection clipboard \(type.map { "-t '\($0)'" } ?? "")", nil)
          default: try shell("timeout 10 wl-paste -n \(type.map { "-t '\($0)'" } ?? "") 2>/dev/null", nil)
          }
        return run.status == 0 ? run.stdoutText : nil
      }

      /// The other application copies `text`, and owns the clipboard when this returns.
      func peerCopy(_ text: String) throws {
        switch desktop {
        case .x11: try SystemPasteboardTests.xclipIn("-selection clipboard", input: text, target: "UTF8_STRING")
        default:
          _ = try shell("wl-copy >/dev/null 2>&1", Data(text.utf8))
          #expect(try eventually { try peerPaste() == text }, "the other application's copy of \(text) is there")
        }
      }

      /// Runs the built `utictl` with `arguments` (a shell fragment).
      func utictl(_ arguments: String, input: Data? = nil) throws -> ProcessResult {
        try shell("timeout 20 '\(try SystemPasteboardTests.utictl())' \(arguments)", input)
      }

      /// Whether our paste finds nothing (status 1, or the empty copy a compositor that keeps
      /// copies put back: weston's).
      var isEmpty: Bool {
        get throws {
          let paste = try utictl("paste -n")
          return paste.status == 1 || (paste.status == 0 && paste.stdoutText.isEmpty)
        }
      }
    }

    static func session(_ desktop: Desktop) throws -> Session {
      let compositor: WaylandCompositor
      switch desktop {
      case .x11: return Session(desktop: desktop) { try SystemPasteboardTests.shell($0, input: $1) }
      case .sway: compositor = try WaylandTests.compositor.orSkip()
      case .weston: compositor = try WestonTests.compositor.orSkip()
      case .mutter: compositor = try GNOMETests.gnome.orSkip()
      case .kwin: compositor = try KDETests.kde.orSkip()
      }
      return Session(desktop: desktop) { try compositor.shell($0, input: $1) }
    }

    @Test(arguments: Desktop.allCases)
    func textBothWays(_ desktop: Desktop) throws {
      let session = try Self.session(desktop)
      let text = "héllo wörld 日本語 🙂"
      let copy = try session.utictl("copy >/dev/null 2>&1; echo $?", input: Data(text.utf8))
      #expect(copy.stdoutText == "0\n")
      #expect(try session.utictl("paste").stdoutText == text + "\n", "our paste ends text with a newline")
      #expect(try session.utictl("paste -n").stdoutText == text)
      #expect(try session.peerPaste() == text)
      try session.peerCopy("from the other side ✓")
      #expect(try session.utictl("paste -n").stdoutText == "from the other side ✓")
    }

    @Test(arguments: Desktop.allCases)
    func anImageBothWaysByteForByte(_ desktop: Desktop) throws {
      let session = try Self.session(desktop)
      let png = try WaylandTests.png(atLeast: 1 << 20)
      defer { try? FileManager.default.removeItem(atPath: png) }
      #expect(try session.utictl("copy '\(png)' >/dev/null 2>&1; echo $?").stdoutText == "0\n")
      let peer =
        desktop == .x11
        ? "timeout 20 xclip -o -selection clipboard -t image/png" : "timeout 20 wl-paste -t image/png"
      #expect(try session.shell("\(peer) | cmp - '\(png)' && echo same", nil).stdoutText == "same\n")
      let copy =
        desktop == .x11
        ? "xclip -i -selection clipboard -t image/png '\(png)'" : "wl-copy -t image/png < '\(png)'"
      _ = try session.shell("\(copy) >/dev/null 2>&1", nil)
      #expect(
        try eventually {
          try session.utictl("paste --type public.png | cmp - '\(png)' && echo same").stdoutText == "same\n"
        })
    }

    /// One person's paste is served, then the copy ends: nothing of it is pasted again (GNOME's
    /// clipboard manager reads every new copy at once; that read is not the one paste, and the
    /// manager puts nothing back).
    @Test(arguments: Desktop.allCases)
    func pasteOnceServesOnePaste(_ desktop: Desktop) throws {
      let session = try Self.session(desktop)
      let copy = try session.utictl("copy --paste-once >/dev/null 2>&1; echo $?", input: Data("only once".utf8))
      #expect(copy.stdoutText == "0\n")
      // Listing the types is not a paste.
      let list = desktop == .x11 ? "xclip -o -selection clipboard -t TARGETS" : "wl-paste -l"
      #expect(
        try session.shell("timeout 10 \(list)", nil).stdoutText.contains(desktop == .x11 ? "UTF8_STRING" : "text/plain")
      )
      #expect(try session.peerPaste() == "only once")
      #expect(try eventually { try session.isEmpty }, "nothing owns the copy after one paste")
      #expect(try session.peerPaste() ?? "" == "", "and nothing of it is pasted again")
    }

    /// A password is offered with the hint password managers honour, then gone when it expires.
    @Test(arguments: Desktop.allCases)
    func aSensitiveCopyIsHintedAndExpires(_ desktop: Desktop) throws {
      let session = try Self.session(desktop)
      let copy = try session.utictl(
        "copy --sensitive --clear-after 1 >/dev/null 2>&1; echo $?", input: Data("hunter2".utf8))
      #expect(copy.stdoutText == "0\n")
      #expect(try session.peerPaste("x-kde-passwordManagerHint") == "secret")
      #expect(try session.peerPaste() == "hunter2")
      #expect(try eventually { try session.isEmpty }, "the secret is gone once it expires")
      usleep(1_500_000)
      #expect(try session.peerPaste() ?? "" == "", "and nobody put it back")
    }

    @Test(arguments: Desktop.allCases)
    func clearEmptiesTheClipboardWhoeverOwnsIt(_ desktop: Desktop) throws {
      let session = try Self.session(desktop)
      try session.peerCopy("to be cleared")
      #expect(try session.utictl("copy --clear").status == 0)
      #expect(try session.isEmpty)
      #expect(try session.peerPaste() ?? "" == "")
    }
  }
}
