#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A type of data: a file format, an in-memory representation, or an abstract category, named by
/// a uniform type identifier and placed in a conformance hierarchy.
///
/// Source-compatible with Apple's `UniformTypeIdentifiers.UTType`: code written for Apple
/// platforms compiles with only the import changed. Types come from ``UTTypeRegistry/shared``
/// (the built-in catalog of system types plus whatever the process registers) unless a registry
/// is named.
///
/// ```swift
/// let png = UTType(filenameExtension: "png")!     // public.png
/// png.conforms(to: .image)                        // true
/// png.preferredMIMEType                           // "image/png"
/// UTType("com.example.undeclared")                // nil
/// ```
///
/// Two types are equal when their identifiers are, compared case-insensitively.
public struct UTType: Sendable {
  /// The registry the type was resolved in.
  @usableFromInline let registry: UTTypeRegistry
  /// The id of a declared type in `registry`; -1 for dynamic and undeclared types.
  @usableFromInline let id: Int32
  /// The identifier and specification of a dynamic or undeclared type.
  let extra: Extra?

  final class Extra: Sendable {
    let identifier: String
    let specification: DynamicTypeIdentifier.Specification
    let isDynamic: Bool
    /// Made by `UTType(exportedAs:)` or `UTType(importedAs:)`: answers from the shared
    /// registry's declaration once it has one (see ``UTType/current``).
    let followsSharedRegistry: Bool

    init(
      identifier: String, specification: DynamicTypeIdentifier.Specification, isDynamic: Bool,
      followsSharedRegistry: Bool = false
    ) {
      self.identifier = identifier
      self.specification = specification
      self.isDynamic = isDynamic
      self.followsSharedRegistry = followsSharedRegistry
    }
  }

  init(registry: UTTypeRegistry, id: Int32) {
    self.registry = registry
    self.id = id
    self.extra = nil
  }

  init(registry: UTTypeRegistry, identifier: String, dynamic specification: DynamicTypeIdentifier.Specification) {
    self.registry = registry
    self.id = -1
    self.extra = Extra(identifier: identifier, specification: specification, isDynamic: true)
  }

  init(
    registry: UTTypeRegistry, undeclared identifier: String, conformingTo parent: UTType?,
    followsSharedRegistry: Bool = false
  ) {
    self.registry = registry
    self.id = -1
    self.extra = Extra(
      identifier: identifier, specification: .init(conformsTo: parent.map { [$0.identifier] } ?? []), isDynamic: false,
      followsSharedRegistry: followsSharedRegistry)
  }

  /// The shared registry's declared type, for an undeclared type of ``init(exportedAs:conformingTo:)``
  /// or ``init(importedAs:conformingTo:)`` whose declaration was registered after it was made;
  /// nil for every other type, and while the shared registry still does not declare it.
  ///
  /// On Apple platforms the main bundle declares an app's types before any code runs, so an
  /// early `static let` constant is declared from the start. A Linux executable registers its
  /// declarations at run time (``UTTypeRegistry/register(contentsOf:)-(URL)``, with its
  /// Info.plist or one found beside it); a constant made before that follows the shared registry:
  /// its conformance, tags, description, supertypes and declaration are the declared type's
  /// from then on.
  var current: UTType? {
    guard let extra, extra.followsSharedRegistry else { return nil }
    let shared = UTTypeRegistry.shared.current
    guard shared !== registry, let id = shared.id(of: extra.identifier) else { return nil }
    return UTType(registry: shared, id: id)
  }

  /// The declared type with `identifier`, or the type a `dyn.` identifier describes.
  ///
  /// Returns nil for an identifier that no loaded source declares. Apple's counterpart: `init?(_:)`.
  /// - Complexity: O(1).
  /// - Parameter identifier: A type identifier, compared case-insensitively.
  public init?(_ identifier: String) {
    guard let type = UTTypeRegistry.shared.current.type(withIdentifier: identifier) else { return nil }
    self = type
  }

  /// The type of a type your app exports: the declared type if a loaded source declares it,
  /// otherwise an undeclared type with that identifier conforming to `parentType`.
  ///
  /// Apple requires the type to be exported in the app's Info.plist; `utictl validate --sources`
  /// checks that. Apple's counterpart: `init(exportedAs:conformingTo:)`.
  ///
  /// - Parameters:
  ///   - identifier: The exported type's identifier.
  ///   - parentType: The parent of the undeclared type, when no source declares it.
  public init(exportedAs identifier: String, conformingTo parentType: UTType? = nil) {
    self = UTType.declaredOrUndeclared(identifier, conformingTo: parentType)
  }

  /// The type of a type your app imports; see ``init(exportedAs:conformingTo:)``.
  /// Apple's counterpart: `init(importedAs:conformingTo:)`.
  ///
  /// - Parameters:
  ///   - identifier: The imported type's identifier.
  ///   - parentType: The parent of the undeclared type, when no source declares it.
  public init(importedAs identifier: String, conformingTo parentType: UTType? = nil) {
    self = UTType.declaredOrUndeclared(identifier, conformingTo: parentType)
  }

  static func declaredOrUndeclared(_ identifier: String, conformingTo parent: UTType?) -> UTType {
    let registry = UTTypeRegistry.shared.current
    if let id = registry.id(of: identifier) { return UTType(registry: registry, id: id) }
    if !UTTypeRegistry.fold(identifier).hasPrefix("dyn."), let type = registry.type(withIdentifier: identifier) {
      return type
    }
    return UTType(registry: registry, undeclared: identifier, conformingTo: parent, followsSharedRegistry: true)
  }

  /// The winning declaration, for a declared type.
  var declaration: TypeDeclaration? { id >= 0 ? registry.records[Int(id)].declaration : current?.declaration }

  /// The tags the MIME layer adds to a declared type, reading the layer if the registry has not yet.
  var addedTags: [String: [String]]? {
    guard id >= 0 else { return current?.addedTags }
    guard registry.systemTypes.pending != nil else { return registry.records[Int(id)].addedTags }
    let completed = registry.completed
    return completed.id(of: identifier).flatMap { completed.records[Int($0)].addedTags }
  }

  /// The type's identifier, as declared.
  public var identifier: String { extra?.identifier ?? registry.records.identifier(at: Int(id)) }

  /// The type's description from its declaration (`UTTypeDescription`), not localized; for a
  /// type of the machine's MIME database, the database's description (its `<comment>`).
  public var localizedDescription: String? {
    if let description = declaration?.description { return description }
    if let declaration, declaration.isFromMIMEDatabase,
      let mimeType = declaration.tags[UTTagClass.mimeType.rawValue]?.first
    {
      return registry.mimeDatabase?.description(of: mimeType)
    }
    return extra?.isDynamic == true ? "dynamic type \(identifier)" : nil
  }

  /// Whether a loaded source declares the type.
  public var isDeclared: Bool { id >= 0 || current != nil }

  /// Whether the type is a dynamic type (`dyn.` identifier) the registry made up for a tag.
  public var isDynamic: Bool { extra?.isDynamic ?? false }

  /// Whether the identifier is in the reserved `public` domain.
  public var isPublic: Bool { UTTypeRegistry.fold(identifier).hasPrefix("public.") }

  /// `UTTypeReferenceURL`, when declared and a valid URL.
  public var referenceURL: URL? { declaration?.referenceURL.flatMap { URL(string: $0) } }

  /// `UTTypeVersion`, when declared as a number.
  public var version: Int? { declaration?.version }

  /// The direct parents of a dynamic or undeclared type, resolved in `registry`.
  func dynamicParents(in registry: UTTypeRegistry) -> [UTType] {
    (extra?.specification.conformsTo ?? []).map {
      registry.type(withIdentifier: $0) ?? UTType(registry: registry, undeclared: $0, conformingTo: nil)
    }
  }
}

extension UTType {
  /// Whether the type is `type` or conforms to it, directly or through its supertypes.
  ///
  /// Reflexive and transitive over multiple parents. Apple's counterpart: `conforms(to:)`.
  /// - Complexity: O(log *k*) in the number of supertypes when both types come from one registry.
  /// - Parameter type: The type to test against.
  /// - Returns: Whether this type is `type` or one of its subtypes.
  @inlinable
  public func conforms(to type: UTType) -> Bool {
    if id >= 0 && type.id >= 0 && registry === type.registry { return registry.conforms(id, type.id) }
    return slowConforms(to: type)
  }

  @usableFromInline
  func slowConforms(to type: UTType) -> Bool {
    if self == type { return true }
    if let current { return current.conforms(to: type) }
    if let target = type.current { return conforms(to: target) }
    if id >= 0 {
      guard let target = registry.id(of: type.identifier) else { return false }
      return registry.conforms(id, target)
    }
    return dynamicParents(in: registry).contains { $0.conforms(to: type) }
  }

  /// Whether the type conforms to `type` and is not `type`. Apple's counterpart: `isSubtype(of:)`.
  ///
  /// - Parameter type: The supertype to test against.
  /// - Returns: Whether this type is a proper subtype of `type`.
  public func isSubtype(of type: UTType) -> Bool { self != type && conforms(to: type) }

  /// Whether `type` conforms to this type and is not it. Apple's counterpart: `isSupertype(of:)`.
  ///
  /// - Parameter type: The subtype to test against.
  /// - Returns: Whether this type is a proper supertype of `type`.
  public func isSupertype(of type: UTType) -> Bool { type.isSubtype(of: self) }

  /// Every type this type conforms to, directly or not, itself excluded. Apple's counterpart: `supertypes`.
  public var supertypes: Set<UTType> {
    if id >= 0 {
      return Set(registry.supertypeIDs(of: id).filter { $0 != id }.map { UTType(registry: registry, id: $0) })
    }
    if let current { return current.supertypes }
    var result = Set<UTType>()
    for parent in dynamicParents(in: registry) {
      result.insert(parent)
      result.formUnion(parent.supertypes)
    }
    return result
  }
}

extension UTType: Hashable {
  /// Whether two types have the same identifier, compared case-insensitively (an id comparison when both come from one registry).
  ///
  /// - Parameters:
  ///   - lhs: A type to compare.
  ///   - rhs: Another type to compare.
  /// - Returns: Whether their identifiers are equal, ignoring case.
  public static func == (lhs: UTType, rhs: UTType) -> Bool {
    if lhs.registry === rhs.registry && lhs.id >= 0 && rhs.id >= 0 { return lhs.id == rhs.id }
    return UTTypeRegistry.fold(lhs.identifier) == UTTypeRegistry.fold(rhs.identifier)
  }

  /// Hashes the case-folded identifier, consistently with `==`.
  ///
  /// - Parameter hasher: The hasher to feed the identifier to.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(UTTypeRegistry.fold(identifier))
  }
}

extension UTType: CustomStringConvertible, CustomDebugStringConvertible {
  /// The identifier.
  public var description: String { identifier }

  /// The identifier and how the type is known: `public.png (declared)`.
  public var debugDescription: String {
    "\(identifier) (\(isDeclared ? "declared" : isDynamic ? "dynamic" : "undeclared"))"
  }
}

extension UTType: Codable {
  /// Encodes the identifier, as Apple's `UTType` does.
  ///
  /// - Parameter encoder: The encoder to write the identifier to, as a single string.
  /// - Throws: The encoder's error.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(identifier)
  }

  /// Decodes an identifier; fails for one that no loaded source declares.
  ///
  /// - Parameter decoder: The decoder to read the identifier from, a single string.
  /// - Throws: `DecodingError.dataCorrupted` for an identifier that is neither declared nor dynamic,
  ///   or the decoder's error.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let identifier = try container.decode(String.self)
    guard let type = UTType(identifier) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "'\(identifier)' is not a declared or dynamic type identifier")
    }
    self = type
  }
}
