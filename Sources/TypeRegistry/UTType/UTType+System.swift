extension UTType {
  /// The type of the constant at `index` of ``constants``, in the shared registry.
  ///
  /// Every registry the shared one holds starts from the built-in catalog, and a registry's ids
  /// are given in order of first declaration, so a catalog type has the same id in every
  /// snapshot: a constant is its precomputed id in the current snapshot, with no string hashed.
  /// Constants the catalog lacks are looked up by identifier, so that a registered declaration
  /// of one is found.
  /// - Complexity: O(1).
  static func system(_ index: Int) -> UTType {
    let registry = UTTypeRegistry.shared.current
    if let id = constantIDs[index] { return UTType(registry: registry, id: id) }
    let identifier = constants[index].identifier
    if let id = registry.id(of: identifier) { return UTType(registry: registry, id: id) }
    return UTType(registry: registry, undeclared: identifier, conformingTo: nil)
  }

  /// The built-in catalog's id of each constant's type (nil where the catalog lacks it):
  /// compiled in with the graph (`BuiltInCatalog.graphConstantIDs`, -1 for none), or looked up
  /// where that list does not match the constants.
  static let constantIDs: [Int32?] =
    BuiltInCatalog.graphConstantIDs.count == constants.count
    ? BuiltInCatalog.graphConstantIDs.map { $0 < 0 ? nil : $0 }
    : constants.map { UTTypeRegistry.builtIn.id(of: $0.identifier) }
}
