/// The machine's MIME types as type declarations, layered over the built-in catalog.
///
/// For each MIME type of the database (canonical name):
/// - **Claimed**: a catalog type already declares it, or one of its aliases, as a
///   `public.mime-type` tag (a `public.*` type first when several do); `inode/*` types are
///   claimed by Apple's file-system types (`inode/directory` by `public.folder` …). The claimant
///   gains the database's canonical name, aliases and glob extensions as added tags (see
///   `UTType.tags`), only where no catalog type declares that tag already; its declaration, so
///   its conformance, its preferred tags and every catalog answer, stays as Apple gives it.
/// - **Installed by us**: an unclaimed type whose package names its type identifier (an export
///   of ours: ``MIMEDatabase/installedDeclarations``) is a declaration with that identifier and
///   its declared conformances (those the registry knows) before the database's parents, unless
///   the catalog or another installed type has the identifier.
/// - **Unclaimed**: a new declaration with ``MIMEDatabase/derivedIdentifier(of:)``, the MIME
///   type and its aliases as MIME tags, its glob extensions as extension tags, and as parents the
///   types of its `sub-class-of` parents plus the implicit ones: `text/plain` for `text/*`,
///   `application/octet-stream` (`public.data`) for a type with no parents (but `inode/*`, which
///   conforms to `public.item`), and the media type's category (`image/*` → `public.image`,
///   `audio/*` → `public.audio`, `video/*` → `public.movie`, `font/*` → `public.font`,
///   `model/*` → `public.3d-content`).
enum MIMETypeLayer {
  /// The file-system types Apple declares for the specification's `inode/*` types.
  static let inodeTypes: [String: String] = [
    "inode/directory": "public.folder", "inode/symlink": "public.symlink", "inode/fifo": "public.named-pipe",
    "inode/socket": "public.socket", "inode/chardevice": "public.character-special",
    "inode/blockdevice": "public.block-special",
  ]

  /// The category each media type conforms to, where the catalog declares it.
  static let mediaCategories: [String: String] = [
    "image": "public.image", "audio": "public.audio", "video": "public.movie", "font": "public.font",
    "model": "public.3d-content",
  ]

  static let mimeTag = UTTagClass.mimeType.rawValue
  static let extensionTag = UTTagClass.filenameExtension.rawValue

  /// The tags the database adds to the catalog's types that claim a MIME type (by index in
  /// `base`), and a declaration for every MIME type that none claims (in the database's order).
  /// - Complexity: O(*n* + *t*) in the declarations and the database's types.
  static func apply(_ database: MIMEDatabase, to base: [TypeDeclaration]) -> (
    addedTags: [Int: [String: [String]]], added: [TypeDeclaration], caseSensitive: [Int: Set<String>]
  ) {
    let infos = database.typeInfos()
    var claims = Claims(base)
    var identifiers: [String: String] = [:]  // MIME type → identifier, for parents
    var unclaimed: [MIMEDatabase.TypeInfo] = []
    var claimants: [(Int, MIMEDatabase.TypeInfo)] = []
    var taken = Set(base.map { UTTypeRegistry.fold($0.identifier) })
    for info in infos {
      if let index = claims.claimant(of: info) {
        identifiers[info.mimeType] = base[index].identifier
        claimants.append((index, info))
      } else {
        unclaimed.append(info)
      }
    }
    let installed = adopt(unclaimed, database: database, identifiers: &identifiers, taken: &taken)
    name(unclaimed.filter { identifiers[$0.mimeType] == nil }, identifiers: &identifiers, taken: &taken)
    // Tags are added after every claim is known, so that a claimant never takes a tag the
    // catalog gives another type.
    var addedTags: [Int: [String: [String]]] = [:]
    // Case-sensitive extensions, by declaration index (base first, then the added ones).
    var caseSensitive: [Int: Set<String>] = [:]
    for (index, info) in claimants {
      claims.supplement(&addedTags[index, default: [:]], with: info)
      if !info.caseSensitiveExtensions.isEmpty {
        caseSensitive[index, default: []].formUnion(info.caseSensitiveExtensions)
      }
    }
    for (offset, info) in unclaimed.enumerated() where !info.caseSensitiveExtensions.isEmpty {
      caseSensitive[base.count + offset] = info.caseSensitiveExtensions
    }
    let added = unclaimed.map { info in
      // An installed declaration's own conformances first (those the registry knows), then the database's.
      let declared = (installed[info.mimeType]?.conformsTo ?? []).filter { taken.contains(UTTypeRegistry.fold($0)) }
      var seen = Set<String>()
      var declaration = TypeDeclaration(
        identifier: identifiers[info.mimeType]!, kind: .exported,
        conformsTo: (declared + parents(of: info, identifiers: identifiers, claims: claims)).filter {
          seen.insert(UTTypeRegistry.fold($0)).inserted
        },
        tags: [mimeTag: [info.mimeType] + info.aliases].merging(
          info.extensions.isEmpty ? [:] : [extensionTag: info.extensions]
        ) { a, _ in a })
      declaration.fields.isFromMIMEDatabase = true
      return declaration
    }
    return (addedTags.filter { !$0.value.isEmpty }, added, caseSensitive)
  }

  /// Gives the unclaimed types that one of our exports installed their declared identifiers
  /// (``MIMEDatabase/installedDeclarations``), where no catalog type or other installed type has
  /// the identifier already; the installed declarations adopted, by MIME type.
  static func adopt(
    _ unclaimed: [MIMEDatabase.TypeInfo], database: MIMEDatabase, identifiers: inout [String: String],
    taken: inout Set<String>
  ) -> [String: MIMEDatabase.InstalledDeclaration] {
    var adopted: [String: MIMEDatabase.InstalledDeclaration] = [:]
    guard !database.installedDeclarations.isEmpty else { return adopted }
    for info in unclaimed {
      guard let installed = database.installedDeclaration(of: info.mimeType),
        taken.insert(UTTypeRegistry.fold(installed.identifier)).inserted
      else { continue }
      identifiers[info.mimeType] = installed.identifier
      adopted[info.mimeType] = installed
    }
    return adopted
  }

  /// Names the types no declaration claims. Plain names first: their identifiers never
  /// collide, so each is its derived identifier in every database (identification names one
  /// without building the layer); a name with other characters takes a suffix if its identifier
  /// is taken.
  static func name(
    _ unclaimed: [MIMEDatabase.TypeInfo], identifiers: inout [String: String], taken: inout Set<String>
  ) {
    for info in unclaimed where MIMEDatabase.hasPlainDerivedIdentifier(info.mimeType) {
      let identifier = MIMEDatabase.derivedIdentifier(of: info.mimeType)
      taken.insert(identifier)
      identifiers[info.mimeType] = identifier
    }
    for info in unclaimed where !MIMEDatabase.hasPlainDerivedIdentifier(info.mimeType) {
      var identifier = MIMEDatabase.derivedIdentifier(of: info.mimeType)
      var suffix = 2
      while taken.contains(identifier) {
        identifier = MIMEDatabase.derivedIdentifier(of: info.mimeType) + "-\(suffix)"
        suffix += 1
      }
      taken.insert(identifier)
      identifiers[info.mimeType] = identifier
    }
  }

  /// The parents of an unclaimed type: its `sub-class-of` parents, then the implicit ones.
  static func parents(of info: MIMEDatabase.TypeInfo, identifiers: [String: String], claims: Claims) -> [String] {
    /// The type of a MIME type: the database's, or the catalog's claimant when the database lacks it.
    func type(_ mimeType: String) -> String? { identifiers[mimeType] ?? claims.identifier(claiming: mimeType) }
    var parents = info.parents.compactMap(type)
    let media = info.mimeType.prefix { $0 != "/" }
    if media == "text", info.mimeType != "text/plain", let plain = type("text/plain") { parents.append(plain) }
    if let category = mediaCategories[String(media)], claims.declares(category) { parents.append(category) }
    if parents.isEmpty {
      if media == "inode" {
        if claims.declares("public.item") { parents.append("public.item") }
      } else if info.mimeType != "application/octet-stream", let data = type("application/octet-stream") {
        parents.append(data)
      }
    }
    var seen = Set<String>()
    return parents.filter { seen.insert(UTTypeRegistry.fold($0)).inserted }
  }

  /// Which catalog declaration claims each MIME type, and which tags the catalog declares.
  struct Claims {
    /// Folded MIME type → index of the claiming declaration.
    var byMIMEType: [String: Int] = [:]
    /// Folded tags of each class that some declaration already has.
    var mimeTypes = Set<String>()
    var extensions = Set<String>()
    var identifiers: [String: Int] = [:]
    var declared: [String] = []

    init(_ base: [TypeDeclaration]) {
      declared = base.map(\.identifier)
      for (index, declaration) in base.enumerated() {
        identifiers[UTTypeRegistry.fold(declaration.identifier)] = index
        let isPublic = UTTypeRegistry.fold(declaration.identifier).hasPrefix("public.")
        for mimeType in declaration.tags[mimeTag] ?? [] {
          let key = UTTypeRegistry.fold(mimeType)
          mimeTypes.insert(key)
          if let current = byMIMEType[key] {
            if isPublic && !UTTypeRegistry.fold(base[current].identifier).hasPrefix("public.") {
              byMIMEType[key] = index
            }
          } else {
            byMIMEType[key] = index
          }
        }
        for value in declaration.tags[extensionTag] ?? [] { extensions.insert(UTTypeRegistry.fold(value)) }
      }
      for (mimeType, identifier) in inodeTypes where byMIMEType[mimeType] == nil {
        if let index = identifiers[identifier] { byMIMEType[mimeType] = index }
      }
    }

    func declares(_ identifier: String) -> Bool { identifiers[identifier] != nil }

    /// The identifier of the declaration that claims `mimeType`.
    func identifier(claiming mimeType: String) -> String? {
      byMIMEType[UTTypeRegistry.fold(mimeType)].map { declared[$0] }
    }

    /// The declaration that claims the type or, failing that, one of its aliases.
    func claimant(of info: MIMEDatabase.TypeInfo) -> Int? {
      if let index = byMIMEType[UTTypeRegistry.fold(info.mimeType)] { return index }
      return info.aliases.lazy.compactMap { byMIMEType[UTTypeRegistry.fold($0)] }.first
    }

    /// Adds the database's MIME names and extensions to a claimant's added tags, where no
    /// declaration has them yet.
    mutating func supplement(_ tags: inout [String: [String]], with info: MIMEDatabase.TypeInfo) {
      for mimeType in [info.mimeType] + info.aliases where mimeTypes.insert(UTTypeRegistry.fold(mimeType)).inserted {
        tags[mimeTag, default: []].append(mimeType)
      }
      for value in info.extensions {
        // A case-sensitive extension is its own tag: `*.C` beside a declared `c`.
        let key = info.caseSensitiveExtensions.contains(value) ? "\u{0}" + value : UTTypeRegistry.fold(value)
        if extensions.insert(key).inserted { tags[extensionTag, default: []].append(value) }
      }
    }
  }
}
