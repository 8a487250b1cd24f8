import Foundation
import TestSupport
import Testing

@testable import TypeRegistry

/// The identification guide's table (`Sources/SwiftUTI/SwiftUTI.docc/IdentifyingFiles.md`) of every format the built-in detectors name: its description, MIME type and
/// identifier from the table, the detector family that names it (found by asking each family), and
/// the bytes of its sample the answer depends on (found by changing each byte in turn). `UTI_REGENERATE=1 swift test --filter IdentificationTableTests`
/// rewrites the guide's section.
@Suite("Identification: the guide's format table")
struct IdentificationTableTests {
  static let families: [(String, @Sendable (inout ContentBytes) -> Format?)] = [
    ("images", ContentDetector.detectImage), ("documents, fonts", ContentDetector.detectDocument),
    ("ZIP", ContentDetector.detectZIP), ("compound file", ContentDetector.detectCompoundFile),
    ("ISO base media", ContentDetector.detectISOMedia), ("specialist", ContentDetector.detectSpecialist),
    ("audio, video", ContentDetector.detectMedia), ("archives", ContentDetector.detectArchive),
    ("executables", ContentDetector.detectExecutable), ("data", ContentDetector.detectData),
    ("disk images", ContentDetector.detectDiskImage), ("text", ContentDetector.detectText),
  ]

  /// The formats that are only containers of others for the detectors.
  static let containersOnly: [Format] = [.oggContainer, .oggVideo, .utf16Text]

  static let begin = "<!-- formats: written by IdentificationTableTests -->"
  static let end = "<!-- /formats -->"

  @Test func theGuideListsEveryFormat() throws {
    let table = Self.table()
    let readme = packageRoot.appendingPathComponent("Sources/SwiftUTI/SwiftUTI.docc/IdentifyingFiles.md")
    let text = try String(contentsOf: readme, encoding: .utf8)
    let start = try #require(text.range(of: Self.begin), "the identification guide has no \(Self.begin)")
    let stop = try #require(text.range(of: Self.end), "the identification guide has no \(Self.end)")
    let current = String(text[start.upperBound..<stop.lowerBound])
    if ProcessInfo.processInfo.environment["UTI_REGENERATE"] == "1", current != table {
      try (String(text[..<start.upperBound]) + table + String(text[stop.lowerBound...]))
        .write(to: readme, atomically: true, encoding: .utf8)
      return
    }
    #expect(
      current == table,
      "the identification guide's format table is stale: UTI_REGENERATE=1 swift test --filter \(Self.self)")
  }

  /// Every format has a sample the detectors name it by, but the containers no detector names
  /// alone (Ogg without a known first codec is Ogg audio; the detectors refine Ogg video).
  @Test func everyFormatHasASample() {
    let named = Set(Self.detectedSamples().keys)
    let missing = Format.all.filter { !named.contains($0.identifier) && !Self.containersOnly.contains($0) }
      .map(\.identifier)
    #expect(missing.isEmpty, "no sample is detected as: \(missing.joined(separator: ", "))")
  }

  /// The first sample the detectors name as each format, by identifier.
  static func detectedSamples() -> [String: [UInt8]] {
    var found: [String: [UInt8]] = [:]
    // The text formats' samples are the text identification tests' fixtures.
    let texts = TextIdentificationTests.samples.compactMap { try? fixture("text/\($0.file)") }
    for bytes in FormatSample.everyFormat.map(\.bytes) + texts {
      let sample = (bytes: bytes, ())
      guard let format = detect(sample.bytes, size: sample.bytes.count) else { continue }
      if found[format.identifier] == nil { found[format.identifier] = sample.bytes }
    }
    return found
  }

  static func detect(_ bytes: [UInt8], size: Int?) -> Format? {
    bytes.withUnsafeBytes { buffer in
      var content = ContentBytes(buffer, size: size)
      return ContentDetector.detect(&content)
    }
  }

  /// The table's Markdown rows.
  static func table() -> String {
    let samples = detectedSamples()
    var rows = [
      "", "", "| Format | MIME type | Type identifier | Detector | Reads |", "|---|---|---|---|---|",
    ]
    for format in Format.all {
      guard let bytes = samples[format.identifier] else {
        rows.append(
          "| \(format.description) | `\(format.mimeType)` | `\(format.identifier)` | — | refined by its codecs |")
        continue
      }
      let family =
        families.first { _, detect in
          bytes.withUnsafeBytes { buffer in
            var content = ContentBytes(buffer, size: buffer.count)
            return detect(&content) == format
          }
        }?.0 ?? "?"
      let description =
        format.isDeclaredHere
        ? format.description
        : UTTypeRegistry.builtIn.type(withIdentifier: format.identifier)?.localizedDescription ?? format.identifier
      rows.append(
        "| \(description) | `\(format.mimeType)` | `\(format.identifier)` | \(family) | \(decidingBytes(format, bytes)) |"
      )
    }
    return rows.joined(separator: "\n") + "\n\n"
  }

  /// The bytes of the sample the decision depends on: one past the last byte whose change (all
  /// bits flipped) changes the answer, and whether the file's size is needed too (where the
  /// detectors cannot name the sample as a stream of unknown length: a trailer, a size).
  static func decidingBytes(_ format: Format, _ bytes: [UInt8]) -> String {
    var copy = bytes
    var last = -1
    for index in bytes.indices {
      copy[index] ^= 0xFF
      if detect(copy, size: copy.count) != format { last = index }
      copy[index] = bytes[index]
    }
    let prefix = last < 0 ? "none" : last == 0 ? "the first byte" : "the first \(last + 1) bytes"
    return detect(bytes, size: nil) == format ? prefix : prefix + " and the file's size"
  }
}
