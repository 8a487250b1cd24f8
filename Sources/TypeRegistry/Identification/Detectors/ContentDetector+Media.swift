extension ContentDetector {
  /// Audio and video containers and streams.
  static func detectMedia(_ content: inout ContentBytes) -> Format? {
    let h = content.head
    if h.has("RIFF", at: 0) || h.has("RF64", at: 0) {
      // RIFF (Microsoft Multimedia Programming Interface 1.0): the form type at 8.
      if h.has("WAVE", at: 8) { return .wave }
      if h.has("AVI ", at: 8) { return .avi }
      if h.has("WEBP", at: 8) { return .webp }  // RFC 9649 2.5.
      if h.has("ACON", at: 8) { return .animatedCursor }
      if h.has("RMID", at: 8) { return .midi }
      if h.has("QLCM", at: 8) { return .qcelp }  // RFC 3625 3: the QCP file's RIFF form.
      if h.has("CDR", at: 8) || h.has("cdr", at: 8) { return .corelDraw }
      return nil
    }
    // AIFF 1.3 and AIFF-C: an IFF FORM of type AIFF or AIFC.
    if h.has("FORM", at: 0), h.has("AIFF", at: 8) { return .aiff }
    if h.has("FORM", at: 0), h.has("AIFC", at: 8) { return .aifc }
    if h.has("MThd\0\0\0\u{6}", at: 0) { return .midi }  // Standard MIDI Files 1.0: the header chunk.
    if h.has("OggS\0", at: 0) { return detectOgg(h) }
    if h.u32be(0) == 0x1A45_DFA3 { return detectEBML(h) }
    if h.u32le(0) == 0x75B2_2630, h.u64be(8) == 0xA6D9_00AA_0062_CE6C { return detectASF(&content) }
    if h.has("FLV\u{1}", at: 0) { return .flv }  // FLV 10.1 E.2.
    // SMPTE 377-1: the header partition pack's key (06 0E 2B 34 02 05 01 01 0D 01 02 01 01).
    if h.u64be(0) == 0x060E_2B34_0205_0101, h.u32be(8) == 0x0D01_0201, h.u8(12) == 0x01 { return .mxf }
    // ISO/IEC 11172-1 and 13818-1: a pack start code or a video sequence header.
    if h.u32be(0) == 0x0000_01BA || h.u32be(0) == 0x0000_01B3 { return .mpegVideo }
    if isTransportStream(h) { return .mpegTransportStream }
    // ETSI TS 102 366: the AC-3 sync word, a valid sample rate, and bsid (≤ 10 AC-3, 11-16 E-AC-3).
    if h.u16be(0) == 0x0B77 {
      let bsid = h.u8(5) >> 3
      if bsid <= 10, h.u8(4) >> 6 != 3, h.u8(4) & 0x3F < 38 { return .ac3 }
      if (11...16).contains(bsid) { return .eac3 }
    }
    if let tracker = detectTracker(h) { return tracker }
    return detectAudio(&content)
  }

  /// An MPEG transport stream: sync bytes 0x47 every 188 bytes (or 192, with M2TS's time codes),
  /// four packets in a row.
  static func isTransportStream(_ h: ByteView) -> Bool {
    for (first, stride) in [(0, 188), (4, 192)] {
      if (0..<4).allSatisfy({ h.contains(first + $0 * stride) && h.u8(first + $0 * stride) == 0x47 }) { return true }
    }
    return false
  }

  /// Tracker modules: FastTracker II's, Scream Tracker 3's and Impulse Tracker's headers, and the
  /// ProTracker signatures at 1080.
  static func detectTracker(_ h: ByteView) -> Format? {
    if h.has("Extended Module: ", at: 0) { return .xm }
    if h.has("SCRM", at: 44) { return .s3m }
    if h.has("IMPM", at: 0) { return .it }
    for signature in ["M.K.", "M!K!", "FLT4", "FLT8", "4CHN", "6CHN", "8CHN", "CD81", "OKTA"] as [StaticString]
    where h.has(signature, at: 1080) {
      return .mod
    }
    return nil
  }

  /// Ogg (RFC 3533 6): the first page's first packet names the codec; after a Skeleton stream's
  /// header ("fishead"), the next beginning-of-stream page's does. Reads at most 8 pages of the
  /// prefix.
  static func detectOgg(_ h: ByteView) -> Format {
    var page = 0
    for _ in 0..<8 {
      guard h.has("OggS", at: page) else { break }
      let segments = Int(h.u8(page + 26))
      let packet = page + 27 + segments
      if let codec = oggCodec(h, at: packet) { return codec }
      guard h.has("fishead\0", at: packet) || h.has("fisbone\0", at: packet) else { break }
      page = packet + (0..<segments).reduce(0) { $0 + Int(h.u8(page + 27 + $1)) }
    }
    return .ogg
  }

  /// The codec whose identification header starts at `packet`, if known.
  static func oggCodec(_ h: ByteView, at packet: Int) -> Format? {
    if h.u8(packet) == 1, h.has("vorbis", at: packet + 1) { return .oggVorbis }  // Vorbis I 4.2.2
    if h.has("OpusHead", at: packet) { return .oggOpus }  // RFC 7845 5.1
    if h.u8(packet) == 0x80, h.has("theora", at: packet + 1) { return .oggTheora }  // Theora 6.1
    if h.u8(packet) == 0x7F, h.has("FLAC", at: packet + 1) { return .oggFLAC }  // FLAC-in-Ogg mapping
    if h.has("Speex   ", at: packet) { return .oggSpeex }
    if h.u8(packet) == 1, h.has("video\0\0\0", at: packet + 1) { return .ogm }
    return nil
  }

  /// EBML (RFC 8794) headers: the DocType element (0x4282) names Matroska or WebM (RFC 9559).
  /// Reads at most 32 header elements; an unknown or oversized size ends the walk.
  static func detectEBML(_ h: ByteView) -> Format? {
    func vint(_ offset: Int, keepMarker: Bool) -> (value: UInt64, length: Int)? {
      let first = h.u8(offset)
      guard first != 0 else { return nil }
      let length = first.leadingZeroBitCount + 1
      guard length <= 8, h.contains(offset, length) else { return nil }
      var value = UInt64(keepMarker ? first : first & (0xFF >> length))
      for index in 1..<max(length, 1) { value = value << 8 | UInt64(h.u8(offset + index)) }
      return (value, length)
    }
    guard let header = vint(4, keepMarker: false) else { return nil }
    var offset = 4 + header.length
    let end = min(offset + Int(min(header.value, ContentBytes.offsetLimit)), h.end)
    for _ in 0..<32 {
      guard offset < end, let id = vint(offset, keepMarker: true),
        let size = vint(offset + id.length, keepMarker: false),
        size.value < 1 << 20
      else { break }
      let data = offset + id.length + size.length
      if id.value == 0x4282 {
        if h.has("webm", at: data) { return .webm }
        if h.has("matroska", at: data) { return .matroska }
        return nil
      }
      offset = data + Int(size.value)
    }
    return nil
  }

  /// ASF (Microsoft's ASF specification 3.1, 3.3): the header's Stream Properties objects say
  /// whether there is video (WMV) or only audio (WMA). Reads at most 64 header objects.
  static func detectASF(_ content: inout ContentBytes) -> Format {
    let objects = min(Int(content.head.u32le(24)), 64)
    var offset = 30
    var audio = false
    for _ in 0..<objects {
      let (guid, size, streamType) = content.withWindow(at: offset, count: 40) {
        ($0.u32le(offset), $0.u64le(offset + 16), $0.u32le(offset + 24))
      }
      guard size >= 24, size < 1 << 30 else { break }
      if guid == 0xB7DC_0791 {  // Stream Properties Object
        if streamType == 0xBC19_EFC0 { return .wmv }  // ASF_Video_Media
        if streamType == 0xF869_9E40 { audio = true }  // ASF_Audio_Media
      }
      offset += Int(size)
    }
    return audio ? .wma : .asf
  }

  static let mpegBitrates: [[Int]] = [
    [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],  // MPEG-1 Layer I
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],  // MPEG-1 Layer II
    [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],  // MPEG-1 Layer III
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],  // MPEG-2/2.5 Layer I
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],  // MPEG-2/2.5 Layers II, III
  ]

  /// The frame header at `offset`: its format and the frame's length in bytes.
  static func mpegFrame(_ view: ByteView, at offset: Int) -> (format: Format, length: Int)? {
    let b1 = view.u8(offset + 1), b2 = view.u8(offset + 2)
    guard view.contains(offset, 4), view.u8(offset) == 0xFF, b1 & 0xE0 == 0xE0 else { return nil }
    let version = Int(b1 >> 3) & 3  // 0: MPEG-2.5, 2: MPEG-2, 3: MPEG-1
    let layer = Int(b1 >> 1) & 3  // 1: III, 2: II, 3: I
    if layer == 0 {
      // ADTS: the 12-bit sync word, layer 0, a valid sampling frequency index, a frame length.
      guard b1 & 0xF0 == 0xF0, (b2 >> 2) & 0xF < 13 else { return nil }
      let length = Int(view.u8(offset + 3) & 3) << 11 | Int(view.u8(offset + 4)) << 3 | Int(view.u8(offset + 5) >> 5)
      return length >= 7 ? (.aac, length) : nil
    }
    let bitrateIndex = Int(b2 >> 4), rateIndex = Int(b2 >> 2) & 3
    guard version != 1, bitrateIndex != 0, bitrateIndex != 15, rateIndex != 3 else { return nil }
    let rates = [44_100, 48_000, 32_000]
    let sampleRate = rates[rateIndex] >> (version == 3 ? 0 : version == 2 ? 1 : 2)
    let table = version == 3 ? 3 - layer : (layer == 3 ? 3 : 4)
    let bitrate = mpegBitrates[table][bitrateIndex] * 1000
    let padding = Int(b2 >> 1) & 1
    let length: Int
    switch layer {
    case 3: length = (12 * bitrate / sampleRate + padding) * 4
    case 1 where version != 3: length = 72 * bitrate / sampleRate + padding
    default: length = 144 * bitrate / sampleRate + padding
    }
    return ([Format.mp3, .mp2, .mp1][layer - 1], length)
  }
}
