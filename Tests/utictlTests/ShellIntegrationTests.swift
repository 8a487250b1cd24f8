import Foundation
import TestSupport
import Testing
import TypeValidation

@testable import utictl

/// The completion scripts, run by the shells themselves, and the manual page, regenerated and
/// rendered by groff.
@Suite("utictl in the shell: completions and the manual")
struct ShellIntegrationTests {
  /// Writes the completion script for `shell` to a temporary file; its path.
  static func script(_ shell: String) throws -> String {
    let run = utictl("--generate-completion-script", shell)
    try #require(run.status == 0, "\(run.stderr)")
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("utictl-\(UUID().uuidString).\(shell)")
      .path
    try Data(run.stdout.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// What bash completes for the command line `line` (a trailing space starts a new word).
  static func bashCompletes(_ line: String, script: String) throws -> [String] {
    let program = """
      source '\(script)'
      read -ra COMP_WORDS <<< "$1"
      [[ $1 == *" " ]] && COMP_WORDS+=("")
      COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
      COMPREPLY=()
      _utictl
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let run = try runProcess("/bin/bash", ["-c", program, "bash", line])
    #expect(run.status == 0, "\(run.stderrText)")
    return run.stdoutText.split(separator: "\n").map(String.init)
  }

  @Test func bashCompletesCommandsOptionsValuesAndTypes() throws {
    let script = try Self.script("bash")
    defer { try? FileManager.default.removeItem(atPath: script) }
    #expect(try runProcess("/bin/bash", ["-n", script]).status == 0)
    #expect(try Self.bashCompletes("utictl val", script: script) == ["validate"])
    #expect(try Self.bashCompletes("utictl plist ", script: script) == ["lint", "convert", "print", "help"])
    #expect(
      try Self.bashCompletes("utictl validate --format ", script: script) == [
        "clang", "github", "json", "sarif", "junit",
      ])
    #expect(try Self.bashCompletes("utictl plist convert x.plist --to b", script: script) == ["binary1"])
    #expect(try Self.bashCompletes("utictl validate --disable foreign-", script: script) == ["foreign-domain"])
    #expect(
      try Self.bashCompletes("utictl validate --explain missing-p", script: script) == ["missing-physical-parent"])
    #expect(try Self.bashCompletes("utictl conforms-to public.pn", script: script) == ["public.png"])
    #expect(
      try Self.bashCompletes("utictl conforms-to public.png public.dat", script: script) == [
        "public.data", "public.database",
      ])
    #expect(try Self.bashCompletes("utictl --types x.plist info public.jpeg-2", script: script) == ["public.jpeg-2000"])
    #expect(
      try Self.bashCompletes("utictl dyn encode public.filename-ext", script: script) == ["public.filename-extension="])
    let options = try Self.bashCompletes("utictl validate --", script: script)
    for option in ["--format", "--pretty", "--werror", "--disable", "--explain", "--types", "--help"] {
      #expect(options.contains(option), "\(option) in \(options)")
    }
    #expect(try Self.bashCompletes("utictl --gen", script: script) == ["--generate-completion-script"])
  }

  @Test func zshAndFishScriptsParseAndFishCompletes() throws {
    for shell in ["zsh", "fish"] {
      guard let path = which(shell) else {
        print("◇ skipped: \(shell) is not installed; its completion script was not checked (.ci/run installs it)")
        continue
      }
      let script = try Self.script(shell)
      defer { try? FileManager.default.removeItem(atPath: script) }
      let parse = try runProcess(path, ["-n", script])
      #expect(parse.status == 0, "\(shell): \(parse.stderrText)")
      guard shell == "fish" else { continue }
      let complete = try runProcess(
        path,
        [
          "-c",
          "source '\(script)'; complete -C 'utictl val'; complete -C 'utictl validate --format j'; complete -C 'utictl conforms-to public.pn'",
        ])
      let words = complete.stdoutText.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
      #expect(words == ["validate", "json", "junit", "public.png"], "\(complete.stdoutText)")
    }
  }

  @Test func anUnknownShellIsAUsageError() {
    let run = utictl("--generate-completion-script", "powershell")
    #expect(run.status == 2)
    #expect(run.stderr.hasPrefix("Error: --generate-completion-script takes one of: bash, zsh, fish\n"))
  }

  static let manual = packageRoot.appendingPathComponent("Documentation/utictl.1")

  /// The checked-in page is what the commands' help generates now: regenerate it with
  /// `swift run utictl --generate-manual > Documentation/utictl.1`.
  @Test func theManualIsGeneratedFromTheHelp() throws {
    let generated = utictl("--generate-manual")
    #expect(generated.status == 0)
    let checkedIn = try String(contentsOf: Self.manual, encoding: .utf8)
    #expect(
      generated.stdout == checkedIn, "Documentation/utictl.1 is stale: regenerate it with utictl --generate-manual")
    for command in UtiCtl.root.subcommands {
      #expect(checkedIn.contains(".SS \"\(Manual.escape(command.name))"), "\(command.name)")
    }
    for rule in ValidationRule.all { #expect(checkedIn.contains(".B \(Manual.escape(rule.id.rawValue))\n")) }
  }

  /// A run builds only its own subcommand, found by name: every name builds its command.
  @Test func everySubcommandIsFoundByItsName() {
    #expect(UtiCtl.root.subcommands.map(\.name) == UtiCtl.subcommandNames)
    for name in UtiCtl.subcommandNames {
      #expect(UtiCtl.root(only: name).subcommands.map(\.name) == [name])
    }
  }

  @Test func theManualRendersWithoutWarnings() throws {
    guard let groff = which("groff") else {
      print("◇ skipped: groff is not installed; the manual was not rendered (.ci/run installs it)")
      return
    }
    let run = try runProcess(groff, ["-man", "-ww", "-Tutf8", Self.manual.path])
    #expect(run.status == 0)
    #expect(run.stderrText == "", "groff warns: \(run.stderrText)")
    #expect(run.stdoutText.contains("utictl - Uniform Type Identifier queries"))
  }
}
