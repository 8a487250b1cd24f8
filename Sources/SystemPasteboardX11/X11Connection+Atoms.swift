import SystemPasteboardCore

/// Atoms: interned by name in one round trip, named by number in batches, cached both ways.
extension X11Connection {
  /// The atom named `name`, created if need be (cached).
  package func atom(_ name: String) throws(SystemPasteboardError) -> UInt32 {
    if let atom = atoms[name] { return atom }
    return try atoms([name])[0]
  }

  /// Interns several atoms in one round trip.
  package func atoms(_ names: [String]) throws(SystemPasteboardError) -> [UInt32] {
    var sequences: [(String, UInt64)] = []
    for name in Set(names) where atoms[name] == nil {
      sequences.append((name, send(X11.InternAtom(onlyIfExists: false, name: Array(name.utf8)))))
    }
    for (name, sequence) in sequences {
      let atom = try X11.InternAtom.decode(try reply(to: sequence)).atom
      atoms[name] = atom
      atomNames[Int(atom)] = name
    }
    return names.map { atoms[$0]! }
  }

  /// The names of `atoms`, in one round trip for those not cached.
  package func names(of list: [UInt32]) throws(SystemPasteboardError) -> [String] {
    var sequences: [(UInt32, UInt64)] = []
    for atom in Set(list.map(Int.init)) where atomNames[atom] == nil {
      sequences.append((UInt32(atom), send(X11.GetAtomName(atom: UInt32(atom)))))
    }
    for (atom, sequence) in sequences {
      let name = String(decoding: try X11.GetAtomName.decode(try reply(to: sequence)).name, as: UTF8.self)
      atomNames[Int(atom)] = name
      atoms[name] = atom
    }
    return list.map { atomNames[Int($0)]! }
  }

  /// How many `GetAtomName` requests ``knownNames(of:then:)`` sends before it waits for their
  /// replies.
  static let nameBatch = 4096

  /// The cached atom named `name`, without a round trip; nil when it was never interned here.
  func cachedAtom(_ name: String) -> UInt32? { atoms[name] }

  /// The cached name of `atom`, without a round trip; nil when it was never named here.
  package func cachedName(of atom: UInt32) -> String? { atomNames[Int(atom)] }
}
