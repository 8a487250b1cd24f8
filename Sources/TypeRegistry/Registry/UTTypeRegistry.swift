import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An immutable snapshot of type declarations: the conformance graph, the tag index, and what
/// was wrong with the declarations (conflicts, cycles, unknown parents).
///
/// Build one with ``Builder``, or use ``shared`` (the built-in catalog plus whatever the process
/// registers), which `UTType`'s initializers consult.
///
/// ```swift
/// var builder = UTTypeRegistry.Builder()
/// try builder.add(contentsOf: "PointyBug/Info.plist")
/// let registry = builder.build()
/// let arrow = registry.type(withIdentifier: "com.raywenderlich.pointybug.tool.arrow")!
/// arrow.conforms(to: .data)  // true
/// ```
///
/// Apple's system keeps one registry (Launch Services); this type lets code hold its own.
public final class UTTypeRegistry: Sendable {
  /// A declared type: its winning declaration.
  struct Record: Sendable {
    let declaration: TypeDeclaration
    /// Tags the MIME layer adds after the declaration's own (for a catalog type that claims a
    /// MIME type of the machine's database).
    var addedTags: [String: [String]]? = nil
    /// Filename extensions that match their own case alone (from the database's case-sensitive
    /// globs: `C` for C++, beside C's `c`).
    var caseSensitiveExtensions: Set<String>? = nil
  }

  let records: RecordTable
  /// The declared parents of each type that resolved (cycle edges included), in declared order.
  let parents: IDLists
  /// Folded identifier → id.
  let ids: IdentifierTable
  /// Each type's id and the ids of all its supertypes, sorted.
  @usableFromInline let ancestors: IDLists
  /// The tag index, built by the first tag lookup unless the builder built it already.
  private let lazyTagIndex = AtomicLazyReference<TagIndex>()
  /// The files the declarations came from, in load order.
  public let files: [DeclarationFile]
  /// Whether the built-in catalog's system types are in the registry.
  public let includesSystemTypes: Bool
  /// The MIME layer: its source, and the database or the pending completion.
  let systemTypes: SystemTypes
  /// Declarations in code, in the order added.
  let codeDeclarations: [TypeDeclaration]
  /// What was wrong with this registry's own declarations (the MIME layer's are in `completed`).
  let own: Problems
  /// Identifiers declared more than once, and which declaration won (the MIME layer's included).
  public var conflicts: [Conflict] { completed.own.conflicts }
  /// Conformance cycles, each broken by ignoring its closing edge (the MIME layer's included).
  public var cycles: [Cycle] { completed.own.cycles }
  /// Parents that no loaded source declares.
  public var unknownParents: [UnknownParent] { completed.own.unknownParents }

  /// Conflicts, cycles and unknown parents, as the builder found them.
  struct Problems: Sendable {
    var conflicts: [Conflict]
    var cycles: [Cycle]
    var unknownParents: [UnknownParent]
  }

  init(
    records: RecordTable, parents: IDLists, ids: IdentifierTable, ancestors: IDLists, tagIndex: TagIndex?,
    files: [DeclarationFile], includesSystemTypes: Bool, systemTypes: SystemTypes,
    codeDeclarations: [TypeDeclaration], problems: Problems
  ) {
    self.records = records
    self.parents = parents
    self.ids = ids
    self.ancestors = ancestors
    if let tagIndex { _ = lazyTagIndex.storeIfNil(tagIndex) }
    self.files = files
    self.includesSystemTypes = includesSystemTypes
    self.systemTypes = systemTypes
    self.codeDeclarations = codeDeclarations
    own = problems
  }

  /// Folded tag class → folded tag → ids, in preference order; built once, by the first caller.
  var tagIndex: TagIndex { lazyTagIndex.load() ?? lazyTagIndex.storeIfNil(TagIndex(records)) }

  /// The number of declared types, the MIME layer's included.
  public var count: Int { completed.records.count }

  /// Every declared type, in declaration order (the MIME layer's after the catalog's).
  public var allTypes: [UTType] {
    let registry = completed
    return (0..<Int32(registry.records.count)).map { UTType(registry: registry, id: $0) }
  }

  /// The id of a declared identifier, compared case-insensitively.
  func id(of identifier: String) -> Int32? { ids.find(Self.fold(identifier)) }

  /// Whether `identifier` is in a namespace Apple keeps for the system's types (`public.`,
  /// `com.apple.`): a file that declares one re-declares a system type.
  package static func isSystemNamespace(_ identifier: String) -> Bool {
    let folded = fold(identifier)
    return folded.hasPrefix("public.") || folded.hasPrefix("com.apple.")
  }

  /// ASCII lowercase, without allocating when the string has no capitals.
  @inline(__always) package static func fold(_ s: String) -> String {
    // Over the contiguous bytes (a native or small string): a String.UTF8View iterator costs
    // several times as much per byte, and folding is most of interning a registry's identifiers.
    let hasUpper =
      s.utf8.withContiguousStorageIfAvailable { $0.contains { $0 &- UInt8(ascii: "A") < 26 } }
      ?? s.utf8.contains { $0 &- UInt8(ascii: "A") < 26 }
    return hasUpper ? s.lowercased() : s
  }

  /// The declared type with `identifier`, or the type a `dyn.` identifier describes; nil otherwise.
  ///
  /// Apple's counterpart is `UTType(_:)`, which consults the system's registry.
  /// - Complexity: O(1) for declared identifiers.
  /// - Parameter identifier: A type identifier, compared case-insensitively.
  /// - Returns: The type, or nil when the identifier is neither declared nor dynamic.
  public func type(withIdentifier identifier: String) -> UTType? {
    if let id = id(of: identifier) { return UTType(registry: self, id: id) }
    if Self.fold(identifier).hasPrefix("dyn.") {
      guard let specification = DynamicTypeIdentifier.decode(identifier) else { return nil }
      return UTType(registry: self, identifier: identifier, dynamic: specification)
    }
    if systemTypes.pending != nil { return completed.type(withIdentifier: identifier) }
    return nil
  }

  /// The winning declaration of a declared type.
  ///
  /// - Parameter type: A type of this registry.
  /// - Returns: The declaration that won among those of the identifier, or nil for an undeclared type.
  public func declaration(of type: UTType) -> TypeDeclaration? {
    if let id = resolve(type) { return records[Int(id)].declaration }
    return systemTypes.pending != nil && !type.isDynamic ? completed.declaration(of: type) : nil
  }

  /// The id of `type` in this registry.
  func resolve(_ type: UTType) -> Int32? {
    if type.registry === self { return type.id >= 0 ? type.id : nil }
    return id(of: type.identifier)
  }
}

extension UTTypeRegistry {
  /// An identifier declared more than once; the ``winner`` is the one the registry uses.
  public struct Conflict: Sendable {
    /// The identifier, as the winning declaration spells it.
    public let identifier: String
    /// The declaration the registry uses: the higher layer's, or the later one in a layer.
    public let winner: TypeDeclaration
    /// The declaration it replaced.
    public let overridden: TypeDeclaration
  }

  /// A chain of parents that leads back to its start: `a → b → a`. The registry ignores the
  /// closing edge (from the last type to the first).
  public struct Cycle: Sendable {
    /// The identifiers around the cycle, starting and ending with the same one.
    public let path: [String]
    /// The declaration whose parent closes the cycle.
    public let declaration: TypeDeclaration
    /// The parent, as declared, that closes it.
    public let parent: String
  }

  /// A parent that no loaded source declares.
  public struct UnknownParent: Sendable {
    /// The declaration that names the parent.
    public let declaration: TypeDeclaration
    /// The parent identifier, as declared.
    public let parent: String
  }
}

/// The types that declare one tag, in preference order: a first id and the rest, so that a tag
/// claimed by one type (the usual case) needs no array.
struct TagCandidates: Sendable, Sequence {
  var first: Int32
  var rest: [Int32] = []

  var count: Int { 1 + rest.count }

  /// Appends an id, unless it is the last one appended (ids arrive in increasing order).
  mutating func appendIfAbsent(_ id: Int32) {
    if (rest.last ?? first) != id { rest.append(id) }
  }

  /// The same ids in a new order.
  init(first: Int32, rest: [Int32] = []) {
    self.first = first
    self.rest = rest
  }

  init(ordered ids: [Int32]) {
    self.init(first: ids[0], rest: Array(ids.dropFirst()))
  }

  struct Iterator: IteratorProtocol {
    let candidates: TagCandidates
    var position = -1
    mutating func next() -> Int32? {
      defer { position += 1 }
      if position < 0 { return candidates.first }
      return position < candidates.rest.count ? candidates.rest[position] : nil
    }
  }

  func makeIterator() -> Iterator { Iterator(candidates: self) }
}
