import Foundation
import TestSupport
import Testing

@testable import TypeRegistry

/// Source XML (`packages/*.xml`) read and compiled into a cache in memory: the machine's own
/// package must identify as the `mime.cache` that update-mime-database compiles from that package
/// alone does (not the machine's cache, which a desktop's other packages, such as KDE's
/// `kde5.xml`, also go into), and hostile package files give located errors.
@Suite("MIME packages: the XML fallback")
struct MIMEPackageTests {
  static let machinePackage = "/usr/share/mime/packages/freedesktop.org.xml"

  /// A MIME directory with the machine's package and no cache.
  static func directoryWithoutCache() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("packages-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("packages"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: machinePackage, toPath: directory.appendingPathComponent("packages/freedesktop.org.xml").path)
    return directory
  }

  @Test func theMachinesPackageIdentifiesAsItsCacheDoes() async throws {
    try Peers.sharedMimeInfo.orSkip()
    let tool = try Peers.executable("update-mime-database", package: "shared-mime-info").orSkip()
    let failures = try await offThePool { try Self.packageMatchesCache(compiledBy: tool) }
    #expect(failures.isEmpty, "\(failures.prefix(20).joined(separator: "\n"))")
  }

  /// Compares the package read as XML with the cache `tool` (update-mime-database) compiles from
  /// the same package in a directory of its own.
  static func packageMatchesCache(compiledBy tool: String) throws -> [String] {
    var checks = Checks()
    let directory = try Self.directoryWithoutCache()
    let compiled = try Self.directoryWithoutCache()
    defer {
      try? FileManager.default.removeItem(at: directory)
      try? FileManager.default.removeItem(at: compiled)
    }
    let update = try runProcess(tool, [compiled.path])
    guard update.status == 0 else { return ["update-mime-database failed: \(update.stderrText)"] }
    let fromXML = MIMEDatabase(directories: [directory.path])
    let fromCache = MIMEDatabase(directories: [compiled.path])
    checks.expect(fromCache.caches.count == 1, "the compiled cache is read: \(fromCache.problems)")
    checks.expect(fromXML.problems.isEmpty, "\(fromXML.problems)")
    guard fromXML.caches.count == 1 else { return ["the package gave \(fromXML.caches.count) caches"] }

    let samples = FormatSample.all.map { ($0.name, $0.bytes) } + MIMEDatabaseTests.samples.map { ($0.0, $0.1) }
    for (name, bytes) in samples {
      let a = bytes.withUnsafeBytes { fromXML.identify(fileName: nil, data: $0) }
      let b = bytes.withUnsafeBytes { fromCache.identify(fileName: nil, data: $0) }
      checks.expect(a == b, "\(name) by content")
    }
    for name in MIMECacheTests.names + ["Makefile", "README", "x.tar.gz", "core", "x.C", "x.c", "CMakeLists.txt"] {
      checks.expect(fromXML.globMatches(forFileName: name) == fromCache.globMatches(forFileName: name), "\(name)")
    }
    let machine = IdentificationCorpus.machineFiles(stride: 37, limit: 600)
    for path in machine {
      checks.expect((try? fromXML.identifyFile(atPath: path)) == (try? fromCache.identifyFile(atPath: path)), "\(path)")
    }
    checks.expect(Set(fromXML.typeInfos().map(\.mimeType)).isSuperset(of: fromCache.typeInfos().map(\.mimeType)))
    checks.expect(fromXML.description(of: "image/png") == fromCache.description(of: "image/png"))
    checks.expect(fromXML.unalias("image/x-png") == fromCache.unalias("image/x-png"))
    checks.expect(fromXML.parents(of: "image/svg+xml") == fromCache.parents(of: "image/svg+xml"))
    return checks.failures
  }

  /// A package from `body` (inside `<mime-info>`), or its error.
  static func package(_ body: String) -> Result<MIMEPackage, MIMEPackage.Error> {
    let xml =
      "<?xml version=\"1.0\"?>\n<mime-info xmlns=\"http://www.freedesktop.org/standards/shared-mime-info\">\n"
      + body + "\n</mime-info>\n"
    return Result { () throws(MIMEPackage.Error) in try MIMEPackage(xml: Array(xml.utf8), path: "test.xml") }
  }

  @Test func matchValuesAsUpdateMimeDatabaseWritesThem() throws {
    let package = try Self.package(
      """
      <mime-type type="application/x-test">
        <comment>Test</comment><comment xml:lang="fr">Essai</comment>
        <magic priority="70">
          <match type="string" value="AB\\x43\\104\\n" offset="2:4" mask="0xFFFFFFFF00"/>
          <match type="big16" value="0x1234" offset="0"><match type="little32" value="0x01020304" offset="8"/></match>
          <match type="byte" value="017" offset="1"/>
        </magic>
      </mime-type>
      """
    ).get()
    let entry = try #require(package.types.first)
    #expect(entry.comment == "Test")
    let magic = try #require(entry.magic.first)
    #expect(magic.priority == 70)
    #expect(magic.matchlets[0].value == Array("ABCD\n".utf8))
    #expect(magic.matchlets[0].rangeStart == 2 && magic.matchlets[0].rangeLength == 3)
    #expect(magic.matchlets[0].mask == [0xFF, 0xFF, 0xFF, 0xFF, 0])
    #expect(magic.matchlets[1].value == [0x12, 0x34])
    #expect(magic.matchlets[1].children[0].value == [4, 3, 2, 1])
    #expect(magic.matchlets[2].value == [0o17])
    // Compiled and read back: the rules match what they describe.
    let cache = try MIMECache(bytes: package.cacheImage, path: "test")
    #expect(cache.magicMatch([0x12, 0x34, 0, 0, 0, 0, 0, 0, 4, 3, 2, 1])?.mimeType == "application/x-test")
    #expect(cache.magicMatch([0x12, 0x34, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4]) == nil, "the nested match must hold too")
    #expect(cache.magicMatch(Array("xxxABCD\u{7F}".utf8))?.mimeType == "application/x-test", "masked last byte")
  }

  @Test func hostilePackagesGiveLocatedErrors() {
    let cases: [(String, String)] = [
      ("<mime-type type=\"a/b\"><glob pattern=\"*.x\"></mime-type>", "3:43: </mime-type> closes <glob>"),
      ("<mime-type type=\"nope\"/>", "3:1: 'nope' is not a MIME type (media/subtype)"),
      (
        "<mime-type type=\"a/b\"><glob pattern=\"*.x\" weight=\"900\"/></mime-type>",
        "3:23: a glob's weight is a number from 0 to 100, not '900'"
      ),
      (
        "<mime-type type=\"a/b\"><magic><match type=\"string\" value=\"x\" offset=\"0:99999999\"/></magic></mime-type>",
        "3:30: the offset range '0:99999999' is longer than 1048576 bytes"
      ),
      (
        "<mime-type type=\"a/b\"><magic><match type=\"big16\" value=\"0x123456\" offset=\"0\"/></magic></mime-type>",
        "3:30: '0x123456' is not a number that fits in 2 bytes"
      ),
      (
        "<mime-type type=\"a/b\"><magic><match type=\"string\" value=\"ab\" mask=\"0xFF\" offset=\"0\"/></magic></mime-type>",
        "3:30: the mask '0xFF' is not as long as the value (2 bytes)"
      ),
      ("<mime-type type=\"a/b\" type=\"c/d\"/>", "3:23: the attribute type is given twice"),
      ("<mime-type type=\"a/b\"><!-- never closed", "3:23: the comment never ends"),
      (String(repeating: "<x>", count: 70), "3:190: elements nest deeper than 64 levels"),
      (
        "<mime-type type=\"a/b\"><magic><match type=\"float\" value=\"1\" offset=\"0\"/></magic></mime-type>",
        "3:30: 'float' is not a match type (string, byte, host16, host32, big16, big32, little16, little32)"
      ),
    ]
    for (body, expected) in cases {
      switch Self.package(body) {
      case .success: Issue.record("accepted: \(body)")
      case .failure(let error): #expect(error.description == "test.xml:" + expected)
      }
    }
    // Entities are never expanded: a billion laughs is text, not a gigabyte.
    let laughs = """
      <?xml version="1.0"?><!DOCTYPE m [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>
      <mime-info><mime-type type="a/b"><comment>&b;</comment></mime-type></mime-info>
      """
    let package = try? MIMEPackage(xml: Array(laughs.utf8), path: "laughs.xml")
    #expect(package?.types.first?.comment == "&b;")
  }

  @Test func aBadPackageFileIsReportedAndTheOthersAreUsed() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("packages-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let packages = directory.appendingPathComponent("packages")
    try FileManager.default.createDirectory(at: packages, withIntermediateDirectories: true)
    try Data("<mime-info><mime-type type=\"a/b\"><glob pattern=\"*.ab\"/></mime-type>".utf8)
      .write(to: packages.appendingPathComponent("broken.xml"))
    try Data(
      """
      <mime-info><mime-type type="application/x-good"><comment>Good</comment><glob pattern="*.good"/>
      <glob pattern="GOODFILE" case-sensitive="true"/><root-XML namespaceURI="urn:good" localName="g"/>
      </mime-type><mime-type type="application/x-good"><alias type="application/x-fine"/></mime-type></mime-info>
      """.utf8
    ).write(to: packages.appendingPathComponent("good.xml"))
    let database = MIMEDatabase(directories: [directory.path])
    #expect(database.problems == [packages.path + "/broken.xml:1:68: the file ends inside <mime-info>"])
    #expect(database.globMatches(forFileName: "x.GOOD").map(\.mimeType) == ["application/x-good"])
    #expect(database.globMatches(forFileName: "GOODFILE").map(\.mimeType) == ["application/x-good"])
    #expect(database.globMatches(forFileName: "goodfile").isEmpty, "a case-sensitive literal")
    #expect(database.unalias("application/x-fine") == "application/x-good", "a type given twice is merged")
    #expect(database.description(of: "application/x-good") == "Good")
    let xml = Array("<?xml version='1.0'?><g xmlns='urn:good'/>".utf8)
    #expect(xml.withUnsafeBytes { database.xmlType(of: $0) } == "application/x-good")
    let registry = UTTypeRegistry.Builder(mimeDatabase: .directories([directory.path])).build()
    let good = try #require(registry.type(tag: "application/x-fine", tagClass: .mimeType, conformingTo: nil))
    #expect(good.identifier == "org.freedesktop.mime.application.x-good")
    #expect(good.localizedDescription == "Good")
  }
}

/// Broken databases: a clear problem, and identification falls back to what still works.
@Suite("MIME database: broken directories")
struct BrokenDatabaseTests {
  static func directory(_ files: [String: [UInt8]]) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID().uuidString)")
    for (name, bytes) in files {
      let file = url.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(bytes).write(to: file)
    }
    return url
  }

  @Test func aTruncatedCacheFallsBackToTheBuiltInSignatures() throws {
    let directory = try Self.directory(["mime.cache": [0, 1, 0, 2, 0, 0, 0, 40]])
    defer { try? FileManager.default.removeItem(at: directory) }
    let registry = UTTypeRegistry.Builder(mimeDatabase: .directories([directory.path])).build()
    let database = try #require(registry.mimeDatabase)
    #expect(database.caches.isEmpty)
    #expect(
      database.problems == ["\(directory.path)/mime.cache: 8 bytes is too short for a mime.cache header (40 bytes)"])
    #expect(registry.identify(FormatSample.all[0].bytes, fileName: nil).mimeType == "image/png")
    #expect(registry.count == UTTypeRegistry.builtIn.count, "no MIME types, the catalog alone")
  }

  @Test func packagesThatAllFailFallBackToo() throws {
    let directory = try Self.directory(["packages/a.xml": Array("<mime-info><oops".utf8)])
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = MIMEDatabase(directories: [directory.path])
    #expect(database.caches.isEmpty)
    #expect(database.problems.count == 1)
    #expect(database.problems.first?.hasPrefix("\(directory.path)/packages/a.xml:1:") == true)
  }

  @Test func parentCyclesEndAndAreReported() throws {
    let xml = """
      <mime-info>
        <mime-type type="application/x-a"><sub-class-of type="application/x-b"/><glob pattern="*.aa"/></mime-type>
        <mime-type type="application/x-b"><sub-class-of type="application/x-a"/><glob pattern="*.aa"/></mime-type>
      </mime-info>
      """
    let directory = try Self.directory(["packages/cycle.xml": Array(xml.utf8)])
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = MIMEDatabase(directories: [directory.path])
    #expect(database.isSubclass("application/x-a", of: "application/x-b"))
    #expect(!database.isSubclass("application/x-a", of: "text/plain"))
    #expect(database.identify(fileName: "x.aa", data: nil) == "application/x-a")
    let registry = UTTypeRegistry.Builder(mimeDatabase: .directories([directory.path])).build()
    let a = try #require(registry.type(withIdentifier: "org.freedesktop.mime.application.x-a"))
    let b = try #require(registry.type(withIdentifier: "org.freedesktop.mime.application.x-b"))
    #expect(a.conforms(to: b) != b.conforms(to: a), "the cycle is broken at one edge")
    #expect(registry.cycles.map(\.path.count) == [3], "and reported: a → b → a")
  }
}
