extension ContentDetector {
  /// The formats of specialist tools, each by the header its specification or its tool's
  /// documentation gives; all within the first 512 bytes but binary STL, which needs the file's
  /// size.
  static func detectSpecialist(_ content: inout ContentBytes) -> Format? {
    let h = content.head
    if let format = detectDesignFormat(&content) { return format }
    // Chrome's CRX header: "Cr24", format version 2 or 3, then a ZIP.
    if h.has("Cr24", at: 0), h.u32le(4) == 2 || h.u32le(4) == 3 { return .crx }
    // ACE: a header CRC and size, header type 0 (the main header), then "**ACE**" at 7.
    if h.has("**ACE**", at: 7), h.u8(4) == 0 { return .ace }
    // ASAR: a Chromium pickle (payload size 4, the header's size), then the header's JSON.
    if h.u32le(0) == 4, h.u32le(4) > 8, h.has("{\"files\":", at: 16) { return .asar }
    // XAR: "xar!", a header of at least 28 bytes, version 1.
    if h.has("xar!", at: 0), h.u16be(4) >= 28, h.u16be(6) == 1 { return .xar }
    // A Palm database (Palm File Format Specification): type and creator at 60.
    if h.has("BOOKMOBI", at: 60) { return .mobipocket }
    // DjVu: "AT&T", then an IFF FORM of DJVU (one page) or DJVM (a document).
    if h.has("AT&TFORM", at: 0) {
      if h.has("DJVU", at: 12) { return .djvu }
      if h.has("DJVM", at: 12) { return .djvuMultipage }
    }
    if let format = detectDataFile(h) { return format }
    return nil
  }

  /// CAD, 3D and GIS files.
  static func detectDesignFormat(_ content: inout ContentBytes) -> Format? {
    let h = content.head
    // DWG: "AC10" and two digits, the release (AC1012 R13 to AC1032 R2018).
    if h.has("AC10", at: 0), (4..<6).allSatisfy({ (0x30...0x39).contains(h.u8($0)) }) { return .dwg }
    // SketchUp: FF FE FF 0E, then "SketchUp Model" in UTF-16LE.
    if h.u32be(0) == 0xFFFE_FF0E, h.u16le(4) == 0x53, h.u16le(6) == 0x6B, h.u16le(16) == 0x55 { return .sketchUp }
    // glTF 2.0 4.4.2: the binary header's magic "glTF" and version 2.
    if h.has("glTF", at: 0), h.u32le(4) == 2 { return .gltfBinary }
    // FBX: Autodesk's binary header, or an ASCII file's first comment.
    if h.has("Kaydara FBX Binary  \0", at: 0) || h.has("; FBX ", at: 0) { return .fbx }
    // Draco's bitstream header: "DRACO", major version 1 or 2, an encoder type (point cloud or mesh).
    if h.has("DRACO", at: 0), (1...2).contains(h.u8(5)), h.u8(7) <= 1 { return .draco }
    // ESRI Shapefile Technical Description: file code 9994 (big-endian), version 1000
    // (little-endian) at 28; at 100 the main file has its first record number (1), the index its
    // first offset (50 words, just past the header).
    if h.u32be(0) == 9994, h.u32le(28) == 1000 {
      return h.contains(100, 4) && h.u32be(100) == 50 ? .shapefileIndex : .shapefile
    }
    // STL: ASCII ("solid", then a facet or the end) or binary (an 80-byte header, a triangle
    // count, 50 bytes a triangle: the file's size).
    if h.has("solid", at: 0), [0x20, 0x0A, 0x0D].contains(h.u8(5)),
      h.firstOffset(of: "facet normal", in: 5..<min(h.end, 1024)) != nil
        || h.firstOffset(of: "endsolid", in: 5..<min(h.end, 1024)) != nil
    {
      return .stl
    }
    if let size = content.size, size >= 134, h.contains(80, 4), 84 + 50 * Int(h.u32le(80)) == size { return .stl }
    return nil
  }

  /// Statistics, metadata and system files.
  static func detectDataFile(_ h: ByteView) -> Format? {
    // SPSS system files: "$FL2" (or "$FL3", compressed), a product name, a layout code of 2 or 3.
    if h.has("$FL2", at: 0) || h.has("$FL3", at: 0) {
      if [2, 3].contains(h.u32le(64)) || [2, 3].contains(h.u32be(64)) { return .spssData }
    }
    // JMP data tables: the 16-byte header JMP writes, in either byte order.
    if h.u64be(0) == 0xFFFF_0000_0700_0000, h.u64be(8) == 0x0400_0000_0100_0100 { return .jmpData }
    if h.u64be(0) == 0x0000_FFFF_0000_0007, h.u64be(8) == 0x0000_0004_0001_0001 { return .jmpData }
    // MIE 1.1: the first element's sync byte, a MIE group format (big- or little-endian), a
    // 4-byte tag, and the tag "0MIE".
    if h.u8(0) == 0x7E, h.u8(1) == 0x10 || h.u8(1) == 0x18, h.u8(2) == 4, h.has("0MIE", at: 4) { return .mie }
    // Windows registry hives ("regf" base block): major version 1, file type 0 (primary) at 28.
    if h.has("regf", at: 0), h.u32le(20) == 1, h.u32le(28) == 0 { return .registryHive }
    // Apple's bookmark data, the content of alias files since OS X 10.6: "book", "mark".
    if h.has("book\0\0\0\0mark\0\0\0\0", at: 0) { return .appleAlias }
    // InDesign: the document's GUID, 0606EDF5-D81D-46E5-BD31-EFE7FE74B71D.
    if h.u64be(0) == 0x0606_EDF5_D81D_46E5, h.u64be(8) == 0xBD31_EFE7_FE74_B71D { return .inDesign }
    // JPEG 2000 Part 1 A.2: a codestream's SOC marker, then the SIZ marker.
    if h.u32be(0) == 0xFF4F_FF51, h.u16be(4) >= 41 { return .jpeg2000Codestream }
    // FITS 4.0 3.3.1: the primary header's first keyword card, "SIMPLE" with the value T.
    if h.has("SIMPLE  = ", at: 0), h.u8(29) == 0x54 { return .fits }
    return nil
  }
}
