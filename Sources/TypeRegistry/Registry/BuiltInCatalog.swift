import UTIPlatform

/// The system-declared types of `Resources/exported-types.plist`, compiled into the binary.
///
/// The plist is the source of truth; `scripts/make-catalog.py` writes its declarations as Swift
/// literals (`Generated/BuiltInCatalog+Entries.swift`), which registries are built from without
/// parsing XML at start-up, and CI checks that the literals are up to date. Tests check them
/// against the plist. A binary copied alone has the catalog.
enum BuiltInCatalog {
  /// A declaration as the catalog writes it.
  struct Entry: Sendable {
    let identifier: String
    let parents: [String]
    let description: String
    let tags: [(String, [String])]

    init(_ identifier: String, _ parents: [String], _ description: String, _ tags: [(String, [String])]) {
      self.identifier = identifier
      self.parents = parents
      self.description = description
      self.tags = tags
    }

    /// The values of one tag class, or none.
    func tags(_ tagClass: String) -> [String] {
      for index in tags.indices where tags[index].0 == tagClass { return tags[index].1 }
      return []
    }
  }

  /// The catalog's declarations, exported and built-in, in catalog order.
  static let declarations = makeDeclarations()

  /// The catalog's declarations, then those of the formats the built-in detectors name that the
  /// catalog does not declare (``Format/declarations``): the system layer of every registry.
  static let systemDeclarations = withFormats(declarations)

  /// `catalog`, then the formats' declarations numbered after it.
  static func withFormats(_ catalog: [TypeDeclaration]) -> [TypeDeclaration] {
    catalog + Format.declarations.indices.map { formatDeclaration($0, after: catalog.count) }
  }

  /// The declaration of format `offset` of ``Format/declarations``, numbered after a catalog of
  /// `count` declarations.
  static func formatDeclaration(_ offset: Int, after count: Int) -> TypeDeclaration {
    var declaration = Format.declarations[offset]
    declaration.fields.index = count + offset
    return declaration
  }

  static func makeDeclarations() -> [TypeDeclaration] {
    entries.indices.map(declaration(ofEntry:))
  }

  /// The declaration of `entries[index]`.
  static func declaration(ofEntry index: Int) -> TypeDeclaration {
    let entry = entries[index]
    var tags = [String: [String]](minimumCapacity: entry.tags.count)
    for (tagClass, values) in entry.tags { tags[tagClass] = values }
    var declaration = TypeDeclaration(
      identifier: entry.identifier, kind: .exported, conformsTo: entry.parents, description: entry.description,
      tags: tags)
    declaration.fields.index = index
    declaration.fields.isBuiltIn = true
    return declaration
  }

  /// `systemDeclarations[index]`, made on first use, alone (for the catalog's part) and kept for
  /// the process: what the records of a registry of the system types alone read.
  static func systemDeclaration(at index: Int) -> TypeDeclaration {
    if let made = made.withLock({ $0[index] }) { return made }
    let declaration =
      index < entries.count
      ? self.declaration(ofEntry: index) : formatDeclaration(index - entries.count, after: entries.count)
    return made.withLock { slots in
      if let other = slots[index] { return other }
      slots[index] = declaration
      return declaration
    }
  }

  /// The system declarations made so far, by index.
  private static let made = Locked<[TypeDeclaration?]>(Array(repeating: nil, count: graph.identifiers.count))

  /// The system types' conformance graph, as the builder computes it from
  /// ``systemDeclarations``, compiled in (`Generated/BuiltInCatalog+Graph.swift`): a registry of
  /// the system types alone starts from it instead of making a thousand declarations and
  /// resolving their parents in every process. A test checks it against the builder's.
  struct Graph: Sendable, Equatable {
    /// Each type's identifier, as declared, by id (the declarations' order: none repeats).
    let identifiers: [String]
    /// Each type's declared parents (``UTTypeRegistry/parents``).
    let parentStart: [Int32]
    let parents: [Int32]
    /// Each type's ancestor set, itself included (``UTTypeRegistry/ancestors``).
    let ancestorStart: [Int32]
    let ancestors: [Int32]
  }

  /// The identifier table of ``graph``'s identifiers, shared by every registry of the system
  /// types alone in the process: the compiled-in layout (`graphIdentifierLayout`, generated with
  /// the graph), or, where that layout is not this machine's, the table built from the graph.
  static let graphIdentifierTable = IdentifierTable(graphIdentifierLayout) ?? identifierTable(of: graph)

  /// The table of `graph`'s folded identifiers, interned in id order.
  /// - Complexity: O(*n*) in the number of types.
  static func identifierTable(of graph: Graph) -> IdentifierTable {
    var ids = IdentifierTable(capacity: graph.identifiers.count)
    for identifier in graph.identifiers { _ = ids.findOrInsert(UTTypeRegistry.fold(identifier)) }
    return ids
  }

  /// The registry of the system types alone, from ``graph``, with `systemTypes` as its MIME
  /// layer: O(1) after the process's first, which builds ``graphIdentifierTable``.
  static func systemTypesRegistry(systemTypes: UTTypeRegistry.SystemTypes) -> UTTypeRegistry {
    UTTypeRegistry(
      records: .init(storage: .builtIn(count: graph.identifiers.count)),
      parents: IDLists(start: graph.parentStart, ids: graph.parents), ids: graphIdentifierTable,
      ancestors: IDLists(start: graph.ancestorStart, ids: graph.ancestors), tagIndex: nil, files: [],
      includesSystemTypes: true, systemTypes: systemTypes, codeDeclarations: [],
      problems: .init(conflicts: [], cycles: [], unknownParents: []))
  }

  /// A registry of the catalog alone.
  static let registry = UTTypeRegistry.Builder(mimeDatabase: nil).build()

  /// The catalog and, on Linux, the machine's MIME types, read when first needed: what
  /// ``UTTypeRegistry/shared`` starts from.
  static let registryWithMIMETypes = UTTypeRegistry.Builder().build()
}

extension UTTypeRegistry {
  /// A registry of the built-in catalog alone, without the machine's MIME types.
  public static var builtIn: UTTypeRegistry { BuiltInCatalog.registry }

  /// Builds the catalog's registry as a process's first use does: declarations from the
  /// compiled-in entries, then the graph. For benchmarks.
  package static func buildingBuiltInFromScratch() -> UTTypeRegistry {
    GraphBuilder(declarations: BuiltInCatalog.withFormats(BuiltInCatalog.makeDeclarations())).build(
      files: [], codeDeclarations: [], includesSystemTypes: true)
  }
}
