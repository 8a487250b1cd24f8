import Foundation
import Pasteboard
import TestSupport
import Testing
import TypeRegistry
import UTIPlatform

@testable import DesktopPasteboard
@testable import SystemPasteboard
@testable import SystemPasteboardCore
@testable import SystemPasteboardX11

/// Files copied and pasted as file managers do, and targets mapped by declared types.
extension SystemPasteboardTests {
  @Test func fileURLsAsFileManagersExpectThem() throws {
    try Self.server.orSkip()
    let clipboard = try Self.pasteboard()
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .fileURL) { completion in
      completion(Data("file:///tmp/a%20b.txt".utf8), nil)
      return nil
    }
    try clipboard.setItemProviders([provider])
    let targets = try Self.shell("timeout 30 xclip -o -selection clipboard -t TARGETS").stdoutText
    #expect(targets.contains("text/uri-list\n") && targets.contains("x-special/gnome-copied-files\n"))
    #expect(
      try Self.shell("timeout 30 xclip -o -selection clipboard -t text/uri-list").stdoutText
        == "file:///tmp/a%20b.txt\r\n")
    #expect(
      try Self.shell("timeout 30 xclip -o -selection clipboard -t x-special/gnome-copied-files").stdoutText
        == "copy\nfile:///tmp/a%20b.txt")
  }

  /// A scratch directory with a PNG (the tutorial's ladybug, under a name with a space) and a
  /// text file, removed when the test ends.
  static func filesToCopy() throws -> (directory: URL, png: String, text: String, pngBytes: Data) {
    let directory = try makeTemporaryDirectory("files")
    let png = directory.appendingPathComponent("shot one.png").path
    let bytes = try Data(contentsOf: packageRoot.appendingPathComponent("Examples/PointyBug/ladybug.png"))
    try bytes.write(to: URL(fileURLWithPath: png))
    let text = directory.appendingPathComponent("notes.txt").path
    try Data("notes\n".utf8).write(to: URL(fileURLWithPath: text))
    return (directory, png, text, bytes)
  }

  /// What Nautilus puts on the clipboard for a copy, offered by xclip: files paste as files.
  @Test(arguments: ["x-special/gnome-copied-files", "text/uri-list"])
  func filesCopiedInAFileManagerPasteAsFiles(target: String) throws {
    try Self.server.orSkip()
    let files = try Self.filesToCopy()
    defer { try? FileManager.default.removeItem(at: files.directory) }
    let pngURL = FileList.fileURL(forPath: files.png)
    let textURL = FileList.fileURL(forPath: files.text)
    let list =
      target == "text/uri-list"
      ? "# two files and a page\r\n\(pngURL)\r\n\(textURL)\r\nhttps://example.com/page\r\n"
      : "copy\n\(pngURL)\n\(textURL)\nhttps://example.com/page"
    let listFile = files.directory.appendingPathComponent("list").path
    try Data(list.utf8).write(to: URL(fileURLWithPath: listFile))
    try Self.shell("xclip -i -selection clipboard -t \(target) '\(listFile)' >/dev/null 2>&1")
    _ = try eventually {
      try Self.shell("timeout 5 xclip -o -selection clipboard -t TARGETS").stdoutText.contains(target)
    }
    let utictl = try Self.utictl()
    let image = try Self.shell("timeout 10 '\(utictl)' paste --type public.image")
    #expect(image.status == 0, "\(image.stderrText)")
    #expect(image.stdout == files.pngBytes, "the PNG's own bytes, read from the file")
    let urls = try Self.shell("timeout 10 '\(utictl)' paste --type public.file-url")
    #expect(urls.stdoutText == "\(pngURL)\n\(textURL)\n", "\(urls.stderrText)")
    let all = try Self.shell("timeout 10 '\(utictl)' paste --type public.url")
    #expect(all.stdoutText == "\(pngURL)\n\(textURL)\nhttps://example.com/page\n")
    // The list says what --type gets: the files' URLs and their own types, from the list's target.
    let listed = try Self.shell("timeout 10 '\(utictl)' paste --list").stdoutText.split(separator: "\n")
    #expect(
      Array(listed.dropFirst()) == [
        "public.file-url\t\(target)\tfile", "public.png\t\(target)\tfile", "public.plain-text\t\(target)\tfile",
      ], "\(listed)")
    let json = try Self.shell("timeout 10 '\(utictl)' paste --list --json").stdoutText
    #expect(json.contains(#"{"type":"public.png","target":"\#(target)","file":true}"#), "\(json)")
    let items = try Self.pasteboard().itemProviders()
    #expect(
      items.map(\.registeredTypeIdentifiers) == [
        ["public.file-url", "public.png"], ["public.file-url", "public.plain-text"], ["public.url"],
      ])
    // A file that is gone when pasted: a clear error, status 2.
    try FileManager.default.removeItem(atPath: files.png)
    let gone = try Self.shell("timeout 10 '\(utictl)' paste --type public.image")
    #expect(gone.status == 2)
    #expect(
      gone.stderrText.contains("shot one.png") && gone.stderrText.contains("cannot be read"), "\(gone.stderrText)")
  }

  @Test func copyFilesOffersThemAsFileManagersDo() throws {
    try Self.server.orSkip()
    let files = try Self.filesToCopy()
    defer { try? FileManager.default.removeItem(at: files.directory) }
    let utictl = try Self.utictl()
    let copy = try Self.shell("'\(utictl)' copy --files --cut '\(files.png)' '\(files.text)'")
    try #require(copy.status == 0, "\(copy.stderrText)")
    let targets = try Self.shell("timeout 30 xclip -o -selection clipboard -t TARGETS").stdoutText
    for expected in ["text/uri-list", "x-special/gnome-copied-files", "UTF8_STRING", "text/plain"] {
      #expect(targets.contains(expected + "\n"), "\(expected) in \(targets)")
    }
    let (pngURL, textURL) = (FileList.fileURL(forPath: files.png), FileList.fileURL(forPath: files.text))
    #expect(
      try Self.shell("timeout 30 xclip -o -selection clipboard -t text/uri-list").stdoutText
        == "\(pngURL)\r\n\(textURL)\r\n")
    #expect(
      try Self.shell("timeout 30 xclip -o -selection clipboard -t x-special/gnome-copied-files").stdoutText
        == "cut\n\(pngURL)\n\(textURL)")
    #expect(
      try Self.shell("timeout 30 xclip -o -selection clipboard -t UTF8_STRING").stdoutText
        == "\(files.png)\n\(files.text)")
    #expect(
      try Self.shell("timeout 10 '\(utictl)' paste --type public.file-url").stdoutText == "\(pngURL)\n\(textURL)\n")
    #expect(try Self.shell("timeout 10 '\(utictl)' paste --type public.image").stdout == files.pngBytes)
    // Usage: several files need --files, and --files needs files that exist.
    let several = try Self.shell("'\(utictl)' copy '\(files.png)' '\(files.text)'")
    #expect(several.status == 2 && several.stderrText.contains("--files"), "\(several.stderrText)")
    let missing = try Self.shell("'\(utictl)' copy --files /nonexistent/file.png")
    #expect(missing.status == 2 && missing.stderrText.contains("/nonexistent/file.png"), "\(missing.stderrText)")
  }

  /// `--types` reaches the pasteboard: a target that only the given declarations name.
  @Test func pasteMapsTargetsWithTheDeclarationsOfTypes() throws {
    try Self.server.orSkip()
    let directory = try makeTemporaryDirectory("types")
    defer { try? FileManager.default.removeItem(at: directory) }
    let plist = directory.appendingPathComponent("Info.plist").path
    try Data(
      xmlPlist(
        """
        <dict><key>UTExportedTypeDeclarations</key><array><dict>
        <key>UTTypeIdentifier</key><string>com.example.custom</string>
        <key>UTTypeConformsTo</key><array><string>public.data</string></array>
        <key>UTTypeTagSpecification</key><dict><key>public.mime-type</key><string>application/x-example-custom</string></dict>
        </dict></array></dict>
        """
      ).utf8
    ).write(to: URL(fileURLWithPath: plist))
    try Self.xclipIn(
      "-selection clipboard -t application/x-example-custom", input: "custom bytes",
      target: "application/x-example-custom")
    let utictl = try Self.utictl()
    let list = try Self.shell("timeout 10 '\(utictl)' --types '\(plist)' paste --list")
    #expect(list.stdoutText == "com.example.custom\tapplication/x-example-custom\n", "\(list.stderrText)")
    let pasted = try Self.shell("timeout 10 '\(utictl)' paste --types '\(plist)' --type com.example.custom")
    #expect(pasted.status == 0, "\(pasted.stderrText)")
    #expect(pasted.stdoutText == "custom bytes")
  }
}
