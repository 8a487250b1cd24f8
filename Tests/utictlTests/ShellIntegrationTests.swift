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
    #expect(try Self.bashCompletes("utictl --generate-completion-script ", script: script) == Completions.shells)
    #expect(try Self.bashCompletes("utictl copy --selection p", script: script) == ["primary"])
    #expect(!(try Self.bashCompletes("utictl validate --", script: script)).contains("--system-catalog"))
  }

  @Test func zshAndFishScriptsParseAndFishCompletes() throws {
    for shell in ["zsh", "fish"] {
      let path = try Peers.executable(shell, package: shell).orSkip()
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

  /// What zsh completes for `line`, typed with a tab into an interactive zsh in a pseudo-terminal
  /// (the zpty module), with the script installed as an autoloaded `_utictl` in `$fpath`, as
  /// `scripts/install.sh` installs it. Each match is what `compadd` was given to offer. The
  /// markers are written split by quotes, so that the terminal's echo of the typed definitions
  /// does not match them; the first match follows the echo of the typed line on its line.
  static func zshCompletes(_ line: String, zsh: String, functions: String) throws -> [String] {
    let driver = #"""
      zmodload zsh/zpty || exit 3
      zpty session zsh -f -i
      zpty -w session "fpath=(${(q)1} \$fpath); autoload -Uz compinit; compinit -u -D"
      zpty -w session 'compadd() { local -a found; builtin compadd -O found "$@"; print -rl -- ${found/#/MA""TCH:}; builtin compadd "$@"; }'
      zpty -w session 'done_() { print -r -- COMPLETION-""DONE; exit; }; comppostfuncs=(done_)'
      zpty -w -n session "$2"$'\t'
      while zpty -r session out; do
        out=${out//$'\r'/}
        out=${out%$'\n'}
        [[ $out == *COMPLETION-DONE* ]] && break
        [[ $out == *MATCH:* ]] && print -r -- ${out##*MATCH:}
      done
      zpty -d session
      """#
    let run = try runProcess("/usr/bin/timeout", ["30", zsh, "-f", "-c", driver, "zsh", functions, line])
    #expect(run.status == 0, "\(run.stderrText)")
    return run.stdoutText.split(separator: "\n").map(String.init)
  }

  /// The zsh script, autoloaded from `$fpath` as an installed `_utictl` is, completes
  /// subcommands, option values from the commands' value model, types, and no hidden option.
  @Test func zshCompletesWhenRunInATerminal() throws {
    let zsh = try Peers.executable("zsh", package: "zsh").orSkip()
    let functions = try makeTemporaryDirectory("zsh")
    defer { try? FileManager.default.removeItem(at: functions) }
    try Data(utictl("--generate-completion-script", "zsh").stdout.utf8)
      .write(to: functions.appendingPathComponent("_utictl"))
    func completes(_ line: String) throws -> [String] {
      try Self.zshCompletes(line, zsh: zsh, functions: functions.path)
    }
    #expect(try completes("utictl val") == ["validate"])
    #expect(Set(try completes("utictl copy --selection ")) == ["clipboard", "primary"])
    #expect(Set(try completes("utictl paste --backend ")) == ["x11", "wayland"])
    #expect(Set(try completes("utictl validate --format ")) == ["clang", "github", "json", "sarif", "junit"])
    #expect(try completes("utictl conforms-to public.pn").contains("public.png"))
    #expect(Set(try completes("utictl --generate-completion-script ")) == Set(Completions.shells))
    let options = try completes("utictl validate --")
    #expect(options.contains("--werror") && options.contains("--explain"), "\(options)")
    #expect(!options.contains("--system-catalog"), "a hidden option is not offered")
  }

  /// Option values come from one model: parsing checks them (with a usage line and the nearest
  /// value), and a hidden option is accepted but not shown in help, completion or the manual.
  @Test func optionValuesAreCheckedInParsing() throws {
    let selection = utictl("paste", "--selection", "secondary")
    #expect(selection.status == 2)
    #expect(
      selection.stderr.hasPrefix(
        "Error: Unknown value 'secondary' for '--selection <clipboard|primary>'; expected one of: clipboard, primary\nUsage: utictl paste"
      ), "\(selection.stderr)")
    let rule = utictl("validate", "--explain", "foreign-domian")
    #expect(rule.status == 2)
    #expect(
      rule.stderr.hasPrefix(
        "Error: Unknown value 'foreign-domian' for '--explain <rule>'; did you mean 'foreign-domain'?"))
    let seconds = utictl("copy", "--clear-after", "soon")
    #expect(seconds.status == 2)
    #expect(seconds.stderr.hasPrefix("Error: 'soon' is not a number of seconds above 0, for '--clear-after'\n"))
    let help = utictl("validate", "--help").stdout
    #expect(!help.contains("--system-catalog"))
    #expect(!utictl("--generate-manual").stdout.contains("system\\-catalog"))
    #expect(!utictl("--generate-completion-script", "bash").stdout.contains("--system-catalog"))
    #expect(!utictl("--generate-completion-script", "fish").stdout.contains("system-catalog"))
    // Each command's help fits a screen.
    for name in UtiCtl.subcommandNames where UtiCtl.subcommand(named: name)?.subcommands.isEmpty == true {
      let lines = utictl(name, "--help").stdout.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(lines.count <= 50, "utictl \(name) --help is \(lines.count) lines")
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
    let groff = try Peers.executable("groff", package: "groff-base").orSkip()
    let run = try runProcess(groff, ["-man", "-ww", "-Tutf8", Self.manual.path])
    #expect(run.status == 0)
    #expect(run.stderrText == "", "groff warns: \(run.stderrText)")
    #expect(run.stdoutText.contains("utictl - Uniform Type Identifier queries"))
  }
}
