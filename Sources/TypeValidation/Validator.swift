import TypeRegistry

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The semantic lint of type declarations behind `utictl validate`.
///
/// All files are checked together, against the built-in catalog and any extra declarations, so
/// a type declared in one file may be used in another. Each diagnostic points at the most precise
/// place (the key or value at fault), with notes at related places.
///
/// ```swift
/// var validator = Validator()
/// validator.disabledRules = [.foreignDomain]
/// let diagnostics = validator.validate([try DeclarationFile(contentsOf: "Info.plist")])
/// ```
///
/// Apple has no counterpart: these mistakes otherwise surface at run time.
public struct Validator: Sendable {
  /// Rule ids not to report.
  public var disabledRules: Set<ValidationRule.ID> = []
  /// Report warnings as errors (`--werror`).
  public var warningsAsErrors = false
  /// Check the files as the system's own catalog: the built-in catalog is not loaded beside them,
  /// and the reserved namespaces are theirs to declare.
  public var systemCatalog = false

  /// Check what the Linux desktop needs too (`--freedesktop`): MIME types shared-mime-info
  /// accepts, extensions the machine's database does not give to another type, document types
  /// with MIME types, and packages named after the app's ID.
  public var freedesktop = false

  /// A validator with every rule on and the built-in catalog as the system's types.
  public init() {}

  /// The declaration keys Apple documents.
  static let declarationKeys = [
    "UTTypeIdentifier", "UTTypeConformsTo", "UTTypeDescription", "UTTypeTagSpecification", "UTTypeReferenceURL",
    "UTTypeIconFile", "UTTypeIconFiles", "UTTypeIcons", "UTTypeVersion", "UTTypeSize64IconFile",
    "UTTypeSize320IconFile",
  ]
  static let declarationKeySet = Set(declarationKeys)
  /// The tag classes the system uses.
  static let tagClasses = [
    "public.filename-extension", "public.mime-type", "com.apple.ostype", "com.apple.nspboard-type", "public.url-scheme",
  ]
  static let physicalParents = ["public.data", "com.apple.package", "public.directory"]

  /// Checks `files` against the built-in catalog (unless ``systemCatalog``) and `types`, and the
  /// `UTType(exportedAs:)` and `UTType(importedAs:)` calls in `sources`.
  /// - Complexity: O(*n*) in the declarations, plus O(*n*·*t*) for tags shared by *t* types.
  /// - Parameters:
  ///   - files: The declaration files to check (every finding is in one of them).
  ///   - types: Further declarations the files may rely on, not checked themselves.
  ///   - sources: Swift files whose `UTType(exportedAs:)` and `UTType(importedAs:)` calls must be declared.
  /// - Returns: The findings, without those of disabled rules.
  public func validate(_ files: [DeclarationFile], types: [DeclarationFile] = [], sources: [SwiftSourceFile] = [])
    -> [Diagnostic]
  {
    // Apple's system types alone: the formats the detectors declare on Linux are not Apple's.
    var builder = UTTypeRegistry.Builder(includingSystemTypes: !systemCatalog, mimeDatabase: nil)
    builder.includesDetectorFormats = false
    for file in types + files { builder.add(file) }
    let registry = builder.build()
    var run = ValidationRun(validator: self, registry: registry, files: files)
    run.checkAll(sources: sources)
    return run.diagnostics
  }

  /// The `plist-syntax` diagnostic for a file that is not a readable property list.
  ///
  /// - Parameter error: The error from reading a declaration file.
  /// - Returns: The `plist-syntax` diagnostic at the error's location; nil when the error is not a
  ///   syntax error or the rule is disabled.
  public func diagnostic(for error: DeclarationLoadError) -> Diagnostic? {
    guard error.code == .malformed, let location = error.location else { return nil }
    return finish(
      Diagnostic(
        severity: .error, rule: .plistSyntax, message: error.message,
        place: .init(path: error.path, location: location)))
  }

  /// Applies `--disable` and `--werror`.
  func finish(_ diagnostic: Diagnostic) -> Diagnostic? {
    if disabledRules.contains(diagnostic.rule) { return nil }
    var d = diagnostic
    if warningsAsErrors && d.severity == .warning { d.severity = .error }
    return d
  }
}

/// One validation: the registry of everything loaded, and the diagnostics so far.
struct ValidationRun {
  let validator: Validator
  let registry: UTTypeRegistry
  let files: [DeclarationFile]
  var diagnostics: [Diagnostic] = []
  /// Tag conflicts already reported, as sorted identifier pairs and the tag.
  var reportedTagPairs = Set<String>()
  /// Declarations that reach no physical type, reported once all are known (``checkPhysicalParents()``).
  var withoutPhysicalParent: [(declaration: TypeDeclaration, file: DeclarationFile, offset: Int)] = []
  /// public.data, com.apple.package and public.directory, as declared in the registry.
  let physicalTypes: [UTType]
  /// The system's types with the machine's shared-mime-info database, made when the first
  /// `--freedesktop` check needs them.
  var machineTypes: UTTypeRegistry {
    mutating get {
      if let made = madeMachineTypes { return made }
      let made = UTTypeRegistry.Builder(includingSystemTypes: true, mimeDatabase: .platformDefault).build()
      madeMachineTypes = made
      return made
    }
  }
  private var madeMachineTypes: UTTypeRegistry?

  init(validator: Validator, registry: UTTypeRegistry, files: [DeclarationFile]) {
    self.validator = validator
    self.registry = registry
    self.files = files
    self.physicalTypes = Validator.physicalParents.compactMap { registry.type(withIdentifier: $0) }
  }

  mutating func report(
    _ rule: ValidationRule.ID, _ message: String, _ file: DeclarationFile, _ offset: Int,
    severity: Diagnostic.Severity? = nil,
    notes: [Diagnostic.Note] = []
  ) {
    let severity = severity ?? ValidationRule.all.first { $0.id == rule }!.severity
    let diagnostic = Diagnostic(
      severity: severity, rule: rule, message: message, place: place(file, offset), notes: notes)
    if let d = validator.finish(diagnostic) { diagnostics.append(d) }
  }

  func place(_ file: DeclarationFile, _ offset: Int) -> Diagnostic.Place {
    .init(path: file.path, location: file.location(ofOffset: offset))
  }

  /// A note at a declaration, or naming the built-in catalog.
  func note(_ message: String, at declaration: TypeDeclaration, offset: Int? = nil) -> Diagnostic.Note {
    guard let file = declaration.file, !declaration.isBuiltIn else {
      return .init(message: message + " (built-in)", place: nil)
    }
    return .init(
      message: message,
      place: place(file, offset ?? declaration.offset(ofKey: "UTTypeIdentifier") ?? declaration.rawOffset))
  }

  mutating func checkAll(sources: [SwiftSourceFile]) {
    var seen: [String: TypeDeclaration] = [:]
    for file in files {
      checkFile(file)
      var exported: [String: TypeDeclaration] = [:]
      var inList: [String: TypeDeclaration] = [:]
      let domain = BundleDomain.of(file)
      for declaration in file.attachedDeclarations {
        checkDeclaration(declaration, in: file, domain: domain)
        let key = UTTypeRegistry.fold(declaration.identifier)
        let listKey = "\(declaration.kind)\u{0}\(key)"
        let offset = declaration.offset(ofKey: "UTTypeIdentifier") ?? declaration.rawOffset
        if let earlier = inList[listKey] {
          report(
            .duplicateIdentifier, "'\(declaration.identifier)' is declared twice in \(declaration.kind.key)", file,
            offset,
            notes: [note("the earlier declaration is here", at: earlier)])
        } else if declaration.kind == .imported, let export = exported[key] {
          report(
            .exportedAndImported,
            "'\(declaration.identifier)' is both exported and imported by this file; declare it once",
            file, offset, notes: [note("the export is here", at: export)])
        } else if let earlier = seen[key], earlier.file !== file,
          earlier.kind == .exported && declaration.kind == .exported
        {
          report(
            .duplicateIdentifier,
            "'\(declaration.identifier)' is also exported by \(earlier.file?.path ?? "another file")",
            file, offset, notes: [note("the other export is here", at: earlier)])
        }
        inList[listKey] = inList[listKey] ?? declaration
        if declaration.kind == .exported { exported[key] = exported[key] ?? declaration }
        if seen[key] == nil || declaration.kind == .exported { seen[key] = declaration }
      }
      checkDocumentTypes(file)
      if validator.freedesktop { checkFreedesktop(file) }
    }
    checkCycles()
    checkPhysicalParents()
    checkSources(sources)
  }

  mutating func checkFile(_ file: DeclarationFile) {
    for warning in file.document.warnings where warning.code == .duplicateKey {
      let related = warning.relatedLocation.map {
        Diagnostic.Note(message: "the earlier key is here", place: .init(path: file.path, location: $0))
      }
      let d = Diagnostic(
        severity: .warning, rule: .duplicateKey, message: warning.message,
        place: .init(path: file.path, location: warning.location), notes: related.map { [$0] } ?? [])
      if let d = validator.finish(d) { diagnostics.append(d) }
    }
    for problem in file.problems {
      switch problem.kind {
      case .missingIdentifier:
        report(.missingIdentifier, "this type declaration has no UTTypeIdentifier", file, problem.offset)
      case .wrongValueType: report(.wrongValueType, "\(problem.keyPath): \(problem.message)", file, problem.offset)
      }
    }
  }
}
