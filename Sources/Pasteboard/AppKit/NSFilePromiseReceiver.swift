import Foundation
import UTIPlatform

/// A promised file on a pasteboard or in a drag, which the destination receives into a folder
/// of its choosing: the source writes the file there only then.
///
/// ```swift
/// func performDragOperation(_ sender: any NSDraggingInfo) -> Bool {
///   let promises = sender.draggingPasteboard.readObjects(forClasses: [NSFilePromiseReceiver.self])
///   for case let promise as NSFilePromiseReceiver in promises ?? [] {
///     promise.receivePromisedFiles(atDestination: inbox, options: [:], operationQueue: queue) { url, error in
///       if let error { print("not received:", error) } else { open(url) }
///     }
///   }
///   return true
/// }
/// ```
///
/// A receiver read during the drop may be received after the drop returns (apps start the
/// write from a task): it holds the promise. ``fileNames`` is empty until
/// ``receivePromisedFiles(atDestination:options:operationQueue:reader:)`` is called. The name the
/// source gives is made safe (no `/`, no leading dot) and is otherwise "the final filename", as
/// AppKit documents it: the source's writer is given the folder and that name even where a file
/// of that name is there, and decides itself whether to replace it or to keep it. Apple's
/// counterpart: AppKit's `NSFilePromiseReceiver`.
open class NSFilePromiseReceiver: NSObject, NSPasteboardReading, @unchecked Sendable {
  // Sendable: `names` is under its lock; `promise` is a `let` of a provider whose state is under its own;
  // unchecked because the class is open.
  /// The types a view registers for to accept file promises in a drag
  /// (`registerForDraggedTypes(NSFilePromiseReceiver.readableDraggedTypes.map { .init($0) })`).
  open class var readableDraggedTypes: [String] {
    [NSPasteboard.PasteboardType.filePromiseItemMetaData, .promisedFileURL, .promisedFileContentType].map(\.rawValue)
  }

  /// The promised files' type identifiers.
  open var fileTypes: [String] { [promise.fileType] }

  /// The names the files are written under: empty until they are received.
  open var fileNames: [String] { names.withLock { $0 } }

  private let promise: NSFilePromiseProvider
  private let names = Locked<[String]>([])

  init(promise: NSFilePromiseProvider) {
    self.promise = promise
    super.init()
  }

  /// The types whose items hold a file promise.
  ///
  /// - Parameter pasteboard: The pasteboard read.
  /// - Returns: The promise's metadata type.
  public static func readableTypes(for pasteboard: NSPasteboard) -> [NSPasteboard.PasteboardType] {
    [.filePromiseItemMetaData]
  }

  /// Asks the source to write each promised file into `destinationDir`, and calls `reader` on
  /// `operationQueue` with each file's URL once written (or with why it was not). Returns at
  /// once; the source writes on its delegate's queue. Apple's counterpart:
  /// `receivePromisedFiles(atDestination:options:operationQueue:reader:)`.
  ///
  /// - Parameters:
  ///   - destinationDir: The folder to write into (it must exist).
  ///   - options: Ignored, as AppKit ignores them.
  ///   - operationQueue: Where `reader` is called.
  ///   - reader: Called once per file with its URL and nil, or with the error.
  open func receivePromisedFiles(
    atDestination destinationDir: URL, options: [AnyHashable: Any] = [:], operationQueue: OperationQueue,
    reader: @escaping @Sendable (URL, (any Error)?) -> Void
  ) {
    guard let delegate = promise.delegate else {
      let error = NSFilePromiseProviderError(
        description: "the file promise's source is gone (its delegate was released)")
      return operationQueue.addOperation { reader(destinationDir, error) }
    }
    let suggested = delegate.filePromiseProvider(promise, fileNameForType: promise.fileType)
    let url = destinationDir.appendingPathComponent(TemporaryFiles.sanitizedFileName(suggested, pathExtension: nil))
    names.withLock { $0 = [url.lastPathComponent] }
    let (promise, writer, names) = (promise, UncheckedDelegate(delegate), names)
    let reporting = delegate as? any ReceivedFilesReporting
    delegate.operationQueue(for: promise).addOperation {
      writer.value.filePromiseProvider(promise, writePromiseTo: url) { error in
        // Another application may have written other files than the one it named: each is read.
        let urls = error == nil ? reporting?.receivedFiles(for: url) ?? [url] : [url]
        if error == nil { names.withLock { $0 = urls.map(\.lastPathComponent) } }
        operationQueue.addOperation { for url in urls { reader(url, error) } }
      }
    }
  }
}
