import Foundation

extension NSPasteboard {
  /// Sets the data of `dataType` on the first item (made when the pasteboard is empty),
  /// replacing a promise of it. Apple's counterpart: `setData(_:forType:)`.
  ///
  /// - Parameters:
  ///   - data: The bytes; nil writes nothing.
  ///   - dataType: Their type.
  /// - Returns: Whether the data was written.
  @discardableResult
  public func setData(_ data: Data?, forType dataType: NSPasteboard.PasteboardType) -> Bool {
    guard let data else { return false }
    return writeFirstItem { $0.setData(data, forType: dataType) }
  }

  /// Sets `string` (as UTF-8) as the data of `dataType` on the first item. Apple's counterpart:
  /// `setString(_:forType:)`.
  ///
  /// - Parameters:
  ///   - string: The text.
  ///   - dataType: Its type.
  /// - Returns: Whether the text was written.
  @discardableResult
  public func setString(_ string: String, forType dataType: NSPasteboard.PasteboardType) -> Bool {
    writeFirstItem { $0.setString(string, forType: dataType) }
  }

  /// Sets a property list as the data of `dataType` on the first item: a `String` as UTF-8, any
  /// other property list serialized (XML). Apple's counterpart: `setPropertyList(_:forType:)`.
  ///
  /// - Parameters:
  ///   - plist: The value.
  ///   - dataType: Its type.
  /// - Returns: Whether the value is a property list and was written.
  @discardableResult
  public func setPropertyList(_ plist: Any, forType dataType: NSPasteboard.PasteboardType) -> Bool {
    writeFirstItem { $0.setPropertyList(plist, forType: dataType) }
  }

  /// The data of `dataType` from the first item that has it (or a type conforming to it),
  /// asking its owner or provider first when it is promised. Apple's counterpart: `data(forType:)`.
  ///
  /// - Parameter dataType: The type wanted.
  /// - Returns: The data, or nil when no item has it.
  public func data(forType dataType: NSPasteboard.PasteboardType) -> Data? {
    appKitItems().first { $0.availableType(from: [dataType]) != nil }?.data(forType: dataType)
  }

  /// The text of `dataType`: of every item that has it, joined with newlines, as AppKit joins
  /// the strings of several items. Apple's counterpart: `string(forType:)`.
  ///
  /// - Parameter dataType: The type wanted.
  /// - Returns: The text, or nil when no item has it.
  public func string(forType dataType: NSPasteboard.PasteboardType) -> String? {
    let strings = appKitItems().filter { $0.availableType(from: [dataType]) != nil }.compactMap {
      $0.string(forType: dataType)
    }
    return strings.isEmpty ? nil : strings.joined(separator: "\n")
  }

  /// The property list of `dataType` from the first item that has it: a serialized property
  /// list deserialized, other data as UTF-8 text. Apple's counterpart: `propertyList(forType:)`.
  ///
  /// - Parameter dataType: The type wanted.
  /// - Returns: The value, or nil when no item has it.
  public func propertyList(forType dataType: NSPasteboard.PasteboardType) -> Any? {
    data(forType: dataType).flatMap(Self.decodePropertyList)
  }

  // MARK: Property lists

  /// The bytes of a property list on a pasteboard: a `String` as UTF-8, `Data` as itself when
  /// `rawData` (a writer's data goes as it is), any other property list as XML.
  static func encode(propertyList: Any, rawData: Bool) -> Data? {
    switch propertyList {
    case let text as String: return Data(text.utf8)
    case let text as NSString: return Data(String(text).utf8)
    case let data as Data where rawData: return data
    case let url as URL: return Data(url.absoluteString.utf8)
    default:
      guard PropertyListSerialization.propertyList(propertyList, isValidFor: .xml) else { return nil }
      return try? PropertyListSerialization.data(fromPropertyList: propertyList, format: .xml, options: 0)
    }
  }

  /// A property list from pasteboard bytes: a serialized one (XML or binary) deserialized,
  /// anything else as UTF-8 text.
  static func decodePropertyList(_ data: Data) -> Any? {
    if isSerializedPropertyList(data),
      let value = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    {
      return value
    }
    return String(data: data, encoding: .utf8)
  }

  /// Whether `data` starts as a serialized property list does: `bplist`, or an XML declaration
  /// or `<plist` after optional white space.
  static func isSerializedPropertyList(_ data: Data) -> Bool {
    if data.starts(with: Array("bplist".utf8)) { return true }
    let text = data.prefix(64).drop {
      $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF
    }
    return text.starts(with: Array("<?xml".utf8)) || text.starts(with: Array("<plist".utf8))
      || text.starts(with: Array("<!DOCTYPE plist".utf8))
  }
}
