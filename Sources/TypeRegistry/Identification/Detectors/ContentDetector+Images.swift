extension ContentDetector {
  /// Raster images, icons, textures and camera raw files.
  static func detectImage(_ content: inout ContentBytes) -> Format? {
    let h = content.head
    // PNG (ISO/IEC 15948) 5.2: the signature; APNG when an acTL chunk precedes the first IDAT.
    if h.u32be(0) == 0x8950_4E47, h.u32be(4) == 0x0D0A_1A0A { return detectPNG(&content) }
    // JPEG (ITU T.81) B.1.1.2: SOI then a marker; JPEG-LS (ITU T.87) when it is SOF55 (FFF7).
    if h.u16be(0) == 0xFFD8, h.u8(2) == 0xFF { return h.u8(3) == 0xF7 ? .jpegLS : .jpeg }
    // JPEG XL (ISO/IEC 18181-2): a bare codestream (FF0A) or the container's signature box.
    if h.u16be(0) == 0xFF0A { return .jpegXL }
    if h.u32be(0) == 12, h.has("JXL ", at: 4), h.u32be(8) == 0x0D0A_870A { return .jpegXL }
    if h.u32be(0) == 0x4949_BC01 { return .jpegXR }  // JPEG XR (ITU T.832) A.2: "II", 0xBC, version 1.
    if h.u32be(0) == 0x4250_47FB { return .bpg }  // BPG: "BPG" 0xFB.
    if h.has("GIF87a", at: 0) || h.has("GIF89a", at: 0) { return .gif }  // GIF89a 17.
    // BITMAPFILEHEADER: "BM", reserved words of zero, then a known BITMAPINFOHEADER size.
    if h.has("BM", at: 0), h.u32le(6) == 0, [12, 16, 40, 52, 56, 64, 108, 124].contains(h.u32le(14)) { return .bmp }
    if h.has("II*\0", at: 0) || h.has("MM\0*", at: 0) { return detectTIFF(&content) }
    // Olympus and Panasonic raw files are TIFF with their own magic numbers.
    if h.has("IIRO", at: 0) || h.has("IIRS", at: 0) || h.has("MMOR", at: 0) { return .orf }
    // Panasonic: "IIU\0" and the first IFD at 0x18 (RW2) or 8 (the older RAW).
    if h.has("IIU\0", at: 0) { return h.u32le(4) == 8 ? .panasonicRaw : .rw2 }
    if h.has("FUJIFILMCCD-RAW ", at: 0) { return .raf }
    // ICONDIR (Windows icons and cursors): reserved 0, type 1 or 2, 1-255 images, and a first
    // entry whose reserved byte is 0 and whose image lies past the directory.
    let kind = h.u16le(2)
    let images = Int(h.u16le(4))
    if h.u16le(0) == 0, kind == 1 || kind == 2, (1...255).contains(images), h.u8(9) == 0,
      h.u32le(14) > 0, Int(h.u32le(18)) >= 6 + 16 * images
    {
      return kind == 1 ? .ico : .cursor
    }
    // Apple Icon Image format: "icns", then the file's length.
    if h.has("icns", at: 0), content.size.map({ Int(h.u32be(4)) == $0 }) ?? (h.u32be(4) >= 8) { return .icns }
    // KTX 1.1 and 2.0 identifiers: «KTX 11»\r\n\x1A\n and «KTX 20»...
    if h.u32be(0) == 0xAB4B_5458, h.u32be(8) == 0x0D0A_1A0A {
      if h.u32be(4) == 0x2031_31BB { return .ktx }
      if h.u32be(4) == 0x2032_30BB { return .ktx2 }
    }
    if h.has("gimp xcf ", at: 0) { return .xcf }
    // Photoshop File Formats Specification: "8BPS", version 1 (PSD) or 2 (PSB).
    if h.has("8BPS", at: 0) {
      if h.u16be(4) == 1 { return .photoshop }
      if h.u16be(4) == 2 { return .photoshopLarge }
    }
    if h.has("DICM", at: 128) { return .dicom }  // DICOM PS3.10 7.1: a 128-byte preamble, then "DICM".
    return nil
  }

  /// PNG's chunks up to the first IDAT: an `acTL` (animation control) chunk makes it APNG.
  /// Reads at most 32 chunk headers.
  static func detectPNG(_ content: inout ContentBytes) -> Format {
    var offset = 8
    for _ in 0..<32 {
      let (length, type) = content.withWindow(at: offset, count: 8) { ($0.u32be(offset), $0.u32be(offset + 4)) }
      if type == 0x6163_544C { return .apng }  // "acTL"
      if type == 0x4944_4154 || type == 0 { break }  // "IDAT", or the end of the data
      guard length < 0x8000_0000 else { break }
      offset += 12 + Int(length)
    }
    return .png
  }

  /// TIFF 6.0 and the camera raw formats built on it: Canon's CR2 header, Adobe's DNGVersion tag,
  /// and for the others the camera's Make in an IFD 0 that is a reduced-resolution image
  /// (NewSubfileType 1) or has SubIFDs, as raw files' first IFDs are and scans' are not.
  /// Follows at most 8 IFDs of at most 512 entries, never one already seen.
  static func detectTIFF(_ content: inout ContentBytes) -> Format {
    let h = content.head
    let bigEndian = h.u8(0) == 0x4D
    if !bigEndian, h.has("CR", at: 8), h.u8(10) == 2 { return .cr2 }  // Canon CR2: "CR", major version 2.
    var offset = Int(h.u32(4, bigEndian: bigEndian))
    var seen: Set<Int> = []
    var make = ""
    var isRawLayout = false
    var exif: Int?
    for _ in 0..<8 {
      guard offset >= 8, seen.insert(offset).inserted else { break }
      let count = content.withWindow(at: offset, count: 2) { Int($0.u16(offset, bigEndian: bigEndian)) }
      guard count > 0, count <= 512 else { break }
      var makeAt: (offset: Int, count: Int)?
      let (isDNG, next) = content.withWindow(at: offset + 2, count: 12 * count + 4) { ifd -> (Bool, Int) in
        for index in 0..<count {
          let entry = offset + 2 + 12 * index
          switch ifd.u16(entry, bigEndian: bigEndian) {
          case 0xC612: return (true, 0)  // DNGVersion
          case 0x010F:  // Make, ASCII
            let length = Int(ifd.u32(entry + 4, bigEndian: bigEndian))
            makeAt = length <= 4 ? (entry + 8, length) : (Int(ifd.u32(entry + 8, bigEndian: bigEndian)), length)
          case 0x00FE: if ifd.u32(entry + 8, bigEndian: bigEndian) & 1 == 1 { isRawLayout = true }
          case 0x014A: isRawLayout = true  // SubIFDs
          case 0x8769: exif = Int(ifd.u32(entry + 8, bigEndian: bigEndian))  // the Exif IFD
          default: break
          }
        }
        return (false, Int(ifd.u32(offset + 2 + 12 * count, bigEndian: bigEndian)))
      }
      if isDNG { return .dng }
      if let makeAt, make.isEmpty {
        make = content.withWindow(at: makeAt.offset, count: min(makeAt.count, 64)) {
          String(decoding: $0.slice(makeAt.offset, min(makeAt.count, 64)).prefix { $0 != 0 }, as: UTF8.self)
        }
      }
      offset = next
    }
    guard isRawLayout else { return .tiff }
    // Without a Make, the Exif IFD's maker note names Nikon ("Nikon\0", Nikon's maker note format).
    if make.isEmpty, let exif, makerNote(&content, ifd: exif, bigEndian: bigEndian, is: "Nikon\0") { return .nef }
    let vendor = make.uppercased()
    for (prefix, format) in [
      ("NIKON", Format.nef), ("SONY", .arw), ("PENTAX", .pef), ("RICOH", .pef), ("ASAHI", .pef), ("SAMSUNG", .srw),
      ("OLYMPUS", .orf), ("CANON", .cr2),
    ] where vendor.hasPrefix(prefix) {
      return format
    }
    return .tiff
  }

  /// Whether the MakerNote (Exif 2.32 4.6.5, tag 0x927C) of the Exif IFD at `ifd` begins with
  /// `signature`. Reads at most 512 entries and the note's first 16 bytes.
  static func makerNote(_ content: inout ContentBytes, ifd: Int, bigEndian: Bool, is signature: StaticString) -> Bool {
    guard ifd >= 8 else { return false }
    let count = content.withWindow(at: ifd, count: 2) { Int($0.u16(ifd, bigEndian: bigEndian)) }
    guard count > 0, count <= 512 else { return false }
    let note = content.withWindow(at: ifd + 2, count: 12 * count) { view -> Int? in
      for index in 0..<count where view.u16(ifd + 2 + 12 * index, bigEndian: bigEndian) == 0x927C {
        return Int(view.u32(ifd + 2 + 12 * index + 8, bigEndian: bigEndian))
      }
      return nil
    }
    guard let note else { return false }
    return content.withWindow(at: note, count: 16) { $0.has(signature, at: note) }
  }
}
