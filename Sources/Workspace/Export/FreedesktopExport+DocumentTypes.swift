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
        if MIMEPackageName.isValid(name) {
          names.append(name)
        } else {
          warnings.append("\(label): '\(name)' is not a MIME type (media/subtype) and is left out")
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
  static func checkApplicationID(_ appID: String) throws(FreedesktopExportError) {
    let elements = appID.split(separator: ".", omittingEmptySubsequences: false)
    let valid =
      appID.utf8.count <= 255 && elements.count >= 2
      && elements.allSatisfy { element in
        guard let first = element.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return element.unicodeScalars.allSatisfy {
          $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-")
        }
      }
    guard valid else {
      throw FreedesktopExportError(
        .applicationID,
        "'\(appID)' is not an application ID: give a reverse-DNS name such as org.example.Sketch (dot-separated "
          + "elements of letters, digits, _ and -, none starting with a digit), the name Flatpak and D-Bus use")
    }
  }
}

/// The shared-mime-info specification's rule for a MIME type's name.
enum MIMEPackageName {
  /// Whether `name` is `media/subtype`, both sides non-empty, of the characters RFC 6838 allows
  /// (letters, digits, ``!#$&-^_.+``).
  static func isValid(_ name: String) -> Bool {
    let parts = name.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2 else { return false }
    return parts.allSatisfy { part in
      !part.isEmpty
        && part.unicodeScalars.allSatisfy {
          $0.isASCII
            && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "!#$&-^_.+".unicodeScalars.contains($0))
        }
    }
  }
}
