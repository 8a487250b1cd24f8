import Foundation
import Pasteboard

/// A bookmark, written and read the way an AppKit browser's bookmarks bar does: its own type
/// (promised: made only when a reader asks), its URL, and its URL as text.
final class Bookmark: NSObject, NSPasteboardWriting, NSPasteboardReading, @unchecked Sendable {
  /// The bookmark's own type: a property list of its URL and title.
  static let type = NSPasteboard.PasteboardType("org.swift-uti.bookmarks.bookmark")

  let url: URL
  let title: String
  /// Told each time a reader asks for the promised type.
  var onProvide: (@Sendable (NSPasteboard.PasteboardType) -> Void)?

  init(url: URL, title: String) {
    self.url = url
    self.title = title
  }

  required init?(pasteboardPropertyList propertyList: Any, ofType type: NSPasteboard.PasteboardType) {
    if type == Bookmark.type, let plist = propertyList as? [String: Any], let string = plist["URL"] as? String,
      let url = URL(string: string)
    {
      self.url = url
      title = plist["title"] as? String ?? url.lastPathComponent
    } else if let string = propertyList as? String,
      let url = URL(string: string.trimmingCharacters(in: .whitespacesAndNewlines))
    {
      self.url = url
      title = url.host ?? url.lastPathComponent
    } else {
      return nil
    }
  }

  func writableTypes(for pasteboard: NSPasteboard) -> [NSPasteboard.PasteboardType] { [Bookmark.type, .URL, .string] }

  func writingOptions(forType type: NSPasteboard.PasteboardType, pasteboard: NSPasteboard)
    -> NSPasteboard.WritingOptions
  {
    type == Bookmark.type ? .promised : []
  }

  func pasteboardPropertyList(forType type: NSPasteboard.PasteboardType) -> Any? {
    switch type {
    case Bookmark.type:
      onProvide?(type)
      return ["URL": url.absoluteString, "title": title]
    case .URL, .string: return url.absoluteString
    default: return nil
    }
  }

  static func readableTypes(for pasteboard: NSPasteboard) -> [NSPasteboard.PasteboardType] { [Bookmark.type, .URL] }

  static func readingOptions(forType type: NSPasteboard.PasteboardType, pasteboard: NSPasteboard)
    -> NSPasteboard.ReadingOptions
  {
    type == Bookmark.type ? .asPropertyList : .asString
  }

  override var description: String { "\(title) <\(url.absoluteString)>" }
}
