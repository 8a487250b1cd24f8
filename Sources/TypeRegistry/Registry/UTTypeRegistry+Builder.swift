import UTIPlatform

extension UTTypeRegistry {
  /// Collects declarations in layers and builds a registry from them.
  ///
  /// Layers, lowest first: the built-in catalog, then imported declarations, then exported ones.
  /// For an identifier declared more than once, the declaration in the higher layer wins (an
  /// export beats an import, Apple's rule); within a layer the one loaded later wins. Every
  /// overridden declaration is recorded in ``UTTypeRegistry/conflicts``.
  ///
  /// - Complexity: `build()` is O(*n* log *n*) plus the size of the ancestor sets.
  public struct Builder: Sendable {
    var includesSystemTypes: Bool
    var files: [DeclarationFile] = []
    var codeDeclarations: [TypeDeclaration] = []

    /// Starts with the built-in catalog, unless `includingSystemTypes` is false.
    public init(includingSystemTypes: Bool = true) {
      includesSystemTypes = includingSystemTypes
    }

    /// Starts from the sources of an existing registry.
    public init(_ registry: UTTypeRegistry) {
      includesSystemTypes = registry.includesSystemTypes
      files = registry.files
      codeDeclarations = registry.codeDeclarations
    }

    /// Adds the declarations of a file.
    public mutating func add(_ file: DeclarationFile) { files.append(file) }

    /// Reads and adds an Info.plist, an `exported-types.plist`, or a bundle directory.
    public mutating func add(contentsOf path: String) throws(DeclarationLoadError) {
      files.append(try DeclarationFile(contentsOf: path))
    }

    /// Adds a declaration made in code.
    public mutating func add(_ declaration: TypeDeclaration) { codeDeclarations.append(declaration) }

    /// Builds the registry.
    public func build() -> UTTypeRegistry {
      var all: [TypeDeclaration] = includesSystemTypes ? BuiltInCatalog.declarations : []
      for file in files { all += file.attachedDeclarations }
      all += codeDeclarations
      return GraphBuilder(declarations: all).build(
        files: files, codeDeclarations: codeDeclarations, includesSystemTypes: includesSystemTypes)
    }
  }
}

/// The work of `Builder.build()`: winners, ids, parents, cycles, ancestor sets, tag index.
struct GraphBuilder {
  let declarations: [TypeDeclaration]

  static func layer(_ d: TypeDeclaration) -> Int {
    if d.isBuiltIn { return 0 }
    return d.kind == .imported ? 1 : 2
  }

  func build(files: [DeclarationFile], codeDeclarations: [TypeDeclaration], includesSystemTypes: Bool) -> UTTypeRegistry
  {
    // Winners (as indices into `declarations`, to avoid copying them), ids in order of first appearance.
    var ids = IdentifierTable(capacity: declarations.count)
    var winners: [Int] = []
    winners.reserveCapacity(declarations.count)
    var conflicts: [UTTypeRegistry.Conflict] = []
    for index in declarations.indices {
      let (id, inserted) = ids.findOrInsert(UTTypeRegistry.fold(declarations[index].identifier))
      if !inserted {
        let current = winners[Int(id)]
        if Self.layer(declarations[index]) >= Self.layer(declarations[current]) {
          conflicts.append(
            .init(
              identifier: declarations[index].identifier, winner: declarations[index], overridden: declarations[current]
            ))
          winners[Int(id)] = index
        } else {
          conflicts.append(
            .init(
              identifier: declarations[index].identifier, winner: declarations[current], overridden: declarations[index]
            ))
        }
      } else {
        winners.append(index)
      }
    }
    let n = winners.count

    // For large registries, the tag index is built on another thread while the graph is built here.
    var tags: [String: [String: TagCandidates]]? = nil
    let parallel = n >= 20_000 ? ParallelTask { [declarations, winners] in Self.tagIndex(declarations, winners) } : nil

    // Parents, in one flat buffer.
    var unknownParents: [UTTypeRegistry.UnknownParent] = []
    var parentStart: [Int32] = [0]
    parentStart.reserveCapacity(n + 1)
    var parentIDs: [Int32] = []
    parentIDs.reserveCapacity(n * 2)
    for id in 0..<n {
      let start = parentIDs.count
      for parent in declarations[winners[id]].conformsTo {
        if let p = ids.find(UTTypeRegistry.fold(parent)) {
          if !parentIDs[start...].contains(p) { parentIDs.append(p) }
        } else {
          unknownParents.append(.init(declaration: declarations[winners[id]], parent: parent))
        }
      }
      parentStart.append(Int32(parentIDs.count))
    }

    // Depth-first search: break cycles, and compute ancestor sets in post-order into one buffer.
    var color = [UInt8](repeating: 0, count: n)  // 0 white, 1 grey, 2 black
    var setStart = [Int32](repeating: 0, count: n)
    var setCount = [Int32](repeating: 0, count: n)
    var postAncestors: [Int32] = []
    postAncestors.reserveCapacity(n * 4)
    var cycles: [UTTypeRegistry.Cycle] = []
    var removed = Set<Int64>()
    var stack: [(node: Int32, next: Int32)] = []
    var scratch: [Int32] = []
    var stamp = [Int32](repeating: -1, count: n)
    for root in 0..<Int32(n) where color[Int(root)] == 0 {
      stack.append((root, 0))
      color[Int(root)] = 1
      while let (node, next) = stack.last {
        let first = parentStart[Int(node)]
        let end = parentStart[Int(node) + 1]
        if first + next < end {
          stack[stack.count - 1].next += 1
          let p = parentIDs[Int(first + next)]
          switch color[Int(p)] {
          case 0:
            color[Int(p)] = 1
            stack.append((p, 0))
          case 1:
            // A back edge: node → p closes a cycle.
            removed.insert(Int64(node) << 32 | Int64(p))
            let start = stack.lastIndex { $0.node == p }!
            let target: String = declarations[winners[Int(p)]].identifier
            var path: [String] = stack[start...].map { declarations[winners[Int($0.node)]].identifier }
            path.append(target)
            let closing: TypeDeclaration = declarations[winners[Int(node)]]
            let declared = closing.conformsTo.first { UTTypeRegistry.fold($0) == UTTypeRegistry.fold(target) }
            cycles.append(.init(path: path, declaration: closing, parent: declared ?? target))
          default: break
          }
          continue
        }
        stack.removeLast()
        color[Int(node)] = 2
        // Collect the parents' ancestors once each (a stamp per node marks the ones seen), then sort.
        scratch.removeAll(keepingCapacity: true)
        scratch.append(node)
        stamp[Int(node)] = node
        for k in first..<end {
          let p = parentIDs[Int(k)]
          if !removed.isEmpty && removed.contains(Int64(node) << 32 | Int64(p)) { continue }
          let from = Int(setStart[Int(p)])
          for index in from..<(from + Int(setCount[Int(p)])) {
            let id = postAncestors[index]
            if stamp[Int(id)] != node {
              stamp[Int(id)] = node
              scratch.append(id)
            }
          }
        }
        scratch.sort()
        setStart[Int(node)] = Int32(postAncestors.count)
        setCount[Int(node)] = Int32(scratch.count)
        postAncestors.append(contentsOf: scratch)
      }
    }

    var ancestorStart: [Int32] = [0]
    ancestorStart.reserveCapacity(n + 1)
    var ancestors: [Int32] = []
    ancestors.reserveCapacity(postAncestors.count)
    for id in 0..<n {
      let from = Int(setStart[id])
      ancestors.append(contentsOf: postAncestors[from..<(from + Int(setCount[id]))])
      ancestorStart.append(Int32(ancestors.count))
    }
    postAncestors = []

    if let parallel { tags = parallel.wait() }
    let tagIndex = tags ?? Self.tagIndex(declarations, winners)

    var records: [UTTypeRegistry.Record] = []
    records.reserveCapacity(n)
    for id in 0..<n { records.append(.init(declaration: declarations[winners[id]])) }
    return UTTypeRegistry(
      records: records, parentStart: parentStart, parentIDs: parentIDs, ids: ids, ancestorStart: ancestorStart,
      ancestors: ancestors, tagIndex: tagIndex,
      files: files, codeDeclarations: codeDeclarations, includesSystemTypes: includesSystemTypes, conflicts: conflicts,
      cycles: cycles,
      unknownParents: unknownParents)
  }

  /// The tag index: folded tag class → folded tag → ids in preference order.
  static func tagIndex(_ declarations: [TypeDeclaration], _ winners: [Int]) -> [String: [String: TagCandidates]] {
    let n = winners.count
    var classSlots: [String: Int] = [:]
    var byClass: [[String: TagCandidates]] = []
    var lastClass = ""
    var lastSlot = -1
    for id in 0..<n {
      for (tagClass, values) in declarations[winners[id]].tags {
        let slot: Int
        if tagClass == lastClass && lastSlot >= 0 {
          slot = lastSlot
        } else {
          let classKey = UTTypeRegistry.fold(tagClass)
          if let existing = classSlots[classKey] {
            slot = existing
          } else {
            slot = byClass.count
            classSlots[classKey] = slot
            byClass.append([:])
          }
          lastClass = tagClass
          lastSlot = slot
        }
        let id32 = Int32(id)
        for value in values {
          byClass[slot][UTTypeRegistry.fold(value), default: TagCandidates(first: id32)].appendIfAbsent(id32)
        }
      }
    }
    var tagIndex: [String: [String: TagCandidates]] = [:]
    for (classKey, slot) in classSlots { tagIndex[classKey] = byClass[slot] }
    byClass = []
    for (classKey, byValue) in tagIndex {
      for (value, candidates) in byValue where candidates.count > 1 {
        tagIndex[classKey]![value] = TagCandidates(
          ordered: candidates.sorted {
            Self.rank(declarations[winners[Int($0)]], $0) < Self.rank(declarations[winners[Int($1)]], $1)
          })
      }
    }

    return tagIndex
  }

  /// The preference among types that share a tag: `public.*` types first, then the system's,
  /// then exported, then imported declarations; ties in declaration order.
  static func rank(_ d: TypeDeclaration, _ id: Int32) -> (Int, Int, Int32) {
    let isPublic = UTTypeRegistry.fold(d.identifier).hasPrefix("public.") ? 0 : 1
    return (isPublic, d.isBuiltIn ? 0 : d.kind == .exported ? 1 : 2, id)
  }
}
