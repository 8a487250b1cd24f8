/// A desktop entry's `Exec` line made into commands, as the Desktop Entry specification says and
/// GIO does it: each field code is replaced by its value, shell-quoted, and the line is then split
/// into words as `sh` splits them.
///
/// | code | becomes |
/// |---|---|
/// | `%f`, `%u` | one file (a local file as its path, as GIO passes it); an instance per file |
/// | `%F`, `%U` | every file, one word each |
/// | `%d`, `%D`, `%n`, `%N` | (deprecated) the files' folders, or names |
/// | `%i` | `--icon ICON` where the entry has an icon |
/// | `%c` | the entry's name |
/// | `%k` | the entry's file |
/// | `%%` | `%` |
///
/// A line with no file code takes one file at its end (`%f`, as GIO and KDE do). Other codes
/// (`%m`, unknown ones) are dropped.
enum ExecLine {
  /// The commands that open `files` (paths) with an entry whose `Exec` is `exec`: one, or one per
  /// file where the line takes a single file. Nil when the line does not parse as shell words.
  static func commands(_ exec: String, files: [String], name: String, icon: String?, entryPath: String) -> [[String]]? {
    var remaining = files[...]
    var commands: [[String]] = []
    repeat {
      let before = remaining.count
      var line = ""
      var characters = exec[...]
      while let character = characters.popFirst() {
        guard character == "%", let code = characters.popFirst() else {
          line.append(character)
          continue
        }
        line += expand(code, &remaining, name: name, icon: icon, entryPath: entryPath)
      }
      if remaining.count == before, !remaining.isEmpty {
        line += " " + expand("f", &remaining, name: name, icon: icon, entryPath: entryPath)
      }
      guard let words = ShellWords.split(line), !words.isEmpty else { return nil }
      commands.append(words)
    } while !remaining.isEmpty
    return commands
  }

  private static func expand(
    _ code: Character, _ files: inout ArraySlice<String>, name: String, icon: String?, entryPath: String
  ) -> String {
    switch code {
    case "f", "u", "d", "n":
      guard let file = files.popFirst() else { return "" }
      return ShellWords.quote(value(of: file, code: code))
    case "F", "U", "D", "N":
      defer { files.removeAll() }
      let lowered = Character(code.lowercased())
      return files.map { ShellWords.quote(value(of: $0, code: lowered)) }.joined(separator: " ")
    case "i": return icon.map { "--icon " + ShellWords.quote($0) } ?? ""
    case "c": return ShellWords.quote(name)
    case "k": return ShellWords.quote(entryPath)
    case "%": return "%"
    default: return ""
    }
  }

  /// A file as a code wants it: its path (`%f`, `%u`), its folder (`%d`), or its name (`%n`).
  private static func value(of path: String, code: Character) -> String {
    let slash = path.lastIndex(of: "/")
    switch code {
    case "d": return slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    case "n": return slash.map { String(path[path.index(after: $0)...]) } ?? path
    default: return path
    }
  }
}

/// Shell words, as `sh` (and GLib's `g_shell_parse_argv` and `g_shell_quote`) make them.
enum ShellWords {
  /// `text` in single quotes, a `'` in it written `'\''`.
  static func quote(_ text: String) -> String {
    "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
  }

  /// The words of `line`: single quotes literal, double quotes with `\` escaping `$`, `` ` ``,
  /// `"`, `\` and a newline, a `\` outside quotes escaping the next character, a `#` at a word's
  /// start beginning a comment. Nil when a quote is not closed.
  static func split(_ line: String) -> [String]? {
    var words: [String] = []
    var word = ""
    var inWord = false
    var characters = line[...]
    while let character = characters.popFirst() {
      switch character {
      case " ", "\t", "\n":
        if inWord { words.append(word) }
        (word, inWord) = ("", false)
      case "#" where !inWord:
        while let next = characters.first, next != "\n" { characters.removeFirst() }
      case "'":
        guard let end = characters.firstIndex(of: "'") else { return nil }
        word += characters[..<end]
        characters = characters[characters.index(after: end)...]
        inWord = true
      case "\"":
        guard let quoted = doubleQuoted(&characters) else { return nil }
        word += quoted
        inWord = true
      case "\\":
        if let next = characters.popFirst(), next != "\n" { word.append(next) }
        inWord = true
      default:
        word.append(character)
        inWord = true
      }
    }
    if inWord { words.append(word) }
    return words
  }

  /// The rest of a double-quoted string, its closing quote consumed; nil when it is not closed.
  private static func doubleQuoted(_ characters: inout Substring) -> String? {
    var text = ""
    while let character = characters.popFirst() {
      switch character {
      case "\"": return text
      case "\\":
        guard let next = characters.popFirst() else { return nil }
        if "$`\"\\".contains(next) {
          text.append(next)
        } else if next != "\n" {
          text += "\\" + String(next)
        }
      default: text.append(character)
      }
    }
    return nil
  }
}
