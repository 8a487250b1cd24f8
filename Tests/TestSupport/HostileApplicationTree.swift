import Foundation

/// A desktop's application places as a careless or hostile machine leaves them, for `utictl
/// apps`, `open` and `default` and for GIO: `entries` good desktop entries (every hundredth opens
/// plain text) with the `mimeinfo.cache` update-desktop-database made for them, then, after it
/// ran, files no tool should trip on, most named in the user's `[Added Associations]` for
/// `text/plain` so that a lookup must read them: a loop of links, a link to nothing, an entry
/// cut off in a group header, one of 50 MB (a good entry, then zero bytes), one whose first
/// group is not `[Desktop Entry]`, a name that is not UTF-8, a folder with a link to itself, a
/// `defaults.list` that is not a key file, and (when not run as root, who reads anything) an
/// entry nobody may read.
public struct HostileApplicationTree: Sendable {
  /// The tree's folder.
  public let root: String
  /// Each bad file's path, and the words its warning must hold.
  public let badFiles: [(path: String, warning: String)]
  /// The desktop file IDs the user's list names for `text/plain`, good and bad, in order.
  public let added: [String]

  /// The `XDG_*` variables, `HOME` and `PATH` of the tree (its MIME database the machine's).
  public var environment: [String: String] {
    [
      "HOME": root, "XDG_CONFIG_HOME": root + "/config", "XDG_CONFIG_DIRS": root + "/config-dirs",
      "XDG_DATA_HOME": root + "/data", "XDG_DATA_DIRS": root + "/system", "XDG_CURRENT_DESKTOP": "Test",
      "PATH": "/usr/bin:/bin",
    ]
  }

  /// Builds the tree in `folder` (which must exist and be empty) with `entries` good entries,
  /// running `updater` (update-desktop-database) before the bad files are made.
  public init(in folder: String, entries: Int, updater: String) throws {
    root = folder
    let applications = folder + "/data/applications"
    for path in [applications, folder + "/config", folder + "/config-dirs"] {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    try FileManager.default.createSymbolicLink(atPath: folder + "/system", withDestinationPath: "/usr/share")
    for index in 0..<entries {
      let types = (index % 100 == 0 ? "text/plain;" : "") + "application/x-hostile-\(index % 1000);"
      try Self.save(
        applications + String(format: "/app-%05d.desktop", index),
        Self.entry(name: "Application \(index)", types: types))
    }
    _ = try runProcess(updater, [applications])
    var bad: [(String, String)] = []
    try Self.makeLinks(in: applications, into: &bad)
    try Self.makeBrokenFiles(in: applications, into: &bad)
    badFiles = bad
    added =
      ["loop-a.desktop", "dangling.desktop", "truncated.desktop", "huge.desktop", "wrong-group.desktop"]
      + (getuid() == 0 ? [] : ["unreadable.desktop"]) + ["nested-inner.desktop", "app-00500.desktop"]
    try Self.save(
      folder + "/config/mimeapps.list",
      "[Added Associations]\ntext/plain=\(added.map { $0 + ";" }.joined())\n\n[Default Applications]\n"
        + "text/plain=truncated.desktop;app-00300.desktop;\n")
  }

  /// A good entry of `name` opening `types`.
  static func entry(name: String, types: String) -> String {
    "[Desktop Entry]\nType=Application\nName=\(name)\nExec=true %F\nMimeType=\(types)\n"
  }

  static func save(_ path: String, _ text: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }

  /// The loop of links, the link to nothing, and the folder with a link to itself.
  static func makeLinks(in applications: String, into bad: inout [(String, String)]) throws {
    let manager = FileManager.default
    try manager.createSymbolicLink(atPath: applications + "/loop-a.desktop", withDestinationPath: "loop-b.desktop")
    try manager.createSymbolicLink(atPath: applications + "/loop-b.desktop", withDestinationPath: "loop-a.desktop")
    try manager.createSymbolicLink(atPath: applications + "/dangling.desktop", withDestinationPath: "no-such.desktop")
    try manager.createDirectory(atPath: applications + "/nested", withIntermediateDirectories: true)
    try save(applications + "/nested/inner.desktop", entry(name: "Inner", types: "text/plain;"))
    try manager.createSymbolicLink(atPath: applications + "/nested/again", withDestinationPath: ".")
    bad += [
      (applications + "/loop-a.desktop", "cannot be read (Too many levels of symbolic links)"),
      (applications + "/dangling.desktop", "cannot be read (No such file or directory)"),
      (applications + "/nested/again", "a folder already read"),
    ]
  }

  /// The entries and the list that are not what they say, the name that is not UTF-8, and the
  /// entry nobody may read.
  static func makeBrokenFiles(in applications: String, into bad: inout [(String, String)]) throws {
    try save(
      applications + "/truncated.desktop", entry(name: "Truncated", types: "text/plain;") + "\n[Desktop Act")
    bad.append((applications + "/truncated.desktop:7:1", "a group header without its closing ]"))
    let huge = applications + "/huge.desktop"
    try save(huge, entry(name: "Huge", types: "text/plain;"))
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: huge))
    try handle.truncate(atOffset: 50 << 20)
    try handle.close()
    bad.append((huge, "is larger than 1 MiB"))
    try save(applications + "/wrong-group.desktop", "[Desktop Action open]\nName=Open\n[Desktop Entry]\nName=W\n")
    bad.append((applications + "/wrong-group.desktop", "its first group is [Desktop Action open]"))
    let latin1 = Array((applications + "/caf").utf8) + [0xE9] + Array(".desktop".utf8) + [0]
    let fd = latin1.withUnsafeBufferPointer {
      $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
    }
    if fd >= 0 {
      _ = entry(name: "Cafe", types: "text/plain;").utf8.withContiguousStorageIfAvailable {
        write(fd, $0.baseAddress, $0.count)
      }
      close(fd)
    }
    bad.append((applications + "/caf\u{FFFD}.desktop", "a file name that is not UTF-8"))
    try save(applications + "/defaults.list", "[Default Applications]\ntext/plain=app-00200.desktop;\nnot a key\n")
    bad.append((applications + "/defaults.list:3:1", "a line that is not a [group]"))
    if getuid() != 0 {
      try save(applications + "/unreadable.desktop", entry(name: "Unreadable", types: "text/plain;"))
      chmod(applications + "/unreadable.desktop", 0)
      bad.append((applications + "/unreadable.desktop", "cannot be read (Permission denied)"))
    }
  }
}
