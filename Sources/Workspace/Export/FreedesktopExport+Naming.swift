import PropertyList
import TypeRegistry

extension FreedesktopExport {
  /// The MIME names of types: declared, derived for the file's own types that declare none, and
  /// the nearest named supertypes of those that have none.
  struct Naming {
    let registry: UTTypeRegistry
    /// The derived names of the file's types that declare no MIME type, by identifier.
    private var derived: [String: String] = [:]

    /// Names of the roots that declare no MIME type but that shared-mime-info names: every file
    /// is `application/octet-stream`, every text `text/plain`.
    static let rootNames = ["public.data": "application/octet-stream", "public.text": "text/plain"]

    init(registry: UTTypeRegistry) { self.registry = registry }

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

    /// `declaration`'s `<mime-type>`.
    mutating func mimeType(of declaration: TypeDeclaration) -> MIMEType {
      let declared = declaration.tags[UTTagClass.mimeType.rawValue] ?? []
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

    /// The MIME name of the type `identifier`: declared, derived (a type of the file's own), or
    /// a root's; nil where it has none.
    func name(of identifier: String) -> String? {
      if let derived = derived[identifier] { return derived }
      if let type = registry.type(withIdentifier: identifier), let mime = type.preferredMIMEType { return mime }
      return Self.rootNames[identifier]
    }

    /// The names of `identifier`, or where it has none, of its nearest supertypes that have one
    /// (each path up the conformance graph stops at the first named type).
    func nearestNames(of identifier: String) -> [String] {
      var found: [String] = []
      var seen: Set<String> = []
      var pending = [identifier]
      while let next = pending.popLast() {
        guard seen.insert(next).inserted else { continue }
        if let name = name(of: next) {
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
