import Foundation
import TestSupport
import Testing

@testable import PropertyList

/// Malformed and malicious input must give a located error: never a crash, a hang, or unbounded
/// memory. The cases are written by `scripts/make-hostile-fixtures.py`, which also records the
/// expected error and location in `Tests/Fixtures/hostile/manifest.json`.
///
/// The time limit names a hang instead of letting it hold the run; it is generous because it
/// counts from each test's start, and on 2 cores a test's body may wait minutes for a thread
/// behind other suites' blocking bodies (a one-minute limit elsewhere was exceeded so in CI).
@Suite("Hostile input", .timeLimit(.minutes(10)))
struct HostileInputTests {
  struct Case: Decodable, Sendable, CustomTestStringConvertible {
    var file: String
    var code: String
    var contains: String
    var offset: Int?
    var line: Int?
    var column: Int?
    var testDescription: String { file }
  }

  static let cases: [Case] = {
    let url = fixturesDirectory.appendingPathComponent("hostile/manifest.json")
    return try! JSONDecoder().decode([Case].self, from: Data(contentsOf: url))
  }()

  @Test func corpusIsLargeEnough() {
    #expect(Self.cases.count >= 30)
  }

  @Test(arguments: cases)
  func yieldsALocatedError(_ c: Case) throws {
    let bytes = try fixture("hostile/" + c.file)
    let error = try #require(parseError(bytes))
    #expect(error.code.description == c.code)
    #expect(error.message.contains(c.contains), "\(error.message)")
    if let offset = c.offset { #expect(error.location.offset == offset) }
    if let line = c.line { #expect(error.location.line == line) }
    if let column = c.column { #expect(error.location.column == column) }
    #expect(error.location.offset >= 0 && error.location.offset <= bytes.count)
  }

  static let validDocuments: [(String, [UInt8])] = {
    let value: PropertyList.Value = [
      "s": "text é", "i": -5, "big": .init(.integer(.init(UInt64.max))), "r": 1.5, "t": true,
      "d": .init(.date(Date(timeIntervalSinceReferenceDate: 12345))), "data": .init(.data(Data([1, 2, 3]))),
      "a": ["x", ["y": 2], []],
    ]
    var documents = [
      ("xml", try! PropertyList.write(value, as: .xml)),
      ("binary", try! PropertyList.write(value, as: .binary)),
    ]
    var stripped = value.dictionary!
    stripped["d"] = nil
    stripped["data"] = nil
    documents.append(("json", try! PropertyList.write(.init(.dictionary(stripped)), as: .json)))
    documents.append(("openstep", Array("{ s = \"text\"; a = (x, { y = 2; }, ()); d = <0102 03>; }".utf8)))
    return documents
  }()

  @Test(arguments: validDocuments.map(\.0))
  func truncationAtEveryLengthIsAnErrorOrAValue(format: String) throws {
    let bytes = Self.validDocuments.first { $0.0 == format }!.1
    #expect(throws: Never.self) { try PropertyList.parse(bytes) }
    for length in 0..<bytes.count {
      do {
        _ = try PropertyList.parse(Array(bytes[0..<length]))
      } catch {
        #expect(error.location.offset >= 0 && error.location.offset <= length)
      }
    }
  }

  @Test(arguments: validDocuments.map(\.0))
  func randomByteFlipsNeverCrash(format: String) throws {
    let bytes = Self.validDocuments.first { $0.0 == format }!.1
    var generator = SplitMix64(seed: 0x5EED)
    var (read, rejected) = (0, 0)
    for _ in 0..<3000 {
      var mutated = bytes
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        mutated[Int.random(in: 0..<mutated.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
      }
      do {
        // What reads must round-trip unchanged (the fuzzers' property).
        _ = try PropertyList.parse(mutated)
        read += 1
        #expect(throws: Never.self) { try PropertyListRoundTrip.check(mutated) }
      } catch {
        // What fails must say where and what, inside the input.
        rejected += 1
        #expect((0...mutated.count).contains(error.location.offset), "\(error)")
        #expect(!error.message.isEmpty)
      }
    }
    #expect(read + rejected == 3000)
    #expect(rejected > 0, "3,000 random flips of a \(format) document were all accepted: the reader checks nothing")
  }
}
