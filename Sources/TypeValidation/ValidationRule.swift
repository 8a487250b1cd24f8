import TypeRegistry

/// A check `utictl validate` makes. Ids are stable: scripts and `--disable` name them.
public struct ValidationRule: Sendable, Hashable, Identifiable {
  public let id: String
  public let severity: Diagnostic.Severity
  /// One sentence on what the rule finds.
  public let summary: String

  public static let all: [ValidationRule] = [
    .init(id: "plist-syntax", severity: .error, summary: "The file is not a readable property list."),
    .init(id: "wrong-value-type", severity: .error, summary: "A declaration key has the wrong kind of value."),
    .init(
      id: "unknown-key", severity: .warning, summary: "A key in a type declaration is not one of the declaration keys."),
    .init(id: "missing-identifier", severity: .error, summary: "A type declaration has no UTTypeIdentifier."),
    .init(
      id: "invalid-identifier", severity: .error,
      summary: "An identifier is not reverse-DNS: letters, digits, hyphens and periods, without empty components."),
    .init(
      id: "reserved-namespace", severity: .error,
      summary: "An app exports an identifier in the public, com.apple or dyn domains, which only the system declares."),
    .init(
      id: "foreign-domain", severity: .warning,
      summary: "An exported identifier is outside the reverse domain of the bundle identifier."),
    .init(id: "duplicate-identifier", severity: .error, summary: "The same identifier is declared more than once."),
    .init(
      id: "exported-and-imported", severity: .warning, summary: "One file both exports and imports the same identifier."
    ),
    .init(id: "unknown-supertype", severity: .error, summary: "A parent in UTTypeConformsTo is declared nowhere."),
    .init(id: "conformance-cycle", severity: .error, summary: "Types conform to each other in a cycle."),
    .init(id: "self-conformance", severity: .warning, summary: "A type lists itself in UTTypeConformsTo."),
    .init(id: "missing-conformance", severity: .warning, summary: "A declaration has no UTTypeConformsTo."),
    .init(
      id: "missing-physical-parent", severity: .warning,
      summary:
        "A type conforms to none of public.data, com.apple.package and public.directory, so the system cannot bind documents of it."
    ),
    .init(id: "missing-description", severity: .warning, summary: "A declaration has no UTTypeDescription."),
    .init(id: "extension-with-dot", severity: .error, summary: "A filename extension tag starts with a period."),
    .init(id: "invalid-mime-type", severity: .error, summary: "A MIME type tag is not type/subtype."),
    .init(
      id: "unknown-tag-class", severity: .warning,
      summary: "A tag class in UTTypeTagSpecification is not one the system uses."),
    .init(
      id: "tag-conflict", severity: .warning,
      summary: "A filename extension or MIME type is already claimed by another declared type."),
    .init(id: "invalid-reference-url", severity: .warning, summary: "UTTypeReferenceURL is not an absolute URL."),
    .init(
      id: "duplicate-key", severity: .warning, summary: "A dictionary has the same key twice; the last value is used."),
    .init(
      id: "undeclared-document-type", severity: .error,
      summary: "A CFBundleDocumentTypes entry names a type in LSItemContentTypes that is declared nowhere."),
    .init(
      id: "undeclared-exported-type", severity: .error,
      summary:
        "Swift code calls UTType(exportedAs:) or UTType(importedAs:) with a type the files do not export or import."),
  ]

  public static func named(_ id: String) -> ValidationRule? { all.first { $0.id == id } }
}
