import Foundation

extension NSString: NSPasteboardWriting, NSPasteboardReading {
  /// Text is written as UTF-8 (`public.utf8-plain-text`).
  ///
  /// - Parameter pasteboard: The pasteboard written to.
  /// - Returns: `[.string]`.
  public func writableTypes(for pasteboard: NSPasteboard) -> [NSPasteboard.PasteboardType] { [.string] }

  /// The text, for `.string`.
  ///
  /// - Parameter type: The type asked for.
  /// - Returns: The string, or nil for another type.
  public func pasteboardPropertyList(forType type: NSPasteboard.PasteboardType) -> Any? {
    type == .string ? String(self) : nil
  }

  /// Text is read from UTF-8 text, and from any plain text as UTF-8.
  ///
  /// - Parameter pasteboard: The pasteboard read from.
  /// - Returns: `.string` and `public.plain-text`.
  public static func readableTypes(for pasteboard: NSPasteboard) -> [NSPasteboard.PasteboardType] {
    [.string, NSPasteboard.PasteboardType("public.plain-text")]
  }
}

extension NSURL: NSPasteboardWriting, NSPasteboardReading {
  /// A file URL is written as `public.file-url`, then as every URL is: `public.url` and its
  /// text (`.string`).
  ///
  /// - Parameter pasteboard: The pasteboard written to.
  /// - Returns: The types.
  public func writableTypes(for pasteboard: NSPasteboard) -> [NSPasteboard.PasteboardType] {
    isFileURL ? [.fileURL, .URL, .string] : [.URL, .string]
  }

  /// The URL's absolute string, for each of its types.
  ///
  /// - Parameter type: The type asked for.
  /// - Returns: The absolute string.
  public func pasteboardPropertyList(forType type: NSPasteboard.PasteboardType) -> Any? {
    absoluteString
  }

  /// URLs are read from `public.file-url` and `public.url` (with conformance, every URL type).
  ///
  /// - Parameter pasteboard: The pasteboard read from.
  /// - Returns: `.fileURL` and `.URL`.
  public static func readableTypes(for pasteboard: NSPasteboard) -> [NSPasteboard.PasteboardType] {
    [.fileURL, .URL]
  }

  /// The first URL of a pasteboard. Apple's counterpart: `NSURL(from:)`.
  ///
  /// - Parameter pasteBoard: The pasteboard.
  public convenience init?(from pasteBoard: NSPasteboard) {
    guard let url = pasteBoard.readObjects(forClasses: [NSURL.self])?.first as? NSURL else { return nil }
    self.init(string: url.absoluteString)
  }

  /// Writes the URL's types to the first item of `pasteBoard` (made when it is empty), as
  /// AppKit's does after `declareTypes(_:owner:)` or `clearContents()`. Apple's counterpart:
  /// `write(to:)`.
  ///
  /// - Parameter pasteBoard: The pasteboard.
  public func write(to pasteBoard: NSPasteboard) {
    for type in writableTypes(for: pasteBoard) { pasteBoard.setString(absoluteString, forType: type) }
  }

  /// The URL in pasteboard bytes: the first line that is not a comment (a `text/uri-list`
  /// holds several), trimmed.
  static func url(fromPasteboardData data: Data) -> URL? {
    guard let text = String(data: data, encoding: .utf8) else { return nil }
    let line = text.split(whereSeparator: \.isNewline).lazy
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .first { !$0.isEmpty && !$0.hasPrefix("#") }
    return line.flatMap { URL(string: $0) }
  }
}

extension NSPasteboardItem: NSPasteboardWriting, NSPasteboardReading {
  /// The item's own types.
  ///
  /// - Parameter pasteboard: The pasteboard written to.
  /// - Returns: ``types``.
  public func writableTypes(for pasteboard: NSPasteboard) -> [NSPasteboard.PasteboardType] { types }

  /// The item's data of `type`.
  ///
  /// - Parameter type: The type asked for.
  /// - Returns: The data, or nil.
  public func pasteboardPropertyList(forType type: NSPasteboard.PasteboardType) -> Any? { data(forType: type) }

  /// An item reads every type: ``NSPasteboard/readObjects(forClasses:options:)`` returns the
  /// pasteboard's items themselves.
  ///
  /// - Parameter pasteboard: The pasteboard read from.
  /// - Returns: The pasteboard's types.
  public static func readableTypes(for pasteboard: NSPasteboard) -> [NSPasteboard.PasteboardType] {
    pasteboard.types ?? []
  }
}
