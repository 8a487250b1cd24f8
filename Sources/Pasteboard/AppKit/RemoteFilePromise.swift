import Foundation
import TypeRegistry
import UTIPlatform

/// A file another application promises in a drag (X11's XdndDirectSave): the delegate of an
/// `NSFilePromiseProvider` that stands for it, whose write asks that application to write the
/// file where the destination chose.
final class RemoteFilePromise: NSObject, NSFilePromiseProviderDelegate, Sendable {
  let name: String
  let receive: @Sendable (URL) throws -> Void

  init(name: String, receive: @escaping @Sendable (URL) throws -> Void) {
    (self.name, self.receive) = (name, receive)
  }

  func filePromiseProvider(_ filePromiseProvider: NSFilePromiseProvider, fileNameForType fileType: String) -> String {
    name
  }

  /// Asks the source on the process's work pool (it waits for another application).
  func filePromiseProvider(
    _ filePromiseProvider: NSFilePromiseProvider, writePromiseTo url: URL,
    completionHandler: @escaping @Sendable ((any Error)?) -> Void
  ) {
    let receive = self.receive
    let accepted = WorkPool.shared.submit {
      do {
        try receive(url)
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
  /// once it is there (on a thread of the process's work pool).
  package static func promisedFile(
    named name: String, type: UTType, origin: AppIdentity, receive: @escaping @Sendable (URL) throws -> Void
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
