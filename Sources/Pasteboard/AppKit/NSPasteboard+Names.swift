import Foundation
import TypeRegistry

extension NSPasteboard {
  /// A pasteboard's name, with AppKit's values. Apple's counterpart: `NSPasteboard.Name`.
  ///
  /// Handles with one name share their contents. The general pasteboard is also UIKit's
  /// (``Pasteboard/general``), so that the AppKit and SwiftUI halves of one app see each other's
  /// items; any other name is shared with the ``Pasteboard`` of the same raw value.
  public struct Name: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The name as a string: `Apple CFPasteboard general` for the general pasteboard.
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

    /// The pasteboard of copy and paste (UIKit's general pasteboard too).
    public static let general = Name("Apple CFPasteboard general")
    /// The pasteboard of drag and drop.
    public static let drag = Name("Apple CFPasteboard drag")
    /// The pasteboard of the find panel's search text.
    public static let find = Name("Apple CFPasteboard find")
    /// The pasteboard of copied fonts (character formatting).
    public static let font = Name("Apple CFPasteboard font")
    /// The pasteboard of copied rulers (paragraph formatting).
    public static let ruler = Name("Apple CFPasteboard ruler")

    /// The name of the model's board behind this one: UIKit's general pasteboard for `.general`.
    var boardName: Pasteboard.Name { self == .general ? .general : Pasteboard.Name(rawValue) }
  }

  /// A type of data on a pasteboard: a uniform type identifier, with AppKit's constants.
  /// Apple's counterpart: `NSPasteboard.PasteboardType`.
  public struct PasteboardType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The type's identifier.
    public let rawValue: String
    /// A type from its identifier.
    ///
    /// - Parameter rawValue: A uniform type identifier.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A type from its identifier.
    ///
    /// - Parameter rawValue: A uniform type identifier.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The identifier.
    public var description: String { rawValue }

    /// UTF-8 text: `public.utf8-plain-text`.
    public static let string = PasteboardType("public.utf8-plain-text")
    /// A URL: `public.url`.
    public static let URL = PasteboardType("public.url")
    /// A file URL: `public.file-url`.
    public static let fileURL = PasteboardType("public.file-url")
    /// A PNG image: `public.png`.
    public static let png = PasteboardType("public.png")
    /// A TIFF image: `public.tiff`.
    public static let tiff = PasteboardType("public.tiff")
    /// A PDF document: `com.adobe.pdf`.
    public static let pdf = PasteboardType("com.adobe.pdf")
    /// HTML: `public.html`.
    public static let html = PasteboardType("public.html")
    /// Rich text: `public.rtf`.
    public static let rtf = PasteboardType("public.rtf")
    /// Rich text with attachments, flattened: `com.apple.flat-rtfd`.
    public static let rtfd = PasteboardType("com.apple.flat-rtfd")
    /// Tab-separated text: `public.utf8-tab-separated-values-text`.
    public static let tabularText = PasteboardType("public.utf8-tab-separated-values-text")
    /// A colour: `com.apple.cocoa.pasteboard.color`.
    public static let color = PasteboardType("com.apple.cocoa.pasteboard.color")
    /// A sound: `com.apple.cocoa.pasteboard.sound`.
    public static let sound = PasteboardType("com.apple.cocoa.pasteboard.sound")
    /// Several text selections: `com.apple.cocoa.pasteboard.multiple-text-selection`.
    public static let multipleTextSelection = PasteboardType("com.apple.cocoa.pasteboard.multiple-text-selection")
    /// Character formatting: `com.apple.cocoa.pasteboard.character-formatting`.
    public static let font = PasteboardType("com.apple.cocoa.pasteboard.character-formatting")
    /// Paragraph formatting: `com.apple.cocoa.pasteboard.paragraph-formatting`.
    public static let ruler = PasteboardType("com.apple.cocoa.pasteboard.paragraph-formatting")
    /// The find panel's options: `com.apple.cocoa.pasteboard.find-panel-search-options`.
    public static let textFinderOptions = PasteboardType("com.apple.cocoa.pasteboard.find-panel-search-options")

    /// The type as a `UTType` (a dynamic one when no declaration names it).
    package var contentType: UTType { UTType.named(rawValue) }

    /// Whether data of this type answers a request for `requested`: the same type, or one that
    /// conforms to it.
    func serves(_ requested: PasteboardType) -> Bool {
      self == requested || contentType.conforms(to: requested.contentType)
    }
  }

  /// What ``NSPasteboard/prepareForNewContents(with:)`` may be told. Apple's counterpart:
  /// `NSPasteboard.ContentsOptions`.
  public struct ContentsOptions: OptionSet, Sendable, Hashable {
    /// The options' bits.
    public let rawValue: UInt
    /// Options from their bits.
    ///
    /// - Parameter rawValue: The bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The contents stay on this device (there is no other device to hand them to here).
    public static let currentHostOnly = ContentsOptions(rawValue: 1 << 0)
  }

  /// The options of ``NSPasteboard/readObjects(forClasses:options:)``. Apple's counterpart:
  /// `NSPasteboard.ReadingOptionKey`.
  public struct ReadingOptionKey: RawRepresentable, Hashable, Sendable {
    /// The key's string.
    public let rawValue: String
    /// A key from its string.
    ///
    /// - Parameter rawValue: The key's string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A `Bool`: only file URLs are read as URLs.
    public static let urlReadingFileURLsOnly = ReadingOptionKey(rawValue: "NSPasteboardURLReadingFileURLsOnlyKey")
    /// An array of type identifiers: only file URLs whose contents conform to one of them are read.
    public static let urlReadingContentsConformToTypes = ReadingOptionKey(
      rawValue: "NSPasteboardURLReadingContentsConformToTypesKey")
  }
}
