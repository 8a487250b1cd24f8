import Foundation
import TypeRegistry
import UTIPlatform

extension ItemProvider {
  /// A provider holding `object`, with a representation for each of its writable types.
  ///
  /// Apple's counterpart: `init(object:)`.
  ///
  /// - Parameter object: The object to provide.
  public convenience init(object: any ItemProviderWriting) {
    self.init()
    registerObject(object, visibility: .all)
  }

  /// A provider holding `item` as `typeIdentifier`.
  ///
  /// Apple documents that `typeIdentifier` must not be nil when `item` is not: given an item
  /// without an identifier, this registers nothing (the provider is empty, and loads fail as for
  /// any type it lacks), so code that relies on a guess here fails here as it would there. A nil
  /// item with an identifier makes an empty provider to register representations on later.
  ///
  /// ```swift
  /// let provider = NSItemProvider(item: "Hello" as NSString, typeIdentifier: UTType.utf8PlainText.identifier)
  /// ```
  ///
  /// Apple's counterpart: `init(item:typeIdentifier:)`.
  ///
  /// - Parameters:
  ///   - item: The item, or nil for an empty provider.
  ///   - typeIdentifier: Its type's identifier; nil for an empty provider.
  public convenience init(item: (any NSSecureCoding)?, typeIdentifier: String?) {
    self.init()
    guard let item, let typeIdentifier else { return }
    append(Representation(identifier: typeIdentifier, visibility: .all, source: .value(Stored(value: item))))
  }

  /// A provider holding `string` as `typeIdentifier`; on Apple platforms the string bridges to
  /// `NSString` and the same rules apply.
  ///
  /// - Parameters:
  ///   - string: The text.
  ///   - typeIdentifier: Its type's identifier; nil for an empty provider.
  public convenience init(item string: String, typeIdentifier: String?) {
    self.init(item: string as NSString, typeIdentifier: typeIdentifier)
  }

  /// A provider holding `data` as `typeIdentifier` (bridged to `NSData` on Apple platforms).
  ///
  /// - Parameters:
  ///   - data: The bytes.
  ///   - typeIdentifier: Their type's identifier; nil for an empty provider.
  public convenience init(item data: Data, typeIdentifier: String?) {
    self.init(item: NSData(data: data), typeIdentifier: typeIdentifier)
  }

  /// A provider holding `url` as `typeIdentifier` (bridged to `NSURL` on Apple platforms).
  ///
  /// - Parameters:
  ///   - url: The URL.
  ///   - typeIdentifier: Its type's identifier; nil for an empty provider.
  public convenience init(item url: URL, typeIdentifier: String?) {
    self.init(item: url as NSURL, typeIdentifier: typeIdentifier)
  }

  /// A provider for the file at `fileURL`, of the type its extension names, suggesting the
  /// file's name without its extension.
  ///
  /// As Apple documents, a file whose extension no declared type claims (or that has none) is
  /// registered as `public.data`, not as a dynamic type. Returns nil when `fileURL` is not a file
  /// URL or names no readable regular file. Apple's counterpart: `init?(contentsOf:)`.
  ///
  /// - Parameter fileURL: A file URL of a readable regular file.
  public convenience init?(contentsOf fileURL: URL) {
    guard fileURL.isFileURL else { return nil }
    let pathExtension = fileURL.pathExtension
    let declared =
      pathExtension.isEmpty ? nil : UTType(filenameExtension: pathExtension).flatMap { $0.isDeclared ? $0 : nil }
    self.init(contentsOf: fileURL, contentType: declared ?? .data)
  }

  /// A provider for the file at `fileURL`, of `contentType` (by extension when nil).
  ///
  /// Returns nil when no readable regular file is there. Apple's counterpart:
  /// `init(contentsOf:contentType:openInPlace:coordinated:visibility:)`.
  ///
  /// - Parameters:
  ///   - fileURL: A file URL of a readable regular file.
  ///   - contentType: The file's type; nil to take it from the extension.
  ///   - openInPlace: Whether readers may open the original instead of a copy.
  ///   - coordinated: Accepted for Apple's signature; Linux has no file coordination.
  ///   - visibility: Which processes see the representation.
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
    storage.state.withLock { _ = $0.existingFiles.insert(type.identifier) }
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
  ///
  /// - Parameters:
  ///   - typeIdentifier: The identifier of the representation's type.
  ///   - visibility: Which processes see it.
  ///   - loadHandler: Delivers the data when a reader asks; returns a progress, or nil.
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
  ///
  /// - Parameters:
  ///   - typeIdentifier: The identifier of the representation's type.
  ///   - fileOptions: `.openInPlace` when readers may open the original.
  ///   - visibility: Which processes see it.
  ///   - loadHandler: Delivers the file when a reader asks; returns a progress, or nil.
  public func registerFileRepresentation(
    forTypeIdentifier typeIdentifier: String, fileOptions: FileOptions = [], visibility: RepresentationVisibility,
    loadHandler: @escaping FileLoadHandler
  ) {
    append(
      Representation(
        identifier: typeIdentifier, visibility: visibility, source: .file(loadHandler, options: fileOptions)))
  }

  /// Adds a representation for each of `object`'s writable types, in its order.
  ///
  /// Apple's counterpart: `registerObject(_:visibility:)`.
  ///
  /// - Parameters:
  ///   - object: The object; readers get it, or its data for each type.
  ///   - visibility: Which processes see the representations.
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
  ///
  /// - Parameters:
  ///   - aClass: The class whose writable types to register.
  ///   - visibility: Which processes see the representations.
  ///   - loadHandler: Delivers the object when a reader asks; returns a progress, or nil.
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
  ///
  /// - Parameters:
  ///   - typeIdentifier: The identifier of the representation's type.
  ///   - loadHandler: Delivers the item when a reader asks.
  public func registerItem(forTypeIdentifier typeIdentifier: String, loadHandler: @escaping LoadHandler) {
    append(Representation(identifier: typeIdentifier, visibility: .all, source: .item(loadHandler)))
  }

  /// Adds a data representation of `contentType`. Apple's counterpart:
  /// `registerDataRepresentation(for:visibility:loadHandler:)`.
  ///
  /// - Parameters:
  ///   - contentType: The representation's type.
  ///   - visibility: Which processes see it.
  ///   - loadHandler: Delivers the data when a reader asks; returns a progress, or nil.
  public func registerDataRepresentation(
    for contentType: UTType, visibility: RepresentationVisibility = .all, loadHandler: @escaping DataLoadHandler
  ) {
    append(
      Representation(
        identifier: contentType.identifier, type: contentType, visibility: visibility, source: .data(loadHandler)))
  }

  /// Adds a file representation of `contentType`. Apple's counterpart:
  /// `registerFileRepresentation(for:visibility:openInPlace:loadHandler:)`.
  ///
  /// - Parameters:
  ///   - contentType: The representation's type.
  ///   - visibility: Which processes see it.
  ///   - openInPlace: Whether readers may open the original instead of a copy.
  ///   - loadHandler: Delivers the file when a reader asks; returns a progress, or nil.
  public func registerFileRepresentation(
    for contentType: UTType, visibility: RepresentationVisibility = .all, openInPlace: Bool = false,
    loadHandler: @escaping FileLoadHandler
  ) {
    append(
      Representation(
        identifier: contentType.identifier, type: contentType, visibility: visibility,
        source: .file(loadHandler, options: openInPlace ? .openInPlace : [])))
  }

  /// The more restrictive of two visibilities.
  static func narrower(_ a: RepresentationVisibility, _ b: RepresentationVisibility) -> RepresentationVisibility {
    a.rawValue >= b.rawValue ? a : b
  }
}
