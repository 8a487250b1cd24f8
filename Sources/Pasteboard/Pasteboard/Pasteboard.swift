import Foundation
import TypeRegistry
import UTIPlatform

/// A named, process-wide board of items that applications copy to and paste from.
///
/// Items are ``ItemProvider``s, so a pasteboard holds representations rather than values, and
/// every type question is a conformance question: a pasteboard holding `public.png` contains
/// `public.image`.
///
/// ```swift
/// let board = Pasteboard.general
/// board.string = "Hello"
/// board.contains(pasteboardTypes: [UTType.plainText.identifier])   // true
/// board.string                                                    // "Hello"
/// for await count in board.changes { … }                          // every change
/// ```
///
/// A `Pasteboard` is a handle: handles with the same name share the contents. Each handle acts
/// for an application (``AppIdentity/current`` unless made with ``accessed(by:)``); local-only
/// items are invisible to other applications, and item providers are seen as that application
/// sees them. Safe to use from many threads.
///
/// Apple's counterparts: `UIPasteboard` (names, item providers, local-only and expiring items)
/// and `NSPasteboard` (`clearContents()`, `availableType(from:)`).
public final class Pasteboard: Sendable {
  /// A pasteboard's name. Apple's counterpart: `UIPasteboard.Name`.
  public struct Name: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The name as a string: `com.apple.UIKit.pboard.general` for the general pasteboard.
    public let rawValue: String
    /// A name from its string.
    ///
    /// - Parameter rawValue: The name's string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A name from its string.
    ///
    /// - Parameter rawValue: The name's string.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The name as a string.
    public var description: String { rawValue }

    /// The general pasteboard, for copy and paste.
    public static let general = Name("com.apple.UIKit.pboard.general")
  }

  /// One item on a pasteboard.
  struct Item: Sendable {
    let provider: ItemProvider
    let owner: AppIdentity
    let localOnly: Bool
    let expirationDate: Date?
    /// The item as AppKit code wrote it or first read it (``NSPasteboard/pasteboardItems``), so
    /// that it keeps its identity.
    var appKitItem: NSPasteboardItem? = nil

    /// Whether `application` may see the item: local-only items only their owner's process.
    func isVisible(to application: AppIdentity) -> Bool { !localOnly || owner.isSameProcess(as: application) }

    /// The item's provider as `application` sees it.
    func provider(seenBy application: AppIdentity) -> ItemProvider {
      provider.reader.isSameProcess(as: application) ? provider : provider.accessed(by: application)
    }
  }

  /// The contents shared by every handle with one name.
  final class Storage: Sendable {
    let name: Name
    let state = Locked(State())
    init(name: Name) { self.name = name }
  }

  struct State {
    var items: [Item] = []
    var changeCount = 0
    var observers: [Int: AsyncStream<Int>.Continuation] = [:]
    var nextObserver = 0
    /// The desktop's pasteboard these contents are mirrored to, if any.
    var mirror: (any PasteboardMirror)?

    /// Gives every observer of ``changes`` the current count.
    func tellObservers() {
      for observer in observers.values { observer.yield(changeCount) }
    }
  }

  private static let boards = Locked<[Name: Storage]>([:])

  let storage: Storage
  /// The application this handle acts for.
  public let application: AppIdentity
  /// The clock that decides expiration (replaceable in tests).
  let now: @Sendable () -> Date

  init(storage: Storage, application: AppIdentity, now: @escaping @Sendable () -> Date = { Date() }) {
    self.storage = storage
    self.application = application
    self.now = now
  }

  /// The general pasteboard. Apple's counterpart: `UIPasteboard.general`.
  public static var general: Pasteboard { Pasteboard(name: .general, create: true)! }

  /// The pasteboard named `name`; when none exists, a new one if `create`, else nil.
  ///
  /// Apple's counterpart: `UIPasteboard(name:create:)`.
  ///
  /// - Parameters:
  ///   - name: The pasteboard's name.
  ///   - create: Whether to make the pasteboard when none has the name.
  public convenience init?(name: Name, create: Bool) {
    let storage = Self.boards.withLock { boards -> Storage? in
      if let existing = boards[name] { return existing }
      guard create else { return nil }
      let storage = Storage(name: name)
      boards[name] = storage
      return storage
    }
    guard let storage else { return nil }
    self.init(storage: storage, application: .current)
  }

  /// A new pasteboard with a name no other has. Apple's counterpart: `UIPasteboard.withUniqueName()`.
  ///
  /// - Returns: The new pasteboard.
  public static func withUniqueName() -> Pasteboard {
    Pasteboard(name: Name("com.apple.UIKit.pboard.unique." + UUID().uuidString), create: true)!
  }

  /// Removes the pasteboard named `name`; existing handles keep working on a board no one else
  /// can find. Apple's counterpart: `UIPasteboard.remove(withName:)`.
  ///
  /// - Parameter name: The pasteboard's name; an unknown name is ignored.
  public static func remove(withName name: Name) {
    _ = boards.withLock { $0.removeValue(forKey: name) }
  }

  /// The pasteboard's name.
  public var name: Name { storage.name }

  /// The same pasteboard, acting for `application`: local-only items of other applications are
  /// invisible, and representations are filtered by their visibility.
  ///
  /// - Parameter application: The application that reads and writes.
  /// - Returns: A handle on the same pasteboard.
  public func accessed(by application: AppIdentity) -> Pasteboard {
    Pasteboard(storage: storage, application: application, now: now)
  }

  // MARK: Contents

  /// Replaces the contents with `itemProviders`.
  ///
  /// Local-only items are invisible to other applications; items with an expiration date
  /// vanish at that date. Apple's counterpart: `UIPasteboard.setItemProviders(_:localOnly:expirationDate:)`.
  ///
  /// - Parameters:
  ///   - itemProviders: The items, in order.
  ///   - localOnly: Whether only this application sees them.
  ///   - expirationDate: When they vanish, or nil for never.
  public func setItemProviders(_ itemProviders: [ItemProvider], localOnly: Bool, expirationDate: Date?) {
    let items = itemProviders.map {
      Item(provider: $0, owner: application, localOnly: localOnly, expirationDate: expirationDate)
    }
    change { $0 = items }
  }

  /// The item providers this handle's application may see, in order; setting replaces the
  /// contents with items visible to all and never expiring. Apple's counterpart: `itemProviders`.
  public var itemProviders: [ItemProvider] {
    get { visibleItems().map { $0.provider(seenBy: application) } }
    set { setItemProviders(newValue, localOnly: false, expirationDate: nil) }
  }

  /// The number of items this handle's application may see. Apple's counterpart: `numberOfItems`.
  public var numberOfItems: Int { visibleItems().count }

  /// The type identifiers of the first item, highest fidelity first. Apple's counterpart:
  /// `UIPasteboard.types`.
  public var types: [String] { itemProviders.first?.registeredTypeIdentifiers ?? [] }

  /// Whether the first item has a representation conforming to one of `pasteboardTypes`.
  ///
  /// Like UIKit, this looks at the first item only; ``contains(pasteboardTypes:inItemSet:)`` with
  /// nil looks at every item.
  ///
  /// ```swift
  /// board.itemProviders = [pngProvider]
  /// board.contains(pasteboardTypes: ["public.image"])   // true: public.png conforms
  /// ```
  ///
  /// Apple's counterpart: `UIPasteboard.contains(pasteboardTypes:)`.
  /// - Complexity: O(*representations* × *types*) of the first item, each an O(1) conformance lookup.
  /// - Parameter pasteboardTypes: The identifiers of the types to look for.
  /// - Returns: Whether the first item has one.
  public func contains(pasteboardTypes: [String]) -> Bool {
    contains(pasteboardTypes: pasteboardTypes, inItemSet: IndexSet(integer: 0))
  }

  /// Whether an item in `itemSet` (every item when nil) has a representation conforming to one
  /// of `pasteboardTypes`.
  ///
  /// Apple's counterpart: `UIPasteboard.contains(pasteboardTypes:inItemSet:)`.
  /// - Complexity: O(*items* × *representations* × *types*), each test an O(1) conformance lookup.
  /// - Parameters:
  ///   - pasteboardTypes: The identifiers of the types to look for.
  ///   - itemSet: The indexes of the items to look in, or nil for all.
  /// - Returns: Whether one of those items has one.
  public func contains(pasteboardTypes: [String], inItemSet itemSet: IndexSet?) -> Bool {
    let requests = pasteboardTypes.map { ItemProvider.Request(UTType.named($0)) }
    return firstVisibleItem(in: itemSet) { $0.servesAny(of: requests) } != nil
  }

  /// Whether the first item has a representation conforming to one of `types`.
  ///
  /// - Parameter types: The types to look for.
  /// - Returns: Whether the first item has one.
  public func contains(_ types: [UTType]) -> Bool { contains(pasteboardTypes: types.map(\.identifier)) }

  /// The first of `types` (the caller's preference order) that some item conforms to.
  ///
  /// Apple's counterpart: `NSPasteboard.availableType(from:)`.
  ///
  /// - Parameter types: The identifiers of the types, most wanted first.
  /// - Returns: The first one available, or nil.
  public func availableType(from types: [String]) -> String? {
    types.first { identifier in
      let request = ItemProvider.Request(UTType.named(identifier))
      return firstVisibleItem { $0.resolve(request) != nil } != nil
    }
  }

  /// The first of `types` that some item conforms to.
  ///
  /// - Parameter types: The types, most wanted first.
  /// - Returns: The first one available, or nil.
  public func availableType(from types: [UTType]) -> UTType? {
    availableType(from: types.map(\.identifier)).map(UTType.named)
  }

  /// A number that grows with every change of the contents (setting, clearing, expiry).
  /// Apple's counterpart: `changeCount`.
  public var changeCount: Int {
    removeExpired()
    return storage.state.withLock { $0.changeCount }
  }

  /// Removes every item; returns the new change count. Apple's counterpart:
  /// `NSPasteboard.clearContents()`.
  ///
  /// - Returns: The change count after the change.
  @discardableResult
  public func clearContents() -> Int { change { $0 = [] } }

  /// Posted on `NotificationCenter.default` after every change of a pasteboard's contents
  /// (setting, clearing, expiry), alongside ``changes``.
  ///
  /// The object is the handle that made the change (each ``Pasteboard/init(name:create:)`` call makes
  /// a handle); the user info holds the pasteboard's name under ``nameUserInfoKey`` and the new
  /// change count under ``changeCountUserInfoKey``, so an observer of any handle can tell which
  /// pasteboard changed. Apple's counterpart: `UIPasteboard.changedNotification`.
  public static let changedNotification = Notification.Name("com.apple.UIKit.pboard.changed")

  /// The changed pasteboard's name (a `String`) in a ``changedNotification``.
  public static let nameUserInfoKey = "name"

  /// The new change count (an `Int`) in a ``changedNotification``.
  public static let changeCountUserInfoKey = "changeCount"

  /// The change counts, starting with the current one, as the contents change. The stream ends
  /// when the consumer stops iterating. An AppKit write that adds to the contents without a new
  /// owner (`setData(_:forType:)` or `writeObjects(_:)` after `clearContents()`, which AppKit
  /// does not count) is heard as the current count again.
  public var changes: AsyncStream<Int> {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(64))
    let storage = storage
    let id = storage.state.withLock { state -> Int in
      let id = state.nextObserver
      state.nextObserver += 1
      state.observers[id] = continuation
      continuation.yield(state.changeCount)
      return id
    }
    continuation.onTermination = { _ in
      _ = storage.state.withLock { $0.observers.removeValue(forKey: id) }
    }
    return stream
  }

  // MARK: Machinery

  /// Replaces the items with `body`, counts the change and tells observers, and (`publishing`)
  /// the mirror; returns the count. The AppKit items replaced tell their owners and data
  /// providers that they are done.
  @discardableResult
  func change(publishing: Bool = true, _ body: (inout [Item]) -> Void) -> Int {
    let (count, replaced) = storage.state.withLock { state in
      let before = state.items
      body(&state.items)
      state.changeCount += 1
      state.tellObservers()
      return (state.changeCount, before)
    }
    postChanged(count)
    if publishing { publish() }
    relinquish(replaced)
    return count
  }

  /// Changes the items with `body` without counting a change (AppKit counts only a new owner:
  /// `clearContents`, `declareTypes`); observers of ``changes`` hear the current count again,
  /// and a mirror the new contents. A read that only wraps items does neither (`publishing` false).
  func update<Result>(publishing: Bool = true, _ body: (inout [Item]) -> Result) -> Result {
    let result = storage.state.withLock { state in
      let result = body(&state.items)
      if publishing { state.tellObservers() }
      return result
    }
    if publishing { publish() }
    return result
  }

  /// Tells the owners and data providers of the AppKit items in `replaced` that the pasteboard
  /// no longer holds them.
  private func relinquish(_ replaced: [Item]) {
    let items = replaced.compactMap(\.appKitItem)
    guard !items.isEmpty else { return }
    NSPasteboardItem.relinquish(items, by: NSPasteboard(board: self))
  }

  /// Takes what another application put on the mirror, then drops expired items (a change,
  /// when there were any): every read starts here.
  func removeExpired() {
    importFromMirror()
    let now = now()
    let count = storage.state.withLock { state -> Int? in
      let before = state.items.count
      state.items.removeAll { $0.expirationDate.map { $0 <= now } ?? false }
      guard state.items.count != before else { return nil }
      state.changeCount += 1
      state.tellObservers()
      return state.changeCount
    }
    if let count {
      postChanged(count)
      publish()
    }
  }

  /// Posts ``changedNotification`` for a change that made `changeCount`, outside the lock.
  func postChanged(_ changeCount: Int) {
    NotificationCenter.default.post(
      name: Self.changedNotification, object: self,
      userInfo: [Self.nameUserInfoKey: name.rawValue, Self.changeCountUserInfoKey: changeCount])
  }

  /// The first unexpired item this handle's application may see that satisfies `predicate`,
  /// seen as that application sees it; only items whose visible index is in `itemSet` count
  /// (all when nil). No allocation per item that does not match.
  func firstVisibleItem(in itemSet: IndexSet? = nil, where predicate: (ItemProvider) -> Bool) -> ItemProvider? {
    removeExpired()
    let items = storage.state.withLock { $0.items }
    return items.withUnsafeBufferPointer { items -> ItemProvider? in
      var visibleIndex = 0
      for index in items.indices where items[index].isVisible(to: application) {
        defer { visibleIndex += 1 }
        if let itemSet {
          guard itemSet.contains(visibleIndex) else {
            if visibleIndex > (itemSet.last ?? -1) { return nil }
            continue
          }
        }
        let view = items[index].provider(seenBy: application)
        if predicate(view) { return view }
      }
      return nil
    }
  }

  /// The unexpired items this handle's application may see.
  func visibleItems() -> [Item] {
    removeExpired()
    let application = application
    return storage.state.withLock { state in
      state.items.filter { $0.isVisible(to: application) }
    }
  }
}
