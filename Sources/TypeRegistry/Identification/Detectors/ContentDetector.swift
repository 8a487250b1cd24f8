/// The built-in detectors: formats named from their own structure, written from each format's
/// specification, for machines without a shared-mime-info database and for the containers where
/// a database stops (`application/zip`, `application/x-ole-storage`, `video/mp4`, `image/tiff`).
///
/// Each family reads what its format's specification says identifies it, within stated bounds:
/// - the first ``prefixLength`` bytes (4 KB) decide nearly every format; a few read further, in
///   windows of at most 64 KB and 256 KB in all (``ContentBytes``): a ZIP's central directory
///   (the last 64 KB) where its local headers cannot be walked, a compound file's directory
///   sectors, the TIFF IFDs, an ISO 9660 volume descriptor at 32,769, a disk image's trailer
///   (the last 512 bytes). Without a file (a prefix of a stream), those that need more decide
///   from what the prefix holds.
/// - every loop is bounded (entries, boxes, chunks, IFDs, sectors, elements), and offsets that
///   point back or past the end end the walk, so hostile input ends in a decision.
///
/// Families are tried in a fixed order; the first that recognises the content decides.
enum ContentDetector {
  /// How many leading bytes identification reads for the detectors.
  static let prefixLength = 4096

  /// How many leading bytes let every detector decide from a prefix alone (without a file to read
  /// further in): an ISO 9660 image's first volume descriptor ends at 32,774.
  static let fullPrefixLength = 32_774

  /// The format the content's structure names, or nil when no detector recognises it.
  static func detect(_ content: inout ContentBytes) -> Format? {
    guard !content.head.bytes.isEmpty else { return nil }
    // The families, most distinctive signatures first; text formats last.
    if let format = detectImage(&content) { return format }
    if let format = detectDocument(&content) { return format }
    if let format = detectZIP(&content) { return format }
    if let format = detectCompoundFile(&content) { return format }
    if let format = detectISOMedia(&content) { return format }
    if let format = detectSpecialist(&content) { return format }
    if let format = detectMedia(&content) { return format }
    if let format = detectArchive(&content) { return format }
    if let format = detectExecutable(&content) { return format }
    if let format = detectData(&content) { return format }
    if let format = detectDiskImage(&content) { return format }
    return detectText(&content)
  }

  /// PDF, PostScript, RTF and fonts.
  static func detectDocument(_ content: inout ContentBytes) -> Format? {
    let h = content.head
    // ISO 32000-1 7.5.2 and Annex H: the header, which readers accept within the first 1024 bytes.
    if h.has("%PDF-", at: 0) || h.firstOffset(of: "%PDF-", in: 0..<1024) != nil { return .pdf }
    // Document Structuring Conventions 3.0: "%!PS-Adobe-3.0 EPSF-3.0" marks encapsulated PostScript.
    if h.has("%!PS", at: 0) {
      return h.firstOffset(of: " EPSF-", in: 4..<64) != nil ? .eps : .postScript
    }
    // DOS EPS binary header (Adobe TN 5002): C5D0D3C6.
    if h.u32be(0) == 0xC5D0_D3C6 { return .eps }
    if h.has("{\\rtf", at: 0) { return .rtf }  // RTF 1.9.1: the rtf control word.
    // OpenType 1.9 "Organization of an OpenType font": sfntVersion, then numTables.
    let tables = h.u16be(4)
    if h.u32be(0) == 0x0001_0000 || h.has("true", at: 0), (1...64).contains(tables) { return .trueType }
    if h.has("OTTO", at: 0), (1...64).contains(tables) { return .openType }
    if h.has("ttcf", at: 0), h.u16be(4) <= 2 { return .fontCollection }
    if h.has("wOFF", at: 0) { return .woff }  // WOFF 1.0, 3.
    if h.has("wOF2", at: 0) { return .woff2 }  // WOFF 2.0, 3.
    // EOT (W3C submission, 2): MagicNumber 0x504C at 34, a known version at 8.
    if h.u16le(34) == 0x504C, [0x0001_0000, 0x0002_0001, 0x0002_0002].contains(h.u32le(8)) { return .eot }
    return nil
  }

  /// SQLite, Parquet, Arrow, Avro, packet captures, ICC profiles, HTML Help, Blender, PST, torrents.
  static func detectData(_ content: inout ContentBytes) -> Format? {
    let h = content.head
    if h.has("SQLite format 3\0", at: 0) { return .sqlite }  // SQLite file format 1.3.
    if h.has("PAR1", at: 0) { return .parquet }  // Parquet: "PAR1" at both ends.
    if h.has("ARROW1\0\0", at: 0) { return .arrow }  // Arrow IPC file format.
    if h.has("Obj", at: 0), h.u8(3) == 1 { return .avro }  // Avro 1.11 object container files.
    // libpcap's file format (draft-ietf-opsawg-pcap): microsecond or nanosecond magic, either order.
    if [0xA1B2_C3D4, 0xD4C3_B2A1, 0xA1B2_3C4D, 0x4D3C_B2A1].contains(h.u32be(0)) { return .pcap }
    // pcapng (draft-ietf-opsawg-pcapng): a Section Header Block with its byte-order magic.
    if h.u32be(0) == 0x0A0D_0D0A, h.u32le(8) == 0x1A2B_3C4D || h.u32be(8) == 0x1A2B_3C4D { return .pcapng }
    if h.has("acsp", at: 36) { return .iccProfile }  // ICC.1:2022 7.2.9: the profile file signature.
    if h.has("ITSF", at: 0), h.u32le(4) == 3 { return .chm }
    if h.has("BLENDER", at: 0), h.u8(7) == 0x5F || h.u8(7) == 0x2D { return .blender }
    if h.has("!BDN", at: 0), h.has("SM", at: 8) { return .pst }  // MS-PST 2.2.2.6: dwMagic, wMagicClient.
    if h.has("d8:announce", at: 0) || h.has("d13:announce-list", at: 0) || h.has("d4:info", at: 0) {
      return .bittorrent  // BEP 3: a bencoded dictionary whose first key is announce (or info).
    }
    return nil
  }
}
