import UTIPlatform

extension MIMEDatabase {
  /// One MIME type as the database describes it: its canonical name, its aliases, its direct
  /// parents (`sub-class-of`, canonical names) and the filename extensions of its `*.ext` globs.
  package struct TypeInfo: Sendable, Equatable {
    package var mimeType: String
    package var aliases: [String] = []
    package var parents: [String] = []
    /// Extensions of the simple `*.ext` globs, heaviest glob first, then alphabetically.
    package var extensions: [String] = []
    /// Those of ``extensions`` that only case-sensitive globs give (`*.C` for C++), which match
    /// their own case alone.
    package var caseSensitiveExtensions: Set<String> = []
  }

  /// Every type the database knows, by canonical name, sorted: the types each directory's
  /// `types` file lists, and every type the caches name (alias targets, types with parents and
  /// their parents, glob, magic and XML types). Aliases are folded into their canonical type.
  ///
  /// Where caches disagree, the more important directory wins: its alias mapping, and the
  /// parents of the first cache that lists any.
  /// - Complexity: O(*n* log *n*) in the database's size; a few milliseconds for a desktop's.
  package func typeInfos() -> [TypeInfo] {
    var aliasTarget: [String: String] = [:]
    for cache in caches {
      for (alias, target) in cache.aliases where aliasTarget[alias] == nil { aliasTarget[alias] = target }
    }
    func canonical(_ name: String) -> String { aliasTarget[name] ?? name }

    var names = Set<String>()
    var parents: [String: [String]] = [:]
    var globs: [String: [(pattern: String, weight: Int, caseSensitive: Bool)]] = [:]
    for cache in caches {
      names.formUnion(Self.listedTypes(inDirectory: FileIO.directoryName(of: cache.path)))
      names.formUnion(aliasTarget.values)
      for type in cache.typesWithParents {
        let listed = cache.parents(of: type).map(canonical)
        names.formUnion(listed)
        names.insert(type)
        if parents[canonical(type)] == nil { parents[canonical(type)] = listed }
      }
      for (type, list) in cache.allGlobs {
        names.insert(type)
        globs[canonical(type), default: []] += list
      }
      names.formUnion(cache.magicTypes)
      names.formUnion(declaredTypes)
      names.formUnion(cache.xmlNamespaces.map(\.mimeType))
    }

    var aliases: [String: [String]] = [:]
    for (alias, target) in aliasTarget.sorted(by: { $0.key < $1.key }) { aliases[target, default: []].append(alias) }
    let canonicalNames = Set(names.map(canonical)).filter { Self.isWellFormed($0) }
    return canonicalNames.sorted().map { name in
      TypeInfo(
        mimeType: name, aliases: aliases[name] ?? [], parents: (parents[name] ?? []).filter { $0 != name },
        extensions: Self.extensions(of: globs[name] ?? []),
        caseSensitiveExtensions: Self.caseSensitiveExtensions(of: globs[name] ?? []))
    }
  }

  /// The extensions of the simple `*.ext` globs (no other wildcard), heaviest first, then
  /// alphabetically, each once (a case-sensitive `*.C` beside `*.c` is another extension).
  static func extensions(of globs: [(pattern: String, weight: Int, caseSensitive: Bool)]) -> [String] {
    var simple: [(weight: Int, extension: String)] = []
    for glob in globs {
      let bytes = glob.pattern.utf8
      guard bytes.count > 2, bytes.starts(with: [UInt8(ascii: "*"), UInt8(ascii: ".")]),
        !bytes.dropFirst(2).contains(where: {
          $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "[")
        })
      else { continue }
      simple.append((glob.weight, String(glob.pattern.dropFirst(2))))
    }
    if simple.count > 1 { simple.sort { $0.weight != $1.weight ? $0.weight > $1.weight : $0.extension < $1.extension } }
    var seen = Set<String>()
    return simple.map(\.extension).filter { seen.insert($0).inserted }
  }

  /// The extensions of simple globs that are all case-sensitive (no case-insensitive glob gives
  /// the same extension).
  static func caseSensitiveExtensions(of globs: [(pattern: String, weight: Int, caseSensitive: Bool)]) -> Set<String> {
    var sensitive = Set<String>()
    var insensitive = Set<String>()
    for glob in globs where glob.pattern.hasPrefix("*.") {
      let value = String(glob.pattern.dropFirst(2))
      if glob.caseSensitive { sensitive.insert(value) } else { insensitive.insert(UTTypeRegistry.fold(value)) }
    }
    return sensitive.filter { !insensitive.contains(UTTypeRegistry.fold($0)) }
  }

  /// Whether `name` looks like `media/subtype`: one slash, neither side empty, no spaces or controls.
  static func isWellFormed(_ name: String) -> Bool {
    let parts = name.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
    return parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty
      && name.utf8.allSatisfy { $0 > 0x20 && $0 != 0x7F }
  }

  /// The types a MIME directory's `types` file lists (one a line), or none.
  static func listedTypes(inDirectory directory: String) -> [String] {
    guard let bytes = try? FileIO.readPrefix(directory + "/types", count: 1 << 20) else { return [] }
    return bytes.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The domain of ``derivedIdentifier(of:)``.
  package static let derivedIdentifierPrefix = "org.freedesktop.mime."

  /// The reverse-DNS identifier of a MIME type that no declaration claims:
  /// `org.freedesktop.mime.` followed by the lower-cased media type and subtype joined by a dot,
  /// with `+` written `-plus-` and every other character outside `a-z 0-9 . -` written `-`.
  ///
  /// `application/x-sqlite3` is `org.freedesktop.mime.application.x-sqlite3`, and
  /// `application/vnd.ms-visio.drawing.main+xml` is
  /// `org.freedesktop.mime.application.vnd.ms-visio.drawing.main-plus-xml`.
  package static func derivedIdentifier(of mimeType: String) -> String {
    var result = Array(derivedIdentifierPrefix.utf8)
    result.reserveCapacity(result.count + mimeType.utf8.count + 8)
    for byte in mimeType.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): result.append(byte | 0x20)
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."),
        UInt8(ascii: "-"):
        result.append(byte)
      case UInt8(ascii: "/"): result.append(UInt8(ascii: "."))
      case UInt8(ascii: "+"): result += "-plus-".utf8
      case 0x80...0xBF: continue  // a continuation byte: its character is one "-"
      default: result.append(UInt8(ascii: "-"))
      }
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// Whether `mimeType`'s derived identifier is its alone: the name is lower-case ASCII
  /// letters, digits, `.`, `-`, `+` and one `/`, without `-plus-` (how `+` is written). Such names
  /// map to distinct identifiers, so the MIME layer gives each exactly
  /// ``derivedIdentifier(of:)``; other names take a suffix (`-2`) if theirs is taken.
  package static func hasPlainDerivedIdentifier(_ mimeType: String) -> Bool {
    let plain = mimeType.utf8.allSatisfy { byte in
      (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x2E || byte == 0x2D || byte == 0x2B
        || byte == 0x2F
    }
    return plain && !mimeType.contains("-plus-")
  }

  /// The description of `mimeType`: from package XML the database was read from, else from its
  /// XML file in the first directory that has one (`<dir>/image/png.xml`): the `<comment>`
  /// without `xml:lang`, or nil.
  package func description(of mimeType: String) -> String? {
    if let comment = comments[mimeType] { return comment }
    guard Self.isWellFormed(mimeType), !mimeType.contains("..") else { return nil }
    for cache in caches {
      let path = FileIO.directoryName(of: cache.path) + "/" + mimeType + ".xml"
      guard let bytes = try? FileIO.readPrefix(path, count: 256 << 10) else { continue }
      if let comment = Self.firstComment(in: bytes) { return comment }
    }
    return nil
  }

  /// The text of the first `<comment>` element without attributes, with XML's predefined and
  /// numeric entities decoded.
  static func firstComment(in bytes: [UInt8]) -> String? {
    let open = Array("<comment>".utf8)
    let close = Array("</comment>".utf8)
    guard let start = bytes.firstRange(of: open)?.upperBound,
      let end = bytes[start...].firstRange(of: close)?.lowerBound
    else { return nil }
    return XMLText.decode(bytes[start..<end])
  }
}
