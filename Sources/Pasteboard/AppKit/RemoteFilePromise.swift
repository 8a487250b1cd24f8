import Foundation
import TypeRegistry
import UTIPlatform

/// A promise's delegate that knows what its write made: a source may write other files than
/// the one it named (an archive manager names a placeholder and writes the members dragged).
/// `NSFilePromiseReceiver` reports those to its reader.
protocol ReceivedFilesReporting: AnyObject, Sendable {
  /// What the write to `url` made, once it is done (asked once); nil where it made `url` alone.
  func receivedFiles(for url: URL) -> [URL]?
}

/// A file another application promises in a drag (X11's XdndDirectSave): the delegate of an
/// `NSFilePromiseProvider` that stands for it, whose write asks that application to write the
/// file where the destination chose.
final class RemoteFilePromise: NSObject, NSFilePromiseProviderDelegate, ReceivedFilesReporting, Sendable {
  let name: String
  /// Has the application write the file at a URL; returns what it wrote (that URL first where
  /// it wrote the file it named).
  let receive: @Sendable (URL) throws -> [URL]
  /// What each write made, until the receiver asks.
  private let received = Locked<[URL: [URL]]>([:])

  init(name: String, receive: @escaping @Sendable (URL) throws -> [URL]) {
    (self.name, self.receive) = (name, receive)
  }

  func receivedFiles(for url: URL) -> [URL]? { received.withLock { $0.removeValue(forKey: url) } }

  func filePromiseProvider(_ filePromiseProvider: NSFilePromiseProvider, fileNameForType fileType: String) -> String {
    name
  }

  /// Asks the source on the process's work pool (it waits for another application).
  func filePromiseProvider(
    _ filePromiseProvider: NSFilePromiseProvider, writePromiseTo url: URL,
    completionHandler: @escaping @Sendable ((any Error)?) -> Void
  ) {
    let (receive, received) = (self.receive, self.received)
    let accepted = WorkPool.shared.submit {
      do {
        let files = try receive(url)
        received.withLock { $0[url] = files }
        completionHandler(nil)
      } catch {
        completionHandler(error)
      }
    }
    if !accepted {
      completionHandler(
        NSFilePromiseProviderError(description: "the process's work pool has no room to receive \(name)"))
    }
  }

  /// The queue the write is started on: it only hands the work to the pool.
  func operationQueue(for filePromiseProvider: NSFilePromiseProvider) -> OperationQueue { Self.queue }

  private static let queue: OperationQueue = {
    let queue = OperationQueue()
    queue.name = "swift-uti promised files from other applications"
    return queue
  }()
}

extension ItemProvider {
  /// An item standing for the file `name` of `type` that another application promises:
  /// AppKit reads it as an ``NSFilePromiseReceiver`` (its dragging pasteboard has the promise's
  /// types); the model loads it as a file of `type`, written into a temporary folder when
  /// loaded. `receive` has the application write the file at the URL it is given and returns
  /// what it wrote once it is there (on a thread of the process's work pool).
  package static func promisedFile(
    named name: String, type: UTType, origin: AppIdentity, receive: @escaping @Sendable (URL) throws -> [URL]
  ) -> ItemProvider {
    let provider = ItemProvider(origin: origin)
    let delegate = RemoteFilePromise(name: name, receive: receive)
    let promise = NSFilePromiseProvider(fileType: type.identifier, delegate: delegate)
    promise.userInfo = delegate  // the promise holds its delegate weakly, as AppKit's does
    NSPasteboardItem.register(promise, in: provider)
    for metadata in [NSPasteboard.PasteboardType.filePromiseItemMetaData, .promisedFileContentType] {
      provider.registerDataRepresentation(forTypeIdentifier: metadata.rawValue, visibility: .all) { completion in
        completion(Data(type.identifier.utf8), nil)
        return nil
      }
    }
    return provider
  }
}
