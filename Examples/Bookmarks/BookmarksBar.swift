import Foundation
import Pasteboard
import TypeRegistry

/// The bookmarks bar: an AppKit dragging destination that takes bookmarks, URLs, files and
/// promised files.
@MainActor
final class BookmarksBar: NSObject, NSDraggingDestination {
  /// The types the bar registers for (`registerForDraggedTypes(_:)`): bookmarks, URLs, files,
  /// and files other applications promise.
  static let draggedTypes: [NSPasteboard.PasteboardType] =
    [Bookmark.type, .URL, .fileURL] + NSFilePromiseReceiver.readableDraggedTypes.map { .init($0) }

  /// Where promised files are received: the current folder.
  var receivedFiles = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)

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
    sender.draggingPasteboard.canReadObject(forClasses: [Bookmark.self, NSURL.self, NSFilePromiseReceiver.self])
  }

  func performDragOperation(_ sender: any NSDraggingInfo) -> Bool {
    let pasteboard = sender.draggingPasteboard
    let promises = pasteboard.readObjects(forClasses: [NSFilePromiseReceiver.self]) as? [NSFilePromiseReceiver] ?? []
    if !promises.isEmpty {
      receive(promises)
      return true
    }
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

  /// Receives promised files into ``receivedFiles`` from a task, after the drop returns (as
  /// apps do): each becomes a bookmark of its file.
  private func receive(_ promises: [NSFilePromiseReceiver]) {
    let (folder, log) = (receivedFiles, self.log)
    Task { @MainActor in
      for promise in promises {
        promise.receivePromisedFiles(atDestination: folder, options: [:], operationQueue: .main) { url, error in
          guard error == nil else { return log("the promised file was not received: \(error!)") }
          log("received promised file \(url.lastPathComponent)")
          MainActor.assumeIsolated { self.bookmarks.append(Bookmark(url: url, title: url.lastPathComponent)) }
        }
      }
    }
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
