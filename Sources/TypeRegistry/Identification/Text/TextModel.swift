#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// The token model that names source code and other text by content: a softmax regression over
/// the tokens of a file's first ``TextTokens/prefixLength`` bytes, trained by
/// `scripts/make-text-model.py` on the outside corpus `scripts/text-corpus.py` lists (each
/// file's repository, commit and licence in `Documentation/TextCorpus.md`), and measured on
/// files from other repositories.
///
/// The generated tables are read in place: a token is found by a binary search of the sorted
/// vocabulary, and only the rows of the tokens a file has are decoded, so that a process that
/// names one file pays for about a hundred rows of the 4,000.
struct TextModel: Sendable {
  /// The kinds the model tells apart (`"swift"`, `"c-header"`, `"prose"`…).
  let kinds: [String]
  /// The tokens, one per line, sorted by their bytes: read in place, never copied.
  private let vocabulary: StaticString
  /// Where each token's line starts in ``vocabulary``, and where the last ends.
  private let starts: [Int32]
  /// One line of base64 per token, then the biases' line: read in place, never copied.
  private let weights: StaticString
  /// The length of a line of ``weights``, its line break included.
  private let lineLength: Int

  /// The model the generated tables hold.
  static let shared = TextModel(kinds: kindNames, vocabulary: vocabularyText, weights: weightsBase64)

  init(kinds: [String], vocabulary: StaticString, weights: StaticString) {
    self.kinds = kinds
    self.vocabulary = vocabulary
    self.weights = weights
    starts = vocabulary.withUTF8Buffer { bytes in
      var starts: [Int32] = [0]
      starts.reserveCapacity(bytes.count / 6)
      var offset = 0
      while let newline = Self.offset(of: 0x0A, in: bytes, from: offset) {
        starts.append(Int32(newline + 1))
        offset = newline + 1
      }
      starts.append(Int32(bytes.count + 1))
      return starts
    }
    lineLength = (kinds.count * 2 + 2) / 3 * 4 + 1
  }

  /// The offset of the first `byte` in `bytes` at or after `start`.
  private static func offset(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    guard start < bytes.count, let base = bytes.baseAddress,
      let found = memchr(base + start, Int32(byte), bytes.count - start)
    else { return nil }
    return UnsafeRawPointer(found) - UnsafeRawPointer(base)
  }

  /// The number of tokens.
  var count: Int { starts.count - 1 }

  /// The row of `token`, or nil when the model does not know it.
  func row(of token: String) -> Int? {
    var token = token
    return token.withUTF8 { wanted in
      vocabulary.withUTF8Buffer { words in
        var (low, high) = (0, count)
        while low < high {
          let middle = (low + high) / 2
          let start = Int(starts[middle])
          let length = Int(starts[middle + 1]) - 1 - start
          let order = Self.compare(UnsafeBufferPointer(rebasing: words[start..<start + length]), wanted)
          if order == 0 { return middle }
          if order < 0 { low = middle + 1 } else { high = middle }
        }
        return nil
      }
    }
  }

  /// The order of `a` and `b` by their bytes: negative, zero or positive, as `memcmp`'s.
  private static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
    let shared = min(a.count, b.count)
    if shared > 0, let x = a.baseAddress, let y = b.baseAddress {
      let order = memcmp(x, y, shared)
      if order != 0 { return Int(order) }
    }
    return a.count - b.count
  }

  /// Adds `scale` times the weights of `row` (the biases' row is ``count``), one per kind, to
  /// `scores`: the row's line of base64 decoded as it is read, nothing allocated.
  func add(row: Int, scaledBy scale: Double, to scores: inout [Double]) {
    let start = row * lineLength
    weights.withUTF8Buffer { text in
      guard start + lineLength - 1 <= text.count else { return }
      var (buffer, bits, low, kind): (UInt32, UInt32, UInt8?, Int) = (0, 0, nil, 0)
      for byte in text[start..<start + lineLength - 1] {
        let value = Base64.values[Int(byte)]
        if value == 255 { continue }
        buffer = buffer << 6 | UInt32(value)
        bits += 6
        guard bits >= 8 else { continue }
        bits -= 8
        let decoded = UInt8(truncatingIfNeeded: buffer >> bits)
        guard let first = low else {
          low = decoded
          continue
        }
        low = nil
        guard kind < scores.count else { return }
        scores[kind] += scale * Double(Int16(bitPattern: UInt16(first) | UInt16(decoded) << 8))
        kind += 1
      }
    }
  }

  /// The kinds by their score for `counts` (each token's row and how often it came, at most
  /// ``TextTokens/countCap``), best first, with the probability the model gives each: calibrated
  /// (``temperature``, the least log loss by grouped k-fold), so that a probability comes near how
  /// often such an answer is right.
  func rank(_ counts: [Int: Int]) -> [(kind: String, probability: Double)] {
    var values: [(row: Int, value: Double)] = []
    var norm = 0.0
    // In the rows' order, so that a file's scores are the same bits in every process.
    for (row, count) in counts.sorted(by: { $0.key < $1.key }) {
      let value = log1p(Double(count))
      values.append((row, value))
      norm += value * value
    }
    norm = norm > 0 ? norm.squareRoot() : 1
    var scores = [Double](repeating: 0, count: kinds.count)
    add(row: count, scaledBy: 1, to: &scores)
    for (row, value) in values { add(row: row, scaledBy: value / norm, to: &scores) }
    // Softmax of the scores, which are thousandths, at the calibrated temperature.
    let top = scores.max() ?? 0
    let exponentials = scores.map { exp(($0 - top) / (1000 * Self.temperature)) }
    let sum = exponentials.reduce(0, +)
    return zip(kinds, exponentials).map { ($0, $1 / sum) }.sorted { $0.probability > $1.probability }
  }
}

/// Base64 (RFC 4648 4), for the generated tables.
enum Base64 {
  /// Each byte's value in the alphabet; 255 for bytes outside it.
  static let values: [UInt8] = (0...255).map { byte -> UInt8 in
    switch UInt8(byte) {
    case 0x41...0x5A: UInt8(byte) - 0x41
    case 0x61...0x7A: UInt8(byte) - 0x61 + 26
    case 0x30...0x39: UInt8(byte) - 0x30 + 52
    case 0x2B: 62
    case 0x2F: 63
    default: 255
    }
  }
}
