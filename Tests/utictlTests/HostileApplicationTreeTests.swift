import Foundation
import TestSupport
import Testing

/// `utictl apps`, `default` and `open` over ``HostileApplicationTree``: 10,000 entries and the
/// files no tool should trip on. GIO's answers where GIO answers, one located warning per bad
/// file read, memory bounded. GIO reads the 50 MB entry whole and takes it (its zero bytes end
/// each line as a comment would); it is the one answer of GIO's we leave out, with a warning.
@Suite("Applications on a hostile tree")
struct HostileApplicationTreeTests {
  /// The tree, built once per test, off the cooperative pool (its 10,000 files and
  /// update-desktop-database take seconds, more under ThreadSanitizer, which would starve the
  /// item provider tests' detached loads on a 2-core machine).
  static func tree() async throws -> (tree: HostileApplicationTree, folder: TemporaryDirectory) {
    let updater = try Peers.executable("update-desktop-database", package: "desktop-file-utils").orSkip()
    let folder = try TemporaryDirectory()
    let path = folder.url.path
    return (try await offThePool { try HostileApplicationTree(in: path, entries: 10_000, updater: updater) }, folder)
  }

  /// `utictl ARGUMENTS` in `environment` (off the cooperative pool): its result, and its peak
  /// resident memory (bytes).
  static func utictl(_ arguments: [String], environment: [String: String]) async throws -> (ProcessResult, Int) {
    let peak = fixturesDirectory.appendingPathComponent("process/peak_rss.py").path
    let command =
      environment.map { "\($0)=\($1)" } + ["/usr/bin/python3", peak, try builtProduct("utictl")] + arguments
    var run = try await offThePool { try runProcess("/usr/bin/env", command) }
    var lines = run.stderrText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    while lines.last == "" { lines.removeLast() }
    let kilobytes = lines.last.flatMap { $0.hasPrefix("peak-rss-kb: ") ? Int($0.dropFirst(13)) : nil } ?? -1
    run.stderr = Data(lines.dropLast().map { $0 + "\n" }.joined().utf8)
    return (run, kilobytes * 1024)
  }

  /// `utictl ARGUMENTS` in `tree`, and how much more resident memory it took than the same
  /// command in a desktop with no application (the same process otherwise: a sanitized build's
  /// runtime is large, its difference is not).
  static func utictl(_ arguments: [String], in tree: HostileApplicationTree) async throws -> (ProcessResult, Int) {
    let (run, peak) = try await utictl(arguments, environment: tree.environment)
    let empty = try TemporaryDirectory()
    var bare = tree.environment
    for name in ["HOME", "XDG_CONFIG_HOME", "XDG_CONFIG_DIRS", "XDG_DATA_HOME"] { bare[name] = empty.url.path }
    let (_, baseline) = try await utictl(arguments, environment: bare)
    return (run, peak - baseline)
  }

  /// GIO's answers for `text/plain` in `tree`.
  static func gio(_ tree: HostileApplicationTree) async throws -> (default: String?, all: [String])? {
    let environment = tree.environment
    return try await offThePool {
      try AppsCommandTests.Tree.gio(["text/plain"], environment: environment)["text/plain"]
    }
  }

  /// Each bad file is warned of once, where it is, and nothing else is.
  static func expectWarnings(_ stderr: String, for bad: [(path: String, warning: String)]) {
    let lines = stderr.split(separator: "\n").map(String.init)
    for file in bad {
      let hits = lines.filter { $0.hasPrefix(file.path + ": warning: ") && $0.contains(file.warning) }
      #expect(hits.count == 1, "\(file.path): \(file.warning) in\n\(stderr)")
    }
    #expect(lines.count == bad.count, "\(stderr)")
  }

  /// The bound on what a command over the tree takes beyond the same command over nothing: it
  /// reads at most 1 MiB of any file (the 50 MB entry is never read whole).
  static let memoryBound = 32 << 20

  @Test func appsAnswersAsGIOWithAWarningPerBadFile() async throws {
    try Peers.gio.orSkip()
    let (tree, folder) = try await Self.tree()
    _ = folder
    let (run, extra) = try await Self.utictl(["apps", "text/plain"], in: tree)
    #expect(run.status == 0, "\(run.stderrText)")
    let gio = try await Self.gio(tree)
    let gioDefault = try #require(gio?.default)
    let expected = ([gioDefault] + (gio?.all ?? []).filter { $0 != gioDefault }).filter { $0 != "huge.desktop" }
    #expect(gio?.all.contains("huge.desktop") == true, "GIO takes the 50 MB entry")
    let ours = run.stdoutText.split(separator: "\n").map(String.init)
    #expect(ours == expected, "\(ours.count) against \(expected.count)")
    // The default, the hundred entries for plain text, the one in the folder (and the machine's own).
    #expect(ours.first == "app-00300.desktop")
    #expect(ours.filter { $0.hasPrefix("app-") || $0 == "nested-inner.desktop" }.count == 101, "\(ours)")
    // Only the candidates are read: the bad entries named for plain text, the bad list, the
    // name and the folder seen while listing.
    Self.expectWarnings(run.stderrText, for: tree.badFiles)
    #expect(extra < Self.memoryBound, "\(extra >> 20) MB more resident than over an empty desktop")
  }

  /// `default` and `open` read the same tree: the default is set as GIO then reads it, a file
  /// is opened with it, and the files they read that are bad are warned of.
  @Test func defaultAndOpenOnTheSameTree() async throws {
    try Peers.gio.orSkip()
    let (tree, folder) = try await Self.tree()
    let (set, extra) = try await Self.utictl(["default", "text/plain", "app-00500.desktop"], in: tree)
    #expect(set.status == 0, "\(set.stderrText)")
    #expect(extra < Self.memoryBound, "\(extra >> 20) MB more resident than over an empty desktop")
    let listing = tree.badFiles.filter {
      $0.warning.contains("folder") || $0.warning.contains("UTF-8") || $0.path.contains(".list")
    }
    Self.expectWarnings(set.stderrText, for: listing)
    #expect(try await Self.gio(tree)?.default == "app-00500.desktop")
    let file = folder.url.path + "/notes.txt"
    try Data("plain words\n".utf8).write(to: URL(fileURLWithPath: file))
    let (open, _) = try await Self.utictl(["open", file], environment: tree.environment)
    #expect(open.status == 0, "\(open.stderrText)")
    // Open looks the file's applications up: it reads the candidates, the bad ones among them.
    Self.expectWarnings(open.stderrText, for: tree.badFiles)
  }

  /// A FIFO named as an entry (GIO would wait on it for ever) is not opened: a warning.
  @Test func aFIFONamedAsAnEntryIsNotWaitedOn() async throws {
    let (tree, folder) = try await Self.tree()
    _ = folder
    let fifo = tree.root + "/data/applications/fifo.desktop"
    #expect(mkfifo(fifo, 0o644) == 0)
    try Data("[Added Associations]\ntext/plain=fifo.desktop;app-00100.desktop;\n".utf8)
      .write(to: URL(fileURLWithPath: tree.root + "/config/mimeapps.list"))
    let (run, _) = try await Self.utictl(["apps", "text/plain"], environment: tree.environment)
    #expect(run.status == 0)
    #expect(run.stdoutText.hasPrefix("app-00100.desktop\n"))
    #expect(run.stderrText.contains(fifo + ": warning: cannot be read (not a regular file"), "\(run.stderrText)")
  }
}
