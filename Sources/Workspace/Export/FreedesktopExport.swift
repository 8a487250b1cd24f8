import PropertyList
import TypeRegistry

/// An app's Info.plist said to the Linux desktop: its declared types as a shared-mime-info
/// package, and the documents it opens as a desktop entry.
///
/// The package (`mime/packages/APP-ID.xml`, as Flatpak requires it named) has one `<mime-type>`
/// per exported type (and per imported one, with `includingImported`):
/// - its name is the declared MIME type (the first `public.mime-type` tag); a type that declares
///   none gets `application/x-` and its identifier, lowercased, any character outside `a-z`,
///   `0-9`, `.`, `+` and `-` made `-` (`com.example.Sketch_Doc` → `application/x-com.example.sketch-doc`);
/// - its other MIME types are `<alias>`es, its extensions `<glob pattern="*.ext">` (in the
///   declared case: shared-mime-info matches globs without regard to case, as Apple matches
///   extensions, except where two exported types claim one extension in two cases, `*.C` and
///   `*.c`: those globs are `case-sensitive="true"`);
/// - each conformance is a `<sub-class-of>`, through the nearest supertypes that have a MIME
///   type (`public.data` is `application/octet-stream`, `public.text` `text/plain`);
/// - `UTTypeDescription` is its `<comment>` (and its translations in the bundle's
///   `*.lproj/InfoPlist.strings`, keyed by the description as Launch Services reads them, are
///   `<comment xml:lang="…">`), `UTTypeIconName` (or `UTTypeIconFile` without its extension) its
///   `<icon>`;
/// - the identifier and the declared conformances go in elements of our own namespace (with a
///   mark where the name was derived), which update-mime-database copies through, so that
///   reading the package back (`DeclarationFile(contentsOf:)`, `--types`) gives the same type.
///
/// The desktop entry (`applications/APP-ID.desktop`) names the app (`CFBundleDisplayName`, else
/// `CFBundleName`) and lists in `MimeType=` what every `CFBundleDocumentTypes` entry opens: its
/// `LSItemContentTypes` by their MIME types, its `CFBundleTypeMIMETypes`, and its
/// `CFBundleTypeExtensions` through the registry, entries ordered by `LSHandlerRank` (Owner,
/// Default, Alternate; None and role None are not handlers), editors before viewers within a rank.
///
/// ```swift
/// let file = try DeclarationFile(contentsOf: "Info.plist")
/// let export = try FreedesktopExport(file, appID: "org.example.Sketch")
/// let written = try export.write(to: "\(destination)/usr/share", exec: "sketch %U")
/// ```
public struct FreedesktopExport: Sendable {
  /// One exported type, as the package says it.
  public struct MIMEType: Sendable, Hashable {
    /// The type's identifier.
    public var identifier: String
    /// Its MIME type: the declared one, or the derived `application/x-` name.
    public var name: String
    /// Whether ``name`` was derived from the identifier (the declaration gives no MIME type).
    public var isNameDerived: Bool
    /// Its other MIME types.
    public var aliases: [String]
    /// Its glob patterns (`*.ext`).
    public var globs: [String]
    /// The patterns of ``globs`` that match only in their own case (`case-sensitive="true"`):
    /// where another exported type claims the same extension in another case (`*.C` and `*.c`).
    public var caseSensitiveGlobs: Set<String> = []
    /// The MIME types of its nearest supertypes that have one.
    public var subclassOf: [String]
    /// Its declared conformances, as identifiers.
    public var conformsTo: [String]
    /// Its description.
    public var comment: String?
    /// Its description in other languages, by language code (`fr`, `pt_BR`), from the bundle's
    /// `InfoPlist.strings`.
    public var localizedComments: [String: String] = [:]
    /// Its icon's name.
    public var icon: String?
  }

  /// The application's ID (reverse DNS, as Flatpak and D-Bus spell it): the package's and the
  /// desktop entry's file name.
  public let appID: String
  /// The application's name for the desktop entry.
  public let applicationName: String
  /// The types of the package, in declaration order.
  public let mimeTypes: [MIMEType]
  /// What the desktop entry's `MimeType=` lists, in order.
  public let documentMIMETypes: [String]
  /// What could not be exported, or was changed to be, one sentence each at the value of the
  /// Info.plist that says it: reported, not fatal.
  public let warnings: [Warning]

  /// Works out the export of `file`'s declarations for the application `appID`.
  ///
  /// What every tool of the desktop accepts, from any Info.plist (each with a warning):
  /// - MIME types lose their parameters (`text/plain;charset=utf-8` is `text/plain`), and each
  ///   is listed once, whatever its letter case;
  /// - a value that is not `type/subtype` by RFC 6838's rules (with a media type
  ///   shared-mime-info knows) is left out;
  /// - a declaration of a type the system already has (`public.*`, `com.apple.*`, or a type of
  ///   the built-in catalog or the machine's database) is not exported as a new MIME type: the
  ///   document types that name it list the system's MIME type;
  /// - `application/octet-stream` and the other catch-alls are left out of `MimeType=` unless a
  ///   `CFBundleTypeMIMETypes` of the plist names them.
  ///
  /// - Parameters:
  ///   - file: The Info.plist (or bundle) whose declarations and document types are exported.
  ///   - appID: The application's ID (`org.example.Sketch`).
  ///   - registry: The types the file's conformances and document types are looked up in (the
  ///     file's own declarations are added to it); nil for the built-in catalog.
  ///   - includingImported: Whether imported declarations get a `<mime-type>` too.
  /// - Throws: ``WorkspaceError`` when `appID` is not an application ID.
  public init(
    _ file: DeclarationFile, appID: String, registry: UTTypeRegistry.Builder? = nil, includingImported: Bool = false
  ) throws(WorkspaceError) {
    try Self.checkApplicationID(appID)
    var builder = registry ?? UTTypeRegistry.Builder(includingSystemTypes: true, mimeDatabase: nil)
    let system = builder.build()
    builder.add(file)
    let root = file.document.root.dictionary
    self.appID = appID
    var warnings: [Warning] = []
    let locate: @Sendable (Int) -> PropertyList.SourceLocation? = { $0 >= 0 ? file.location(ofOffset: $0) : nil }
    applicationName = Self.applicationName(root, appID: appID, locate: locate, warnings: &warnings)
    let declarations = file.declarations.filter { $0.kind == .exported || includingImported }
    var names = Naming(registry: builder.build(), system: system, locate: locate)
    let localizations = Localizations(nextTo: file.path, warnings: &warnings)
    var made = declarations.compactMap { declaration -> MIMEType? in
      guard var type = names.mimeType(of: declaration, warnings: &warnings) else { return nil }
      type.localizedComments = type.comment.map(localizations.translations) ?? [:]
      return type
    }
    // An extension two types claim in two cases (C++'s `*.C`, C's `*.c`) needs its case.
    let spellings = Dictionary(grouping: Set(made.flatMap(\.globs)), by: { $0.lowercased() })
    for index in made.indices {
      made[index].caseSensitiveGlobs = Set(made[index].globs.filter { (spellings[$0.lowercased()]?.count ?? 0) > 1 })
    }
    mimeTypes = made
    documentMIMETypes = DocumentTypes.mimeTypes(of: root, naming: names, warnings: &warnings)
    self.warnings = warnings
  }
}

extension FreedesktopExport {
  /// `CFBundleDisplayName`, else `CFBundleName`; where neither is given, or the one given is an
  /// Xcode build setting left unexpanded (`$(PRODUCT_NAME)`), the app ID's last element, with a
  /// warning.
  static func applicationName(
    _ root: PropertyList.Dictionary?, appID: String, locate: (Int) -> PropertyList.SourceLocation?,
    warnings: inout [Warning]
  ) -> String {
    let fallback = String(appID.split(separator: ".").last ?? Substring(appID))
    for key in ["CFBundleDisplayName", "CFBundleName"] {
      guard let value = root?[key], let name = value.string, !name.isEmpty else { continue }
      guard !name.contains("$(") && !name.contains("${") else {
        warnings.append(
          Warning(
            "\(key) is '\(name)', an Xcode build setting: the desktop entry is named '\(fallback)' (export the "
              + "built app's Info.plist for its name)", at: locate(value.rawOffset)))
        return fallback
      }
      return name
    }
    warnings.append(
      Warning(
        "the Info.plist names no app (CFBundleDisplayName, CFBundleName): the desktop entry is named '\(fallback)'"))
    return fallback
  }
}
