import Foundation
import TypeRegistry

extension Pasteboard {
  /// The first item's text (nil when the first item has none, whatever the others hold);
  /// setting replaces the contents with one text item.
  ///
  /// Reading loads synchronously: the item's handler runs on the calling thread and the read
  /// waits at most the provider's ``ItemProvider/loadTimeout`` (10 s when unset). Apple's
  /// counterpart: `UIPasteboard.string`, which reads the first item only.
  public var string: String? {
    get { firstItem.flatMap { Self.object(of: String.self, from: $0) } }
    set { strings = newValue.map { [$0] } }
  }

  /// The text of every item that has text; setting replaces the contents with one item per
  /// string. Apple's counterpart: `UIPasteboard.strings`.
  public var strings: [String]? {
    get { objects(of: String.self) }
    set { itemProviders = (newValue ?? []).map { ItemProvider(object: $0) } }
  }

  /// The first item's URL (nil when the first item has none); setting replaces the contents
  /// with one URL item. Apple's counterpart: `UIPasteboard.url`.
  public var url: URL? {
    get { firstItem.flatMap { Self.object(of: URL.self, from: $0) } }
    set { urls = newValue.map { [$0] } }
  }

  /// The URL of every item that has one. Apple's counterpart: `UIPasteboard.urls`.
  public var urls: [URL]? {
    get { objects(of: URL.self) }
    set { itemProviders = (newValue ?? []).map { ItemProvider(object: $0) } }
  }

  /// Whether an item has text. Apple's counterpart: `UIPasteboard.hasStrings`.
  public var hasStrings: Bool { itemProviders.contains { $0.canLoadObject(ofClass: String.self) } }

  /// Whether an item has a URL. Apple's counterpart: `UIPasteboard.hasURLs`.
  public var hasURLs: Bool { itemProviders.contains { $0.canLoadObject(ofClass: URL.self) } }

  /// Whether an item has an image: a representation conforming to `public.image`.
  /// Apple's counterpart: `UIPasteboard.hasImages`.
  public var hasImages: Bool { contains(pasteboardTypes: [UTType.image.identifier], inItemSet: nil) }

  /// The first item's data as `pasteboardType` (or a type conforming to it); nil when the first
  /// item has none, whatever the others hold. Apple's counterpart:
  /// `UIPasteboard.data(forPasteboardType:)`, which reads the first item only.
  ///
  /// - Parameter pasteboardType: The identifier of the type to read.
  /// - Returns: The data, or nil.
  public func data(forPasteboardType pasteboardType: String) -> Data? {
    firstItem.flatMap { Self.data(UTType.named(pasteboardType), from: $0) }
  }

  /// The data of each item in `itemSet` (every item when nil) that has `pasteboardType`, in
  /// item order; nil when none has. Apple's counterpart:
  /// `UIPasteboard.data(forPasteboardType:inItemSet:)`.
  ///
  /// - Parameters:
  ///   - pasteboardType: The identifier of the type to read.
  ///   - itemSet: The indexes of the items to read, or nil for all.
  /// - Returns: The data of the items that have it, or nil.
  public func data(forPasteboardType pasteboardType: String, inItemSet itemSet: IndexSet?) -> [Data]? {
    let type = UTType.named(pasteboardType)
    let found = itemProviders.enumerated().compactMap { index, provider -> Data? in
      guard itemSet?.contains(index) ?? true else { return nil }
      return Self.data(type, from: provider)
    }
    return found.isEmpty ? nil : found
  }

  /// The first item's data as `type`. Apple's counterpart: `NSPasteboard.data(forType:)`.
  ///
  /// - Parameter type: The type to read.
  /// - Returns: The data, or nil.
  public func data(forType type: UTType) -> Data? { data(forPasteboardType: type.identifier) }

  /// The items as UIKit lists them: one dictionary per item, from each type identifier to the
  /// item's data for that type (text as `String`, URLs as `URL`, everything else as `Data`);
  /// setting replaces the contents with one item per dictionary.
  ///
  /// Apple's counterpart: `UIPasteboard.items`.
  public var items: [[String: Any]] {
    get {
      itemProviders.map { provider in
        var item: [String: Any] = [:]
        for identifier in provider.registeredTypeIdentifiers {
          let type = UTType.named(identifier)
          if type.conforms(to: .url), let url = Self.object(of: URL.self, from: provider) {
            item[identifier] = url
          } else if type.conforms(to: .plainText), let text = Self.object(of: String.self, from: provider) {
            item[identifier] = text
          } else if let data = Self.data(type, from: provider) {
            item[identifier] = data
          }
        }
        return item
      }
    }
    set { setItems(newValue) }
  }

  /// Options for ``setItems(_:options:)``. Apple's counterpart: `UIPasteboard.OptionsKey`.
  public struct OptionsKey: Hashable, Sendable, RawRepresentable {
    /// The key as a string.
    public let rawValue: String
    /// A key from its string.
    ///
    /// - Parameter rawValue: The key's string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A `Bool`: whether the items stay in this application. Apple's counterpart: `localOnly`.
    public static let localOnly = OptionsKey(rawValue: "com.apple.UIKit.pboard.localOnly")
    /// A `Date`: when the items vanish. Apple's counterpart: `expirationDate`.
    public static let expirationDate = OptionsKey(rawValue: "com.apple.UIKit.pboard.expirationDate")
  }

  /// Replaces the contents with one item per dictionary (type identifier to `String`, `URL` or
  /// `Data`), applying `options` (``OptionsKey/localOnly``, ``OptionsKey/expirationDate``).
  ///
  /// ```swift
  /// board.setItems([["public.utf8-plain-text": "Hello"]], options: [.localOnly: true])
  /// ```
  ///
  /// Apple's counterpart: `UIPasteboard.setItems(_:options:)`.
  ///
  /// - Parameters:
  ///   - items: One dictionary per item, from type identifier to value.
  ///   - options: Whether the items stay in this process, and when they expire.
  public func setItems(_ items: [[String: Any]], options: [OptionsKey: Any] = [:]) {
    let providers = items.map { item in
      let provider = ItemProvider()
      // A dictionary has no order: representations go in identifier order, so that the same
      // dictionary always gives the same item.
      for (identifier, value) in item.sorted(by: { $0.key < $1.key }) {
        let stored: any NSSecureCoding
        switch value {
        case let text as String: stored = text as NSString
        case let url as URL: stored = url as NSURL
        case let data as Data: stored = NSData(data: data)
        default: continue
        }
        provider.append(
          .init(identifier: identifier, visibility: .all, source: .value(ItemProvider.Stored(value: stored))))
      }
      return provider
    }
    setItemProviders(
      providers, localOnly: options[.localOnly] as? Bool ?? false,
      expirationDate: options[.expirationDate] as? Date)
  }

  /// The first item this handle's application may see.
  private var firstItem: ItemProvider? { firstVisibleItem { _ in true } }

  /// `provider`'s data as `type`, loaded synchronously; nil when it has none.
  private static func data(_ type: UTType, from provider: ItemProvider) -> Data? {
    guard provider.resolve(ItemProvider.Request(type)) != nil,
      case .success(let data)? = provider.synchronously({ provider.loadData(type, inline: true, completion: $0) })
    else { return nil }
    return data
  }

  /// `provider`'s value as `T`, loaded synchronously; nil when it has none.
  private static func object<T: ItemProviderReading & Sendable>(of type: T.Type, from provider: ItemProvider) -> T? {
    guard provider.canLoadObject(ofClass: T.self),
      case .success(let object)? = provider.synchronously({
        provider.loadObject(ofClass: T.self, inline: true, completion: $0)
      })
    else { return nil }
    return object.value
  }

  /// Replaces the contents with one item holding `data` as `pasteboardType`.
  /// Apple's counterpart: `UIPasteboard.setData(_:forPasteboardType:)`.
  ///
  /// - Parameters:
  ///   - data: The bytes.
  ///   - pasteboardType: Their type's identifier.
  public func setData(_ data: Data, forPasteboardType pasteboardType: String) {
    itemProviders = [ItemProvider(item: data as NSData, typeIdentifier: pasteboardType)]
  }

  /// The instances of `T` the items can make, in item order; nil when none can.
  private func objects<T: ItemProviderReading & Sendable>(of type: T.Type) -> [T]? {
    let objects = itemProviders.compactMap { Self.object(of: T.self, from: $0) }
    return objects.isEmpty ? nil : objects
  }
}
