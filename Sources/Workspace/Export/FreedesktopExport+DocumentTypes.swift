import PropertyList
import TypeRegistry

extension FreedesktopExport {
  /// `CFBundleDocumentTypes` as the desktop entry's `MimeType=` says it.
  enum DocumentTypes {
    /// `LSHandlerRank`'s order: the app's own types first; `None` is no handler at all.
    static let ranks = ["Owner", "Default", "Alternate"]
    /// `CFBundleTypeRole`'s order within a rank; `None` is no handler.
    static let roles = ["Editor", "Viewer", "Shell"]

    /// The MIME types the document types of `root` open, in rank then role order, each once
    /// (letter case aside); catch-alls only where a `CFBundleTypeMIMETypes` names them.
    static func mimeTypes(of root: PropertyList.Dictionary?, naming: Naming, warnings: inout [Warning]) -> [String] {
      let entries = (root?["CFBundleDocumentTypes"]?.array ?? []).compactMap(\.dictionary)
      let handlers = entries.enumerated().compactMap { index, entry -> (Int, Int, Int, PropertyList.Dictionary)? in
        // A missing rank is Default, a missing role Editor (Apple's defaults).
        guard let rank = ranks.firstIndex(of: entry["LSHandlerRank"]?.string ?? "Default"),
          let role = roles.firstIndex(of: entry["CFBundleTypeRole"]?.string ?? "Editor")
        else { return nil }
        return (rank, role, index, entry)
      }
      let named = Set(
        entries.flatMap { strings($0["CFBundleTypeMIMETypes"]) }.map {
          FreedesktopNames.mimeEssence($0).essence.lowercased()
        })
      var reader = Reader(naming: naming, namedCatchAlls: named.intersection(FreedesktopNames.catchAllMIMETypes))
      var found: [String] = []
      var seen: Set<String> = []
      for (_, _, _, entry) in handlers.sorted(by: { ($0.0, $0.1, $0.2) < ($1.0, $1.1, $1.2) }) {
        for name in reader.names(of: entry) where seen.insert(name.lowercased()).inserted { found.append(name) }
      }
      warnings += reader.warnings
      return found
    }

    /// What one document type opens, and what it names that the desktop entry cannot list.
    struct Reader {
      let naming: Naming
      /// The catch-alls a `CFBundleTypeMIMETypes` of the plist names: listed.
      let namedCatchAlls: Set<String>
      var warnings: [Warning] = []

      /// Its content types' MIME types, its MIME types, and the MIME types of its extensions'
      /// types: parameters dropped, what is not a MIME type and unnamed catch-alls left out.
      mutating func names(of entry: PropertyList.Dictionary) -> [String] {
        var names: [String] = []
        let label = entry["CFBundleTypeName"]?.string.map { "document type '\($0)'" } ?? "a document type"
        for (identifier, offset) in values(entry["LSItemContentTypes"]) {
          if let name = naming.name(of: identifier) {
            names += admit(name, "\(label): '\(identifier)' is \(name)", offset, stated: false)
          } else {
            warn("\(label): '\(identifier)' has no MIME type to export (declare one with public.mime-type)", offset)
          }
        }
        for (name, offset) in values(entry["CFBundleTypeMIMETypes"]) {
          names += admit(name, "\(label): '\(name)'", offset, stated: true)
        }
        for (fileExtension, offset) in values(entry["CFBundleTypeExtensions"]) where fileExtension != "*" {
          let type = naming.registry.preferredType(
            tag: fileExtension, tagClass: .filenameExtension,
            conformingTo: naming.registry.type(withIdentifier: "public.data"))
          if let name = type.flatMap({ naming.name(of: $0.identifier) }) {
            names += admit(name, "\(label): the extension '\(fileExtension)' is \(name)", offset, stated: false)
          } else {
            warn("\(label): no type with a MIME type has the extension '\(fileExtension)'", offset)
          }
        }
        return names
      }

      /// `value` as `MimeType=` may list it (nil with a warning where it may not); `stated`:
      /// the plist wrote the MIME type itself, whose parameters are then dropped with a word.
      private mutating func admit(_ value: String, _ what: String, _ offset: Int, stated: Bool) -> [String] {
        let (essence, parameters) = FreedesktopNames.mimeEssence(value)
        let folded = essence.lowercased()
        if FreedesktopNames.catchAllMIMETypes.contains(folded) && !namedCatchAlls.contains(folded) {
          warn(
            "\(what), which is every file's: it is left out of MimeType= (name it in CFBundleTypeMIMETypes to "
              + "offer the app for every file)", offset)
          return []
        }
        if let problem = FreedesktopNames.mimeTypeProblem(essence) {
          warn("\(what), which is left out: \(problem)", offset)
          return []
        }
        if stated, let parameters {
          warn("\(what): its parameters (\(parameters)) are dropped, as MimeType= lists types without them", offset)
        }
        if stated, essence != folded {
          warn(
            "\(what) is listed as \(folded): MIME types are the same in any case, and the desktop's tools take lower case",
            offset)
        }
        return [folded]
      }

      private mutating func warn(_ message: String, _ offset: Int) {
        warnings.append(Warning(message, at: naming.locate(offset)))
      }

      /// A string or an array of strings, each with its offset.
      private func values(_ value: PropertyList.Value?) -> [(String, Int)] {
        guard let value else { return [] }
        return (value.array ?? [value]).compactMap { item in item.string.map { ($0, item.rawOffset) } }
      }
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
