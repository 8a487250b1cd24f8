import Foundation
import TestSupport
import Testing

@testable import PropertyList

/// Every input the fuzzers (`scripts/fuzz.sh`) ever crashed on, and their seed corpora, checked
/// with the fuzzers' own property: reading never traps, and what reads round-trips unchanged.
@Suite("Fuzz regressions and seeds")
struct FuzzRegressionTests {
  static func files(in directory: URL) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted().map {
      directory.appendingPathComponent($0).path
    }
  }

  static let regressions = files(in: fixturesDirectory.appendingPathComponent("fuzz-regressions"))
  static let formats: [String: PropertyList.Format] = [
    "xml": .xml, "binary": .binary, "openstep": .openStep, "json": .json,
  ]
  static func seeds(_ format: String) -> [String] {
    files(in: packageRoot.appendingPathComponent("Fuzz/corpus/\(format)"))
  }
  static let seeds = formats.keys.sorted().flatMap(seeds)

  /// Each fuzzer starts from at least two seeds, and from at least one valid document of its format.
  @Test(arguments: formats.keys.sorted())
  func thereAreSeedsForEveryFormat(format: String) throws {
    let seeds = Self.seeds(format)
    #expect(seeds.count >= 2, "Fuzz/corpus/\(format) has \(seeds.count) seeds")
    let formats = seeds.compactMap { path in
      (try? Data(contentsOf: URL(fileURLWithPath: path))).flatMap { try? PropertyList.parse([UInt8]($0)).format }
    }
    #expect(formats.contains(Self.formats[format]!), "no seed in Fuzz/corpus/\(format) reads as \(format)")
  }

  @Test(arguments: regressions + seeds)
  func roundTripHolds(path: String) throws {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(throws: Never.self) { try PropertyListRoundTrip.check(bytes) }
  }
}
