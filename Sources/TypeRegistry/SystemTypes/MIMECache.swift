#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

#if canImport(UTIPlatform)
  import UTIPlatform
#endif

/// A freedesktop shared-mime-info `mime.cache`, read in place from a memory mapping.
///
/// The layout is the one the shared-mime-info specification documents ("The mime.cache files"):
/// a header of section offsets, then aliases, parents, literal globs, a reverse suffix tree of
/// glob suffixes, other globs, magic rules, XML namespaces and icons, all big-endian, strings
/// NUL-terminated. Every offset, count and string is checked against the file's size before it
/// is followed, recursion into the suffix tree and nested magic is bounded, and loops are cut,
/// so a truncated or hostile cache gives a ``MIMECache/Error`` or no answer, never a crash or a
/// hang. The database is GPL-licensed data: it is read from the machine at run time, never
/// copied into this package.
///
/// Lookups follow GIO's xdgmime, which reads the same file: aliases and literals by binary
/// search, suffixes through the tree, the remaining globs by pattern, magic in priority order.
package final class MIMECache: Sendable {
  /// Why a cache could not be read.
  package struct Error: Swift.Error, Sendable, CustomStringConvertible {
    package let path: String
    package let message: String
    package var description: String { "\(path): \(message)" }
  }

  /// A glob's match for a file name: the type, the glob's weight (50 by default), and whether
  /// the glob is case-sensitive.
  package struct GlobMatch: Sendable, Equatable {
    package var mimeType: String
    package var weight: Int
    package var caseSensitive: Bool
  }

  package let path: String
  let file: Contents
  let header: Header
  /// The magic rules' first bytes, to pass over most rules without reading them.
  let magicIndex: MagicIndex

  /// The cache's bytes: a mapping of the file, or bytes held in memory (tests, fuzzing).
  final class Contents: @unchecked Sendable {
    // Sendable: immutable: the bytes (a read-only mapping or a buffer filled before `init` returns) are only
    // read, and freed in `deinit`.
    let bytes: UnsafeRawBufferPointer
    private let mapping: MappedFile?
    private let owned: UnsafeMutableRawBufferPointer?

    init(_ mapping: MappedFile) {
      self.mapping = mapping
      owned = nil
      bytes = mapping.bytes
    }

    init(copying source: [UInt8]) {
      let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: source.count, alignment: 8)
      buffer.copyBytes(from: source)
      owned = buffer
      mapping = nil
      bytes = UnsafeRawBufferPointer(buffer)
    }

    deinit { owned?.deallocate() }
  }

  /// The nine section offsets of the header, each checked to lie inside the file.
  struct Header: Sendable {
    var aliases = 0, parents = 0, literals = 0, suffixTree = 0, globs = 0, magic = 0, namespaces = 0, icons = 0,
      genericIcons = 0
  }

  /// How deep nested magic matchlets may go before a cache is taken as malformed.
  static let magicDepthLimit = 32
  /// How long a magic range (bytes of the data scanned for one value) may be.
  static let magicRangeLimit = 1 << 20

  /// Maps and checks the cache at `path`.
  package init(path: String) throws(Error) {
    self.path = path
    do {
      file = Contents(try MappedFile(path: path))
    } catch {
      throw Error(path: path, message: error.description)
    }
    header = try Self.readHeader(file.bytes, path: path)
    magicIndex = MagicIndex(Reader(file.bytes), magic: header.magic)
  }

  /// Checks a cache held in memory (`path` names it in messages): for tests and fuzzing.
  package init(bytes: [UInt8], path: String) throws(Error) {
    self.path = path
    file = Contents(copying: bytes)
    header = try Self.readHeader(file.bytes, path: path)
    magicIndex = MagicIndex(Reader(file.bytes), magic: header.magic)
  }

  private static func readHeader(_ bytes: UnsafeRawBufferPointer, path: String) throws(Error) -> Header {
    guard bytes.count >= 40 else {
      throw Error(path: path, message: "\(bytes.count) bytes is too short for a mime.cache header (40 bytes)")
    }
    let major = Int(bytes[0]) << 8 | Int(bytes[1])
    let minor = Int(bytes[2]) << 8 | Int(bytes[3])
    guard major == 1, (1...2).contains(minor) else {
      throw Error(
        path: path, message: "version \(major).\(minor) is not a mime.cache version this reader knows (1.1, 1.2)")
    }
    var offsets: [Int] = []
    for index in 0..<9 {
      let offset = Int(Reader(bytes).u32(at: 4 + 4 * index) ?? 0)
      guard offset >= 40, offset + 4 <= bytes.count else {
        throw Error(
          path: path, message: "section \(index + 1)'s offset \(offset) lies outside the file (\(bytes.count) bytes)")
      }
      offsets.append(offset)
    }
    return Header(
      aliases: offsets[0], parents: offsets[1], literals: offsets[2], suffixTree: offsets[3], globs: offsets[4],
      magic: offsets[5], namespaces: offsets[6], icons: offsets[7], genericIcons: offsets[8])
  }

  /// Bounds-checked big-endian reads over the mapping.
  struct Reader {
    let bytes: UnsafeRawBufferPointer
    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    func u32(at offset: Int) -> UInt32? {
      guard offset >= 0, offset <= bytes.count - 4 else { return nil }
      return UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    /// The `index`th big-endian word of a record whose bounds the caller checked.
    @inline(__always) func word(_ record: Int, _ index: Int) -> Int {
      Int(UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: record + 4 * index, as: UInt32.self)))
    }

    func int(at offset: Int) -> Int? { u32(at: offset).map(Int.init) }

    /// A list's count at `offset`, if `count` entries of `entrySize` bytes fit after it.
    func count(at offset: Int, entrySize: Int) -> Int? {
      guard let count = int(at: offset), count <= (bytes.count - offset - 4) / entrySize else { return nil }
      return count
    }

    /// The NUL-terminated string at `offset` (nil past the end or without a terminator).
    func string(at offset: Int) -> String? {
      guard offset >= 0, offset < bytes.count else { return nil }
      guard let end = bytes[offset...].firstIndex(of: 0) else { return nil }
      return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
    }

    /// The offset of the NUL that ends the string at `offset` (nil past the end or without one).
    func string(endingAt offset: Int) -> Int? {
      guard offset >= 0, offset < bytes.count else { return nil }
      return bytes[offset...].firstIndex(of: 0)
    }

    /// Compares the string at `offset` with `key` as strcmp does; nil when it is unreadable.
    func compare(at offset: Int, with key: [UInt8]) -> Int? {
      guard offset >= 0, offset < bytes.count else { return nil }
      var index = 0
      while true {
        guard offset + index < bytes.count else { return nil }
        let a = bytes[offset + index]
        let b: UInt8 = index < key.count ? key[index] : 0
        if a != b { return Int(a) - Int(b) }
        if a == 0 { return 0 }
        index += 1
      }
    }
  }

  var reader: Reader { Reader(file.bytes) }

  // MARK: Aliases and parents

  /// The canonical type for `alias`, or nil when `alias` is not an alias.
  /// - Complexity: O(log *n*).
  package func unalias(_ alias: String) -> String? {
    lookUp(Array(alias.utf8), inList: header.aliases, entrySize: 8).flatMap { reader.int(at: $0 + 4) }
      .flatMap(reader.string(at:))
  }

  /// The aliases of the canonical type `mimeType`, in the cache's order: each entry's target is
  /// compared in place, so only the matching aliases become strings.
  /// - Complexity: O(*n*) in the aliases.
  package func aliases(of mimeType: String) -> [String] {
    guard let count = reader.count(at: header.aliases, entrySize: 8) else { return [] }
    let key = Array(mimeType.utf8)
    var result: [String] = []
    for index in 0..<count {
      let entry = header.aliases + 4 + 8 * index
      guard let target = reader.int(at: entry + 4), reader.compare(at: target, with: key) == 0,
        let alias = reader.int(at: entry).flatMap(reader.string(at:))
      else { continue }
      result.append(alias)
    }
    return result
  }

  /// Every (alias, canonical type) pair, in the cache's order.
  package var aliases: [(alias: String, mimeType: String)] {
    pairs(header.aliases).map { (alias: $0.0, mimeType: $0.1) }
  }

  /// The direct parents (`sub-class-of`) of `mimeType`, as the cache lists them.
  /// - Complexity: O(log *n*).
  package func parents(of mimeType: String) -> [String] {
    guard let entry = lookUp(Array(mimeType.utf8), inList: header.parents, entrySize: 8),
      let list = reader.int(at: entry + 4), let count = reader.count(at: list, entrySize: 4)
    else { return [] }
    return (0..<count).compactMap { reader.int(at: list + 4 + 4 * $0).flatMap(reader.string(at:)) }
  }

  /// Every type that has parents, in the cache's order.
  package var typesWithParents: [String] {
    guard let count = reader.count(at: header.parents, entrySize: 8) else { return [] }
    return (0..<count).compactMap { reader.int(at: header.parents + 4 + 8 * $0).flatMap(reader.string(at:)) }
  }

  // MARK: Globs

  /// The types the globs give `fileName`, heaviest first, as xdg-mime finds them: a literal name
  /// (case-insensitive, then case-sensitive) wins outright; otherwise suffixes through the tree
  /// (lower-cased, then as written), then the remaining glob patterns.
  package func globMatches(forFileName fileName: String) -> [GlobMatch] {
    let name = Array(fileName.utf8)
    let lower = name.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
    if let literal = literal(lower, caseSensitive: false) ?? literal(name, caseSensitive: true) {
      return [literal]
    }
    var matches = suffixMatches(lower, caseSensitive: false)
    if matches.count < 2 { matches += suffixMatches(name, caseSensitive: true) }
    if matches.count < 2 { matches += patternMatches(fileName) }
    var merged: [GlobMatch] = []
    for match in matches {
      if let index = merged.firstIndex(where: { $0.mimeType == match.mimeType }) {
        merged[index].weight = max(merged[index].weight, match.weight)
      } else {
        merged.append(match)
      }
    }
    return merged.enumerated().sorted { ($0.element.weight, -$0.offset) > ($1.element.weight, -$1.offset) }
      .map(\.element)
  }

  private func literal(_ name: [UInt8], caseSensitive: Bool) -> GlobMatch? {
    guard let entry = lookUp(name, inList: header.literals, entrySize: 12),
      let flags = reader.int(at: entry + 8), let mime = reader.int(at: entry + 4).flatMap(reader.string(at:))
    else { return nil }
    let isCaseSensitive = flags & 0x100 != 0
    guard caseSensitive || !isCaseSensitive else { return nil }
    return GlobMatch(mimeType: mime, weight: flags & 0xFF, caseSensitive: isCaseSensitive)
  }

  /// Walks the reverse suffix tree from the name's last character; the longest suffix with
  /// leaves wins, as in xdg-mime.
  private func suffixMatches(_ name: [UInt8], caseSensitive: Bool) -> [GlobMatch] {
    guard let roots = reader.count(at: header.suffixTree, entrySize: 4),
      let first = reader.int(at: header.suffixTree + 4)
    else { return [] }
    let characters = Array(String(decoding: name, as: UTF8.self).unicodeScalars.map(\.value))
    return suffixMatches(characters, length: characters.count, nodes: first, count: roots, caseSensitive: caseSensitive)
  }

  private func suffixMatches(_ name: [UInt32], length: Int, nodes: Int, count: Int, caseSensitive: Bool)
    -> [GlobMatch]
  {
    guard length > 0, count > 0, count <= (file.bytes.count - nodes) / 12 else { return [] }
    let character = name[length - 1]
    var low = 0
    var high = count - 1
    while low <= high {
      let mid = (low + high) / 2
      guard let value = reader.u32(at: nodes + 12 * mid) else { return [] }
      if value < character {
        low = mid + 1
      } else if value > character {
        high = mid - 1
      } else {
        guard let childCount = reader.int(at: nodes + 12 * mid + 4), let children = reader.int(at: nodes + 12 * mid + 8)
        else { return [] }
        // Each step consumes a character of the name, so even a cyclic tree ends.
        var found: [GlobMatch] = []
        if length > 1 {
          found = suffixMatches(
            name, length: length - 1, nodes: children, count: childCount, caseSensitive: caseSensitive)
        }
        if found.isEmpty { found = leaves(children, count: childCount, caseSensitive: caseSensitive) }
        return found
      }
    }
    return []
  }

  /// The leaf nodes (character 0) at the start of a node list: the types of the suffix so far.
  private func leaves(_ nodes: Int, count: Int, caseSensitive: Bool) -> [GlobMatch] {
    var found: [GlobMatch] = []
    for index in 0..<max(0, min(count, (file.bytes.count - nodes) / 12)) {
      guard reader.u32(at: nodes + 12 * index) == 0, let flags = reader.int(at: nodes + 12 * index + 8),
        let mime = reader.int(at: nodes + 12 * index + 4).flatMap(reader.string(at:))
      else { break }
      let isCaseSensitive = flags & 0x100 != 0
      if caseSensitive || !isCaseSensitive {
        found.append(GlobMatch(mimeType: mime, weight: flags & 0xFF, caseSensitive: isCaseSensitive))
      }
    }
    return found
  }

  /// The globs that are neither literals nor simple suffixes (`*.[0-9]`, `README*` …), matched as
  /// fnmatch matches them: a case-sensitive pattern against the name as written, a
  /// case-insensitive one (which the cache holds lower-cased) against the name lower-cased.
  private func patternMatches(_ fileName: String) -> [GlobMatch] {
    guard let count = reader.count(at: header.globs, entrySize: 12), let base = file.bytes.baseAddress else {
      return []
    }
    let lowerName = String(decoding: fileName.utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, as: UTF8.self)
    var found: [GlobMatch] = []
    // The patterns are matched where they lie in the cache (NUL-terminated, as `reader.string`
    // checks); a string is made only for the type of a pattern that matched.
    fileName.withCString { name in
      lowerName.withCString { lower in
        for index in 0..<count {
          let entry = header.globs + 4 + 12 * index
          guard let pattern = reader.int(at: entry), let flags = reader.int(at: entry + 8),
            reader.string(endingAt: pattern) != nil
          else { continue }
          let isCaseSensitive = flags & 0x100 != 0
          let text = (base + pattern).assumingMemoryBound(to: CChar.self)
          guard fnmatch(text, isCaseSensitive ? name : lower, 0) == 0,
            let mime = reader.int(at: entry + 4).flatMap(reader.string(at:))
          else { continue }
          found.append(GlobMatch(mimeType: mime, weight: flags & 0xFF, caseSensitive: isCaseSensitive))
        }
      }
    }
    return found
  }

  /// Every glob the cache lists for `mimeType`: literals, suffix-tree globs (as `*.ext`) and
  /// patterns, with their weights and case rules.
  package func globs(of mimeType: String) -> [(pattern: String, weight: Int, caseSensitive: Bool)] {
    allGlobs[mimeType] ?? []
  }

  /// Every glob by type, gathered once.
  package var allGlobs: [String: [(pattern: String, weight: Int, caseSensitive: Bool)]] {
    var result: [String: [(pattern: String, weight: Int, caseSensitive: Bool)]] = [:]
    for list in [header.literals, header.globs] {
      guard let count = reader.count(at: list, entrySize: 12) else { continue }
      for index in 0..<count {
        let entry = list + 4 + 12 * index
        guard let pattern = reader.int(at: entry).flatMap(reader.string(at:)),
          let mime = reader.int(at: entry + 4).flatMap(reader.string(at:)), let flags = reader.int(at: entry + 8)
        else { continue }
        result[mime, default: []].append((pattern, flags & 0xFF, flags & 0x100 != 0))
      }
    }
    if let roots = reader.count(at: header.suffixTree, entrySize: 4), let first = reader.int(at: header.suffixTree + 4)
    {
      var visited = 0
      var suffix: [Unicode.Scalar] = []
      collectSuffixes(first, count: roots, suffix: &suffix, into: &result, visited: &visited)
    }
    return result
  }

  private func collectSuffixes(
    _ nodes: Int, count: Int, suffix: inout [Unicode.Scalar],
    into result: inout [String: [(pattern: String, weight: Int, caseSensitive: Bool)]], visited: inout Int
  ) {
    guard count <= (file.bytes.count - nodes) / 12, suffix.count < 256 else { return }
    for index in 0..<count {
      visited += 1
      guard visited < file.bytes.count / 12 else { return }  // more nodes than the file holds: a loop
      let node = nodes + 12 * index
      guard let character = reader.u32(at: node), let second = reader.int(at: node + 4),
        let third = reader.int(at: node + 8)
      else { return }
      if character == 0 {
        guard let mime = reader.string(at: second) else { continue }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: suffix.reversed())
        result[mime, default: []].append(("*" + String(scalars), third & 0xFF, third & 0x100 != 0))
      } else if let scalar = Unicode.Scalar(character) {
        suffix.append(scalar)
        collectSuffixes(third, count: second, suffix: &suffix, into: &result, visited: &visited)
        suffix.removeLast()
      }
    }
  }

  // MARK: Namespaces and icons

  /// The type of XML documents whose root element is `localName` in `namespaceURI`.
  package func mimeType(forXMLNamespace namespaceURI: String, localName: String) -> String? {
    guard let count = reader.count(at: header.namespaces, entrySize: 12) else { return nil }
    for index in 0..<count {
      let entry = header.namespaces + 4 + 12 * index
      guard reader.int(at: entry).flatMap(reader.string(at:)) == namespaceURI,
        reader.int(at: entry + 4).flatMap(reader.string(at:)) == localName
      else { continue }
      return reader.int(at: entry + 8).flatMap(reader.string(at:))
    }
    return nil
  }

  /// Every (namespace URI, local name, type) of the `<root-XML>` rules, in the cache's order.
  package var xmlNamespaces: [(namespaceURI: String, localName: String, mimeType: String)] {
    guard let count = reader.count(at: header.namespaces, entrySize: 12) else { return [] }
    return (0..<count).compactMap { index in
      let entry = header.namespaces + 4 + 12 * index
      guard let uri = reader.int(at: entry).flatMap(reader.string(at:)),
        let name = reader.int(at: entry + 4).flatMap(reader.string(at:)),
        let mime = reader.int(at: entry + 8).flatMap(reader.string(at:))
      else { return nil }
      return (uri, name, mime)
    }
  }

  /// The icon name for `mimeType`, if the database gives one.
  package func icon(of mimeType: String) -> String? {
    lookUp(Array(mimeType.utf8), inList: header.icons, entrySize: 8).flatMap { reader.int(at: $0 + 4) }
      .flatMap(reader.string(at:))
  }

  /// The generic icon name for `mimeType`, if the database gives one.
  package func genericIcon(of mimeType: String) -> String? {
    lookUp(Array(mimeType.utf8), inList: header.genericIcons, entrySize: 8).flatMap { reader.int(at: $0 + 4) }
      .flatMap(reader.string(at:))
  }

  // MARK: Machinery

  /// The entry of a sorted list whose first field names the string `key` (binary search, as
  /// xdg-mime does), or nil.
  private func lookUp(_ key: [UInt8], inList list: Int, entrySize: Int) -> Int? {
    guard let count = reader.count(at: list, entrySize: entrySize), count > 0 else { return nil }
    var low = 0
    var high = count - 1
    while low <= high {
      let mid = (low + high) / 2
      let entry = list + 4 + entrySize * mid
      guard let offset = reader.int(at: entry), let order = reader.compare(at: offset, with: key) else { return nil }
      if order < 0 {
        low = mid + 1
      } else if order > 0 {
        high = mid - 1
      } else {
        return entry
      }
    }
    return nil
  }

  /// The (string, string) pairs of an alias-shaped list.
  private func pairs(_ list: Int) -> [(String, String)] {
    guard let count = reader.count(at: list, entrySize: 8) else { return [] }
    return (0..<count).compactMap { index in
      guard let a = reader.int(at: list + 4 + 8 * index).flatMap(reader.string(at:)),
        let b = reader.int(at: list + 8 + 8 * index).flatMap(reader.string(at:))
      else { return nil }
      return (a, b)
    }
  }
}
