import TypeRegistry

/// A check `utictl validate` makes. Ids are stable: scripts and `--disable` name them.
public struct ValidationRule: Sendable, Hashable, Identifiable {
  /// A rule's stable id (`duplicate-identifier`), as diagnostics, `--disable` and reports spell it.
  public struct ID: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The id as written: `duplicate-identifier`.
    public let rawValue: String
    /// The id of a known rule; nil for any other string.
    ///
    /// - Parameter rawValue: A rule id, such as `missing-conformance`.
    public init?(rawValue: String) {
      guard ValidationRule.named(rawValue) != nil else { return nil }
      self.rawValue = rawValue
    }
    private init(_ rawValue: String) { self.rawValue = rawValue }
    /// The id as written.
    public var description: String { rawValue }
    /// `plist-syntax`.
    public static let plistSyntax = ID("plist-syntax")
    /// `wrong-value-type`.
    public static let wrongValueType = ID("wrong-value-type")
    /// `unknown-key`.
    public static let unknownKey = ID("unknown-key")
    /// `missing-identifier`.
    public static let missingIdentifier = ID("missing-identifier")
    /// `invalid-identifier`.
    public static let invalidIdentifier = ID("invalid-identifier")
    /// `reserved-namespace`.
    public static let reservedNamespace = ID("reserved-namespace")
    /// `foreign-domain`.
    public static let foreignDomain = ID("foreign-domain")
    /// `duplicate-identifier`.
    public static let duplicateIdentifier = ID("duplicate-identifier")
    /// `exported-and-imported`.
    public static let exportedAndImported = ID("exported-and-imported")
    /// `unknown-supertype`.
    public static let unknownSupertype = ID("unknown-supertype")
    /// `conformance-cycle`.
    public static let conformanceCycle = ID("conformance-cycle")
    /// `self-conformance`.
    public static let selfConformance = ID("self-conformance")
    /// `missing-conformance`.
    public static let missingConformance = ID("missing-conformance")
    /// `missing-physical-parent`.
    public static let missingPhysicalParent = ID("missing-physical-parent")
    /// `missing-description`.
    public static let missingDescription = ID("missing-description")
    /// `extension-with-dot`.
    public static let extensionWithDot = ID("extension-with-dot")
    /// `invalid-mime-type`.
    public static let invalidMimeType = ID("invalid-mime-type")
    /// `unknown-tag-class`.
    public static let unknownTagClass = ID("unknown-tag-class")
    /// `tag-conflict`.
    public static let tagConflict = ID("tag-conflict")
    /// `invalid-reference-url`.
    public static let invalidReferenceUrl = ID("invalid-reference-url")
    /// `duplicate-key`.
    public static let duplicateKey = ID("duplicate-key")
    /// `undeclared-document-type`.
    public static let undeclaredDocumentType = ID("undeclared-document-type")
    /// `undeclared-exported-type`.
    public static let undeclaredExportedType = ID("undeclared-exported-type")
    /// `freedesktop-mime-type` (with ``Validator/freedesktop``).
    public static let freedesktopMimeType = ID("freedesktop-mime-type")
    /// `glob-shadows-system-type` (with ``Validator/freedesktop``).
    public static let globShadowsSystemType = ID("glob-shadows-system-type")
    /// `document-type-without-mime-type` (with ``Validator/freedesktop``).
    public static let documentTypeWithoutMimeType = ID("document-type-without-mime-type")
    /// `package-name-not-app-id` (with ``Validator/freedesktop``).
    public static let packageNameNotAppId = ID("package-name-not-app-id")
    /// `catch-all-document-type` (with ``Validator/freedesktop``).
    public static let catchAllDocumentType = ID("catch-all-document-type")
  }

  /// The rule's id.
  public let id: ID
  /// How serious the rule's findings are.
  public let severity: Diagnostic.Severity
  /// One sentence on what the rule finds.
  public let summary: String
  /// Why a finding matters at run time: what goes wrong on a user's machine
  /// (`utictl validate --explain`).
  public let why: String
  /// How to fix a finding.
  public let fix: String

  /// Every rule, in the order reports list them: each one literal with its id, severity,
  /// summary, why it matters and how to fix it. Adding a rule is a literal here, an id above,
  /// its check in the validator, and its fixtures (`scripts/make-validate-fixtures.py`).
  public static let all: [ValidationRule] = [
    .init(
      id: .plistSyntax, severity: .error,
      summary: "The file is not a readable property list.",
      why:
        "Nothing in the file is read: every type it declares is missing at run time, and the app's document types with them.",
      fix:
        "Fix the syntax at the located line and column (utictl plist lint shows the same error); plutil -lint agrees."),
    .init(
      id: .wrongValueType, severity: .error,
      summary: "A declaration key has the wrong kind of value.",
      why:
        "The system skips a key whose value has the wrong kind: a UTTypeConformsTo that is a dictionary gives the type no parents, so it conforms to nothing and opens nowhere.",
      fix:
        "Give the key the kind Apple documents: a string or an array of strings for UTTypeConformsTo and the tags, a dictionary for UTTypeTagSpecification."
    ),
    .init(
      id: .unknownKey, severity: .warning,
      summary: "A key in a type declaration is not one of the declaration keys.",
      why:
        "The system ignores keys it does not know: a misspelled UTTypeConformsTo or UTTypeTagSpecification silently leaves the type without parents or tags.",
      fix: "Use the key the suggestion names, or remove the key."),
    .init(
      id: .missingIdentifier, severity: .error,
      summary: "A type declaration has no UTTypeIdentifier.",
      why: "A declaration without an identifier declares nothing: the type it describes does not exist at run time.",
      fix: "Add UTTypeIdentifier with a reverse-DNS identifier in your own domain."),
    .init(
      id: .invalidIdentifier, severity: .error,
      summary: "An identifier is not reverse-DNS: letters, digits, hyphens and periods, without empty components.",
      why:
        "Launch Services does not register an identifier with characters outside its alphabet or empty components, and code that names it gets a dynamic type instead.",
      fix: "Use letters, digits, hyphens and periods, in non-empty components: com.example.app.document."),
    .init(
      id: .reservedNamespace, severity: .error,
      summary: "An app exports an identifier in the public, com.apple or dyn domains, which only the system declares.",
      why:
        "public.*, com.apple.* and dyn.* belong to the system: an app's export there is ignored or, worse, changes what other apps see for a system type.",
      fix: "Import the type (UTImportedTypeDeclarations) if the system lacks it, or export a type in your own domain."),
    .init(
      id: .foreignDomain, severity: .warning,
      summary: "An exported identifier is outside the reverse domain of the bundle identifier.",
      why:
        "An app is the authority only for its own domain: exporting another vendor's type claims ownership of it, and when that vendor's app is installed the two declarations compete (which one wins depends on the machine).",
      fix:
        "Import other vendors' types; export only identifiers under your bundle identifier's domain (and set CFBundleIdentifier, so tools can tell whose domain it is)."
    ),
    .init(
      id: .duplicateIdentifier, severity: .error,
      summary: "The same identifier is declared more than once.",
      why:
        "Only one declaration of an identifier takes effect; which one depends on load order, so conformance and tags differ between machines.",
      fix: "Declare each identifier once; import a type the system or another file already exports."),
    .init(
      id: .exportedAndImported, severity: .warning,
      summary: "One file both exports and imports the same identifier.",
      why:
        "The export wins and the import is dead weight, or the reverse on another system version: the file says two different things about one type.",
      fix: "Keep the export if the type is yours, else the import."),
    .init(
      id: .unknownSupertype, severity: .error,
      summary: "A parent in UTTypeConformsTo is declared nowhere.",
      why:
        "A parent that nobody declares contributes nothing: the type does not conform to what the parent would have given it (public.data, public.text …), so documents of it do not open and drops of it are refused.",
      fix: "Fix the identifier (see the suggestion), or declare the parent (import it) in this file."),
    .init(
      id: .conformanceCycle, severity: .error,
      summary: "Types conform to each other in a cycle.",
      why:
        "The system breaks a cycle at an arbitrary edge: conformance questions get different answers depending on where it breaks.",
      fix: "Remove one edge of the cycle: a type should conform to more general types only."),
    .init(
      id: .selfConformance, severity: .warning,
      summary: "A type lists itself in UTTypeConformsTo.",
      why:
        "Harmless to the system, but it is noise that hides the parents that matter and usually marks a copy-and-paste mistake.",
      fix: "Remove the type from its own UTTypeConformsTo."),
    .init(
      id: .missingConformance, severity: .warning,
      summary: "A declaration has no UTTypeConformsTo.",
      why:
        "A type with no parents conforms only to itself: it is not public.data, so the system does not treat files of it as documents, and no drop target for data accepts it.",
      fix:
        "Add UTTypeConformsTo with public.data (a flat file) or com.apple.package (a bundle), plus a content type such as public.content."
    ),
    .init(
      id: .missingPhysicalParent, severity: .warning,
      summary:
        "A type conforms to none of public.data, com.apple.package and public.directory, so the system cannot bind documents of it.",
      why:
        "Files and folders bind to types through the physical hierarchy: a type that reaches none of public.data, com.apple.package and public.directory cannot describe a file, so documents of it never open with the app. Every type that conforms to it inherits the problem.",
      fix:
        "Make the reported declaration conform to public.data (or com.apple.package for a bundle); the types built on it are fixed with it."
    ),
    .init(
      id: .missingDescription, severity: .warning,
      summary: "A declaration has no UTTypeDescription.",
      why:
        "Finder, Get Info and open panels show the description; without one, people see the identifier or 'document'.",
      fix: "Add UTTypeDescription, a short human-readable name (localize it in InfoPlist.strings)."),
    .init(
      id: .extensionWithDot, severity: .error,
      summary: "A filename extension tag starts with a period.",
      why: "Extensions are matched without the period: 'factor' matches file.factor, '.factor' matches nothing.",
      fix: "Write the extension without the leading period."),
    .init(
      id: .invalidMimeType, severity: .error,
      summary: "A MIME type tag is not type/subtype.",
      why:
        "A MIME type that is not type/subtype never matches the Content-Type of a download or a pasteboard's MIME data, so the type is never found by it.",
      fix: "Write type/subtype, e.g. application/vnd.example.document+json."),
    .init(
      id: .unknownTagClass, severity: .warning,
      summary: "A tag class in UTTypeTagSpecification is not one the system uses.",
      why:
        "The system looks tags up by the classes it knows (public.filename-extension, public.mime-type …): a misspelled class makes its tags unreachable.",
      fix: "Use the class the suggestion names."),
    .init(
      id: .tagConflict, severity: .warning,
      summary: "A filename extension or MIME type is already claimed by another declared type.",
      why:
        "When two types claim an extension or MIME type, UTType(filenameExtension:) and the system pick one by its own rules: files may open as the other type. An import of a format the system already declares under another identifier splits that format in two.",
      fix:
        "Use the type that already claims the tag (import the system's identifier), or drop the tag from your declaration."
    ),
    .init(
      id: .invalidReferenceUrl, severity: .warning,
      summary: "UTTypeReferenceURL is not an absolute URL.",
      why:
        "The reference URL is shown to people as a link to the format's documentation; a relative or malformed one goes nowhere.",
      fix: "Use an absolute URL: https://example.com/format."),
    .init(
      id: .duplicateKey, severity: .warning,
      summary: "A dictionary has the same key twice; the last value is used.",
      why: "Only the last of two equal keys is kept: the earlier value is silently lost.",
      fix: "Remove one of the keys, keeping the value you mean."),
    .init(
      id: .undeclaredDocumentType, severity: .error,
      summary: "A CFBundleDocumentTypes entry names a type in LSItemContentTypes that is declared nowhere.",
      why: "A document type naming a type nobody declares matches no file: the app opens nothing of that kind.",
      fix: "Declare the type (import or export it), or fix the identifier."),
    .init(
      id: .undeclaredExportedType, severity: .error,
      summary:
        "Swift code calls UTType(exportedAs:) or UTType(importedAs:) with a type the files do not export or import.",
      why:
        "UTType(exportedAs:) for a type the app does not export gives a type that conforms to nothing (Apple logs a fault): drops and open panels filtered by it match nothing.",
      fix: "Export (or import) the type in the Info.plist, or fix the identifier in code."),
    .init(
      id: .freedesktopMimeType, severity: .warning,
      summary:
        "With --freedesktop: a MIME type whose media type shared-mime-info does not know, or with characters RFC 6838 does not allow.",
      why:
        "update-mime-database sets such a type aside as unknown: on the Linux desktop the exported type is missing, and files of it open as plain data.",
      fix:
        "Use a registered media type (application, text, image, audio, video, font, model, message, multipart, inode, x-content, x-scheme-handler) and letters, digits and !#$&-^_.+ in the subtype."
    ),
    .init(
      id: .globShadowsSystemType, severity: .warning,
      summary:
        "With --freedesktop: an exported extension that the machine's shared-mime-info database gives to another type.",
      why:
        "Once the app's package is installed, two types claim the same glob with the same weight: which one a file manager shows, and which app opens the file, depends on the order packages load, for the user's files of the other type too.",
      fix: "Use an extension of your own, or import the system's type instead of exporting one of yours."),
    .init(
      id: .documentTypeWithoutMimeType, severity: .warning,
      summary:
        "With --freedesktop: a CFBundleDocumentTypes entry names a content type that has no MIME type, so the desktop entry cannot say the app opens it.",
      why:
        "A desktop entry lists what an app opens by MIME type (MimeType=): a document type without one is dropped, and on Linux the app is never offered for those files.",
      fix:
        "Declare a public.mime-type tag on the type (for a type of your own, utictl export freedesktop derives one), or add CFBundleTypeMIMETypes to the document type."
    ),
    .init(
      id: .packageNameNotAppId, severity: .error,
      summary: "With --freedesktop: a shared-mime-info package whose file name is not an application ID (APP-ID.xml).",
      why:
        "Flatpak installs an app's package only when it is named after the app's ID, and desktop tools expect mime/packages/APP-ID.xml: another name is not exported, or clashes with another app's.",
      fix:
        "Name the package after the app's reverse-DNS ID: mime/packages/org.example.Sketch.xml (utictl export freedesktop does)."
    ),
    .init(
      id: .catchAllDocumentType, severity: .warning,
      summary:
        "With --freedesktop: a document type opens every file (public.data, public.item, public.content, application/octet-stream) and no CFBundleTypeMIMETypes names a catch-all.",
      why:
        "Listed in a desktop entry's MimeType=, application/octet-stream offers the app for every file in every file manager: utictl export freedesktop leaves it out unless the plist asks for it by MIME type.",
      fix:
        "Name the specific types the app opens; to be offered for every file on Linux, add application/octet-stream to CFBundleTypeMIMETypes."
    ),
  ]

  /// The rules by id.
  private static let index: [String: ValidationRule] = Dictionary(
    uniqueKeysWithValues: all.map { ($0.id.rawValue, $0) })

  /// The rule with the id `id`, or nil.
  ///
  /// - Parameter id: A rule id, such as `missing-conformance`.
  /// - Returns: The rule, or nil for an unknown id.
  public static func named(_ id: String) -> ValidationRule? { index[id] }
}
