import UTIPlatform

extension UTTypeRegistry {
  /// Collects declarations in layers and builds a registry from them.
  ///
  /// Layers, lowest first: the built-in catalog, then the machine's MIME types (on Linux, from
  /// shared-mime-info: see ``UTTypeRegistry/MIMEDatabaseSource``), then imported declarations,
  /// then exported ones. For an identifier declared more than once, the declaration in the higher
  /// layer wins (an export beats an import, Apple's rule); within a layer the one loaded later
  /// wins. Every overridden declaration is recorded in ``UTTypeRegistry/conflicts``.
  ///
  /// The MIME layer is read lazily: the registry is built without it, and the first query whose
  /// answer it could change (an identifier or a tag the other layers do not know, every type,
  /// subtypes, identification by content) builds the registry with it, once.
  ///
  /// - Complexity: `build()` is O(*n* log *n*) plus the size of the ancestor sets.
  public struct Builder: Sendable {
    var includesSystemTypes: Bool
    var files: [DeclarationFile] = []
    var codeDeclarations: [TypeDeclaration] = []
    /// Where the MIME layer comes from; nil for none.
    public var mimeDatabase: MIMEDatabaseSource?
    /// Whether `build()` leaves reading the MIME database to the first query that needs it.
    var readsMIMEDatabaseLazily = true
    /// Whether the system types include the formats the built-in detectors declare beside Apple's
    /// catalog (the validator checks apps against Apple's types alone).
    package var includesDetectorFormats = true

    /// Starts with the built-in catalog, unless `includingSystemTypes` is false, and the MIME
    /// types of `mimeDatabase` (by default the machine's on Linux; nil leaves them out).
    ///
    /// - Parameters:
    ///   - includingSystemTypes: Whether to start from the built-in catalog of system types.
    ///   - mimeDatabase: Where to read shared-mime-info types from, or nil for none.
    public init(
      includingSystemTypes: Bool = true, mimeDatabase: MIMEDatabaseSource? = MIMEDatabaseSource.platformDefault
    ) {
      includesSystemTypes = includingSystemTypes
      self.mimeDatabase = mimeDatabase
    }

    /// Starts from the sources of an existing registry.
    ///
    /// - Parameter registry: The registry whose catalog, MIME database and files to start from.
    public init(_ registry: UTTypeRegistry) {
      includesSystemTypes = registry.includesSystemTypes
      files = registry.files
      codeDeclarations = registry.codeDeclarations
      mimeDatabase = registry.systemTypes.source
    }

    /// Adds the declarations of a file.
    ///
    /// - Parameter file: A parsed file of declarations.
    public mutating func add(_ file: DeclarationFile) { files.append(file) }

    /// Reads and adds an Info.plist, an `exported-types.plist`, or a bundle directory.
    ///
    /// - Parameter path: A property list file or a bundle directory.
    /// - Throws: ``DeclarationLoadError`` when the file cannot be read or parsed; nothing is added then.
    public mutating func add(contentsOf path: String) throws(DeclarationLoadError) {
      files.append(try DeclarationFile(contentsOf: path))
    }

    /// Adds a declaration made in code.
    ///
    /// - Parameter declaration: The declaration; it wins over the built-in catalog's.
    public mutating func add(_ declaration: TypeDeclaration) { codeDeclarations.append(declaration) }

    /// Builds the registry.
    ///
    /// - Returns: A registry of every source added, with its conformance graph and tag index built.
    public func build() -> UTTypeRegistry {
      if let registry = systemTypesAlone() { return registry }
      var all: [TypeDeclaration] =
        includesSystemTypes
        ? (includesDetectorFormats ? BuiltInCatalog.systemDeclarations : BuiltInCatalog.declarations) : []
      var systemTypes = SystemTypes(source: mimeDatabase)
      var addedTags: [Int: [String: [String]]] = [:]
      var caseSensitive: [Int: Set<String>] = [:]
      if let source = mimeDatabase {
        if readsMIMEDatabaseLazily {
          systemTypes.pending = Completion()
        } else {
          let database = source.load()
          systemTypes.database = database
          let layer = MIMETypeLayer.apply(database, to: all)
          addedTags = layer.addedTags
          caseSensitive = layer.caseSensitive
          all += layer.added
        }
      }
      for file in files { all += file.attachedDeclarations }
      all += codeDeclarations
      let registry = GraphBuilder(declarations: all, addedTags: addedTags, caseSensitive: caseSensitive).build(
        files: files, codeDeclarations: codeDeclarations, includesSystemTypes: includesSystemTypes,
        systemTypes: systemTypes)
      // A declaration whose parent only the MIME layer declares needs the layer for its graph.
      let needsLayer = registry.own.unknownParents.contains {
        UTTypeRegistry.fold($0.parent).hasPrefix(MIMEDatabase.derivedIdentifierPrefix)
      }
      return needsLayer ? registry.completed : registry
    }

    /// A registry of the system types alone (with the MIME layer left for later, or none) comes
    /// from the compiled-in graph: what `UTTypeRegistry.shared` and every query without
    /// `--types` start from.
    private func systemTypesAlone() -> UTTypeRegistry? {
      guard includesSystemTypes, includesDetectorFormats, files.isEmpty, codeDeclarations.isEmpty,
        mimeDatabase == nil || readsMIMEDatabaseLazily
      else { return nil }
      var systemTypes = SystemTypes(source: mimeDatabase)
      if mimeDatabase != nil { systemTypes.pending = Completion() }
      return BuiltInCatalog.systemTypesRegistry(systemTypes: systemTypes)
    }
  }
}

/// The work of `Builder.build()`: winners, ids, parents, cycles, ancestor sets, tag index.
struct GraphBuilder {
  let declarations: [TypeDeclaration]
  /// Tags the MIME layer adds to declarations (by index), after their own.
  var addedTags: [Int: [String: [String]]] = [:]
  /// Extension tags that match their own case alone (the database's case-sensitive globs), by index.
  var caseSensitive: [Int: Set<String>] = [:]

  /// The layer of a declaration: the catalog, the MIME database, imports, exports.
  static func layer(_ d: TypeDeclaration) -> Int {
    if d.isBuiltIn { return 0 }
    if d.isFromMIMEDatabase { return 1 }
    return d.kind == .imported ? 2 : 3
  }

  func build(
    files: [DeclarationFile], codeDeclarations: [TypeDeclaration], includesSystemTypes: Bool,
    systemTypes: UTTypeRegistry.SystemTypes = .none
  ) -> UTTypeRegistry {
    let (ids, winners, conflicts, installed) = chooseWinners()
    let records = UTTypeRegistry.RecordTable(
      storage: .built(
        winners.map { winner in
          var record = UTTypeRegistry.Record(
            declaration: declarations[winner], addedTags: addedTags[winner],
            caseSensitiveExtensions: caseSensitive[winner])
          if let copy = installed[winner] {
            inherit(declarations[copy], caseSensitive: caseSensitive[copy], by: &record)
          }
          return record
        }))
    // For large registries, the tag index is built on another thread while the graph is built
    // here; small ones build it when a tag is first looked up (a conformance query never needs it).
    let parallel = records.count >= 20_000 ? ParallelTask { [records] in TagIndex(records) } : nil
    let parents = self.parents(ids: ids, winners: winners)
    let (ancestorStart, ancestors, cycles) = ancestorSets(parents, winners: winners)
    return UTTypeRegistry(
      records: records, parents: IDLists(start: parents.start, ids: parents.ids), ids: ids,
      ancestors: IDLists(start: ancestorStart, ids: ancestors), tagIndex: parallel?.wait(), files: files,
      includesSystemTypes: includesSystemTypes, systemTypes: systemTypes, codeDeclarations: codeDeclarations,
      problems: .init(conflicts: conflicts, cycles: cycles, unknownParents: parents.unknown))
  }

  /// Interns every identifier (ids in order of first appearance) and picks each one's winning
  /// declaration, as an index into `declarations` so that none is copied; records every override
  /// but one: a declaration loaded from a file or made in code over the installed copy of itself
  /// (the MIME layer's type an export of ours installed, with the same identifier) is one type,
  /// which keeps the installed copy's tags (`installed`: winner → the copy).
  func chooseWinners() -> (
    ids: IdentifierTable, winners: [Int], conflicts: [UTTypeRegistry.Conflict], installed: [Int: Int]
  ) {
    var ids = IdentifierTable(capacity: declarations.count)
    var winners: [Int] = []
    winners.reserveCapacity(declarations.count)
    var conflicts: [UTTypeRegistry.Conflict] = []
    var installed: [Int: Int] = [:]
    for index in declarations.indices {
      let (id, inserted) = ids.findOrInsert(UTTypeRegistry.fold(declarations[index].identifier))
      guard !inserted else {
        winners.append(index)
        continue
      }
      let current = winners[Int(id)]
      let replaces = Self.layer(declarations[index]) >= Self.layer(declarations[current])
      let (winner, loser) = replaces ? (index, current) : (current, index)
      winners[Int(id)] = winner
      if Self.layer(declarations[loser]) == 1, Self.layer(declarations[winner]) > 1,
        !UTTypeRegistry.fold(declarations[loser].identifier).hasPrefix(MIMEDatabase.derivedIdentifierPrefix)
      {
        installed[winner] = loser
        continue
      }
      conflicts.append(
        .init(identifier: declarations[index].identifier, winner: declarations[winner], overridden: declarations[loser])
      )
    }
    return (ids, winners, conflicts, installed)
  }

  /// Gives `record` the tags of its installed copy that its declaration lacks, as tags the MIME
  /// layer adds (the database's names for the type: a derived MIME type, a glob's case).
  func inherit(_ copy: TypeDeclaration, caseSensitive: Set<String>?, by record: inout UTTypeRegistry.Record) {
    for (tagClass, values) in copy.tags {
      let own = Set((record.declaration.tags[tagClass] ?? []).map(UTTypeRegistry.fold))
      for value in values where !own.contains(UTTypeRegistry.fold(value)) {
        record.addedTags = record.addedTags ?? [:]
        if record.addedTags![tagClass, default: []].contains(value) { continue }
        record.addedTags![tagClass, default: []].append(value)
      }
    }
    if let caseSensitive {
      record.caseSensitiveExtensions = (record.caseSensitiveExtensions ?? []).union(caseSensitive)
    }
  }

  /// Each type's direct parents, in one flat buffer: the parents of id `i` are
  /// `ids[start[i]..<start[i + 1]]`.
  struct Parents {
    var start: [Int32] = [0]
    var ids: [Int32] = []
    /// Parents no declaration declares, which the graph leaves out.
    var unknown: [UTTypeRegistry.UnknownParent] = []

    func range(of id: Int32) -> Range<Int32> { start[Int(id)]..<start[Int(id) + 1] }
  }

  /// Resolves every winner's `UTTypeConformsTo` to ids, once each.
  func parents(ids: IdentifierTable, winners: [Int]) -> Parents {
    var parents = Parents()
    parents.start.reserveCapacity(winners.count + 1)
    parents.ids.reserveCapacity(winners.count * 2)
    for winner in winners {
      let first = parents.ids.count
      for parent in declarations[winner].conformsTo {
        if let p = ids.find(UTTypeRegistry.fold(parent)) {
          if !parents.ids[first...].contains(p) { parents.ids.append(p) }
        } else {
          parents.unknown.append(.init(declaration: declarations[winner], parent: parent))
        }
      }
      parents.start.append(Int32(parents.ids.count))
    }
    return parents
  }

  /// Every type's ancestor set (itself included, sorted ids), flat like ``Parents``, by a
  /// depth-first search that breaks each cycle at its closing edge and records the cycle.
  func ancestorSets(_ parents: Parents, winners: [Int]) -> (
    start: [Int32], ancestors: [Int32], cycles: [UTTypeRegistry.Cycle]
  ) {
    let n = winners.count
    var color = [UInt8](repeating: 0, count: n)  // 0 white, 1 grey, 2 black
    var sets = PostOrderSets(count: n)
    var cycles: [UTTypeRegistry.Cycle] = []
    var removed = Set<Int64>()
    var stack: [(node: Int32, next: Int32)] = []
    for root in 0..<Int32(n) where color[Int(root)] == 0 {
      stack.append((root, 0))
      color[Int(root)] = 1
      while let (node, next) = stack.last {
        let range = parents.range(of: node)
        if range.lowerBound + next < range.upperBound {
          stack[stack.count - 1].next += 1
          let p = parents.ids[Int(range.lowerBound + next)]
          switch color[Int(p)] {
          case 0:
            color[Int(p)] = 1
            stack.append((p, 0))
          case 1:
            // A back edge: node → p closes a cycle.
            removed.insert(Int64(node) << 32 | Int64(p))
            cycles.append(cycle(closedBy: node, to: p, stack: stack, winners: winners))
          default: break
          }
          continue
        }
        stack.removeLast()
        color[Int(node)] = 2
        sets.close(node, parents: parents.ids[Int(range.lowerBound)..<Int(range.upperBound)], skipping: removed)
      }
    }
    let (start, ancestors) = sets.inIDOrder()
    return (start, ancestors, cycles)
  }

  /// The cycle the edge `node → parent` closes, with the stack of the search that found it.
  func cycle(closedBy node: Int32, to parent: Int32, stack: [(node: Int32, next: Int32)], winners: [Int])
    -> UTTypeRegistry.Cycle
  {
    let start = stack.lastIndex { $0.node == parent }!
    let target = declarations[winners[Int(parent)]].identifier
    let path = stack[start...].map { declarations[winners[Int($0.node)]].identifier } + [target]
    let closing = declarations[winners[Int(node)]]
    let declared = closing.conformsTo.first { UTTypeRegistry.fold($0) == UTTypeRegistry.fold(target) }
    return .init(path: path, declaration: closing, parent: declared ?? target)
  }

  /// Ancestor sets appended in the order the search finishes nodes, each the union of its
  /// parents' (already finished) sets plus itself.
  struct PostOrderSets {
    var setStart: [Int32]
    var setCount: [Int32]
    var buffer: [Int32] = []
    /// Scratch for one union: `stamp[id] == node` marks an id already in the union for `node`.
    var stamp: [Int32]
    var scratch: [Int32] = []

    init(count n: Int) {
      setStart = [Int32](repeating: 0, count: n)
      setCount = [Int32](repeating: 0, count: n)
      stamp = [Int32](repeating: -1, count: n)
      buffer.reserveCapacity(n * 4)
    }

    /// Records `node`'s set: itself and the sets of `parents`, each id once, sorted; the edges
    /// in `removed` (`node << 32 | parent`, the edges that closed cycles) are left out.
    @inline(__always)
    mutating func close(_ node: Int32, parents: ArraySlice<Int32>, skipping removed: Set<Int64>) {
      scratch.removeAll(keepingCapacity: true)
      scratch.append(node)
      stamp[Int(node)] = node
      for p in parents {
        if !removed.isEmpty && removed.contains(Int64(node) << 32 | Int64(p)) { continue }
        let from = Int(setStart[Int(p)])
        for index in from..<(from + Int(setCount[Int(p)])) {
          let id = buffer[index]
          if stamp[Int(id)] != node {
            stamp[Int(id)] = node
            scratch.append(id)
          }
        }
      }
      scratch.sort()
      setStart[Int(node)] = Int32(buffer.count)
      setCount[Int(node)] = Int32(scratch.count)
      buffer.append(contentsOf: scratch)
    }

    /// The sets rearranged by id: the set of `id` is `ancestors[start[id]..<start[id + 1]]`.
    func inIDOrder() -> (start: [Int32], ancestors: [Int32]) {
      var start: [Int32] = [0]
      start.reserveCapacity(setStart.count + 1)
      var ancestors: [Int32] = []
      ancestors.reserveCapacity(buffer.count)
      for id in setStart.indices {
        let from = Int(setStart[id])
        ancestors.append(contentsOf: buffer[from..<(from + Int(setCount[id]))])
        start.append(Int32(ancestors.count))
      }
      return (start, ancestors)
    }
  }

  /// The preference among types that share a tag, Apple's rule with the machine's database
  /// last: `public.*` types first, then the catalog's (Apple's system types), then exported,
  /// then imported declarations (an app's own, loaded or made in code), then the MIME
  /// database's types (and the formats the built-in detectors declare under the database's
  /// names, `org.freedesktop.mime.*`) and the tags the database adds to declared types
  /// (`declaresTag` false); ties in declaration order. So an app's declared extension or MIME
  /// type answers ahead of the machine's database, and a tag Apple's catalog declares stays
  /// Apple's.
  static func rank(_ d: TypeDeclaration, _ id: Int32, declaresTag: Bool = true) -> (Int, Int, Int32) {
    guard declaresTag, !d.isFromMIMEDatabase,
      !(d.isBuiltIn && UTTypeRegistry.fold(d.identifier).hasPrefix(MIMEDatabase.derivedIdentifierPrefix))
    else { return (1, 4, id) }
    let isPublic = UTTypeRegistry.fold(d.identifier).hasPrefix("public.") ? 0 : 1
    return (isPublic, d.isBuiltIn ? 0 : d.kind == .exported ? 2 : 3, id)
  }

  /// ``rank(_:_:declaresTag:)`` of a record for one tag (folded, or marked case-sensitive):
  /// whether its declaration has the tag, or only the MIME layer gives it.
  static func rank(_ record: UTTypeRegistry.Record, _ id: Int32, tagClass: String, key: String) -> (Int, Int, Int32) {
    guard record.addedTags != nil || record.caseSensitiveExtensions != nil else { return rank(record.declaration, id) }
    let exact = key.hasPrefix(TagIndex.exactMarker) ? String(key.dropFirst()) : nil
    let declared = record.declaration.tags.contains { entry in
      UTTypeRegistry.fold(entry.key) == tagClass
        && entry.value.contains { tag in exact.map { tag == $0 } ?? (UTTypeRegistry.fold(tag) == key) }
    }
    return rank(record.declaration, id, declaresTag: declared)
  }
}
