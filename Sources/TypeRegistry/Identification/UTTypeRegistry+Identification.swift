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
public struct TypeIdentification: Sendable, Hashable, CustomStringConvertible {
  /// How an identification was decided.
  public enum Method: String, Sendable, Hashable {
    /// The file name's globs (or, without a MIME database, its filename extension).
    case name
    /// The content's magic rules (or the text/binary test), where the name did not decide.
    case content
    /// What the file is (a directory, a FIFO, a socket, a device, a dangling link), not what it holds.
    case fileKind
  }

  /// The type: the registry's preferred type for the MIME type, or a dynamic type carrying it.
  public let type: UTType
  /// The MIME type the database gave (canonical), or the type's preferred one.
  public let mimeType: String
  /// What decided.
  public let method: Method

  /// `identifier (mimeType)`.
  public var description: String { "\(type.identifier) (\(mimeType))" }
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
  /// The type of `data` named `fileName`, identified as GIO's `g_content_type_guess` does,
  /// which follows the order the shared-mime-info specification recommends.
  ///
  /// The name's globs first: when they give one type it is the answer and the data is not looked
  /// at. Otherwise the data is sniffed: the magic rules (highest priority first), XML's
  /// document element (`<root-XML>`), else `text/plain` for data without control characters in
  /// its first 4 KB. Without globs the sniffed type is the answer (`application/octet-stream`
  /// when there is none); with several, a sniffed type of priority 80 or more wins, else the
  /// first glob type that is the sniffed type or a subclass of it (`report.doc` holding an OLE
  /// file is a Word document), else the heaviest glob type. Empty data is
  /// `application/x-zerosize`.
  ///
  /// Without a MIME database (no ``includesMIMEDatabase``, or a machine without
  /// shared-mime-info), a filename extension the registry declares decides, and otherwise the
  /// content is matched against built-in signatures of the formats people meet most (PNG, JPEG,
  /// GIF, WebP, HEIC, AVIF, PDF, ZIP and its EPUB, OpenDocument, Office and JAR family, gzip,
  /// bzip2, xz, Zstandard, 7-Zip, RAR, tar, ELF, Mach-O, WebAssembly, MP3, MP4, QuickTime,
  /// WebM, WAV, AIFF, FLAC, Ogg, MIDI, SQLite, TrueType, OpenType, WOFF, …), written from the
  /// formats' specifications.
  ///
  /// ```swift
  /// let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  /// registry.identify(png, fileName: "notes.txt").type  // public.plain-text: the name decides
  /// registry.identify(png, fileName: nil).type          // public.png: the content decides
  /// ```
  /// - Complexity: O(*m*) in the magic rules that are tried; only the first bytes are read.
  public func identify(_ data: [UInt8]?, fileName: String?) -> TypeIdentification {
    guard let database = mimeDatabase, !database.caches.isEmpty else {
      if let fileName, let named = declaredTypeByName(fileName, isDirectory: false) { return named }
      guard let data else { return identifyByName(fileName ?? "", isDirectory: false) }
      let signatures = BuiltInSignatures.database
      let mimeType = data.withUnsafeBytes { signatures.identify(globs: [], data: $0, named: fileName != nil) }
      return identification(mimeType, in: signatures, decidedByName: false)
    }
    let globs = fileName.map { database.globMatches(forFileName: $0).map(\.mimeType) } ?? []
    let mimeType: String
    if let data {
      mimeType = data.withUnsafeBytes { database.identify(globs: globs, data: $0) }
    } else {
      mimeType = database.identify(globs: globs, data: nil)
    }
    return identification(mimeType, in: database, decidedByName: globs.count == 1)
  }

  /// The type of the file at `path`, by name and content (or by name alone), as
  /// ``identify(_:fileName:)`` does, reading only as many bytes as the magic rules look at.
  ///
  /// Directories and special files are identified without being opened: `inode/directory`
  /// (`public.folder`, or the bundle type a directory's extension names, such as `Thing.app`),
  /// `inode/fifo`, `inode/socket`, `inode/chardevice`, `inode/blockdevice`. A symbolic link is
  /// its target's type; a dangling one is `inode/symlink`. An empty regular file is
  /// `text/plain`, as GIO says (so that a new empty file opens in a text editor).
  /// - Throws: ``IdentificationError`` when a regular file cannot be read (with `byContent`) or
  ///   the path does not exist.
  public func identifyFile(atPath path: String, byContent: Bool = true) throws(IdentificationError)
    -> TypeIdentification
  {
    let isDirectory = FileIO.isDirectory(path)
    let name = FileIO.baseName(of: Self.trimmingSlash(path))
    guard byContent else { return identifyByName(name, isDirectory: isDirectory) }
    var database = BuiltInSignatures.database
    if let machine = mimeDatabase, !machine.caches.isEmpty {
      database = machine
    } else if !isDirectory, Self.isNonEmptyRegularFile(path), let named = declaredTypeByName(name, isDirectory: false) {
      // Without a database the catalog's extensions stand in for globs: a known one decides.
      return named
    }
    let found: (mimeType: String, byName: Bool)
    do {
      found = try database.identifyFileDeciding(atPath: path)
    } catch {
      throw IdentificationError(path: path, code: error.code)
    }
    if found.mimeType == "inode/directory" {
      let byName = identifyByName(name, isDirectory: true)
      return TypeIdentification(type: byName.type, mimeType: found.mimeType, method: .fileKind)
    }
    if found.mimeType.hasPrefix("inode/") {
      return identification(found.mimeType, in: database, decidedByName: false, method: .fileKind)
    }
    return identification(found.mimeType, in: database, decidedByName: found.byName)
  }

  /// The registry's type for a MIME type the database gave.
  private func identification(
    _ mimeType: String, in database: MIMEDatabase, decidedByName: Bool, method: TypeIdentification.Method? = nil
  ) -> TypeIdentification {
    let base = self.type(withIdentifier: mimeType.hasPrefix("inode/") ? "public.item" : "public.data")
    let type =
      preferredType(tag: mimeType, tagClass: .mimeType, conformingTo: base)
      ?? preferredType(tag: database.unalias(mimeType), tagClass: .mimeType, conformingTo: base)
      ?? self.type(tag: mimeType, tagClass: .mimeType, conformingTo: base)!
    return TypeIdentification(type: type, mimeType: mimeType, method: method ?? (decidedByName ? .name : .content))
  }

  /// The declared type a file name's extension gives, or nil (no extension, or none declared).
  private func declaredTypeByName(_ name: String, isDirectory: Bool) -> TypeIdentification? {
    let found = identifyByName(name, isDirectory: isDirectory)
    guard found.type.isDeclared, name.contains("."), found.type.identifier != "public.data" else { return nil }
    return found
  }

  private static func isNonEmptyRegularFile(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && info.st_size > 0
  }

  /// The type a file name's extension gives: among directory types for a directory
  /// (`public.folder` when none), among data types otherwise (`public.data` without an extension).
  private func identifyByName(_ name: String, isDirectory: Bool) -> TypeIdentification {
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
