import Foundation
import TestSupport
import Testing

@testable import TypeRegistry

/// Identification in the specification's order, against GIO guessing the same names and bytes.
@Suite("MIME database: identification")
struct MIMEDatabaseTests {
  static func database() throws -> MIMEDatabase? {
    _ = try MIMECacheTests.systemCache()
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
    let gio = try MIMECacheTests.gio(["named_data": query])
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
    // GIO's two text tests: xdg-mime's on the first 128 bytes, GIO's own on the first 4 KB.
    let late = Array(repeating: UInt8(ascii: "a"), count: 200)
    #expect(identify(nil, late + [0x1B] + late) == "text/plain", "an escape after 128 bytes passes xdg-mime's test")
    #expect(identify(nil, [0x1B] + late) == "application/octet-stream", "an escape fails both tests")
    #expect(identify(nil, [0x0C] + late) == "text/plain", "a form feed is GLib white space")
    #expect(identify(nil, [0x0B] + late) == "application/octet-stream", "a vertical tab is not GLib white space")
    #expect(identify(nil, late + Array(repeating: 0x61, count: 4096) + [0]) == "text/plain", "only 4 KB are looked at")
    // Several glob types: a high-priority magic match wins, as in GIO; a low one breaks the tie.
    let xhtml = Array(#"<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><body/></html>"#.utf8)
    #expect(identify("page.html", xhtml) == "application/xhtml+xml")
    #expect(identify("page.html", Array("<html><body>hi</body></html>".utf8)) == "text/html")
    #expect(identify("shot.desktop", Array("[Desktop Entry]\nName=x\n".utf8)) == "application/x-desktop")
    #expect(
      identify("notes", Array("[Desktop Entry]\nName=x\n".utf8)) == "text/plain", "never sniffed as a desktop file")
    #expect(database.isSubclass("text/x-csrc", of: "text/plain"))
    #expect(database.isSubclass("image/png", of: "application/octet-stream"))
    #expect(!database.isSubclass("inode/directory", of: "application/octet-stream"))
    #expect(database.isSubclass("image/svg+xml", of: "application/xml"))
    #expect(database.isSubclass("image/png", of: "image/*"))
  }

  @Test func filesDirectoriesAndSpecialFiles() throws {
    guard let database = try Self.database() else { return }
    let folder = try makeTemporaryDirectory("identify").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data(MIMECacheTests.signatures[0].1).write(to: URL(fileURLWithPath: folder + "/picture"))
    try Data().write(to: URL(fileURLWithPath: folder + "/empty"))
    #expect(mkfifo(folder + "/pipe", 0o600) == 0)
    try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: "picture")
    try FileManager.default.createSymbolicLink(atPath: folder + "/dangling", withDestinationPath: "nowhere")
    #expect(try database.identifyFile(atPath: folder + "/picture") == "image/png")
    #expect(try database.identifyFile(atPath: folder + "/empty") == "text/plain", "GIO's rule for empty files")
    #expect(try database.identifyFile(atPath: folder + "/pipe") == "inode/fifo", "identified without being opened")
    #expect(try database.identifyFile(atPath: folder + "/link") == "image/png", "a link is its target's type")
    #expect(try database.identifyFile(atPath: folder + "/dangling") == "inode/symlink")
    try FileManager.default.createSymbolicLink(atPath: folder + "/loop", withDestinationPath: "loop")
    #expect(
      try database.identifyFile(atPath: folder + "/loop") == "inode/symlink", "a link loop ends, as a broken link")
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

/// The `<root-XML>` rules: the document element found past the prolog, and its type.
@Suite("MIME database: XML document elements")
struct XMLDocumentElementTests {
  static func element(_ text: String) -> XMLDocumentElement? {
    Array(text.utf8).withUnsafeBytes { XMLDocumentElement($0) }
  }

  @Test func theDocumentElementPastTheProlog() {
    let prolog = """
      \u{FEFF}<?xml version="1.0" encoding="UTF-8"?>
      <!-- a comment with <tags> -->
      <?xml-stylesheet href="a.xsl"?>
      <!DOCTYPE kml [ <!ENTITY a "]>"> <!ELEMENT kml ANY> ]>
      """
    #expect(
      Self.element(prolog + #"<kml xmlns="http://www.opengis.net/kml/2.2"><Document/></kml>"#)
        == XMLDocumentElement(namespaceURI: "http://www.opengis.net/kml/2.2", localName: "kml"))
    #expect(
      Self.element(#"<g:feed xmlns='urn:a' xmlns:g="urn:b&amp;c">"#)
        == XMLDocumentElement(namespaceURI: "urn:b&c", localName: "feed"), "a prefix names its own namespace")
    #expect(Self.element("<plain/>") == XMLDocumentElement(namespaceURI: "", localName: "plain"))
  }

  @Test func dataThatIsNotXMLHasNone() {
    for text in [
      "", "hello", "<!-- never closed", "<?xml never closed", "<a xmlns=\"unterminated", "<!DOCTYPE x [",
      "<a b>", "<1a/>",
    ] {
      #expect(Self.element(text) == nil, "\(text)")
    }
  }

  @Test func rootXMLRulesRefineGenericXML() throws {
    guard let database = try MIMEDatabaseTests.database(), let cache = database.caches.first else { return }
    var checked = 0
    for rule in cache.xmlNamespaces where !rule.localName.isEmpty {
      let document = Array(
        "<?xml version=\"1.0\"?>\n<!-- x -->\n<p:\(rule.localName) xmlns:p=\"\(rule.namespaceURI)\"/>\n".utf8)
      let magic = document.withUnsafeBytes { database.magicMatch($0) }
      guard let magic, database.unalias(magic.mimeType) == "application/xml" else { continue }
      let identified = document.withUnsafeBytes { database.identify(fileName: nil, data: $0) }
      #expect(identified == rule.mimeType, "\(rule.namespaceURI) \(rule.localName)")
      checked += 1
    }
    #expect(checked >= 5, "the machine's database has root-XML rules that magic alone does not decide")
  }
}
