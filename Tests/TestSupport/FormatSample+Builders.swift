import Foundation

/// The builders of the samples: byte orders, containers and headers, each as its specification
/// lays it out.
extension FormatSample {
  static func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
  static func le64(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
  static func padded(_ bytes: [UInt8], to count: Int) -> [UInt8] { bytes + zeros(max(0, count - bytes.count)) }

  /// A complete ZIP archive (APPNOTE 4.3.6): stored entries, their local headers, the central
  /// directory and the end record. `descriptors` writes entries with data descriptors (sizes
  /// zero in the local headers), so that only the central directory names them.
  public static func zipArchive(_ entries: [(name: String, content: [UInt8])], descriptors: Bool = false) -> [UInt8] {
    var body: [UInt8] = []
    var directory: [UInt8] = []
    for (name, content) in entries {
      let offset = UInt32(body.count)
      let size = le32(UInt32(content.count))
      let localSize = descriptors ? le32(0) : size
      let flags: UInt16 = descriptors ? 0x08 : 0
      body += join(
        [0x50, 0x4B, 0x03, 0x04], le16(20), le16(flags), le16(0), le16(0), le16(0), le32(0), localSize, localSize,
        le16(UInt16(name.utf8.count)), le16(0), ascii(name), content)
      if descriptors { body += join([0x50, 0x4B, 0x07, 0x08], le32(0), size, size) }
      directory += join(
        [0x50, 0x4B, 0x01, 0x02], le16(20), le16(20), le16(flags), le16(0), le16(0), le16(0), le32(0), size, size,
        le16(UInt16(name.utf8.count)), le16(0), le16(0), le16(0), le16(0), le32(0), le32(offset), ascii(name))
    }
    let end = join(
      [0x50, 0x4B, 0x05, 0x06], le16(0), le16(0), le16(UInt16(entries.count)), le16(UInt16(entries.count)),
      le32(UInt32(directory.count)), le32(UInt32(body.count)), le16(0))
    return body + directory + end
  }

  public static func zipArchive(_ names: [String]) -> [UInt8] { zipArchive(names.map { ($0, ascii("x")) }) }

  /// An OOXML package whose `[Content_Types].xml` (stored) names `mainType` for `part`.
  static func ooxml(_ folder: String, part: String, mainType: String) -> [UInt8] {
    let types =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">"
      + "<Override PartName=\"/\(folder)/\(part)\" ContentType=\"application/\(mainType)\"/></Types>"
    return zipArchive([
      ("[Content_Types].xml", ascii(types)), ("_rels/.rels", ascii("<Relationships/>")),
      ("\(folder)/\(part)", ascii("<x/>")),
    ])
  }

  /// A Compound File Binary (MS-CFB 2.2) of 512-byte sectors: the header, one FAT sector
  /// (sector 0) and one directory sector (sector 1) holding the root entry with `clsid` and
  /// streams named `streams`. `fatLoop` points the directory's FAT entry at itself.
  public static func compoundFile(clsid: [UInt8], streams: [String], fatLoop: Bool = false) -> [UInt8] {
    var header = join(
      [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1], zeros(16), le16(0x3E), le16(3), le16(0xFFFE), le16(9),
      le16(6), zeros(6), le32(0), le32(1), le32(1), le32(0), le32(4096), le32(0xFFFF_FFFE), le32(0),
      le32(0xFFFF_FFFE), le32(0))
    header += le32(0) + (1..<109).flatMap { _ in le32(0xFFFF_FFFF) }
    var fat = le32(0xFFFF_FFFD) + le32(fatLoop ? 1 : 0xFFFF_FFFE)
    fat += (2..<128).flatMap { _ in le32(0xFFFF_FFFF) }
    func entry(_ name: String, type: UInt8, clsid: [UInt8]) -> [UInt8] {
      var utf16: [UInt8] = name.utf16.flatMap { unit -> [UInt8] in le16(unit) }
      utf16 += [0, 0]
      let length = UInt16(utf16.count)
      utf16 += zeros(64 - utf16.count)
      return join(
        utf16, le16(length), [type, 1], le32(0xFFFF_FFFF), le32(0xFFFF_FFFF), le32(type == 5 ? 1 : 0xFFFF_FFFF),
        clsid, zeros(4), zeros(16), le32(0xFFFF_FFFE), le32(0), le32(0))
    }
    var directory = entry("Root Entry", type: 5, clsid: clsid)
    for name in streams { directory += entry(name, type: 2, clsid: zeros(16)) }
    directory += zeros(512 - directory.count % 512 == 512 ? 0 : 512 - directory.count % 512)
    return header + fat + Array(directory.prefix(512))
  }

  /// A CLSID (MS-DTYP 2.3.4) in its on-disk byte order.
  static func clsid(_ data1: UInt32, _ data2: UInt16, _ data3: UInt16, _ rest: [UInt8]) -> [UInt8] {
    le32(data1) + le16(data2) + le16(data3) + rest
  }
  static let officeTail: [UInt8] = [0xC0, 0, 0, 0, 0, 0, 0, 0x46]

  /// A little-endian TIFF whose IFD 0 holds `entries` (tag, type, count, value or offset),
  /// with `make` (a camera maker) as the Make string past the IFD.
  static func tiff(
    _ entries: [(UInt16, UInt16, UInt32, UInt32)], make: String? = nil, magic: [UInt8] = [0x49, 0x49, 0x2A, 0]
  ) -> [UInt8] {
    var all = entries
    let ifdSize = 2 + 12 * (all.count + (make == nil ? 0 : 1)) + 4
    let makeBytes = make.map { ascii($0) + [0] } ?? []
    if let _ = make { all.append((0x010F, 2, UInt32(makeBytes.count), UInt32(8 + ifdSize))) }
    all.sort { $0.0 < $1.0 }
    var ifd = le16(UInt16(all.count))
    for (tag, type, count, value) in all { ifd += le16(tag) + le16(type) + le32(count) + le32(value) }
    ifd += le32(0)
    return magic + le32(8) + ifd + makeBytes
  }

  /// An MPEG-1 Layer III frame (128 kbit/s, 44.1 kHz: 417 bytes), Layer II or Layer I frame.
  public static func mpegFrame(layer: Int) -> [UInt8] {
    let second: UInt8 = layer == 3 ? 0xFB : layer == 2 ? 0xFD : 0xFF
    // 144 × bitrate / 44,100: Layer III at 128 kbit/s, Layer II at 160 kbit/s (index 9 of each
    // table); Layer I: (12 × 288000 / 44100) × 4.
    let length = layer == 1 ? 312 : layer == 2 ? 522 : 417
    return [0xFF, second, 0x90, 0x64] + zeros(length - 4)
  }

  /// An ADTS frame (ISO/IEC 13818-7 6.2) of `length` bytes: AAC LC, 44.1 kHz, stereo.
  static func adtsFrame(length: Int = 32) -> [UInt8] {
    [0xFF, 0xF1, 0x50, 0x80 | UInt8(length >> 11), UInt8((length >> 3) & 0xFF), UInt8((length & 7) << 5) | 0x1F, 0xFC]
      + zeros(length - 7)
  }

  /// An Ogg page (RFC 3533 6) whose one packet is `packet`.
  static func oggPage(_ packet: [UInt8]) -> [UInt8] {
    join(ascii("OggS"), [0, 2], zeros(8), le32(1), le32(0), le32(0), [1, UInt8(packet.count)], packet)
  }

  /// An ELF header (System V ABI 4.1) of `type`, 64-bit little-endian, with one program header
  /// (PT_DYNAMIC) whose dynamic section holds DT_FLAGS_1 = `flags1` when given.
  static func elf(type: UInt16, flags1: UInt64? = nil) -> [UInt8] {
    var header = join([0x7F], ascii("ELF"), [2, 1, 1, 0], zeros(8), le16(type), le16(0x3E), le32(1), le64(0))
    header +=
      le64(64) + le64(0) + le32(0) + le16(64) + le16(56) + le16(flags1 == nil ? 0 : 1) + le16(64) + le16(0)
      + le16(0)
    guard let flags1 else { return header }
    let dynamicOffset: UInt64 = 64 + 56
    let dynamic = le64(0x6FFF_FFFB) + le64(flags1) + le64(0) + le64(0)
    header +=
      le32(2) + le32(6) + le64(dynamicOffset) + le64(0) + le64(0) + le64(UInt64(dynamic.count))
      + le64(UInt64(dynamic.count)) + le64(8)
    return header + dynamic
  }

  /// A minimal EBML header (RFC 8794) whose DocType is `docType`.
  static func ebml(_ docType: String) -> [UInt8] {
    let doc = [0x42, 0x82, 0x80 | UInt8(docType.utf8.count)] + ascii(docType)
    let body = [0x42, 0x86, 0x81, 0x01] + doc
    return [0x1A, 0x45, 0xDF, 0xA3, 0x80 | UInt8(body.count)] + body
  }

  /// An ASF header object (ASF specification 3.1) with one Stream Properties Object of `streamType`.
  static func asf(streamType: [UInt8]) -> [UInt8] {
    let header: [UInt8] = [
      0x30, 0x26, 0xB2, 0x75, 0x8E, 0x66, 0xCF, 0x11, 0xA6, 0xD9, 0x00, 0xAA, 0x00, 0x62, 0xCE, 0x6C,
    ]
    let streamProperties: [UInt8] = [
      0x91, 0x07, 0xDC, 0xB7, 0xB7, 0xA9, 0xCF, 0x11, 0x8E, 0xE6, 0x00, 0xC0, 0x0C, 0x20, 0x53, 0x65,
    ]
    let object = streamProperties + le64(78) + streamType + zeros(78 - 40)
    return header + le64(UInt64(30 + object.count)) + le32(1) + [1, 2] + object
  }
  static let asfVideo: [UInt8] = [
    0xC0, 0xEF, 0x19, 0xBC, 0x4D, 0x5B, 0xCF, 0x11, 0xA8, 0xFD, 0x00, 0x80, 0x5F, 0x5C, 0x44, 0x2B,
  ]
  static let asfAudio: [UInt8] = [
    0x40, 0x9E, 0x69, 0xF8, 0x4D, 0x5B, 0xCF, 0x11, 0xA8, 0xFD, 0x00, 0x80, 0x5F, 0x5C, 0x44, 0x2B,
  ]

  /// Text encoded as UTF-16 or UTF-32 with its byte order mark.
  static func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
    (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE])
      + text.utf16.flatMap { bigEndian ? be16($0) : le16($0) }
  }
  static func utf32LE(_ text: String) -> [UInt8] {
    [0xFF, 0xFE, 0, 0] + text.unicodeScalars.flatMap { le32($0.value) }
  }
}
