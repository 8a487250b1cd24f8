/// A bounded DEFLATE decoder (RFC 1951), for the places that need one: identification (the
/// start of an OOXML package's `[Content_Types].xml`, which names a template or a macro-enabled
/// document and is nearly always compressed) and the drag images' PNG decoder.
///
/// It decodes at most `limit` bytes and stops at the first malformed code, a reference before
/// the output's start, the end of the input, or after `blocks` blocks, returning what it
/// decoded: identification reads the output as text and decides on what it holds; a PNG
/// decoder checks it has every byte the image needs.
package struct Inflate {
  private let input: UnsafeRawBufferPointer
  private var position = 0  // in bits
  private(set) var output: [UInt8] = []
  private let limit: Int
  private let blocks: Int

  /// Decodes `input` into at most `limit` bytes, from at most `blocks` blocks.
  package static func decode(_ input: UnsafeRawBufferPointer, limit: Int, blocks: Int = 64) -> [UInt8] {
    var inflate = Inflate(input: input, limit: limit, blocks: blocks)
    inflate.run()
    return inflate.output
  }

  private init(input: UnsafeRawBufferPointer, limit: Int, blocks: Int) {
    self.input = input
    self.limit = limit
    self.blocks = blocks
    output.reserveCapacity(min(limit, 4 * input.count + 64))
  }

  /// A canonical Huffman code (RFC 1951 3.2.2) as counts per length and symbols in code order.
  struct Code {
    var counts = [Int](repeating: 0, count: 16)
    var symbols: [Int] = []

    init?(lengths: ArraySlice<Int>) {
      for length in lengths { counts[length] += 1 }
      counts[0] = 0
      var offsets = [Int](repeating: 0, count: 16)
      for length in 1..<16 { offsets[length] = offsets[length - 1] + counts[length - 1] }
      symbols = [Int](repeating: 0, count: lengths.count)
      for (symbol, length) in zip(0..., lengths) where length > 0 {
        symbols[offsets[length]] = symbol
        offsets[length] += 1
      }
      if counts.reduce(0, +) == 0 { return nil }
    }
  }

  private mutating func bits(_ count: Int) -> Int? {
    guard position + count <= input.count * 8 else { return nil }
    var value = 0
    for index in 0..<count {
      let bit = Int(input[(position + index) >> 3] >> ((position + index) & 7)) & 1
      value |= bit << index
    }
    position += count
    return value
  }

  private mutating func decode(_ code: Code) -> Int? {
    var value = 0, first = 0, index = 0
    for length in 1..<16 {
      guard let bit = bits(1) else { return nil }
      value |= bit
      let count = code.counts[length]
      let delta = value - first
      guard delta >= 0 else { return nil }  // an over-subscribed code
      if delta < count { return code.symbols[index + delta] }
      index += count
      first = (first + count) << 1
      value <<= 1
    }
    return nil
  }

  static let lengthBase = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
  ]
  static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
  static let distanceBase = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
    8193, 12289, 16385, 24577,
  ]
  static let distanceExtra = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
  ]
  static let fixedLengths = Code(
    lengths: ArraySlice(
      Array(repeating: 8, count: 144) + Array(repeating: 9, count: 112) + Array(repeating: 7, count: 24)
        + Array(repeating: 8, count: 8)))!
  static let fixedDistances = Code(lengths: ArraySlice(Array(repeating: 5, count: 30)))!

  private mutating func run() {
    for _ in 0..<blocks {
      guard let final = bits(1), let type = bits(2) else { return }
      switch type {
      case 0:
        position = (position + 7) & ~7
        guard let length = bits(16), bits(16) != nil else { return }
        for _ in 0..<length {
          guard output.count < limit, let byte = bits(8) else { return }
          output.append(UInt8(byte))
        }
      case 1: guard codes(Self.fixedLengths, Self.fixedDistances) else { return }
      case 2:
        guard let tables = dynamicCodes(), codes(tables.0, tables.1) else { return }
      default: return
      }
      if final == 1 || output.count >= limit { return }
    }
  }

  /// The code lengths of a dynamic block (RFC 1951 3.2.7).
  private mutating func dynamicCodes() -> (Code, Code)? {
    guard let literals = bits(5).map({ $0 + 257 }), let distances = bits(5).map({ $0 + 1 }),
      let lengthCodes = bits(4).map({ $0 + 4 }), literals <= 286, distances <= 30
    else { return nil }
    var order = [Int](repeating: 0, count: 19)
    for index in 0..<lengthCodes {
      guard let value = bits(3) else { return nil }
      order[[16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15][index]] = value
    }
    guard let lengthCode = Code(lengths: order[...]) else { return nil }
    var lengths: [Int] = []
    while lengths.count < literals + distances {
      guard let symbol = decode(lengthCode) else { return nil }
      switch symbol {
      case 0..<16: lengths.append(symbol)
      case 16:
        guard let last = lengths.last, let repeatCount = bits(2) else { return nil }
        lengths += Array(repeating: last, count: 3 + repeatCount)
      case 17:
        guard let repeatCount = bits(3) else { return nil }; lengths += Array(repeating: 0, count: 3 + repeatCount)
      default:
        guard let repeatCount = bits(7) else { return nil }; lengths += Array(repeating: 0, count: 11 + repeatCount)
      }
    }
    guard lengths.count == literals + distances, let literalCode = Code(lengths: lengths[0..<literals]),
      let distanceCode = Code(lengths: lengths[literals...])
    else { return nil }
    return (literalCode, distanceCode)
  }

  /// One block's literals and back-references; false at a malformed code.
  private mutating func codes(_ literals: Code, _ distances: Code) -> Bool {
    while output.count < limit {
      guard let symbol = decode(literals) else { return false }
      if symbol < 256 {
        output.append(UInt8(symbol))
      } else if symbol == 256 {
        return true
      } else {
        let index = symbol - 257
        guard index < 29, let extra = bits(Self.lengthExtra[index]), let distanceSymbol = decode(distances),
          distanceSymbol < 30, let distanceExtra = bits(Self.distanceExtra[distanceSymbol])
        else { return false }
        let length = Self.lengthBase[index] + extra
        let distance = Self.distanceBase[distanceSymbol] + distanceExtra
        guard distance <= output.count else { return false }
        for _ in 0..<min(length, limit - output.count) { output.append(output[output.count - distance]) }
      }
    }
    return true
  }
}
