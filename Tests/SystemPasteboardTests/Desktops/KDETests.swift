import Foundation
import TestSupport
import Testing

@testable import SystemPasteboard
@testable import SystemPasteboardCore
@testable import SystemPasteboardWayland

/// The clipboard on KDE Plasma: its compositor, kwin_wayland 5.27, virtual, with data-control
/// and the primary selection, wl-clipboard and the built `utictl` as the applications.
extension SystemPasteboardTests {
  @Suite("System pasteboard: KDE (kwin)", .serialized)
  struct KDETests {
    static let kde = WaylandCompositor.startKWin()

    static func utictl(_ kde: WaylandCompositor, _ arguments: String, input: Data? = nil) throws -> ProcessResult {
      try GNOMETests.utictl(kde, arguments, input: input)
    }

    @Test func textAndThePrimarySelectionBothWays() throws {
      let kde = try Self.kde.orSkip()
      let text = "héllo wörld 日本語 🙂"
      #expect(try Self.utictl(kde, "copy >/dev/null 2>&1; echo $?", input: Data(text.utf8)).stdoutText == "0\n")
      #expect(try Self.utictl(kde, "paste").stdoutText == text + "\n")
      #expect(try GNOMETests.wlPaste(kde) == text)
      #expect(
        try Self.utictl(kde, "copy --selection primary >/dev/null 2>&1; echo $?", input: Data("primary ✓".utf8))
          .stdoutText == "0\n")
      #expect(try GNOMETests.wlPaste(kde, "--primary") == "primary ✓")
      try kde.shell("wl-copy >/dev/null 2>&1", input: Data("from wl-copy ✓".utf8))
      #expect(try eventually { try Self.utictl(kde, "paste -n").stdoutText == "from wl-copy ✓" })
      try kde.shell("wl-copy --primary >/dev/null 2>&1", input: Data("primary from wl-copy".utf8))
      #expect(
        try eventually { try Self.utictl(kde, "paste -n --selection primary").stdoutText == "primary from wl-copy" })
    }

    /// kwin has data-control: a watch hears every copy (wl-clipboard 2.1's hangs there).
    @Test func watchHearsEveryCopy() throws {
      let kde = try Self.kde.orSkip()
      let watch = try kde.start(try SystemPasteboardTests.utictl(), ["paste", "--watch"])
      defer { watch.terminate() }
      var seen: [String] = []
      let deadline = Date(timeIntervalSinceNow: 20)
      for text in ["first", "second\n"] {
        try kde.shell("wl-copy >/dev/null 2>&1", input: Data(text.utf8))
        let line = text.trimmingCharacters(in: .newlines)
        while !seen.contains(line), Date() < deadline, let next = watch.line(within: 1) { seen.append(next) }
        #expect(seen.contains(line), "\(seen)")
      }
      #expect(!seen.contains(""), "\(seen)")
    }
  }
}

extension SystemPasteboardTests.KDETests {
  @Test func aGTKWindowBothWays() throws {
    try SystemPasteboardTests.GNOMETests.gtkBothWays(on: try Self.kde.orSkip())
  }
}
