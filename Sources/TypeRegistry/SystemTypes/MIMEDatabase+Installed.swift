import UTIPlatform

extension MIMEDatabase {
  /// A MIME type that an export of ours installed: the type identifier and conformances its
  /// package names beside shared-mime-info's elements (``MIMEPackage/declarationNamespace``),
  /// which update-mime-database copies through.
  package struct InstalledDeclaration: Sendable, Equatable {
    /// The declared identifier, such as `com.raywenderlich.pointybug.tool.arrow`.
    package var identifier: String
    /// The declared conformances, in declared order.
    package var conformsTo: [String]
    /// The package file that names it.
    package var path: String
  }

  /// How many package files of one MIME directory are looked at for installed declarations.
  static let installedPackageLimit = 1024
  /// How much of a package file is read to see whether it names our namespace (on its
  /// document element, where the package reader takes it and the export writes it).
  static let installedHeadLength = 4096

  /// The installed declarations, by canonical MIME type, read on first use and kept.
  ///
  /// Each MIME directory's `packages/*.xml` (in name order, at most ``installedPackageLimit``
  /// of them) whose document element binds ``MIMEPackage/declarationNamespace`` is read (a
  /// package is at most 16 MB; one that cannot be read is passed over, its types keeping their
  /// derived names); a more important directory's declaration of a MIME type wins. Only the
  /// first 4 KB of any other package is read (freedesktop.org's own is 2.4 MB), so a
  /// database without our exports costs one short read per package. An identifier in Apple's
  /// reserved domains (`public.`, `com.apple.`, `dyn.`), or not an identifier at all, is not
  /// taken: that type keeps its derived name.
  /// - Complexity: O(*p*) in the package files, once per database.
  package var installedDeclarations: [String: InstalledDeclaration] {
    if let done = installed.withLock({ $0 }) { return done }
    let found = readInstalledDeclarations()
    return installed.withLock { done in
      if let done { return done }
      done = found
      return found
    }
  }

  /// The installed declaration of `mimeType` (or of its canonical name), if an export installed it.
  package func installedDeclaration(of mimeType: String) -> InstalledDeclaration? {
    let declarations = installedDeclarations
    guard !declarations.isEmpty else { return nil }
    return declarations[mimeType] ?? declarations[unalias(mimeType)]
  }

  private func readInstalledDeclarations() -> [String: InstalledDeclaration] {
    var result: [String: InstalledDeclaration] = [:]
    var seen = Set<String>()
    let marker = Array(MIMEPackage.declarationNamespace.utf8)
    for directory in caches.map({ FileIO.directoryName(of: $0.path) }) where seen.insert(directory).inserted {
      let folder = directory + "/packages"
      let files = FileIO.entries(of: folder).filter { $0.hasSuffix(".xml") }.prefix(Self.installedPackageLimit)
      for name in files {
        let path = folder + "/" + name
        guard let head = try? FileIO.readPrefix(path, count: Self.installedHeadLength),
          MIMEPackage.offset(of: marker, in: head[...]) != nil, let package = try? MIMEPackage(contentsOf: path)
        else { continue }
        for entry in package.types {
          guard let identifier = entry.typeIdentifier, Self.isAdoptable(identifier) else { continue }
          let key = unalias(entry.mimeType)
          if result[key] == nil {
            result[key] = InstalledDeclaration(identifier: identifier, conformsTo: entry.conformsTo, path: path)
          }
        }
      }
    }
    return result
  }

  /// Whether `identifier` may name an installed type: a reverse-DNS identifier (ASCII letters,
  /// digits, `-`, `.`, `_`, no empty component) outside Apple's reserved domains.
  static func isAdoptable(_ identifier: String) -> Bool {
    let folded = UTTypeRegistry.fold(identifier)
    guard !folded.isEmpty, folded.utf8.count <= 255,
      !["public.", "com.apple.", "dyn.", derivedIdentifierPrefix].contains(where: { folded.hasPrefix($0) })
    else { return false }
    let components = folded.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    return components.count >= 2
      && components.allSatisfy { component in
        !component.isEmpty
          && component.allSatisfy {
            ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9"))
              || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_")
          }
      }
  }
}
