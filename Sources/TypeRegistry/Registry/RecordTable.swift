extension UTTypeRegistry {
  /// A registry's declared types by id: the records the builder made, or, for a registry of the
  /// system types alone, the built-in catalog's, each made when it is asked for.
  ///
  /// A query of the catalog's conformance (`utictl conforms-to`, `UTType.png.conforms(to:)`)
  /// needs the graph and the identifiers, which are compiled in (``BuiltInCatalog/graph``), and
  /// never a declaration: such a process makes none of the catalog's thousand.
  struct RecordTable: RandomAccessCollection, Sendable {
    enum Storage: Sendable {
      /// Records the builder made.
      case built([Record])
      /// The system types of ``BuiltInCatalog/systemDeclarations``, in their order, each made
      /// when first asked for (``BuiltInCatalog/systemDeclaration(at:)``).
      case builtIn(count: Int)
    }

    let storage: Storage

    var startIndex: Int { 0 }

    var endIndex: Int {
      switch storage {
      case .built(let records): records.count
      case .builtIn(let count): count
      }
    }

    subscript(position: Int) -> Record {
      switch storage {
      case .built(let records): records[position]
      case .builtIn: Record(declaration: BuiltInCatalog.systemDeclaration(at: position))
      }
    }

    /// The identifier of the type at `position`, as declared, without making its declaration.
    func identifier(at position: Int) -> String {
      switch storage {
      case .built(let records): records[position].declaration.identifier
      case .builtIn: BuiltInCatalog.graph.identifiers[position]
      }
    }
  }
}
