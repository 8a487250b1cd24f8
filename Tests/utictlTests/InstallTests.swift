import Foundation
import TestSupport
import Testing

@testable import utictl

/// `scripts/install.sh`, run for real on the built utictl (`--binary`: the self-contained build
/// is CI's, with the Debian package): the five files where Linux tools keep them, made from the
/// binary they go with, and removed exactly by `--uninstall`.
@Suite("utictl installed as Linux tools are")
struct InstallTests {
  static let script = packageRoot.appendingPathComponent("scripts/install.sh").path
  static let files = [
    "bin/utictl", "share/man/man1/utictl.1", "share/bash-completion/completions/utictl",
    "share/zsh/site-functions/_utictl", "share/fish/vendor_completions.d/utictl.fish",
  ]

  @Test func installPutsEachFileInPlaceAndUninstallRemovesExactlyThose() throws {
    let prefix = try makeTemporaryDirectory("install")
    defer { try? FileManager.default.removeItem(at: prefix) }
    let binary = try builtUtictl()
    // Something of another program's in the same prefix stays.
    let other = prefix.appendingPathComponent("share/man/man1/other.1")
    try FileManager.default.createDirectory(at: other.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("other".utf8).write(to: other)

    let install = try runProcess("/bin/bash", [Self.script, "--prefix", prefix.path, "--binary", binary])
    #expect(install.status == 0, "\(install.stderrText)")
    #expect(install.stdoutText == Self.files.map { "installed \(prefix.path)/\($0)\n" }.joined())
    for file in Self.files {
      let attributes = try FileManager.default.attributesOfItem(atPath: prefix.appendingPathComponent(file).path)
      let mode = (attributes[.posixPermissions] as? Int) ?? 0
      #expect(mode == (file == "bin/utictl" ? 0o755 : 0o644), "\(file): \(String(mode, radix: 8))")
    }
    let installed = prefix.appendingPathComponent("bin/utictl").path
    let run = try runProcess(installed, ["conforms-to", "public.png", "public.data"])
    #expect(run.status == 0 && run.stdoutText == "public.png conforms to public.data\n")
    // The page and the completions are the binary's own.
    let page = try String(contentsOf: prefix.appendingPathComponent("share/man/man1/utictl.1"), encoding: .utf8)
    #expect(page == utictl("--generate-manual").stdout)
    let zsh = try String(contentsOf: prefix.appendingPathComponent("share/zsh/site-functions/_utictl"), encoding: .utf8)
    #expect(zsh.hasPrefix("#compdef utictl\n"))
    let bash = try runProcess(
      "/bin/bash", ["-c", "source '\(prefix.path)/share/bash-completion/completions/utictl' && complete -p utictl"])
    #expect(bash.stdoutText == "complete -F _utictl utictl\n", "\(bash.stderrText)")

    let uninstall = try runProcess("/bin/bash", [Self.script, "--prefix", prefix.path, "--uninstall"])
    #expect(uninstall.status == 0, "\(uninstall.stderrText)")
    #expect(uninstall.stdoutText == Self.files.map { "removed \(prefix.path)/\($0)\n" }.joined())
    for file in Self.files {
      #expect(!FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), "\(file)")
    }
    #expect(FileManager.default.fileExists(atPath: other.path), "another program's file stays")
    // Uninstalling again removes nothing and says so by silence.
    let again = try runProcess("/bin/bash", [Self.script, "--prefix", prefix.path, "--uninstall"])
    #expect(again.status == 0 && again.stdoutText.isEmpty)
  }

  /// DESTDIR stages the install under another root (as package builds do); bad options and a
  /// relative prefix are usage errors that install nothing.
  @Test func destdirStagesAndBadOptionsInstallNothing() throws {
    let stage = try makeTemporaryDirectory("stage")
    defer { try? FileManager.default.removeItem(at: stage) }
    let binary = try builtUtictl()
    let staged = try runProcess(
      "/usr/bin/env", ["DESTDIR=\(stage.path)", "/bin/bash", Self.script, "--prefix", "/usr", "--binary", binary])
    #expect(staged.status == 0, "\(staged.stderrText)")
    for file in Self.files {
      #expect(FileManager.default.fileExists(atPath: stage.path + "/usr/" + file), "\(file)")
    }
    let relative = try runProcess("/bin/bash", [Self.script, "--prefix", "relative/dir", "--binary", binary])
    #expect(relative.status == 2)
    #expect(relative.stderrText.hasPrefix("install.sh: --prefix must be an absolute path, not 'relative/dir'\n"))
    let unknown = try runProcess("/bin/bash", [Self.script, "--perfix", "/tmp"])
    #expect(unknown.status == 2 && unknown.stderrText.hasPrefix("install.sh: unknown option '--perfix'\n"))
    let missing = try runProcess(
      "/bin/bash", [Self.script, "--prefix", stage.path + "/other", "--binary", "/nonexistent/utictl"])
    #expect(missing.status == 2 && missing.stderrText == "install.sh: '/nonexistent/utictl' is not an executable\n")
    #expect(!FileManager.default.fileExists(atPath: stage.path + "/other"))
  }
}
