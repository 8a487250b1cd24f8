/// A file in the Desktop Entry specification's key-file format (desktop entries, `mimeapps.list`,
/// `mimeinfo.cache`), read as GLib's `GKeyFile` reads it: `[Group]` headers, `Key=Value` lines
/// (whitespace around `=` dropped), `#` comments and blank lines. A file with any other line is
/// not a key file at all, as GLib refuses it whole.
struct KeyFile {
  /// The groups, in file order (a group given twice is one), each key's last value.
  private(set) var groups: [(name: String, entries: [String: String], order: [String])] = []

  /// The largest file read (a desktop entry or a list is a few kilobytes).
  static let sizeLimit = 1 << 20

  /// Why a file is not a key file, and where: the line and column (from 1) GLib stops at.
  struct Problem: Error, Sendable, Equatable {
    var line: Int
    var column: Int
    var message: String
  }

  /// Parses `text`; nil when a line is neither a group, an entry, a comment nor blank.
  init?(_ text: String) { self.init(bytes: Array(text.utf8)) }

  /// Parses UTF-8 `bytes`; nil when a line is neither a group, an entry, a comment nor blank.
  init?(bytes: [UInt8]) {
    guard let file = try? KeyFile(parsing: bytes) else { return nil }
    self = file
  }

  /// Parses UTF-8 `bytes`, line by line on the bytes (a desktop entry is read for every
  /// application a query names: this is the hot path of ``NSWorkspace``).
  /// - Throws: ``Problem`` at the first line that is not a group, an entry, a comment or blank.
  init(parsing bytes: [UInt8]) throws(Problem) {
    var current: Int?
    var (start, line) = (0, 0)
    while start < bytes.count {
      var end = start
      while end < bytes.count && bytes[end] != 0x0A { end += 1 }
      var last = end
      if last > start && bytes[last - 1] == 0x0D { last -= 1 }
      var first = start
      while first < last && (bytes[first] == 0x20 || bytes[first] == 0x09) { first += 1 }
      let (lineStart, column) = (start, first - start + 1)
      (start, line) = (end + 1, line + 1)
      if first == last || bytes[first] == UInt8(ascii: "#") { continue }
      if bytes[first] == UInt8(ascii: "[") {
        guard bytes[last - 1] == UInt8(ascii: "]"), last - first > 2 else {
          throw Problem(line: line, column: column, message: "a group header without its closing ] or its name")
        }
        let name = String(decoding: bytes[(first + 1)..<(last - 1)], as: UTF8.self)
        if let index = groups.firstIndex(where: { $0.name == name }) {
          current = index
        } else {
          groups.append((name, [:], []))
          current = groups.count - 1
        }
        continue
      }
      guard let group = current else {
        throw Problem(line: line, column: column, message: "an entry before the first [group]")
      }
      guard let equals = bytes[first..<last].firstIndex(of: UInt8(ascii: "=")) else {
        throw Problem(
          line: line, column: column, message: "a line that is not a [group], a key=value entry or a comment")
      }
      var keyEnd = equals
      while keyEnd > first && (bytes[keyEnd - 1] == 0x20 || bytes[keyEnd - 1] == 0x09) { keyEnd -= 1 }
      guard keyEnd > first else {
        throw Problem(line: line, column: equals - lineStart + 1, message: "an entry without a key")
      }
      var valueStart = equals + 1
      while valueStart < last && (bytes[valueStart] == 0x20 || bytes[valueStart] == 0x09) { valueStart += 1 }
      let key = String(decoding: bytes[first..<keyEnd], as: UTF8.self)
      let value = String(decoding: bytes[valueStart..<last], as: UTF8.self)
      if groups[group].entries.updateValue(value, forKey: key) == nil { groups[group].order.append(key) }
    }
  }

  /// The first group's name (a desktop entry's must be `Desktop Entry`).
  var startGroup: String? { groups.first?.name }

  /// The raw value of `key` in `group`.
  func raw(_ group: String, _ key: String) -> String? { groups.first { $0.name == group }?.entries[key] }

  /// The keys of `group`, in file order.
  func keys(_ group: String) -> [String] { groups.first { $0.name == group }?.order ?? [] }

  /// A string value, its escapes (`\s`, `\n`, `\t`, `\r`, `\\`) undone.
  func string(_ group: String, _ key: String) -> String? { raw(group, key).map { Self.unescape($0) } }

  /// A boolean value (`true` or `1`); false when absent or anything else.
  func bool(_ group: String, _ key: String) -> Bool { ["true", "1"].contains(raw(group, key) ?? "") }

  /// A list of strings, split at unescaped `;` (a last empty element dropped).
  func list(_ group: String, _ key: String) -> [String]? {
    guard let raw = raw(group, key) else { return nil }
    if raw.isEmpty { return [] }
    if !raw.utf8.contains(UInt8(ascii: "\\")) {
      return raw.split(separator: ";", omittingEmptySubsequences: false).dropLast(raw.hasSuffix(";") ? 1 : 0).map(
        String.init)
    }
    var items: [String] = []
    var current = ""
    var escaped = false
    for character in raw {
      if escaped {
        current.append(character == ";" ? ";" : "\\")
        if character != ";" { current.append(character) }
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == ";" {
        items.append(Self.unescape(current))
        current = ""
      } else {
        current.append(character)
      }
    }
    if escaped { current.append("\\") }
    if !current.isEmpty { items.append(Self.unescape(current)) }
    return items
  }

  static func unescape(_ value: String) -> String {
    guard value.utf8.contains(UInt8(ascii: "\\")) else { return value }
    var result = ""
    var escaped = false
    for character in value {
      if escaped {
        switch character {
        case "s": result.append(" ")
        case "n": result.append("\n")
        case "t": result.append("\t")
        case "r": result.append("\r")
        case "\\": result.append("\\")
        default: result.append("\\"); result.append(character)
        }
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else {
        result.append(character)
      }
    }
    if escaped { result.append("\\") }
    return result
  }
}

extension Substring {
  /// Without leading and trailing spaces and tabs.
  var trimmingSpaces: String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
