import Foundation
import TestSupport
import Testing
import TypeRegistry
import UTIPlatform

@testable import SystemPasteboard
@testable import SystemPasteboardCore
@testable import SystemPasteboardWayland
@testable import SystemPasteboardX11

extension SystemPasteboardTests {
  /// A promised file on the clipboard, as the desktop's own tools paste it: its URL
  /// (`text/uri-list`, as a file manager pastes a file) names the file, written when first asked
  /// for and once only; its bytes are the same file's; its folder goes when the copy ends.
  /// On X11 (xclip) and on Wayland (sway, wl-paste), where no XDS exists.
  @Suite("System pasteboard: a promised file on the clipboard", .serialized)
  struct FilePromiseClipboardTests {
    enum Desktop: String, CaseIterable, Sendable {
      case x11, sway
    }

    static func pasteboard(_ desktop: Desktop) throws -> SystemPasteboard {
      desktop == .x11 ? try SystemPasteboardTests.pasteboard() : try WaylandTests.pasteboard()
    }

    /// The other application's paste of `type`: its bytes, or nil when it got nothing.
    static func peerPaste(_ desktop: Desktop, _ type: String) throws -> Data? {
      let result =
        desktop == .x11
        ? try SystemPasteboardTests.shell("timeout 10 xclip -o -selection clipboard -t '\(type)'")
        : try WaylandTests.shell("timeout 10 wl-paste -n -t '\(type)'")
      return result.status == 0 ? result.stdout : nil
    }

    @Test(arguments: Desktop.allCases)
    func aPromiseIsWrittenWhenPastedOnceAndRemovedWhenTheCopyEnds(_ desktop: Desktop) async throws {
      let pasteboard = try Self.pasteboard(desktop)
      let writes = Locked(0)
      let bytes = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 13) })
      // Made in a closure: the pasteboard holds the one item, and the test keeps no copy.
      try pasteboard.setItems(
        { () -> [SystemPasteboard.Item] in
          var item = SystemPasteboard.Item()
          item.registerFilePromise(.png, fileName: "shot.png") { path in
            writes.withLock { $0 += 1 }
            try bytes.write(to: URL(fileURLWithPath: path))
          }
          return [item]
        }())
      #expect(writes.withLock { $0 } == 0, "nothing is written before a paste")
      let pastes = try await offThePool { () throws -> [Data?] in
        [try Self.peerPaste(desktop, "text/uri-list"), try Self.peerPaste(desktop, "text/uri-list")]
      }
      let list = try #require(pastes[0].map { String(decoding: $0, as: UTF8.self) })
      #expect(pastes[1].map { String(decoding: $0, as: UTF8.self) } == list, "the same file for every paste")
      let path = try #require(FileList.path(fromFileURL: list.trimmingCharacters(in: .whitespacesAndNewlines)))
      #expect(path.hasPrefix(FilePromise.ownFoldersRoot() + "/") && path.hasSuffix("/shot.png"), "\(path)")
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
      #expect(try await offThePool { try Self.peerPaste(desktop, "image/png") } == bytes)
      #expect(writes.withLock { $0 } == 1, "written once, however often it is pasted")
      try pasteboard.clearContents()
      #expect(
        await suspendUntil(within: 10) { !FileManager.default.fileExists(atPath: path) },
        "the promise's folder is removed when the copy ends")
    }
  }
}
