import UTIPlatform

/// The files (and other URLs) that file managers put on a selection or a drag: `text/uri-list`
/// (RFC 2483) and GNOME's `x-special/gnome-copied-files` (`copy` or `cut`, then the URLs),
/// read and written the same way on every desktop backend.
///
/// Reading accepts `\r\n` and `\n` line ends, skips blank lines and `#` comments, decodes
/// percent-escapes in `file:` URLs (whose host must be empty or `localhost`), and keeps any
/// other URL as it is, as a ``Entry/url(_:)``. Writing percent-encodes each path's bytes outside
/// RFC 3986's `pchar` set, as `g_filename_to_uri` does.
package struct FileList: Equatable, Sendable {
  /// One line of the list.
  package enum Entry: Equatable, Sendable {
    /// A local file: its path (decoded) and its URL as the list spelled it.
    case file(path: String, url: String)
    /// Any other URL (`https:`, `smb:`, a `file:` URL on another host), kept as written.
    case url(String)

    /// The URL as the list spelled it.
    package var url: String {
      switch self {
      case .file(_, let url), .url(let url): return url
      }
    }
  }

  /// What a file manager's copy asks of the paste (`x-special/gnome-copied-files`' first line).
  package enum Operation: String, Sendable {
    /// The paste copies the files.
    case copy
    /// The paste moves them (a file manager's cut).
    case cut
  }

  /// The entries, in the list's order.
  package var entries: [Entry]

  /// Whether the list is one URL that is no file.
  var isOneLink: Bool {
    guard entries.count == 1, case .url = entries[0] else { return false }
    return true
  }
  /// `copy` or `cut`, where the list said (GNOME's list says; a URI list does not).
  package var operation: Operation?

  /// The target (MIME type) of a URI list.
  package static let uriListTarget = "text/uri-list"
  /// The target GNOME's and most file managers' copies carry.
  package static let gnomeCopiedFilesTarget = "x-special/gnome-copied-files"

  /// Whether `target` holds a list of files.
  package static func isFileListTarget(_ target: String) -> Bool {
    target == uriListTarget || target == gnomeCopiedFilesTarget
  }

  package init(entries: [Entry], operation: Operation? = nil) {
    self.entries = entries
    self.operation = operation
  }

  /// The list of the files at `paths` (absolute), as a file manager's copy (or cut) offers them.
  package init(paths: [String], operation: Operation = .copy) {
    self.init(entries: paths.map { .file(path: $0, url: Self.fileURL(forPath: $0)) }, operation: operation)
  }

  /// Reads the bytes of `target` (one of the two file-list targets).
  package init(_ bytes: [UInt8], target: String) {
    // A line ends at `\n`; the `\r`s before it (one in `\r\n`, more from a careless writer) are
    // line ends too, never part of a URL (RFC 3986 has no raw CR).
    var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
      var line = line[...]
      while line.last == 0x0D { line = line.dropLast() }
      return String(decoding: line, as: UTF8.self)
    }
    var operation: Operation?
    if target == Self.gnomeCopiedFilesTarget, let first = lines.first {
      operation = Operation(rawValue: first.trimmingSpaces)
      if operation != nil { lines.removeFirst() }
    }
    var entries: [Entry] = []
    for line in lines {
      let url = line.trimmingSpaces
      guard !url.isEmpty, !url.hasPrefix("#") else { continue }
      if let path = Self.path(fromFileURL: url) {
        entries.append(.file(path: path, url: url))
      } else {
        entries.append(.url(url))
      }
    }
    self.init(entries: entries, operation: operation)
  }

  /// The paths of the local files, in order.
  package var paths: [String] {
    entries.compactMap { entry in
      if case .file(let path, _) = entry { return path }
      return nil
    }
  }

  /// `text/uri-list`: each URL followed by `\r\n`.
  var uriList: [UInt8] { entries.flatMap { Array($0.url.utf8) + [0x0D, 0x0A] } }

  /// `x-special/gnome-copied-files`: the operation, then the URLs, one a line.
  var gnomeCopiedFiles: [UInt8] {
    Array(((operation ?? .copy).rawValue + entries.map { "\n" + $0.url }.joined()).utf8)
  }

  /// The URLs, one a line, each line ending in `\n` (what `utictl paste --type public.file-url` prints).
  package var lines: [UInt8] { entries.flatMap { Array($0.url.utf8) + [0x0A] } }

  /// The paths of the local files (other URLs as written), one a line: the text targets of a copy.
  package var text: [UInt8] {
    Array(
      entries.map { entry -> String in
        if case .file(let path, _) = entry { return path }
        return entry.url
      }.joined(separator: "\n").utf8)
  }

  // MARK: URLs

  /// The bytes a `file:` URL keeps as they are (RFC 3986 `pchar` and `/`).
  private static let unescaped: [Bool] = {
    var table = [Bool](repeating: false, count: 256)
    for byte in Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/!$&'()*+,;=:@".utf8) {
      table[Int(byte)] = true
    }
    return table
  }()

  /// The `file://` URL of the absolute `path`, its bytes percent-encoded where they must be.
  package static func fileURL(forPath path: String) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var bytes = Array("file://".utf8)
    for byte in path.utf8 {
      if unescaped[Int(byte)] {
        bytes.append(byte)
      } else {
        bytes += [0x25, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The path a `file:` URL names on this machine (`file:///p`, `file://localhost/p`, `file:/p`),
  /// percent-escapes decoded; nil for another scheme, another host, or a bad escape.
  package static func path(fromFileURL url: String) -> String? {
    var rest = Substring(url)
    guard rest.count > 5, rest.prefix(5).lowercased() == "file:" else { return nil }
    rest = rest.dropFirst(5)
    if rest.hasPrefix("//") {
      rest = rest.dropFirst(2)
      let host = rest.prefix { $0 != "/" }
      guard host.isEmpty || host.lowercased() == "localhost" else { return nil }
      rest = rest.dropFirst(host.count)
    }
    guard rest.hasPrefix("/") else { return nil }
    // A query or fragment is no part of a path.
    guard let decoded = PercentEscapes.decode(rest.prefix { $0 != "?" && $0 != "#" }.utf8), !decoded.contains(0)
    else { return nil }
    return String(decoding: decoded, as: UTF8.self)
  }
}

extension String {
  /// The string without leading and trailing spaces and tabs.
  fileprivate var trimmingSpaces: String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
      let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })
    else { return "" }
    return String(scalars[first...last])
  }
}
