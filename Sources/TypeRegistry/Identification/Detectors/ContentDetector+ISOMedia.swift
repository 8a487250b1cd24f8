extension ContentDetector {
  /// The format each ISO base media brand (ISO/IEC 14496-12 4.3, and the brand registry of
  /// mp4ra.org) names, and whether the brand is generic (says only "ISO media" or "HEIF"), so
  /// that a more specific compatible brand decides.
  static func brand(_ view: ByteView, at offset: Int) -> (format: Format, generic: Bool)? {
    func is_(_ literal: StaticString) -> Bool { view.has(literal, at: offset) }
    if is_("heic") || is_("heix") || is_("heim") || is_("heis") { return (.heic, false) }
    if is_("hevc") || is_("hevx") || is_("hevm") || is_("hevs") { return (.heicSequence, false) }
    if is_("avif") || is_("avis") { return (.avif, false) }
    if is_("mif1") || is_("mif2") { return (.heif, true) }
    if is_("msf1") { return (.heifSequence, true) }
    if is_("jp2 ") { return (.jpeg2000, false) }
    if is_("jpx ") { return (.jpx, false) }
    if is_("jpm ") { return (.jpm, false) }
    if is_("mjp2") || is_("mj2s") { return (.motionJPEG2000, false) }
    // Some taggers write the brand with a NUL for its last character ("M4A\0").
    if is_("M4A ") || is_("M4A\0") { return (.m4a, false) }
    if is_("M4B ") || is_("M4B\0") { return (.m4b, false) }
    if is_("M4P ") { return (.m4p, false) }
    if is_("M4V ") || is_("M4VH") || is_("M4VP") { return (.m4v, false) }
    if is_("3g2") { return (.threeGPP2, false) }
    if is_("3gp") || is_("3gs") || is_("3ge") || is_("3gg") || is_("3gr") { return (.threeGPP, false) }
    if is_("qt  ") { return (.quickTime, false) }
    if is_("F4V ") || is_("F4P ") { return (.f4v, false) }
    if is_("F4A ") || is_("F4B ") { return (.f4a, false) }
    if is_("crx ") { return (.cr3, false) }
    if is_("isom") || is_("iso") || is_("mp41") || is_("mp42") || is_("mp71") || is_("avc1") || is_("dash")
      || is_("mmp4") || is_("MSNV") || is_("NDAS")
    {
      return (.mp4, true)
    }
    return nil
  }

  /// ISO base media files by the `ftyp` box's major and compatible brands (at most 64), JPEG 2000
  /// by its signature box then `ftyp` (ISO/IEC 15444-1 I.5), and QuickTime files that begin
  /// with a `moov`, `mdat` or other top-level atom instead of `ftyp`.
  static func detectISOMedia(_ content: inout ContentBytes) -> Format? {
    let h = content.head
    var start = 0
    if h.u32be(0) == 12, h.has("jP  ", at: 4), h.u32be(8) == 0x0D0A_870A { start = 12 }
    guard h.has("ftyp", at: start + 4) else { return detectQuickTimeAtoms(h) }
    var size = Int(h.u32be(start))
    if size == 1 { size = Int(min(h.u64be(start + 8), ContentBytes.offsetLimit)) }  // a 64-bit largesize
    if size == 0 { size = content.knownSize - start }  // to the end of the file
    guard size >= 16 || (size >= 12 && start == 0) else { return nil }
    guard let major = brand(h, at: start + 8) else {
      // An unknown major brand: a known compatible brand decides.
      return compatibleBrand(h, from: start + 16, to: start + size)?.format
    }
    if !major.generic { return major.format }
    return compatibleBrand(h, from: start + 16, to: start + size).flatMap { $0.generic ? nil : $0.format }
      ?? major.format
  }

  /// The first specific compatible brand, else the first known one.
  static func compatibleBrand(_ h: ByteView, from: Int, to: Int) -> (format: Format, generic: Bool)? {
    var generic: (format: Format, generic: Bool)?
    var offset = from
    while offset + 4 <= min(to, from + 4 * 64), h.contains(offset, 4) {
      if let found = brand(h, at: offset) {
        if !found.generic { return found }
        generic = generic ?? found
      }
      offset += 4
    }
    return generic
  }

  /// QuickTime File Format: a first atom of a known top-level type and a plausible size; for the
  /// padding atoms (`free`, `skip`, `wide`), the atom after it must be one too.
  static func detectQuickTimeAtoms(_ h: ByteView) -> Format? {
    func isAtom(_ offset: Int) -> Bool {
      let size = h.u32be(offset)
      return size >= 8 || size == 0 || size == 1
    }
    guard isAtom(0) else { return nil }
    if h.has("moov", at: 4) || h.has("mdat", at: 4) || h.has("pnot", at: 4) { return .quickTime }
    if h.has("free", at: 4) || h.has("skip", at: 4) || h.has("wide", at: 4) {
      let next = Int(h.u32be(0))
      if next >= 8, isAtom(next), h.has("moov", at: next + 4) || h.has("mdat", at: next + 4) { return .quickTime }
    }
    return nil
  }
}
