import Foundation
import TypeRegistry

/// A class whose instances an item provider can offer as data in one or more types.
///
/// Register an instance with ``ItemProvider/registerObject(_:visibility:)`` or
/// ``ItemProvider/init(object:)``: the provider lists ``writableTypeIdentifiersForItemProvider-swift.property``
/// in order (highest fidelity first) and calls ``loadData(withTypeIdentifier:forItemProviderCompletionHandler:)``
/// when a reader asks for one. String, NSString, URL, NSURL, Data and NSData conform.
///
/// ```swift
/// final class Arrow: ItemProviderWriting {
///   static let writableTypeIdentifiersForItemProvider = ["com.raywenderlich.pointybug.tool.arrow"]
///   func loadData(withTypeIdentifier typeIdentifier: String,
///                 forItemProviderCompletionHandler completion: @escaping @Sendable (Data?, (any Error)?) -> Void) -> Progress? {
///     completion(Data("arrow".utf8), nil)
///     return nil
///   }
/// }
/// ```
///
/// Apple's counterpart: `NSItemProviderWriting` (the name this protocol also has on Linux).
public protocol ItemProviderWriting {
  /// The types the class can write, highest fidelity first.
  static var writableTypeIdentifiersForItemProvider: [String] { get }
  /// The types this instance can write, highest fidelity first; by default the class's.
  var writableTypeIdentifiersForItemProvider: [String] { get }
  /// Who may see the representation of `typeIdentifier`; by default the class's answer.
  func itemProviderVisibilityForRepresentation(withTypeIdentifier typeIdentifier: String)
    -> ItemProvider.RepresentationVisibility
  /// Who may see the representation of `typeIdentifier`; by default ``ItemProvider/RepresentationVisibility/all``.
  static func itemProviderVisibilityForRepresentation(withTypeIdentifier typeIdentifier: String)
    -> ItemProvider.RepresentationVisibility
  /// Produces the instance's data in `typeIdentifier` and passes it to `completionHandler`.
  func loadData(
    withTypeIdentifier typeIdentifier: String,
    forItemProviderCompletionHandler completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void
  ) -> Progress?
}

extension ItemProviderWriting {
  /// The type's writable identifiers, from the static requirement.
  public var writableTypeIdentifiersForItemProvider: [String] { Self.writableTypeIdentifiersForItemProvider }

  /// The visibility of one representation, from the static requirement (`.all` by default).
  ///
  /// - Parameter typeIdentifier: One of `writableTypeIdentifiersForItemProvider`.
  /// - Returns: The type's static answer.
  public func itemProviderVisibilityForRepresentation(withTypeIdentifier typeIdentifier: String)
    -> ItemProvider.RepresentationVisibility
  {
    Self.itemProviderVisibilityForRepresentation(withTypeIdentifier: typeIdentifier)
  }

  /// Every representation is visible to all processes unless a type says otherwise.
  ///
  /// - Parameter typeIdentifier: One of `writableTypeIdentifiersForItemProvider`.
  /// - Returns: `.all`.
  public static func itemProviderVisibilityForRepresentation(withTypeIdentifier typeIdentifier: String)
    -> ItemProvider.RepresentationVisibility
  {
    .all
  }
}

/// A class that can be made from data an item provider loads.
///
/// ``ItemProvider/loadObject(ofClass:completionHandler:)`` picks the first representation, in
/// fidelity order, that conforms to one of ``readableTypeIdentifiersForItemProvider`` and passes
/// its data to ``object(withItemProviderData:typeIdentifier:)``.
///
/// Apple's counterpart: `NSItemProviderReading` (the name this protocol also has on Linux).
public protocol ItemProviderReading: SendableMetatype {
  /// The types the class can read, in order of preference.
  static var readableTypeIdentifiersForItemProvider: [String] { get }
  /// An instance made from `data`, whose type is `typeIdentifier`.
  static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Self
}

#if !canImport(ObjectiveC)
  /// Apple's name for ``ItemProviderWriting``, available where Foundation lacks it.
  public typealias NSItemProviderWriting = ItemProviderWriting
  /// Apple's name for ``ItemProviderReading``, available where Foundation lacks it.
  public typealias NSItemProviderReading = ItemProviderReading
  /// Apple's name for ``ItemProvider``, available where Foundation lacks it.
  public typealias NSItemProvider = ItemProvider
  /// Apple's name for ``ItemProvider/RepresentationVisibility``.
  public typealias NSItemProviderRepresentationVisibility = ItemProvider.RepresentationVisibility
  /// Apple's name for ``ItemProvider/FileOptions``.
  public typealias NSItemProviderFileOptions = ItemProvider.FileOptions
  /// Apple's name for ``itemProviderErrorDomain``.
  public let NSItemProviderErrorDomain = itemProviderErrorDomain
#endif

// MARK: - Text

/// How text is encoded in a plain-text type: UTF-16 for the UTF-16 types, UTF-8 otherwise.
enum TextCoding {
  static let utf8Identifier = "public.utf8-plain-text"
  static let plainTextIdentifier = "public.plain-text"

  static func decode(_ data: Data, typeIdentifier: String) throws -> String {
    let folded = typeIdentifier.lowercased()
    if folded == "public.utf16-plain-text" || folded == "public.utf16-external-plain-text" {
      if let string = String(data: data, encoding: .utf16) { return string }
    } else if let string = String(validatingUTF8: data) {
      return string
    }
    throw ItemProviderError(
      .coercion(from: "\(typeIdentifier) payload of \(data.count) bytes that is not valid text", to: "a string"),
      requested: typeIdentifier, registered: [typeIdentifier])
  }
}

extension String {
  fileprivate init?(validatingUTF8 data: Data) {
    guard let string = String(validating: data, as: UTF8.self) else { return nil }
    self = string
  }
}

extension String: ItemProviderWriting, ItemProviderReading {
  /// UTF-8 text.
  public static var writableTypeIdentifiersForItemProvider: [String] { [TextCoding.utf8Identifier] }
  /// Any plain text: UTF-8, UTF-16, or unspecified (read as UTF-8).
  public static var readableTypeIdentifiersForItemProvider: [String] { [TextCoding.plainTextIdentifier] }

  /// Encodes the value as `typeIdentifier` and hands the bytes to `completionHandler`, synchronously.
  ///
  /// - Parameters:
  ///   - typeIdentifier: One of `writableTypeIdentifiersForItemProvider`.
  ///   - completionHandler: Gets the bytes, before this method returns.
  /// - Returns: nil: the load is already done.
  public func loadData(
    withTypeIdentifier typeIdentifier: String,
    forItemProviderCompletionHandler completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void
  ) -> Progress? {
    completionHandler(Data(utf8), nil)
    return nil
  }

  /// Decodes a value from data of `typeIdentifier`; throws when the data is not that kind of value.
  ///
  /// - Parameters:
  ///   - data: The representation's bytes.
  ///   - typeIdentifier: Their type's identifier.
  /// - Returns: The decoded value.
  /// - Throws: ``ItemProviderError`` when the data is not text.
  public static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> String {
    try TextCoding.decode(data, typeIdentifier: typeIdentifier)
  }
}

extension NSString: ItemProviderWriting, ItemProviderReading {
  /// The identifiers this type writes, richest first (as its Swift counterpart).
  public static var writableTypeIdentifiersForItemProvider: [String] { String.writableTypeIdentifiersForItemProvider }
  /// The identifiers this type reads (as its Swift counterpart).
  public static var readableTypeIdentifiersForItemProvider: [String] { String.readableTypeIdentifiersForItemProvider }

  /// Encodes the value as `typeIdentifier` and hands the bytes to `completionHandler`, synchronously.
  ///
  /// - Parameters:
  ///   - typeIdentifier: One of `writableTypeIdentifiersForItemProvider`.
  ///   - completionHandler: Gets the bytes, before this method returns.
  /// - Returns: nil: the load is already done.
  public func loadData(
    withTypeIdentifier typeIdentifier: String,
    forItemProviderCompletionHandler completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void
  ) -> Progress? {
    completionHandler(Data((self as String).utf8), nil)
    return nil
  }

  /// Decodes a value from data of `typeIdentifier`; throws when the data is not that kind of value.
  ///
  /// - Parameters:
  ///   - data: The representation's bytes.
  ///   - typeIdentifier: Their type's identifier.
  /// - Returns: The decoded value.
  /// - Throws: ``ItemProviderError`` when the data is not text.
  public static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Self {
    Self(string: try TextCoding.decode(data, typeIdentifier: typeIdentifier))
  }
}

// MARK: - URLs

/// URLs travel as the UTF-8 bytes of their absolute string (Apple writes a property list; a
/// string is what other platforms' clipboards carry).
enum URLCoding {
  static func types(for url: URL) -> [String] { url.isFileURL ? ["public.file-url"] : ["public.url"] }

  static func decode(_ data: Data, typeIdentifier: String) throws -> URL {
    if let string = String(validatingUTF8: data), let url = URL(string: string) { return url }
    throw ItemProviderError(
      .coercion(from: "\(typeIdentifier) payload that is not a URL", to: "a URL"),
      requested: typeIdentifier, registered: [typeIdentifier])
  }
}

extension URL: ItemProviderWriting, ItemProviderReading {
  /// `public.url`; a file URL instance writes `public.file-url` (which conforms to it).
  public static var writableTypeIdentifiersForItemProvider: [String] { ["public.url"] }
  /// The identifiers this value writes: a file URL also offers the file's own type.
  public var writableTypeIdentifiersForItemProvider: [String] { URLCoding.types(for: self) }
  /// Any URL, file URLs included.
  public static var readableTypeIdentifiersForItemProvider: [String] { ["public.url"] }

  /// Encodes the value as `typeIdentifier` and hands the bytes to `completionHandler`, synchronously.
  ///
  /// - Parameters:
  ///   - typeIdentifier: One of `writableTypeIdentifiersForItemProvider`.
  ///   - completionHandler: Gets the bytes, before this method returns.
  /// - Returns: nil: the load is already done.
  public func loadData(
    withTypeIdentifier typeIdentifier: String,
    forItemProviderCompletionHandler completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void
  ) -> Progress? {
    completionHandler(Data(absoluteString.utf8), nil)
    return nil
  }

  /// Decodes a value from data of `typeIdentifier`; throws when the data is not that kind of value.
  ///
  /// - Parameters:
  ///   - data: The representation's bytes.
  ///   - typeIdentifier: Their type's identifier.
  /// - Returns: The decoded value.
  /// - Throws: ``ItemProviderError`` when the data is not a URL.
  public static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> URL {
    try URLCoding.decode(data, typeIdentifier: typeIdentifier)
  }
}

extension NSURL: ItemProviderWriting, ItemProviderReading {
  /// The identifiers this type writes, richest first (as its Swift counterpart).
  public static var writableTypeIdentifiersForItemProvider: [String] { URL.writableTypeIdentifiersForItemProvider }
  /// The identifiers this value writes: a file URL also offers the file's own type.
  public var writableTypeIdentifiersForItemProvider: [String] { URLCoding.types(for: self as URL) }
  /// The identifiers this type reads (as its Swift counterpart).
  public static var readableTypeIdentifiersForItemProvider: [String] { URL.readableTypeIdentifiersForItemProvider }

  /// Encodes the value as `typeIdentifier` and hands the bytes to `completionHandler`, synchronously.
  ///
  /// - Parameters:
  ///   - typeIdentifier: One of `writableTypeIdentifiersForItemProvider`.
  ///   - completionHandler: Gets the bytes, before this method returns.
  /// - Returns: nil: the load is already done.
  public func loadData(
    withTypeIdentifier typeIdentifier: String,
    forItemProviderCompletionHandler completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void
  ) -> Progress? {
    completionHandler(Data((self as URL).absoluteString.utf8), nil)
    return nil
  }

  /// Decodes a value from data of `typeIdentifier`; throws when the data is not that kind of value.
  ///
  /// - Parameters:
  ///   - data: The representation's bytes.
  ///   - typeIdentifier: Their type's identifier.
  /// - Returns: The decoded value.
  /// - Throws: ``ItemProviderError`` when the data is not a URL.
  public static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Self {
    let url = try URLCoding.decode(data, typeIdentifier: typeIdentifier)
    guard let object = NSURL(string: url.absoluteString) as? Self else {
      throw ItemProviderError(
        .unexpectedClass(expected: "\(Self.self)", found: "NSURL"), requested: typeIdentifier, registered: [])
    }
    return object
  }
}

// MARK: - Data

extension Data: ItemProviderWriting, ItemProviderReading {
  /// `public.data`.
  public static var writableTypeIdentifiersForItemProvider: [String] { ["public.data"] }
  /// Any data.
  public static var readableTypeIdentifiersForItemProvider: [String] { ["public.data"] }

  /// Encodes the value as `typeIdentifier` and hands the bytes to `completionHandler`, synchronously.
  ///
  /// - Parameters:
  ///   - typeIdentifier: One of `writableTypeIdentifiersForItemProvider`.
  ///   - completionHandler: Gets the bytes, before this method returns.
  /// - Returns: nil: the load is already done.
  public func loadData(
    withTypeIdentifier typeIdentifier: String,
    forItemProviderCompletionHandler completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void
  ) -> Progress? {
    completionHandler(self, nil)
    return nil
  }

  /// Decodes a value from data of `typeIdentifier`; throws when the data is not that kind of value.
  ///
  /// - Parameters:
  ///   - data: The representation's bytes.
  ///   - typeIdentifier: Their type's identifier.
  /// - Returns: The bytes themselves.
  /// - Throws: Never: any bytes are data.
  public static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Data { data }
}

extension NSData: ItemProviderWriting, ItemProviderReading {
  /// The identifiers this type writes, richest first (as its Swift counterpart).
  public static var writableTypeIdentifiersForItemProvider: [String] { Data.writableTypeIdentifiersForItemProvider }
  /// The identifiers this type reads (as its Swift counterpart).
  public static var readableTypeIdentifiersForItemProvider: [String] { Data.readableTypeIdentifiersForItemProvider }

  /// Encodes the value as `typeIdentifier` and hands the bytes to `completionHandler`, synchronously.
  ///
  /// - Parameters:
  ///   - typeIdentifier: One of `writableTypeIdentifiersForItemProvider`.
  ///   - completionHandler: Gets the bytes, before this method returns.
  /// - Returns: nil: the load is already done.
  public func loadData(
    withTypeIdentifier typeIdentifier: String,
    forItemProviderCompletionHandler completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void
  ) -> Progress? {
    completionHandler(Data(referencing: self), nil)
    return nil
  }

  /// Decodes a value from data of `typeIdentifier`; throws when the data is not that kind of value.
  ///
  /// - Parameters:
  ///   - data: The representation's bytes.
  ///   - typeIdentifier: Their type's identifier.
  /// - Returns: The bytes themselves.
  /// - Throws: Never: any bytes are data.
  public static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Self {
    guard let object = NSData(data: data) as? Self else {
      throw ItemProviderError(
        .unexpectedClass(expected: "\(Self.self)", found: "NSData"), requested: typeIdentifier, registered: [])
    }
    return object
  }
}
