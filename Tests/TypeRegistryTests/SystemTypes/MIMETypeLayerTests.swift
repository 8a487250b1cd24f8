import Foundation
import TestSupport
import Testing

@testable import TypeRegistry

/// The machine's MIME types as registry types: a database the tests write and compile with
/// shared-mime-info's own `update-mime-database`, and the machine's database, where every Apple
/// answer must stay as the catalog gives it.
@Suite("MIME database: types in the registry")
struct MIMETypeLayerTests {
  /// A package of types for the tests: one the catalog claims (`image/png`, with a new alias and
  /// glob), one it claims through an alias, and unclaimed ones with and without parents.
  static let package = """
    <?xml version="1.0" encoding="UTF-8"?>
    <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
      <mime-type type="image/png">
        <comment>PNG picture</comment>
        <alias type="image/x-test-png"/>
        <glob pattern="*.pngx"/>
        <glob pattern="*.jpg"/>
      </mime-type>
      <mime-type type="application/x-test-pdf">
        <comment>Test PDF</comment>
        <alias type="application/pdf"/>
      </mime-type>
      <mime-type type="application/x-test-base">
        <comment>Test base &amp; co</comment>
        <glob pattern="*.tbase"/>
      </mime-type>
      <mime-type type="application/x-test-thing+xml">
        <comment>Test thing</comment>
        <sub-class-of type="application/x-test-base"/>
        <alias type="application/x-test-thing-alias"/>
        <glob pattern="*.thing" weight="60"/>
        <glob pattern="*.tng"/>
        <glob pattern="Thingfile"/>
      </mime-type>
      <mime-type type="text/x-test-notes">
        <comment>Test notes</comment>
        <glob pattern="*.tnotes"/>
      </mime-type>
      <mime-type type="image/x-test-picture">
        <comment>Test picture</comment>
        <magic priority="50"><match type="string" offset="0" value="TESTPIC"/></magic>
      </mime-type>
      <mime-type type="inode/x-test-node"><comment>Test node</comment></mime-type>
      <mime-type type="text/x-test-lower"><comment>Test lower</comment>
        <glob pattern="*.tq" case-sensitive="true"/></mime-type>
      <mime-type type="text/x-test-upper"><comment>Test upper</comment>
        <glob pattern="*.TQ" case-sensitive="true"/></mime-type>
    </mime-info>
    """

  /// A MIME directory holding the test package, compiled by `update-mime-database`; the test
  /// is skipped when shared-mime-info's tool is not installed.
  static func testDatabase(in directory: URL) throws -> String? {
    let tool = try Peers.executable("update-mime-database", package: "shared-mime-info").orSkip()
    let mime = directory.appendingPathComponent("mime")
    try FileManager.default.createDirectory(
      at: mime.appendingPathComponent("packages"), withIntermediateDirectories: true)
    try Data(package.utf8).write(to: mime.appendingPathComponent("packages/test.xml"))
    let run = try runProcess(tool, [mime.path])
    try #require(run.status == 0, "\(run.stderrText)")
    return mime.path
  }

  @Test func unclaimedTypesGetDerivedIdentifiersAndTheirParents() throws {
    let directory = try makeTemporaryDirectory("mime-layer")
    defer { try? FileManager.default.removeItem(at: directory) }
    guard let mime = try Self.testDatabase(in: directory) else { return }
    let registry = UTTypeRegistry.Builder(mimeDatabase: .directories([mime])).build()

    let thing = try #require(registry.type(tag: "application/x-test-thing+xml", tagClass: .mimeType, conformingTo: nil))
    #expect(thing.identifier == "org.freedesktop.mime.application.x-test-thing-plus-xml")
    #expect(thing.isDeclared && !thing.isDynamic && !thing.isPublic)
    #expect(thing.localizedDescription == "Test thing")
    #expect(thing.preferredMIMEType == "application/x-test-thing+xml")
    #expect(thing.tags[.mimeType] == ["application/x-test-thing+xml", "application/x-test-thing-alias"])
    #expect(thing.tags[.filenameExtension] == ["thing", "tng"], "heaviest glob first; Thingfile is no extension")
    let base = try #require(registry.type(withIdentifier: "org.freedesktop.mime.application.x-test-base"))
    #expect(base.localizedDescription == "Test base & co")
    #expect(registry.directSupertypes(of: thing).map(\.identifier) == [base.identifier])
    #expect(thing.conforms(to: base) && thing.conforms(to: .data) && !thing.conforms(to: .text))
    #expect(registry.directSupertypes(of: base).map(\.identifier) == ["public.data"], "octet-stream is public.data")
    #expect(registry.type(tag: "application/x-test-thing-alias", tagClass: .mimeType, conformingTo: nil) == thing)
    #expect(registry.preferredType(tag: "TNG", tagClass: .filenameExtension) == thing)
    #expect(registry.declaration(of: thing)?.origin == "shared-mime-info")

    let notes = try #require(registry.type(tag: "text/x-test-notes", tagClass: .mimeType, conformingTo: nil))
    #expect(registry.directSupertypes(of: notes).map(\.identifier) == ["public.plain-text"], "text/* is text/plain")
    #expect(notes.conforms(to: .text))
    let picture = try #require(registry.type(withIdentifier: "org.freedesktop.mime.image.x-test-picture"))
    #expect(picture.conforms(to: .image) && picture.conforms(to: .data))
    let node = try #require(registry.type(withIdentifier: "org.freedesktop.mime.inode.x-test-node"))
    #expect(!node.conforms(to: .data) && node.conforms(to: .item), "inode/* is not application/octet-stream")
  }

  /// A case-sensitive glob's extension matches its own case alone, in tags as in identification:
  /// `*.tq` and `*.TQ` name two types, and neither is offered for the other's case.
  @Test func caseSensitiveGlobsKeepTheirCaseInTags() throws {
    let directory = try makeTemporaryDirectory("mime-layer")
    defer { try? FileManager.default.removeItem(at: directory) }
    guard let mime = try Self.testDatabase(in: directory) else { return }
    let registry = UTTypeRegistry.Builder(mimeDatabase: .directories([mime])).build()
    let lower = "org.freedesktop.mime.text.x-test-lower"
    let upper = "org.freedesktop.mime.text.x-test-upper"
    #expect(registry.types(tag: "tq", tagClass: .filenameExtension).map(\.identifier) == [lower])
    #expect(registry.types(tag: "TQ", tagClass: .filenameExtension).map(\.identifier) == [upper])
    #expect(registry.types(tag: "Tq", tagClass: .filenameExtension).isEmpty, "neither case matches")
    #expect(registry.type(withIdentifier: upper)?.tags[.filenameExtension] == ["TQ"])
    #expect(registry.identify(nil, fileName: "notes.TQ").mimeType == "text/x-test-upper")
    #expect(registry.identify(nil, fileName: "notes.tq").mimeType == "text/x-test-lower")
    // The machine's database: *.c is C and *.C is C++ (both globs case-sensitive).
    let machine = UTTypeRegistry.Builder(mimeDatabase: .machine).build()
    guard let cplusplus = machine.type(tag: "text/x-c++src", tagClass: .mimeType, conformingTo: nil),
      cplusplus.isDeclared,
      cplusplus.tags[.filenameExtension]?.contains("C") == true
    else { return }
    #expect(
      !machine.types(tag: "c", tagClass: .filenameExtension).contains(cplusplus), "lookup --extension c offers C++")
    #expect(machine.types(tag: "C", tagClass: .filenameExtension).contains(cplusplus))
  }

  @Test func claimedTypesGainTagsButKeepApplesAnswers() throws {
    let directory = try makeTemporaryDirectory("mime-layer")
    defer { try? FileManager.default.removeItem(at: directory) }
    guard let mime = try Self.testDatabase(in: directory) else { return }
    let registry = UTTypeRegistry.Builder(mimeDatabase: .directories([mime])).build()
    let png = try #require(registry.type(tag: "image/x-test-png", tagClass: .mimeType, conformingTo: nil))
    #expect(png.identifier == "public.png", "an alias of a MIME type the catalog claims")
    #expect(png.tags[.mimeType] == ["image/png", "image/x-test-png"])
    #expect(png.tags[.filenameExtension] == ["png", "pngx"], "jpg stays public.jpeg's")
    #expect(png.localizedDescription == UTType.png.localizedDescription, "the catalog's description stays")
    #expect(registry.preferredType(tag: "jpg", tagClass: .filenameExtension)?.identifier == "public.jpeg")
    #expect(registry.supertypes(of: png) == UTTypeRegistry.builtIn.supertypes(of: .png))
    // A MIME type whose alias the catalog claims (application/pdf) is the catalog's type.
    #expect(registry.type(tag: "application/x-test-pdf", tagClass: .mimeType, conformingTo: nil) == .pdf)
    #expect(registry.type(withIdentifier: "org.freedesktop.mime.application.x-test-pdf") == nil)
  }

  @Test func theLayerIsReadOnlyWhenAQueryNeedsIt() throws {
    let directory = try makeTemporaryDirectory("mime-layer")
    defer { try? FileManager.default.removeItem(at: directory) }
    // The database does not exist yet when the registry is built, nor when the catalog answers.
    let later = directory.appendingPathComponent("mime").path
    let registry = UTTypeRegistry.Builder(mimeDatabase: .directories([later])).build()
    #expect(registry.includesMIMEDatabase)
    let png = try #require(registry.type(withIdentifier: "public.png"))
    #expect(png.conforms(to: .image))
    #expect(registry.preferredType(tag: "png", tagClass: .filenameExtension) == png)
    guard try Self.testDatabase(in: directory) != nil else { return }
    // The first query the catalog cannot answer reads the database, now present.
    #expect(registry.type(withIdentifier: "org.freedesktop.mime.application.x-test-base") != nil)
    #expect(png.tags[.filenameExtension] == ["png", "pngx"])
    #expect(registry.count > UTTypeRegistry.builtIn.count)

    let without = UTTypeRegistry.Builder(mimeDatabase: nil).build()
    #expect(!without.includesMIMEDatabase)
    #expect(without.type(withIdentifier: "org.freedesktop.mime.application.x-test-base") == nil)
    #expect(without.count == UTTypeRegistry.builtIn.count)
  }

  @Test func declarationsAboveTheLayerWin() throws {
    let directory = try makeTemporaryDirectory("mime-layer")
    defer { try? FileManager.default.removeItem(at: directory) }
    guard let mime = try Self.testDatabase(in: directory) else { return }
    var builder = UTTypeRegistry.Builder(mimeDatabase: .directories([mime]))
    // An app's export of the derived identifier replaces the database's; a type whose parent
    // only the layer declares resolves it.
    builder.add(
      TypeDeclaration(
        identifier: "org.freedesktop.mime.application.x-test-base", conformsTo: ["public.data"],
        description: "Mine", tags: ["public.filename-extension": ["tbase"]]))
    builder.add(
      TypeDeclaration(
        identifier: "com.example.notes", conformsTo: ["org.freedesktop.mime.text.x-test-notes"],
        tags: ["public.filename-extension": ["tnotes"]]))
    let registry = builder.build()
    #expect(registry.unknownParents.isEmpty)
    let mine = try #require(registry.type(withIdentifier: "org.freedesktop.mime.application.x-test-base"))
    #expect(mine.localizedDescription == "Mine")
    #expect(registry.conflicts.map(\.identifier) == ["org.freedesktop.mime.application.x-test-base"])
    let notes = try #require(registry.type(withIdentifier: "com.example.notes"))
    #expect(notes.conforms(to: .plainText))
    // An app's own types come first: its declared extension answers ahead of the database's glob.
    #expect(registry.preferredType(tag: "tnotes", tagClass: .filenameExtension)?.identifier == "com.example.notes")
    #expect(
      registry.types(tag: "tnotes", tagClass: .filenameExtension).map(\.identifier) == [
        "com.example.notes", "org.freedesktop.mime.text.x-test-notes",
      ])
  }

  @Test func derivedIdentifiers() {
    #expect(MIMEDatabase.derivedIdentifier(of: "application/x-sqlite3") == "org.freedesktop.mime.application.x-sqlite3")
    #expect(
      MIMEDatabase.derivedIdentifier(of: "application/vnd.ms-visio.drawing.main+xml")
        == "org.freedesktop.mime.application.vnd.ms-visio.drawing.main-plus-xml")
    #expect(MIMEDatabase.derivedIdentifier(of: "Text/X-Foo_Bar") == "org.freedesktop.mime.text.x-foo-bar")
  }

  /// On the machine's database: every catalog type keeps Apple's conformance and preferred tags,
  /// every catalog tag keeps its preferred type, and every database type has a type.
  @Test func theMachinesDatabaseChangesNoAppleAnswer() async throws {
    try Peers.sharedMimeInfo.orSkip()
    let failures = try await offThePool { try Self.noAppleAnswerChanges() }
    #expect(failures.isEmpty, "\(failures.prefix(20).joined(separator: "\n"))")
  }

  static func noAppleAnswerChanges() throws -> [String] {
    var checks = Checks()
    let catalog = UTTypeRegistry.builtIn
    let layered = UTTypeRegistry.Builder(mimeDatabase: .machine).build().completed
    checks.expect(layered.count > catalog.count + 100)
    for type in catalog.allTypes {
      let same = try layered.type(withIdentifier: type.identifier).orThrow()
      checks.expect(layered.supertypes(of: same) == catalog.supertypes(of: type))
      checks.expect(same.preferredMIMEType == type.preferredMIMEType)
      checks.expect(same.preferredFilenameExtension == type.preferredFilenameExtension)
      for (tagClass, values) in type.tags {
        checks.expect(Array((same.tags[tagClass] ?? []).prefix(values.count)) == values, "Apple's tags come first")
        for value in values {
          checks.expect(
            layered.preferredType(tag: value, tagClass: tagClass)?.identifier
              == catalog.preferredType(tag: value, tagClass: tagClass)?.identifier, "\(tagClass.rawValue) \(value)")
        }
      }
    }
    let database = try layered.mimeDatabase.orThrow()
    for info in database.typeInfos() {
      checks.expect(layered.preferredType(tag: info.mimeType, tagClass: .mimeType) != nil, "\(info.mimeType)")
    }
    checks.expect(
      layered.type(tag: "inode/directory", tagClass: .mimeType, conformingTo: nil)?.identifier == "public.folder")
    checks.expect(
      layered.type(tag: "inode/fifo", tagClass: .mimeType, conformingTo: nil)?.identifier == "public.named-pipe")
    checks.expect(
      layered.type(withIdentifier: "public.folder")?.preferredMIMEType == nil, "Apple's folder has no MIME type")
    checks.expect(layered.cycles.isEmpty)
    checks.expect(layered.unknownParents.isEmpty)
    checks.expect(layered.conflicts.isEmpty)
    return checks.failures
  }
}

extension UTTypeRegistry {
  /// Every supertype of `type`, itself excluded, as identifiers.
  fileprivate func supertypes(of type: UTType) -> Set<String> {
    Set((self.type(withIdentifier: type.identifier)?.supertypes ?? []).map(\.identifier))
  }
}
