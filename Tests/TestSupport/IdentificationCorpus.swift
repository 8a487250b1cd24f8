import Foundation
import TypeRegistry

/// A file format's smallest recognisable sample, written from the format's own specification
/// (its signature and the header fields around it), for identification tests and benchmarks.
public struct FormatSample: Sendable {
  /// A short name for messages.
  public var name: String
  /// The format's usual filename extension.
  public var filenameExtension: String
  /// The format's MIME type (IANA's, or the one shared-mime-info uses where IANA has none).
  public var mimeType: String
  /// The sample's bytes.
  public var bytes: [UInt8]
}

extension FormatSample {
  static func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }
  static func be32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
  static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
  static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }

  /// A ZIP local file header (APPNOTE 4.3.7) whose first entry is `name`, stored, holding `content`.
  static func zip(first name: String, content: String) -> [UInt8] {
    let data = ascii(content)
    let size = le32(UInt32(data.count))
    return join(
      [0x50, 0x4B, 0x03, 0x04], le16(20), le16(0), le16(0), le16(0), le16(0), le32(0), size, size,
      le16(UInt16(name.utf8.count)), le16(0), ascii(name), data)
  }

  /// An ISO base media file (ISO/IEC 14496-12) `ftyp` box with a major brand and compatible brands.
  static func ftyp(_ major: String, _ compatible: [String]) -> [UInt8] {
    let body = join(ascii(major), be32(0), compatible.flatMap(ascii))
    return join(be32(UInt32(8 + body.count)), ascii("ftyp"), body, be32(8), ascii("free"))
  }

  /// A RIFF container (RIFF form type `form`) with one chunk.
  static func riff(_ form: String, chunk: String, _ payload: [UInt8]) -> [UInt8] {
    join(
      ascii("RIFF"), le32(UInt32(12 + payload.count)), ascii(form), ascii(chunk), le32(UInt32(payload.count)), payload)
  }

  /// A POSIX ustar header block (POSIX.1-1988) for a file `name`, then one data block.
  static func tar(_ name: String) -> [UInt8] {
    var header = [UInt8](repeating: 0, count: 512)
    func put(_ text: String, at offset: Int) { for (i, b) in text.utf8.enumerated() { header[offset + i] = b } }
    put(name, at: 0)
    put("0000644", at: 100)
    put("0001750", at: 108)
    put("0001750", at: 116)
    put("00000000006", at: 124)
    put("14707111350", at: 136)
    put("        ", at: 148)
    header[156] = UInt8(ascii: "0")
    put("ustar", at: 257)
    put("00", at: 263)
    let sum = header.reduce(0) { $0 + Int($1) }
    put(String(format: "%06o", sum) + "\0 ", at: 148)
    return header + ascii("hello\n") + [UInt8](repeating: 0, count: 506)
  }

  /// The parts joined (a function, so that the type checker sees plain `[UInt8]` arguments).
  static func join(_ parts: [UInt8]...) -> [UInt8] { parts.flatMap { $0 } }

  static func zeros(_ count: Int) -> [UInt8] { [UInt8](repeating: 0, count: count) }

  /// Samples of the formats people meet most, each from its specification, padded with zeros to
  /// a realistic size (past the 512-byte blocks some signatures sit in).
  public static let all: [FormatSample] = samples.map { sample in
    var padded = sample
    padded.bytes += zeros(max(0, 1024 - sample.bytes.count))
    return padded
  }

  static var samples: [FormatSample] {
    var list: [FormatSample] = []
    func add(_ name: String, _ ext: String, _ mimeType: String, _ bytes: [UInt8]) {
      list.append(FormatSample(name: name, filenameExtension: ext, mimeType: mimeType, bytes: bytes))
    }
    add("PNG", "png", "image/png", join([0x89], ascii("PNG\r\n\u{1A}\n"), be32(13), ascii("IHDR")))
    add("JPEG", "jpg", "image/jpeg", join([0xFF, 0xD8, 0xFF, 0xE0, 0, 16], ascii("JFIF\0"), [1, 1]))
    add("GIF", "gif", "image/gif", join(ascii("GIF89a"), le16(1), le16(1), [0, 0, 0]))
    add("WebP", "webp", "image/webp", riff("WEBP", chunk: "VP8 ", [0x30, 0x01, 0, 0x9D, 0x01, 0x2A]))
    add("HEIC", "heic", "image/heic", ftyp("heic", ["mif1", "heic"]))
    add("AVIF", "avif", "image/avif", ftyp("avif", ["avif", "mif1", "miaf"]))
    add("PDF", "pdf", "application/pdf", ascii("%PDF-1.7\n%\u{E2}\u{E3}\n1 0 obj\n"))
    add("ZIP", "zip", "application/zip", zip(first: "notes/readme.txt", content: "hello\n"))
    add("EPUB", "epub", "application/epub+zip", zip(first: "mimetype", content: "application/epub+zip"))
    add(
      "OpenDocument text", "odt", "application/vnd.oasis.opendocument.text",
      zip(first: "mimetype", content: "application/vnd.oasis.opendocument.text"))
    add(
      "Word (OOXML)", "docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      join(
        zip(first: "[Content_Types].xml", content: "<?xml version=\"1.0\"?><Types/>"),
        zip(first: "word/document.xml", content: "<w:document/>")))
    add(
      "Java archive", "jar", "application/java-archive",
      zip(first: "META-INF/MANIFEST.MF", content: "Manifest-Version: 1.0\r\n"))
    add("gzip", "gz", "application/gzip", [0x1F, 0x8B, 0x08, 0, 0, 0, 0, 0, 0, 3])
    add("bzip2", "bz2", "application/x-bzip2", ascii("BZh91AY&SY"))
    add("xz", "xz", "application/x-xz", join([0xFD], ascii("7zXZ"), [0, 0, 4]))
    add("Zstandard", "zst", "application/zstd", [0x28, 0xB5, 0x2F, 0xFD, 0x24, 0x05, 0x29, 0])
    add("7-Zip", "7z", "application/x-7z-compressed", [0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C, 0, 4])
    add("tar", "tar", "application/x-tar", tar("hello.txt"))
    add(
      "ELF", "so", "application/x-sharedlib", join([0x7F], ascii("ELF"), [2, 1, 1, 0], zeros(8), le16(3), le16(0x3E)))
    add("Mach-O", "dylib", "application/x-mach-binary", [0xCF, 0xFA, 0xED, 0xFE, 7, 0, 0, 1, 3, 0, 0, 0, 6, 0, 0, 0])
    add("WebAssembly", "wasm", "application/wasm", join([0], ascii("asm"), [1, 0, 0, 0]))
    add("MP3", "mp3", "audio/mpeg", join(ascii("ID3"), [4, 0, 0, 0, 0, 0, 0], [0xFF, 0xFB, 0x90, 0x64]))
    add("MP4", "mp4", "video/mp4", ftyp("isom", ["isom", "iso2", "mp41"]))
    add("QuickTime", "mov", "video/quicktime", ftyp("qt  ", ["qt  "]))
    add("WAV", "wav", "audio/vnd.wave", riff("WAVE", chunk: "fmt ", join(le16(1), le16(1), le32(8000))))
    add("FLAC", "flac", "audio/flac", join(ascii("fLaC"), [0x80, 0, 0, 0x22]))
    add("Ogg Vorbis", "ogg", "audio/ogg", join(ascii("OggS"), [0, 2], zeros(20), [1], ascii("\u{1}vorbis")))
    add("SQLite", "sqlite", "application/vnd.sqlite3", join(ascii("SQLite format 3\0"), [0x10, 0, 1, 1]))
    add("TrueType", "ttf", "font/ttf", [0, 1, 0, 0, 0, 0x0A, 0, 0x80, 0, 3, 0, 0x20])
    add("OpenType", "otf", "font/otf", join(ascii("OTTO"), [0, 0x0A, 0, 0x80, 0, 3, 0, 0x20]))
    add("WOFF", "woff", "font/woff", join(ascii("wOFF"), [0, 1, 0, 0]))
    add("WOFF2", "woff2", "font/woff2", join(ascii("wOF2"), [0, 1, 0, 0]))
    return list
  }
}

/// The files an identification comparison runs over.
public enum IdentificationCorpus {
  /// Every sample written three ways into `directory`: with its extension, with no name to go
  /// by, and under a misleading name (`<format>-notes.txt`), plus a few text files.
  public static func writeSamples(into directory: URL) throws -> [String] {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    var paths: [String] = []
    for (index, sample) in FormatSample.all.enumerated() {
      for name in ["sample\(index).\(sample.filenameExtension)", "sample\(index)", "sample\(index)-notes.txt"] {
        let url = directory.appendingPathComponent(name)
        try Data(sample.bytes).write(to: url)
        paths.append(url.path)
      }
    }
    let texts = [
      ("letter", "Dear reader,\nthis is plain text.\n"), ("script", "#!/bin/sh\necho hello\n"),
      ("page", "<!DOCTYPE html>\n<html><body>hi</body></html>\n"), ("data.json", "{\"a\": [1, 2]}\n"),
    ]
    for (name, text) in texts {
      let url = directory.appendingPathComponent(name)
      try Data(text.utf8).write(to: url)
      paths.append(url.path)
    }
    return paths
  }

  /// Regular files and links under `roots` (sorted, every `stride`-th, at most `limit`), without
  /// entering other file systems' mount points or following directory links.
  public static func machineFiles(under roots: [String] = ["/usr/share", "/usr/bin"], stride: Int, limit: Int)
    -> [String]
  {
    var all: [String] = []
    for root in roots {
      guard
        let walker = FileManager.default.enumerator(
          at: URL(fileURLWithPath: root), includingPropertiesForKeys: [.isRegularFileKey, .isSymbolicLinkKey],
          options: [.skipsPackageDescendants])
      else { continue }
      for case let url as URL in walker {
        let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .isSymbolicLinkKey])
        if values?.isRegularFile == true || values?.isSymbolicLink == true { all.append(url.path) }
      }
    }
    all.sort()
    return Array(all.enumerated().filter { $0.offset % stride == 0 }.map(\.element).prefix(limit))
  }
}

/// Our identification of files beside GIO's (`g_file_query_info`'s content type, the type
/// GNOME's file manager shows), with a reason for every disagreement.
public struct IdentificationAgreement: Sendable {
  /// One file on which the two disagree.
  public struct Disagreement: Sendable, CustomStringConvertible {
    public var path: String
    public var ours: String
    public var gio: String
    public var reason: String
    public var description: String { "\(path): ours \(ours), GIO \(gio) (\(reason))" }
  }

  public var total: Int
  public var agreed: Int
  public var disagreements: [Disagreement]

  /// The share of files on which the MIME types agree.
  public var fraction: Double { total == 0 ? 1 : Double(agreed) / Double(total) }

  /// GIO's content types for `paths`, through Python's `gi` (``Peers/gio``).
  public static func gioTypes(_ paths: [String]) throws -> [String] {
    let python = "/usr/bin/python3"
    try Peers.gio.get()
    let input = try JSONSerialization.data(withJSONObject: ["files": paths])
    let result = try runProcess(
      python, [fixturesDirectory.appendingPathComponent("gio/gio_oracle.py").path], input: input)
    guard result.status == 0,
      let answer = try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any],
      let types = answer["files"] as? [String], types.count == paths.count
    else { throw CocoaError(.fileReadCorruptFile) }
    return types
  }

  /// Compares `registry`'s identification of `paths` with GIO's (``Peers/gio``).
  public static func compare(_ paths: [String], registry: UTTypeRegistry) throws -> IdentificationAgreement {
    let gio = try gioTypes(paths)
    let database = registry.loadedMIMEDatabase
    var report = IdentificationAgreement(total: 0, agreed: 0, disagreements: [])
    for (path, theirs) in zip(paths, gio) {
      let ours = (try? registry.identifyFile(atPath: path).mimeType) ?? "(unreadable)"
      if theirs == "(error)" && ours == "(unreadable)" { continue }
      report.total += 1
      if ours == theirs || database.map({ UTTypeRegistry.mimeType(ours, isOrRefines: theirs, in: $0) }) == true {
        report.agreed += 1
      } else {
        report.disagreements.append(
          .init(path: path, ours: ours, gio: theirs, reason: database.map { reason(path, ours, $0) } ?? "no database"))
      }
    }
    return report
  }

  /// Why our answer differs: what the name and the content gave us.
  static func reason(_ path: String, _ ours: String, _ database: MIMEDatabase) -> String {
    let globs = database.globMatches(forFileName: (path as NSString).lastPathComponent)
    let handle = try? FileHandle(forReadingFrom: URL(fileURLWithPath: path))
    let bytes = [UInt8]((try? handle?.read(upToCount: 65536)) ?? nil ?? Data())
    let full = bytes.withUnsafeBytes { database.magicMatch($0) }
    let sniffed = Array(bytes.prefix(4096)).withUnsafeBytes { database.magicMatch($0) }
    var parts = [
      "globs: " + (globs.isEmpty ? "none" : globs.map { "\($0.mimeType)@\($0.weight)" }.joined(separator: " "))
    ]
    parts.append("magic: " + (full.map { "\($0.mimeType)@\($0.priority)" } ?? "none"))
    if full?.mimeType != sniffed?.mimeType { parts.append("the magic match lies past GIO's 4 KB sniff buffer") }
    if let full, database.unalias(full.mimeType) == "application/xml", ours != full.mimeType {
      parts.append("the <root-XML> rules, which GIO does not apply")
    }
    return parts.joined(separator: "; ")
  }
}
