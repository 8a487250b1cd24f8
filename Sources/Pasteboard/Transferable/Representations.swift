import Foundation
import TypeRegistry

/// A representation as bytes of one content type. Apple's counterpart: `DataRepresentation`.
///
/// ```swift
/// DataRepresentation(contentType: .png) { image in image.pngData } importing: { Image(png: $0) }
/// ```
public struct DataRepresentation<Item: Transferable>: TransferRepresentation {
  /// A primitive representation: it has no body.
  public typealias Body = Never
  let entry: _TransferEntry<Item>

  /// Exports and imports `contentType`.
  ///
  /// - Parameters:
  ///   - contentType: The type of the data.
  ///   - exporting: Makes the data from a value.
  ///   - importing: Makes a value from the data.
  public init(
    contentType: UTType, exporting: @escaping @Sendable (Item) async throws -> Data,
    importing: @escaping @Sendable (Data) async throws -> Item
  ) {
    entry = _TransferEntry(
      exportedType: contentType, importedType: contentType, export: { .data(try await exporting($0)) },
      import: Self.importer(importing))
  }

  /// Exports `exportedContentType` only.
  ///
  /// - Parameters:
  ///   - exportedContentType: The type of the data.
  ///   - exporting: Makes the data from a value.
  public init(exportedContentType: UTType, exporting: @escaping @Sendable (Item) async throws -> Data) {
    entry = _TransferEntry(exportedType: exportedContentType, export: { .data(try await exporting($0)) })
  }

  /// Imports `importedContentType` only.
  ///
  /// - Parameters:
  ///   - importedContentType: The type of the data.
  ///   - importing: Makes a value from the data.
  public init(importedContentType: UTType, importing: @escaping @Sendable (Data) async throws -> Item) {
    entry = _TransferEntry(importedType: importedContentType, import: Self.importer(importing))
  }

  private static func importer(_ importing: @escaping @Sendable (Data) async throws -> Item)
    -> @Sendable (TransferImport) async throws -> Item
  {
    { imported in
      switch imported {
      case .data(let data): return try await importing(data)
      case .file(let file): return try await importing(try Data(contentsOf: file.file))
      }
    }
  }

  /// The representation's entries, in order (an implementation detail of the result builder).
  ///
  /// - Returns: The exporting and importing entries this representation stands for.
  public func _entries() -> [_TransferEntry<Item>] { [entry] }
}

/// A representation as a file of one content type. Apple's counterpart: `FileRepresentation`.
public struct FileRepresentation<Item: Transferable>: TransferRepresentation {
  /// A primitive representation: it has no body.
  public typealias Body = Never
  let entry: _TransferEntry<Item>

  /// Exports and imports files of `contentType`.
  ///
  /// - Parameters:
  ///   - contentType: The type of the files.
  ///   - shouldAttemptToOpenInPlace: Whether to ask for the original file instead of a copy.
  ///   - exporting: Makes the file from a value.
  ///   - importing: Makes a value from a received file.
  public init(
    contentType: UTType, shouldAttemptToOpenInPlace: Bool = false,
    exporting: @escaping @Sendable (Item) async throws -> SentTransferredFile,
    importing: @escaping @Sendable (ReceivedTransferredFile) async throws -> Item
  ) {
    entry = _TransferEntry(
      exportedType: contentType, importedType: contentType, isFile: true, openInPlace: shouldAttemptToOpenInPlace,
      export: { .file(try await exporting($0)) }, import: Self.importer(importing))
  }

  /// Exports files of `exportedContentType` only.
  ///
  /// - Parameters:
  ///   - exportedContentType: The type of the files.
  ///   - shouldAllowToOpenInPlace: Whether readers may open the original file instead of a copy.
  ///   - exporting: Makes the file from a value.
  public init(
    exportedContentType: UTType, shouldAllowToOpenInPlace: Bool = false,
    exporting: @escaping @Sendable (Item) async throws -> SentTransferredFile
  ) {
    entry = _TransferEntry(
      exportedType: exportedContentType, isFile: true, openInPlace: shouldAllowToOpenInPlace,
      export: { .file(try await exporting($0)) })
  }

  /// Imports files of `importedContentType` only.
  ///
  /// - Parameters:
  ///   - importedContentType: The type of the files.
  ///   - shouldAttemptToOpenInPlace: Whether to ask for the original file instead of a copy.
  ///   - importing: Makes a value from a received file.
  public init(
    importedContentType: UTType, shouldAttemptToOpenInPlace: Bool = false,
    importing: @escaping @Sendable (ReceivedTransferredFile) async throws -> Item
  ) {
    entry = _TransferEntry(
      importedType: importedContentType, isFile: true, openInPlace: shouldAttemptToOpenInPlace,
      import: Self.importer(importing))
  }

  private static func importer(_ importing: @escaping @Sendable (ReceivedTransferredFile) async throws -> Item)
    -> @Sendable (TransferImport) async throws -> Item
  {
    { imported in
      switch imported {
      case .file(let file): return try await importing(file)
      case .data: preconditionFailure("file representations import files")
      }
    }
  }

  /// The representation's entries, in order (an implementation detail of the result builder).
  ///
  /// - Returns: The exporting and importing entries this representation stands for.
  public func _entries() -> [_TransferEntry<Item>] { [entry] }
}

/// A representation as JSON of a `Codable` type. Apple's counterpart: `CodableRepresentation`
/// (whose encoder and decoder are JSON by default; here they are always JSON).
///
/// ```swift
/// static var transferRepresentation: some TransferRepresentation {
///   CodableRepresentation(contentType: .arrow)
/// }
/// ```
public struct CodableRepresentation<Item: Transferable & Codable>: TransferRepresentation {
  /// A primitive representation: it has no body.
  public typealias Body = Never
  let entry: _TransferEntry<Item>

  /// A representation of `Item` as JSON of `contentType`, with the given coder (Apple's counterpart: `CodableRepresentation(for:contentType:encoder:decoder:)`).
  ///
  /// - Parameters:
  ///   - itemType: The type of the values.
  ///   - contentType: The type of the JSON data.
  ///   - encoder: Encodes values.
  ///   - decoder: Decodes values.
  public init(
    for itemType: Item.Type = Item.self, contentType: UTType, encoder: JSONEncoder = JSONEncoder(),
    decoder: JSONDecoder = JSONDecoder()
  ) {
    let encoder = Unchecked(encoder)
    let decoder = Unchecked(decoder)
    entry = _TransferEntry(
      exportedType: contentType, importedType: contentType,
      export: { item in .data(try encoder.value.encode(item)) },
      import: { imported in
        switch imported {
        case .data(let data): return try decoder.value.decode(Item.self, from: data)
        case .file(let file): return try decoder.value.decode(Item.self, from: Data(contentsOf: file.file))
        }
      })
  }

  /// The representation's entries, in order (an implementation detail of the result builder).
  ///
  /// - Returns: The exporting and importing entries this representation stands for.
  public func _entries() -> [_TransferEntry<Item>] { [entry] }
}

/// A representation through another `Transferable` type: values are converted to and from a
/// proxy, which brings its own representations. Apple's counterpart: `ProxyRepresentation`.
///
/// ```swift
/// ProxyRepresentation(exporting: \.name)   // a String proxy: exported as text
/// ```
public struct ProxyRepresentation<Item: Transferable, Proxy: Transferable>: TransferRepresentation {
  /// A primitive representation: it has no body.
  public typealias Body = Never
  let entries: [_TransferEntry<Item>]

  /// Exports and imports through `Proxy`.
  ///
  /// - Parameters:
  ///   - exporting: Makes the proxy from a value.
  ///   - importing: Makes a value from the proxy.
  public init(
    exporting: @escaping @Sendable (Item) throws -> Proxy, importing: @escaping @Sendable (Proxy) throws -> Item
  ) {
    entries = Self.map(exporting: exporting, importing: importing)
  }

  /// Exports through `Proxy` only.
  ///
  /// - Parameter exporting: Makes the proxy from a value.
  public init(exporting: @escaping @Sendable (Item) throws -> Proxy) {
    entries = Self.map(exporting: exporting, importing: nil)
  }

  /// Imports through `Proxy` only.
  ///
  /// - Parameter importing: Makes a value from the proxy.
  public init(importing: @escaping @Sendable (Proxy) throws -> Item) {
    entries = Self.map(exporting: nil, importing: importing)
  }

  private static func map(
    exporting: (@Sendable (Item) throws -> Proxy)?, importing: (@Sendable (Proxy) throws -> Item)?
  ) -> [_TransferEntry<Item>] {
    Proxy.transferEntries.compactMap { proxy -> _TransferEntry<Item>? in
      var entry = _TransferEntry<Item>(
        exportedType: proxy.exportedType, importedType: proxy.importedType, isFile: proxy.isFile,
        openInPlace: proxy.openInPlace, visibility: proxy.visibility)
      if let exporting, let export = proxy.export {
        entry.export = { item in try await export(try exporting(item)) }
        if let name = proxy.suggestedFileName {
          entry.suggestedFileName = { item in (try? exporting(item)).flatMap(name) }
        }
        if let condition = proxy.exportingCondition {
          entry.exportingCondition = { item in (try? exporting(item)).map(condition) ?? false }
        }
      }
      if let importing, let `import` = proxy.import {
        entry.import = { imported in try importing(try await `import`(imported)) }
      }
      return entry.export == nil && entry.import == nil ? nil : entry
    }
  }

  /// The representation's entries, in order (an implementation detail of the result builder).
  ///
  /// - Returns: The exporting and importing entries this representation stands for.
  public func _entries() -> [_TransferEntry<Item>] { entries }
}

/// A value used only where it was made, across a `@Sendable` boundary the compiler cannot see.
struct Unchecked<Value>: @unchecked Sendable {
  // Sendable: the value crosses a `@Sendable` closure's boundary but is used only on the thread that made it
  // (the closure runs there).
  let value: Value
  init(_ value: Value) { self.value = value }
}

// MARK: - Standard types

extension String: Transferable {
  /// Exports UTF-8 text; imports any plain text (UTF-8, or UTF-16 with a byte order mark).
  public static var transferRepresentation: some TransferRepresentation {
    DataRepresentation(exportedContentType: .utf8PlainText) { Data($0.utf8) }
    DataRepresentation(importedContentType: .plainText) { data in
      if let string = String(validating: data, as: UTF8.self) { return string }
      if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]),
        let string = String(data: data, encoding: .utf16)
      {
        return string
      }
      throw ItemProviderError(
        .coercion(from: "public.plain-text payload that is not UTF-8 or UTF-16 text", to: "a String"),
        requested: "String", registered: [])
    }
  }
}

extension Data: Transferable {
  /// Exports and imports `public.data`.
  public static var transferRepresentation: some TransferRepresentation {
    DataRepresentation(contentType: .data) {
      $0
    } importing: {
      $0
    }
  }
}

extension URL: Transferable {
  /// Exports `public.url` (the absolute string in UTF-8) and imports any URL.
  public static var transferRepresentation: some TransferRepresentation {
    DataRepresentation(contentType: .url) {
      Data($0.absoluteString.utf8)
    } importing: { data in
      try URLCoding.decode(data, typeIdentifier: "public.url")
    }
  }
}
