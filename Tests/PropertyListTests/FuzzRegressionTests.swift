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
  static let seeds = ["xml", "binary", "openstep", "json"].flatMap {
    files(in: packageRoot.appendingPathComponent("Fuzz/corpus/\($0)"))
  }

  @Test func thereAreSeedsForEveryFormat() {
    #expect(Self.seeds.count >= 8)
  }

  @Test(arguments: regressions + seeds)
  func roundTripHolds(path: String) throws {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(throws: Never.self) { try PropertyListRoundTrip.check(bytes) }
  }
}
