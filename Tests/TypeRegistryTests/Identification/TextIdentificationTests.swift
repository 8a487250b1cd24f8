import Foundation
import TestSupport
import Testing

@testable import TypeRegistry

/// Text and source code by content (``TextClassifier``): each kind's sample (written for these
/// tests, apart from the corpus the model learned from) named by its content alone and by its
/// name, with and without the machine's database; the near misses a classifier confuses; the
/// database's weak text rules giving way; the tokenizer agreeing with the training script's.
@Suite("Identification: text and source code by content")
struct TextIdentificationTests {
  /// A fixture of `Tests/Fixtures/text`, and the MIME type and identifier its content names.
  struct Sample: CustomTestStringConvertible, Sendable {
    let file: String
    let mimeType: String
    let identifier: String
    var testDescription: String { file }
  }

  static let samples: [Sample] = [
    .init(file: "hello.c", mimeType: "text/x-csrc", identifier: "public.c-source"),
    .init(file: "list.h", mimeType: "text/x-chdr", identifier: "public.c-header"),
    .init(file: "shapes.cpp", mimeType: "text/x-c++src", identifier: "public.c-plus-plus-source"),
    .init(file: "buffer.hpp", mimeType: "text/x-c++hdr", identifier: "public.c-plus-plus-header"),
    .init(file: "Greeter.m", mimeType: "text/x-objcsrc", identifier: "public.objective-c-source"),
    .init(file: "Queue.swift", mimeType: "text/x-swift", identifier: "public.swift-source"),
    .init(file: "server.js", mimeType: "text/javascript", identifier: "com.netscape.javascript-source"),
    .init(file: "store.ts", mimeType: "text/x-typescript", identifier: "org.freedesktop.mime.text.x-typescript"),
    .init(file: "stats.py", mimeType: "text/x-python", identifier: "public.python-script"),
    .init(file: "backup.sh", mimeType: "application/x-shellscript", identifier: "public.shell-script"),
    .init(file: "Report.pm", mimeType: "application/x-perl", identifier: "public.perl-script"),
    .init(file: "cart.rb", mimeType: "application/x-ruby", identifier: "public.ruby-script"),
    .init(file: "router.php", mimeType: "application/x-php", identifier: "public.php-script"),
    .init(file: "config.lua", mimeType: "text/x-lua", identifier: "org.freedesktop.mime.text.x-lua"),
    .init(file: "main.rs", mimeType: "text/rust", identifier: "org.freedesktop.mime.text.rust"),
    .init(file: "server.go", mimeType: "text/x-go", identifier: "org.freedesktop.mime.text.x-go"),
    .init(file: "Inventory.java", mimeType: "text/x-java", identifier: "com.sun.java-source"),
    .init(file: "Repository.kt", mimeType: "text/x-kotlin", identifier: "org.freedesktop.mime.text.x-kotlin"),
    .init(file: "Account.cs", mimeType: "text/x-csharp", identifier: "org.freedesktop.mime.text.x-csharp"),
    .init(file: "schema.sql", mimeType: "application/sql", identifier: "org.freedesktop.mime.application.sql"),
    .init(file: "site.css", mimeType: "text/css", identifier: "public.css"),
    .init(file: "guide.md", mimeType: "text/markdown", identifier: "net.daringfireball.markdown"),
    .init(file: "notes.txt", mimeType: "text/plain", identifier: "public.plain-text"),
    .init(file: "deployment.yaml", mimeType: "application/x-yaml", identifier: "public.yaml"),
    .init(file: "Cargo.toml", mimeType: "application/toml", identifier: "org.freedesktop.mime.application.toml"),
    .init(file: "settings.ini", mimeType: "text/x-ini", identifier: "org.freedesktop.mime.text.x-ini"),
    .init(file: "cities.csv", mimeType: "text/csv", identifier: "public.comma-separated-values-text"),
    .init(file: "scores.tsv", mimeType: "text/tab-separated-values", identifier: "public.tab-separated-values-text"),
    .init(file: "Makefile", mimeType: "text/x-makefile", identifier: "public.make-source"),
    .init(file: "Dockerfile", mimeType: "text/x-dockerfile", identifier: "org.freedesktop.mime.text.x-dockerfile"),
    .init(file: "paper.tex", mimeType: "text/x-tex", identifier: "org.freedesktop.mime.text.x-tex"),
    .init(file: "fix.patch", mimeType: "text/x-patch", identifier: "public.patch-file"),
    .init(file: "events.ndjson", mimeType: "application/x-ndjson", identifier: "public.ndjson"),
    .init(
      file: "feed.atom", mimeType: "application/atom+xml", identifier: "org.freedesktop.mime.application.atom-plus-xml"),
    .init(file: "news.rss", mimeType: "application/rss+xml", identifier: "public.rss"),
    .init(file: "places.kml", mimeType: "application/vnd.google-earth.kml+xml", identifier: ""),
    .init(file: "walk.gpx", mimeType: "application/gpx+xml", identifier: ""),
  ]

  let bare = UTTypeRegistry.Builder(mimeDatabase: nil).build()

  /// The same answer from the content alone, with the database and without it; every sample is a
  /// short file (under 1 KB), where a reader of a 2 KB window such as Magika's is weakest.
  @Test(arguments: samples)
  func eachKindIsNamedByItsContentAlone(_ sample: Sample) throws {
    let bytes = try fixture("text/\(sample.file)")
    #expect(bytes.count < 1024, "\(sample.file) is a short file")
    let found = bare.identify(bytes, fileName: nil)
    #expect(found.mimeType == sample.mimeType)
    if !sample.identifier.isEmpty { #expect(found.type.identifier == sample.identifier) }
    try Peers.sharedMimeInfo.orSkip()
    let withDatabase = UTTypeRegistry.Builder(mimeDatabase: .machine).build()
    #expect(withDatabase.identify(bytes, fileName: nil).mimeType == sample.mimeType, "with the database")
  }

  /// Named as it is, each sample is the same type as by its content alone, with the database and
  /// without it (the MIME type may be another name of it: Apple's `text/x-perl-script`, the
  /// database's `application/x-perl`); TypeScript named `.ts`, which Apple gives MPEG-2
  /// transport streams and GIO Qt Linguist, is TypeScript by its content.
  @Test(arguments: samples)
  func eachKindNamedAsItIsKeepsItsType(_ sample: Sample) throws {
    let bytes = try fixture("text/\(sample.file)")
    let byContent = bare.identify(bytes, fileName: nil).type.identifier
    #expect(bare.identify(bytes, fileName: sample.file).type.identifier == byContent)
    try Peers.sharedMimeInfo.orSkip()
    let withDatabase = UTTypeRegistry.Builder(mimeDatabase: .machine).build()
    #expect(withDatabase.identify(bytes, fileName: sample.file).type.identifier == byContent, "with the database")
  }

  /// A name the machine's database knows decides as before: the classifier never overrides it
  /// (a Python script named `notes.txt` is text).
  @Test func aNameDecidesOverTheClassifier() throws {
    let python = try fixture("text/stats.py")
    #expect(bare.identify(python, fileName: "stats.py").mimeType == "text/x-python-script")
    #expect(bare.identify(python, fileName: "notes.txt").mimeType == "text/plain")
    #expect(
      bare.identify(try fixture("text/Queue.swift"), fileName: "Queue.swift").type.identifier == "public.swift-source")
  }

  /// Where every glob of a name is a text type (`.service`: a D-Bus service or a systemd unit),
  /// the name chose, as in GIO: INI evidence, the syntax they share, does not override it. Where
  /// the globs are text and not text (`.ts`), the evidence does.
  @Test func evidenceOverridesAGlobChoiceOnlyBetweenTextAndNotText() throws {
    try Peers.sharedMimeInfo.orSkip()
    let withDatabase = UTTypeRegistry.Builder(mimeDatabase: .machine).build()
    // A D-Bus service file whose licence comment puts its section past the database's magic
    // (256 bytes), as systemd's own do: GIO gives the first glob's type.
    let licence = String(
      repeating: "# This file is part of an example, under a licence that takes some lines.\n", count: 5)
    let service = Array((licence + "\n[D-BUS Service]\nName=org.example.Service\nExec=/usr/bin/example\n").utf8)
    #expect(bare.identify(service, fileName: nil).mimeType == "text/x-ini", "INI by its content")
    #expect(withDatabase.identify(service, fileName: "org.example.service").mimeType == "text/x-dbus-service")
    let typeScript = try fixture("text/store.ts")
    #expect(withDatabase.identify(typeScript, fileName: "store.ts").mimeType == "text/x-typescript")
  }

  /// The pairs a classifier confuses, each named right; the evidence is explained.
  @Test func nearMissesAreToldApart() throws {
    let pairs = [
      ("hello.c", "shapes.cpp"), ("server.js", "store.ts"), ("settings.ini", "Cargo.toml"),
      ("deployment.yaml", "settings.ini"), ("guide.md", "notes.txt"), ("hello.c", "list.h"),
    ]
    for (one, other) in pairs {
      let a = bare.identify(try fixture("text/\(one)"), fileName: nil).mimeType
      let b = bare.identify(try fixture("text/\(other)"), fileName: nil).mimeType
      #expect(a != b, "\(one) and \(other) are told apart")
    }
    let explained = bare.identify(try fixture("text/Queue.swift"), fileName: nil).explanation
    #expect(explained.hasPrefix("the content: its tokens read as swift ("), "\(explained)")
    // The runner-up and its probability, as `--explain` prints them: "(97 %; next kotlin, 1 %)".
    let odds = try #require(explained.firstMatch(of: /\((\d+) %; next ([a-z+#-]+), (<1|\d+) %\)/), "\(explained)")
    #expect(Int(odds.1)! > 50 && odds.2 != "swift", "\(explained)")
    let csv = bare.identify(try fixture("text/cities.csv"), fileName: nil).explanation
    #expect(csv == "the content: 6 records of 5 comma-separated fields each (text/csv)")
  }

  /// Where the database's text rule looks at one line (`/*` for C) and nothing bears it out, the
  /// answer is plain text; where the tokens say another language, they win.
  @Test func theDatabasesWeakTextRulesGiveWay() throws {
    try Peers.sharedMimeInfo.orSkip()
    let registry = UTTypeRegistry.Builder(mimeDatabase: .machine).build()
    let database = try #require(registry.loadedMIMEDatabase)
    let prose = Array("/* a note */\nThe meeting moved to Thursday; bring the figures.\n".utf8)
    #expect(prose.withUnsafeBytes { database.identify(globs: [], data: $0, named: false) } == "text/x-csrc")
    let found = registry.identify(prose, fileName: nil)
    #expect(found.mimeType == "text/plain")
    #expect(found.explanation.contains("the database's rule for text/x-csrc looks at a line or two"))
    let swift = try fixture("text/Queue.swift")
    #expect(swift.withUnsafeBytes { database.identify(globs: [], data: $0, named: false) } == "text/x-csrc")
    let named = registry.identify(swift, fileName: nil)
    #expect(named.mimeType == "text/x-swift")
    #expect(named.explanation.contains("outweighs the database's text rules (text/x-csrc)"))
  }

  /// The Swift tokenizer splits every fixture as `scripts/make-text-model.py` does, so that the
  /// weights it learned mean the same here.
  @Test(arguments: samples.map(\.file))
  func theTokenizerAgreesWithTheTrainingScript(_ file: String) throws {
    let script = packageRoot.appendingPathComponent("scripts/make-text-model.py").path
    let path = fixturesDirectory.appendingPathComponent("text/\(file)").path
    let run = try runProcess("/usr/bin/env", ["python3", script, "--tokens", path])
    try #require(run.status == 0, "\(run.stderrText)")
    var ours: [String] = []
    try fixture("text/\(file)").withUnsafeBytes { bytes in
      TextTokens.split(UnsafeRawBufferPointer(rebasing: bytes.prefix(TextTokens.prefixLength))) {
        ours.append($0.replacingOccurrences(of: "\t", with: "\\t"))
      }
    }
    #expect(ours == run.stdoutText.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init))
  }

  /// The kinds whose probabilities add up against the floor are the ones the training script
  /// chose the floor with.
  @Test func theFamiliesAgreeWithTheTrainingScript() throws {
    let script = packageRoot.appendingPathComponent("scripts/make-text-model.py").path
    let run = try runProcess("/usr/bin/env", ["python3", script, "--families"])
    try #require(run.status == 0, "\(run.stderrText)")
    let ours = TextClassifier.families.map { $0.sorted().joined(separator: " ") }
    #expect(ours == run.stdoutText.split(separator: "\n").map(String.init))
  }

  /// UTF-16 text with a byte order mark is weighed as its UTF-8 would be; without anything sure,
  /// it stays UTF-16 plain text.
  @Test func utf16TextIsWeighedToo() throws {
    let swift = try String(decoding: fixture("text/Queue.swift"), as: UTF8.self)
    let utf16: [UInt8] =
      [0xFF, 0xFE] + swift.utf16.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    #expect(bare.identify(utf16, fileName: nil).mimeType == "text/x-swift")
    let prose = try String(decoding: fixture("text/notes.txt"), as: UTF8.self)
    let plain: [UInt8] =
      [0xFE, 0xFF] + prose.utf16.flatMap { unit -> [UInt8] in [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
    #expect(bare.identify(plain, fileName: nil).type.identifier == "public.utf16-external-plain-text")
  }

  /// Hostile text ends in a decision: one long line, deep nesting, a quote never closed.
  @Test func hostileTextIsBounded() {
    let cases: [[UInt8]] = [
      Array(repeating: UInt8(ascii: "["), count: 1 << 20), Array(repeating: UInt8(ascii: "a"), count: 1 << 20),
      Array("a,\"b\n".utf8) + Array(repeating: UInt8(ascii: "x"), count: 100_000),
      Array(String(repeating: "- a: b\n", count: 50_000).utf8), Array(String(repeating: "/*", count: 50_000).utf8),
    ]
    let expected = ["text/plain", "text/plain", "text/plain", "application/x-yaml", "text/plain"]
    for (bytes, mimeType) in zip(cases, expected) {
      // Only the first 4 KB are read: the answer is the 4 KB prefix's.
      #expect(bare.identify(bytes, fileName: nil).mimeType == mimeType)
      #expect(bare.identify(Array(bytes.prefix(4096)), fileName: nil).mimeType == mimeType)
    }
  }
}
