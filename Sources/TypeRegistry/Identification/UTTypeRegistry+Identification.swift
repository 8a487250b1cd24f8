import UTIPlatform

/// What identifying data or a file found: its type in the registry and its MIME type.
///
/// ```swift
/// let found = try UTTypeRegistry.shared.current.identifyFile(atPath: "/usr/share/pixmaps/debian-logo.png")
/// found.type        // public.png
/// found.mimeType    // "image/png"
/// ```
///
/// Apple's `UTType` has no content sniffing; this is ours. `method` says what decided.
///
/// The type is resolved when first asked for: an answer that the catalog or the built-in
/// detectors declare costs nothing more, and one that only the machine's MIME database declares
/// reads the registry's MIME layer then (and only then), so that a program that wants the MIME
/// type alone never builds it.
public struct TypeIdentification: Sendable, Hashable, CustomStringConvertible {
  /// How an identification was decided.
  public enum Method: String, Sendable, Hashable {
    /// The file name's globs (or, without a MIME database, its filename extension).
    case name
    /// The content: the built-in detectors, the magic rules, or the text/binary test.
    case content
    /// What the file is (a directory, a FIFO, a socket, a device, a dangling link), not what it holds.
    case fileKind
  }

  /// The type: the registry's preferred type for the MIME type, the type of the format a
  /// built-in detector named, or a dynamic type carrying the MIME type.
  public var type: UTType { resolved.type }
  /// The MIME type the database or a detector gave (the database's canonical name), or the
  /// type's preferred one.
  public let mimeType: String
  /// What decided.
  public let method: Method

  let resolved: IdentifiedType

  init(_ resolved: IdentifiedType, mimeType: String, method: Method) {
    self.resolved = resolved
    self.mimeType = mimeType
    self.method = method
  }

  init(type: UTType, mimeType: String, method: Method) {
    self.init(IdentifiedType(type), mimeType: mimeType, method: method)
  }

  /// The type's identifier, known without resolving the type.
  package var identifier: String { resolved.identifier }

  /// `identifier (mimeType)`.
  public var description: String { "\(identifier) (\(mimeType))" }

  /// Whether two identifications name the same type, MIME type and method.
  public static func == (a: TypeIdentification, b: TypeIdentification) -> Bool {
    UTTypeRegistry.fold(a.identifier) == UTTypeRegistry.fold(b.identifier) && a.mimeType == b.mimeType
      && a.method == b.method
  }

  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(UTTypeRegistry.fold(identifier))
    hasher.combine(mimeType)
    hasher.combine(method)
  }
}

/// An identification's type: resolved already, or a derived MIME type's, resolved in the
/// registry's MIME layer on first use.
final class IdentifiedType: Sendable {
  let identifier: String
  private let eager: UTType?
  private let registry: UTTypeRegistry?
  private let mimeType: String
  private let cache = Locked<UTType?>(nil)

  init(_ type: UTType) {
    identifier = type.identifier
    eager = type
    registry = nil
    mimeType = ""
  }

  /// The type the MIME layer derives for `mimeType` (whose identifier is `identifier`).
  init(derived identifier: String, mimeType: String, in registry: UTTypeRegistry) {
    self.identifier = identifier
    eager = nil
    self.registry = registry
    self.mimeType = mimeType
  }

  var type: UTType {
    if let eager { return eager }
    if let done = cache.withLock({ $0 }) { return done }
    let registry = registry!
    let completed = registry.completed
    let found =
      completed.type(withIdentifier: identifier)
      ?? completed.type(tag: mimeType, tagClass: .mimeType, conformingTo: completed.type(withIdentifier: "public.data"))!
    cache.withLock { $0 = found }
    return found
  }
}

/// A file that could not be identified: it could not be examined or read.
public struct IdentificationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file.
  public let path: String
  /// The system's error number (`errno`).
  public let code: Int32
  /// `path: cannot read: reason`.
  public var description: String { FileIO.Error(path: path, operation: .read, code: code).description }
}

extension UTTypeRegistry {
  /// How many leading bytes identification reads: enough for the built-in detectors (4 KB) and
  /// for the magic rules of the machine's database (which may look further).
  ///
  /// A program identifying a stream or an upload should hand ``identify(_:fileName:)`` at least
  /// this many bytes (fewer when the content is shorter). A few formats decide only with more:
  /// an ISO 9660 image (32,774 bytes), and a ZIP whose first entries were written with data
  /// descriptors or an Apple disk image, which need the end of the file
  /// (``identify(fileDescriptor:fileName:)`` and ``identifyFile(atPath:byContent:)`` read it).
  ///
  /// ```swift
  /// let head = upload.prefix(registry.identificationPrefixLength)
  /// let found = registry.identify(Array(head), fileName: upload.name)
  /// ```
  /// - Complexity: O(1); reads the MIME database (not the registry's MIME layer) on first use.
  public var identificationPrefixLength: Int {
    max(ContentDetector.prefixLength, MIMEDatabase.textSniffLength, loadedMIMEDatabase?.magicExtent ?? 0)
  }

  /// The type of `data` named `fileName`, identified as GIO's `g_content_type_guess` does, then
  /// refined by the built-in detectors.
  ///
  /// With the machine's MIME database, the order is the one the shared-mime-info specification
  /// recommends. The name's globs first: when they give one type it is the answer (unless it is
  /// a container a detector refines). Otherwise the data is sniffed: the magic rules (highest
  /// priority first), XML's document element (`<root-XML>`), else `text/plain` for data without
  /// control characters in its first 4 KB. Without globs the sniffed type is the answer
  /// (`application/octet-stream` when there is none); with several, a sniffed type of priority
  /// 80 or more wins, else the first glob type that is the sniffed type or a subclass of it,
  /// else the heaviest glob type. Empty data is `application/x-zerosize`. The database's answer
  /// then stands unless a built-in detector names a more specific format that is a subclass of
  /// it: the database says `application/zip`, the entries say a Word template.
  ///
  /// Without a MIME database (no ``includesMIMEDatabase``, or a machine without
  /// shared-mime-info), the built-in detectors decide, as in a container: the content's format
  /// wins over the name's extension unless the extension's type is that format or a subtype of
  /// it; where no detector recognises the content, an extension the registry declares decides,
  /// then the text test.
  ///
  /// `data` is taken as the content's first bytes (``identificationPrefixLength`` of them
  /// suffice), and detectors that need the end of a file decide from what it holds; with
  /// `isComplete`, `data` is the whole content and they read its end too.
  ///
  /// ```swift
  /// let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  /// registry.identify(png, fileName: "notes.txt").type  // public.plain-text with a database: the name decides
  /// registry.identify(png, fileName: nil).type          // public.png: the content decides
  /// ```
  /// - Parameters:
  ///   - data: The content's first bytes, or nil to identify by the name alone.
  ///   - fileName: The name the content has, or nil.
  ///   - isComplete: Whether `data` is the whole content (an upload held in memory), not its
  ///     first bytes.
  /// - Returns: The type, the MIME type and what decided.
  /// - Complexity: O(*m*) in the magic rules that are tried; only the first bytes are read, and
  ///   each detector's work is bounded (see ``ContentDetector``).
  public func identify(_ data: [UInt8]?, fileName: String?, isComplete: Bool = false) -> TypeIdentification {
    guard let data else { return identifyByName(fileName) }
    return data.withUnsafeBytes { bytes in
      var content = ContentBytes(bytes, size: isComplete ? bytes.count : nil)
      return identify(&content, fileName: fileName)
    }
  }

  /// The type of content whose first bytes are `prefix`, as ``identify(_:fileName:)``, without
  /// copying them.
  ///
  /// ```swift
  /// buffer.withUnsafeBytes { registry.identify(prefix: $0, fileName: "upload.bin") }
  /// ```
  /// - Parameters:
  ///   - prefix: The content's first bytes.
  ///   - fileName: The name the content has, or nil.
  /// - Returns: The type, the MIME type and what decided.
  /// - Complexity: As ``identify(_:fileName:)``.
  public func identify(prefix: UnsafeRawBufferPointer, fileName: String?) -> TypeIdentification {
    var content = ContentBytes(prefix)
    return identify(&content, fileName: fileName)
  }

  /// The type of the content an open descriptor reads, named `fileName`, as
  /// ``identify(_:fileName:)``.
  ///
  /// For a regular file the first bytes are read with `pread` (the descriptor's offset does not
  /// move), and detectors that need them read further in (a ZIP's central directory, a disk
  /// image's trailer), at most 256 KB in all. A pipe, socket or terminal is read from its
  /// current position, and the ``identificationPrefixLength`` bytes read are consumed.
  ///
  /// ```swift
  /// let found = try registry.identify(fileDescriptor: STDIN_FILENO, fileName: nil)
  /// ```
  /// - Parameters:
  ///   - fd: An open descriptor; it is not closed.
  ///   - fileName: The name the content has, or nil.
  /// - Returns: The type, the MIME type and what decided.
  /// - Throws: ``IdentificationError`` (with the path `"-"`) when the descriptor cannot be read.
  public func identify(fileDescriptor fd: Int32, fileName: String?) throws(IdentificationError) -> TypeIdentification {
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw IdentificationError(path: fileName ?? "-", code: errno) }
    let isRegular = info.st_mode & S_IFMT == S_IFREG
    let size = isRegular ? Int(info.st_size) : nil
    var head = [UInt8](repeating: 0, count: isRegular ? min(identificationPrefixLength, max(size ?? 0, 0)) : identificationPrefixLength)
    let count: Int
    do {
      count = isRegular ? try Self.readAt(fd, into: &head) : try FileIO.readUpTo(fd: fd, into: &head, path: fileName ?? "-")
    } catch {
      throw IdentificationError(path: fileName ?? "-", code: error.code)
    }
    return head.withUnsafeBytes { bytes in
      var content = ContentBytes(UnsafeRawBufferPointer(rebasing: bytes.prefix(count)), size: size, fd: isRegular ? fd : -1)
      return identify(&content, fileName: fileName)
    }
  }

  private static func readAt(_ fd: Int32, into buffer: inout [UInt8]) throws(FileIO.Error) -> Int {
    let count = buffer.withUnsafeMutableBytes { FileIO.pread(fd, into: $0, at: 0) }
    guard count >= 0 else { throw FileIO.Error(path: "-", operation: .read, code: errno) }
    return count
  }

  /// The type of the file at `path`, by name and content (or by name alone), as
  /// ``identify(_:fileName:)`` does, reading only as many bytes as the rules look at.
  ///
  /// Directories and special files are identified without being opened: `inode/directory`
  /// (`public.folder`, or the bundle type a directory's extension names, such as `Thing.app`),
  /// `inode/fifo`, `inode/socket`, `inode/chardevice`, `inode/blockdevice`. A symbolic link is
  /// its target's type; a dangling one is `inode/symlink`. An empty regular file is
  /// `text/plain`, as GIO says (so that a new empty file opens in a text editor). With a
  /// database, a file whose name has one glob type that no detector refines is not opened.
  ///
  /// ```swift
  /// try registry.identifyFile(atPath: "report.docx").mimeType
  /// // "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
  /// ```
  /// - Parameters:
  ///   - path: The file.
  ///   - byContent: Whether to read the content; false identifies by the name alone (the file
  ///     need not exist).
  /// - Returns: The type, the MIME type and what decided.
  /// - Throws: ``IdentificationError`` when a regular file cannot be read (with `byContent`) or
  ///   the path does not exist.
  public func identifyFile(atPath path: String, byContent: Bool = true) throws(IdentificationError)
    -> TypeIdentification
  {
    let name = FileIO.baseName(of: Self.trimmingSlash(path))
    guard byContent else { return identifyByExtension(name, isDirectory: FileIO.isDirectory(path)) }
    switch FileIO.kind(of: path, followingLinks: true) {
    case .directory:
      let byName = identifyByExtension(name, isDirectory: true)
      return TypeIdentification(byName.resolved, mimeType: "inode/directory", method: .fileKind)
    case .missing(let code):
      if FileIO.kind(of: path, followingLinks: false) == .symbolicLink { return fileKind("inode/symlink") }
      throw IdentificationError(path: path, code: code)
    case .special: return fileKind(MIMEDatabase.specialType(path))
    case .file, .symbolicLink: break
    }
    let database = loadedMIMEDatabase
    if let database {
      // One glob type that no detector refines decides without opening the file, as in GIO.
      let globs = database.globMatches(forFileName: name)
      if globs.count == 1, !Format.containers.contains(database.unalias(globs[0].mimeType)),
        Self.fileSize(path).map({ $0 > 0 }) ?? true
      {
        return identification(globs[0].mimeType, database: database, method: .name)
      }
    }
    let fd: Int32
    do {
      fd = try FileIO.openRegularFile(path)
    } catch {
      throw IdentificationError(path: path, code: error.code)
    }
    defer { close(fd) }
    var info = stat()
    if fstat(fd, &info) == 0, info.st_size == 0 {
      return TypeIdentification(IdentifiedType(plainText), mimeType: "text/plain", method: .content)
    }
    do {
      return try identify(fileDescriptor: fd, fileName: name)
    } catch {
      throw IdentificationError(path: path, code: error.code)
    }
  }

  // MARK: Deciding

  /// The decision for content named `fileName`: the database's, refined by the detectors, or
  /// without a database the detectors', then the name's, then the text test.
  func identify(_ content: inout ContentBytes, fileName: String?) -> TypeIdentification {
    if let database = loadedMIMEDatabase {
      let globs = fileName.map { database.globMatches(forFileName: $0).map(\.mimeType) } ?? []
      let answer = database.identify(globs: globs, data: content.head.bytes, named: fileName != nil)
      if let format = ContentDetector.detect(&content), Self.format(format, refines: answer, in: database) {
        return identification(format, method: .content)
      }
      let byName = globs.count == 1 && answer == globs[0]
      return identification(answer, database: database, method: byName ? .name : .content)
    }
    let named = fileName.flatMap { declaredTypeByExtension($0) }
    if let format = ContentDetector.detect(&content) {
      // A name more specific than the content (a `.dylib` beside Mach-O) keeps its type, with
      // the format's MIME type where the type has none.
      if let named, let detected = type(withIdentifier: format.identifier), named.type != detected,
        named.type.conforms(to: detected)
      {
        return TypeIdentification(
          named.resolved, mimeType: named.type.preferredMIMEType ?? format.mimeType, method: .name)
      }
      return identification(format, method: .content)
    }
    if let named { return named }
    let bytes = content.head.bytes
    if bytes.isEmpty { return identification(mimeType: "application/x-zerosize", method: .content) }
    if MIMEDatabase.looksLikeText(bytes) {
      return TypeIdentification(IdentifiedType(plainText), mimeType: "text/plain", method: .content)
    }
    return TypeIdentification(IdentifiedType(dataType), mimeType: "application/octet-stream", method: .content)
  }

  /// Whether a detector's format should replace the database's answer: it is a different
  /// format that is a kind of the answer (by the formats' containers or the database's
  /// `sub-class-of`), or the answer says only "data".
  static func format(_ format: Format, refines answer: String, in database: MIMEDatabase) -> Bool {
    let answer = database.unalias(answer)
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

  /// Whether an answer `ours` is `theirs` or a kind of it (an alias of it, a subclass the
  /// database or the detectors' formats know): how identification is compared with GIO's.
  package static func mimeType(_ ours: String, isOrRefines theirs: String, in database: MIMEDatabase) -> Bool {
    if database.unalias(ours) == database.unalias(theirs) || database.isSubclass(ours, of: theirs) { return true }
    guard let format = Format.named(ours) else { return false }
    return Self.format(format, refines: theirs, in: database)
  }

  /// The identification by name alone: the database's globs, or a declared extension.
  private func identifyByName(_ fileName: String?) -> TypeIdentification {
    guard let database = loadedMIMEDatabase else { return identifyByExtension(fileName ?? "", isDirectory: false) }
    let globs = fileName.map { database.globMatches(forFileName: $0).map(\.mimeType) } ?? []
    let answer = database.identify(globs: globs, data: nil)
    return identification(answer, database: database, method: globs.count == 1 ? .name : .content)
  }

  // MARK: Mapping an answer to a type

  private var dataType: UTType {
    type(withIdentifier: "public.data") ?? UTType(registry: self, undeclared: "public.data", conformingTo: nil)
  }

  private var plainText: UTType {
    type(withIdentifier: "public.plain-text") ?? UTType(registry: self, undeclared: "public.plain-text", conformingTo: nil)
  }

  private func identification(_ format: Format, method: TypeIdentification.Method) -> TypeIdentification {
    guard let type = type(withIdentifier: format.identifier) else {
      return identification(mimeType: format.mimeType, method: method)
    }
    return TypeIdentification(IdentifiedType(type), mimeType: format.mimeType, method: method)
  }

  /// A MIME type's identification in a registry without a database: its declared type, else a
  /// dynamic type.
  private func identification(mimeType: String, method: TypeIdentification.Method) -> TypeIdentification {
    let type = self.type(tag: mimeType, tagClass: .mimeType, conformingTo: dataType)!
    return TypeIdentification(IdentifiedType(type), mimeType: mimeType, method: method)
  }

  private func fileKind(_ mimeType: String) -> TypeIdentification {
    if let database = loadedMIMEDatabase { return identification(mimeType, database: database, method: .fileKind) }
    let identifier = MIMETypeLayer.inodeTypes[mimeType] ?? "public.item"
    let type = type(withIdentifier: identifier) ?? UTType(registry: self, undeclared: identifier, conformingTo: nil)
    return TypeIdentification(IdentifiedType(type), mimeType: mimeType, method: .fileKind)
  }

  /// The registry's type for a MIME type the database gave, found without the MIME layer where
  /// the catalog, the detectors' formats or a derived identifier name it.
  ///
  /// The layer gives a MIME type the catalog's type that declares it (or one of its aliases),
  /// else a type with its derived identifier: the same answer here, from the catalog's tags and
  /// ``MIMEDatabase/hasPlainDerivedIdentifier(_:)``. Anything else (a name declared by a loaded
  /// file, a name whose derived identifier could carry a suffix) asks the layer.
  func identification(_ mimeType: String, database: MIMEDatabase, method: TypeIdentification.Method)
    -> TypeIdentification
  {
    let isInode = mimeType.hasPrefix("inode/")
    if isInode, let identifier = MIMETypeLayer.inodeTypes[mimeType], let type = type(withIdentifier: identifier) {
      return TypeIdentification(IdentifiedType(type), mimeType: mimeType, method: method)
    }
    let base = isInode ? type(withIdentifier: "public.item") : dataType
    let canonical = database.unalias(mimeType)
    var names = [mimeType]
    if canonical != mimeType { names.append(canonical) }
    var checkedAliases = false
    var index = 0
    while true {
      if index == names.count {
        guard !checkedAliases else { break }
        checkedAliases = true
        names += database.aliases(of: canonical)
        if index == names.count { break }
      }
      let name = names[index]
      index += 1
      guard let candidates = candidates(tag: name, tagClass: .mimeType) else { continue }
      guard candidates.allSatisfy({ records[Int($0)].declaration.isBuiltIn }) else { return completedIdentification(mimeType, method) }
      if let base, let id = candidates.first(where: { conforms($0, resolve(base) ?? -1) }) {
        return TypeIdentification(IdentifiedType(UTType(registry: self, id: id)), mimeType: mimeType, method: method)
      }
    }
    guard systemTypes.pending != nil, MIMEDatabase.hasPlainDerivedIdentifier(canonical),
      MIMEDatabase.isWellFormed(canonical)
    else { return completedIdentification(mimeType, method) }
    let resolved = IdentifiedType(derived: MIMEDatabase.derivedIdentifier(of: canonical), mimeType: mimeType, in: self)
    return TypeIdentification(resolved, mimeType: mimeType, method: method)
  }

  /// The identification through the registry with its MIME layer.
  private func completedIdentification(_ mimeType: String, _ method: TypeIdentification.Method) -> TypeIdentification {
    let registry = completed
    let base = registry.type(withIdentifier: mimeType.hasPrefix("inode/") ? "public.item" : "public.data")
    let database = registry.systemTypes.database
    let type =
      registry.preferredType(tag: mimeType, tagClass: .mimeType, conformingTo: base)
      ?? database.flatMap { registry.preferredType(tag: $0.unalias(mimeType), tagClass: .mimeType, conformingTo: base) }
      ?? registry.type(tag: mimeType, tagClass: .mimeType, conformingTo: base)!
    return TypeIdentification(IdentifiedType(type), mimeType: mimeType, method: method)
  }

  /// The MIME database this registry's layer reads, without building the layer; nil without one
  /// (or when no directory had a readable cache).
  package var loadedMIMEDatabase: MIMEDatabase? {
    guard let database = systemTypes.database ?? systemTypes.source?.load(), !database.caches.isEmpty else { return nil }
    return database
  }

  // MARK: Names

  /// The declared type a file name's extension gives, or nil (no extension, or none declared).
  private func declaredTypeByExtension(_ name: String) -> TypeIdentification? {
    let found = identifyByExtension(name, isDirectory: false)
    guard found.type.isDeclared, name.contains("."), found.type.identifier != "public.data" else { return nil }
    return found
  }

  private static func fileSize(_ path: String) -> Int? {
    var info = stat()
    return stat(path, &info) == 0 ? Int(info.st_size) : nil
  }

  /// The type a file name's extension gives: among directory types for a directory
  /// (`public.folder` when none), among data types otherwise (`public.data` without an extension).
  private func identifyByExtension(_ name: String, isDirectory: Bool) -> TypeIdentification {
    let fallback = self.type(withIdentifier: isDirectory ? "public.folder" : "public.data")
    var type: UTType? = nil
    if let dot = name.lastIndex(of: "."), dot != name.startIndex, name.index(after: dot) != name.endIndex {
      let base = self.type(withIdentifier: isDirectory ? "public.directory" : "public.data")
      type = self.type(tag: String(name[name.index(after: dot)...]), tagClass: .filenameExtension, conformingTo: base)
    }
    let found =
      type ?? fallback
      ?? UTType(registry: self, undeclared: isDirectory ? "public.folder" : "public.data", conformingTo: nil)
    let mimeType = found.preferredMIMEType ?? (isDirectory ? "inode/directory" : "application/octet-stream")
    return TypeIdentification(type: found, mimeType: mimeType, method: .name)
  }

  private static func trimmingSlash(_ path: String) -> String {
    path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
  }
}
