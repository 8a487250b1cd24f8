extension UTType {
  /// The preferred declared type for a filename extension (without the dot) that conforms to
  /// `supertype`, or a dynamic type when none is declared; nil for an empty extension.
  ///
  /// Apple's counterpart: `init?(filenameExtension:conformingTo:)`.
  /// - Complexity: O(1) for the usual single candidate.
  /// - Parameters:
  ///   - filenameExtension: The extension, such as `png`.
  ///   - supertype: The type the result must conform to; ``data`` by default.
  public init?(filenameExtension: String, conformingTo supertype: UTType = .data) {
    self.init(tag: filenameExtension, tagClass: .filenameExtension, conformingTo: supertype)
  }

  /// The preferred declared type for a MIME type; see ``init(filenameExtension:conformingTo:)``.
  /// Apple's counterpart: `init?(mimeType:conformingTo:)`.
  ///
  /// - Parameters:
  ///   - mimeType: The MIME type, such as `image/png`.
  ///   - supertype: The type the result must conform to; ``data`` by default.
  public init?(mimeType: String, conformingTo supertype: UTType = .data) {
    self.init(tag: mimeType, tagClass: .mimeType, conformingTo: supertype)
  }

  /// The preferred declared type for a tag of any class that conforms to `supertype`, or a
  /// dynamic type carrying the tag; nil for an empty tag.
  ///
  /// The preference: `public.*` types, then system-declared ones, then exported, then imported
  /// declarations, then declaration order. Apple's counterpart: `init?(tag:tagClass:conformingTo:)`.
  ///
  /// - Parameters:
  ///   - tag: The tag's value.
  ///   - tagClass: The tag's class.
  ///   - supertype: The type the result must conform to, or nil for any.
  public init?(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?) {
    guard let type = UTTypeRegistry.shared.current.type(tag: tag, tagClass: tagClass, conformingTo: supertype) else {
      return nil
    }
    self = type
  }

  /// Every declared type with the tag that conforms to `supertype`, most preferred first.
  /// Apple's counterpart: `types(tag:tagClass:conformingTo:)`.
  ///
  /// - Parameters:
  ///   - tag: The tag's value.
  ///   - tagClass: The tag's class.
  ///   - supertype: The type the results must conform to, or nil for any.
  /// - Returns: The matching declared types; empty when none is declared.
  public static func types(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?) -> [UTType] {
    UTTypeRegistry.shared.current.types(tag: tag, tagClass: tagClass, conformingTo: supertype)
  }

  /// The type's tags by class, each list in declared order (the first is preferred).
  ///
  /// On Linux a catalog type also carries the MIME names and extensions the machine's
  /// shared-mime-info database gives it, after its own (see ``UTTypeRegistry/Builder``); the
  /// preferred tags stay the declared ones.
  public var tags: [UTTagClass: [String]] {
    var result: [UTTagClass: [String]] = [:]
    if let declaration {
      for (tagClass, values) in declaration.tags.merging(addedTags ?? [:], uniquingKeysWith: +) where !values.isEmpty {
        result[UTTagClass(rawValue: tagClass)] = values
      }
    } else if let extra {
      for tag in extra.specification.tags { result[UTTagClass(rawValue: tag.tagClass), default: []].append(tag.value) }
    }
    return result
  }

  /// The first filename extension the type declares. Apple's counterpart: `preferredFilenameExtension`.
  public var preferredFilenameExtension: String? { preferredTag(.filenameExtension) }

  /// The first MIME type the type declares. Apple's counterpart: `preferredMIMEType`.
  public var preferredMIMEType: String? { preferredTag(.mimeType) }

  /// The tags of a class the type's declaration (or dynamic specification) gives, without the
  /// ones the MIME layer adds: no database is read for them.
  package func declaredTags(_ tagClass: UTTagClass) -> [String] {
    if let declaration { return declaration.tags[tagClass.rawValue] ?? [] }
    return extra?.specification.tags.filter { $0.tagClass == tagClass.rawValue }.map(\.value) ?? []
  }

  /// The first declared tag of a class (tags the MIME layer adds are never preferred).
  func preferredTag(_ tagClass: UTTagClass) -> String? {
    if let declaration { return declaration.tags[tagClass.rawValue]?.first }
    return extra?.specification.tags.first { $0.tagClass == tagClass.rawValue }?.value
  }
}
