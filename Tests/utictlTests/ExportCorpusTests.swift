import Foundation
import PropertyList
import TestSupport
import Testing
import TypeRegistry

@testable import Workspace

/// Everything we have exported and handed to the desktop's own tools: the real Info.plists of
/// the validation corpus, the validator's and the property-list reader's hostile files, and a
/// generated set of every document-type and declaration shape. desktop-file-validate says
/// nothing of each entry, update-mime-database nothing of each package, and once installed GIO
/// and xdg-mime name a declared type for a file of its extension.
@Suite("utictl export freedesktop: the desktop's tools over every plist we have")
struct ExportCorpusTests {
  /// The tools; the test is skipped (or fails where peers are required) without them.
  struct Tools {
    let updater: String, validator: String, gio: String, xdgMime: String

    init() throws {
      updater = try Peers.executable("update-mime-database", package: "shared-mime-info").orSkip()
      validator = try Peers.executable("desktop-file-validate", package: "desktop-file-utils").orSkip()
      gio = try Peers.executable("gio", package: "libglib2.0-bin").orSkip()
      xdgMime = try Peers.executable("xdg-mime", package: "xdg-utils").orSkip()
      try Peers.executable("mimetype", package: "libfile-mimeinfo-perl").orSkip()
    }
  }

  /// Exports `path` and checks what the tools say of the result; with `identify`, that GIO (and
  /// for the first, xdg-mime) name each exported type whose extension the machine gives no
  /// other type. A plist that cannot be read is refused with exit 2 and a message.
  static func check(_ path: String, tools: Tools, identify: Bool = true) throws {
    let name = URL(fileURLWithPath: path).lastPathComponent
    let directory = try TemporaryDirectory()
    let share = directory.url.path + "/share"
    let run = utictl(
      "export", "freedesktop", path, "--app-id", "org.example.Corpus", "--exec", "corpus %F", "-o", share,
      "--include-imported")
    guard run.status == 0 else {
      #expect(run.status == 2 && run.stderr.hasPrefix("error: "), "\(name): \(run.status) \(run.stderr)")
      return
    }
    let compiled = try runProcess(
      "/usr/bin/env", ["XDG_DATA_DIRS=\(share):/usr/share", tools.updater, share + "/mime"])
    #expect(compiled.status == 0 && compiled.stderrText.isEmpty, "\(name): \(compiled.stderrText)")
    let validated = try runProcess(tools.validator, [share + "/applications/org.example.Corpus.desktop"])
    #expect(validated.status == 0, "\(name): \(validated.stdoutText)")
    let entry = (try? String(contentsOfFile: share + "/applications/org.example.Corpus.desktop", encoding: .utf8)) ?? ""
    #expect(validated.stdoutText.isEmpty && validated.stderrText.isEmpty, "\(name): \(validated.stdoutText)\n\(entry)")
    guard identify else { return }
    try checkIdentified(path, share: share, tools: tools)
  }

  /// GIO names each exported type for a file of its first extension, where the machine's
  /// database gives that extension no type; xdg-mime the first such type.
  static func checkIdentified(_ path: String, share: String, tools: Tools) throws {
    let file = try DeclarationFile(contentsOf: path)
    let export = try FreedesktopExport(file, appID: "org.example.Corpus", includingImported: true)
    let machine = MIMEDatabase(directories: MIMEDatabase.directories)
    let environment = ["XDG_DATA_HOME=\(share)", "XDG_DATA_DIRS=/usr/share"]
    var askedXDG = false
    for type in export.mimeTypes {
      guard let glob = type.globs.first, glob.hasPrefix("*."),
        machine.globMatches(forFileName: "sample" + glob.dropFirst()).isEmpty,
        !export.mimeTypes.contains(where: {
          $0.name != type.name && $0.globs.contains { $0.lowercased() == glob.lowercased() }
        })
      else { continue }
      let sample = share + "/sample" + glob.dropFirst()
      try Data("sample".utf8).write(to: URL(fileURLWithPath: sample))
      let gio = try runProcess(
        "/usr/bin/env", environment + [tools.gio, "info", "-a", "standard::content-type", sample])
      #expect(gio.stdoutText.contains("standard::content-type: \(type.name)\n"), "\(path): \(glob): \(gio.stdoutText)")
      if !askedXDG {
        askedXDG = true
        let xdg = try runProcess("/usr/bin/env", environment + [tools.xdgMime, "query", "filetype", sample])
        #expect(xdg.stdoutText == type.name + "\n", "\(path): \(glob): \(xdg.stdoutText)")
      }
    }
  }

  /// The `.plist` files directly in `folder` of the fixtures.
  static func plists(in folder: String, suffixes: [String] = [".plist"]) throws -> [String] {
    let directory = fixturesDirectory.appendingPathComponent(folder)
    return try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { name in suffixes.contains { name.hasSuffix($0) } }.sorted().map {
        directory.appendingPathComponent($0).path
      }
  }

  /// Every real Info.plist of the validation corpus.
  @Test func everyCorpusInfoPlist() throws {
    let tools = try Tools()
    let paths = try Self.plists(in: "info-plists")
    #expect(paths.count >= 20)
    for path in paths { try Self.check(path, tools: tools) }
  }

  /// The validator's good and bad plists, and the property-list reader's hostile files: each
  /// exports to files the tools accept, or is refused with a message.
  @Test func everyValidatorAndHostilePlist() throws {
    let tools = try Tools()
    let paths =
      try Self.plists(in: "validate")
      + Self.plists(in: "hostile", suffixes: [".xml", ".bplist", ".json", ".openstep", ".plist"])
    #expect(paths.count >= 60)
    for path in paths { try Self.check(path, tools: tools, identify: false) }
  }

  /// A generated plist of every declaration and document-type shape, each exported and checked.
  @Test(arguments: ExportShapes.all.indices)
  func everyGeneratedShape(_ index: Int) throws {
    let tools = try Tools()
    let directory = try TemporaryDirectory()
    let path = directory.url.appendingPathComponent("Info.plist").path
    try Data(ExportShapes.all[index].utf8).write(to: URL(fileURLWithPath: path))
    try Self.check(path, tools: tools)
  }
}
