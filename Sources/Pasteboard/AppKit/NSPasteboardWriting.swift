import Foundation

/// An object that can put itself on a pasteboard: the types it writes and a property list for each.
///
/// ```swift
/// final class Bookmark: NSObject, NSPasteboardWriting {
///   let url: URL
///   init(url: URL) { self.url = url }
///   func writableTypes(for pasteboard: NSPasteboard) -> [NSPasteboard.PasteboardType] { [.URL, .string] }
///   func pasteboardPropertyList(forType type: NSPasteboard.PasteboardType) -> Any? {
///     type == .URL ? url.absoluteString : url.path
///   }
/// }
/// NSPasteboard.general.clearContents()
/// NSPasteboard.general.writeObjects([Bookmark(url: URL(fileURLWithPath: "/tmp"))])
/// ```
///
/// Only the types ``writableTypes(for:)`` lists reach the pasteboard. A property list that is a
/// `String` is stored as UTF-8, `Data` as itself, and any other property list serialized (XML).
/// Apple's counterpart: AppKit's `NSPasteboardWriting`.
public protocol NSPasteboardWriting: NSObjectProtocol {
  /// The types this object writes to `pasteboard`, most preferred first.
  func writableTypes(for pasteboard: NSPasteboard) -> [NSPasteboard.PasteboardType]
  /// How `type` is written: `.promised` asks for the property list only when a reader asks for
  /// the type. The default is none: asked at once.
  func writingOptions(forType type: NSPasteboard.PasteboardType, pasteboard: NSPasteboard)
    -> NSPasteboard.WritingOptions
  /// The object as `type`: a `String`, `Data`, or another property list; nil writes nothing.
  func pasteboardPropertyList(forType type: NSPasteboard.PasteboardType) -> Any?
}

extension NSPasteboardWriting {
  /// Every type is written at once by default.
  ///
  /// - Parameters:
  ///   - type: One of the writable types.
  ///   - pasteboard: The pasteboard written to.
  /// - Returns: No options.
  public func writingOptions(forType type: NSPasteboard.PasteboardType, pasteboard: NSPasteboard)
    -> NSPasteboard.WritingOptions
  { [] }
}

/// A class whose instances can be made from what a pasteboard holds.
///
/// ``NSPasteboard/readObjects(forClasses:options:)`` asks each class, in the caller's order, for
/// ``readableTypes(for:)``, takes an item's first type that conforms to one of them and passes its
/// data, as ``readingOptions(forType:pasteboard:)`` says, to ``init(pasteboardPropertyList:ofType:)``.
/// Apple's counterpart: AppKit's `NSPasteboardReading`.
public protocol NSPasteboardReading: NSObjectProtocol {
  /// The types instances can be made from, most preferred first.
  static func readableTypes(for pasteboard: NSPasteboard) -> [NSPasteboard.PasteboardType]
  /// How the data of `type` reaches ``init(pasteboardPropertyList:ofType:)``: the default is
  /// ``NSPasteboard/ReadingOptions/asData``.
  static func readingOptions(forType type: NSPasteboard.PasteboardType, pasteboard: NSPasteboard)
    -> NSPasteboard.ReadingOptions
  /// An instance from `propertyList` (`Data`, a `String` or a property list, as the reading
  /// options say), of `type`; nil when it cannot be made. The default makes none.
  init?(pasteboardPropertyList propertyList: Any, ofType type: NSPasteboard.PasteboardType)
}

extension NSPasteboardReading {
  /// Data, by default.
  ///
  /// - Parameters:
  ///   - type: One of the readable types.
  ///   - pasteboard: The pasteboard read from.
  /// - Returns: ``NSPasteboard/ReadingOptions/asData``.
  public static func readingOptions(forType type: NSPasteboard.PasteboardType, pasteboard: NSPasteboard)
    -> NSPasteboard.ReadingOptions
  { .asData }

  /// Makes no instance by default (AppKit's method is optional).
  ///
  /// - Parameters:
  ///   - propertyList: The item's value.
  ///   - type: Its type.
  public init?(pasteboardPropertyList propertyList: Any, ofType type: NSPasteboard.PasteboardType) { return nil }
}

/// The object that provides the data of types declared with ``NSPasteboard/declareTypes(_:owner:)``
/// or ``NSPasteboard/addTypes(_:owner:)``, when a reader first asks.
///
/// Apple's counterpart: AppKit's `NSPasteboardTypeOwner`.
public protocol NSPasteboardTypeOwner: NSObjectProtocol {
  /// Write the data of `type` now, with ``NSPasteboard/setData(_:forType:)`` or its kin: a reader
  /// asked for it. Called once per type and ownership.
  func pasteboard(_ sender: NSPasteboard, provideDataForType type: NSPasteboard.PasteboardType)
  /// The pasteboard's contents were replaced: this object owns nothing on it any more. The
  /// default does nothing.
  func pasteboardChangedOwner(_ sender: NSPasteboard)
}

extension NSPasteboardTypeOwner {
  /// Does nothing by default.
  ///
  /// - Parameter sender: The pasteboard.
  public func pasteboardChangedOwner(_ sender: NSPasteboard) {}
}

/// The object that provides an item's data for types given to
/// ``NSPasteboardItem/setDataProvider(_:forTypes:)``, when a reader first asks.
///
/// Apple's counterpart: AppKit's `NSPasteboardItemDataProvider`.
public protocol NSPasteboardItemDataProvider: NSObjectProtocol {
  /// Write `item`'s data of `type` now, with ``NSPasteboardItem/setData(_:forType:)`` or its kin.
  /// Called once per type, on the thread that reads.
  func pasteboard(
    _ pasteboard: NSPasteboard?, item: NSPasteboardItem, provideDataForType type: NSPasteboard.PasteboardType)
  /// The pasteboard no longer holds the item (its contents were replaced): no more data will be
  /// asked for. The default does nothing.
  func pasteboardFinishedWithDataProvider(_ pasteboard: NSPasteboard)
}

extension NSPasteboardItemDataProvider {
  /// Does nothing by default.
  ///
  /// - Parameter pasteboard: The pasteboard.
  public func pasteboardFinishedWithDataProvider(_ pasteboard: NSPasteboard) {}
}

extension NSPasteboard {
  /// How a writer's type is written. Apple's counterpart: `NSPasteboard.WritingOptions`.
  public struct WritingOptions: OptionSet, Sendable, Hashable {
    /// The options' bits.
    public let rawValue: UInt
    /// Options from their bits.
    ///
    /// - Parameter rawValue: The bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The property list is asked for only when a reader asks for the type.
    public static let promised = WritingOptions(rawValue: 1 << 9)
  }

  /// How a reader's type is read. Apple's counterpart: `NSPasteboard.ReadingOptions`.
  public struct ReadingOptions: OptionSet, Sendable, Hashable {
    /// The options' bits.
    public let rawValue: UInt
    /// Options from their bits.
    ///
    /// - Parameter rawValue: The bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The data as it is (the default).
    public static let asData = ReadingOptions([])
    /// The data as a `String` (UTF-8).
    public static let asString = ReadingOptions(rawValue: 1 << 0)
    /// The data as a deserialized property list.
    public static let asPropertyList = ReadingOptions(rawValue: 1 << 1)
    /// The data as a keyed archive: refused, as there is no `NSKeyedUnarchiver` of AppKit's
    /// classes here (``NSPasteboard/readObjects(forClasses:options:)`` reports it).
    public static let asKeyedArchive = ReadingOptions(rawValue: 1 << 2)
  }
}
