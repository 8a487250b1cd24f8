import Foundation
import Pasteboard
import TypeRegistry

/// A bookmark dragged out as a file that does not exist yet: a file manager (or any
/// destination) that takes it has a freedesktop link (`Type=Link`, `NAME.desktop`) written into
/// the folder it chose, only then. The write is an `NSFilePromiseProviderDelegate`'s, as a Mac
/// browser drags a `.webloc`.
final class BookmarkFile: NSObject, NSFilePromiseProviderDelegate, @unchecked Sendable {
  /// A desktop entry's type (`application/x-desktop`, by its extension).
  static let fileType = UTType(filenameExtension: "desktop", conformingTo: .data)?.identifier ?? UTType.data.identifier

  let bookmark: Bookmark
  let log: @Sendable (String) -> Void

  init(_ bookmark: Bookmark, log: @escaping @Sendable (String) -> Void) {
    self.bookmark = bookmark
    self.log = log
  }

  /// The promise that a dragging item carries.
  func promise() -> NSFilePromiseProvider { NSFilePromiseProvider(fileType: Self.fileType, delegate: self) }

  func filePromiseProvider(_ filePromiseProvider: NSFilePromiseProvider, fileNameForType fileType: String) -> String {
    bookmark.title + ".desktop"
  }

  func filePromiseProvider(_ filePromiseProvider: NSFilePromiseProvider, writePromiseTo url: URL) async throws {
    let entry = "[Desktop Entry]\nType=Link\nName=\(bookmark.title)\nURL=\(bookmark.url.absoluteString)\n"
    try Data(entry.utf8).write(to: url)
    log("wrote \(url.lastPathComponent)")
  }

  func operationQueue(for filePromiseProvider: NSFilePromiseProvider) -> OperationQueue { Self.queue }

  private static let queue = OperationQueue()
}
