extension ContentDetector {
  /// Audio streams by their own headers, after an ID3v2 tag (ID3v2.4 3.1) if there is one, since
  /// taggers put one before any of them: FLAC, Monkey's Audio, Musepack, WavPack, then MPEG audio
  /// frames and ADTS. The streams that are never tagged (Sun audio, AMR, Creative Voice, DSF,
  /// RealMedia) come first. Reads the prefix, and 4 KB after the tag.
  static func detectAudio(_ content: inout ContentBytes) -> Format? {
    let h = content.head
    if let format = untaggedAudio(h) { return format }
    var offset = 0
    let tagged = h.has("ID3", at: 0) && h.u8(3) < 0xFF && (6..<10).allSatisfy { h.u8($0) < 0x80 }
    if tagged {
      let size = (6..<10).reduce(0) { $0 << 7 | Int(h.u8($1)) }
      offset = 10 + size + (h.u8(5) & 0x10 != 0 ? 10 : 0)
    }
    return content.withWindow(at: offset, count: 4096) { view -> Format? in
      // Some encoders pad the tag with zeros.
      var at = offset
      if tagged { while at < view.end - 4, view.u8(at) == 0, at - offset < 2048 { at += 1 } }
      if let format = taggableAudio(view, at: at) { return format }
      if let frame = mpegFrame(view, at: at) {
        if tagged || hasVBRHeader(view, frameAt: at) { return frame.format }
        if frame.length > 0, let next = mpegFrame(view, at: at + frame.length), next.format == frame.format {
          return frame.format
        }
      }
      // A tag whose size is wrong, or junk before the first frame: frames in a row decide (two
      // after a tag, three without one).
      return mpegFramesAfterJunk(view, from: at, count: tagged ? 2 : 3)
    }
  }

  /// Whether the frame at `offset` carries an encoder's VBR header: Xing's ("Xing" or "Info")
  /// after the side information (at 13 to 36 bytes into the frame), or Fraunhofer's ("VBRI" at
  /// 36), so that a stream's single first frame is taken for what it says.
  static func hasVBRHeader(_ view: ByteView, frameAt offset: Int) -> Bool {
    for position in [13, 21, 36]
    where view.has("Xing", at: offset + position) || view.has("Info", at: offset + position) {
      return true
    }
    return view.has("VBRI", at: offset + 36)
  }

  /// The audio formats that are never preceded by an ID3 tag, by their signatures.
  static func untaggedAudio(_ h: ByteView) -> Format? {
    // Sun's audio file format (audio/basic): ".snd", a header of at least 24 bytes, an encoding 1-27.
    if h.has(".snd", at: 0), h.u32be(4) >= 24, (1...27).contains(h.u32be(12)) { return .au }
    if h.has("#!AMR\n", at: 0) || h.has("#!AMR_MC1.0\n", at: 0) { return .amr }  // RFC 4867 5.1, 5.3.
    if h.has("#!AMR-WB\n", at: 0) || h.has("#!AMR-WB_MC1.0\n", at: 0) { return .amrWB }
    if h.has("Creative Voice File\u{1A}", at: 0) { return .voc }  // The VOC header's signature.
    // DSF 1.01 (Sony): the "DSD " chunk of 28 bytes, then the "fmt " chunk.
    if h.has("DSD ", at: 0), h.u64le(4) == 28, h.has("fmt ", at: 28) { return .dsf }
    // RealMedia's file header (".RMF", object version 0 or 1) and RealAudio's (".ra" 0xFD).
    if h.has(".RMF", at: 0), h.u32be(4) >= 16, h.u16be(8) <= 1 { return .realMedia }
    if h.has(".ra\u{FD}", at: 0) { return .realAudio }
    return nil
  }

  /// The lossless and Musepack streams a tag may precede, by their headers at `at`.
  static func taggableAudio(_ view: ByteView, at: Int) -> Format? {
    if view.has("fLaC", at: at) { return .flac }  // RFC 9639 8.
    // Monkey's Audio: "MAC ", then the file version (3.80 and later write 3800 and up).
    if view.has("MAC ", at: at), (3800...9999).contains(view.u16le(at + 4)) { return .monkeysAudio }
    // Musepack SV8 ("MPCK", then a stream header packet "SH") and SV7 ("MP+", version 7).
    if view.has("MPCK", at: at), view.has("SH", at: at + 4) || view.has("SE", at: at + 4) { return .musepack }
    if view.has("MP+", at: at), view.u8(at + 3) & 0x0F == 7 { return .musepack }
    // WavPack 5: "wvpk", a block size, then a stream version 0x402 to 0x410.
    if view.has("wvpk", at: at), (0x402...0x410).contains(view.u16le(at + 8)) { return .wavPack }
    return nil
  }

  /// MPEG audio whose first frame does not start the file (a broken tag, leading junk): the first
  /// offset in the window where `count` frames of one kind follow one another.
  static func mpegFramesAfterJunk(_ view: ByteView, from start: Int, count: Int) -> Format? {
    var at = start
    while at < view.end - 4 {
      if view.u8(at) == 0xFF, let first = mpegFrame(view, at: at) {
        var next = at + first.length
        var found = 1
        while found < count, first.length > 0, let frame = mpegFrame(view, at: next), frame.format == first.format,
          frame.length > 0
        {
          found += 1
          next += frame.length
        }
        if found == count { return first.format }
      }
      at += 1
    }
    return nil
  }
}
