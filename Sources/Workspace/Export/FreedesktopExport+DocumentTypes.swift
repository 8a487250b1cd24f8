import PropertyList
import TypeRegistry

extension FreedesktopExport {
  /// `CFBundleDocumentTypes` as the desktop entry's `MimeType=` says it.
  enum DocumentTypes {
    /// `LSHandlerRank`'s order: the app's own types first; `None` is no handler at all.
    static let ranks = ["Owner", "Default", "Alternate"]
    /// `CFBundleTypeRole`'s order within a rank; `None` is no handler.
    static let roles = ["Editor", "Viewer", "Shell"]

    /// The MIME types the document types of `root` open, in rank then role order, each once.
    static func mimeTypes(
      of root: PropertyList.Dictionary?, naming: inout Naming, warnings: inout [String]
    ) -> [String] {
      let entries = (root?["CFBundleDocumentTypes"]?.array ?? []).compactMap(\.dictionary)
      let handlers = entries.enumerated().compactMap { index, entry -> (Int, Int, Int, PropertyList.Dictionary)? in
        // A missing rank is Default, a missing role Editor (Apple's defaults).
        guard let rank = ranks.firstIndex(of: entry["LSHandlerRank"]?.string ?? "Default"),
          let role = roles.firstIndex(of: entry["CFBundleTypeRole"]?.string ?? "Editor")
        else { return nil }
        return (rank, role, index, entry)
      }
      var found: [String] = []
      for (_, _, _, entry) in handlers.sorted(by: { ($0.0, $0.1, $0.2) < ($1.0, $1.1, $1.2) }) {
        for name in names(of: entry, naming: &naming, warnings: &warnings) where !found.contains(name) {
          found.append(name)
        }
      }
      return found
    }

    /// What one document type opens: its content types' MIME types, its MIME types, and the
    /// MIME types of its extensions' types.
    private static func names(
      of entry: PropertyList.Dictionary, naming: inout Naming, warnings: inout [String]
    ) -> [String] {
      var names: [String] = []
      let label = entry["CFBundleTypeName"]?.string.map { "document type '\($0)'" } ?? "a document type"
      for identifier in strings(entry["LSItemContentTypes"]) {
        if let name = naming.name(of: identifier) {
          names.append(name)
        } else {
          warnings.append(
            "\(label): '\(identifier)' has no MIME type to export (declare one with public.mime-type)")
        }
      }
      for name in strings(entry["CFBundleTypeMIMETypes"]) {
        if let problem = FreedesktopNames.mimeTypeProblem(name) {
          warnings.append("\(label): '\(name)' is left out: \(problem)")
        } else {
          names.append(name)
        }
      }
      for fileExtension in strings(entry["CFBundleTypeExtensions"]) where fileExtension != "*" {
        let type = naming.registry.preferredType(
          tag: fileExtension, tagClass: .filenameExtension,
          conformingTo: naming.registry.type(withIdentifier: "public.data"))
        if let name = type.flatMap({ naming.name(of: $0.identifier) }) {
          names.append(name)
        } else {
          warnings.append("\(label): no type with a MIME type has the extension '\(fileExtension)'")
        }
      }
      return names
    }

    /// A string or an array of strings.
    static func strings(_ value: PropertyList.Value?) -> [String] {
      if let string = value?.string { return [string] }
      return value?.array?.compactMap(\.string) ?? []
    }
  }

  /// Checks `appID` as Flatpak and D-Bus name an application: two or more dot-separated
  /// elements of ASCII letters, digits, `_` and `-`, none empty or starting with a digit, at
  /// most 255 characters.
  static func checkApplicationID(_ appID: String) throws(WorkspaceError) {
    let valid = FreedesktopNames.isApplicationID(appID)
    guard valid else {
      throw WorkspaceError(
        .applicationID,
        "'\(appID)' is not an application ID: give a reverse-DNS name such as org.example.Sketch (dot-separated "
          + "elements of letters, digits, _ and -, none starting with a digit), the name Flatpak and D-Bus use")
    }
  }
}
