extension ContentDetector {
  /// Executables, object code and bytecode.
  static func detectExecutable(_ content: inout ContentBytes) -> Format? {
    let h = content.head
    if h.u32be(0) == 0x7F45_4C46 { return detectELF(&content) }
    // Mach-O (<mach-o/loader.h>): 32- and 64-bit magic in either order.
    if [0xFEED_FACE, 0xFEED_FACF, 0xCEFA_EDFE, 0xCFFA_EDFE].contains(h.u32be(0)) { return .machO }
    // CAFEBABE is both a fat Mach-O (<mach-o/fat.h>: then nfat_arch, a small count) and a Java
    // class file (JVMS 4.1: then minor and major version, major 45 or more).
    if h.u32be(0) == 0xCAFE_BABE || h.u32be(0) == 0xCAFE_BABF {
      let next = h.u32be(4)
      if next > 0, next < 45 { return .machO }
      if h.u32be(0) == 0xCAFE_BABE, h.u16be(6) >= 45 { return .javaClass }
    }
    if h.has("MZ", at: 0) { return detectPE(&content) }
    // WebAssembly core 5.5.16: the magic and version 1; before 1.0, the versions 0xB to 0xD.
    if h.has("\0asm", at: 0), [1, 0xB, 0xC, 0xD].contains(h.u32le(4)) { return .wasm }
    // Dalvik executable format: "dex\n", a three-digit version, NUL.
    if h.has("dex\n", at: 0), (4..<7).allSatisfy({ (0x30...0x39).contains(h.u8($0)) }), h.u8(7) == 0 { return .dex }
    if h.has("NES\u{1A}", at: 0) { return .nesROM }  // iNES header.
    // SWF 19, header: "FWS", "CWS" (zlib) or "ZWS" (LZMA), then a version.
    if h.has("FWS", at: 0) || h.has("CWS", at: 0) || h.has("ZWS", at: 0), (1...60).contains(h.u8(3)) { return .swf }
    // MS-SHLLINK 2.1: HeaderSize 0x4C and LinkCLSID 00021401-0000-0000-C000-000000000046.
    // The whole CLSID: Data1 at 4, Data2 and Data3 (zero) at 8, Data4 at 12.
    if h.u32le(0) == 0x4C, h.u32le(4) == 0x0002_1401, h.u32le(8) == 0, h.u64be(12) == 0xC000_0000_0000_0046 {
      return .windowsShortcut
    }
    return nil
  }

  /// ELF (System V ABI 4.1) by e_type. A shared object is a position-independent executable
  /// when its dynamic section's DT_FLAGS_1 has DF_1_PIE, as file(1) decides (a library with an
  /// interpreter, such as the C library, stays a shared library). Reads at most 64 program
  /// headers and 4,096 dynamic entries.
  static func detectELF(_ content: inout ContentBytes) -> Format? {
    let h = content.head
    let is64 = h.u8(4) == 2
    let bigEndian = h.u8(5) == 2
    guard h.u8(4) == 1 || is64, h.u8(5) == 1 || bigEndian else { return nil }
    // Offsets and sizes beyond any file (2^40) are cut there, so that arithmetic on them cannot overflow.
    func word(_ view: ByteView, _ offset: Int) -> Int {
      is64
        ? Int(min(bigEndian ? view.u64be(offset) : view.u64le(offset), ContentBytes.offsetLimit))
        : Int(view.u32(offset, bigEndian: bigEndian))
    }
    switch h.u16(16, bigEndian: bigEndian) {
    case 1: return .elfObject
    case 2: return .elfExecutable
    case 4: return .elfCore
    case 3:
      let table = word(h, is64 ? 32 : 28)
      let entrySize = Int(h.u16(is64 ? 54 : 42, bigEndian: bigEndian))
      let count = min(Int(h.u16(is64 ? 56 : 44, bigEndian: bigEndian)), 64)
      guard entrySize >= (is64 ? 56 : 32), table > 0 else { return .elfSharedLibrary }
      // PT_DYNAMIC (2)'s p_offset and p_filesz.
      let dynamic = content.withWindow(at: table, count: entrySize * count) { view -> (offset: Int, size: Int)? in
        for index in 0..<count where view.u32(table + index * entrySize, bigEndian: bigEndian) == 2 {
          let entry = table + index * entrySize
          return (word(view, entry + (is64 ? 8 : 4)), word(view, entry + (is64 ? 32 : 16)))
        }
        return nil
      }
      if let dynamic {
        let entry = is64 ? 16 : 8
        let size = min(dynamic.size, 4096 * entry)
        let flags = content.withWindow(at: dynamic.offset, count: size) { view -> Int? in
          var at = dynamic.offset
          while at + entry <= dynamic.offset + size, view.contains(at, entry) {
            let tag = word(view, at)
            if tag == 0 { break }  // DT_NULL
            if tag == 0x6FFF_FFFB { return word(view, at + entry / 2) }  // DT_FLAGS_1
            at += entry
          }
          return nil
        }
        if let flags, flags & 0x0800_0000 != 0 { return .elfPIE }  // DF_1_PIE
      }
      return .elfSharedLibrary
    default: return nil
    }
  }

  /// DOS executables, and PE images (Microsoft PE format: the "PE\0\0" signature at e_lfanew)
  /// as DLLs (IMAGE_FILE_DLL in Characteristics) or executables.
  static func detectPE(_ content: inout ContentBytes) -> Format? {
    let h = content.head
    guard h.contains(0, 64) else { return nil }
    let header = Int(h.u32le(0x3C))
    let signature = content.withWindow(at: header, count: 24) { view -> UInt16? in
      view.has("PE\0\0", at: header) ? view.u16le(header + 22) : nil
    }
    if let characteristics = signature {
      return characteristics & 0x2000 != 0 ? .windowsDLL : .windowsExecutable
    }
    // A DOS header: pages in the file and a header size in paragraphs that fit.
    return h.u16le(4) > 0 && h.u16le(8) >= 2 ? .dosExecutable : nil
  }
}
