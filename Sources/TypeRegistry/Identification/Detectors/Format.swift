/// A file format the built-in detectors name: its MIME type, its type identifier, and the
/// container format it refines.
///
/// The MIME type is IANA's where IANA registers one, else the shared-mime-info database's, else
/// the format's own documentation's, else an `application/x-…` name (each choice is written
/// beside the format in `Format+Table.swift`). The identifier is Apple's where the built-in
/// catalog declares the format; otherwise the format is declared here, with the identifier the
/// MIME layer derives (``MIMEDatabase/derivedIdentifier(of:)``), so that a format has one type
/// with or without a database: an APNG is `org.freedesktop.mime.image.apng`, conforming to
/// `public.png`.
struct Format: Sendable, Hashable {
  /// The MIME type identification reports.
  let mimeType: String
  /// The MIME type a format declared here is declared with: ``mimeType``, or a legacy name where
  /// the reported one is a registered type another type already has (MPEG-1 Layer I audio is
  /// `audio/mpeg`, declared as `audio/x-mp1`).
  let declaredMIMEType: String
  /// The type's identifier.
  let identifier: String
  /// Whether the format is declared here (not by the catalog).
  let isDeclaredHere: Bool
  /// The parents of a format declared here.
  let parents: [String]
  /// The MIME type of the container this format is a kind of (`application/zip` for OOXML),
  /// which lets a detector's answer replace a database's less specific one.
  let container: String?
  /// The filename extensions of a format declared here, preferred first.
  let extensions: [String]
  /// A description of a format declared here.
  let description: String
  /// The database's answers for bytes that share this format's magic and that the format's
  /// structure settles: CAFEBABE starts a fat Mach-O and a Java class (the database says Java),
  /// an ID3 tag starts MP3, AAC and FLAC files (the database says MP3). Where the database gives
  /// one of them and the detector finds this format, the detector's answer stands.
  private(set) var settles: [String] = []

  /// The format, settling the database's `mimeTypes` (``settles``).
  func settling(_ mimeTypes: String...) -> Format {
    var format = self
    format.settles = mimeTypes
    return format
  }

  /// A format the built-in catalog declares as `identifier`.
  init(_ mimeType: String, apple identifier: String, in container: String? = nil) {
    self.mimeType = mimeType
    declaredMIMEType = mimeType
    self.identifier = identifier
    isDeclaredHere = false
    parents = []
    self.container = container
    extensions = []
    description = ""
  }

  /// A format the catalog does not declare: declared here, conforming to `parents`, with the MIME
  /// type `declaredAs` (by default the one it is reported as) and the identifier derived from it.
  init(
    _ mimeType: String, _ description: String, conformsTo parents: [String], _ extensions: [String],
    in container: String? = nil, declaredAs: String? = nil
  ) {
    self.mimeType = mimeType
    declaredMIMEType = declaredAs ?? mimeType
    identifier = MIMEDatabase.derivedIdentifier(of: declaredAs ?? mimeType)
    isDeclaredHere = true
    self.parents = parents
    self.container = container
    self.extensions = extensions
    self.description = description
  }

  static func == (a: Format, b: Format) -> Bool { a.identifier == b.identifier && a.mimeType == b.mimeType }
  func hash(into hasher: inout Hasher) { hasher.combine(identifier) }

  /// The format whose MIME type is `mimeType`, or nil.
  static func named(_ mimeType: String) -> Format? { byMIMEType[mimeType] }

  /// The first format of ``all`` reported as each MIME type (`audio/mpeg`: MP3).
  static let byMIMEType: [String: Format] = Dictionary(all.map { ($0.mimeType, $0) }) { first, _ in first }

  /// The first format of ``all`` with each identifier, by its folded identifier.
  static let byIdentifier: [String: Format] = Dictionary(all.map { (UTTypeRegistry.fold($0.identifier), $0) }) {
    first, _ in first
  }

  /// The formats declared here (not by the catalog), in table order.
  static let declaredHere = all.filter(\.isDeclaredHere)

  /// The declarations of the formats declared here, as a layer above the catalog.
  static let declarations: [TypeDeclaration] = declaredHere.map { format in
    var tags = [UTTagClass.mimeType.rawValue: [format.declaredMIMEType]]
    if !format.extensions.isEmpty { tags[UTTagClass.filenameExtension.rawValue] = format.extensions }
    var declaration = TypeDeclaration(
      identifier: format.identifier, kind: .exported, conformsTo: format.parents, description: format.description,
      tags: tags)
    declaration.fields.isBuiltIn = true
    return declaration
  }

  /// Whether `mimeType` is this format's container, or its container's container, and so on.
  func refines(_ mimeType: String) -> Bool {
    var current = container
    var steps = 0
    while let next = current, steps < 8 {
      if next == mimeType { return true }
      current = Format.named(next)?.container
      steps += 1
    }
    return false
  }

  /// The MIME types some format refines: a database's answer among these may be refined by the
  /// content even when the name alone gave it. Written out, so that identifying a file by its
  /// one glob needs no table; a test checks that it is every format's ``container``.
  static let containers: Set<String> = [
    "application/java-archive", "application/ogg", "application/postscript", "application/x-archive",
    "application/x-executable", "application/x-ms-dos-executable", "application/x-ole-storage",
    "application/x-sharedlib", "application/xml", "application/zip", "audio/ac3", "audio/ogg", "image/jpeg",
    "image/png", "image/tiff", "text/plain", "video/mp4", "video/ogg", "video/x-matroska", "video/x-ms-asf",
    "application/vnd.oasis.opendocument.text", "application/vnd.oasis.opendocument.spreadsheet",
    "application/vnd.oasis.opendocument.presentation", "application/vnd.oasis.opendocument.graphics",
    "application/vnd.oasis.opendocument.chart", "application/vnd.oasis.opendocument.formula",
    "application/vnd.oasis.opendocument.image", "image/vnd.djvu",
  ]
}
