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

  /// Reads the directory at `path`: `desktops` are `$XDG_CURRENT_DESKTOP`'s names, lowercased,
  /// whose `NAME-mimeapps.list` come first; `unalias` names a MIME type canonically.
  init(path: String, isConfig: Bool, desktops: [String], unalias: (String) -> String) {
    self.path = path
    self.isConfig = isConfig
    applications = isConfig ? [:] : Self.desktopFiles(in: path, prefix: "", depth: 0)
    var tweaks: [String: Tweaks] = [:]
    for desktop in desktops {
      Self.read(
        path + "/\(desktop)-mimeapps.list", added: "Added Associations", permitted: false, into: &tweaks, unalias)
    }
    Self.read(path + "/mimeapps.list", added: "Added Associations", permitted: true, into: &tweaks, unalias)
    if !isConfig {
      Self.read(path + "/defaults.list", added: "Added Associations", permitted: false, into: &tweaks, unalias)
      Self.read(path + "/mimeinfo.cache", added: "MIME Cache", permitted: true, into: &tweaks, unalias)
    }
    self.tweaks = tweaks
  }

  /// The `*.desktop` files below `folder`, by desktop file ID (`kde4/okular.desktop` is `kde4-okular.desktop`).
  private static func desktopFiles(in folder: String, prefix: String, depth: Int) -> [String: String] {
    var found: [String: String] = [:]
    guard depth < 8 else { return found }
    for entry in FileIO.entries(of: folder) {
      let path = folder + "/" + entry
      if entry.hasSuffix(".desktop") {
        found[prefix + entry] = path
      } else if FileIO.isDirectory(path) {
        found.merge(desktopFiles(in: path, prefix: prefix + entry + "-", depth: depth + 1)) { first, _ in first }
      }
    }
    return found
  }

  /// Adds one list's groups to `tweaks`, as GIO does: additions already removed (or removals
  /// already added) in this directory are not taken; a desktop-specific list may not add or
  /// remove (`permitted` false), only set defaults.
  private static func read(
    _ file: String, added: String, permitted: Bool, into tweaks: inout [String: Tweaks], _ unalias: (String) -> String
  ) {
    guard let bytes = try? FileIO.readPrefix(file, count: KeyFile.sizeLimit), bytes.count < KeyFile.sizeLimit,
      let list = KeyFile(bytes: bytes)
    else { return }
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
