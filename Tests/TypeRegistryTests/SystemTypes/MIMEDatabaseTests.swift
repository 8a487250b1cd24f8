import Foundation
import TestSupport
import Testing

@testable import TypeRegistry

/// Identification in the specification's order, against GIO guessing the same names and bytes.
@Suite("MIME database: identification")
struct MIMEDatabaseTests {
  static func database() throws -> MIMEDatabase? {
    guard try MIMECacheTests.systemCache() != nil else { return nil }
    return MIMEDatabase(directories: MIMEDatabase.directories(environment: ProcessInfo.processInfo.environment))
  }

  /// Names with contents: right names, misleading names and no names.
  static var samples: [(String, [UInt8])] {
    let png = MIMECacheTests.signatures[0].1
    let pdf = MIMECacheTests.signatures[2].1
    let gzip = MIMECacheTests.signatures[3].1
    let text = Array("Dear diary,\nToday I wrote a MIME sniffer.\n".utf8)
    return [
      ("shot.png", png), ("notes.txt", png), ("README", png), ("noname", pdf), ("paper.pdf", pdf),
      ("report.doc", text), ("archive.gz", gzip), ("blob", gzip), ("letter", text), ("letter.txt", text),
      ("script", Array("#!/bin/sh\necho hi\n".utf8)), ("binary", [0, 1, 2, 3, 4, 5, 250, 251]),
      ("page", Array("<!DOCTYPE html>\n<html><body>hi</body></html>\n".utf8)),
      ("data.json", Array("{\"a\": 1}\n".utf8)), ("elf", MIMECacheTests.signatures[4].1),
    ] + MIMECacheTests.signatures.map { ("unnamed-\($0.0)", $0.1) }
  }

  @Test func identificationAgreesWithGIO() throws {
    guard let database = try Self.database() else { return }
    let samples = Self.samples
    let query = samples.map { [$0.0, $0.1.map { String(format: "%02x", $0) }.joined()] }
    guard let gio = try MIMECacheTests.gio(["named_data": query]) else { return }
    let guesses = try #require(gio["named_data"] as? [String])
    var agreed = 0
    var disagreements: [String] = []
    for ((name, bytes), guess) in zip(samples, guesses) {
      let ours = bytes.withUnsafeBytes { database.identify(fileName: name, data: $0) }
      if ours == guess || database.unalias(ours) == database.unalias(guess) {
        agreed += 1
      } else {
        disagreements.append("\(name): ours \(ours), GIO \(guess)")
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "; "))")
    #expect(agreed == samples.count)
  }

  @Test func theSpecificationsOrder() throws {
    guard let database = try Self.database() else { return }
    let png = MIMECacheTests.signatures[0].1
    func identify(_ name: String?, _ bytes: [UInt8]?) -> String {
      guard let bytes else { return database.identify(fileName: name, data: nil) }
      return bytes.withUnsafeBytes { database.identify(fileName: name, data: $0) }
    }
    #expect(identify("shot.png", nil) == "image/png", "a glob alone decides without the data")
    #expect(identify("notes.txt", png) == "text/plain", "an agreeing glob wins over magic, as the specification says")
    #expect(identify(nil, png) == "image/png")
    #expect(identify(nil, []) == "application/x-zerosize")
    #expect(identify(nil, Array("plain words\n".utf8)) == "text/plain")
    #expect(identify(nil, [0, 1, 2, 200]) == "application/octet-stream")
    #expect(database.isSubclass("text/x-csrc", of: "text/plain"))
    #expect(database.isSubclass("image/png", of: "application/octet-stream"))
    #expect(!database.isSubclass("inode/directory", of: "application/octet-stream"))
    #expect(database.isSubclass("image/svg+xml", of: "application/xml"))
    #expect(database.isSubclass("image/png", of: "image/*"))
  }

  @Test func filesDirectoriesAndSpecialFiles() throws {
    guard let database = try Self.database() else { return }
    let folder = NSTemporaryDirectory() + "/identify-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data(MIMECacheTests.signatures[0].1).write(to: URL(fileURLWithPath: folder + "/picture"))
    try Data().write(to: URL(fileURLWithPath: folder + "/empty"))
    #expect(mkfifo(folder + "/pipe", 0o600) == 0)
    try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: "picture")
    try FileManager.default.createSymbolicLink(atPath: folder + "/dangling", withDestinationPath: "nowhere")
    #expect(try database.identifyFile(atPath: folder + "/picture") == "image/png")
    #expect(try database.identifyFile(atPath: folder + "/empty") == "application/x-zerosize")
    #expect(try database.identifyFile(atPath: folder + "/pipe") == "inode/fifo", "identified without being opened")
    #expect(try database.identifyFile(atPath: folder + "/link") == "image/png", "a link is its target's type")
    #expect(try database.identifyFile(atPath: folder + "/dangling") == "inode/symlink")
    #expect(try database.identifyFile(atPath: folder) == "inode/directory")
    #expect(throws: (any Error).self) { try database.identifyFile(atPath: folder + "/missing") }
  }

  @Test func directoriesFollowTheEnvironment() {
    #expect(
      MIMEDatabase.directories(environment: ["HOME": "/home/u"])
        == ["/home/u/.local/share/mime", "/usr/local/share/mime", "/usr/share/mime"])
    #expect(
      MIMEDatabase.directories(environment: ["XDG_DATA_HOME": "/d", "XDG_DATA_DIRS": "/a:/b:/a"])
        == ["/d/mime", "/a/mime", "/b/mime"])
  }
}
