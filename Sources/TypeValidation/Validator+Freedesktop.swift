import PropertyList
import TypeRegistry

/// The rules of `validate --freedesktop`: what the Linux desktop needs of the declarations that
/// `utictl export freedesktop` says to it.
extension ValidationRun {
  mutating func checkFreedesktop(_ file: DeclarationFile) {
    if file.isMIMEPackage { checkPackageName(file) }
    for declaration in file.attachedDeclarations {
      guard let spec = declaration.plist["UTTypeTagSpecification"]?.dictionary else { continue }
      for entry in spec {
        let tagClass = UTTypeRegistry.fold(entry.key)
        for value in entry.value.array ?? [entry.value] {
          guard let tag = value.string else { continue }
          if tagClass == UTTagClass.mimeType.rawValue { checkFreedesktopMIMEType(tag, in: file, at: value.rawOffset) }
          if tagClass == UTTagClass.filenameExtension.rawValue && declaration.kind == .exported {
            checkGlob(tag, of: declaration, in: file, at: value.rawOffset)
          }
        }
      }
    }
    checkDocumentTypeMIMETypes(file)
    checkDocumentTypeCatchAlls(file)
    for documentType in file.document.root.dictionary?["CFBundleDocumentTypes"]?.array ?? [] {
      guard let values = documentType.dictionary?["CFBundleTypeMIMETypes"] else { continue }
      for value in values.array ?? [values] {
        guard let name = value.string else { continue }
        if MIMESyntax.isValid(name) {
          checkFreedesktopMIMEType(name, in: file, at: value.rawOffset)
        } else {
          report(
            .freedesktopMimeType, "'\(name)' is not a MIME type of the form type/subtype: the export leaves it out",
            file, value.rawOffset)
        }
      }
    }
  }

  /// `freedesktop-mime-type`: a type/subtype (the others are `invalid-mime-type`'s) that
  /// shared-mime-info would not take.
  mutating func checkFreedesktopMIMEType(_ tag: String, in file: DeclarationFile, at offset: Int) {
    guard MIMESyntax.isValid(tag) else { return }
    let (essence, parameters) = FreedesktopNames.mimeEssence(tag)
    if let problem = FreedesktopNames.mimeTypeProblem(essence) {
      report(.freedesktopMimeType, "'\(tag)' is not a MIME type the Linux desktop takes: \(problem)", file, offset)
    } else if let parameters {
      report(
        .freedesktopMimeType,
        "'\(tag)' has parameters (\(parameters)), which shared-mime-info and desktop entries do not take: the export "
          + "drops them", file, offset)
    }
  }

  /// `catch-all-document-type`: a document type whose content type is every file, where no
  /// `CFBundleTypeMIMETypes` of the plist names a catch-all (the export then leaves it out).
  mutating func checkDocumentTypeCatchAlls(_ file: DeclarationFile) {
    guard let documentTypes = file.document.root.dictionary?["CFBundleDocumentTypes"]?.array else { return }
    let strings = { (value: PropertyList.Value?) in value.map { ($0.array ?? [$0]) } ?? [] }
    let named = documentTypes.flatMap { strings($0.dictionary?["CFBundleTypeMIMETypes"]) }.compactMap(\.string)
    guard !named.contains(where: { FreedesktopNames.isCatchAll(FreedesktopNames.mimeEssence($0).essence) }) else {
      return
    }
    for documentType in documentTypes {
      let name = documentType.dictionary?["CFBundleTypeName"]?.string.map { " '\($0)'" } ?? ""
      for value in strings(documentType.dictionary?["LSItemContentTypes"]) {
        guard let identifier = value.string, Self.catchAllTypes.contains(UTTypeRegistry.fold(identifier)) else {
          continue
        }
        report(
          .catchAllDocumentType,
          "document type\(name) opens '\(identifier)', every file: the desktop entry leaves it out (name "
            + "application/octet-stream in CFBundleTypeMIMETypes to offer the app for every file)", file,
          value.rawOffset)
      }
    }
  }

  /// The content types that are every file.
  static let catchAllTypes: Set<String> = ["public.data", "public.item", "public.content"]

  /// `glob-shadows-system-type`: an exported extension the machine's shared-mime-info database
  /// gives to a type that shares no MIME type with this one (clashes with Apple's types are
  /// `tag-conflict`'s).
  mutating func checkGlob(_ tag: String, of declaration: TypeDeclaration, in file: DeclarationFile, at offset: Int) {
    let machine = machineTypes
    let ours = Set((declaration.tags[UTTagClass.mimeType.rawValue] ?? []).map { $0.lowercased() })
    let extensionName = tag.hasPrefix(".") ? String(tag.dropFirst()) : tag
    for other in machine.types(tag: extensionName, tagClass: .filenameExtension) {
      guard let found = machine.declaration(of: other), found.isFromMIMEDatabase,
        found.identifier != declaration.identifier
      else { continue }
      let theirs = (other.tags[.mimeType] ?? []).map { $0.lowercased() }
      guard ours.isDisjoint(with: theirs), let name = theirs.first else { continue }
      let what = found.description.map { "\(name) (\($0))" } ?? name
      report(
        .globShadowsSystemType,
        "'\(extensionName)' is the machine's glob for \(what) in shared-mime-info: installed, '\(declaration.identifier)' "
          + "and \(name) both claim *.\(extensionName)", file, offset)
      return
    }
  }

  /// `document-type-without-mime-type`: a declared content type of a document type that has
  /// no MIME type (declared, or given by the machine's shared-mime-info database), is not
  /// exported by these files (the export derives one), and is not a root the desktop names
  /// (`public.data`, `public.text`).
  mutating func checkDocumentTypeMIMETypes(_ file: DeclarationFile) {
    guard let documentTypes = file.document.root.dictionary?["CFBundleDocumentTypes"]?.array else { return }
    let exported = Set(
      files.flatMap(\.declarations).filter { $0.kind == .exported }.map { UTTypeRegistry.fold($0.identifier) })
    for documentType in documentTypes {
      guard let types = documentType.dictionary?["LSItemContentTypes"] else { continue }
      let name = documentType.dictionary?["CFBundleTypeName"]?.string.map { " '\($0)'" } ?? ""
      for value in types.array ?? [types] {
        // The MIME type as the export finds it: declared, or the machine's database's for it.
        guard let identifier = value.string, let type = registry.type(withIdentifier: identifier),
          type.preferredMIMEType == nil, machineTypes.type(withIdentifier: identifier)?.preferredMIMEType == nil,
          !exported.contains(UTTypeRegistry.fold(identifier)),
          !["public.data", "public.text"].contains(UTTypeRegistry.fold(identifier))
        else { continue }
        report(
          .documentTypeWithoutMimeType,
          "document type\(name) names '\(identifier)', which has no MIME type: the desktop entry cannot list it",
          file, value.rawOffset)
      }
    }
  }

  /// `package-name-not-app-id`: a package not named `APP-ID.xml`.
  mutating func checkPackageName(_ file: DeclarationFile) {
    let name = String(file.path.split(separator: "/").last ?? Substring(file.path))
    let stem = name.hasSuffix(".xml") ? String(name.dropLast(4)) : name
    guard !name.hasSuffix(".xml") || !FreedesktopNames.isApplicationID(stem) else { return }
    report(
      .packageNameNotAppId,
      "the package '\(name)' is not named after an application ID: name it APP-ID.xml (org.example.Sketch.xml)", file,
      0)
  }
}
