import TypeRegistry

/// A check `utictl validate` makes. Ids are stable: scripts and `--disable` name them.
public struct ValidationRule: Sendable, Hashable, Identifiable {
  /// A rule's stable id (`duplicate-identifier`), as diagnostics, `--disable` and reports spell it.
  public struct ID: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The id as written: `duplicate-identifier`.
    public let rawValue: String
    /// The id of a known rule; nil for any other string.
    public init?(rawValue: String) {
      guard ValidationRule.all.contains(where: { $0.id.rawValue == rawValue }) else { return nil }
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
  }

  /// The rule's id.
  public let id: ID
  /// How serious the rule's findings are.
  public let severity: Diagnostic.Severity
  /// One sentence on what the rule finds.
  public let summary: String

  /// Every rule, in the order reports list them.
  public static let all: [ValidationRule] = [
    .init(id: .plistSyntax, severity: .error, summary: "The file is not a readable property list."),
    .init(id: .wrongValueType, severity: .error, summary: "A declaration key has the wrong kind of value."),
    .init(
      id: .unknownKey, severity: .warning, summary: "A key in a type declaration is not one of the declaration keys."),
    .init(id: .missingIdentifier, severity: .error, summary: "A type declaration has no UTTypeIdentifier."),
    .init(
      id: .invalidIdentifier, severity: .error,
      summary: "An identifier is not reverse-DNS: letters, digits, hyphens and periods, without empty components."),
    .init(
      id: .reservedNamespace, severity: .error,
      summary: "An app exports an identifier in the public, com.apple or dyn domains, which only the system declares."),
    .init(
      id: .foreignDomain, severity: .warning,
      summary: "An exported identifier is outside the reverse domain of the bundle identifier."),
    .init(id: .duplicateIdentifier, severity: .error, summary: "The same identifier is declared more than once."),
    .init(
      id: .exportedAndImported, severity: .warning, summary: "One file both exports and imports the same identifier."
    ),
    .init(id: .unknownSupertype, severity: .error, summary: "A parent in UTTypeConformsTo is declared nowhere."),
    .init(id: .conformanceCycle, severity: .error, summary: "Types conform to each other in a cycle."),
    .init(id: .selfConformance, severity: .warning, summary: "A type lists itself in UTTypeConformsTo."),
    .init(id: .missingConformance, severity: .warning, summary: "A declaration has no UTTypeConformsTo."),
    .init(
      id: .missingPhysicalParent, severity: .warning,
      summary:
        "A type conforms to none of public.data, com.apple.package and public.directory, so the system cannot bind documents of it."
    ),
    .init(id: .missingDescription, severity: .warning, summary: "A declaration has no UTTypeDescription."),
    .init(id: .extensionWithDot, severity: .error, summary: "A filename extension tag starts with a period."),
    .init(id: .invalidMimeType, severity: .error, summary: "A MIME type tag is not type/subtype."),
    .init(
      id: .unknownTagClass, severity: .warning,
      summary: "A tag class in UTTypeTagSpecification is not one the system uses."),
    .init(
      id: .tagConflict, severity: .warning,
      summary: "A filename extension or MIME type is already claimed by another declared type."),
    .init(id: .invalidReferenceUrl, severity: .warning, summary: "UTTypeReferenceURL is not an absolute URL."),
    .init(
      id: .duplicateKey, severity: .warning, summary: "A dictionary has the same key twice; the last value is used."),
    .init(
      id: .undeclaredDocumentType, severity: .error,
      summary: "A CFBundleDocumentTypes entry names a type in LSItemContentTypes that is declared nowhere."),
    .init(
      id: .undeclaredExportedType, severity: .error,
      summary:
        "Swift code calls UTType(exportedAs:) or UTType(importedAs:) with a type the files do not export or import."),
  ]

  /// The rule with the id `id`, or nil.
  public static func named(_ id: String) -> ValidationRule? { all.first { $0.id.rawValue == id } }
}
