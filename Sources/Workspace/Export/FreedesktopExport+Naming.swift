import PropertyList
import TypeRegistry

extension FreedesktopExport {
  /// The MIME names of types: declared, derived for the file's own types that declare none, the
  /// system's for the system types the file declares again, and the nearest named supertypes of
  /// those that have none.
  struct Naming {
    /// The types with the file's declarations.
    let registry: UTTypeRegistry
    /// The types without them: what the system (the catalog, the database, other files) has.
    let system: UTTypeRegistry
    /// Where an offset of the file is.
    let locate: @Sendable (Int) -> PropertyList.SourceLocation?
    /// The derived names of the file's types that declare no MIME type, by identifier.
    private var derived: [String: String] = [:]
    /// The system types the file declares again, folded, with the first MIME type the file
    /// declares for each (used where the system has none).
    private var redeclared: [String: String?] = [:]

    /// Names of the roots that declare no MIME type but that shared-mime-info names: every file
    /// is `application/octet-stream`, every text `text/plain`.
    static let rootNames = ["public.data": "application/octet-stream", "public.text": "text/plain"]

    init(
      registry: UTTypeRegistry, system: UTTypeRegistry,
      locate: @escaping @Sendable (Int) -> PropertyList.SourceLocation?
    ) {
      self.registry = registry
      self.system = system
      self.locate = locate
    }

    /// The `application/x-` name of `identifier`: lowercased, any character outside `a-z`,
    /// `0-9`, `.`, `+` and `-` made `-`.
    static func derivedName(of identifier: String) -> String {
      let subtype = identifier.lowercased().unicodeScalars.map { scalar -> Character in
        switch scalar {
        case "a"..."z", "0"..."9", ".", "+", "-": Character(scalar)
        default: "-"
        }
      }
      return "application/x-" + String(subtype)
    }

    /// Whether `identifier` is a type the system has: in Apple's namespaces (`public.`,
    /// `com.apple.`), or declared by the built-in catalog or the machine's database.
    func isSystemType(_ identifier: String) -> Bool {
      if UTTypeRegistry.isSystemNamespace(identifier) { return true }
      guard let type = system.type(withIdentifier: identifier), let known = system.declaration(of: type) else {
        return false
      }
      return known.isBuiltIn || known.isFromMIMEDatabase
    }

    /// `declaration`'s `<mime-type>`; nil for a system type the file declares again, which is
    /// named by the system's MIME type instead (with a warning).
    mutating func mimeType(of declaration: TypeDeclaration, warnings: inout [Warning]) -> MIMEType? {
      if isSystemType(declaration.identifier) {
        let folded = UTTypeRegistry.fold(declaration.identifier)
        redeclared[folded] = declaredNames(of: declaration, warnings: &warnings).first
        let systemName = name(of: declaration.identifier)
        let named = systemName.map {
          " (\($0)\(systemType(declaration.identifier) == nil ? ", as the app declares it" : ""))"
        }
        let listed = systemName.map { "; document types that name it list \($0)" } ?? ""
        warnings.append(
          Warning(
            "'\(declaration.identifier)' is a system type\(named ?? ""): the app's declaration of it is not exported "
              + "as a new MIME type\(listed)", at: locate(declaration.rawOffset)))
        return nil
      }
      let declared = declaredNames(of: declaration, warnings: &warnings)
      let name = declared.first ?? Self.derivedName(of: declaration.identifier)
      if declared.isEmpty { derived[declaration.identifier] = name }
      let extensions = declaration.tags[UTTagClass.filenameExtension.rawValue] ?? []
      var subclassOf: [String] = []
      for parent in declaration.conformsTo {
        for named in nearestNames(of: parent) where named != name && !subclassOf.contains(named) {
          subclassOf.append(named)
        }
      }
      // Every type is a sub-class of application/octet-stream already (the specification's rule):
      // said alone, it stays; beside a nearer one, it says nothing.
      if subclassOf.count > 1 { subclassOf.removeAll { $0 == "application/octet-stream" } }
      let icon = declaration.plist["UTTypeIconName"]?.string ?? declaration.iconFile.map(Self.iconName)
      return MIMEType(
        identifier: declaration.identifier, name: name, isNameDerived: declared.isEmpty,
        aliases: Array(declared.dropFirst()), globs: extensions.filter { !$0.isEmpty && $0 != "*" }.map { "*." + $0 },
        subclassOf: subclassOf, conformsTo: declaration.conformsTo, comment: declaration.description, icon: icon)
    }

    /// The MIME types `declaration` declares that a package may name, each once: parameters
    /// dropped, and what is not a MIME type by RFC 6838 or is a catch-all left out, each with a
    /// warning at its value.
    private func declaredNames(of declaration: TypeDeclaration, warnings: inout [Warning]) -> [String] {
      var names: [String] = []
      for (value, offset) in Self.mimeTags(of: declaration) {
        let label = "'\(declaration.identifier)' declares the MIME type '\(value)'"
        let (essence, parameters) = FreedesktopNames.mimeEssence(value)
        if FreedesktopNames.catchAllMIMETypes.contains(essence.lowercased()) {
          warnings.append(Warning("\(label), which is every file's: it is not exported", at: locate(offset)))
          continue
        }
        if let problem = FreedesktopNames.mimeTypeProblem(essence) {
          warnings.append(Warning("\(label), which is left out: \(problem)", at: locate(offset)))
          continue
        }
        if let parameters {
          warnings.append(
            Warning(
              "\(label): its parameters (\(parameters)) are dropped, as a MIME package names types without them",
              at: locate(offset)))
        }
        let folded = essence.lowercased()
        if folded != essence {
          warnings.append(
            Warning(
              "\(label), which is named \(folded): MIME types are the same in any case, and the desktop's tools take "
                + "lower case", at: locate(offset)))
        }
        if !names.contains(folded) { names.append(folded) }
      }
      return names
    }

    /// The declaration's MIME tags, each with its value's offset (the declaration's, for a
    /// declaration read from a MIME package).
    static func mimeTags(of declaration: TypeDeclaration) -> [(String, Int)] {
      let specification = declaration.plist["UTTypeTagSpecification"]?.dictionary
      let values = (specification?.filter { UTTypeRegistry.fold($0.key) == UTTagClass.mimeType.rawValue } ?? [])
        .flatMap { $0.value.array ?? [$0.value] }.compactMap { value in value.string.map { ($0, value.rawOffset) } }
      guard values.isEmpty else { return values }
      return (declaration.tags[UTTagClass.mimeType.rawValue] ?? []).map { ($0, declaration.rawOffset) }
    }

    /// The MIME name of the type `identifier`, its parameters dropped: declared, derived (a
    /// type of the file's own), the system's (a system type the file declares again; where the
    /// system has none, the first the file declares for it), or a root's; nil where it has none.
    func name(of identifier: String) -> String? {
      if let derived = derived[identifier] { return derived }
      if let declared = redeclared[UTTypeRegistry.fold(identifier)] { return systemType(identifier) ?? declared }
      if let type = registry.type(withIdentifier: identifier), let mime = type.preferredMIMEType {
        return FreedesktopNames.mimeEssence(mime).essence.lowercased()
      }
      return Self.rootNames[identifier]
    }

    /// The MIME type the system gives `identifier`, its parameters dropped.
    private func systemType(_ identifier: String) -> String? {
      guard let mime = system.type(withIdentifier: identifier)?.preferredMIMEType else {
        return Self.rootNames[identifier]
      }
      return FreedesktopNames.mimeEssence(mime).essence.lowercased()
    }

    /// The names of `identifier`, or where it has none, of its nearest supertypes that have one
    /// (each path up the conformance graph stops at the first named type).
    func nearestNames(of identifier: String) -> [String] {
      var found: [String] = []
      var seen: Set<String> = []
      var pending = [identifier]
      while let next = pending.popLast() {
        guard seen.insert(next).inserted else { continue }
        if let name = name(of: next), FreedesktopNames.mimeTypeProblem(name) == nil {
          if !found.contains(name) { found.append(name) }
          continue
        }
        let parents = registry.type(withIdentifier: next).flatMap { registry.declaration(of: $0)?.conformsTo } ?? []
        pending.append(contentsOf: parents.reversed())
      }
      return found
    }

    /// `Sketch.icns` → `Sketch`: an icon theme's name has no extension.
    static func iconName(_ file: String) -> String {
      let base = file.split(separator: "/").last.map(String.init) ?? file
      guard let dot = base.lastIndex(of: "."), dot != base.startIndex else { return base }
      return String(base[..<dot])
    }
  }
}
