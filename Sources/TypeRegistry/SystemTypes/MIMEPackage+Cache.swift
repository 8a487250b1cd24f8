extension MIMEPackage {
  /// The package as a `mime.cache` image (version 1.2, the specification's layout, big-endian),
  /// as update-mime-database would write it: aliases, parents, literal globs, the reverse suffix
  /// tree of `*suffix` globs, the remaining globs, magic (highest priority first), XML
  /// namespaces and icons. Case-insensitive globs are stored lower-cased; words of host byte
  /// order are this machine's.
  /// - Complexity: O(*n* log *n*) in the package's entries.
  package var cacheImage: [UInt8] {
    var writer = CacheWriter()
    writer.u32(0x0001_0002)  // major 1, minor 2
    let header = writer.reserve(9)
    var aliases: [(String, String)] = []
    var parents: [(String, [String])] = []
    var literals: [(String, String, Int)] = []
    let suffixes = SuffixTrie()
    var patterns: [(String, String, Int)] = []
    var magic: [(Int, String, [Matchlet])] = []
    var namespaces: [(String, String, String)] = []
    var icons: [(String, String)] = []
    var genericIcons: [(String, String)] = []
    for entry in types {
      for alias in entry.aliases { aliases.append((alias, entry.mimeType)) }
      if !entry.parents.isEmpty { parents.append((entry.mimeType, entry.parents)) }
      for glob in entry.globs {
        let flags = glob.weight & 0xFF | (glob.caseSensitive ? 0x100 : 0)
        let pattern = glob.caseSensitive ? glob.pattern : Self.asciiLowercased(glob.pattern)
        let isWild: (Character) -> Bool = { $0 == "*" || $0 == "?" || $0 == "[" }
        if !pattern.contains(where: isWild) {
          literals.append((pattern, entry.mimeType, flags))
        } else if pattern.hasPrefix("*"), pattern.count > 1, !pattern.dropFirst().contains(where: isWild) {
          suffixes.insert(pattern.dropFirst(), mimeType: entry.mimeType, flags: flags)
        } else {
          patterns.append((pattern, entry.mimeType, flags))
        }
      }
      for rule in entry.magic where !rule.matchlets.isEmpty {
        magic.append((rule.priority, entry.mimeType, rule.matchlets))
      }
      for rule in entry.rootXML { namespaces.append((rule.namespaceURI, rule.localName, entry.mimeType)) }
      if let icon = entry.icon { icons.append((entry.mimeType, icon)) }
      if let icon = entry.genericIcon { genericIcons.append((entry.mimeType, icon)) }
    }
    let byFirst: ((String, String), (String, String)) -> Bool = {
      Array($0.0.utf8).lexicographicallyPrecedes($1.0.utf8)
    }
    writer.patch(header + 0, writer.pairs(aliases.sorted(by: byFirst)))
    writer.patch(
      header + 4, writer.parentList(parents.sorted { Array($0.0.utf8).lexicographicallyPrecedes($1.0.utf8) }))
    writer.patch(header + 8, writer.globList(literals.sorted { Array($0.0.utf8).lexicographicallyPrecedes($1.0.utf8) }))
    writer.patch(header + 12, writer.suffixTree(suffixes))
    writer.patch(header + 16, writer.globList(patterns))
    writer.patch(
      header + 20,
      writer.magicList(
        magic.enumerated().sorted { ($0.element.0, -$0.offset) > ($1.element.0, -$1.offset) }.map(\.element)))
    writer.patch(header + 24, writer.namespaceList(namespaces.sorted { ($0.0, $0.1) < ($1.0, $1.1) }))
    writer.patch(header + 28, writer.pairs(icons.sorted(by: byFirst)))
    writer.patch(header + 32, writer.pairs(genericIcons.sorted(by: byFirst)))
    return writer.bytes
  }

  static func asciiLowercased(_ text: String) -> String {
    String(decoding: text.utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, as: UTF8.self)
  }
}

/// The reverse suffix tree: suffixes inserted from their last character.
struct SuffixTrie {
  final class Node {
    var children: [UInt32: Node] = [:]
    var leaves: [(mimeType: String, flags: Int)] = []
  }

  let root = Node()

  func insert(_ suffix: Substring, mimeType: String, flags: Int) {
    var node = root
    for scalar in suffix.unicodeScalars.reversed() {
      if let next = node.children[scalar.value] {
        node = next
      } else {
        let next = Node()
        node.children[scalar.value] = next
        node = next
      }
    }
    if !node.leaves.contains(where: { $0.mimeType == mimeType }) { node.leaves.append((mimeType, flags)) }
  }
}

/// Appends big-endian words and NUL-terminated strings, and patches offsets written before.
struct CacheWriter {
  var bytes: [UInt8] = []
  var strings: [String: Int] = [:]

  mutating func u32(_ value: Int) {
    let v = UInt32(truncatingIfNeeded: value)
    bytes += [
      UInt8(v >> 24), UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8),
      UInt8(truncatingIfNeeded: v),
    ]
  }

  /// Reserves `words` zero words; returns their offset.
  mutating func reserve(_ words: Int) -> Int {
    let offset = bytes.count
    bytes += [UInt8](repeating: 0, count: 4 * words)
    return offset
  }

  mutating func patch(_ offset: Int, _ value: Int) {
    let v = UInt32(truncatingIfNeeded: value)
    bytes[offset] = UInt8(v >> 24)
    bytes[offset + 1] = UInt8(truncatingIfNeeded: v >> 16)
    bytes[offset + 2] = UInt8(truncatingIfNeeded: v >> 8)
    bytes[offset + 3] = UInt8(truncatingIfNeeded: v)
  }

  mutating func align() { while bytes.count % 4 != 0 { bytes.append(0) } }

  /// The offset of `text`, written (NUL-terminated) the first time it is asked for.
  mutating func string(_ text: String) -> Int {
    if let offset = strings[text] { return offset }
    let offset = bytes.count
    bytes += Array(text.utf8) + [0]
    strings[text] = offset
    return offset
  }

  /// Raw bytes (a magic value or mask); returns their offset.
  mutating func blob(_ data: [UInt8]) -> Int {
    let offset = bytes.count
    bytes += data
    return offset
  }

  /// `[count][word, word …]…`: a table of fixed-width records (their strings written before).
  mutating func records(_ rows: [[Int]]) -> Int {
    align()
    let start = bytes.count
    u32(rows.count)
    for row in rows {
      for word in row { u32(word) }
    }
    return start
  }

  /// `[count][first, second]…`, for aliases and icons.
  mutating func pairs(_ list: [(String, String)]) -> Int {
    records(list.map { [string($0.0), string($0.1)] })
  }

  mutating func parentList(_ list: [(String, [String])]) -> Int {
    let names = list.map { (string($0.0), $0.1.map { string($0) }) }
    align()
    var parentOffsets: [Int] = []
    for (_, parents) in names {
      parentOffsets.append(bytes.count)
      u32(parents.count)
      for parent in parents { u32(parent) }
    }
    return records(zip(names, parentOffsets).map { [$0.0.0, $0.1] })
  }

  /// `[count][pattern, type, weight | case-sensitive << 8]…`, for literals and patterns.
  mutating func globList(_ list: [(String, String, Int)]) -> Int {
    records(list.map { [string($0.0), string($0.1), $0.2] })
  }

  mutating func suffixTree(_ trie: SuffixTrie) -> Int {
    align()
    let start = bytes.count
    let count = trie.root.children.count
    u32(count)
    let first = reserve(1)
    patch(first, nodes(of: trie.root, includingLeaves: false))
    return start
  }

  /// A node's entries (its leaves first, as character 0, then its children by character);
  /// returns their offset.
  mutating func nodes(of node: SuffixTrie.Node, includingLeaves: Bool) -> Int {
    let leaves = includingLeaves ? node.leaves.map { (string($0.mimeType), $0.flags) } : []
    let children = node.children.sorted { $0.key < $1.key }
    align()
    let start = reserve(3 * (leaves.count + children.count))
    for (index, leaf) in leaves.enumerated() {
      patch(start + 12 * index + 4, leaf.0)
      patch(start + 12 * index + 8, leaf.1)
    }
    for (index, child) in children.enumerated() {
      let entry = start + 12 * (leaves.count + index)
      patch(entry, Int(child.key))
      patch(entry + 4, child.value.leaves.count + child.value.children.count)
      patch(entry + 8, nodes(of: child.value, includingLeaves: true))
    }
    return start
  }

  mutating func magicList(_ list: [(Int, String, [MIMEPackage.Matchlet])]) -> Int {
    align()
    let start = bytes.count
    u32(list.count)
    let extent = reserve(1)
    let first = reserve(1)
    let matches = reserve(4 * list.count)
    var maxExtent = 0
    for (index, (priority, type, matchlets)) in list.enumerated() {
      let entry = matches + 16 * index
      patch(entry, priority)
      patch(entry + 4, string(type))
      patch(entry + 8, matchlets.count)
      patch(entry + 12, self.matchlets(matchlets, extent: &maxExtent))
    }
    patch(extent, maxExtent)
    patch(first, matches)
    return start
  }

  mutating func matchlets(_ list: [MIMEPackage.Matchlet], extent: inout Int) -> Int {
    align()
    let start = reserve(8 * list.count)
    for (index, matchlet) in list.enumerated() {
      let entry = start + 32 * index
      extent = max(extent, matchlet.rangeStart + matchlet.rangeLength + matchlet.value.count - 1)
      patch(entry, matchlet.rangeStart)
      patch(entry + 4, matchlet.rangeLength)
      patch(entry + 8, matchlet.wordSize)
      patch(entry + 12, matchlet.value.count)
      patch(entry + 16, blob(matchlet.value))
      patch(entry + 20, matchlet.mask.map { blob($0) } ?? 0)
      patch(entry + 24, matchlet.children.count)
      patch(entry + 28, matchlet.children.isEmpty ? 0 : matchlets(matchlet.children, extent: &extent))
    }
    return start
  }

  mutating func namespaceList(_ list: [(String, String, String)]) -> Int {
    records(list.map { [string($0.0), string($0.1), string($0.2)] })
  }
}
