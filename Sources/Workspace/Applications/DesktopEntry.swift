import UTIPlatform

/// An application's desktop entry (the Desktop Entry specification), as GIO takes one: the
/// first group is `[Desktop Entry]`, `Type=Application`, a `TryExec` program and the `Exec`
/// line's program are found (on `PATH`, or as a path), and the `Exec` line parses as shell
/// words. An entry that fails any of these is no application. `Hidden=true` is one that was
/// removed (``isHidden``); `NoDisplay=true` one not shown in menus, which still opens files.
package struct DesktopEntry: Sendable, Equatable {
  /// The file's desktop file ID (`org.gnome.TextEditor.desktop`; a subfolder's name joins with `-`).
  package let id: String
  /// Where the file is.
  package let path: String
  /// `Name`.
  package let name: String
  /// `Exec`, unescaped.
  package let exec: String?
  /// `MimeType`.
  package let mimeTypes: [String]
  /// `Hidden=true`: the entry was deleted.
  package let isHidden: Bool
  /// `NoDisplay=true`.
  package let noDisplay: Bool
  /// `Icon`.
  package let icon: String?
  /// `Path`: the folder the application runs in.
  package let workingDirectory: String?

  /// The entry of the file at `path` named `id`, its programs looked for in `programs`; nil when
  /// it is not one GIO takes. A file that is not a desktop entry at all (it cannot be read, is
  /// not a key file, or starts with another group) is also a warning to `report`; a desktop
  /// entry that is not an application, or whose program is not installed, is not.
  init?(id: String, path: String, programs: ProgramCache, report: ApplicationWarning.Report = { _ in }) {
    guard let file = KeyFile.read(path, missingIsFine: false, report: report) else { return nil }
    guard file.startGroup == Self.group else {
      report(
        ApplicationWarning(
          path: path,
          "its first group is [\(file.startGroup ?? "")], not [\(Self.group)]; left out, as GIO leaves it out"))
      return nil
    }
    guard file.string(Self.group, "Type") == "Application" else { return nil }
    if let tryExec = file.string(Self.group, "TryExec"), !tryExec.isEmpty,
      programs.find(tryExec) == nil
    {
      return nil
    }
    let exec = file.string(Self.group, "Exec")
    if let exec, !exec.isEmpty {
      guard let program = Self.firstWord(of: exec), programs.find(program) != nil else {
        return nil
      }
    }
    self.id = id
    self.path = path
    self.exec = exec
    name = file.string(Self.group, "Name") ?? id
    mimeTypes = file.list(Self.group, "MimeType") ?? []
    isHidden = file.bool(Self.group, "Hidden")
    noDisplay = file.bool(Self.group, "NoDisplay")
    icon = file.string(Self.group, "Icon")
    workingDirectory = file.string(Self.group, "Path").flatMap { $0.isEmpty ? nil : $0 }
  }

  static let group = "Desktop Entry"

  /// `program` as `g_find_program_in_path` finds it: a path with a `/` is taken as it is (if it
  /// is an executable file), a name is looked up in each folder of `searchPath`.
  static func findProgram(_ program: String, searchPath: String) -> String? {
    if program.contains("/") { return FileIO.isExecutableFile(program) ? program : nil }
    for folder in searchPath.split(separator: ":", omittingEmptySubsequences: false) {
      let candidate = (folder.isEmpty ? "." : String(folder)) + "/" + program
      if FileIO.isExecutableFile(candidate) { return candidate }
    }
    return nil
  }

  /// The first shell word of `line` (quotes and backslashes as `sh` reads them); nil when a
  /// quote is not closed or there is no word.
  static func firstWord(of line: String) -> String? {
    var word = ""
    var quote: Character?
    var escaped = false
    var started = false
    for character in line {
      if escaped {
        word.append(character)
        escaped = false
      } else if let open = quote {
        if character == open {
          quote = nil
        } else if character == "\\" && open == "\"" {
          escaped = true
        } else {
          word.append(character)
        }
      } else if character == "'" || character == "\"" {
        quote = character
        started = true
      } else if character == "\\" {
        escaped = true
        started = true
      } else if character == " " || character == "\t" || character == "\n" {
        if started { return word }
      } else {
        word.append(character)
        started = true
      }
    }
    return quote == nil && !escaped && started ? word : nil
  }
}

/// Programs found on `PATH` during one query: 500 entries that all run `flatpak` look it up once.
final class ProgramCache: Sendable {
  let searchPath: String
  private let found = Locked<[String: String?]>([:])

  init(searchPath: String) { self.searchPath = searchPath }

  /// `program` as ``DesktopEntry/findProgram(_:searchPath:)`` finds it, once per name.
  func find(_ program: String) -> String? {
    if let known = found.withLock({ $0[program] }) { return known }
    let path = DesktopEntry.findProgram(program, searchPath: searchPath)
    found.withLock { $0[program] = .some(path) }
    return path
  }
}
