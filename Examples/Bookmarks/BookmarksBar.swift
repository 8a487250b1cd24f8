import Foundation
import Pasteboard
import TypeRegistry

/// The bookmarks bar: an AppKit dragging destination that takes bookmarks, URLs and files.
@MainActor
final class BookmarksBar: NSObject, NSDraggingDestination {
  /// The types the bar registers for (`registerForDraggedTypes(_:)`).
  static let draggedTypes: [NSPasteboard.PasteboardType] = [Bookmark.type, .URL, .fileURL]

  private(set) var bookmarks: [Bookmark] = []
  let log: @Sendable (String) -> Void

  init(log: @escaping @Sendable (String) -> Void) { self.log = log }

  func draggingEntered(_ sender: any NSDraggingInfo) -> NSDragOperation {
    let mask = sender.draggingSourceOperationMask
    let operation: NSDragOperation = mask.contains(.copy) ? .copy : mask.contains(.link) ? .link : .none
    log(
      "draggingEntered at (\(Int(sender.draggingLocation.x)), \(Int(sender.draggingLocation.y))): \(describe(operation))"
    )
    return operation
  }

  func draggingExited(_ sender: (any NSDraggingInfo)?) { log("draggingExited") }

  func prepareForDragOperation(_ sender: any NSDraggingInfo) -> Bool {
    sender.draggingPasteboard.canReadObject(forClasses: [Bookmark.self, NSURL.self])
  }

  func performDragOperation(_ sender: any NSDraggingInfo) -> Bool {
    let pasteboard = sender.draggingPasteboard
    let files =
      pasteboard.readObjects(forClasses: [NSURL.self], options: [.urlReadingFileURLsOnly: true]) as? [URL] ?? []
    for file in files {
      let size = (try? Data(contentsOf: file))?.count ?? -1
      let type = (try? UTTypeRegistry.shared.current.identifyFile(atPath: file.path))?.type.identifier ?? "?"
      log("performDragOperation: file \(file.lastPathComponent) (\(type), \(size) bytes)")
      bookmarks.append(Bookmark(url: file, title: file.lastPathComponent))
    }
    guard files.isEmpty else { return true }
    let dropped = pasteboard.readObjects(forClasses: [Bookmark.self]) as? [Bookmark] ?? []
    for bookmark in dropped { log("performDragOperation: bookmark \(bookmark)") }
    bookmarks += dropped
    return !dropped.isEmpty
  }

  func concludeDragOperation(_ sender: (any NSDraggingInfo)?) {
    log("concludeDragOperation: \(bookmarks.count) bookmarks")
  }
}

/// An operation's name, as the log shows it.
func describe(_ operation: NSDragOperation) -> String {
  let names: [(NSDragOperation, String)] = [(.copy, "copy"), (.link, "link"), (.generic, "generic"), (.move, "move")]
  let named = names.filter { operation.contains($0.0) }.map(\.1)
  return named.isEmpty ? "none" : named.joined(separator: "+")
}
