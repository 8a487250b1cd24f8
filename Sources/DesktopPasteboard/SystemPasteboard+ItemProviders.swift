import Foundation
import Pasteboard
import SystemPasteboardCore
import TypeRegistry
import UTIPlatform

extension SystemPasteboard {
  /// Makes this process the selection's owner with `itemProviders`; returns once the server
  /// confirms the ownership.
  ///
  /// The first provider's representations are offered (as X11 selections hold one item), each
  /// under its MIME types and X11's text conventions, and a representation's load handler runs
  /// only when another application asks; the file URLs of every provider make one file list.
  ///
  /// ```swift
  /// try SystemPasteboard.clipboard.setItemProviders([NSItemProvider(object: "Hello" as NSString)])
  /// // xclip -o -selection clipboard  →  Hello
  /// ```
  ///
  /// Apple's counterpart: `UIPasteboard.itemProviders`'s setter.
  /// - Parameter itemProviders: What to offer, in order.
  /// - Throws: `SystemPasteboardError` when there is no display or another client keeps the selection.
  public func setItemProviders(_ itemProviders: [ItemProvider]) throws(SystemPasteboardError) {
    try setItems(itemProviders.map(Item.init))
  }

  /// The selection as item providers whose registered types are the owner's targets as
  /// `UTType`s, in the owner's order; each load converts the selection then, on a connection
  /// and thread of its own. Files a file manager copied are items of their own, as `items()`
  /// makes them. Empty when nothing owns the selection.
  ///
  /// ```swift
  /// let pasted = try SystemPasteboard.clipboard.itemProviders()
  /// let image = try await pasted.first?.loadDataRepresentation(for: .image)   // image/png from a browser
  /// ```
  ///
  /// Apple's counterpart: `UIPasteboard.itemProviders`.
  /// - Returns: One provider per item.
  /// - Throws: `SystemPasteboardError` when there is no display or the owner does not answer.
  public func itemProviders() throws(SystemPasteboardError) -> [ItemProvider] {
    try items().map { ItemProvider($0) }
  }
}

extension SystemPasteboard.Item {
  /// The item of `provider`'s representations, in its order, each loaded (inline, on the
  /// pasteboard's thread) when another application asks for it.
  /// - Parameter provider: The item provider.
  package init(_ provider: ItemProvider) {
    self.init()
    let promised = provider.promisedFiles
    for type in provider.registeredContentTypes {
      if let file = promised.first(where: { $0.type.identifier == type.identifier }) {
        registerFilePromise(type, fileName: file.fileName) { path in try Self.keep(file, at: path) }
        continue
      }
      register(type) {
        guard let data = provider.loadDataInline(for: type) else { throw LoadFailure(type: type) }
        return [UInt8](data)
      }
    }
  }

  /// How long a promise's writer may take: XDND's wait for a drop to finish
  /// (``XdndDragging``'s five minutes), since the destination waits for the file.
  static let promiseWriteLimit: Double = 300

  /// Writes `file` at `path` and waits (on the work pool's thread) until it is written, at most
  /// ``promiseWriteLimit``.
  static func keep(_ file: ItemProvider.PromisedFile, at path: String) throws {
    let written = Waiter<Result<Void, PromiseFailure>>()
    file.write(URL(fileURLWithPath: path)) { error in
      written.deliver(error.map { .failure(PromiseFailure(reason: "\($0)")) } ?? .success(()))
    }
    guard let outcome = written.wait(seconds: promiseWriteLimit) else {
      throw PromiseFailure(reason: "its writer took more than \(Int(promiseWriteLimit)) s")
    }
    try outcome.get()
  }

  /// A promised file that was not written.
  struct PromiseFailure: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
  }

  /// A representation whose item provider gave no data.
  struct LoadFailure: Error, CustomStringConvertible {
    var type: UTType
    var description: String { "the item provider gave no data for \(type.identifier)" }
  }
}

extension ItemProvider {
  /// A provider of `item`'s representations, in its order: a file representation (opened in
  /// place) where the item serves a file, data otherwise; each load runs on a thread of its own,
  /// as it may wait for another application.
  /// - Parameters:
  ///   - item: The system pasteboard's item.
  ///   - origin: The application it comes from (nil: this one).
  package convenience init(_ item: SystemPasteboard.Item, origin: AppIdentity? = nil) {
    if let origin { self.init(origin: origin) } else { self.init() }
    for representation in item.representations {
      switch representation.source {
      case .file(let path):
        registerFileRepresentation(for: representation.type, openInPlace: true) { completion in
          if case .missing = FileIO.kind(of: path, followingLinks: true) {
            completion(nil, false, MissingFile(path: path))
          } else {
            completion(URL(fileURLWithPath: path), true, nil)
          }
          return nil
        }
      case .value(let bytes):
        registerDataRepresentation(for: representation.type) { completion in
          completion(Data(bytes), nil)
          return nil
        }
      case .promise(let promise):
        registerFileRepresentation(for: representation.type, openInPlace: false) { completion in
          let accepted = WorkPool.shared.submit {
            do {
              completion(URL(fileURLWithPath: try promise.fileInOwnFolder()), false, nil)
            } catch {
              completion(nil, false, error)
            }
          }
          if !accepted { completion(nil, false, SystemPasteboardError.poolFull(representation.type.identifier)) }
          return nil
        }
      case .bytes:
        registerDataRepresentation(for: representation.type) { completion in
          let accepted = WorkPool.shared.submit {
            do {
              completion(Data(try representation.load()), nil)
            } catch {
              completion(nil, error)
            }
          }
          if !accepted { completion(nil, SystemPasteboardError.poolFull(representation.type.identifier)) }
          return nil
        }
      }
    }
  }
}

/// A file another application put on a selection or drag that is not there when it is loaded.
struct MissingFile: Error, CustomStringConvertible {
  var path: String
  var description: String { "the file \(path), which another application offered, does not exist" }
}
