import UTIPlatform

/// The user's `mimeapps.list` (`$XDG_CONFIG_HOME/mimeapps.list`), changed as `gio mime TYPE APP`
/// changes it (GLib's `g_app_info_set_as_default_for_type`): the application becomes the type's
/// default (`[Default Applications]`, one ID and no `;`), an added association
/// (`[Added Associations]`: appended, or left where it is), and no longer a removed one.
///
/// Unlike GLib, which writes the whole file anew, only the lines of the type's keys change:
/// every other line, comment and group stays byte for byte (bytes that are not UTF-8, CR LF line
/// ends, a missing last newline, a group written twice). A group written twice is one group, as
/// GLib reads it: where a key is in it twice, the last one counts, so the last is the one changed.
/// A line added ends as the file's first line does (LF or CR LF).
struct MIMEAppsList {
  /// The file's lines, each without its LF (a CR before it stays in the line).
  private(set) var lines: [[UInt8]]
  /// Whether the file ends in a newline (a new or empty file does, and one we added a line at
  /// the end of).
  private var endsInNewline: Bool
  /// `[13]` when the file's lines end in CR LF, else empty.
  private let lineEnd: [UInt8]

  /// The list in `bytes` (a file's contents, or empty for a file not there yet).
  init(bytes: [UInt8]) {
    var lines = bytes.split(separator: 10, omittingEmptySubsequences: false).map { Array($0) }
    endsInNewline = bytes.isEmpty || bytes.last == 10
    if endsInNewline { lines.removeLast() }
    self.lines = lines
    lineEnd = lines.first?.last == 13 ? [13] : []
  }

  /// The bytes to write.
  var bytes: [UInt8] {
    var bytes = Array(lines.joined(separator: [10]))
    if endsInNewline && !lines.isEmpty { bytes.append(10) }
    return bytes
  }

  /// Makes `id` the default of `mimeType`, one of its added associations, and not removed.
  mutating func setDefault(_ id: String, for mimeType: String) {
    set(mimeType, in: "Default Applications", asList: false) { _ in [id] }
    set(mimeType, in: "Added Associations") { $0.contains(id) ? $0 : $0 + [id] }
    set(mimeType, in: "Removed Associations", removingWhenEmpty: true) { $0.filter { $0 != id } }
  }

  /// Replaces `key`'s list in `group` with `change(old)`, adding the group or the key where
  /// missing; a one-element value written not `asList` has no `;` (as GLib writes a default).
  private mutating func set(
    _ key: String, in group: String, removingWhenEmpty: Bool = false, asList: Bool = true,
    _ change: ([String]) -> [String]
  ) {
    let lineEnd = lineEnd
    let line = { (values: [String], model: [UInt8]?) in
      Self.line(key, values, asList: asList, ending: model.map { $0.last == 13 ? [13] : [] } ?? lineEnd)
    }
    let sections = sections(of: group)
    guard let last = sections.last else {
      let values = change([])
      guard !values.isEmpty else { return }
      endLastLine()
      if let final = lines.last, !Self.trimmed(final).isEmpty { lines.append(lineEnd) }
      lines += [Array("[\(group)]".utf8) + lineEnd, line(values, nil)]
      return
    }
    if let index = sections.flatMap({ $0 }).last(where: { Self.key(of: lines[$0]) == key }) {
      let old = KeyFile(bytes: Array("[g]\n".utf8) + Self.withoutCR(lines[index]))?.list("g", key) ?? []
      let values = change(old)
      if values.isEmpty && removingWhenEmpty {
        lines.remove(at: index)
      } else {
        lines[index] = line(values, lines[index])
      }
      return
    }
    let values = change([])
    guard !values.isEmpty else { return }
    // After the group's last entry, before the blank lines that end it.
    var insert = last.upperBound
    while insert > last.lowerBound, Self.trimmed(lines[insert - 1]).isEmpty { insert -= 1 }
    if insert == lines.count { endLastLine() }
    lines.insert(line(values, nil), at: insert)
  }

  /// Before a line is added after the last: ends the last line if the file did not end it.
  private mutating func endLastLine() {
    if !endsInNewline, let last = lines.indices.last { lines[last] += lineEnd }
    endsInNewline = true
  }

  /// The lines of every section headed `[group]` (its entries, after the header).
  private func sections(of group: String) -> [Range<Int>] {
    let header = "[\(group)]"
    var sections: [Range<Int>] = []
    var index = 0
    while index < lines.count {
      guard Self.trimmed(lines[index]) == header else {
        index += 1
        continue
      }
      var end = index + 1
      while end < lines.count, !Self.trimmed(lines[end]).hasPrefix("[") { end += 1 }
      sections.append(index + 1..<end)
      index = end
    }
    return sections
  }

  /// `key=value;value;` (or `key=value` for one value not `asList`), then `end` (CR or nothing).
  private static func line(_ key: String, _ values: [String], asList: Bool, ending end: [UInt8]) -> [UInt8] {
    let value =
      !asList && values.count == 1
      ? values[0].replacingSemicolons : values.map { $0.replacingSemicolons + ";" }.joined()
    return Array((key + "=" + value).utf8) + end
  }

  /// A line's text without the spaces, tabs and CR around it (bytes that are not UTF-8 replaced).
  private static func trimmed(_ line: [UInt8]) -> String {
    String(decoding: withoutCR(line), as: UTF8.self)[...].trimmingSpaces
  }

  private static func withoutCR(_ line: [UInt8]) -> [UInt8] { line.last == 13 ? Array(line.dropLast()) : line }

  private static func key(of line: [UInt8]) -> String? {
    guard let equals = line.firstIndex(of: UInt8(ascii: "=")) else { return nil }
    let key = String(decoding: line[..<equals], as: UTF8.self)[...].trimmingSpaces
    return key.hasPrefix("#") ? nil : key
  }
}

extension String {
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
