import Foundation
import TestSupport
import Testing

@testable import TypeRegistry

/// Identification of files made by the tools that write each format (`Tests/Fixtures/corpus`,
/// written by `scripts/make-identification-corpus.sh`), named by content alone, against what
/// `file --mime-type` and GIO say of the same nameless files: our answer, with the machine's
/// database and without one, is the same type as each tool's or a kind of it by the database;
/// where it is not, the disagreement is one of the decisions listed here, with its reason.
@Suite("Identification: an outside corpus against file(1) and GIO")
struct IdentificationCorpusTests {
  /// One disagreement we decided, and why: `tool` (`file` or `gio`) says `theirs` of `file`
  /// (as Debian 12's `file` 5.44 and GLib 2.74 with shared-mime-info 2.2 say it).
  struct Decision {
    let file: String
    let tool: String
    let theirs: String
    let reason: String
  }

  static let decisions: [Decision] = [
    .init(
      file: "ffmpeg.ac3", tool: "file", theirs: "audio/vnd.dolby.dd-raw",
      reason: "IANA registers AC-3 as audio/ac3, GIO's name too"),
    .init(
      file: "ffmpeg.eac3", tool: "file", theirs: "audio/vnd.dolby.dd-raw",
      reason: "E-AC-3 (bsid 16) is audio/eac3 (IANA); file names every Dolby stream one way"),
    .init(
      file: "ffmpeg.eac3", tool: "gio", theirs: "audio/ac3",
      reason: "E-AC-3 extends AC-3 with the same sync word; the bitstream id says which"),
    .init(
      file: "ffmpeg.aac", tool: "file", theirs: "audio/x-hx-aac-adts",
      reason: "file's private name for ADTS; IANA and shared-mime-info say audio/aac"),
    .init(file: "id3-adts.aac", tool: "file", theirs: "audio/x-hx-aac-adts", reason: "as ffmpeg.aac"),
    .init(
      file: "id3-adts.aac", tool: "gio", theirs: "audio/mpeg",
      reason: "GIO takes every ID3 tag for MP3; after the tag is an ADTS frame"),
    .init(
      file: "id3-flac.flac", tool: "gio", theirs: "audio/mpeg",
      reason: "GIO takes every ID3 tag for MP3; after the tag is fLaC"),
    .init(
      file: "ffmpeg-flac.oga", tool: "file", theirs: "audio/ogg",
      reason: "the first page's codec (FLAC) refines Ogg audio, as GIO says"),
    .init(
      file: "ffmpeg-vorbis.ogg", tool: "file", theirs: "audio/ogg",
      reason: "the first page's codec (Vorbis) refines Ogg audio, as GIO says"),
    .init(
      file: "opusenc.opus", tool: "file", theirs: "audio/ogg",
      reason: "the first page's codec (Opus) refines Ogg audio, as GIO says"),
    .init(
      file: "ffmpeg.ogv", tool: "file", theirs: "video/ogg",
      reason: "the first page's codec (Theora) refines Ogg video, as GIO says"),
    .init(
      file: "sox.aifc", tool: "file", theirs: "audio/x-aiff",
      reason: "FORM AIFC is AIFF-C, its own type in shared-mime-info (audio/x-aifc) and Apple's (public.aifc-audio)"),
    .init(
      file: "sox.voc", tool: "file", theirs: "audio/x-unknown",
      reason: "file names no type for Creative Voice; shared-mime-info's is audio/x-voc"),
    .init(file: "ffmpeg.m4b", tool: "file", theirs: "audio/x-m4a", reason: "the major brand is M4B, an audio book"),
    .init(file: "ffmpeg.m4b", tool: "gio", theirs: "audio/mp4", reason: "the major brand is M4B, an audio book"),
    .init(
      file: "ghostscript.eps", tool: "file", theirs: "application/postscript",
      reason: "the first line says EPSF; encapsulated PostScript, as GIO says"),
    .init(
      file: "ffmpeg.apng", tool: "file", theirs: "image/png",
      reason: "an acTL chunk before IDAT makes an animated PNG (IANA image/apng)"),
    .init(
      file: "ffmpeg.apng", tool: "gio", theirs: "image/png",
      reason: "an acTL chunk before IDAT makes an animated PNG (IANA image/apng)"),
    .init(
      file: "ffmpeg.wma", tool: "gio", theirs: "application/vnd.ms-asf", reason: "ASF whose one stream is audio: WMA"),
    .init(file: "ffmpeg.wma", tool: "file", theirs: "video/x-ms-asf", reason: "ASF whose one stream is audio: WMA"),
    .init(file: "ffmpeg.wmv", tool: "gio", theirs: "application/vnd.ms-asf", reason: "ASF with a video stream: WMV"),
    .init(file: "ffmpeg.wmv", tool: "file", theirs: "video/x-ms-asf", reason: "ASF with a video stream: WMV"),
    .init(
      file: "gcc-library.so", tool: "gio", theirs: "application/x-executable",
      reason: "an ELF of type ET_DYN without DF_1_PIE is a shared library, as file says"),
    .init(
      file: "gcc-pie", tool: "gio", theirs: "application/x-executable",
      reason: "an ELF of type ET_DYN with DF_1_PIE is a position-independent executable, as file says"),
    .init(file: "zip.jar", tool: "file", theirs: "application/zip", reason: "a ZIP with META-INF/MANIFEST.MF is a JAR"),
    .init(file: "zip.jar", tool: "gio", theirs: "application/zip", reason: "a ZIP with META-INF/MANIFEST.MF is a JAR"),
    .init(
      file: "javac.class", tool: "file", theirs: "application/x-java-applet",
      reason: "file's name for class files; shared-mime-info's is application/x-java, as GIO says"),
    .init(
      file: "ffmpeg.mkv", tool: "gio", theirs: "application/x-matroska",
      reason: "EBML DocType matroska: shared-mime-info's video/x-matroska, as file says"),
    .init(
      file: "ffmpeg.mka", tool: "gio", theirs: "application/x-matroska",
      reason: "EBML DocType matroska: shared-mime-info's video/x-matroska, as file says"),
  ]

  /// Formats the built-in detectors do not name, which only a database's magic does.
  static let databaseOnly: [String: String] = [
    "imagemagick.pcx": "PCX has no signature beyond a one-byte manufacturer code; the database's magic decides",
    "imagemagick.tga": "TGA has no signature at its start; the database's magic decides",
  ]

  @Test func ourAnswerIsAtLeastAsPreciseAsFileAndGIO() throws {
    try Peers.sharedMimeInfo.orSkip()
    let file = try Peers.executable("file", package: "file").orSkip()
    try Peers.gio.orSkip()
    let corpus = fixturesDirectory.appendingPathComponent("corpus")
    let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted()
    #expect(names.count >= 70, "the corpus holds \(names.count) files")
    let directory = try makeTemporaryDirectory("corpus")
    defer { try? FileManager.default.removeItem(at: directory) }
    let paths = try names.enumerated().map { index, name in
      let path = directory.appendingPathComponent(String(format: "%03d", index)).path
      try FileManager.default.copyItem(atPath: corpus.appendingPathComponent(name).path, toPath: path)
      return path
    }
    let fileTypes = try Self.fileTypes(paths, file: file)
    let gioTypes = try IdentificationAgreement.gioTypes(paths)
    let machine = UTTypeRegistry.Builder(mimeDatabase: .machine).build()
    let bare = UTTypeRegistry.Builder(mimeDatabase: nil).build()
    let database = try #require(machine.loadedMIMEDatabase)
    var undecided: [String] = []
    for (index, name) in names.enumerated() {
      let found = try machine.identifyFile(atPath: paths[index])
      let foundAlone = try bare.identifyFile(atPath: paths[index])
      let (ours, alone) = (found.mimeType, foundAlone.mimeType)
      for (tool, theirs) in [("file", fileTypes[index]), ("gio", gioTypes[index])] {
        if Self.isAtLeastAsPrecise(ours, as: theirs, database) { continue }
        // A decision holds for the file and the tool: another version of the tool may spell its
        // answer otherwise (Debian 12's answers are the ones written down).
        if Self.decisions.contains(where: { $0.file == name && $0.tool == tool }) { continue }
        undecided.append("\(name): ours \(ours), \(tool) \(theirs)")
      }
      if Self.databaseOnly[name] == nil {
        // The same type (the catalog's AIFF is audio/aiff, the database's audio/x-aiff), or a kind of it.
        #expect(
          foundAlone.identifier == found.identifier || database.unalias(alone) == database.unalias(ours)
            || UTTypeRegistry.mimeType(alone, isOrRefines: ours, in: database),
          "\(name): without a database \(alone), with it \(ours)")
      }
    }
    #expect(undecided.isEmpty, "disagreements not decided:\n\(undecided.joined(separator: "\n"))")
  }

  /// Whether `ours` is `theirs`, or a kind of it by the database, or `theirs` says nothing.
  static func isAtLeastAsPrecise(_ ours: String, as theirs: String, _ database: MIMEDatabase) -> Bool {
    if theirs == "application/octet-stream" { return true }
    return database.unalias(ours) == database.unalias(theirs) || database.isSubclass(ours, of: theirs)
  }

  /// What `file --mime-type` says of each of `paths`.
  static func fileTypes(_ paths: [String], file: String) throws -> [String] {
    let result = try runProcess(file, ["--mime-type", "--brief", "--"] + paths)
    let lines = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
    try #require(result.status == 0 && lines.count == paths.count, "file: \(lines)")
    return lines
  }
}
