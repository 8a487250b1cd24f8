import Foundation
import TestSupport
import Testing

@testable import TypeRegistry

/// Identification of real files against GIO's, on the same database: every format sample the
/// tests write (with its name, with none, and with a misleading one) and files found on the
/// machine under `/usr/share` and `/usr/bin`.
@Suite("Identification: agreement with GIO")
struct IdentificationAgreementTests {
  @Test func atLeast98PercentAgreeWithGIO() throws {
    guard try MIMECacheTests.systemCache() != nil else { return }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("agreement-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let samples = try IdentificationCorpus.writeSamples(into: directory)
    let machine = IdentificationCorpus.machineFiles(stride: 7, limit: 3000)
    let registry = UTTypeRegistry.Builder(mimeDatabase: .machine).build()
    guard let report = try IdentificationAgreement.compare(samples + machine, registry: registry) else {
      print("◇ skipped: /usr/bin/python3 has no gi (GIO); the agreement with GIO was not measured")
      return
    }
    print("◇ identification agrees with GIO on \(report.agreed) of \(report.total) files")
    #expect(report.total >= samples.count + min(machine.count, 500))
    #expect(report.fraction >= 0.98, "\(report.disagreements.map(\.description).joined(separator: "\n"))")
  }

  @Test func theMachinesDatabaseRecognisesTheSamples() throws {
    let registry = UTTypeRegistry.Builder(mimeDatabase: .machine).build()
    guard let database = registry.mimeDatabase, !database.caches.isEmpty else { return }
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
