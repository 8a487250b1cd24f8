import Foundation
import TestSupport
import Testing
import TypeRegistry

@testable import Workspace

/// Which application opens what: `NSWorkspace` and `utictl apps` against GIO on trees of desktop
/// entries and `mimeapps.list` files (each rule with a near miss), with Python's `Gio.AppInfo` as
/// the oracle.
@Suite("Applications for a type (XDG, in GIO's order)")
struct AppsCommandTests {
  /// A desktop of its own: config and data places, a MIME database (the machine's, linked in),
  /// `$XDG_CURRENT_DESKTOP=Test`.
  struct Tree {
    let directory: TemporaryDirectory
    var root: String { directory.url.path }
    var environment: [String: String] {
      [
        "HOME": root + "/home", "XDG_CONFIG_HOME": root + "/config-home", "XDG_CONFIG_DIRS": root + "/config-dir",
        "XDG_DATA_HOME": root + "/data-home", "XDG_DATA_DIRS": root + "/data-dir:" + root + "/system",
        "XDG_CURRENT_DESKTOP": "Test", "PATH": "/usr/bin:/bin",
      ]
    }

    init() throws {
      directory = try TemporaryDirectory()
      for folder in ["home", "config-home", "config-dir", "data-home/applications", "data-dir/applications", "system"] {
        try FileManager.default.createDirectory(
          atPath: directory.url.path + "/" + folder, withIntermediateDirectories: true)
      }
      try FileManager.default.createSymbolicLink(atPath: root + "/system/mime", withDestinationPath: "/usr/share/mime")
    }

    /// Writes `text` at `path` (below the tree).
    func write(_ path: String, _ text: String) throws {
      let url = URL(fileURLWithPath: root + "/" + path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }

    /// A desktop entry at `path` opening `mimeTypes`, with `extra` lines.
    func app(_ path: String, _ mimeTypes: [String], _ extra: String = "") throws {
      try write(
        path,
        "[Desktop Entry]\nType=Application\nName=\(path)\nExec=true %F\nMimeType=\(mimeTypes.map { $0 + ";" }.joined())\n"
          + extra)
    }

    /// Runs update-desktop-database on both data places, as packages' hooks do.
    func updateCaches() throws {
      let updater = try Peers.executable("update-desktop-database", package: "desktop-file-utils").orSkip()
      for place in ["data-home", "data-dir"] {
        let run = try runProcess(updater, [root + "/\(place)/applications"])
        #expect(run.status == 0, "\(run.stderrText)")
      }
    }

    /// GIO's answers for `mimeTypes`: the default and every application, by type.
    func gio(_ mimeTypes: [String]) throws -> [String: (default: String?, all: [String])] {
      try Self.gio(mimeTypes, environment: environment)
    }

    /// GIO's answers for `mimeTypes` in the places of `environment`.
    static func gio(_ mimeTypes: [String], environment: [String: String]) throws -> [String: (
      default: String?, all: [String]
    )] {
      try Peers.gio.orSkip()
      let script = fixturesDirectory.appendingPathComponent("gio/gio_apps.py").path
      let run = try runProcess(
        "/usr/bin/env", environment.map { "\($0)=\($1)" } + ["/usr/bin/python3", script] + mimeTypes)
      // No expectation here (it may run off the test's task): a failed oracle answers nothing.
      guard run.status == 0 else { return [:] }
      var answers: [String: (default: String?, all: [String])] = [:]
      for line in run.stdoutText.split(separator: "\n") {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        answers[fields[0]] = (
          fields[1] == "-" ? nil : fields[1], fields[2].split(separator: ",").map(String.init)
        )
      }
      return answers
    }
  }

  /// Every rule on one tree: installed, hidden, TryExec, NoDisplay, a subfolder's ID, masking,
  /// mimeinfo.cache, defaults by place and desktop, added and removed associations.
  static func desktop() throws -> Tree {
    let tree = try Tree()
    try tree.app("data-dir/applications/editor.desktop", ["text/plain"])
    try tree.app("data-dir/applications/viewer.desktop", ["text/plain", "image/png"], "NoDisplay=true\n")
    try tree.app("data-dir/applications/gone.desktop", ["text/plain"], "TryExec=no-such-program-for-swift-uti\n")
    try tree.app("data-dir/applications/hidden.desktop", ["text/plain"], "Hidden=true\n")
    try tree.app("data-dir/applications/vendor/tool.desktop", ["text/x-csrc"])
    try tree.app("data-dir/applications/masked.desktop", ["image/png"])
    try tree.app("data-dir/applications/removed.desktop", ["text/plain"])
    try tree.app("data-dir/applications/broken.desktop", ["text/plain"], "this line is not a key\n")
    try tree.write(
      "data-dir/applications/mimeapps.list", "[Default Applications]\ntext/plain=viewer.desktop\n")
    try tree.app("data-home/applications/masked.desktop", ["text/plain"])
    try tree.write(
      "config-home/mimeapps.list",
      "[Removed Associations]\ntext/plain=removed.desktop;\n[Added Associations]\ntext/x-csrc=editor.desktop;\n")
    try tree.write("config-home/test-mimeapps.list", "[Default Applications]\ntext/x-csrc=vendor-tool.desktop\n")
    try tree.write("config-dir/mimeapps.list", "[Default Applications]\ntext/plain=editor.desktop;viewer.desktop\n")
    try tree.updateCaches()
    return tree
  }

  static let queried = [
    "text/plain", "text/x-csrc", "image/png", "text/markdown", "text/x-markdown", "application/x-nothing",
  ]

  @Test func theOrderIsGIOs() throws {
    let tree = try Self.desktop()
    let gio = try tree.gio(Self.queried)
    let database = ApplicationDatabase(environment: tree.environment)
    for mimeType in Self.queried {
      let oracle = try #require(gio[mimeType], "GIO said nothing of \(mimeType)")
      #expect(database.defaultApplication(for: mimeType)?.id == oracle.default, "\(mimeType)")
      #expect(database.applications(for: mimeType).map(\.id) == oracle.all, "\(mimeType)")
    }
  }

  /// The rules, each with its near miss, as the tree above sets them.
  @Test func eachRuleHolds() throws {
    let tree = try Self.desktop()
    let database = ApplicationDatabase(environment: tree.environment)
    let text = database.applications(for: "text/plain").map(\.id)
    // A default in a config place beats one in a data place; the default comes from the list, in order.
    #expect(database.defaultApplication(for: "text/plain")?.id == "editor.desktop")
    #expect(text.contains("viewer.desktop"), "NoDisplay still opens files")
    #expect(!text.contains("gone.desktop"), "its TryExec program is missing")
    #expect(!text.contains("hidden.desktop"), "Hidden is deleted")
    #expect(!text.contains("broken.desktop"), "not a key file")
    #expect(!text.contains("removed.desktop"), "removed in a place before")
    #expect(text.contains("masked.desktop"), "the data home's file, which opens text/plain")
    #expect(
      !database.applications(for: "image/png").map(\.id).contains("masked.desktop"), "the masked file's image/png")
    // The desktop's own list first: Test's default for C source.
    #expect(database.defaultApplication(for: "text/x-csrc")?.id == "vendor-tool.desktop")
    let source = database.applications(for: "text/x-csrc").map(\.id)
    #expect(source.starts(with: ["editor.desktop", "vendor-tool.desktop"]), "added, then the cache's: \(source)")
    #expect(source.contains("viewer.desktop"), "text/plain's, as C source's parent")
    // An alias is its canonical type.
    #expect(database.applications(for: "text/x-markdown") == database.applications(for: "text/markdown"))
    #expect(database.applications(for: "application/x-nothing").isEmpty)
  }

  /// `NSWorkspace` by `UTType`: the default first; a type without a MIME type is opened by its
  /// supertypes' applications (by conformance).
  @Test func theWorkspaceAnswersByType() throws {
    let tree = try Self.desktop()
    let workspace = NSWorkspace(environment: tree.environment)
    let urls = workspace.urlsForApplications(toOpen: .plainText)
    #expect(urls.first?.lastPathComponent == "editor.desktop")
    #expect(urls.first == workspace.urlForApplication(toOpen: .plainText))
    #expect(urls.map(\.path).allSatisfy { $0.hasPrefix(tree.root) || $0.hasPrefix("/usr/share/applications") })
    // A type of no MIME type of its own, conforming to plain text.
    var builder = UTTypeRegistry.Builder()
    builder.add(TypeDeclaration(identifier: "com.example.notes", conformsTo: ["public.plain-text"]))
    let notes = try #require(builder.build().type(withIdentifier: "com.example.notes"))
    let byConformance = NSWorkspace(environment: tree.environment).urlsForApplications(toOpen: notes)
    #expect(byConformance == urls)
    // A file, identified by its content and name.
    let file = URL(fileURLWithPath: tree.root + "/notes.txt")
    try Data("hello\n".utf8).write(to: file)
    #expect(workspace.urlForApplication(toOpen: file)?.lastPathComponent == "editor.desktop")
  }

  /// `utictl apps` prints GIO's default, then the rest of GIO's list.
  @Test func theCommandPrintsTheDefaultFirst() throws {
    let tree = try Self.desktop()
    let gio = try #require(try tree.gio(["text/plain"])["text/plain"])
    let utictl = try builtProduct("utictl")
    let run = try runProcess("/usr/bin/env", tree.environment.map { "\($0)=\($1)" } + [utictl, "apps", "text/plain"])
    #expect(run.status == 0, "\(run.stderrText)")
    let expected = [gio.default!] + gio.all.filter { $0 != gio.default }
    #expect(run.stdoutText.split(separator: "\n").map(String.init).starts(with: expected), "\(run.stdoutText)")
    let none = try runProcess(
      "/usr/bin/env", tree.environment.map { "\($0)=\($1)" } + [utictl, "apps", "application/x-nothing"])
    #expect(none.status == 1 && none.stdoutText.isEmpty)
    let json = try runProcess(
      "/usr/bin/env", tree.environment.map { "\($0)=\($1)" } + [utictl, "apps", "public.plain-text", "--json"])
    #expect(json.stdoutText.hasPrefix("[{\"id\":\"editor.desktop\",\"name\":\"data-dir/applications/editor.desktop\""))
    #expect(json.stdoutText.contains("\"default\":true"))
  }

  /// `utictl default` writes the user's list as `gio mime TYPE APP` does: GIO then agrees, and
  /// every other line stays.
  @Test func settingTheDefaultKeepsEveryOtherLine() throws {
    let tree = try Self.desktop()
    let utictl = try builtProduct("utictl")
    let environment = tree.environment.map { "\($0)=\($1)" }
    let before = try String(contentsOfFile: tree.root + "/config-home/mimeapps.list", encoding: .utf8)
    let run = try runProcess("/usr/bin/env", environment + [utictl, "default", "public.plain-text", "viewer.desktop"])
    #expect(run.status == 0, "\(run.stderrText)")
    let after = try String(contentsOfFile: tree.root + "/config-home/mimeapps.list", encoding: .utf8)
    #expect(
      after
        == before.replacingOccurrences(
          of: "text/x-csrc=editor.desktop;\n", with: "text/x-csrc=editor.desktop;\ntext/plain=viewer.desktop;\n")
        + "\n[Default Applications]\ntext/plain=viewer.desktop\n", "\(after)")
    #expect(try tree.gio(["text/plain"])["text/plain"]?.default == "viewer.desktop")
    // A removed association that becomes the default is no longer removed.
    _ = try runProcess("/usr/bin/env", environment + [utictl, "default", "text/plain", "removed.desktop"])
    let again = try String(contentsOfFile: tree.root + "/config-home/mimeapps.list", encoding: .utf8)
    #expect(!again.contains("[Removed Associations]\ntext/plain="), "\(again)")
    #expect(try tree.gio(["text/plain"])["text/plain"]?.all.contains("removed.desktop") == true)
    // Near misses: an application that is not installed, a type with no MIME type; nothing written.
    let missing = try runProcess("/usr/bin/env", environment + [utictl, "default", "text/plain", "nowhere.desktop"])
    #expect(missing.status == 2 && missing.stderrText.contains("no application 'nowhere.desktop' is installed"))
    let abstract = try runProcess("/usr/bin/env", environment + [utictl, "default", "public.item", "editor.desktop"])
    #expect(abstract.status == 2 && abstract.stderrText.contains("has no MIME type"))
    #expect(try String(contentsOfFile: tree.root + "/config-home/mimeapps.list", encoding: .utf8) == again)
  }

  /// `NSWorkspace.setDefaultApplication(at:toOpen:)`, by URL and type.
  @Test func theWorkspaceSetsTheDefaultByURL() async throws {
    let tree = try Self.desktop()
    let workspace = NSWorkspace(environment: tree.environment)
    let viewer = URL(fileURLWithPath: tree.root + "/data-dir/applications/viewer.desktop")
    try await workspace.setDefaultApplication(at: viewer, toOpen: .png)
    #expect(workspace.urlForApplication(toOpen: .png)?.path == viewer.path)
    await #expect(throws: WorkspaceError.self) {
      try await workspace.setDefaultApplication(at: URL(fileURLWithPath: "/nowhere.desktop"), toOpen: .png)
    }
  }

  /// `utictl open` launches as GIO launches: the same argument lists, field code by field code,
  /// with names holding spaces and quotes, an instance per file where the entry takes one.
  @Test(arguments: [
    ("multi", "record --multi %F"), ("single", "record --single %f"), ("plain", "record --plain"),
    ("codes", #"record --name %c --entry %k %i "quoted \"arg\"" 'single q' %U"#), ("literal", "record 100%% %u"),
  ])
  func filesOpenAsGIOOpensThem(_ name: String, _ exec: String) throws {
    let tree = try Tree()
    let record = tree.root + "/bin/record"
    try tree.write(
      "bin/record",
      "#!/bin/sh\nout=\"$RECORD_DIR/$$\"\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > \"$out.tmp\" && mv \"$out.tmp\" \"$out\"\n"
    )
    chmod(record, 0o755)
    try tree.app("data-dir/applications/\(name).desktop", ["text/plain"], "Icon=sketch.png\n")
    let entry = tree.root + "/data-dir/applications/\(name).desktop"
    let text = try String(contentsOfFile: entry, encoding: .utf8).replacingOccurrences(
      of: "Exec=true %F", with: "Exec=\(exec)")
    try Data(
      text.replacingOccurrences(of: "Name=data-dir/applications/\(name).desktop", with: "Name=Sketch & Note").utf8
    )
    .write(to: URL(fileURLWithPath: entry))
    let files = [tree.root + "/a file.txt", tree.root + "/it's.txt"]
    for file in files { try Data("x\n".utf8).write(to: URL(fileURLWithPath: file)) }
    var environment = tree.environment
    environment["PATH"] = tree.root + "/bin:/usr/bin:/bin"
    func recorded(by launcher: [String], into folder: String) throws -> [String] {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      let variables = (environment.merging(["RECORD_DIR": folder]) { $1 }).map { "\($0)=\($1)" }
      let run = try runProcess("/usr/bin/env", variables + launcher)
      #expect(run.status == 0, "\(run.stderrText)")
      let expected = exec.contains("%f") || !exec.contains("%") ? files.count : 1
      _ = eventually(within: 10) {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasSuffix(".tmp") }.count
          >= expected
      }
      return try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasSuffix(".tmp") }.map {
        try String(contentsOfFile: folder + "/" + $0, encoding: .utf8)
      }.sorted()
    }
    try Peers.gio.orSkip()
    let gio = try recorded(
      by: ["/usr/bin/python3", fixturesDirectory.appendingPathComponent("gio/gio_launch.py").path, entry] + files,
      into: tree.root + "/gio")
    let ours = try recorded(
      by: [try builtProduct("utictl"), "open", "--app", "\(name).desktop"] + files, into: tree.root + "/ours")
    #expect(!gio.isEmpty)
    #expect(ours == gio)
  }
}
