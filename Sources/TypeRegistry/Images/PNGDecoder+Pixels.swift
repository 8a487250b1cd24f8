extension PNGDecoder {
  /// The premultiplied ARGB pixels of the inflated, filtered rows `raw`: each pass unfiltered,
  /// its pixels placed where Adam7 puts them.
  static func pixels(_ raw: [UInt8], header: Header, chunks: Chunks) throws(PNGDecodingError) -> [UInt32] {
    var pixels = [UInt32](repeating: 0, count: header.width * header.height)
    var start = 0
    for pass in passes(header) {
      let rowBytes = header.rowBytes(pass.width)
      var previous = [UInt8](repeating: 0, count: rowBytes)
      for row in 0..<pass.height {
        let filter = raw[start]
        var line = Array(raw[(start + 1)..<(start + 1 + rowBytes)])
        guard unfilter(&line, previous: previous, filter: filter, distance: header.filterDistance) else {
          throw PNGDecodingError(
            offset: chunks.dataOffset, "row \(row) has filter type \(filter), which PNG does not have")
        }
        for column in 0..<pass.width {
          let x = pass.x + column * pass.dx
          let y = pass.y + row * pass.dy
          pixels[y * header.width + x] = try argb(line, column: column, header: header, chunks: chunks)
        }
        previous = line
        start += 1 + rowBytes
      }
    }
    return pixels
  }

  /// Undoes a row's filter (None, Sub, Up, Average, Paeth) in place; false for another type.
  static func unfilter(_ line: inout [UInt8], previous: [UInt8], filter: UInt8, distance: Int) -> Bool {
    switch filter {
    case 0: break
    case 1: for i in distance..<max(distance, line.count) { line[i] &+= line[i - distance] }
    case 2: for i in line.indices { line[i] &+= previous[i] }
    case 3:
      for i in line.indices {
        let left = i >= distance ? Int(line[i - distance]) : 0
        line[i] &+= UInt8((left + Int(previous[i])) / 2)
      }
    case 4:
      for i in line.indices {
        let a = i >= distance ? Int(line[i - distance]) : 0
        let b = Int(previous[i])
        let c = i >= distance ? Int(previous[i - distance]) : 0
        let (pa, pb, pc) = (abs(b - c), abs(a - c), abs(a + b - 2 * c))
        line[i] &+= UInt8(pa <= pb && pa <= pc ? a : pb <= pc ? b : c)
      }
    default: return false
    }
    return true
  }

  /// Sample `index` of pixel `column` of an unfiltered row, at the header's bit depth (16-bit
  /// samples whole).
  static func sample(_ line: [UInt8], column: Int, index: Int, header: Header) -> Int {
    let depth = header.bitDepth
    let position = (column * header.channels + index) * depth
    switch depth {
    case 16: return Int(line[position / 8]) << 8 | Int(line[position / 8 + 1])
    case 8: return Int(line[position / 8])
    default:
      let shift = 8 - depth - position % 8
      return Int(line[position / 8] >> UInt8(shift)) & ((1 << depth) - 1)
    }
  }

  /// A sample scaled to 8 bits.
  static func eight(_ value: Int, depth: Int) -> Int {
    switch depth {
    case 16: value >> 8
    case 8: value
    default: value * 255 / ((1 << depth) - 1)
    }
  }

  /// Pixel `column` as premultiplied ARGB.
  static func argb(_ line: [UInt8], column: Int, header: Header, chunks: Chunks) throws(PNGDecodingError) -> UInt32 {
    let depth = header.bitDepth
    let s = { (index: Int) in sample(line, column: column, index: index, header: header) }
    let (r, g, b, a): (Int, Int, Int, Int)
    switch header.colorType {
    case 0:
      let gray = s(0)
      let key = chunks.transparency.count >= 2 ? Int(chunks.transparency[0]) << 8 | Int(chunks.transparency[1]) : -1
      (r, g, b, a) = (
        eight(gray, depth: depth), eight(gray, depth: depth), eight(gray, depth: depth), gray == key ? 0 : 255
      )
    case 2:
      let (red, green, blue) = (s(0), s(1), s(2))
      let t = chunks.transparency
      let keyed = t.count >= 6 && [red, green, blue] == [0, 2, 4].map { Int(t[$0]) << 8 | Int(t[$0 + 1]) }
      (r, g, b, a) = (eight(red, depth: depth), eight(green, depth: depth), eight(blue, depth: depth), keyed ? 0 : 255)
    case 3:
      let index = s(0)
      guard index * 3 + 2 < chunks.palette.count else {
        throw PNGDecodingError(
          offset: chunks.dataOffset, "palette index \(index) beyond the PLTE's \(chunks.palette.count / 3) colors")
      }
      let alpha = index < chunks.transparency.count ? Int(chunks.transparency[index]) : 255
      (r, g, b, a) = (
        Int(chunks.palette[index * 3]), Int(chunks.palette[index * 3 + 1]), Int(chunks.palette[index * 3 + 2]), alpha
      )
    case 4:
      let gray = eight(s(0), depth: depth)
      (r, g, b, a) = (gray, gray, gray, eight(s(1), depth: depth))
    default:
      (r, g, b, a) = (
        eight(s(0), depth: depth), eight(s(1), depth: depth), eight(s(2), depth: depth), eight(s(3), depth: depth)
      )
    }
    let premultiplied = { (c: Int) in UInt32((c * a + 127) / 255) }
    return UInt32(a) << 24 | premultiplied(r) << 16 | premultiplied(g) << 8 | premultiplied(b)
  }
}
