import Foundation
import TestSupport
import Testing

@testable import TypeRegistry

/// The machine's shared-mime-info cache read by our reader, checked against GIO reading the same
/// file (through Python's `gi`), and hostile caches that must give errors, never crashes.
@Suite("MIME cache")
struct MIMECacheTests {
  static let systemCachePath = "/usr/share/mime/mime.cache"

  /// The machine's cache; the test is skipped when it has none.
  static func systemCache() throws -> MIMECache {
    try Peers.sharedMimeInfo.orSkip()
    return try MIMECache(path: systemCachePath)
  }

  /// GIO's answers; the test is skipped when Python's `gi` is missing.
  static func gio(_ query: [String: Any]) throws -> [String: Any] {
    let python = "/usr/bin/python3"
    try Peers.gio.orSkip()
    let input = try JSONSerialization.data(withJSONObject: query)
    let result = try runProcess(
      python, [fixturesDirectory.appendingPathComponent("gio/gio_oracle.py").path], input: input)
    try #require(result.status == 0, "\(result.stderrText)")
    return try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
  }

  static let names = [
    "photo.png", "photo.JPG", "notes.txt", "archive.tar.gz", "archive.tgz", "Makefile", "main.c", "header.h",
    "lib.cpp", "song.mp3", "movie.mkv", "doc.pdf", "sheet.ods", "book.epub", "data.json", "page.html",
    "style.css", "script.py", "tool.sh", "image.svg", "font.ttf", "db.sqlite", "disk.iso", "readme.md",
    "CHANGELOG", "x.deb", "y.rpm", "z.7z", "w.xz", "v.zst", "clip.webm", "pic.webp", "core.jar",
  ]

  static let signatures: [(String, [UInt8])] = [
    ("png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]),
    ("gif", Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0]),
    ("pdf", Array("%PDF-1.7\n".utf8)),
    ("gzip", [0x1F, 0x8B, 0x08, 0, 0, 0, 0, 0, 0, 3]),
    ("elf", [0x7F, 0x45, 0x4C, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0x3E, 0]),
    ("jpeg", [0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 0x4A, 0x46, 0x49, 0x46, 0]),
    ("sqlite", Array("SQLite format 3\0".utf8)),
    ("bzip2", Array("BZh91AY&SY".utf8)),
    ("xz", [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]),
  ]

  @Test func namesGuessAsGIOGuessesThem() throws {
    let cache = try Self.systemCache()
    let gio = try Self.gio(["names": Self.names])
    let guesses = try #require(gio["names"] as? [String])
    var compared = 0
    for (name, guess) in zip(Self.names, guesses) {
      let matches = cache.globMatches(forFileName: name)
      // GIO breaks ties between equally weighted globs with content and parents; compare the
      // names our globs decide alone.
      guard let top = matches.first, matches.filter({ $0.weight == top.weight }).count == 1 else { continue }
      compared += 1
      #expect(
        top.mimeType == guess || cache.unalias(top.mimeType) == guess, "\(name): ours \(top.mimeType), GIO \(guess)")
    }
    #expect(compared >= Self.names.count * 3 / 4, "only \(compared) of \(Self.names.count) names were decided by globs")
  }

  @Test func magicAgreesWithGIO() throws {
    let cache = try Self.systemCache()
    let hex = Self.signatures.map { $0.1.map { String(format: "%02x", $0) }.joined() }
    let gio = try Self.gio(["data": hex])
    let guesses = try #require(gio["data"] as? [String])
    for ((name, bytes), guess) in zip(Self.signatures, guesses) {
      let ours = try #require(cache.magicMatch(bytes), "no magic rule matched \(name)")
      #expect(ours.mimeType == guess, "\(name): ours \(ours.mimeType), GIO \(guess)")
      #expect(ours.priority > 0)
    }
    #expect(cache.magicExtent > 0)
  }

  /// The magic index passes over rules by their first bytes: every answer is the one reading
  /// every rule gives, on every detector sample, each sample with its first byte changed, and
  /// the first 4 KB of files from this machine.
  @Test func theMagicIndexChangesNoAnswer() throws {
    let cache = try Self.systemCache()
    #expect(cache.magicIndex.rules.count > 100)
    #expect(cache.magicIndex.probes.count > cache.magicIndex.rules.count / 2, "most rules test one offset")
    var inputs = FormatSample.detectorSamples.map { Array($0.bytes.prefix(cache.magicExtent)) }
    inputs += inputs.filter { !$0.isEmpty }.map { [$0[0] ^ 0x20] + $0.dropFirst() }
    for path in IdentificationCorpus.machineFiles(stride: 11, limit: 1000) {
      guard let handle = FileHandle(forReadingAtPath: path) else { continue }
      inputs.append(Array((try? handle.read(upToCount: cache.magicExtent)) ?? Data()))
      try? handle.close()
    }
    var matched = 0
    for input in inputs {
      let (indexed, read) = input.withUnsafeBytes { (cache.magicMatch($0), cache.magicMatch($0, usingIndex: false)) }
      #expect(indexed?.mimeType == read?.mimeType && indexed?.priority == read?.priority)
      if read != nil { matched += 1 }
    }
    #expect(matched > inputs.count / 4, "only \(matched) of \(inputs.count) inputs matched a rule")
  }

  @Test func aliasesAndParentsAgreeWithGIO() throws {
    let cache = try Self.systemCache()
    let aliases = cache.aliases
    #expect(aliases.count > 100)
    #expect(cache.unalias("application/x-pdf") == "application/pdf")
    #expect(cache.unalias("image/png") == nil)
    for target in Set(aliases.map(\.mimeType)) {
      #expect(cache.aliases(of: target) == aliases.filter { $0.mimeType == target }.map(\.alias), "\(target)")
    }
    #expect(cache.aliases(of: "application/pdf").contains("application/x-pdf"))
    var pairs: [[String]] = aliases.prefix(150).map { [$0.alias, $0.mimeType] }
    let typed = cache.typesWithParents
    #expect(typed.count > 100)
    for type in typed.prefix(150) { pairs += cache.parents(of: type).map { [type, $0] } }
    #expect(cache.parents(of: "image/svg+xml").contains("application/xml"))
    let gio = try Self.gio(["is_a": pairs])
    let answers = try #require(gio["is_a"] as? [Bool])
    for (pair, answer) in zip(pairs, answers) {
      #expect(answer, "GIO does not take \(pair[0]) to be a \(pair[1])")
    }
  }

  @Test func globsIconsAndNamespaces() throws {
    let cache = try Self.systemCache()
    let png = cache.globs(of: "image/png")
    #expect(png.contains { $0.pattern == "*.png" && $0.weight == 50 && !$0.caseSensitive })
    #expect(cache.globMatches(forFileName: "Makefile").first?.mimeType == "text/x-makefile")
    #expect(cache.mimeType(forXMLNamespace: "http://www.w3.org/2000/svg", localName: "svg") == "image/svg+xml")
    #expect(cache.genericIcon(of: "application/atom+xml") == "text-html")
    #expect(cache.genericIcon(of: "application/x-no-such-type") == nil)
  }
}

/// Hostile caches: every one gives an error or no answer, never a crash or a hang.
@Suite("MIME cache: hostile input")
struct MIMECacheHostileTests {
  /// A cache: the header's nine offsets, then `body`, all written big-endian.
  static func cache(version: (UInt16, UInt16) = (1, 2), offsets: [UInt32], body: [UInt32]) -> [UInt8] {
    var bytes: [UInt8] = []
    func u16(_ v: UInt16) { bytes += [UInt8(v >> 8), UInt8(v & 0xFF)] }
    func u32(_ v: UInt32) { bytes += [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    u16(version.0)
    u16(version.1)
    offsets.forEach(u32)
    body.forEach(u32)
    return bytes
  }

  static func write(_ bytes: [UInt8]) throws -> String {
    let path = NSTemporaryDirectory() + "/mime-\(UUID().uuidString).cache"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  static func error(_ bytes: [UInt8]) throws -> String? {
    let path = try write(bytes)
    defer { unlink(path) }
    do {
      _ = try MIMECache(path: path)
      return nil
    } catch {
      return error.description
    }
  }

  @Test func aTruncatedHeaderIsAnError() throws {
    #expect(try Self.error([0, 1, 0, 2, 0, 0]).map { $0.contains("too short") } == true)
  }

  @Test func anUnknownVersionIsAnError() throws {
    let bytes = Self.cache(version: (2, 0), offsets: Array(repeating: 40, count: 9), body: [0, 0, 0])
    #expect(try Self.error(bytes).map { $0.contains("version 2.0") } == true)
  }

  @Test func anOffsetPastTheEndIsAnError() throws {
    let bytes = Self.cache(offsets: [40, 40, 40, 40, 40, 99_999, 40, 40, 40], body: [0, 0, 0])
    #expect(try Self.error(bytes).map { $0.contains("outside the file") } == true)
  }

  /// Every section at offset 40, where `body` starts.
  static func open(_ body: [UInt32]) throws -> MIMECache {
    let path = try write(cache(offsets: Array(repeating: 40, count: 9), body: body))
    defer { unlink(path) }
    return try MIMECache(path: path)
  }

  @Test func absurdCountsGiveNoAnswers() throws {
    let cache = try Self.open([0xFFFF_FFFF, 0xFFFF_FFFF, 0xFFFF_FFFF])
    #expect(cache.unalias("a/b") == nil)
    #expect(cache.aliases.isEmpty)
    #expect(cache.parents(of: "a/b").isEmpty)
    #expect(cache.globMatches(forFileName: "x.png").isEmpty)
    #expect(cache.magicMatch(Array(repeating: 0, count: 64)) == nil)
    #expect(cache.allGlobs.isEmpty)
  }

  @Test func cyclesInTheSuffixTreeAndTheMagicEnd() throws {
    // At 40: the suffix tree (1 root at 48) and the magic list (1 match at 60) share the list.
    // 48: root node 'g', 1 child, children at 48 (itself: a cycle).
    // 60: match priority 50, mime at 40, 1 matchlet at 76.
    // 76: matchlet range 0..1, word 1, value length 1 at 108, no mask, 1 child at 76 (itself).
    let g = UInt32(UInt8(ascii: "g"))
    let body: [UInt32] = [
      1, 48, 0, 0,  // 40: counts (aliases/suffix roots 1 → 48); padding
      g, 1, 48,  // 48: node 'g' → itself
      50, 40, 1, 76,  // 60: match
      0, 1, 1, 1, 108, 0, 1, 76,  // 76: matchlet, child → itself
      0x4100_0000,  // 108: value "A"
    ]
    let cache = try Self.open(body)
    #expect(cache.globMatches(forFileName: "gggggggggggg.gggg").isEmpty, "a cyclic tree ends with the name")
    _ = cache.allGlobs
    #expect(cache.magicMatch(Array("AAAA".utf8)) == nil, "a cyclic matchlet ends at the depth limit")
  }

  @Test func aHugeMagicRangeIsBounded() throws {
    // 40: magic count 1, extent, first match at 52.
    let body: [UInt32] = [
      1, 0xFFFF_FFFF, 52,  // 40
      50, 0, 1, 68,  // 52: match, mime at 0 (the header: not a string), 1 matchlet at 68
      0, 0xFFFF_FFFF, 1, 1, 100, 0, 0, 0,  // 68: range of 4 GiB
      0x5A00_0000,  // 100
    ]
    let cache = try Self.open(body)
    #expect(cache.magicExtent == MIMECache.magicRangeLimit)
    #expect(cache.magicMatch(Array(repeating: 0, count: 4096)) == nil)
  }

  /// Every input the mime.cache fuzzer (`scripts/fuzz.sh mimecache`) crashed or hung on, and its
  /// seeds: reading and every lookup end.
  @Test(
    arguments: ["Tests/Fixtures/mimecache-regressions", "Fuzz/corpus/mimecache"].flatMap { folder in
      ((try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent(folder).path)) ?? [])
        .sorted().map { packageRoot.appendingPathComponent(folder + "/" + $0).path }
    })
  func fuzzRegressionsAndSeedsEnd(path: String) throws {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    guard let cache = try? MIMECache(bytes: bytes, path: path) else { return }
    _ = cache.unalias("application/x-pdf")
    _ = cache.parents(of: "image/svg+xml")
    _ = cache.typesWithParents
    _ = cache.aliases
    _ = cache.globMatches(forFileName: "README.Some.File.tar.gz")
    _ = cache.allGlobs
    _ = cache.magicMatch(bytes)
    _ = cache.mimeType(forXMLNamespace: "http://www.w3.org/2000/svg", localName: "svg")
    _ = cache.genericIcon(of: "image/png")
  }

  @Test func theFullSeedReadsAsBuilt() throws {
    let bytes = [UInt8](try Data(contentsOf: packageRoot.appendingPathComponent("Fuzz/corpus/mimecache/full.cache")))
    let cache = try MIMECache(bytes: bytes, path: "full.cache")
    #expect(cache.unalias("application/x-pdf") == "application/pdf")
    #expect(cache.parents(of: "image/svg+xml") == ["application/xml"])
    #expect(cache.globMatches(forFileName: "shot.PNG").map(\.mimeType) == ["image/png"])
    #expect(cache.globMatches(forFileName: "README").map(\.mimeType) == ["text/x-readme"])
    #expect(cache.globMatches(forFileName: "readme.first").map(\.mimeType) == ["text/x-readme"])
    #expect(cache.magicMatch([0x89, 0x50, 0x4E, 0x47, 0, 0])?.mimeType == "image/png")
    #expect(
      cache.magicMatch([0, 0x89, 0x50, 0x4E, 0x47]) == nil,
      "the outer matchlet finds the value within its range of 8, but its nested one needs it at offset 0")
    #expect(cache.mimeType(forXMLNamespace: "http://www.w3.org/2000/svg", localName: "svg") == "image/svg+xml")
    #expect(cache.genericIcon(of: "image/png") == "image-x-generic")
  }
}
