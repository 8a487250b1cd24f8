import PropertyList
import UTIPlatform

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One entry of `UTExportedTypeDeclarations` or `UTImportedTypeDeclarations`.
///
/// The fields are read leniently (a string where an array is expected is taken as a one-element
/// array, as Apple does); ``plist`` keeps the dictionary as written, with the offset of every key
/// and value, so that tools can point at the exact place of a problem.
///
/// ```swift
/// let file = try DeclarationFile(contentsOf: "Info.plist")
/// for declaration in file.declarations where declaration.kind == .exported {
///   print(declaration.identifier, declaration.conformsTo)
/// }
/// ```
///
/// Apple's counterpart is the dictionary form documented for `UTExportedTypeDeclarations`.
public struct TypeDeclaration: Sendable {
  /// Whether the declaring bundle owns the type (exported) or uses another's (imported).
  public enum Kind: String, Sendable, Hashable, CustomStringConvertible {
    case exported, imported
    /// `exported` or `imported`.
    public var description: String { rawValue }
    /// The Info.plist key of the list this kind of declaration lives in.
    public var key: String { self == .exported ? "UTExportedTypeDeclarations" : "UTImportedTypeDeclarations" }
  }

  /// The fields, as one value.
  struct Fields: Sendable {
    var identifier: String
    var kind: Kind
    var conformsTo: [String]
    var description: String?
    var tags: [String: [String]]
    var referenceURL: String?
    var iconFile: String?
    var version: Int?
    var plist = PropertyList.Dictionary()
    /// `-1` for a declaration made in code.
    var offset = -1
    var index = 0
    var file: DeclarationFile?
    var isBuiltIn = false
    var isFromMIMEDatabase = false
  }

  /// The fields in a box shared between copies until one is changed (copy on write), so that
  /// copying a declaration costs one reference count however many fields it has.
  final class Box: @unchecked Sendable {
    // Sendable: `fields` is written only through a declaration that holds the box alone
    // (`isKnownUniquelyReferenced`, else it copies first); a box two values share is only read.
    // Changed only through `fields`' `_modify`, when this box is the value's alone.
    var fields: Fields
    init(_ fields: Fields) { self.fields = fields }
  }

  private var box: Box

  /// The fields: read from the shared box; changed in a box of this value's own.
  var fields: Fields {
    get { box.fields }
    _modify {
      if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
      yield &box.fields
    }
  }

  /// `UTTypeIdentifier`, as written.
  public var identifier: String {
    get { fields.identifier }
    set { fields.identifier = newValue }
  }

  /// Whether the declaration is exported or imported: which list it is in.
  public var kind: Kind {
    get { fields.kind }
    set { fields.kind = newValue }
  }

  /// `UTTypeConformsTo`: the direct parents, as written.
  public var conformsTo: [String] {
    get { fields.conformsTo }
    set { fields.conformsTo = newValue }
  }

  /// `UTTypeDescription`.
  public var description: String? {
    get { fields.description }
    set { fields.description = newValue }
  }

  /// `UTTypeTagSpecification`: tag class (`public.filename-extension` …) to values, in order.
  public var tags: [String: [String]] {
    get { fields.tags }
    set { fields.tags = newValue }
  }

  /// `UTTypeReferenceURL`.
  public var referenceURL: String? {
    get { fields.referenceURL }
    set { fields.referenceURL = newValue }
  }

  /// `UTTypeIconFile`, or the `UTTypeIconName` of `UTTypeIcons`.
  public var iconFile: String? {
    get { fields.iconFile }
    set { fields.iconFile = newValue }
  }

  /// `UTTypeVersion`.
  public var version: Int? {
    get { fields.version }
    set { fields.version = newValue }
  }

  /// The declaration's dictionary as written, with offsets (empty for one made in code). Set by
  /// the reader.
  public var plist: PropertyList.Dictionary { fields.plist }

  /// The offset of the declaration's dictionary in its file, as stored: `-1` for a declaration
  /// made in code. Set by the reader: the registry and the linter trust it.
  package var rawOffset: Int { fields.offset }

  /// The offset of the declaration's dictionary in its file; nil for a declaration made in code.
  public var offset: Int? { rawOffset >= 0 ? rawOffset : nil }

  /// The position of the declaration in its list.
  public var index: Int { fields.index }

  /// The file that declares it; nil for declarations made in code and the built-in catalog's.
  public var file: DeclarationFile? { fields.file }

  /// Whether the declaration is one of the built-in catalog's system types.
  public var isBuiltIn: Bool { fields.isBuiltIn }

  /// Whether the declaration was made from the machine's shared-mime-info database (a MIME type
  /// no other declaration claims), rather than read from a file or made in code.
  public var isFromMIMEDatabase: Bool { fields.isFromMIMEDatabase }

  /// Creates a declaration in code.
  ///
  /// - Parameters:
  ///   - identifier: The type's identifier (`UTTypeIdentifier`).
  ///   - kind: Whether the type is exported (owned) or imported.
  ///   - conformsTo: The identifiers of its parents (`UTTypeConformsTo`).
  ///   - description: The human-readable name (`UTTypeDescription`).
  ///   - tags: Tag values by tag class, such as `public.filename-extension` (`UTTypeTagSpecification`).
  ///   - referenceURL: A page that describes the format (`UTTypeReferenceURL`).
  ///   - version: The declaration's version (`UTTypeVersion`).
  public init(
    identifier: String, kind: Kind = .exported, conformsTo: [String] = [], description: String? = nil,
    tags: [String: [String]] = [:], referenceURL: String? = nil, version: Int? = nil
  ) {
    box = Box(
      Fields(
        identifier: identifier, kind: kind, conformsTo: conformsTo, description: description, tags: tags,
        referenceURL: referenceURL, version: version))
  }

  /// Where the declaration is, for messages: `Info.plist:14:3`, or `built-in`.
  public var origin: String {
    if isBuiltIn { return "built-in" }
    if isFromMIMEDatabase { return "shared-mime-info" }
    guard let file else { return "code" }
    let location = file.location(ofOffset: rawOffset)
    return location.line.map { "\(file.path):\($0)" } ?? "\(file.path) (byte \(rawOffset))"
  }

  /// The offset of a key's value in the declaration, for messages.
  ///
  /// - Parameter key: A key of the declaration's dictionary, such as `UTTypeConformsTo`.
  /// - Returns: The offset of its value in the file's source, or nil if the key is absent.
  public func offset(ofKey key: String) -> Int? { plist.entry(forKey: key)?.value.offset }
}

/// A file of type declarations: an Info.plist, an `exported-types.plist`, or a bundle's Info.plist.
///
/// Keeps the parsed document to compute line and column numbers when something is reported.
public final class DeclarationFile: Sendable {
  /// The path as given (a bundle directory resolves to its Info.plist).
  public let path: String
  /// The parsed property list.
  public let document: PropertyList.Document
  /// True for the built-in catalog of system types.
  public let isBuiltIn: Bool
  /// The declarations, exported first and then imported, each in file order.
  public let declarations: [TypeDeclaration]
  /// What could not be read as a declaration, with its place.
  public let problems: [DeclarationProblem]
  /// Whether the file is a shared-mime-info package read as the declarations it names
  /// (``init(contentsOf:)-(String)``), not a property list.
  public let isMIMEPackage: Bool
  private let lines = Locked<PropertyList.LineTable?>(nil)

  /// Parses `bytes` as a file of declarations named `path`.
  ///
  /// - Parameters:
  ///   - bytes: The file's contents, a property list in any format.
  ///   - path: The name that locations and messages use.
  ///   - isBuiltIn: Whether the file is the built-in catalog (its declarations lose to any other).
  /// - Throws: ``DeclarationLoadError`` when the bytes are not a property list, with its location.
  public convenience init(bytes: [UInt8], path: String, isBuiltIn: Bool = false) throws(DeclarationLoadError) {
    try self.init(bytes: bytes, path: path, isBuiltIn: isBuiltIn, isMIMEPackage: false)
  }

  init(bytes: [UInt8], path: String, isBuiltIn: Bool, isMIMEPackage: Bool) throws(DeclarationLoadError) {
    self.path = path
    self.isBuiltIn = isBuiltIn
    self.isMIMEPackage = isMIMEPackage
    do {
      document = try PropertyList.parse(bytes)
    } catch {
      throw DeclarationLoadError(.malformed, path: path, message: error.message, location: error.location)
    }
    var declarations: [TypeDeclaration] = []
    var problems: [DeclarationProblem] = []
    DeclarationReader.read(document.root, into: &declarations, problems: &problems)
    self.declarations = declarations
    self.problems = problems
  }

  /// Reads a file, or a bundle directory's `Contents/Info.plist` or `Info.plist`.
  ///
  /// A shared-mime-info package that `utictl export freedesktop` wrote (an installed
  /// `mime/packages/APP-ID.xml`) is read as the exported declarations it names, each located
  /// at its `<mime-type>` element's line.
  ///
  /// - Parameter path: A property list file, a bundle directory, or an exported package.
  /// - Throws: ``DeclarationLoadError`` when the file cannot be read or parsed.
  public convenience init(contentsOf path: String) throws(DeclarationLoadError) {
    var file = path
    if FileIO.isDirectory(path) {
      let candidates = [path + "/Contents/Info.plist", path + "/Info.plist"]
      guard let found = candidates.first(where: { !FileIO.isDirectory($0) && (try? FileIO.read($0)) != nil }) else {
        throw DeclarationLoadError(
          .unreadable, path: path,
          message: "'\(path)' is a directory without Contents/Info.plist or Info.plist; give a bundle or a plist file")
      }
      file = found
    }
    let bytes: [UInt8]
    do {
      bytes = try FileIO.read(file)
    } catch {
      throw DeclarationLoadError(.unreadable, path: file, message: "\(error)")
    }
    if Self.isMIMEPackage(bytes) {
      let plist = try Self.declarationPlist(fromMIMEPackage: bytes, path: file)
      try self.init(bytes: plist, path: file, isBuiltIn: false, isMIMEPackage: true)
      return
    }
    try self.init(bytes: bytes, path: file)
  }

  /// Reads a file named by a URL; see ``init(contentsOf:)-(String)``.
  ///
  /// - Parameter url: A file URL of a property list file or a bundle directory.
  /// - Throws: ``DeclarationLoadError`` when the URL is not a file URL, or the file cannot be read or parsed.
  public convenience init(contentsOf url: URL) throws(DeclarationLoadError) {
    try self.init(contentsOf: url.path)
  }

  /// The declarations with their file set.
  package var attachedDeclarations: [TypeDeclaration] {
    declarations.map {
      var d = $0
      d.fields.file = self
      d.fields.isBuiltIn = isBuiltIn
      return d
    }
  }

  /// The line and column of an offset in this file.
  ///
  /// - Parameter offset: A byte offset into the file's source.
  /// - Returns: The offset with its line and column.
  public func location(ofOffset offset: Int) -> PropertyList.SourceLocation {
    if document.format == .binary || document.encoding != .utf8 { return document.location(ofOffset: offset) }
    return lines.withLock { table in
      if table == nil { table = PropertyList.LineTable(document.source) }
      return table!.location(ofOffset: offset)
    }
  }
}

/// Why a declaration file could not be loaded.
public struct DeclarationLoadError: Error, Sendable, CustomStringConvertible {
  /// The kind of load failure.
  public struct Code: Sendable, Hashable, CustomStringConvertible {
    let name: String
    /// The file could not be opened or read.
    public static let unreadable = Code(name: "unreadable")
    /// The file is not a readable property list.
    public static let malformed = Code(name: "malformed")
    /// The code's name: `unreadable` or `malformed`.
    public var description: String { name }
  }

  /// Whether the file could not be read or is not a property list.
  public let code: Code
  /// The file, as it was given.
  public let path: String
  /// The system's reason, or what the plist reader expected and found.
  public let message: String
  /// Where in the file, for malformed files.
  public let location: PropertyList.SourceLocation?

  init(_ code: Code, path: String, message: String, location: PropertyList.SourceLocation? = nil) {
    self.code = code
    self.path = path
    self.message = message
    self.location = location
  }

  /// `path:line:column: message`, or `path: message`.
  public var description: String {
    if let location, let line = location.line, let column = location.column {
      return "\(path):\(line):\(column): \(message)"
    }
    if let location { return "\(path): \(message) (at byte offset \(location.offset))" }
    return message
  }
}

/// Part of a file that has the wrong shape to be read as a declaration.
public struct DeclarationProblem: Sendable, Hashable {
  /// The kind of problem.
  public enum Kind: Sendable, Hashable {
    /// A value of the wrong kind (`UTTypeConformsTo` as a dictionary …).
    case wrongValueType
    /// A declaration without `UTTypeIdentifier`.
    case missingIdentifier
  }

  /// The kind of problem.
  public var kind: Kind = .wrongValueType
  /// What is wrong, as a message.
  public var message: String
  /// The offset of the value at fault.
  public var offset: Int
  /// The key path of the value at fault (`UTExportedTypeDeclarations.2.UTTypeConformsTo`).
  public var keyPath: String
}
