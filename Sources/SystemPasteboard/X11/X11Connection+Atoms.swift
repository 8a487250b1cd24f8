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

  /// The names of the atoms of a list another client wrote (a `TARGETS` answer, a drag's
  /// type list), in its order: an atom the server does not know (`BadAtom`) is left out instead
  /// of failing the list, and the names not cached are asked for in batches of
  /// ``nameBatch`` requests, each batch's replies read before the next is sent.
  /// - Throws: ``SystemPasteboardError`` for any other failure (a lost connection, a timeout).
  /// - Complexity: O(*n*) requests for *n* atoms not cached, in ⌈*n* / ``nameBatch``⌉ round trips.
  package func knownNames(of list: [UInt32]) throws(SystemPasteboardError) -> [String] {
    var unknown = Set<Int>()
    let missing = Array(Set(list.map(Int.init)).filter { atomNames[$0] == nil && $0 != 0 })
    for start in stride(from: 0, to: missing.count, by: Self.nameBatch) {
      var sequences: [(Int, UInt64)] = []
      for atom in missing[start..<min(start + Self.nameBatch, missing.count)] {
        sequences.append((atom, send(X11.GetAtomName(atom: UInt32(atom)))))
      }
      for (atom, sequence) in sequences {
        do throws(SystemPasteboardError) {
          let name = String(decoding: try X11.GetAtomName.decode(try reply(to: sequence)).name, as: UTF8.self)
          atomNames[atom] = name
          atoms[name] = UInt32(atom)
        } catch  where error.errorCode == SystemPasteboardError.badAtom {
          unknown.insert(atom)
        }
      }
    }
    return list.compactMap { atom in unknown.contains(Int(atom)) || atom == 0 ? nil : atomNames[Int(atom)] }
  }

  /// How many `GetAtomName` requests ``knownNames(of:)`` sends before reading their replies.
  static let nameBatch = 4096

  /// The cached atom named `name`, without a round trip; nil when it was never interned here.
  func cachedAtom(_ name: String) -> UInt32? { atoms[name] }

  /// The cached name of `atom`, without a round trip; nil when it was never named here.
  package func cachedName(of atom: UInt32) -> String? { atomNames[Int(atom)] }
}
