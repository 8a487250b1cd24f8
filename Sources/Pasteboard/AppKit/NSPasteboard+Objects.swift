import Foundation
import TypeRegistry
import UTIPlatform

extension NSPasteboard {
  /// Adds one item per object, each holding the types the object lists in
  /// ``NSPasteboardWriting/writableTypes(for:)`` (only those): promised types are asked for when
  /// read, the others at once. An ``NSPasteboardItem`` is added as itself. Call
  /// ``clearContents()`` first, as AppKit asks. Apple's counterpart: `writeObjects(_:)`.
  ///
  /// - Parameter objects: The writers, in order.
  /// - Returns: Whether an item was added.
  @discardableResult
  public func writeObjects(_ objects: [any NSPasteboardWriting]) -> Bool {
    let entries = objects.map { entry(for: item(writing: $0)) }
    board.update { $0.append(contentsOf: entries) }
    return !entries.isEmpty
  }

  /// One instance per item, of the first class in `classArray` that can read it (its
  /// ``NSPasteboardReading/readableTypes(for:)`` matched by conformance, in the class's order);
  /// items no class reads are left out. `NSString`, `NSURL` (with the options below) and
  /// ``NSPasteboardItem`` (the item itself) read as AppKit's do.
  ///
  /// ```swift
  /// let urls = pasteboard.readObjects(forClasses: [NSURL.self],
  ///                                   options: [.urlReadingFileURLsOnly: true]) as? [URL]
  /// ```
  ///
  /// Options: ``ReadingOptionKey/urlReadingFileURLsOnly`` (a `Bool`), and
  /// ``ReadingOptionKey/urlReadingContentsConformToTypes`` (type identifiers: file URLs whose
  /// file, by name, conforms to one). A class that asks for
  /// ``ReadingOptions/asKeyedArchive`` is refused: nothing unarchives AppKit's classes here; the
  /// reason goes to standard error, as AppKit logs its refusals. Apple's counterpart:
  /// `readObjects(forClasses:options:)`.
  ///
  /// - Parameters:
  ///   - classArray: The classes, most wanted first.
  ///   - options: The reading options.
  /// - Returns: The instances, in item order.
  public func readObjects(forClasses classArray: [AnyClass], options: [ReadingOptionKey: Any]? = nil) -> [Any]? {
    let readers = classArray.map { ObjectReader(class: $0, pasteboard: self, options: options ?? [:]) }
    return appKitItems().compactMap { item in
      for reader in readers { if let object = reader.read(item) { return object } }
      return nil
    }
  }

  /// Whether some item can be read as an instance of one of `classArray`, as
  /// ``readObjects(forClasses:options:)`` would read it. Apple's counterpart:
  /// `canReadObject(forClasses:options:)`.
  ///
  /// - Parameters:
  ///   - classArray: The classes.
  ///   - options: The reading options.
  /// - Returns: Whether one item can be read.
  public func canReadObject(forClasses classArray: [AnyClass], options: [ReadingOptionKey: Any]? = nil) -> Bool {
    let readers = classArray.map { ObjectReader(class: $0, pasteboard: self, options: options ?? [:]) }
    return appKitItems().contains { item in readers.contains { $0.canRead(item) } }
  }

  /// The item that holds what `writer` writes.
  private func item(writing writer: any NSPasteboardWriting) -> NSPasteboardItem {
    if let item = writer as? NSPasteboardItem { return item }
    let item = NSPasteboardItem()
    if let promise = writer as? NSFilePromiseProvider { item.state.withLock { $0.filePromise = promise } }
    for type in writer.writableTypes(for: self) {
      if writer.writingOptions(forType: type, pasteboard: self).contains(.promised) {
        item.set(.writer(writer), for: [type])
      } else if let value = writer.pasteboardPropertyList(forType: type),
        let data = Self.encode(propertyList: value, rawData: true)
      {
        item.set(.value(data), for: [type])
      }
    }
    return item
  }
}

/// Reads items as instances of one class, for ``NSPasteboard/readObjects(forClasses:options:)``.
struct ObjectReader {
  enum Kind {
    case item, string, url, filePromise
    case reader(any NSPasteboardReading.Type)
    case none
  }

  let kind: Kind
  let types: [NSPasteboard.PasteboardType]
  let pasteboard: NSPasteboard
  let fileURLsOnly: Bool
  let contentTypes: [UTType]?
  let readerClass: AnyClass

  init(class readerClass: AnyClass, pasteboard: NSPasteboard, options: [NSPasteboard.ReadingOptionKey: Any]) {
    self.readerClass = readerClass
    self.pasteboard = pasteboard
    contentTypes = (options[.urlReadingContentsConformToTypes] as? [String])?.map(UTType.named)
    fileURLsOnly = (options[.urlReadingFileURLsOnly] as? Bool ?? false) || contentTypes != nil
    if readerClass is NSPasteboardItem.Type {
      kind = .item
    } else if readerClass is NSFilePromiseReceiver.Type {
      kind = .filePromise
    } else if readerClass is NSString.Type {
      kind = .string
    } else if readerClass is NSURL.Type {
      kind = .url
    } else if let reader = readerClass as? any NSPasteboardReading.Type {
      kind = .reader(reader)
    } else {
      kind = .none
    }
    switch kind {
    case .item, .filePromise: types = []
    case .string: types = NSString.readableTypes(for: pasteboard)
    case .url: types = fileURLsOnly ? [.fileURL] : NSURL.readableTypes(for: pasteboard)
    case .reader(let reader): types = reader.readableTypes(for: pasteboard)
    case .none: types = []
    }
  }

  /// Whether `item` has a type this class reads (and, for URLs, one the options let through).
  func canRead(_ item: NSPasteboardItem) -> Bool {
    switch kind {
    case .item: return true
    case .filePromise: return item.state.withLock { $0.filePromise } != nil
    case .url: return url(of: item) != nil
    case .none: return false
    case .string, .reader: return item.availableType(from: types) != nil
    }
  }

  /// `item` as an instance of the class, or nil.
  func read(_ item: NSPasteboardItem) -> Any? {
    switch kind {
    case .item: return item
    case .filePromise: return item.state.withLock { $0.filePromise }.map(NSFilePromiseReceiver.init(promise:))
    case .none: return nil
    case .url: return url(of: item).map { $0 as NSURL }
    case .string:
      guard let type = item.availableType(from: types), let text = item.string(forType: type) else { return nil }
      return NSString(string: text)
    case .reader(let reader):
      guard let type = item.availableType(from: types), let data = item.data(forType: type) else { return nil }
      let options = reader.readingOptions(forType: type, pasteboard: pasteboard)
      guard let value = value(of: data, as: options) else { return nil }
      return reader.init(pasteboardPropertyList: value, ofType: type)
    }
  }

  /// The URL `item` holds, when the options let it through.
  private func url(of item: NSPasteboardItem) -> URL? {
    guard let type = item.availableType(from: types), let data = item.data(forType: type),
      let url = NSURL.url(fromPasteboardData: data)
    else { return nil }
    if fileURLsOnly, !url.isFileURL { return nil }
    if let contentTypes {
      guard let identification = try? UTTypeRegistry.shared.current.identifyFile(atPath: url.path, byContent: false),
        contentTypes.contains(where: { identification.type.conforms(to: $0) })
      else { return nil }
    }
    return url
  }

  /// `data` as the reading options ask; nil (with the reason on standard error) for a keyed archive.
  private func value(of data: Data, as options: NSPasteboard.ReadingOptions) -> Any? {
    if options.contains(.asKeyedArchive) {
      let message =
        "NSPasteboard.readObjects: \(readerClass) asks for .asKeyedArchive, which is refused: nothing unarchives "
        + "AppKit's classes here; read .asData or .asPropertyList instead\n"
      FileHandle.standardError.write(Data(message.utf8))
      return nil
    }
    if options.contains(.asString) { return String(data: data, encoding: .utf8) }
    if options.contains(.asPropertyList) { return NSPasteboard.decodePropertyList(data) }
    return data
  }
}
