import Foundation
import TypeRegistry

/// A named pasteboard with AppKit's names and rules: items of several types, written eagerly or
/// promised, read by conformance.
///
/// ```swift
/// let pasteboard = NSPasteboard.general
/// pasteboard.clearContents()
/// pasteboard.setString("Hello", forType: .string)
/// pasteboard.string(forType: .string)                       // "Hello"
/// pasteboard.readObjects(forClasses: [NSString.self])        // ["Hello"]
/// ```
///
/// A handle: handles with one name share the contents, and the contents are those of the
/// ``Pasteboard`` of the same name (``Name/general`` is UIKit's ``Pasteboard/general``), so that
/// AppKit code and SwiftUI or UIKit code in one app see each other's items. ``changeCount`` grows
/// when the contents get a new owner (``clearContents()``, ``declareTypes(_:owner:)``, a UIKit
/// write); writes after that add to the contents without counting. Safe to use from many
/// threads. Apple's counterpart: AppKit's `NSPasteboard`.
public final class NSPasteboard: NSObject, @unchecked Sendable {
  // Sendable: its one stored property is `board`, a `Pasteboard` whose contents are under its lock (an
  // `NSObject` subclass cannot be checked).
  /// The model's board these contents live on.
  package let board: Pasteboard

  init(board: Pasteboard) {
    self.board = board
    super.init()
  }

  /// The pasteboard named `name`, made when none exists. Apple's counterpart: `init(name:)`.
  ///
  /// - Parameter name: The pasteboard's name.
  public convenience init(name: NSPasteboard.Name) {
    self.init(board: Pasteboard(name: name.boardName, create: true)!)
  }

  /// The pasteboard of copy and paste. Apple's counterpart: `NSPasteboard.general`.
  public static var general: NSPasteboard { NSPasteboard(name: .general) }

  /// A new pasteboard with a name no other has. Apple's counterpart: `withUniqueName()`.
  ///
  /// - Returns: The pasteboard.
  public static func withUniqueName() -> NSPasteboard {
    NSPasteboard(name: Name("Apple CFPasteboard unique." + UUID().uuidString))
  }

  /// The pasteboard's name.
  public var name: NSPasteboard.Name {
    board.name == .general ? .general : Name(board.name.rawValue)
  }

  /// A number that grows each time the contents get a new owner. Apple's counterpart: `changeCount`.
  public var changeCount: Int { board.changeCount }

  /// Whether `object` is a handle on the same pasteboard.
  ///
  /// - Parameter object: Another object.
  /// - Returns: Whether both handles share the contents.
  public override func isEqual(_ object: Any?) -> Bool {
    (object as? NSPasteboard).map { $0.board.storage === board.storage } ?? false
  }

  /// A hash of the pasteboard's identity.
  public override var hash: Int { ObjectIdentifier(board.storage).hashValue }

  // MARK: Ownership

  /// Empties the pasteboard and makes this application its owner; the previous items' owners
  /// and data providers are told they are done. Apple's counterpart: `clearContents()`.
  ///
  /// - Returns: The new change count.
  @discardableResult
  public func clearContents() -> Int { board.clearContents() }

  /// Empties the pasteboard for new contents, as ``clearContents()`` does. Apple's counterpart:
  /// `prepareForNewContents(with:)`.
  ///
  /// - Parameter options: ``ContentsOptions/currentHostOnly`` or none; there is one host here.
  /// - Returns: The new change count.
  @discardableResult
  public func prepareForNewContents(with options: NSPasteboard.ContentsOptions = []) -> Int { clearContents() }

  /// Replaces the contents with one item declaring `newTypes`; `newOwner`, when it is an
  /// ``NSPasteboardTypeOwner``, writes each type's data when a reader first asks, else the data
  /// follows with ``setData(_:forType:)``. Apple's counterpart: `declareTypes(_:owner:)`.
  ///
  /// - Parameters:
  ///   - newTypes: The types, most preferred first.
  ///   - newOwner: The object that provides the data lazily, or nil.
  /// - Returns: The new change count.
  @discardableResult
  public func declareTypes(_ newTypes: [NSPasteboard.PasteboardType], owner newOwner: Any?) -> Int {
    let item = NSPasteboardItem()
    item.set(Self.source(of: newOwner), for: newTypes)
    return board.change { $0 = [self.entry(for: item)] }
  }

  /// Adds `newTypes` to the first item (made when there is none), provided by `newOwner` as in
  /// ``declareTypes(_:owner:)``. Apple's counterpart: `addTypes(_:owner:)`.
  ///
  /// - Parameters:
  ///   - newTypes: The types to add.
  ///   - newOwner: The object that provides the data lazily, or nil.
  /// - Returns: The change count.
  @discardableResult
  public func addTypes(_ newTypes: [NSPasteboard.PasteboardType], owner newOwner: Any?) -> Int {
    if firstItemForWriting().set(Self.source(of: newOwner), for: newTypes) { board.update { _ in } }
    return changeCount
  }

  /// Gives up the pasteboard: its contents are cleared and its name forgotten, so that the next
  /// handle of that name starts empty. Apple's counterpart: `releaseGlobally()`.
  public func releaseGlobally() {
    clearContents()
    Pasteboard.remove(withName: board.name)
  }

  // MARK: Items

  /// The items, in order, as ``NSPasteboardItem``s: an item keeps its identity between reads.
  /// Apple's counterpart: `pasteboardItems`.
  public var pasteboardItems: [NSPasteboardItem]? { appKitItems() }

  /// The index of `pasteboardItem` among ``pasteboardItems``, or `NSNotFound`. Apple's
  /// counterpart: `index(of:)`.
  ///
  /// - Parameter pasteboardItem: An item.
  /// - Returns: Its index.
  public func index(of pasteboardItem: NSPasteboardItem) -> Int {
    appKitItems().firstIndex { $0 === pasteboardItem } ?? NSNotFound
  }

  /// Every item's types, in item order, each once. Apple's counterpart: `types`.
  public var types: [NSPasteboard.PasteboardType]? {
    var seen = Set<NSPasteboard.PasteboardType>()
    return appKitItems().flatMap(\.types).filter { seen.insert($0).inserted }
  }

  /// The first of `types` (the caller's order of preference) that some item has or conforms to.
  /// Apple's counterpart: `availableType(from:)`.
  ///
  /// - Parameter types: The types wanted, most wanted first.
  /// - Returns: The first available, or nil.
  public func availableType(from types: [NSPasteboard.PasteboardType]) -> NSPasteboard.PasteboardType? {
    let held = self.types ?? []
    return types.first { wanted in held.contains { $0.serves(wanted) } }
  }

  /// Whether some item has data of a type conforming to one of `types`. Apple's counterpart:
  /// `canReadItem(withDataConformingToTypes:)`.
  ///
  /// - Parameter types: Type identifiers.
  /// - Returns: Whether one is available.
  public func canReadItem(withDataConformingToTypes types: [String]) -> Bool {
    availableType(from: types.map { PasteboardType(rawValue: $0) }) != nil
  }

  // MARK: Machinery

  /// The items as AppKit items: the ones AppKit code wrote, and the others wrapped once and
  /// kept with their model item.
  func appKitItems() -> [NSPasteboardItem] {
    let application = board.application
    board.removeExpired()
    return board.update(publishing: false) { items in
      var result: [NSPasteboardItem] = []
      for index in items.indices where items[index].isVisible(to: application) {
        if let item = items[index].appKitItem {
          result.append(item)
        } else {
          let item = NSPasteboardItem(model: items[index].provider(seenBy: application))
          items[index].appKitItem = item
          result.append(item)
        }
      }
      return result
    }
  }

  /// The first item, made (and added) when the pasteboard is empty. An item made here has no
  /// type yet: it is offered when the caller gives it one.
  func firstItemForWriting() -> NSPasteboardItem {
    if let first = appKitItems().first { return first }
    let item = NSPasteboardItem()
    let entry = entry(for: item)
    board.update(publishing: false) { $0.append(entry) }
    return item
  }

  /// Writes through the first item (made when the pasteboard is empty), as AppKit's setters of
  /// the pasteboard write to it, and offers other applications the types the write added; data
  /// for a type already there (an owner answering a paste, on the thread that serves it)
  /// changes nothing they see.
  /// - Parameter write: What to write, through one of the item's setters.
  /// - Returns: What the setter returned.
  func writeFirstItem(_ write: (NSPasteboardItem) -> Bool) -> Bool {
    let item = firstItemForWriting()
    let typesBefore = item.types.count
    let written = write(item)
    if item.types.count != typesBefore { board.update { _ in } }
    return written
  }

  /// The model's item for `item`, which is now on this pasteboard.
  func entry(for item: NSPasteboardItem) -> Pasteboard.Item {
    var entry = Pasteboard.Item(
      provider: item.attach(to: name), owner: board.application, localOnly: false, expirationDate: nil)
    entry.appKitItem = item
    return entry
  }

  /// How a type declared with `owner` gets its data.
  static func source(of owner: Any?) -> NSPasteboardItem.Source {
    (owner as? any NSPasteboardTypeOwner).map { .owner($0) } ?? .declared
  }
}
