import TypeRegistry
import UTIPlatform

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Which applications open a type or a file, and which one opens it by default, with AppKit's
/// names, answered from the Linux desktop's XDG specifications as GIO answers them.
///
/// An application is its desktop entry: its URL is the `.desktop` file's (`file:///usr/share/
/// applications/org.gnome.TextEditor.desktop`). The applications for a type are those GIO's
/// `g_app_info_get_all_for_type` lists for its MIME type (and the MIME type's parents), the
/// default first, then those of the type's supertypes by conformance that GIO does not reach:
/// a type without a MIME type is still opened by its supertypes' applications.
///
/// ```swift
/// let editors = NSWorkspace.shared.urlsForApplications(toOpen: .plainText)
/// let viewer = NSWorkspace.shared.urlForApplication(toOpen: URL(filePath: "/tmp/photo.png"))
/// ```
///
/// Apple's counterpart: `NSWorkspace` (`urlsForApplications(toOpen:)`, `urlForApplication(toOpen:)`,
/// `setDefaultApplication(at:toOpen:)`). Each call reads the desktop's files afresh, as an
/// application installed meanwhile should be seen.
public final class NSWorkspace: Sendable {
  /// The workspace of this process's environment.
  public static let shared = NSWorkspace()

  private let environment: [String: String]?
  private let registry: UTTypeRegistry
  /// Where the files the reads leave out are told of.
  private let report: ApplicationWarning.Report

  /// A workspace of `environment` (the `XDG_*` variables, `HOME`, `PATH`; nil: this process's),
  /// mapping types with `registry` (nil: the shared one).
  /// - Parameters:
  ///   - environment: The variables to read the places from; nil for this process's.
  ///   - registry: The types, for MIME types and conformance; nil for the shared registry.
  public convenience init(environment: [String: String]? = nil, registry: UTTypeRegistry? = nil) {
    self.init(environment: environment, registry: registry, report: { _ in })
  }

  /// A workspace as ``init(environment:registry:)`` makes one, whose reads tell `report` of
  /// each file they leave out (`utictl` prints them).
  package init(
    environment: [String: String]? = nil, registry: UTTypeRegistry? = nil, report: @escaping ApplicationWarning.Report
  ) {
    self.environment = environment
    self.registry = registry ?? UTTypeRegistry.shared.current
    self.report = report
  }

  var database: ApplicationDatabase {
    environment.map { ApplicationDatabase(environment: $0, report: report) } ?? ApplicationDatabase(report: report)
  }

  /// The applications that open `contentType`, the default first.
  /// - Parameter contentType: The type.
  /// - Returns: The applications' desktop entries, as file URLs.
  public func urlsForApplications(toOpen contentType: UTType) -> [URL] {
    applications(for: contentType).map { URL(filePath: $0.path) }
  }

  /// The applications that open the file at `url` (identified by its name and content), the
  /// default first.
  /// - Parameter url: A file URL.
  /// - Returns: The applications' desktop entries, as file URLs; none where the file cannot be read.
  public func urlsForApplications(toOpen url: URL) -> [URL] {
    guard let mimeTypes = mimeTypes(ofFileAt: url) else { return [] }
    return applications(forMIMETypes: mimeTypes).map { URL(filePath: $0.path) }
  }

  /// The application that opens `contentType` by default, if any.
  /// - Parameter contentType: The type.
  /// - Returns: Its desktop entry, as a file URL.
  public func urlForApplication(toOpen contentType: UTType) -> URL? {
    applications(for: contentType).first.map { URL(filePath: $0.path) }
  }

  /// The application that opens the file at `url` by default, if any.
  /// - Parameter url: A file URL.
  /// - Returns: Its desktop entry, as a file URL.
  public func urlForApplication(toOpen url: URL) -> URL? {
    urlsForApplications(toOpen: url).first
  }

  /// The applications for `contentType`, default first, as desktop entries.
  func applications(for contentType: UTType) -> [DesktopEntry] {
    applications(forMIMETypes: mimeTypes(of: contentType))
  }

  /// The applications for `mimeTypes` in turn (GIO's for each, its parents included), the
  /// first one's default first.
  package func applications(forMIMETypes mimeTypes: [String]) -> [DesktopEntry] {
    applications(forMIMETypes: mimeTypes, in: database)
  }

  /// ``applications(forMIMETypes:)`` from `database`, read once by the caller.
  func applications(forMIMETypes mimeTypes: [String], in database: ApplicationDatabase) -> [DesktopEntry] {
    var found: [DesktopEntry] = []
    func add(_ entry: DesktopEntry?) {
      if let entry, !found.contains(where: { $0.id == entry.id }) { found.append(entry) }
    }
    for mimeType in mimeTypes {
      if found.isEmpty { add(database.defaultApplication(for: mimeType)) }
      for entry in database.applications(for: mimeType) { add(entry) }
    }
    return found
  }

  /// The MIME types `contentType` is opened by: its own, then its supertypes', nearest first.
  package func mimeTypes(of contentType: UTType) -> [String] {
    var types = contentType.tags[.mimeType] ?? []
    let supertypes = contentType.supertypes.sorted { a, b in
      a.supertypes.count != b.supertypes.count ? a.supertypes.count > b.supertypes.count : a.identifier < b.identifier
    }
    for supertype in supertypes {
      for mimeType in supertype.tags[.mimeType] ?? [] where !types.contains(mimeType) { types.append(mimeType) }
    }
    return types
  }

  /// The MIME types the file at `url` is opened by: the one its identification (by name and
  /// content) names, then its type's (``mimeTypes(of:)``); nil where it cannot be read.
  package func mimeTypes(ofFileAt url: URL) -> [String]? {
    guard url.isFileURL, let found = try? registry.identifyFile(atPath: url.path) else { return nil }
    var types = [found.mimeType]
    for mimeType in mimeTypes(of: found.type) where !types.contains(mimeType) { types.append(mimeType) }
    return types
  }
}
