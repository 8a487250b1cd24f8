import UTIPlatform

/// The user's `mimeapps.list` (`$XDG_CONFIG_HOME/mimeapps.list`), changed as `gio mime TYPE APP`
/// changes it: the application becomes the type's default (`[Default Applications]`) and its
/// first added association (`[Added Associations]`), and is no longer a removed one. Every other
/// line, comment and group is kept as it was; the file is replaced atomically.
struct MIMEAppsList {
  private(set) var lines: [String]

  init(text: String) {
    lines = text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
  }

  /// The text to write, ending in a newline.
  var text: String { lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n" }

  /// Makes `id` the default of `mimeType`, first in its added associations, and not removed.
  mutating func setDefault(_ id: String, for mimeType: String) {
    set(mimeType, in: "Default Applications") { _ in [id] }
    set(mimeType, in: "Added Associations") { [id] + $0.filter { $0 != id } }
    set(mimeType, in: "Removed Associations", removingWhenEmpty: true) { $0.filter { $0 != id } }
  }

  /// Replaces `key`'s list in `group` with `change(old)`, adding the group or the key where missing.
  private mutating func set(
    _ key: String, in group: String, removingWhenEmpty: Bool = false, _ change: ([String]) -> [String]
  ) {
    let header = "[\(group)]"
    guard let start = lines.firstIndex(where: { $0.trimmingSpaces == header }) else {
      let values = change([])
      guard !values.isEmpty else { return }
      if let last = lines.last, !last.isEmpty { lines.append("") }
      lines += [header, Self.line(key, values)]
      return
    }
    var end = start + 1
    while end < lines.count, !lines[end].trimmingSpaces.hasPrefix("[") { end += 1 }
    if let index = (start + 1..<end).first(where: { Self.key(of: lines[$0]) == key }) {
      let old = KeyFile("[g]\n" + lines[index])?.list("g", key) ?? []
      let values = change(old)
      if values.isEmpty && removingWhenEmpty { lines.remove(at: index) } else { lines[index] = Self.line(key, values) }
    } else {
      let values = change([])
      guard !values.isEmpty else { return }
      // After the group's last entry, before the blank lines that end it.
      var insert = end
      while insert > start + 1, lines[insert - 1].trimmingSpaces.isEmpty { insert -= 1 }
      lines.insert(Self.line(key, values), at: insert)
    }
  }

  private static func key(of line: String) -> String? {
    guard let equals = line.firstIndex(of: "=") else { return nil }
    return line[..<equals].trimmingSpaces
  }

  private static func line(_ key: String, _ values: [String]) -> String {
    key + "=" + values.map { $0.replacingSemicolons + ";" }.joined()
  }
}

extension String {
  /// The string with its spaces and tabs around dropped.
  var trimmingSpaces: String { self[...].trimmingSpaces }

  /// `;` escaped for a key file's list.
  var replacingSemicolons: String {
    var escaped = ""
    for character in self {
      if character == ";" || character == "\\" { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped
  }
}
