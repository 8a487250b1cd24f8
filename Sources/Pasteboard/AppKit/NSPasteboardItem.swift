import Foundation
import TypeRegistry
import UTIPlatform

/// One item on an ``NSPasteboard``: its data in several types, given at once or provided lazily.
///
/// ```swift
/// let item = NSPasteboardItem()
/// item.setString("https://swift.org", forType: .URL)
/// item.setString("Swift", forType: .string)
/// NSPasteboard.general.clearContents()
/// NSPasteboard.general.writeObjects([item])
/// ```
///
/// Types are uniform type identifiers; every read is answered by conformance (an item holding
/// `public.png` answers a read of `public.image`), the exact type first. A data provider
/// (``setDataProvider(_:forTypes:)``) is asked once per type, on the thread that reads, and only
/// when a reader asks. Safe to use from many threads. Apple's counterpart: AppKit's `NSPasteboardItem`.
open class NSPasteboardItem: NSObject, @unchecked Sendable {
  // Sendable: `state` is under its lock, and data providers are asked one at a time under `provisioning` (a
  // recursive lock: a provider sets its data into the item on the same thread); unchecked because the class
  // is open, as AppKit's is.
  /// Where a type's data comes from.
  enum Source {
    /// The data is here.
    case value(Data)
    /// Declared, with no data (yet, or ever: a provider that wrote none).
    case declared
    /// An item data provider writes it when asked.
    case provider(any NSPasteboardItemDataProvider)
    /// A pasteboard owner writes it when asked.
    case owner(any NSPasteboardTypeOwner)
    /// A writer promised it.
    case writer(any NSPasteboardWriting)
    /// An item provider of the pasteboard's model (UIKit, or another application) loads it.
    case model(ItemProvider)

    /// The owner or data provider behind the source.
    var promiser: AnyObject? {
      switch self {
      case .provider(let provider): provider
      case .owner(let owner): owner
      default: nil
      }
    }

    var isLazy: Bool {
      switch self {
      case .value, .declared: false
      default: true
      }
    }
  }

  struct Slot {
    var type: NSPasteboard.PasteboardType
    var source: Source
  }

  struct State {
    var slots: [Slot] = []
    /// The pasteboard the item is on, for the providers' first argument.
    var pasteboard: NSPasteboard.Name?
    /// The item as the pasteboard's model sees it, once it is on a pasteboard.
    var provider: ItemProvider?
    /// The owners and data providers that promised data, each once, to be told when the
    /// pasteboard lets the item go (whether or not they were asked).
    var promisers: [Source] = []
    /// The file promise the item was written from, which a receiver asks to keep it.
    var filePromise: NSFilePromiseProvider?
  }

  let state = Locked(State())
  /// Held while a provider is asked, so that two readers do not ask twice.
  let provisioning = NSRecursiveLock()

  /// An empty item.
  public override init() { super.init() }

  /// An item holding `propertyList` as `type` (a `String` as UTF-8, `Data` as it is, any other
  /// property list serialized). Apple's counterpart: `init(pasteboardPropertyList:ofType:)`.
  ///
  /// - Parameters:
  ///   - propertyList: The value.
  ///   - type: Its type.
  public required init?(pasteboardPropertyList propertyList: Any, ofType type: NSPasteboard.PasteboardType) {
    guard let data = NSPasteboard.encode(propertyList: propertyList, rawData: true) else { return nil }
    super.init()
    state.withLock { $0.slots = [Slot(type: type, source: .value(data))] }
  }

  /// An item that reads through `provider`: its types are the provider's, loaded when read.
  init(model provider: ItemProvider) {
    super.init()
    let slots = provider.registeredTypeIdentifiers.map {
      Slot(type: NSPasteboard.PasteboardType($0), source: .model(provider))
    }
    let promise = provider.storage.state.withLock { $0.filePromise }
    state.withLock {
      $0.slots = slots
      $0.provider = provider
      $0.filePromise = promise
    }
  }

  /// The item's types, in the order they were set or declared. Apple's counterpart: `types`.
  public var types: [NSPasteboard.PasteboardType] { state.withLock { $0.slots.map(\.type) } }

  /// The first of `types` (the caller's order of preference) that the item has or conforms to.
  /// Apple's counterpart: `availableType(from:)`.
  ///
  /// - Parameter types: The types wanted, most wanted first.
  /// - Returns: The first available, or nil.
  public func availableType(from types: [NSPasteboard.PasteboardType]) -> NSPasteboard.PasteboardType? {
    let held = self.types
    return types.first { wanted in held.contains { $0.serves(wanted) } }
  }

  /// Sets the data of `type`, replacing what the type had (a provider's promise too).
  /// Apple's counterpart: `setData(_:forType:)`.
  ///
  /// - Parameters:
  ///   - data: The bytes.
  ///   - type: Their type.
  /// - Returns: `true`.
  @discardableResult
  open func setData(_ data: Data, forType type: NSPasteboard.PasteboardType) -> Bool {
    set(.value(data), for: [type])
    return true
  }

  /// Sets `string` (as UTF-8) as the data of `type`. Apple's counterpart: `setString(_:forType:)`.
  ///
  /// - Parameters:
  ///   - string: The text.
  ///   - type: Its type.
  /// - Returns: `true`.
  @discardableResult
  open func setString(_ string: String, forType type: NSPasteboard.PasteboardType) -> Bool {
    setData(Data(string.utf8), forType: type)
  }

  /// Sets a property list as the data of `type`: a `String` as UTF-8, any other property list
  /// serialized (XML). Apple's counterpart: `setPropertyList(_:forType:)`.
  ///
  /// - Parameters:
  ///   - propertyList: The value.
  ///   - type: Its type.
  /// - Returns: Whether the value is a property list.
  @discardableResult
  open func setPropertyList(_ propertyList: Any, forType type: NSPasteboard.PasteboardType) -> Bool {
    guard let data = NSPasteboard.encode(propertyList: propertyList, rawData: false) else { return false }
    return setData(data, forType: type)
  }

  /// Promises the data of `types`: `dataProvider` writes each when a reader first asks.
  /// Apple's counterpart: `setDataProvider(_:forTypes:)`.
  ///
  /// - Parameters:
  ///   - dataProvider: The object that writes the data.
  ///   - types: The types it provides.
  /// - Returns: `true`.
  @discardableResult
  open func setDataProvider(
    _ dataProvider: any NSPasteboardItemDataProvider, forTypes types: [NSPasteboard.PasteboardType]
  )
    -> Bool
  {
    set(.provider(dataProvider), for: types)
    return true
  }

  /// The data of `type` (or of the first type conforming to it), asking its provider first
  /// when it is promised. Apple's counterpart: `data(forType:)`.
  ///
  /// - Parameter type: The type wanted.
  /// - Returns: The data, or nil when the item has none.
  open func data(forType type: NSPasteboard.PasteboardType) -> Data? {
    guard let slot = slot(serving: type) else { return nil }
    if case .value(let data) = slot.source { return data }
    guard slot.source.isLazy else { return nil }
    provisioning.lock()
    defer { provisioning.unlock() }
    // Another reader may have asked meanwhile: ask only a promise still open.
    guard let current = self.slot(serving: type) else { return nil }
    switch current.source {
    case .value(let data): return data
    case .declared: return nil
    default: return provide(current)
    }
  }

  /// The text of `type`, decoded as UTF-8. Apple's counterpart: `string(forType:)`.
  ///
  /// - Parameter type: The type wanted.
  /// - Returns: The text, or nil when the item has none or it is not UTF-8.
  open func string(forType type: NSPasteboard.PasteboardType) -> String? {
    data(forType: type).flatMap { String(data: $0, encoding: .utf8) }
  }

  /// The property list of `type`: a serialized property list deserialized, other data as UTF-8
  /// text. Apple's counterpart: `propertyList(forType:)`.
  ///
  /// - Parameter type: The type wanted.
  /// - Returns: The value, or nil when the item has none.
  open func propertyList(forType type: NSPasteboard.PasteboardType) -> Any? {
    data(forType: type).flatMap(NSPasteboard.decodePropertyList)
  }

  // MARK: Machinery

  /// The slot of `type`, else the first whose type conforms to it.
  func slot(serving type: NSPasteboard.PasteboardType) -> Slot? {
    state.withLock { state in
      state.slots.first { $0.type == type } ?? state.slots.first { $0.type.serves(type) }
    }
  }

  /// Sets `source` for each of `types`: replaces a type's slot or appends one; the model's view
  /// of the item learns the new types. Returns whether a type was added (a pasteboard's offer
  /// to other applications changes only then: data a provider writes for a declared type does
  /// not re-offer anything).
  @discardableResult
  func set(_ source: Source, for types: [NSPasteboard.PasteboardType]) -> Bool {
    let (provider, added) = state.withLock { state -> (ItemProvider?, [NSPasteboard.PasteboardType]) in
      var added: [NSPasteboard.PasteboardType] = []
      if let promiser = source.promiser,
        !state.promisers.contains(where: { $0.promiser.map(ObjectIdentifier.init) == ObjectIdentifier(promiser) })
      {
        state.promisers.append(source)
      }
      for type in types {
        if let index = state.slots.firstIndex(where: { $0.type == type }) {
          state.slots[index].source = source
        } else {
          state.slots.append(Slot(type: type, source: source))
          added.append(type)
        }
      }
      return (state.provider, added)
    }
    if let provider { for type in added { register(type, in: provider) } }
    return !added.isEmpty
  }

  /// Asks the source of a promised slot for its data, once: the slot is marked declared first,
  /// so that a provider that writes nothing is not asked again.
  private func provide(_ slot: Slot) -> Data? {
    let type = slot.type
    set(.declared, for: [type])
    let pasteboard = state.withLock { $0.pasteboard }.map { NSPasteboard(name: $0) }
    switch slot.source {
    case .provider(let provider): provider.pasteboard(pasteboard, item: self, provideDataForType: type)
    case .owner(let owner): if let pasteboard { owner.pasteboard(pasteboard, provideDataForType: type) }
    case .writer(let writer):
      if let data = writer.pasteboardPropertyList(forType: type).flatMap({
        NSPasteboard.encode(propertyList: $0, rawData: true)
      }) {
        set(.value(data), for: [type])
      }
    case .model(let provider):
      if let data = provider.loadDataInline(for: type.contentType) { set(.value(data), for: [type]) }
    case .value, .declared: break
    }
    guard case .value(let data)? = state.withLock({ $0.slots.first { $0.type == type }?.source }) else { return nil }
    return data
  }
}
