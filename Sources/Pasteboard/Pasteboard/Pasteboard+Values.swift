import Foundation
import TypeRegistry

extension Pasteboard {
  /// The first item's text; setting replaces the contents with one text item.
  ///
  /// Reading loads synchronously: the item's handler runs on the calling thread and the read
  /// waits at most the provider's ``ItemProvider/loadTimeout`` (10 s when unset). Apple's
  /// counterpart: `UIPasteboard.string`.
  public var string: String? {
    get { strings?.first }
    set { strings = newValue.map { [$0] } }
  }

  /// The text of every item that has text; setting replaces the contents with one item per
  /// string. Apple's counterpart: `UIPasteboard.strings`.
  public var strings: [String]? {
    get { objects(of: String.self) }
    set { itemProviders = (newValue ?? []).map { ItemProvider(object: $0) } }
  }

  /// The first item's URL; setting replaces the contents with one URL item.
  /// Apple's counterpart: `UIPasteboard.url`.
  public var url: URL? {
    get { urls?.first }
    set { urls = newValue.map { [$0] } }
  }

  /// The URL of every item that has one. Apple's counterpart: `UIPasteboard.urls`.
  public var urls: [URL]? {
    get { objects(of: URL.self) }
    set { itemProviders = (newValue ?? []).map { ItemProvider(object: $0) } }
  }

  /// The data of the first item with a representation conforming to `pasteboardType`.
  /// Apple's counterpart: `UIPasteboard.data(forPasteboardType:)`.
  public func data(forPasteboardType pasteboardType: String) -> Data? {
    let type = UTType.named(pasteboardType)
    let request = ItemProvider.Request(type)
    for provider in itemProviders where provider.resolve(request) != nil {
      if case .success(let data)? = provider.synchronously({ provider.loadData(type, inline: true, completion: $0) }) {
        return data
      }
    }
    return nil
  }

  /// The data of the first item with a representation conforming to `type`.
  /// Apple's counterpart: `NSPasteboard.data(forType:)`.
  public func data(forType type: UTType) -> Data? { data(forPasteboardType: type.identifier) }

  /// Replaces the contents with one item holding `data` as `pasteboardType`.
  /// Apple's counterpart: `UIPasteboard.setData(_:forPasteboardType:)`.
  public func setData(_ data: Data, forPasteboardType pasteboardType: String) {
    itemProviders = [ItemProvider(item: data as NSData, typeIdentifier: pasteboardType)]
  }

  /// The instances of `T` the items can make, in item order; nil when none can.
  private func objects<T: ItemProviderReading & Sendable>(of type: T.Type) -> [T]? {
    var objects: [T] = []
    for provider in itemProviders where provider.canLoadObject(ofClass: T.self) {
      if case .success(let object)? = provider.synchronously({
        provider.loadObject(ofClass: T.self, inline: true, completion: $0)
      }) {
        objects.append(object.value)
      }
    }
    return objects.isEmpty ? nil : objects
  }
}
