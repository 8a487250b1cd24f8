import Foundation
import UTIPlatform

extension NSPasteboardItem {
  /// Puts the item on the pasteboard named `name`: returns the item as the pasteboard's model
  /// sees it, an item provider whose representations are the item's types, each loaded through
  /// ``data(forType:)`` when read (so a promise is kept only then).
  func attach(to name: NSPasteboard.Name) -> ItemProvider {
    state.withLock { state in
      state.pasteboard = name
      if let provider = state.provider { return provider }
      let provider = ItemProvider()
      // A file promise is, to the model, a file of its type, written when loaded.
      if let promise = state.filePromise { Self.register(promise, in: provider) }
      for slot in state.slots { register(slot.type, in: provider) }
      state.provider = provider
      return provider
    }
  }

  /// Adds `promise`'s file to `provider` as a file representation of its type: loading it asks
  /// the promise's delegate to write the file into a folder of the load's own, removed once the
  /// load has its copy (a drop delegate's `loadFileRepresentation(for:)`, a UIKit reader).
  static func register(_ promise: NSFilePromiseProvider, in provider: ItemProvider) {
    provider.storage.state.withLock { $0.filePromise = promise }
    provider.registerFileRepresentation(forTypeIdentifier: promise.fileType, visibility: .all) { completion in
      let directory: String
      do throws(POSIXFailure) {
        directory = try TemporaryFiles.makeLoadDirectory()
      } catch {
        completion(nil, false, error)
        return nil
      }
      // One file (the first a source wrote, where it wrote several): a representation is one.
      let answered = Locked(false)
      NSFilePromiseReceiver(promise: promise).receivePromisedFiles(
        atDestination: URL(fileURLWithPath: directory), operationQueue: filePromiseQueue
      ) { url, error in
        let first = answered.withLock { done in
          defer { done = true }
          return !done
        }
        guard first else { return }
        completion(error == nil ? url : nil, false, error)
        TemporaryFiles.remove(directory)
      }
      return nil
    }
  }

  /// Where a promise loaded through the model hears that its file is written.
  private static let filePromiseQueue: OperationQueue = {
    let queue = OperationQueue()
    queue.name = "swift-uti file promises"
    return queue
  }()

  /// Adds `type` to `provider`, loaded through this item.
  func register(_ type: NSPasteboard.PasteboardType, in provider: ItemProvider) {
    provider.registerDataRepresentation(forTypeIdentifier: type.rawValue, visibility: .all) { [self] completion in
      if let data = data(forType: type) {
        completion(data, nil)
      } else {
        completion(
          nil, ItemProviderError(.handlerDeliveredNothing(type.rawValue), requested: type.rawValue, registered: []))
      }
      return nil
    }
  }

  /// Tells the owners and data providers of `items`, each once, that `pasteboard` no longer
  /// holds them.
  static func relinquish(_ items: [NSPasteboardItem], by pasteboard: NSPasteboard) {
    var told = Set<ObjectIdentifier>()
    for item in items {
      let sources = item.state.withLock { $0.promisers }
      for source in sources {
        switch source {
        case .owner(let owner) where told.insert(ObjectIdentifier(owner)).inserted:
          owner.pasteboardChangedOwner(pasteboard)
        case .provider(let provider) where told.insert(ObjectIdentifier(provider)).inserted:
          provider.pasteboardFinishedWithDataProvider(pasteboard)
        default: break
        }
      }
    }
  }
}
