import Foundation
import Pasteboard
import TestSupport
import Testing
import TypeRegistry

@testable import DesktopPasteboard
@testable import SystemPasteboard
@testable import SystemPasteboardCore

/// Reading and writing the file lists of file managers (`text/uri-list`,
/// `x-special/gnome-copied-files`), without a desktop.
@Suite("File lists: text/uri-list and x-special/gnome-copied-files")
struct FileListTests {
  @Test func oneLinkThatIsNoFileIsNotAnItemOfItsOwn() {
    #expect(FileList(Array("https://swift.org\r\n".utf8), target: "text/uri-list").isOneLink)
    #expect(!FileList(Array("file:///tmp/a.png\r\n".utf8), target: "text/uri-list").isOneLink, "a file is")
    #expect(
      !FileList(Array("https://a.example\r\nhttps://b.example\r\n".utf8), target: "text/uri-list").isOneLink,
      "several links are items of their own")
  }

  @Test func aURIListWithCommentsCRLFsEscapesAndOtherURLs() {
    let text =
      "# copied by a file manager\r\nfile:///tmp/shot%20one.png\r\n\r\nfile://localhost/srv/%C3%BC.txt\r\n"
      + "https://example.com/a?b=c\r\nfile://otherhost/share/x.pdf\nfile:/etc/hosts\n"
    let list = FileList(Array(text.utf8), target: "text/uri-list")
    #expect(
      list.entries == [
        .file(path: "/tmp/shot one.png", url: "file:///tmp/shot%20one.png"),
        .file(path: "/srv/ü.txt", url: "file://localhost/srv/%C3%BC.txt"),
        .url("https://example.com/a?b=c"),
        .url("file://otherhost/share/x.pdf"),
        .file(path: "/etc/hosts", url: "file:/etc/hosts"),
      ])
    #expect(list.operation == nil)
    #expect(list.paths == ["/tmp/shot one.png", "/srv/ü.txt", "/etc/hosts"])
  }

  @Test(arguments: [
    ("file:///a%2", "a truncated escape"), ("file:///a%zz", "a bad escape"), ("file:///a%00b", "a NUL"),
    ("file:relative", "no absolute path"), ("files:///x", "another scheme"),
  ])
  func urlsThatNameNoLocalFileStayURLs(url: String, why: String) {
    #expect(FileList.path(fromFileURL: url) == nil, "\(why)")
    #expect(FileList(Array(url.utf8), target: "text/uri-list").entries == [.url(url)], "\(why)")
  }

  /// Found by the desktop fuzz target: a line ending in two `\r`s kept one in its URL, and the
  /// list written back (gnome-copied-files ends its last line with nothing) read differently.
  /// Every `\r` before a line's end ends the line.
  @Test func carriageReturnsBeforeALineEndAreNeverPartOfAURL() {
    for target in ["text/uri-list", "x-special/gnome-copied-files"] {
      let list = FileList(Array("cut\nfile:///home/a%,20b.t.t\r\r\nfile:///tmp/x\r\r\r".utf8), target: target)
      #expect(list.entries.map(\.url).suffix(2) == ["file:///home/a%,20b.t.t", "file:///tmp/x"], "\(target)")
      let written = target == "text/uri-list" ? list.uriList : list.gnomeCopiedFiles
      #expect(FileList(written, target: target) == list, "\(target): read back as written")
    }
  }

  @Test func gnomeCopiedFilesSaysCopyOrCut() {
    let cut = FileList(Array("cut\nfile:///tmp/a\nfile:///tmp/b".utf8), target: "x-special/gnome-copied-files")
    #expect(cut.operation == .cut)
    #expect(cut.paths == ["/tmp/a", "/tmp/b"])
    let noOperation = FileList(Array("file:///tmp/a".utf8), target: "x-special/gnome-copied-files")
    #expect(noOperation.operation == nil && noOperation.paths == ["/tmp/a"])
  }

  @Test func writingEncodesWhatAURLMustNotHoldAndRoundTrips() {
    let paths = ["/tmp/a b/ü#?%.png", "/srv/plain-name_1.txt", "/x/(1)+[2];=@:"]
    let list = FileList(paths: paths, operation: .cut)
    #expect(list.entries[0].url == "file:///tmp/a%20b/%C3%BC%23%3F%25.png")
    #expect(list.entries[1].url == "file:///srv/plain-name_1.txt")
    #expect(list.entries[2].url == "file:///x/(1)+%5B2%5D;=@:")
    #expect(String(decoding: list.uriList, as: UTF8.self) == list.entries.map { $0.url + "\r\n" }.joined())
    #expect(
      String(decoding: list.gnomeCopiedFiles, as: UTF8.self) == "cut\n"
        + list.entries.map(\.url).joined(separator: "\n"))
    #expect(String(decoding: list.text, as: UTF8.self) == paths.joined(separator: "\n"))
    #expect(FileList(list.uriList, target: "text/uri-list").paths == paths)
    #expect(FileList(list.gnomeCopiedFiles, target: "x-special/gnome-copied-files") == list)
  }

  /// Each file is an item: `public.file-url` first, then its own type, which loads the file.
  @Test func itemsCarryTheFileURLAndTheFilesOwnType() async throws {
    let directory = try makeTemporaryDirectory("filelist")
    defer { try? FileManager.default.removeItem(at: directory) }
    let png = directory.appendingPathComponent("shot one.png").path
    let bytes = try Data(contentsOf: packageRoot.appendingPathComponent("Examples/PointyBug/ladybug.png"))
    try bytes.write(to: URL(fileURLWithPath: png))
    let missing = directory.appendingPathComponent("gone.png").path
    let list = FileList(
      entries: FileList(paths: [png, missing]).entries + [.url("https://example.com/")], operation: .copy)
    let items = list.items(registry: UTTypeRegistry.shared.current).map { ItemProvider($0) }
    #expect(items.count == 3)
    #expect(items[0].registeredTypeIdentifiers == ["public.file-url", "public.png"])
    #expect(items[1].registeredTypeIdentifiers == ["public.file-url", "public.png"], "by name, since it is gone")
    #expect(items[2].registeredTypeIdentifiers == ["public.url"])
    #expect(try await items[0].loadDataRepresentation(for: .png) == bytes)
    let url = try await items[0].loadDataRepresentation(for: .fileURL)
    #expect(
      String(decoding: url, as: UTF8.self) == "file://" + directory.path.replacingOccurrences(of: " ", with: "%20")
        + "/shot%20one.png")
    await #expect { try await items[1].loadDataRepresentation(for: .png) } throws: { error in
      "\(error)".contains("gone.png") && "\(error)".contains("does not exist")
    }
  }
}
