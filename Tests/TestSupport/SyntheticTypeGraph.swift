import TypeRegistry

/// Generates large random type hierarchies for benchmarks and tests.
///
/// Deterministic for a seed: types are placed on levels 0 to `maxDepth - 1`; level-0 types
/// conform to `public.data`, and every other type to 1 to `maxParents` types of lower levels.
package enum SyntheticTypeGraph {
  package static func declarations(count: Int, maxParents: Int = 4, maxDepth: Int = 12, seed: UInt64 = 1)
    -> [TypeDeclaration]
  {
    var state = seed
    func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    var levels = [[Int]](repeating: [], count: maxDepth)
    var declarations: [TypeDeclaration] = []
    declarations.reserveCapacity(count)
    for n in 0..<count {
      let level = n < maxDepth ? n : Int(next() % UInt64(maxDepth))
      var parents: [String] = []
      if level == 0 {
        parents = ["public.data"]
      } else {
        for _ in 0..<(1 + Int(next() % UInt64(maxParents))) {
          let parentLevel = Int(next() % UInt64(level))
          let pool = levels[parentLevel]
          let parent = "com.example.synthetic.t\(pool[Int(next() % UInt64(pool.count))])"
          if !parents.contains(parent) { parents.append(parent) }
        }
      }
      levels[level].append(n)
      declarations.append(
        TypeDeclaration(
          identifier: "com.example.synthetic.t\(n)", conformsTo: parents,
          tags: ["public.filename-extension": ["syn\(n)"]]))
    }
    return declarations
  }
}
