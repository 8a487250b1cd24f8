extension ContentDetector {
  /// Archives, packages and compressed data.
  static func detectArchive(_ content: inout ContentBytes) -> Format? {
    let h = content.head
    if h.u32be(0) == 0x377A_BCAF, h.u16be(4) == 0x271C { return .sevenZip }  // 7z format: the signature header.
    // RAR 4.x ("Rar!\x1A\x07\x00") and 5.0 ("Rar!\x1A\x07\x01\x00").
    if h.has("Rar!\u{1A}\u{7}", at: 0), h.u8(6) == 0 || (h.u8(6) == 1 && h.u8(7) == 0) { return .rar }
    if h.u16be(0) == 0x1F8B, h.u8(2) == 8 { return .gzip }  // RFC 1952 2.3.1: ID1, ID2, CM deflate.
    if h.u16be(0) == 0x1F9D { return .compress }  // compress(1): 1F 9D.
    // bzip2: "BZh", a block size digit, then the first block's magic (π) or the end-of-stream magic.
    if h.has("BZh", at: 0), (0x31...0x39).contains(h.u8(3)),
      h.u32be(4) == 0x3141_5926 || h.u32be(4) == 0x1772_4538
    {
      return .bzip2
    }
    if h.u32be(0) == 0xFD37_7A58, h.u16be(4) == 0x5A00 { return .xz }  // xz 1.2.1: the stream header magic.
    if h.u32le(0) == 0xFD2F_B528 { return .zstd }  // RFC 8878 3.1.1: the frame's magic number.
    if h.u32le(0) == 0x184D_2204 { return .lz4 }  // LZ4 frame format 1.6.4.
    if h.has("LZIP", at: 0), h.u8(4) == 1 { return .lzip }  // lzip manual: "LZIP", version 1.
    if h.has("MSCF\0\0\0\0", at: 0) { return .cab }  // MS-CAB 2.1: signature and reserved1.
    if h.u32be(0) == 0xEDAB_EEDB { return .rpm }  // RPM lead (LSB 25.2.2).
    // ar(5): "!<arch>\n"; a Debian package's first member is debian-binary (deb(5)).
    if h.has("!<arch>\n", at: 0) { return h.has("debian-binary", at: 8) ? .deb : .ar }
    // cpio(5): the odc and newc ASCII magics, and the binary format's 070707 in either byte order.
    if h.has("070707", at: 0) || h.has("070701", at: 0) || h.has("070702", at: 0) || h.u16le(0) == 0o070707
      || h.u16be(0) == 0o070707
    {
      return .cpio
    }
    // ARJ technical information: header id 0xEA60 and a basic header of at most 2600 bytes.
    if h.u16le(0) == 0xEA60, (1...2600).contains(h.u16le(2)) { return .arj }
    // LHA: "-lh?-" or "-lz?-" at 2 (the method id of the first header).
    if h.u8(2) == 0x2D, h.has("lh", at: 3) || h.has("lz", at: 3), h.u8(6) == 0x2D { return .lha }
    if isTar(h) { return .tar }
    return nil
  }

  /// POSIX ustar and GNU tar by their magic at 257, and version 7 tar by its header checksum.
  static func isTar(_ h: ByteView) -> Bool {
    if h.has("ustar\0", at: 257) || h.has("ustar  \0", at: 257) { return true }
    guard h.contains(0, 512), h.u8(0) != 0 else { return false }
    // The checksum (148, eight bytes of octal) counts the field itself as spaces.
    var sum = 0
    for offset in 0..<512 { sum += (148..<156).contains(offset) ? 0x20 : Int(h.u8(offset)) }
    var stored = 0
    var digits = 0
    for offset in 148..<156 {
      let byte = h.u8(offset)
      if byte == 0x20 || byte == 0 {
        if digits > 0 { break } else { continue }
      }
      guard (0x30...0x37).contains(byte) else { return false }
      stored = stored * 8 + Int(byte - 0x30)
      digits += 1
    }
    return digits > 0 && stored == sum
  }

  /// Disk images: ISO 9660 (ECMA-119 8.1: "CD001" in the first volume descriptor, at 32,769) and
  /// Apple's UDIF (the "koly" trailer in the last 512 bytes). Both read outside the prefix.
  static func detectDiskImage(_ content: inout ContentBytes) -> Format? {
    if content.knownSize >= 32_774, content.withWindow(at: 32_769, count: 5, { $0.has("CD001", at: 32_769) }) {
      return .iso9660
    }
    if let size = content.size, size >= 512,
      content.withWindow(at: size - 512, count: 4, { $0.has("koly", at: size - 512) })
    {
      return .diskImage
    }
    return nil
  }
}
