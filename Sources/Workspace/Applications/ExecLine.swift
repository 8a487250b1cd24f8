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
      // By Unicode scalar, as GIO reads bytes: a `%` before a combining mark is still a code.
      var line = ""
      var scalars = exec.unicodeScalars[...]
      while let scalar = scalars.popFirst() {
        guard scalar == "%", let code = scalars.popFirst() else {
          line.unicodeScalars.append(scalar)
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
    _ code: Unicode.Scalar, _ files: inout ArraySlice<String>, name: String, icon: String?, entryPath: String
  ) -> String {
    switch code {
    case "f", "u", "d", "n":
      guard let file = files.popFirst() else { return "" }
      return ShellWords.quote(value(of: file, code: code))
    case "F", "U", "D", "N":
      defer { files.removeAll() }
      let lowered: Unicode.Scalar = code == "F" ? "f" : code == "U" ? "u" : code == "D" ? "d" : "n"
      return files.map { ShellWords.quote(value(of: $0, code: lowered)) }.joined(separator: " ")
    case "i": return icon.map { "--icon " + ShellWords.quote($0) } ?? ""
    case "c": return ShellWords.quote(name)
    case "k": return ShellWords.quote(entryPath)
    case "%": return "%"
    default: return ""
    }
  }

  /// A file as a code wants it: its path (`%f`, `%u`), its folder (`%d`), or its name (`%n`).
  private static func value(of path: String, code: Unicode.Scalar) -> String {
    let scalars = path.unicodeScalars
    let slash = scalars.lastIndex(of: "/")
    switch code {
    case "d": return slash.map { $0 == scalars.startIndex ? "/" : String(scalars[..<$0]) } ?? "."
    case "n": return slash.map { String(scalars[scalars.index(after: $0)...]) } ?? path
    default: return path
    }
  }
}

/// Shell words, as `sh` (and GLib's `g_shell_parse_argv` and `g_shell_quote`) make them.
///
/// Read by Unicode scalar, as the shell reads bytes, never by `Character`: a combining mark
/// after a quote would otherwise make the quote part of a grapheme and no quote at all.
enum ShellWords {
  /// `text` in single quotes, a `'` in it written `'\''`.
  static func quote(_ text: String) -> String {
    var quoted = String.UnicodeScalarView()
    quoted.append("'")
    for scalar in text.unicodeScalars {
      if scalar == "'" { quoted.append(contentsOf: "'\\''".unicodeScalars) } else { quoted.append(scalar) }
    }
    quoted.append("'")
    return String(quoted)
  }

  /// The words of `line`: single quotes literal, double quotes with `\` escaping `$`, `` ` ``,
  /// `"`, `\` and a newline, a `\` outside quotes escaping the next character, a `#` at a word's
  /// start beginning a comment. Nil when a quote is not closed.
  static func split(_ line: String) -> [String]? {
    var words: [String] = []
    var word = String.UnicodeScalarView()
    var inWord = false
    var scalars = line.unicodeScalars[...]
    while let scalar = scalars.popFirst() {
      switch scalar {
      case " ", "\t", "\n":
        if inWord { words.append(String(word)) }
        (word, inWord) = (String.UnicodeScalarView(), false)
      case "#" where !inWord:
        while let next = scalars.first, next != "\n" { scalars.removeFirst() }
      case "'":
        guard let end = scalars.firstIndex(of: "'") else { return nil }
        word.append(contentsOf: scalars[..<end])
        scalars = scalars[scalars.index(after: end)...]
        inWord = true
      case "\"":
        guard let quoted = doubleQuoted(&scalars) else { return nil }
        word.append(contentsOf: quoted)
        inWord = true
      case "\\":
        if let next = scalars.popFirst(), next != "\n" { word.append(next) }
        inWord = true
      default:
        word.append(scalar)
        inWord = true
      }
    }
    if inWord { words.append(String(word)) }
    return words
  }

  /// The rest of a double-quoted string, its closing quote consumed; nil when it is not closed.
  private static func doubleQuoted(
    _ scalars: inout Substring.UnicodeScalarView
  ) -> String.UnicodeScalarView? {
    var text = String.UnicodeScalarView()
    while let scalar = scalars.popFirst() {
      switch scalar {
      case "\"": return text
      case "\\":
        guard let next = scalars.popFirst() else { return nil }
        if "$`\"\\".unicodeScalars.contains(next) {
          text.append(next)
        } else if next != "\n" {
          text.append("\\")
          text.append(next)
        }
      default: text.append(scalar)
      }
    }
    return nil
  }
}
