import Foundation
import TestSupport
import Testing

@testable import TypeRegistry

@Suite("Registry: layering, cycles, unknown parents, sharing")
struct RegistryTests {
  static func file(_ body: String, path: String = "Info.plist") throws -> DeclarationFile {
    try DeclarationFile(bytes: Array(xmlPlist(body).utf8), path: path)
  }

  static func declaration(_ identifier: String, _ parents: [String], tags: String = "", description: String? = nil)
    -> String
  {
    """
    <dict><key>UTTypeIdentifier</key><string>\(identifier)</string>
    <key>UTTypeConformsTo</key><array>\(parents.map { "<string>\($0)</string>" }.joined())</array>
    \(description.map { "<key>UTTypeDescription</key><string>\($0)</string>" } ?? "")
    \(tags.isEmpty ? "" : "<key>UTTypeTagSpecification</key><dict>\(tags)</dict>")</dict>
    """
  }

  static func plist(exported: [String] = [], imported: [String] = []) -> String {
    var body = "<dict>"
    if !exported.isEmpty { body += "<key>UTExportedTypeDeclarations</key><array>\(exported.joined())</array>" }
    if !imported.isEmpty { body += "<key>UTImportedTypeDeclarations</key><array>\(imported.joined())</array>" }
    return body + "</dict>"
  }

  @Test func pointyBugArrowConformsToData() throws {
    var builder = UTTypeRegistry.Builder()
    builder.add(
      try Self.file(Self.plist(exported: [Self.declaration("com.raywenderlich.pointybug.tool.arrow", ["public.data"])]))
    )
    let registry = builder.build()
    let arrow = try #require(registry.type(withIdentifier: "com.raywenderlich.pointybug.tool.arrow"))
    let data = try #require(registry.type(withIdentifier: "public.data"))
    #expect(arrow.conforms(to: data))
    #expect(arrow.conforms(to: .item))
    #expect(!arrow.conforms(to: .image))
    #expect(registry.declaration(of: arrow)?.origin == "Info.plist:4")
  }

  @Test func exportedWinsOverImportedAndConflictsAreRecorded() throws {
    var builder = UTTypeRegistry.Builder(includingSystemTypes: false)
    builder.add(
      try Self.file(
        Self.plist(
          exported: [Self.declaration("com.example.doc", ["com.example.exported-parent"], description: "exported")],
          imported: [Self.declaration("com.example.doc", ["com.example.imported-parent"], description: "imported")])))
    let registry = builder.build()
    let doc = try #require(registry.type(withIdentifier: "com.example.doc"))
    #expect(doc.localizedDescription == "exported")
    #expect(registry.conflicts.count == 1)
    #expect(registry.conflicts.first?.winner.kind == .exported)
    #expect(registry.conflicts.first?.overridden.kind == .imported)
    #expect(registry.unknownParents.map(\.parent) == ["com.example.exported-parent"])
  }

  @Test func appExportsOverrideTheCatalogAndLaterLoadsWinWithinALayer() throws {
    var builder = UTTypeRegistry.Builder()
    builder.add(
      try Self.file(Self.plist(exported: [Self.declaration("public.tex", ["public.data"], description: "first")])))
    builder.add(
      try Self.file(Self.plist(exported: [Self.declaration("public.tex", ["public.text"], description: "second")])))
    let registry = builder.build()
    let tex = try #require(registry.type(withIdentifier: "public.tex"))
    #expect(tex.localizedDescription == "second")
    #expect(tex.conforms(to: .text))
    // public.tex is not in the built-in catalog, so only the two app declarations conflict.
    #expect(registry.conflicts.count == 1)
  }

  @Test func cyclesAreBrokenAndRecorded() throws {
    var builder = UTTypeRegistry.Builder()
    builder.add(
      try Self.file(
        Self.plist(exported: [
          Self.declaration("com.example.a", ["com.example.b"]),
          Self.declaration("com.example.b", ["com.example.c", "public.data"]),
          Self.declaration("com.example.c", ["com.example.a"]),
          Self.declaration("com.example.self", ["com.example.self"]),
        ])))
    let registry = builder.build()
    #expect(registry.cycles.count == 2)
    #expect(
      registry.cycles.contains { $0.path == ["com.example.a", "com.example.b", "com.example.c", "com.example.a"] })
    #expect(registry.cycles.contains { $0.path == ["com.example.self", "com.example.self"] })
    let a = try #require(registry.type(withIdentifier: "com.example.a"))
    let c = try #require(registry.type(withIdentifier: "com.example.c"))
    #expect(a.conforms(to: c))
    #expect(a.conforms(to: .data))
    // The closing edge c → a is the one ignored.
    #expect(!c.conforms(to: a))
    #expect(registry.cycles.first { $0.path.count == 4 }?.parent == "com.example.a")
  }

  @Test func unknownParentsAreSkippedAndRecorded() throws {
    var builder = UTTypeRegistry.Builder()
    builder.add(
      try Self.file(Self.plist(exported: [Self.declaration("com.example.x", ["publix.xml", "public.data"])])))
    let registry = builder.build()
    #expect(registry.unknownParents.map(\.parent) == ["publix.xml"])
    #expect(registry.type(withIdentifier: "com.example.x")?.conforms(to: .data) == true)
  }

  @Test func tagsAreIndexedCaseInsensitivelyWithTheDocumentedPreference() throws {
    let tags = "<key>public.filename-extension</key><array><string>TS</string></array>"
    var builder = UTTypeRegistry.Builder(mimeDatabase: nil)
    builder.add(
      try Self.file(
        Self.plist(
          exported: [Self.declaration("com.example.typescript", ["public.source-code"], tags: tags)],
          imported: [Self.declaration("com.example.other-ts", ["public.data"], tags: tags)])))
    let registry = builder.build()
    let candidates = registry.types(tag: "ts", tagClass: .filenameExtension).map(\.identifier)
    // Public types first (Apple's MPEG-2 stream), then the file's exported and imported
    // declarations, then the other system types (TypeScript, which text identification declares).
    #expect(
      candidates == [
        "public.mpeg-2-transport-stream", "com.example.typescript", "com.example.other-ts",
        "org.freedesktop.mime.text.x-typescript",
      ])
    #expect(
      registry.preferredType(tag: "Ts", tagClass: .filenameExtension, conformingTo: .sourceCode)?.identifier
        == "com.example.typescript")
    #expect(registry.preferredType(tag: "ts", tagClass: .filenameExtension, conformingTo: .image) == nil)
  }

  @Test func stringOrArrayValuesAndWrongShapesAreProblems() throws {
    let file = try Self.file(
      """
      <dict><key>UTExportedTypeDeclarations</key><array>
      <dict><key>UTTypeIdentifier</key><string>com.example.s</string><key>UTTypeConformsTo</key><string>public.data</string>
      <key>UTTypeTagSpecification</key><dict><key>public.mime-type</key><string>application/x-s</string></dict></dict>
      <string>not a dictionary</string>
      <dict><key>UTTypeConformsTo</key><dict/></dict>
      </array></dict>
      """)
    #expect(file.declarations.count == 1)
    #expect(file.declarations[0].conformsTo == ["public.data"])
    #expect(file.declarations[0].tags["public.mime-type"] == ["application/x-s"])
    #expect(
      file.problems.map(\.message) == [
        "declaration 1 is a string, expected a dictionary", "declaration has no UTTypeIdentifier",
      ])
    #expect(file.problems.map(\.keyPath) == ["UTExportedTypeDeclarations.1", "UTExportedTypeDeclarations.2"])
    #expect(file.location(ofOffset: file.problems[0].offset).description == "7:1")
  }

  @Test func bundleDirectoriesAndLoadErrors() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("uti-bundle-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }
    let app = dir.appendingPathComponent("Pointy.app/Contents")
    try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
    try Data(xmlPlist(Self.plist(exported: [Self.declaration("com.example.bundled", ["public.data"])])).utf8)
      .write(to: app.appendingPathComponent("Info.plist"))
    let file = try DeclarationFile(contentsOf: dir.appendingPathComponent("Pointy.app").path)
    #expect(file.path.hasSuffix("Pointy.app/Contents/Info.plist"))
    #expect(file.declarations.map(\.identifier) == ["com.example.bundled"])
    #expect(throws: DeclarationLoadError.self) { try DeclarationFile(contentsOf: dir.path) }
    #expect(throws: DeclarationLoadError.self) {
      try DeclarationFile(contentsOf: dir.appendingPathComponent("missing.plist").path)
    }
    #expect {
      try DeclarationFile(bytes: Array("<plist><dict><key>a</key></dict></plist>".utf8), path: "Bad.plist")
    } throws: { error in
      (error as! DeclarationLoadError).description
        == "Bad.plist:1:26: expected a value after <key>a</key>, found </dict>"
    }
  }

  @Test func theWholeCorpusLoadsAndBuilds() throws {
    let corpus = corpusDirectory
    let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { $0 != "SOURCES.md" }.sorted()
    #expect(names.count == 30)
    var builder = UTTypeRegistry.Builder()
    var declarations = 0
    for name in names {
      let file = try DeclarationFile(contentsOf: corpus.appendingPathComponent(name).path)
      declarations += file.declarations.count
      builder.add(file)
    }
    #expect(declarations == 569)
    let registry = builder.build()
    #expect(registry.count > 969)
    #expect(!registry.cycles.isEmpty)  // SourceCodeSyntaxHighlight and MacVim declare self-conformances
    #expect(registry.unknownParents.contains { $0.parent == "publix.xml" })
  }
}

/// Every test that changes `UTTypeRegistry.shared` lives here, so that they run one at a time.

/// The tests that change `UTTypeRegistry.shared`: one at a time, here and against every other
/// test that changes it (``changingSharedRegistry(_:)``, in TestSupport).
@Suite("Shared registry", .serialized)
struct SharedRegistryTests {
  /// The README's `UTType` example, line for line (with the fixture path made absolute).
  @Test func readmeExample() async throws {
    try await changingSharedRegistry {
      defer { UTTypeRegistry.shared.reset() }
      let png = UTType(filenameExtension: "png")!
      #expect(png.identifier == "public.png")
      #expect(png.conforms(to: .image))
      #expect(png.preferredMIMEType == "image/png")
      #expect(UTType("com.example.undeclared") == nil)
      #expect(UTType(filenameExtension: "conf")!.identifier == "dyn.ah62d4rv4ge80g55sq2")

      try UTTypeRegistry.shared.register(
        contentsOf: URL(fileURLWithPath: fixturesDirectory.appendingPathComponent("Info.plist").path))
      let arrow = UTType(exportedAs: "com.raywenderlich.pointybug.tool.arrow")
      #expect(arrow.isDeclared)
      #expect(arrow.conforms(to: .data))

      let ladybug = packageRoot.appendingPathComponent("Examples/PointyBug/ladybug.png").path
      let found = try UTTypeRegistry.shared.current.identifyFile(atPath: ladybug)
      #expect(found.type == .png)
      #expect(found.mimeType == "image/png")
      try Peers.sharedMimeInfo.orSkip()
      #expect(UTType(mimeType: "application/x-sqlite3")!.identifier == "org.freedesktop.mime.application.vnd.sqlite3")
    }
  }

  @Test func registerFromAnyThreadWhileOthersQuery() async throws {
    try await changingSharedRegistry {
      let shared = UTTypeRegistry.shared
      defer { shared.reset() }
      await withTaskGroup(of: Void.self) { group in
        for n in 0..<8 {
          group.addTask {
            let body = RegistryTests.plist(exported: [
              RegistryTests.declaration("com.example.concurrent\(n)", ["public.json"])
            ])
            shared.register(try! RegistryTests.file(body, path: "Concurrent\(n).plist"))
          }
          group.addTask {
            for _ in 0..<200 {
              #expect(UTType.png.conforms(to: .image))
              #expect(UTType(filenameExtension: "json") == .json)
            }
          }
        }
      }
      for n in 0..<8 {
        let type = try #require(UTType("com.example.concurrent\(n)"))
        #expect(type.conforms(to: .text))
      }
      shared.reset()
      #expect(UTType("com.example.concurrent0") == nil)
    }
  }

  @Test func typesFromOlderSnapshotsStillCompare() async throws {
    try await changingSharedRegistry {
      let shared = UTTypeRegistry.shared
      defer { shared.reset() }
      let oldPNG = UTType.png
      shared.register([TypeDeclaration(identifier: "com.example.new", conformsTo: ["public.png"])])
      let new = try #require(UTType("com.example.new"))
      #expect(new.conforms(to: oldPNG))
      #expect(new.conforms(to: .image))
      #expect(oldPNG == .png)
    }
  }
}

/// A registry large enough to build its tag index on a second thread, checked against a naive walk
/// of the declared parents.
@Suite("Large registries")
struct LargeRegistryTests {
  @Test func conformanceAndTagsAgreeWithANaiveWalk() throws {
    let declarations = SyntheticTypeGraph.declarations(count: 25_000, seed: 7)
    var builder = UTTypeRegistry.Builder(mimeDatabase: nil)
    for declaration in declarations { builder.add(declaration) }
    let registry = builder.build()
    #expect(registry.count == 25_000 + UTTypeRegistry.builtIn.count)
    var parents: [String: [String]] = [:]
    for d in declarations { parents[d.identifier] = d.conformsTo }
    func naive(_ a: String, _ b: String) -> Bool {
      var stack = [a]
      var seen = Set<String>()
      while let next = stack.popLast() {
        if next == b { return true }
        if seen.insert(next).inserted { stack += parents[next] ?? [] }
      }
      return false
    }
    var generator = SplitMix64(seed: 99)
    for _ in 0..<2_000 {
      let a = declarations.randomElement(using: &generator)!.identifier
      let b = declarations.randomElement(using: &generator)!.identifier
      #expect(registry.type(withIdentifier: a)!.conforms(to: registry.type(withIdentifier: b)!) == naive(a, b))
    }
    for n in stride(from: 0, to: 25_000, by: 997) {
      #expect(
        registry.types(tag: "syn\(n)", tagClass: .filenameExtension).map(\.identifier) == [
          "com.example.synthetic.t\(n)"
        ])
      #expect(registry.type(withIdentifier: "com.example.synthetic.t\(n)")!.conforms(to: .data))
    }
    #expect(registry.preferredType(tag: "png", tagClass: .filenameExtension) == .png)
  }
}
