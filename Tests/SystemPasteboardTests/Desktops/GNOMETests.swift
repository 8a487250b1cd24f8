import Foundation
import TestSupport
import Testing

@testable import SystemPasteboard

/// The clipboard on GNOME: its compositor, mutter 43, headless as a GNOME session runs it, with
/// wl-clipboard and the built `utictl` as the applications.
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

    @Test func textCopiedByUsIsPastedWholeByUsAndByWlPaste() throws {
      let gnome = try Self.gnome.orSkip()
      let text = "héllo wörld 日本語 🙂"
      #expect(try Self.utictl(gnome, "copy >/dev/null 2>&1; echo $?", input: Data(text.utf8)).stdoutText == "0\n")
      let pasted = try Self.utictl(gnome, "paste")
      #expect(pasted.stdoutText == text + "\n", "\(pasted.stderrText)")
      print(try Self.utictl(gnome, "paste --list").stdoutText)
      #expect(try gnome.shell("timeout 10 wl-paste -n").stdoutText == text)
    }
  }
}
