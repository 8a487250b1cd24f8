import Foundation
import TestSupport
import Testing

/// `utictl default` on the lists users have: the files a GNOME and a KDE desktop wrote for their
/// users (`Tests/Fixtures/mimeapps`), and one as careless hands leave it. Only the lines of the
/// type set change; GLib reads the result as it reads what `gio mime` writes from the same file.
@Suite("utictl default keeps a user's mimeapps.list")
struct DefaultCommandTests {
  /// What one command made of the list: its status and error output, GIO's default after it, the
  /// file's bytes, and the file as GLib reads it.
  struct Outcome: Sendable {
    var status: Int32
    var stderr: String
    var gioDefault: String?
    var bytes: Data
    var read: String
  }

  /// The user's list after `utictl default text/plain viewer.desktop`, and after `gio mime
  /// text/plain viewer.desktop` from the same `original` (each in a desktop of its own), run off
  /// the cooperative pool.
  static func setTextDefault(_ original: Data) async throws -> (ours: Outcome, gio: Outcome) {
    let utictl = try builtProduct("utictl")
    try Peers.executable("gio", package: "libglib2.0-bin").orSkip()
    // The trees below update their caches off the pool, where no test is current to skip: the
    // updater is checked here, in the test's task.
    try Peers.executable("update-desktop-database", package: "desktop-file-utils").orSkip()
    let outcomes = try await offThePool { () throws -> [Outcome] in
      try [[utictl, "default"], ["/usr/bin/gio", "mime"]].map { command throws -> Outcome in
        let tree = try AppsCommandTests.desktop()
        let path = tree.root + "/config-home/mimeapps.list"
        try original.write(to: URL(fileURLWithPath: path))
        let run = try runProcess(
          "/usr/bin/env", tree.environment.map { "\($0)=\($1)" } + command + ["text/plain", "viewer.desktop"])
        let gio = try AppsCommandTests.Tree.gio(["text/plain"], environment: tree.environment)["text/plain"]
        let lists = try runProcess(
          "/usr/bin/python3", [fixturesDirectory.appendingPathComponent("gio/keyfile_lists.py").path, path])
        return Outcome(
          status: run.status, stderr: run.stderrText + lists.stderrText, gioDefault: gio?.default,
          bytes: try Data(contentsOf: URL(fileURLWithPath: path)), read: lists.status == 0 ? lists.stdoutText : "")
      }
    }
    for outcome in outcomes {
      #expect(outcome.status == 0, "\(outcome.stderr)")
      #expect(outcome.gioDefault == "viewer.desktop")
      #expect(!outcome.read.isEmpty, "GLib read the list: \(outcome.stderr)")
    }
    return (outcomes[0], outcomes[1])
  }

  /// The lines of `bytes` but those of `text/plain`'s keys.
  static func otherLines(_ bytes: Data) -> [Data] {
    bytes.split(separator: 10, omittingEmptySubsequences: false).filter { !$0.starts(with: Data("text/plain=".utf8)) }
  }

  /// A GNOME user's and a KDE user's lists: GLib reads ours as it reads gio's, and every line
  /// but text/plain's is the same bytes in the same order (gio writes the file anew: its
  /// defaults gain no `;`, but a KDE file loses its blank lines' places and comments would go).
  @Test(arguments: ["gnome-user.list", "kde-user.list"])
  func aUsersListChangesOnlyTheTypesLines(_ name: String) async throws {
    try Peers.gio.orSkip()
    let original = try Data(contentsOf: fixturesDirectory.appendingPathComponent("mimeapps/" + name))
    let (ours, gio) = try await Self.setTextDefault(original)
    #expect(ours.read == gio.read)
    #expect(Self.otherLines(ours.bytes) == Self.otherLines(original))
    #expect(ours.read.contains("Default Applications\ttext/plain\tviewer.desktop;\n"))
    // As GLib writes them: the default one ID without `;`, the association appended.
    #expect(ours.bytes.range(of: Data("\ntext/plain=viewer.desktop\n".utf8)) != nil)
  }

  /// CR LF line ends, a comment in Latin-1, a group written twice with the key in both (the
  /// last counts, for GLib and for us), an indented comment, no newline at the end: each kept,
  /// and the group added ends its lines as the file does.
  @Test func aCarelessListKeepsItsBytes() async throws {
    try Peers.gio.orSkip()
    let original =
      Data(
        "# caf\u{E9}\r\n[Added Associations]\r\ntext/plain=editor.desktop;\r\nimage/png=viewer.desktop;\r\n\r\n".utf8
      )
      .replacingLatin1()
      + Data(
        ("[Removed Associations]\r\ntext/plain=viewer.desktop;removed.desktop;\r\n[Added Associations]\r\n"
          + "text/plain=removed.desktop;\r\n  # indented\r\nx-scheme-handler/https=editor.desktop;").utf8)
    let (ours, gio) = try await Self.setTextDefault(original)
    #expect(ours.read == gio.read)
    let expected =
      Data("# caf\u{E9}\r\n".utf8).replacingLatin1()
      + Data(
        ("[Added Associations]\r\ntext/plain=editor.desktop;\r\nimage/png=viewer.desktop;\r\n\r\n"
          + "[Removed Associations]\r\ntext/plain=removed.desktop;\r\n[Added Associations]\r\n"
          + "text/plain=removed.desktop;viewer.desktop;\r\n  # indented\r\nx-scheme-handler/https=editor.desktop;\r\n"
          + "\r\n[Default Applications]\r\ntext/plain=viewer.desktop\r\n").utf8)
    #expect(ours.bytes == expected, "\(String(decoding: ours.bytes, as: UTF8.self))")
  }

  /// A list that is a link (a dotfiles checkout) stays a link: the file it names is replaced.
  @Test func aLinkedListStaysALink() throws {
    let tree = try AppsCommandTests.desktop()
    let target = tree.root + "/home/dotfiles-mimeapps.list"
    try Data(contentsOf: fixturesDirectory.appendingPathComponent("mimeapps/kde-user.list"))
      .write(to: URL(fileURLWithPath: target))
    let link = tree.root + "/config-home/mimeapps.list"
    try FileManager.default.removeItem(atPath: link)
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    let run = try runProcess(
      "/usr/bin/env",
      tree.environment.map { "\($0)=\($1)" } + [try builtProduct("utictl"), "default", "text/plain", "viewer.desktop"])
    #expect(run.status == 0, "\(run.stderrText)")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
    #expect(try String(contentsOfFile: target, encoding: .utf8).contains("\ntext/plain=viewer.desktop\n"))
  }
}

extension Data {
  /// The UTF-8 `é` (C3 A9) as Latin-1's one byte E9.
  fileprivate func replacingLatin1() -> Data {
    var bytes = [UInt8](self)
    while let index = bytes.indices.dropLast().first(where: { bytes[$0] == 0xC3 && bytes[$0 + 1] == 0xA9 }) {
      bytes.replaceSubrange(index...index + 1, with: [0xE9])
    }
    return Data(bytes)
  }
}
