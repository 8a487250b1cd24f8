import Foundation
import TestSupport
import Testing

@testable import SystemPasteboard
@testable import SystemPasteboardCore
@testable import SystemPasteboardWayland

/// Files and the primary selection on the desktops people run, the same on each.
extension SystemPasteboardTests.GNOMETests {
  /// A file copied as a file manager copies it (`text/uri-list`) both ways with wl-clipboard,
  /// and the primary selection both ways.
  static func filesAndPrimaryBothWays(on compositor: WaylandCompositor) throws {
    let png = try SystemPasteboardTests.WaylandTests.png(atLeast: 4096)
    defer { try? FileManager.default.removeItem(atPath: png) }
    let url = FileList.fileURL(forPath: png)
    #expect(try utictl(compositor, "copy --files '\(png)' >/dev/null 2>&1; echo $?").stdoutText == "0\n")
    #expect(try compositor.shell("timeout 10 wl-paste -n -t text/uri-list").stdoutText == url + "\r\n")
    try compositor.shell("wl-copy -t text/uri-list >/dev/null 2>&1", input: Data("\(url)\r\n".utf8))
    #expect(try eventually { try utictl(compositor, "paste --type public.file-url").stdoutText == url + "\n" })
    #expect(
      try utictl(compositor, "paste --type public.image | cmp - '\(png)' && echo same").stdoutText == "same\n",
      "a type the file conforms to gives the file's bytes")

    let primary = try utictl(
      compositor, "copy --selection primary >/dev/null 2>&1; echo $?", input: Data("primary ✓".utf8))
    #expect(primary.stdoutText == "0\n")
    #expect(try wlPaste(compositor, "--primary") == "primary ✓")
    try compositor.shell("wl-copy --primary >/dev/null 2>&1", input: Data("primary from wl-copy".utf8))
    #expect(
      try eventually { try utictl(compositor, "paste -n --selection primary").stdoutText == "primary from wl-copy" })
  }

  @Test func filesAndThePrimarySelectionBothWays() throws {
    try Self.filesAndPrimaryBothWays(on: try Self.gnome.orSkip())
  }
}

extension SystemPasteboardTests.KDETests {
  @Test func filesAndThePrimarySelectionBothWays() throws {
    try SystemPasteboardTests.GNOMETests.filesAndPrimaryBothWays(on: try Self.kde.orSkip())
  }
}
