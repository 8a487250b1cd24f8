import UTIPlatform

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// Identification's decisions, over any ``TypeLookup``: the database's answer refined by the
/// built-in detectors, or without a database the detectors', the name's, then the text test;
/// and each answer named by the identifier of its type.
struct Identifying<Lookup: TypeLookup> {
  let lookup: Lookup

  // MARK: Files and descriptors

  func identifyFile(atPath path: String, byContent: Bool) throws(IdentificationError) -> TypeIdentification {
    let name = FileIO.baseName(of: path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path)
    guard byContent else { return identifyByExtension(name, isDirectory: FileIO.isDirectory(path)) }
    // One stat: what the path is, and a regular file's size; special files are never opened.
    var info = stat()
    guard stat(path, &info) == 0 else {
      let code = errno
      if FileIO.kind(of: path, followingLinks: false) == .symbolicLink { return fileKind("inode/symlink") }
      throw IdentificationError(path: path, code: code)
    }
    switch info.st_mode & S_IFMT {
    case S_IFDIR:
      let byName = identifyByExtension(name, isDirectory: true)
      return TypeIdentification(
        byName.resolved, mimeType: "inode/directory", method: .fileKind,
        explanation: "what the file is: a directory (\(byName.identifier) by its name)")
    case S_IFREG: break
    default: return fileKind(MIMEDatabase.specialType(path))
    }
    if info.st_size == 0 {
      return named("public.plain-text", "text/plain", .content, "the content: an empty file is text, as GIO says")
    }
    var globs: [String]?
    if let database = lookup.database {
      let matches = database.globMatches(forFileName: name)
      globs = matches.map(\.mimeType)
      // One glob type that no detector refines decides without opening the file, as in GIO.
      if matches.count == 1, !Format.containers.contains(database.unalias(matches[0].mimeType)),
        applicationType(ofName: name) == nil
      {
        return identification(matches[0].mimeType, database: database, method: .name).explained(
          "the name: the MIME database's one glob for it gives \(matches[0].mimeType) (the file was not opened)")
      }
    }
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { throw IdentificationError(path: path, code: errno) }
    defer { close(fd) }
    return try identify(fileDescriptor: fd, fileName: name, globs: globs)
  }

  func identify(fileDescriptor fd: Int32, fileName: String?) throws(IdentificationError) -> TypeIdentification {
    try identify(fileDescriptor: fd, fileName: fileName, globs: nil)
  }

  /// Identifies what `fd` reads; `globs` are the database's globs for `fileName` when the
  /// caller has matched them already.
  private func identify(fileDescriptor fd: Int32, fileName: String?, globs: [String]?) throws(IdentificationError)
    -> TypeIdentification
  {
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw IdentificationError(path: fileName ?? "-", code: errno) }
    let isRegular = info.st_mode & S_IFMT == S_IFREG
    let size = isRegular ? Int(info.st_size) : nil
    let wanted = prefixLength
    var head = [UInt8](repeating: 0, count: isRegular ? min(wanted, max(size ?? 0, 0)) : wanted)
    let count: Int
    if isRegular {
      count = head.withUnsafeMutableBytes { FileIO.pread(fd, into: $0, at: 0) }
      guard count >= 0 else { throw IdentificationError(path: fileName ?? "-", code: errno) }
    } else {
      do {
        count = try FileIO.readUpTo(fd: fd, into: &head, path: fileName ?? "-")
      } catch {
        throw IdentificationError(path: fileName ?? "-", code: error.code)
      }
    }
    return head.withUnsafeBytes { bytes in
      var content = ContentBytes(
        UnsafeRawBufferPointer(rebasing: bytes.prefix(count)), size: size, fd: isRegular ? fd : -1)
      return identify(&content, fileName: fileName, globs: globs)
    }
  }

  /// How many leading bytes identification reads.
  var prefixLength: Int {
    max(ContentDetector.prefixLength, MIMEDatabase.textSniffLength, lookup.database?.magicExtent ?? 0)
  }

  // MARK: Deciding

  /// The decision for content named `fileName`: an extension an app's declaration claims names
  /// the type, which the content may only refine (``decide(_:content:)``); otherwise the
  /// database's answer refined by the detectors, or without a database the detectors', the
  /// name's, then the text test.
  func identify(_ content: inout ContentBytes, fileName: String?, globs: [String]? = nil) -> TypeIdentification {
    let found = identifyContent(&content, fileName: fileName, globs: globs)
    guard let declared = fileName.flatMap(applicationType(ofName:)) else { return found }
    return decide(declared, content: found)
  }

  private func identifyContent(_ content: inout ContentBytes, fileName: String?, globs: [String]?)
    -> TypeIdentification
  {
    guard let database = lookup.database else { return identifyWithoutDatabase(&content, fileName: fileName) }
    let globs = globs ?? fileName.map { database.globMatches(forFileName: $0).map(\.mimeType) } ?? []
    let answer = database.identify(globs: globs, data: content.head.bytes, named: fileName != nil)
    let byName = globs.count == 1 && answer == globs[0]
    let why =
      byName
      ? "the name: the MIME database's one glob for it gives \(answer)"
      : globs.isEmpty
        ? "the content: the MIME database's magic and text rules give \(answer)"
        : "the name and the content: of the database's globs (\(globs.joined(separator: ", "))), its magic and "
          + "text rules give \(answer)"
    // Text named by weighing its content (``TextClassifier``) never overrides a name's one type,
    // nor a specific magic; it does override the database's weak text rules, which look at a
    // line or two (``MIMEDatabase/weakTextRules``), its bare text/plain, and a choice among
    // several globs that only its text sniff made (TypeScript named .ts: Qt Linguist or MPEG-2).
    if let format = ContentDetector.detect(&content), !(byName && content.evidence != nil) {
      if let evidence = content.evidence, !Self.format(format, refines: answer, in: database) {
        if Self.isWeakText(answer)
          || Self.sniffChoseText(among: globs, database) && Self.isWeakText(sniffed(content, database))
        {
          return identification(format, method: .content).explained(
            "the content: \(evidence), which outweighs the database's text rules (\(answer))")
        }
      } else if Self.format(format, refines: answer, in: database) {
        let evidence = content.evidence.map { ": \($0)" } ?? ""
        return identification(format, method: .content).explained(
          "the content: the built-in detector found \(format.mimeType)\(evidence), a kind of the database's \(answer)")
      }
      // The format the database named, in the database's words: the format's type, which may
      // carry no MIME tag (Apple's STL type).
      if database.unalias(format.mimeType) == answer, lookup.declares(format.identifier),
        lookup.applicationType(tag: answer, tagClass: .mimeType) == nil
      {
        return named(format.identifier, answer, byName ? .name : .content, why)
      }
    }
    if !byName, MIMEDatabase.weakTextRules.contains(answer) {
      return named("public.plain-text", "text/plain", .content, weakRuleWhy(answer))
    }
    return identification(answer, database: database, method: byName ? .name : .content).explained(why)
  }

  /// Whether the database's choice among a name's several globs turned on its text sniff: some
  /// are text types and some are not (a `.ts` file: Qt Linguist or an MPEG-2 stream). Where
  /// every glob is text (`.service`: a D-Bus service or a systemd unit), the name chose, as in
  /// GIO, and evidence of the syntax they share (INI) does not override it.
  static func sniffChoseText(among globs: [String], _ database: MIMEDatabase) -> Bool {
    guard globs.count > 1 else { return false }
    let text = globs.filter { $0 == "text/plain" || database.isSubclass($0, of: "text/plain") }
    return !text.isEmpty && text.count < globs.count
  }

  /// Whether the database's answer says no more than "text": plain text, or one of its weak
  /// text rules (``MIMEDatabase/weakTextRules``).
  static func isWeakText(_ answer: String) -> Bool {
    answer == "text/plain" || MIMEDatabase.weakTextRules.contains(answer)
  }

  /// The database's answer for the content alone (where several globs matched, it chose among
  /// them by this: a text sniff picks the text glob, however little the content is like it).
  private func sniffed(_ content: ContentBytes, _ database: MIMEDatabase) -> String {
    database.identify(globs: [], data: content.head.bytes, named: false)
  }

  /// Why a weak text rule's answer gave way to plain text.
  private func weakRuleWhy(_ answer: String) -> String {
    "the content: text; the database's rule for \(answer) looks at a line or two, and nothing in the content "
      + "bears it out (the same answer as without the database)"
  }

  private func identifyWithoutDatabase(_ content: inout ContentBytes, fileName: String?) -> TypeIdentification {
    let byName = fileName.flatMap { declaredTypeByExtension($0) }
    // As with a database: text named by weighing its content never overrides a name's text type
    // (a script named notes.txt is text); it does override a name that says the file is not
    // text at all (TypeScript named .ts, which Apple's catalog gives MPEG-2 transport streams).
    let nameIsText = byName.map { lookup.conforms($0.identifier, to: "public.text") } ?? false
    if let format = ContentDetector.detect(&content), !(nameIsText && content.evidence != nil) {
      // A name more specific than the content (a `.dylib` beside Mach-O) keeps its type, with
      // the format's MIME type where the type has none.
      if let byName, lookup.declares(format.identifier),
        UTTypeRegistry.fold(byName.identifier) != UTTypeRegistry.fold(format.identifier),
        lookup.conforms(byName.identifier, to: format.identifier)
      {
        let mimeType = lookup.preferredMIMEType(of: byName.identifier) ?? format.mimeType
        return TypeIdentification(
          byName.resolved, mimeType: mimeType, method: .name,
          explanation: "the name: its extension's type is a kind of the content's \(format.mimeType)")
      }
      return identification(format, method: .content).explained(
        "the content: "
          + (content.evidence.map { "\($0) (\(format.mimeType))" } ?? "the built-in detector found \(format.mimeType)"))
    }
    if let byName { return byName }
    let bytes = content.head.bytes
    if bytes.isEmpty {
      return identification(mimeType: "application/x-zerosize", method: .content).explained("the content: empty")
    }
    if MIMEDatabase.looksLikeText(bytes) {
      return named("public.plain-text", "text/plain", .content, "the content: no format found, and it reads as text")
    }
    return named("public.data", "application/octet-stream", .content, "the content: no format found, and not text")
  }

  /// The identification by name alone: an extension an app declares, else the database's
  /// globs, or a declared extension.
  func identifyByName(_ fileName: String?) -> TypeIdentification {
    if let declared = fileName.flatMap(applicationType(ofName:)) { return declaredIdentification(declared) }
    guard let database = lookup.database else { return identifyByExtension(fileName ?? "", isDirectory: false) }
    let globs = fileName.map { database.globMatches(forFileName: $0).map(\.mimeType) } ?? []
    let answer = database.identify(globs: globs, data: nil)
    return identification(answer, database: database, method: globs.count == 1 ? .name : .content)
  }

  // MARK: An app's own types

  /// The type an app's declaration (from a file, a bundle or code: not the catalog's, not the
  /// machine database's) gives a name's extension, by the preference rule among data types.
  func applicationType(ofName name: String) -> (identifier: String, extension: String)? {
    guard let ext = Self.filenameExtension(name),
      let identifier = lookup.applicationType(tag: ext, tagClass: .filenameExtension)
    else {
      return nil
    }
    return (identifier, ext)
  }

  /// A file whose extension an app declares is that type; the content may refine it only to a
  /// type that conforms to it (a Word document named `.mydoc` where `.mydoc` is a ZIP-based
  /// type stays `.mydoc`; an app's `public.data` type holding JSON stays the app's).
  func decide(_ declared: (identifier: String, extension: String), content found: TypeIdentification)
    -> TypeIdentification
  {
    if UTTypeRegistry.fold(found.identifier) == UTTypeRegistry.fold(declared.identifier) { return found }
    if lookup.conforms(found.identifier, to: declared.identifier) {
      return found.explained(
        "the content: \(found.identifier) is a kind of \(declared.identifier), which '.\(declared.extension)' is "
          + "declared as (\(found.explanation))")
    }
    return declaredIdentification(declared).explained(
      "the name: '.\(declared.extension)' is declared by \(declared.identifier), and the content "
        + "(\(found.identifier)) is not a kind of it")
  }

  private func declaredIdentification(_ declared: (identifier: String, extension: String)) -> TypeIdentification {
    named(
      declared.identifier, lookup.preferredMIMEType(of: declared.identifier) ?? "application/octet-stream", .name,
      "the name: '.\(declared.extension)' is declared by \(declared.identifier)")
  }

  /// Whether a detector's format should replace the database's answer: it is a different
  /// format that is a kind of the answer (by the formats' containers or the database's
  /// `sub-class-of`), the answer says only "data", or the answer is one the format settles
  /// (the database decided by a magic the format shares: ``Format/settles``).
  static func format(_ format: Format, refines answer: String, in database: MIMEDatabase) -> Bool {
    // The table first (no database lookups): the same type, "data", or a container of the format.
    if format.mimeType == answer { return format.identifier != Format.named(format.mimeType)?.identifier }
    if answer == "application/octet-stream" || format.refines(answer) { return true }
    let answer = database.unalias(answer)
    // The database decided by a magic the format shares, which the detector looked past.
    if format.settles.contains(answer) { return true }
    let detected = database.unalias(format.mimeType)
    if detected == answer { return format.identifier != Format.named(format.mimeType)?.identifier }
    if answer == "application/octet-stream" || database.isSubclass(detected, of: answer) { return true }
    // The format's containers, as the table or the database relates them.
    var container = format.container
    for _ in 0..<8 {
      guard let current = container else { break }
      if database.unalias(current) == answer || database.isSubclass(current, of: answer) { return true }
      container = Format.named(current)?.container
    }
    return false
  }

  // MARK: Naming the answer

  /// An identification of the type `identifier`.
  private func named(
    _ identifier: String, _ mimeType: String, _ method: TypeIdentification.Method, _ explanation: String? = nil
  ) -> TypeIdentification {
    TypeIdentification(
      IdentifiedType(identifier, mimeType: mimeType, resolver: lookup.resolver), mimeType: mimeType, method: method,
      explanation: explanation)
  }

  private func identification(_ format: Format, method: TypeIdentification.Method) -> TypeIdentification {
    // An app's declaration of the format's MIME type names it, as the preference rule says.
    if let app = lookup.applicationType(tag: format.mimeType, tagClass: .mimeType) {
      return named(app, format.mimeType, method)
    }
    guard lookup.declares(format.identifier) else { return identification(mimeType: format.mimeType, method: method) }
    return named(format.identifier, format.mimeType, method)
  }

  /// A MIME type's identification without a database: its declared type, else a dynamic type.
  private func identification(mimeType: String, method: TypeIdentification.Method) -> TypeIdentification {
    if let identifier = lookup.preferredIdentifier(tag: mimeType, tagClass: .mimeType, conformingTo: "public.data") {
      return named(identifier, mimeType, method)
    }
    return named(Self.dynamicIdentifier(mimeType), mimeType, method)
  }

  /// The dynamic identifier of an undeclared MIME type conforming to `public.data`, as
  /// `UTTypeRegistry.type(tag:tagClass:conformingTo:)` makes it.
  static func dynamicIdentifier(_ mimeType: String) -> String {
    DynamicTypeIdentifier.encode(
      .init(conformsTo: ["public.data"], tags: [(UTTagClass.mimeType.rawValue, mimeType)]))
  }

  private func fileKind(_ mimeType: String) -> TypeIdentification {
    let why = "what the file is (\(mimeType)), not what it holds"
    if let database = lookup.database {
      return identification(mimeType, database: database, method: .fileKind).explained(why)
    }
    let identifier = MIMETypeLayer.inodeTypes[mimeType] ?? "public.item"
    return named(identifier, mimeType, .fileKind, why)
  }

  /// The type for a MIME type the database gave, named without the MIME layer where the system
  /// types or a derived identifier name it.
  ///
  /// The layer gives a MIME type the system type that declares it (or one of its aliases), else
  /// a type with its derived identifier: the same answer here, from the system types' tags and
  /// ``MIMEDatabase/hasPlainDerivedIdentifier(_:)``. Any other name asks the layer.
  func identification(_ mimeType: String, database: MIMEDatabase, method: TypeIdentification.Method)
    -> TypeIdentification
  {
    let isInode = mimeType.hasPrefix("inode/")
    if isInode, let identifier = MIMETypeLayer.inodeTypes[mimeType], lookup.declares(identifier) {
      return named(identifier, mimeType, method)
    }
    let base = isInode ? "public.item" : "public.data"
    let canonical = database.unalias(mimeType)
    var names = [mimeType]
    if canonical != mimeType { names.append(canonical) }
    for name in names {
      if let identifier = lookup.preferredIdentifier(tag: name, tagClass: .mimeType, conformingTo: base) {
        return named(identifier, mimeType, method)
      }
    }
    for alias in database.aliases(of: canonical) {
      if let identifier = lookup.preferredIdentifier(tag: alias, tagClass: .mimeType, conformingTo: base) {
        return named(identifier, mimeType, method)
      }
    }
    // A format the detectors name with Apple's type, whose catalog entry carries no MIME tag
    // (`public.c-source` for text/x-csrc): the same type by name as by content.
    if let format = Format.named(canonical), !format.isDeclaredHere, lookup.declares(format.identifier) {
      return named(format.identifier, mimeType, method)
    }
    // A type one of our exports installed carries its declared identifier: the layer names it.
    if lookup.readsMIMELayerLater, MIMEDatabase.hasPlainDerivedIdentifier(canonical),
      MIMEDatabase.isWellFormed(canonical), database.installedDeclaration(of: canonical) == nil
    {
      return named(MIMEDatabase.derivedIdentifier(of: canonical), mimeType, method)
    }
    // Anything else: the registry with its layer says.
    let registry = lookup.resolver.registry.completed
    let data = registry.type(withIdentifier: base)
    let type =
      registry.preferredType(tag: mimeType, tagClass: .mimeType, conformingTo: data)
      ?? registry.preferredType(tag: canonical, tagClass: .mimeType, conformingTo: data)
      ?? registry.type(tag: mimeType, tagClass: .mimeType, conformingTo: data)!
    return TypeIdentification(
      IdentifiedType(type.identifier, mimeType: mimeType, resolver: .registry(registry)), mimeType: mimeType,
      method: method)
  }

  // MARK: Names

  /// The declared type a file name's extension gives, or nil (no extension, or none declared).
  private func declaredTypeByExtension(_ name: String) -> TypeIdentification? {
    guard let ext = Self.filenameExtension(name),
      let identifier = lookup.preferredIdentifier(tag: ext, tagClass: .filenameExtension, conformingTo: "public.data"),
      UTTypeRegistry.fold(identifier) != "public.data"
    else { return nil }
    return named(
      identifier, mimeType(of: identifier) ?? "application/octet-stream", .name,
      "the name: '.\(ext)' is declared by \(identifier)")
  }

  /// The type a file name's extension gives: among directory types for a directory
  /// (`public.folder` when none), among data types otherwise (`public.data` without an extension,
  /// a dynamic type for an undeclared one).
  func identifyByExtension(_ name: String, isDirectory: Bool) -> TypeIdentification {
    let fallback = isDirectory ? "public.folder" : "public.data"
    guard let ext = Self.filenameExtension(name) else {
      return named(fallback, isDirectory ? "inode/directory" : "application/octet-stream", .name)
    }
    let base = isDirectory ? "public.directory" : "public.data"
    if lookup.preferredIdentifier(tag: ext, tagClass: .filenameExtension, conformingTo: base) == nil,
      lookup.readsMIMELayerLater
    {
      // An extension the system types lack: the MIME layer may declare it.
      let registry = lookup.resolver.registry
      let type = registry.type(
        tag: ext, tagClass: .filenameExtension, conformingTo: registry.type(withIdentifier: base))!
      let mimeType = type.preferredMIMEType ?? (isDirectory ? "inode/directory" : "application/octet-stream")
      return TypeIdentification(
        IdentifiedType(type.identifier, mimeType: mimeType, resolver: .registry(registry)), mimeType: mimeType,
        method: .name)
    }
    let identifier =
      lookup.preferredIdentifier(tag: ext, tagClass: .filenameExtension, conformingTo: base)
      ?? DynamicTypeIdentifier.encode(.init(conformsTo: [base], tags: [(UTTagClass.filenameExtension.rawValue, ext)]))
    let mimeType =
      mimeType(of: identifier) ?? (isDirectory ? "inode/directory" : "application/octet-stream")
    return named(identifier, mimeType, .name)
  }

  /// The MIME type of the type `identifier`: its preferred tag, else the MIME type the detectors
  /// report for it (Apple's `public.c-source` has no MIME tag; by content it is `text/x-csrc`,
  /// and so by name).
  private func mimeType(of identifier: String) -> String? {
    lookup.preferredMIMEType(of: identifier) ?? Format.byIdentifier[UTTypeRegistry.fold(identifier)]?.mimeType
  }

  /// The extension after a name's last dot; nil without one (or for a dot file such as `.profile`).
  static func filenameExtension(_ name: String) -> String? {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex, name.index(after: dot) != name.endIndex else {
      return nil
    }
    return String(name[name.index(after: dot)...])
  }

}
