import Foundation
import TypeRegistry

extension ItemProvider {
  /// A provider holding `object`, with a representation for each of its writable types.
  ///
  /// Apple's counterpart: `init(object:)`.
  public convenience init(object: any ItemProviderWriting) {
    self.init()
    registerObject(object, visibility: .all)
  }

  /// A provider holding `item` as `typeIdentifier`.
  ///
  /// `item` is a string (`NSString`), data (`NSData`) or URL (`NSURL`). Without a type
  /// identifier, the type follows the class: `public.utf8-plain-text`, `public.data`, and
  /// `public.file-url` or `public.url`. A nil item gives an empty provider.
  ///
  /// Apple's counterpart: `init(item:typeIdentifier:)`.
  public convenience init(item: (any NSSecureCoding)?, typeIdentifier: String?) {
    self.init()
    guard let item else { return }
    let identifier =
      typeIdentifier
      ?? {
        if item is NSString { return TextCoding.utf8Identifier }
        if let url = item as? NSURL { return URLCoding.types(for: url as URL)[0] }
        return "public.data"
      }()
    append(Representation(identifier: identifier, visibility: .all, source: .value(Stored(value: item))))
  }

  /// A provider holding `string` as `typeIdentifier` (`public.utf8-plain-text` when nil); see
  /// `init(item:typeIdentifier:)`. On Apple platforms the string bridges to `NSString`.
  public convenience init(item string: String, typeIdentifier: String?) {
    self.init(item: string as NSString, typeIdentifier: typeIdentifier)
  }

  /// A provider holding `data` as `typeIdentifier` (`public.data` when nil).
  public convenience init(item data: Data, typeIdentifier: String?) {
    self.init(item: NSData(data: data), typeIdentifier: typeIdentifier)
  }

  /// A provider holding `url` as `typeIdentifier` (`public.file-url` or `public.url` when nil).
  public convenience init(item url: URL, typeIdentifier: String?) {
    self.init(item: url as NSURL, typeIdentifier: typeIdentifier)
  }

  /// A provider for the file at `fileURL`, of the type its extension names (a dynamic type when
  /// nothing declares the extension), suggesting the file's name without its extension.
  ///
  /// Returns nil when `fileURL` is not a file URL or names no readable regular file.
  /// Apple's counterpart: `init?(contentsOf:)`.
  public convenience init?(contentsOf fileURL: URL) {
    guard fileURL.isFileURL else { return nil }
    let pathExtension = fileURL.pathExtension
    let type =
      pathExtension.isEmpty ? UTType.data : (UTType(filenameExtension: pathExtension) ?? UTType.data)
    self.init(contentsOf: fileURL, contentType: type)
  }

  /// A provider for the file at `fileURL`, of `contentType` (by extension when nil).
  ///
  /// Returns nil when no readable regular file is there. Apple's counterpart:
  /// `init(contentsOf:contentType:openInPlace:coordinated:visibility:)`.
  public convenience init?(
    contentsOf fileURL: URL, contentType: UTType?, openInPlace: Bool = false, coordinated: Bool = false,
    visibility: RepresentationVisibility = .all
  ) {
    var isDirectory: ObjCBool = false
    guard fileURL.isFileURL, FileManager.default.fileExists(atPath: fileURL.path, isDirectory: &isDirectory),
      !isDirectory.boolValue, FileManager.default.isReadableFile(atPath: fileURL.path)
    else { return nil }
    self.init()
    let type =
      contentType ?? UTType(filenameExtension: fileURL.pathExtension) ?? UTType.data
    suggestedName = fileURL.deletingPathExtension().lastPathComponent
    registerFileRepresentation(for: type, visibility: visibility, openInPlace: openInPlace) { completion in
      completion(fileURL, coordinated, nil)
      return nil
    }
  }

  /// Adds a representation of `typeIdentifier` whose handler produces data.
  ///
  /// The handler runs once per load, off the caller's thread; it calls its completion once
  /// with the data or an error, and may return a `Progress` that a cancelled load cancels.
  ///
  /// ```swift
  /// provider.registerDataRepresentation(forTypeIdentifier: "public.png", visibility: .all) { completion in
  ///   completion(pngBytes, nil)
  ///   return nil
  /// }
  /// ```
  ///
  /// Apple's counterpart: `registerDataRepresentation(forTypeIdentifier:visibility:loadHandler:)`.
  public func registerDataRepresentation(
    forTypeIdentifier typeIdentifier: String, visibility: RepresentationVisibility,
    loadHandler: @escaping DataLoadHandler
  ) {
    append(Representation(identifier: typeIdentifier, visibility: visibility, source: .data(loadHandler)))
  }

  /// Adds a representation of `typeIdentifier` whose handler produces a file.
  ///
  /// The handler passes a file URL that stays valid until its completion returns: readers get a
  /// copy, or the file itself when they open in place and `fileOptions` has `.openInPlace`.
  ///
  /// Apple's counterpart: `registerFileRepresentation(forTypeIdentifier:fileOptions:visibility:loadHandler:)`.
  public func registerFileRepresentation(
    forTypeIdentifier typeIdentifier: String, fileOptions: FileOptions = [], visibility: RepresentationVisibility,
    loadHandler: @escaping FileLoadHandler
  ) {
    append(
      Representation(
        identifier: typeIdentifier, visibility: visibility, fileOptions: fileOptions, source: .file(loadHandler)))
  }

  /// Adds a representation for each of `object`'s writable types, in its order.
  ///
  /// Apple's counterpart: `registerObject(_:visibility:)`.
  public func registerObject(_ object: any ItemProviderWriting, visibility: RepresentationVisibility) {
    let stored = Stored(value: object)
    for identifier in object.writableTypeIdentifiersForItemProvider {
      let objectVisibility = object.itemProviderVisibilityForRepresentation(withTypeIdentifier: identifier)
      append(
        Representation(
          identifier: identifier, visibility: Self.narrower(visibility, objectVisibility), source: .value(stored)))
    }
  }

  /// Adds a representation for each of `aClass`'s writable types, made by `loadHandler` when a
  /// reader asks.
  ///
  /// A handler that delivers an instance of another class fails the load with
  /// ``ErrorCode/unexpectedValueClassError``. Apple's counterpart:
  /// `registerObject(ofClass:visibility:loadHandler:)`.
  public func registerObject(
    ofClass aClass: any ItemProviderWriting.Type, visibility: RepresentationVisibility,
    loadHandler: @escaping ObjectLoadHandler
  ) {
    let expected = ObjectIdentifier(aClass)
    for identifier in aClass.writableTypeIdentifiersForItemProvider {
      let classVisibility = aClass.itemProviderVisibilityForRepresentation(withTypeIdentifier: identifier)
      append(
        Representation(
          identifier: identifier, visibility: Self.narrower(visibility, classVisibility),
          source: .object(loadHandler, expectedClass: expected, className: "\(aClass)")))
    }
  }

  /// Adds a legacy representation whose handler delivers an `NSSecureCoding` item.
  ///
  /// Apple's counterpart: `registerItem(forTypeIdentifier:loadHandler:)`.
  public func registerItem(forTypeIdentifier typeIdentifier: String, loadHandler: @escaping LoadHandler) {
    append(Representation(identifier: typeIdentifier, visibility: .all, source: .item(loadHandler)))
  }

  /// Adds a data representation of `contentType`. Apple's counterpart:
  /// `registerDataRepresentation(for:visibility:loadHandler:)`.
  public func registerDataRepresentation(
    for contentType: UTType, visibility: RepresentationVisibility = .all, loadHandler: @escaping DataLoadHandler
  ) {
    append(
      Representation(
        identifier: contentType.identifier, type: contentType, visibility: visibility, source: .data(loadHandler)))
  }

  /// Adds a file representation of `contentType`. Apple's counterpart:
  /// `registerFileRepresentation(for:visibility:openInPlace:loadHandler:)`.
  public func registerFileRepresentation(
    for contentType: UTType, visibility: RepresentationVisibility = .all, openInPlace: Bool = false,
    loadHandler: @escaping FileLoadHandler
  ) {
    append(
      Representation(
        identifier: contentType.identifier, type: contentType, visibility: visibility,
        fileOptions: openInPlace ? .openInPlace : [], source: .file(loadHandler)))
  }

  /// The more restrictive of two visibilities.
  static func narrower(_ a: RepresentationVisibility, _ b: RepresentationVisibility) -> RepresentationVisibility {
    a.rawValue >= b.rawValue ? a : b
  }
}
