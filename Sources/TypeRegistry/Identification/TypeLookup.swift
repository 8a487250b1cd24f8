import UTIPlatform

/// What identification asks of the types its answers map to: a registry's own indexes, or, in a
/// process that has built no registry (a command identifying one file), an index of the system
/// types made straight from the compiled-in entries.
///
/// Identifiers and base types are compared case-insensitively throughout.
protocol TypeLookup {
  /// The machine's MIME database the answers come from; nil without one.
  var database: MIMEDatabase? { get }
  /// Whether a MIME layer exists that has not been built (a type only it declares is named by
  /// its derived identifier and resolved later).
  var readsMIMELayerLater: Bool { get }
  /// Where the identifications' types are resolved.
  var resolver: TypeResolver { get }
  /// Whether a type with `identifier` is declared.
  func declares(_ identifier: String) -> Bool
  /// The identifier of the preferred type with `tag` that conforms to `base`, or nil.
  func preferredIdentifier(tag: String, tagClass: UTTagClass, conformingTo base: String) -> String?
  /// Whether the type `identifier` conforms to `base`.
  func conforms(_ identifier: String, to base: String) -> Bool
  /// The first MIME type the type declares.
  func preferredMIMEType(of identifier: String) -> String?
  /// The identifier of the preferred data type for a tag (an extension, a MIME type), when an
  /// app's declaration (a loaded file or code, not the catalog or the machine's database) is it.
  func applicationType(tag: String, tagClass: UTTagClass) -> String?
}

extension UTTypeRegistry: TypeLookup {
  var database: MIMEDatabase? { loadedMIMEDatabase }
  var readsMIMELayerLater: Bool { systemTypes.pending != nil }
  var resolver: TypeResolver { .registry(self) }

  func declares(_ identifier: String) -> Bool { id(of: identifier) != nil }

  func preferredIdentifier(tag: String, tagClass: UTTagClass, conformingTo base: String) -> String? {
    guard let candidates = candidates(tag: tag, tagClass: tagClass), let base = id(of: base) else { return nil }
    // The MIME layer ranks below every declaration: a declared answer stands without it.
    return candidates.first { conforms($0, base) }.map { records.identifier(at: Int($0)) }
  }

  func conforms(_ identifier: String, to base: String) -> Bool {
    guard let a = id(of: identifier), let b = id(of: base) else { return false }
    return conforms(a, b)
  }

  func preferredMIMEType(of identifier: String) -> String? { type(withIdentifier: identifier)?.preferredMIMEType }

  func applicationType(tag: String, tagClass: UTTagClass) -> String? {
    // Declarations from files and code are in the registry without its MIME layer, and rank
    // ahead of the layer's types: no need to read the database.
    guard !files.isEmpty || !codeDeclarations.isEmpty, let base = id(of: "public.data"),
      let candidates = candidates(tag: tag, tagClass: tagClass),
      let first = candidates.first(where: { conforms($0, base) })
    else { return nil }
    let declaration = records[Int(first)].declaration
    // A system type an Info.plist re-declares (`public.png`) is still Apple's.
    let identifier = records.identifier(at: Int(first))
    let isSystem = UTTypeRegistry.isSystemNamespace(identifier)
    return declaration.isBuiltIn || declaration.isFromMIMEDatabase || isSystem ? nil : identifier
  }
}

/// The system types (the catalog's and the detectors' formats') indexed by identifier, MIME type
/// and filename extension, in the registry's preference order (`public.*` first, then
/// declaration order), built from the compiled-in entries without declarations or a graph:
/// what one identification needs in a process that has no registry yet, in a fraction of a
/// registry's build.
final class SystemTypeIndex: Sendable {
  static let shared = SystemTypeIndex()

  let identifiers: [String]
  let parents: [[Int32]]
  let mimeTypes: [[String]]
  let byIdentifier: [String: Int32]
  let byMIMEType: [String: [Int32]]
  let byExtension: [String: [Int32]]

  init() {
    var identifiers: [String] = []
    var parentNames: [[String]] = []
    var mimeTypes: [[String]] = []
    var extensions: [[String]] = []
    for entry in BuiltInCatalog.entries {
      identifiers.append(entry.identifier)
      parentNames.append(entry.parents)
      mimeTypes.append(entry.tags.first { $0.0 == UTTagClass.mimeType.rawValue }?.1 ?? [])
      extensions.append(entry.tags.first { $0.0 == UTTagClass.filenameExtension.rawValue }?.1 ?? [])
    }
    for format in Format.declaredHere {
      identifiers.append(format.identifier)
      parentNames.append(format.parents)
      mimeTypes.append([format.declaredMIMEType])
      extensions.append(format.extensions)
    }
    var byIdentifier: [String: Int32] = [:]
    byIdentifier.reserveCapacity(identifiers.count)
    for (index, identifier) in identifiers.enumerated() {
      let key = UTTypeRegistry.fold(identifier)
      if byIdentifier[key] == nil { byIdentifier[key] = Int32(index) }
    }
    func index(_ tags: [[String]]) -> [String: [Int32]] {
      var result: [String: [Int32]] = [:]
      for (id, values) in tags.enumerated() {
        for value in values { result[UTTypeRegistry.fold(value), default: []].append(Int32(id)) }
      }
      for (key, ids) in result where ids.count > 1 {
        let isPublic = { (id: Int32) in UTTypeRegistry.fold(identifiers[Int(id)]).hasPrefix("public.") ? 0 : 1 }
        result[key] = ids.sorted { (isPublic($0), $0) < (isPublic($1), $1) }
      }
      return result
    }
    self.identifiers = identifiers
    parents = parentNames.map { $0.compactMap { byIdentifier[UTTypeRegistry.fold($0)] } }
    self.mimeTypes = mimeTypes
    self.byIdentifier = byIdentifier
    byMIMEType = index(mimeTypes)
    byExtension = index(extensions)
  }

  func id(of identifier: String) -> Int32? { byIdentifier[UTTypeRegistry.fold(identifier)] }

  /// Whether `a` is `b` or reaches it through parents (each type visited once).
  func conforms(_ a: Int32, _ b: Int32) -> Bool {
    var pending = [a]
    var seen: Set<Int32> = []
    while let current = pending.popLast() {
      if current == b { return true }
      guard seen.insert(current).inserted else { continue }
      pending += parents[Int(current)]
    }
    return false
  }
}

/// Identification's lookups in a process that has not built its registry: the compiled-in
/// entries, and the builder's MIME database; the registry is built only if a type is resolved.
///
/// Used where the builder adds nothing to the system types (no files, no declarations in code),
/// so that the entries answer exactly as the registry would. The first lookups scan the entries
/// (a few microseconds each, nothing built); after ``scanLimit`` of them the
/// ``SystemTypeIndex`` is built (about a millisecond) and answers the rest, so that identifying
/// one file costs no index and identifying thousands no scans.
final class SystemTypeLookup: TypeLookup, Sendable {
  let database: MIMEDatabase?
  let readsMIMELayerLater: Bool
  let resolver: TypeResolver
  /// Lookups answered so far by scanning, and the index once it is built.
  private let state = Locked<(scans: Int, index: SystemTypeIndex?)>((0, nil))

  /// How many lookups scan the entries before the index is built.
  static let scanLimit = 64

  init(_ builder: UTTypeRegistry.Builder) {
    let loaded = builder.mimeDatabase?.load()
    database = loaded.flatMap { $0.caches.isEmpty ? nil : $0 }
    readsMIMELayerLater = builder.mimeDatabase != nil
    resolver = .pending(PendingRegistry(builder))
  }

  /// The index, once enough lookups have been made to pay for it.
  private func indexIfWorthIt() -> SystemTypeIndex? {
    let index = state.withLock { state -> SystemTypeIndex?? in
      if let index = state.index { return index }
      state.scans += 1
      return state.scans > Self.scanLimit ? .some(nil) : nil
    }
    switch index {
    case .some(.some(let built)): return built
    case .some(.none):
      let built = SystemTypeIndex.shared
      state.withLock { $0.index = built }
      return built
    case .none: return nil
    }
  }

  func declares(_ identifier: String) -> Bool {
    if let index = indexIfWorthIt() { return index.id(of: identifier) != nil }
    return SystemTypeScan.entry(identifier) != nil
  }

  func preferredIdentifier(tag: String, tagClass: UTTagClass, conformingTo base: String) -> String? {
    guard tagClass == .mimeType || tagClass == .filenameExtension else {
      return resolver.registry.preferredIdentifier(tag: tag, tagClass: tagClass, conformingTo: base)
    }
    if let index = indexIfWorthIt() {
      let key = UTTypeRegistry.fold(tag)
      guard let candidates = tagClass == .mimeType ? index.byMIMEType[key] : index.byExtension[key],
        let base = index.id(of: base)
      else { return nil }
      return candidates.first { index.conforms($0, base) }.map { index.identifiers[Int($0)] }
    }
    return SystemTypeScan.preferred(tag: tag, tagClass: tagClass, conformingTo: base)
  }

  func conforms(_ identifier: String, to base: String) -> Bool {
    if let index = indexIfWorthIt() {
      guard let a = index.id(of: identifier), let b = index.id(of: base) else { return false }
      return index.conforms(a, b)
    }
    return SystemTypeScan.conforms(identifier, to: base)
  }

  /// The system types alone: no app declares anything here.
  func applicationType(tag: String, tagClass: UTTagClass) -> String? { nil }

  func preferredMIMEType(of identifier: String) -> String? {
    if let index = indexIfWorthIt() { return index.id(of: identifier).flatMap { index.mimeTypes[Int($0)].first } }
    return SystemTypeScan.entry(identifier)?.mimeTypes.first
  }
}

/// The system types read one entry at a time, for the first lookups of a process.
///
/// The catalog is read first and the formats declared here only when it has no answer: a
/// format's identifier is a derived one (which the catalog never uses), its MIME type is one
/// the catalog does not declare, and for an extension both declare, the catalog's type ranks
/// first (it is `public.*`, or earlier in declaration order). So one file's identification
/// reads the compiled-in catalog and never builds the formats' table.
enum SystemTypeScan {
  /// One system type's parents and MIME types.
  struct Entry {
    var parents: [String]
    var mimeTypes: [String]
  }

  /// The system type `identifier`, compared case-insensitively.
  static func entry(_ identifier: String) -> Entry? {
    let key = UTTypeRegistry.fold(identifier)
    if key.hasPrefix(MIMEDatabase.derivedIdentifierPrefix) {
      for format in Format.declaredHere where UTTypeRegistry.fold(format.identifier) == key {
        return Entry(parents: format.parents, mimeTypes: [format.declaredMIMEType])
      }
      return nil
    }
    let catalog = BuiltInCatalog.entries
    for index in catalog.indices where UTTypeRegistry.fold(catalog[index].identifier) == key {
      return Entry(parents: catalog[index].parents, mimeTypes: catalog[index].tags(UTTagClass.mimeType.rawValue))
    }
    return nil
  }

  /// The first type with a tag that conforms to `base`, in the registry's preference order
  /// (`public.*` first, then declaration order).
  static func preferred(tag: String, tagClass: UTTagClass, conformingTo base: String) -> String? {
    let key = UTTypeRegistry.fold(tag)
    let catalog = BuiltInCatalog.entries
    var others: [String] = []
    for index in catalog.indices {
      let values = catalog[index].tags(tagClass.rawValue)
      guard values.contains(where: { UTTypeRegistry.fold($0) == key }) else { continue }
      let identifier = catalog[index].identifier
      if UTTypeRegistry.fold(identifier).hasPrefix("public.") {
        if conforms(identifier, to: base) { return identifier }
      } else {
        others.append(identifier)
      }
    }
    if let found = others.first(where: { conforms($0, to: base) }) { return found }
    for format in Format.declaredHere {
      let values = tagClass == .mimeType ? [format.declaredMIMEType] : format.extensions
      if values.contains(where: { UTTypeRegistry.fold($0) == key }), conforms(format.identifier, to: base) {
        return format.identifier
      }
    }
    return nil
  }

  /// Whether `identifier` is `base` or reaches it through parents (each type visited once).
  static func conforms(_ identifier: String, to base: String) -> Bool {
    let target = UTTypeRegistry.fold(base)
    var pending = [UTTypeRegistry.fold(identifier)]
    var seen: [String] = []
    while let current = pending.popLast() {
      if current == target { return true }
      guard !seen.contains(current), let entry = entry(current) else { continue }
      seen.append(current)
      pending += entry.parents.map(UTTypeRegistry.fold)
    }
    return false
  }
}
