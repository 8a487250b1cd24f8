extension UTTypeRegistry {
  /// The ids of the types declaring a tag, in preference order.
  @inline(__always)
  func candidates(tag: String, tagClass: UTTagClass) -> TagCandidates? {
    let key = Self.fold(tag)
    let index = tagIndex
    switch tagClass {
    case .filenameExtension:
      // The types whose extension matches in any case, and those whose extension (from a
      // case-sensitive glob: `C` for C++) matches only its own case, in preference order.
      guard let exact = index.extensions[TagIndex.exactMarker + tag] else { return index.extensions[key] }
      guard let folded = index.extensions[key] else { return exact }
      let ids = Set(exact).union(folded).sorted {
        rank($0, tag: tag, key: key) < rank($1, tag: tag, key: key)
      }
      return TagCandidates(ordered: ids)
    case .mimeType: return index.mimeTypes[key]
    default: return index.byClass[Self.fold(tagClass.rawValue)]?[key]
    }
  }

  /// The rank of `id` for an extension it has in exactly `tag`'s case (marked so) or in any case (`key`).
  private func rank(_ id: Int32, tag: String, key: String) -> (Int, Int, Int32) {
    let record = records[Int(id)]
    let exact = record.caseSensitiveExtensions?.contains(tag) == true
    return GraphBuilder.rank(
      record, id, tagClass: UTTagClass.filenameExtension.rawValue, key: exact ? TagIndex.exactMarker + tag : key)
  }

  /// The declared types with `tag` in `tagClass` that conform to `supertype`, most preferred first.
  ///
  /// Tags and tag classes compare case-insensitively. The order is the preference rule:
  /// `public.*` types first, then the system's declarations, then exported, then imported ones,
  /// then declaration order. Apple's counterpart is `UTType.types(tag:tagClass:conformingTo:)`.
  /// - Complexity: O(*c*) in the number of types declaring the tag.
  /// - Parameters:
  ///   - tag: The tag's value, such as `png`.
  ///   - tagClass: The tag's class, such as ``UTTagClass/filenameExtension``.
  ///   - supertype: The type the results must conform to, or nil for any.
  /// - Returns: The matching declared types; empty when none is declared.
  public func types(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType? = nil) -> [UTType] {
    if systemTypes.pending != nil { return completed.types(tag: tag, tagClass: tagClass, conformingTo: supertype) }
    guard let candidates = candidates(tag: tag, tagClass: tagClass) else { return [] }
    let target = supertype.map { resolve($0) }
    return candidates.compactMap { id -> UTType? in
      switch target {
      case .none: return UTType(registry: self, id: id)
      case .some(.none): return nil
      case .some(.some(let t)): return conforms(id, t) ? UTType(registry: self, id: id) : nil
      }
    }
  }

  /// The most preferred declared type with `tag` that conforms to `supertype`, or nil.
  /// - Complexity: O(*c*) in the number of types declaring the tag; usually one.
  /// - Parameters:
  ///   - tag: The tag's value, such as `png`.
  ///   - tagClass: The tag's class, such as ``UTTagClass/filenameExtension``.
  ///   - supertype: The type the result must conform to, or nil for any.
  /// - Returns: The first of ``types(tag:tagClass:conformingTo:)``, or nil.
  public func preferredType(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType? = nil) -> UTType? {
    let found = preferredDeclaredType(tag: tag, tagClass: tagClass, conformingTo: supertype)
    // A declared type's answer stands: the MIME layer's types and tags rank below every declaration.
    guard systemTypes.pending != nil, found == nil else { return found }
    return completed.preferredType(tag: tag, tagClass: tagClass, conformingTo: supertype)
  }

  private func preferredDeclaredType(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?) -> UTType? {
    guard let candidates = candidates(tag: tag, tagClass: tagClass) else { return nil }
    guard let supertype else { return UTType(registry: self, id: candidates.first) }
    guard let target = resolve(supertype) else { return nil }
    for id in candidates where conforms(id, target) { return UTType(registry: self, id: id) }
    return nil
  }

  /// The preferred type for `tag`, or a dynamic type that carries the tag and conforms to
  /// `supertype`; nil for an empty tag. Apple's counterpart is `UTType(tag:tagClass:conformingTo:)`.
  ///
  /// - Parameters:
  ///   - tag: The tag's value, such as `png`.
  ///   - tagClass: The tag's class, such as ``UTTagClass/filenameExtension``.
  ///   - supertype: The type the result must conform to, or nil for any.
  /// - Returns: The declared or dynamic type, or nil for an empty tag.
  public func type(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?) -> UTType? {
    guard !tag.isEmpty else { return nil }
    if let found = preferredType(tag: tag, tagClass: tagClass, conformingTo: supertype) { return found }
    let specification = DynamicTypeIdentifier.Specification(
      conformsTo: supertype.map { [$0.identifier] } ?? [], tags: [(tagClass.rawValue, tag)])
    return UTType(registry: self, identifier: DynamicTypeIdentifier.encode(specification), dynamic: specification)
  }
}
