import Foundation
import TestSupport
import Testing

@testable import utictl

/// A hostile tree cannot hang a pipeline: folder loops, links to `/`, deep trees and FIFOs given
/// to the built binary finish (under `timeout`, so a regression fails instead of hanging CI),
/// with what was skipped reported.
@Suite("Hostile trees")
struct HostileTreeTests {
  /// Runs the built binary under `timeout 20`; status 124 means it was killed.
  static func run(_ arguments: [String]) throws -> ProcessResult {
    try runProcess("/usr/bin/timeout", ["20", try builtUtictl()] + arguments)
  }

  /// An Info.plist and a `src` folder that `build` fills, kept while `body` runs.
  static func sources(_ build: (URL) throws -> Void, _ body: (_ info: String, _ src: String) throws -> Void) throws {
    let directory = try TemporaryDirectory()
    let info = try directory.file("Info.plist", try fixture("validate/clean-app.plist"))
    let src = directory.url.appendingPathComponent("src")
    try FileManager.default.createDirectory(at: src, withIntermediateDirectories: true)
    try "let t = UTType(exportedAs: \"com.example.clean.doc\")\n".write(
      to: src.appendingPathComponent("Types.swift"), atomically: true, encoding: .utf8)
    try build(src)
    try withExtendedLifetime(directory) { try body(info, src.path) }
  }

  @Test func twoLinksToTheParentDoNotLoop() throws {
    try Self.sources({ src in
      try FileManager.default.createSymbolicLink(
        atPath: src.appendingPathComponent("a").path, withDestinationPath: "..")
      try FileManager.default.createSymbolicLink(
        atPath: src.appendingPathComponent("b").path, withDestinationPath: "..")
    }) { info, src in
      let result = try Self.run(["validate", info, "--sources", src])
      #expect(result.status != 124, "validate --sources hung on a link loop")
      #expect(result.stderrText.contains("note: not searched: '\(src)/a' is a symbolic link to a directory"))
      #expect(result.stderrText.contains("note: not searched: '\(src)/b' is a symbolic link to a directory"))
    }
  }

  @Test func aLinkToTheRootIsNotFollowed() throws {
    try Self.sources({ src in
      try FileManager.default.createSymbolicLink(
        atPath: src.appendingPathComponent("root").path, withDestinationPath: "/")
    }) { info, src in
      let result = try Self.run(["validate", info, "--sources", src])
      #expect(result.status != 124)
      #expect(result.stderrText.contains("'\(src)/root' is a symbolic link to a directory, which is not followed"))
    }
  }

  @Test func aDeepTreeStopsAtTheLimit() throws {
    var deepest = ""
    try Self.sources({ src in
      var path = src
      for _ in 0..<80 { path.appendPathComponent("d") }
      try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
      deepest = path.path
    }) { info, src in
      let result = try Self.run(["validate", info, "--sources", src])
      #expect(result.status != 124)
      #expect(result.stderrText.contains("is more than 64 folders deep, which is not entered"), "\(result.stderrText)")
      #expect(deepest.hasPrefix(src))
    }
  }

  @Test func fifosAreNeverOpened() throws {
    let directory = try TemporaryDirectory()
    let src = directory.url.appendingPathComponent("src").path
    try FileManager.default.createDirectory(atPath: src, withIntermediateDirectories: true)
    #expect(mkfifo(src + "/Types.swift", 0o644) == 0)
    let plist = directory.url.appendingPathComponent("Info.plist").path
    #expect(mkfifo(plist, 0o644) == 0)

    let validate = try Self.run(["validate", plist, "--sources", src])
    #expect(validate.status == 2, "\(validate.stderrText)")
    #expect(validate.stderrText.contains("not a regular file (a FIFO, socket or device)"))
    #expect(validate.stderrText.contains("note: not searched: '\(src)/Types.swift' is not a regular file"))

    let lint = try Self.run(["plist", "lint", plist])
    #expect(lint.status == 2)
    #expect(lint.stderrText.contains("cannot read '\(plist)': not a regular file"), "\(lint.stderrText)")
  }
}
