extension UTTypeRegistry {
  /// Whether type `a` conforms to type `b` (reflexive, transitive).
  /// - Complexity: O(log *k*) in the number of `a`'s supertypes; no string work.
  @inlinable
  func conforms(_ a: Int32, _ b: Int32) -> Bool {
    ancestors.ids.withUnsafeBufferPointer { all in
      ancestors.start.withUnsafeBufferPointer { start in
        var low = Int(start[Int(a)])
        var high = Int(start[Int(a) + 1])
        while low < high {
          let mid = (low + high) >> 1
          let v = all[mid]
          if v == b { return true }
          if v < b { low = mid + 1 } else { high = mid }
        }
        return false
      }
    }
  }

  /// The declared parents of `id` that resolved.
  func parents(of id: Int32) -> ArraySlice<Int32> {
    parents[id]
  }

  /// The ids of every supertype of `id`, itself excluded.
  func supertypeIDs(of id: Int32) -> ArraySlice<Int32> {
    ancestors[id]
  }

  /// Every declared type that conforms to `type`, itself excluded, in declaration order.
  /// - Complexity: O(*n* log *k*) over the registry.
  /// - Parameter type: The supertype.
  /// - Returns: The declared types that conform to it.
  public func subtypes(of type: UTType) -> [UTType] {
    if systemTypes.pending != nil { return completed.subtypes(of: type) }
    guard let target = resolve(type) else { return [] }
    return (0..<Int32(records.count)).filter { $0 != target && conforms($0, target) }.map {
      UTType(registry: self, id: $0)
    }
  }

  /// The declared types that list `type` as a direct parent, in declaration order.
  ///
  /// - Parameter type: The parent.
  /// - Returns: Its direct children among the declared types.
  public func directSubtypes(of type: UTType) -> [UTType] {
    if systemTypes.pending != nil { return completed.directSubtypes(of: type) }
    guard let target = resolve(type) else { return [] }
    return records.indices.filter { parents(of: Int32($0)).contains(target) }.map {
      UTType(registry: self, id: Int32($0))
    }
  }

  /// The direct parents of a declared type that resolved in this registry.
  ///
  /// - Parameter type: A declared type.
  /// - Returns: Its parents that this registry declares; empty for an undeclared type.
  public func directSupertypes(of type: UTType) -> [UTType] {
    guard let id = resolve(type) else {
      if systemTypes.pending != nil && !type.isDynamic { return completed.directSupertypes(of: type) }
      return type.dynamicParents(in: self)
    }
    return parents(of: id).map { UTType(registry: self, id: $0) }
  }

  /// The declared types with no declared parent.
  public var roots: [UTType] {
    if systemTypes.pending != nil { return completed.roots }
    return records.indices.filter { parents(of: Int32($0)).isEmpty }.map { UTType(registry: self, id: Int32($0)) }
  }
}
