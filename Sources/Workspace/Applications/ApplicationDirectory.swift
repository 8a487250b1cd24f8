import TypeRegistry
import UTIPlatform

/// One place the MIME Applications specification looks: a config directory (its
/// `mimeapps.list` files only) or a data directory's `applications` folder (desktop entries,
/// `mimeapps.list`, the deprecated `defaults.list`, and `mimeinfo.cache`, which
/// update-desktop-database writes from the entries' `MimeType=`), read as GIO reads it.
struct ApplicationDirectory: Sendable {
  /// What one directory says of a MIME type: associations added (its desktop entries' and the
  /// lists' `[Added Associations]`), removed, and its defaults, each in precedence order.
  struct Tweaks: Sendable {
    var additions: [String] = []
    var removals: [String] = []
    var defaults: [String] = []
  }

  let path: String
  let isConfig: Bool
  /// Desktop file IDs and their files (data directories only).
  let applications: [String: String]
  /// The associations, by unaliased MIME type.
  let tweaks: [String: Tweaks]

  /// What one list says: its name in the place, the group of its additions, and whether it may
  /// add and remove (else only set defaults).
  private typealias List = (name: String, added: String, permitted: Bool)

  /// Reads the directory at `path`: `desktops` are `$XDG_CURRENT_DESKTOP`'s names, lowercased,
  /// whose `NAME-mimeapps.list` come first; `unalias` names a MIME type canonically; a file left
  /// out (a list that is not a key file, a name that is not UTF-8) is a warning to `report`.
  init(
    path: String, isConfig: Bool, desktops: [String], unalias: (String) -> String,
    report: ApplicationWarning.Report = { _ in }
  ) {
    self.path = path
    self.isConfig = isConfig
    var visited = Set<DirectoryWalk.DirectoryIdentity>()
    applications = isConfig ? [:] : Self.desktopFiles(in: path, prefix: "", depth: 0, visited: &visited, report)
    var lists: [List] = desktops.map { ("\($0)-mimeapps.list", "Added Associations", false) }
    lists.append(("mimeapps.list", "Added Associations", true))
    if !isConfig { lists += [("defaults.list", "Added Associations", false), ("mimeinfo.cache", "MIME Cache", true)] }
    var tweaks: [String: Tweaks] = [:]
    for list in lists {
      guard let file = KeyFile.read(path + "/" + list.name, missingIsFine: true, report: report) else { continue }
      Self.read(file, added: list.added, permitted: list.permitted, into: &tweaks, unalias)
    }
    self.tweaks = tweaks
  }

  /// The `*.desktop` files below `folder`, by desktop file ID (`kde4/okular.desktop` is
  /// `kde4-okular.desktop`): at most 8 folders deep, each folder once (a link back to one read
  /// is a loop), names that are not UTF-8 left out (as GIO leaves them out), each a warning.
  private static func desktopFiles(
    in folder: String, prefix: String, depth: Int, visited: inout Set<DirectoryWalk.DirectoryIdentity>,
    _ report: ApplicationWarning.Report
  ) -> [String: String] {
    var found: [String: String] = [:]
    guard depth < 8, let identity = DirectoryWalk.DirectoryIdentity(of: folder) else { return found }
    guard visited.insert(identity).inserted else {
      report(ApplicationWarning(path: folder, "a folder already read (a loop of links); left out"))
      return found
    }
    for entry in FileIO.entries(of: folder) {
      let path = folder + "/" + entry
      if entry.contains("\u{FFFD}"), case .missing = FileIO.kind(of: path, followingLinks: false) {
        report(
          ApplicationWarning(
            path: path, "a file name that is not UTF-8 (shown with U+FFFD); left out, as GIO leaves it out"))
      } else if entry.hasSuffix(".desktop") {
        found[prefix + entry] = path
      } else if FileIO.isDirectory(path) {
        found.merge(desktopFiles(in: path, prefix: prefix + entry + "-", depth: depth + 1, visited: &visited, report)) {
          first, _ in first
        }
      }
    }
    return found
  }

  /// Adds one list's groups to `tweaks`, as GIO does: additions already removed (or removals
  /// already added) in this directory are not taken; a desktop-specific list may not add or
  /// remove (`permitted` false), only set defaults.
  private static func read(
    _ list: KeyFile, added: String, permitted: Bool, into tweaks: inout [String: Tweaks], _ unalias: (String) -> String
  ) {
    if permitted {
      for key in list.keys(added) {
        var entry = tweaks[unalias(key)] ?? Tweaks()
        append(list.list(added, key) ?? [], to: &entry.additions, except: entry.removals)
        tweaks[unalias(key)] = entry
      }
      for key in list.keys("Removed Associations") {
        var entry = tweaks[unalias(key)] ?? Tweaks()
        append(list.list("Removed Associations", key) ?? [], to: &entry.removals, except: entry.additions)
        tweaks[unalias(key)] = entry
      }
    }
    for key in list.keys("Default Applications") {
      var entry = tweaks[unalias(key)] ?? Tweaks()
      append(list.list("Default Applications", key) ?? [], to: &entry.defaults, except: [])
      tweaks[unalias(key)] = entry
    }
  }

  /// GIO's `expand_strv`: the first list a type gets is taken whole; later ones leave out what
  /// is `blocked` (so a removal and an addition in one directory resolve as GIO resolves them).
  private static func append(_ ids: [String], to list: inout [String], except blocked: [String]) {
    let first = list.isEmpty
    for id in ids where !id.isEmpty && (first || !blocked.contains(id)) && !list.contains(id) { list.append(id) }
  }
}
