import Foundation
import TestSupport
import Testing

@testable import Workspace

/// Exec lines split into words as `sh` splits them (desktop entries' `Exec` keys are shell
/// words), and words quoted so that they split back, with `/bin/sh` itself as the oracle.
@Suite("Shell words, as sh splits them")
struct ShellWordsTests {
  /// The words `/bin/sh` makes of `line`, each printed with a NUL after it.
  static func shell(_ line: String) throws -> [String] {
    let run = try runProcess("/bin/sh", ["-c", "for a in \(line); do printf '%s\\0' \"$a\"; done"])
    try #require(run.status == 0, "\(run.stderrText)")
    return run.stdoutText.split(separator: "\0", omittingEmptySubsequences: false).dropLast().map(String.init)
  }

  /// Quotes and separators are read by Unicode scalar, as the shell reads bytes: a combining
  /// mark right after a quote or a space leaves it a quote or a space (as a `Character` it would
  /// be one grapheme with the mark, and no quote at all; the desktop fuzz target found it).
  @Test(arguments: [
    "'\u{301}a' b", "a \u{301}b", "\"x\u{308}\" 'y'\u{301}", "plain words", #""a \"b\" \\c" 'd'\''e'"#,
  ])
  func wordsAreTheShells(line: String) throws {
    #expect(ShellWords.split(line) == (try Self.shell(line)))
  }

  /// Any words, quoted and joined, split back into themselves: marks, quotes and spaces included.
  @Test func quotedWordsSplitBack() throws {
    let words = ["\u{301}x", "it's", "a b", "\u{301}'\u{301}", "", "$HOME", "\"q\""]
    let line = words.map(ShellWords.quote).joined(separator: " ")
    #expect(ShellWords.split(line) == words)
    #expect(try Self.shell(line) == words)
  }

  /// An `Exec` line's field codes and a file's folder and name are read by scalar too: a name
  /// that starts with a combining mark is still after its slash.
  @Test func fieldCodesAndPathsAreReadByScalar() {
    let file = "/tmp/\u{301}x y"
    func command(_ exec: String) -> [[String]]? {
      ExecLine.commands(exec, files: [file], name: "App", icon: nil, entryPath: "/app.desktop")
    }
    #expect(command("open %d") == [["open", "/tmp"]])
    #expect(command("open %n") == [["open", "\u{301}x y"]])
    #expect(command("open %f") == [["open", file]])
    #expect(command("open \u{301}%c") == [["open", "\u{301}App", file]], "no file code: the file goes last")
  }
}
