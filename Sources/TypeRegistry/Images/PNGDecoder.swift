/// A PNG decoder (ISO/IEC 15948), for drag images (Pasteboard's `DragImage`): every color type and bit depth, palettes and
/// `tRNS` transparency, Adam7 interlacing; each chunk's CRC checked, the image data inflated to
/// exactly the bytes the header says and no more. What it cannot read is a ``PNGDecodingError``
/// naming the byte. Pixels come out premultiplied ARGB.
package enum PNGDecoder {
  /// The largest side decoded: 1,024 pixels (a drag image is an icon or a thumbnail).
  package static let maximumSide = 1024

  struct Header {
    var width = 0
    var height = 0
    var bitDepth = 0
    var colorType = 0
    var interlaced = false

    /// Samples per pixel for the color type.
    var channels: Int { [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType] ?? 0 }
    var bitsPerPixel: Int { channels * bitDepth }
    /// The bytes a row of `width` pixels takes, and the filters' distance between pixels.
    func rowBytes(_ width: Int) -> Int { (width * bitsPerPixel + 7) / 8 }
    var filterDistance: Int { max(1, bitsPerPixel / 8) }
  }

  /// What the chunks hold.
  struct Chunks {
    var header: Header?
    var palette: [UInt8] = []
    var transparency: [UInt8] = []
    var data: [UInt8] = []
    /// Where the image data starts, for errors inside it.
    var dataOffset = 0
  }

  package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// The image's size and premultiplied ARGB pixels; with `checkingCRC` false, chunks' CRCs are
  /// not checked (for the fuzz target, whose mutations would otherwise stop there).
  package static func decode(_ bytes: [UInt8], checkingCRC: Bool = true) throws(PNGDecodingError) -> (
    width: Int, height: Int, pixels: [UInt32]
  ) {
    guard bytes.count >= 8, Array(bytes[0..<8]) == signature else {
      throw PNGDecodingError(offset: 0, "not a PNG file (its first 8 bytes are not PNG's signature)")
    }
    let chunks = try readChunks(bytes, checkingCRC: checkingCRC)
    guard let header = chunks.header else { throw PNGDecodingError(offset: 8, "no IHDR chunk") }
    guard !chunks.data.isEmpty else { throw PNGDecodingError(offset: bytes.count, "no IDAT chunk") }
    if header.colorType == 3 && chunks.palette.isEmpty {
      throw PNGDecodingError(offset: bytes.count, "a palette image without a PLTE chunk")
    }
    let raw = try inflate(chunks, header: header)
    return (header.width, header.height, try pixels(raw, header: header, chunks: chunks))
  }

  /// Reads every chunk up to `IEND`, checking each CRC.
  static func readChunks(_ bytes: [UInt8], checkingCRC: Bool) throws(PNGDecodingError) -> Chunks {
    var chunks = Chunks()
    var offset = 8
    while true {
      guard offset + 12 <= bytes.count else { throw PNGDecodingError(offset: offset, "the file ends before IEND") }
      let length = Int(be32(bytes, offset))
      guard length <= bytes.count - offset - 12 else {
        throw PNGDecodingError(offset: offset, "a chunk of \(length) bytes runs past the end of the file")
      }
      let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
      let data = Array(bytes[(offset + 8)..<(offset + 8 + length)])
      guard !checkingCRC || crc32(bytes[(offset + 4)..<(offset + 8 + length)]) == be32(bytes, offset + 8 + length)
      else {
        throw PNGDecodingError(offset: offset, "the CRC of the \(type) chunk does not match its bytes")
      }
      if chunks.header == nil && type != "IHDR" { throw PNGDecodingError(offset: offset, "\(type) before IHDR") }
      switch type {
      case "IHDR": chunks.header = try header(data, at: offset)
      case "PLTE":
        guard length % 3 == 0, length <= 768 else {
          throw PNGDecodingError(offset: offset, "a PLTE of \(length) bytes")
        }
        chunks.palette = data
      case "tRNS": chunks.transparency = data
      case "IDAT":
        if chunks.data.isEmpty { chunks.dataOffset = offset + 8 }
        chunks.data += data
      case "IEND": return chunks
      default:
        // An unknown critical chunk (its first letter upper case) cannot be skipped.
        if bytes[offset + 4] & 0x20 == 0 {
          throw PNGDecodingError(offset: offset, "an unknown critical chunk \(type)")
        }
      }
      offset += 12 + length
    }
  }

  /// The IHDR chunk's fields, checked.
  static func header(_ data: [UInt8], at offset: Int) throws(PNGDecodingError) -> Header {
    guard data.count == 13 else { throw PNGDecodingError(offset: offset, "an IHDR of \(data.count) bytes, not 13") }
    var header = Header(
      width: Int(be32(data, 0)), height: Int(be32(data, 4)), bitDepth: Int(data[8]), colorType: Int(data[9]),
      interlaced: data[12] == 1)
    let depths: [Int: [Int]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
    guard depths[header.colorType]?.contains(header.bitDepth) == true else {
      throw PNGDecodingError(
        offset: offset + 16, "color type \(header.colorType) with bit depth \(header.bitDepth) is not PNG")
    }
    guard data[10] == 0, data[11] == 0, data[12] <= 1 else {
      throw PNGDecodingError(offset: offset + 18, "an unknown compression, filter or interlace method")
    }
    guard (1...PNGDecoder.maximumSide).contains(header.width), (1...PNGDecoder.maximumSide).contains(header.height)
    else {
      throw PNGDecodingError(
        offset: offset + 8,
        "a \(header.width) × \(header.height) image: a drag image's sides are 1 to \(PNGDecoder.maximumSide) pixels")
    }
    header.interlaced = data[12] == 1
    return header
  }

  /// The passes of the image: the whole image, or Adam7's seven (start column and row, steps).
  static func passes(_ header: Header) -> [(x: Int, y: Int, dx: Int, dy: Int, width: Int, height: Int)] {
    let layout =
      header.interlaced
      ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
      : [(0, 0, 1, 1)]
    return layout.map { x, y, dx, dy in
      (x, y, dx, dy, (header.width - x + dx - 1) / dx, (header.height - y + dy - 1) / dy)
    }.filter { $0.width > 0 && $0.height > 0 }
  }

  /// The filtered rows, inflated from the zlib stream: exactly as many bytes as the passes need.
  static func inflate(_ chunks: Chunks, header: Header) throws(PNGDecodingError) -> [UInt8] {
    let stream = chunks.data
    guard stream.count >= 2, stream[0] & 0x0F == 8, stream[0] >> 4 <= 7,
      (Int(stream[0]) << 8 | Int(stream[1])) % 31 == 0, stream[1] & 0x20 == 0
    else { throw PNGDecodingError(offset: chunks.dataOffset, "the image data is not a zlib stream PNG allows") }
    let expected = passes(header).reduce(0) { $0 + $1.height * (1 + header.rowBytes($1.width)) }
    let raw = stream.withUnsafeBytes { all in
      Inflate.decode(UnsafeRawBufferPointer(rebasing: all[2...]), limit: expected, blocks: stream.count)
    }
    guard raw.count == expected else {
      throw PNGDecodingError(
        offset: chunks.dataOffset, "the image data inflates to \(raw.count) of the \(expected) bytes the image needs")
    }
    return raw
  }

  static func be32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
      | UInt32(bytes[offset + 3])
  }

  static let crcTable: [UInt32] = (0..<256).map { n in
    (0..<8).reduce(UInt32(n)) { c, _ in c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
  }

  package static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    ~bytes.reduce(UInt32.max) { crcTable[Int(($0 ^ UInt32($1)) & 0xFF)] ^ ($0 >> 8) }
  }
}

/// Why bytes are no PNG the decoder reads: what is wrong, and at which byte.
package struct PNGDecodingError: Error, Sendable, Equatable {
  /// The byte offset in the file where the problem is.
  package let offset: Int
  /// What is wrong.
  package let reason: String

  init(offset: Int, _ reason: String) {
    self.offset = offset
    self.reason = reason
  }
}
