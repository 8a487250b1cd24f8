import Foundation

/// A sample that looks like a format but is not one: a truncated header, a container whose
/// structure names nothing, a brand no one registered.
public struct NearMiss: Sendable {
  /// A short name for messages.
  public var name: String
  /// The format it resembles: identification must not name it.
  public var notMIMEType: String
  /// The sample's bytes.
  public var bytes: [UInt8]
}

extension FormatSample {
  /// Near misses: for each structured detector, content that resembles its format but is not it.
  public static let nearMisses: [NearMiss] = {
    var list: [NearMiss] = []
    func add(_ name: String, _ mimeType: String, _ bytes: [UInt8]) {
      list.append(NearMiss(name: name, notMIMEType: mimeType, bytes: bytes))
    }
    add("a PNG signature cut short", "image/png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A])
    // MS-SHLLINK 2.1: the whole LinkCLSID counts, its Data2 and Data3 (bytes 8-11) too.
    add(
      "a shortcut header whose CLSID is 00021401-0001-0000-C000-000000000046", "application/x-ms-shortcut",
      le32(0x4C) + [0x01, 0x14, 0x02, 0x00, 0x01, 0x00, 0x00, 0x00, 0xC0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x46])
    add(
      "a PNG whose acTL follows IDAT", "image/apng",
      join(
        [0x89], ascii("PNG\r\n\u{1A}\n"), be32(13), ascii("IHDR"), zeros(17), be32(0), ascii("IDAT"), zeros(4), be32(8),
        ascii("acTL")))
    add(
      "a ZIP whose first entry is not mimetype", "application/vnd.oasis.opendocument.text",
      zip(first: "content.xml", content: "application/vnd.oasis.opendocument.text"))
    add(
      "a mimetype entry naming an unknown type", "application/epub+zip",
      zip(first: "mimetype", content: "application/x-nothing"))
    add("an MP4 with an unknown brand", "video/mp4", ftyp("zzzz", ["yyyy"]))
    add("an ftyp box too short for its brands", "image/heic", be32(8) + ascii("ftypheic"))
    add("a TIFF with a Make but no raw layout", "image/x-nikon-nef", tiff([(0x0100, 3, 1, 16)], make: "NIKON"))
    add("one MPEG audio frame header without a second", "audio/mpeg", [0xFF, 0xFB, 0x90, 0x64] + zeros(20))
    add(
      "an MPEG frame header with a reserved sample rate", "audio/mpeg",
      (0..<2).flatMap { _ in [0xFF, 0xFB, 0x9C, 0x64] + zeros(413) })
    add("an EBML header with another DocType", "video/webm", ebml("mkvx"))
    add("a RIFF form no one registered", "audio/vnd.wave", riff("ZZZZ", chunk: "data", [1, 2, 3]))
    add("an Ogg page with an unknown codec", "audio/x-vorbis+ogg", oggPage(ascii("\u{1}nothing")))
    add("an ASF header without streams", "video/x-ms-wmv", Array(asf(streamType: zeros(16))))
    add("a compound file of unknown streams", "application/msword", compoundFile(clsid: zeros(16), streams: ["Data"]))
    add(
      "a tar header with a wrong checksum", "application/x-tar",
      {
        var h = v7tar("x"); h[148] = 0x37; return h
      }())
    add("an ELF header of an unknown type", "application/x-executable", elf(type: 9))
    add("MZ without a DOS header", "application/x-ms-dos-executable", ascii("MZ"))
    add("CAFEBABE with an old class version", "application/x-java", [0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 44, 0, 0])
    add("an ICO directory of no images", "image/vnd.microsoft.icon", le16(0) + le16(1) + le16(0) + zeros(16))
    add("BEGIN:VCARDS is not a vCard's first line", "text/vcard", ascii("xBEGIN:VCARD\n"))
    add("WEBVTTX is not WebVTT", "text/vtt", ascii("WEBVTTX\n"))
    add(
      "an ISO 9660 image cut before its volume descriptor", "application/x-cd-image", zeros(32_770) + [1] + ascii("CD0")
    )
    return list + specialistNearMisses
  }()
}
