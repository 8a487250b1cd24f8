import TypeRegistry
import UTIPlatform

/// Which applications open a MIME type, from the XDG specifications, in GIO's order: the
/// MIME Applications specification's places (`$XDG_CONFIG_HOME`, `$XDG_CONFIG_DIRS`, then
/// `applications` under `$XDG_DATA_HOME` and `$XDG_DATA_DIRS`), each one's desktop-specific lists
/// for `$XDG_CURRENT_DESKTOP` before its `mimeapps.list`, added and removed associations and
/// defaults, and the MIME type's parents in the shared-mime-info database after it.
///
/// Read once, when made: make another to see later changes.
struct ApplicationDatabase: Sendable {
  /// The places, most important first.
  let directories: [ApplicationDirectory]
  /// The MIME database that unaliases types and names their parents.
  let mime: MIMEDatabase
  /// `$XDG_CONFIG_HOME`: where the user's `mimeapps.list` is.
  let userConfigDirectory: String
  /// The programs found so far on `$PATH`, where `TryExec` and `Exec` programs are looked for.
  let programs: ProgramCache

  /// The variables the database reads.
  static let environmentVariables = [
    "HOME", "XDG_CONFIG_HOME", "XDG_CONFIG_DIRS", "XDG_DATA_HOME", "XDG_DATA_DIRS", "XDG_CURRENT_DESKTOP", "PATH",
  ]

  /// Where the files left out are told of (``ApplicationWarning``).
  let report: ApplicationWarning.Report

  /// The database of `environment` (default: this process's); the files it leaves out are
  /// warnings to `report`.
  init(
    environment: [String: String] = ProcessEnvironment.values(environmentVariables),
    report: @escaping ApplicationWarning.Report = { _ in }
  ) {
    self.report = report
    func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
    let home = value("HOME") ?? ""
    let configHome = value("XDG_CONFIG_HOME") ?? home + "/.config"
    let configDirs = (value("XDG_CONFIG_DIRS") ?? "/etc/xdg").split(separator: ":").map(String.init)
    let dataHome = value("XDG_DATA_HOME") ?? home + "/.local/share"
    let dataDirs = (value("XDG_DATA_DIRS") ?? "/usr/local/share:/usr/share").split(separator: ":").map(String.init)
    let desktops = (value("XDG_CURRENT_DESKTOP") ?? "").split(separator: ":").map { $0.lowercased() }.filter {
      !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }
    mime = MIMEDatabase(directories: MIMEDatabase.directories(environment: environment))
    userConfigDirectory = configHome
    programs = ProgramCache(searchPath: value("PATH") ?? "/usr/local/bin:/usr/bin:/bin")
    let mime = mime
    let unalias: (String) -> String = { mime.unalias($0) }
    directories =
      ([configHome] + configDirs).map {
        ApplicationDirectory(path: $0, isConfig: true, desktops: desktops, unalias: unalias, report: report)
      }
      + ([dataHome] + dataDirs).map {
        ApplicationDirectory(
          path: $0 + "/applications", isConfig: false, desktops: desktops, unalias: unalias, report: report)
      }
  }

  /// `mimeType` unaliased, then (with `fallback`) its parents and theirs, breadth first: GIO's
  /// `get_list_of_mimetypes`.
  func mimeTypes(_ mimeType: String, fallback: Bool) -> [String] {
    var types = [mime.unalias(mimeType)]
    guard fallback else { return types }
    var index = 0
    while index < types.count {
      for parent in mime.parents(of: types[index]) where !types.contains(parent) { types.append(parent) }
      index += 1
    }
    return types
  }

  /// The desktop file IDs associated with `mimeTypes` (each in turn), in GIO's order.
  func associations(of mimeTypes: [String]) -> [String] {
    var hits: [String] = []
    var blocked: [String] = []
    for type in mimeTypes { lookUp(type, into: &hits, blocking: &blocked) }
    return hits
  }

  /// GIO's `desktop_file_dir_mime_lookup` over every place, for one type: each place's additions
  /// not masked by a place before it, not blocked and not found yet, go into `hits`; its
  /// removals (likewise) block the places after it, and the types after this one.
  private func lookUp(_ type: String, into hits: inout [String], blocking blocked: inout [String]) {
    for (index, directory) in directories.enumerated() {
      guard let tweaks = directory.tweaks[type] else { continue }
      for id in tweaks.additions where !isMasked(id, before: index) && !blocked.contains(id) && !hits.contains(id) {
        hits.append(id)
      }
      for id in tweaks.removals where !isMasked(id, before: index) && !blocked.contains(id) && !hits.contains(id) {
        blocked.append(id)
      }
    }
  }

  /// Every application for `mimeType` (and its parents), as `g_app_info_get_all_for_type`
  /// lists them: the associations that are installed, not hidden, and load.
  func applications(for mimeType: String) -> [DesktopEntry] {
    associations(of: mimeTypes(mimeType, fallback: true)).compactMap(application(id:))
  }

  /// The default application for `mimeType`, as `g_app_info_get_default_for_type` finds it: for
  /// the type, then each parent, the places' defaults then associations, the first installed.
  func defaultApplication(for mimeType: String) -> DesktopEntry? {
    var blocked: [String] = []
    for type in mimeTypes(mimeType, fallback: true) {
      var candidates: [String] = []
      for directory in directories {
        for id in directory.tweaks[type]?.defaults ?? [] where !candidates.contains(id) { candidates.append(id) }
      }
      lookUp(type, into: &candidates, blocking: &blocked)
      // GIO's default lookup takes a hidden entry too (it asks each place, not the ID).
      for id in candidates {
        if let entry = installed(id) { return entry }
      }
    }
    return nil
  }

  /// The application with desktop file ID `id`, as `g_desktop_app_info_new` finds it: the first
  /// place whose file of that name loads; nil when none does, or it is hidden.
  func application(id: String) -> DesktopEntry? {
    guard let entry = installed(id), !entry.isHidden else { return nil }
    return entry
  }

  /// The installed application whose desktop entry is the file at `path` (by its desktop file ID).
  func application(at path: String) -> DesktopEntry? {
    for directory in directories {
      if let id = directory.applications.first(where: { $0.value == path })?.key { return application(id: id) }
    }
    return nil
  }

  /// The first place's entry of `id` that loads (hidden or not).
  func installed(_ id: String) -> DesktopEntry? {
    for directory in directories {
      guard let path = directory.applications[id] else { continue }
      if let entry = DesktopEntry(id: id, path: path, programs: programs, report: report) { return entry }
    }
    return nil
  }

  /// Whether a place before `index` has a desktop file named `id` (which masks this one's).
  private func isMasked(_ id: String, before index: Int) -> Bool {
    directories[..<index].contains { $0.applications[id] != nil }
  }
}
