import Foundation
import TestSupport
import Testing

@testable import TypeRegistry

/// Identification of real files against GIO's, on the same database: every format sample the
/// tests write (with its name, with none, and with a misleading one) and files found on the
/// machine under `/usr/share` and `/usr/bin`.
@Suite("Identification: agreement with GIO")
struct IdentificationAgreementTests {
  @Test func atLeast98PercentAgreeWithGIO() async throws {
    try Peers.sharedMimeInfo.orSkip()
    try Peers.gio.orSkip()
    let failures = try await offThePool { try Self.agreement() }
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
  }

  static func agreement() throws -> [String] {
    var checks = Checks()
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("agreement-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let samples = try IdentificationCorpus.writeSamples(into: directory)
    let machine = IdentificationCorpus.machineFiles(stride: 7, limit: 3000)
    let registry = UTTypeRegistry.Builder(mimeDatabase: .machine).build()
    let report = try IdentificationAgreement.compare(samples + machine, registry: registry)
    print("◇ identification agrees with GIO on \(report.agreed) of \(report.total) files")
    checks.expect(report.total >= samples.count + min(machine.count, 500))
    checks.expect(report.fraction >= 0.98, "\(report.disagreements.map(\.description).joined(separator: "\n"))")
    return checks.failures
  }

  @Test func theMachinesDatabaseRecognisesTheSamples() throws {
    let registry = UTTypeRegistry.Builder(mimeDatabase: .machine).build()
    try Peers.sharedMimeInfo.orSkip()
    try #require(registry.loadedMIMEDatabase != nil)
    var unrecognised: [String] = []
    for sample in FormatSample.all {
      let found = registry.identify(sample.bytes, fileName: nil)
      #expect(found.method == .content)
      if found.mimeType == "application/octet-stream" || found.mimeType == "text/plain" {
        unrecognised.append(sample.name)
      }
    }
    // Older databases lack a few formats (Debian 12's has no Mach-O or WebAssembly magic).
    #expect(unrecognised.count <= 3, "not recognised: \(unrecognised)")
  }
}

/// Identification on a machine without a MIME database: the catalog's extensions for names,
/// the built-in signatures for content.
@Suite("Identification: built-in signatures")
struct BuiltInSignatureTests {
  let registry = UTTypeRegistry.Builder(mimeDatabase: nil).build()

  @Test func everySampleIsRecognisedByItsSignature() {
    for sample in FormatSample.all {
      let found = registry.identify(sample.bytes, fileName: nil)
      #expect(found.mimeType == sample.mimeType, "\(sample.name)")
      #expect(found.method == .content)
      let unnamed = registry.identify(sample.bytes, fileName: "download")
      #expect(unnamed.mimeType == sample.mimeType, "\(sample.name) with a name that says nothing")
    }
    #expect(registry.identify(FormatSample.all[0].bytes, fileName: nil).type == .png)
    #expect(registry.identify(Array("Dear reader,\n".utf8), fileName: nil).type == .plainText)
    #expect(registry.identify([0, 1, 2, 3, 0xFF], fileName: nil).type == .data)
  }

  @Test func theContentDecidesAndANameTheRest() throws {
    let png = FormatSample.all[0].bytes
    let misleading = registry.identify(png, fileName: "notes.txt")
    #expect(misleading.type == .png && misleading.method == .content, "without a database the detectors decide")
    #expect(registry.identify(png, fileName: "shot.unknownext").type == .png)
    let swift = registry.identify(Array("import Foundation\n".utf8), fileName: "main.swift")
    #expect(swift.type.identifier == "public.swift-source" && swift.method == .name, "the name decides text")
    let directory = try makeTemporaryDirectory("signatures")
    defer { try? FileManager.default.removeItem(at: directory) }
    let paths = try IdentificationCorpus.writeSamples(into: directory)
    for (index, sample) in FormatSample.all.enumerated() {
      for path in paths[(3 * index)..<(3 * index + 3)] {
        #expect(try registry.identifyFile(atPath: path).mimeType == sample.mimeType, "\(sample.name): \(path)")
      }
    }
    let fifo = directory.appendingPathComponent("pipe").path
    #expect(mkfifo(fifo, 0o600) == 0)
    #expect(try registry.identifyFile(atPath: fifo).mimeType == "inode/fifo", "never opened")
    #expect(try registry.identifyFile(atPath: directory.path).type == .folder)
    #expect(throws: IdentificationError.self) { try registry.identifyFile(atPath: directory.path + "/missing") }
  }

  /// Where the machine has a database, the built-in signatures and it name the same formats
  /// (or one names a subclass of the other's).
  @Test func theSignaturesAgreeWithTheMachinesDatabase() throws {
    let machine = UTTypeRegistry.Builder(mimeDatabase: .machine).build()
    guard let database = machine.loadedMIMEDatabase else { return }
    var compared = 0
    for sample in FormatSample.all {
      let theirs = machine.identify(sample.bytes, fileName: nil).mimeType
      guard theirs != "application/octet-stream", theirs != "text/plain" else { continue }
      let ours = registry.identify(sample.bytes, fileName: nil).mimeType
      compared += 1
      #expect(
        UTTypeRegistry.mimeType(ours, isOrRefines: theirs, in: database)
          || UTTypeRegistry.mimeType(theirs, isOrRefines: ours, in: database),
        "\(sample.name): built-in \(ours), machine \(theirs)")
    }
    #expect(compared >= FormatSample.all.count - 3)
  }
}
