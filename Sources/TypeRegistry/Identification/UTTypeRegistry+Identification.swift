import UTIPlatform

extension UTTypeRegistry {
  /// How many leading bytes identification reads: enough for the built-in detectors (4 KB) and
  /// for the magic rules of the machine's database (which may look further).
  ///
  /// A program identifying a stream or an upload should hand ``identify(_:fileName:isComplete:)`` at least
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
  public var identificationPrefixLength: Int { Identifying(lookup: self).prefixLength }

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
  ///   each detector's work is bounded (see <doc:IdentifyingFiles>).
  public func identify(_ data: [UInt8]?, fileName: String?, isComplete: Bool = false) -> TypeIdentification {
    guard let data else { return Identifying(lookup: self).identifyByName(fileName) }
    return data.withUnsafeBytes { bytes in
      var content = ContentBytes(bytes, size: isComplete ? bytes.count : nil)
      return Identifying(lookup: self).identify(&content, fileName: fileName)
    }
  }

  /// The type of content whose first bytes are `prefix`, as ``identify(_:fileName:isComplete:)``, without
  /// copying them.
  ///
  /// ```swift
  /// buffer.withUnsafeBytes { registry.identify(prefix: $0, fileName: "upload.bin") }
  /// ```
  /// - Parameters:
  ///   - prefix: The content's first bytes.
  ///   - fileName: The name the content has, or nil.
  /// - Returns: The type, the MIME type and what decided.
  /// - Complexity: As ``identify(_:fileName:isComplete:)``.
  public func identify(prefix: UnsafeRawBufferPointer, fileName: String?) -> TypeIdentification {
    var content = ContentBytes(prefix)
    return Identifying(lookup: self).identify(&content, fileName: fileName)
  }

  /// The type of the content an open descriptor reads, named `fileName`, as
  /// ``identify(_:fileName:isComplete:)``.
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
    try Identifying(lookup: self).identify(fileDescriptor: fd, fileName: fileName)
  }

  /// The type of the file at `path`, by name and content (or by name alone), as
  /// ``identify(_:fileName:isComplete:)`` does, reading only as many bytes as the rules look at.
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
    try Identifying(lookup: self).identifyFile(atPath: path, byContent: byContent)
  }

  /// Whether an answer `ours` is `theirs` or a kind of it (an alias of it, a subclass the
  /// database or the detectors' formats know), or the format that bytes sharing the database's
  /// magic really are (a fat Mach-O where the database says Java): how identification is
  /// compared with GIO's.
  /// Where GIO's answer is one of the database's weak text rules (``MIMEDatabase/weakTextRules``)
  /// and ours is plain text or a text format the classifier named, ours is the documented
  /// departure: the evidence weighed over a line or two.
  package static func mimeType(_ ours: String, isOrRefines theirs: String, in database: MIMEDatabase) -> Bool {
    if database.unalias(ours) == database.unalias(theirs) || database.isSubclass(ours, of: theirs) { return true }
    if MIMEDatabase.weakTextRules.contains(theirs),
      ours == "text/plain" || Format.named(ours)?.container == "text/plain"
    {
      return true
    }
    guard let format = Format.named(ours) else { return false }
    // Bytes that share the database's magic and that the format's structure settles (a fat
    // Mach-O where GIO says Java): the database's answer was only the magic's.
    if format.settles.contains(database.unalias(theirs)) { return true }
    return Identifying<UTTypeRegistry>.format(format, refines: theirs, in: database)
  }

  /// The MIME database this registry's layer reads, without building the layer; nil without one
  /// (or when no directory had a readable cache).
  package var loadedMIMEDatabase: MIMEDatabase? {
    guard let database = systemTypes.database ?? systemTypes.source?.load(), !database.caches.isEmpty else {
      return nil
    }
    return database
  }
}

extension UTTypeRegistry.Builder {
  /// Whether the registry this builder builds holds the system types alone (the catalog and the
  /// detectors' formats, and the MIME layer): then identification needs no registry.
  package var addsOnlySystemTypes: Bool {
    includesSystemTypes && includesDetectorFormats && files.isEmpty && codeDeclarations.isEmpty
  }

  /// Identification in the registry this builder would build, without building it when it
  /// holds the system types alone (see ``FileIdentifier``).
  package func makeFileIdentifier() -> FileIdentifier {
    FileIdentifier(addsOnlySystemTypes ? .system(SystemTypeLookup(self)) : .registry(build()))
  }

  /// Why directories of the MIME database were skipped.
  package var mimeDatabaseProblems: [String] { mimeDatabase?.load().problems ?? [] }
}

/// ``UTTypeRegistry/identifyFile(atPath:byContent:)`` and
/// ``UTTypeRegistry/identify(fileDescriptor:fileName:)`` for a command: with the system types
/// alone, answers are named from the compiled-in entries and the registry is built only if a
/// type is resolved; otherwise the registry is built first.
package struct FileIdentifier: Sendable {
  enum Lookup: Sendable {
    case system(SystemTypeLookup)
    case registry(UTTypeRegistry)
  }

  let lookup: Lookup

  init(_ lookup: Lookup) { self.lookup = lookup }

  package func identifyFile(atPath path: String, byContent: Bool = true) throws(IdentificationError)
    -> TypeIdentification
  {
    switch lookup {
    case .system(let lookup): try Identifying(lookup: lookup).identifyFile(atPath: path, byContent: byContent)
    case .registry(let registry): try registry.identifyFile(atPath: path, byContent: byContent)
    }
  }

  package func identify(fileDescriptor fd: Int32, fileName: String?) throws(IdentificationError) -> TypeIdentification {
    switch lookup {
    case .system(let lookup): try Identifying(lookup: lookup).identify(fileDescriptor: fd, fileName: fileName)
    case .registry(let registry): try registry.identify(fileDescriptor: fd, fileName: fileName)
    }
  }
}

extension UTTypeRegistry {
  /// The formats the built-in detectors name from content (`utictl identify --formats`), in
  /// their table's order: each one's type identifier, MIME type and description.
  package static var detectorFormats: [(identifier: String, mimeType: String, description: String)] {
    Format.all.map { format in
      let description =
        format.isDeclaredHere
        ? format.description
        : builtIn.type(withIdentifier: format.identifier)?.localizedDescription ?? format.identifier
      return (format.identifier, format.mimeType, description)
    }
  }
}
