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
  /// The tokens, one per line, sorted by their bytes.
  private let vocabulary: [UInt8]
  /// Where each token's line starts in ``vocabulary``, and where the last ends.
  private let starts: [Int32]
  /// One line of base64 per token, then the biases' line.
  private let weights: [UInt8]
  /// The length of a line of ``weights``, its line break included.
  private let lineLength: Int

  /// The model the generated tables hold.
  static let shared = TextModel(kinds: kindNames, vocabulary: vocabularyText, weights: weightsBase64)

  init(kinds: [String], vocabulary: String, weights: String) {
    self.kinds = kinds
    self.vocabulary = Array(vocabulary.utf8)
    var starts: [Int32] = [0]
    for (index, byte) in self.vocabulary.enumerated() where byte == 0x0A { starts.append(Int32(index + 1)) }
    starts.append(Int32(self.vocabulary.count + 1))
    self.starts = starts
    self.weights = Array(weights.utf8)
    lineLength = (kinds.count * 2 + 2) / 3 * 4 + 1
  }

  /// The number of tokens.
  var count: Int { starts.count - 1 }

  /// The row of `token`, or nil when the model does not know it.
  func row(of token: String) -> Int? {
    var token = token
    return token.withUTF8 { wanted in
      var (low, high) = (0, count)
      while low < high {
        let middle = (low + high) / 2
        let line = vocabulary[Int(starts[middle])..<Int(starts[middle + 1]) - 1]
        if line.elementsEqual(wanted) { return middle }
        if line.lexicographicallyPrecedes(wanted) { low = middle + 1 } else { high = middle }
      }
      return nil
    }
  }

  /// The weights of `row` (the biases' row is ``count``), one per kind.
  func weights(ofRow row: Int) -> [Int16] {
    let start = row * lineLength
    guard start + lineLength - 1 <= weights.count else { return Array(repeating: 0, count: kinds.count) }
    let bytes = Base64.decode(weights[start..<start + lineLength - 1])
    return stride(from: 0, to: bytes.count - 1, by: 2).prefix(kinds.count).map {
      Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8)
    }
  }

  /// The kinds by their score for `counts` (each token's row and how often it came, at most
  /// ``TextTokens/countCap``), best first, with the probability the model gives each.
  func rank(_ counts: [Int: Int]) -> [(kind: String, probability: Double)] {
    var values: [(row: Int, value: Double)] = []
    var norm = 0.0
    for (row, count) in counts {
      let value = log1p(Double(count))
      values.append((row, value))
      norm += value * value
    }
    norm = norm > 0 ? norm.squareRoot() : 1
    var scores = weights(ofRow: count).map(Double.init)
    for (row, value) in values {
      let scaled = value / norm
      for (kind, weight) in weights(ofRow: row).enumerated() { scores[kind] += scaled * Double(weight) }
    }
    // Softmax of the scores, which are thousandths.
    let top = scores.max() ?? 0
    let exponentials = scores.map { exp(($0 - top) / 1000) }
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

  /// The bytes `text` encodes; line breaks and other characters outside the alphabet are skipped.
  static func decode(_ text: some Collection<UInt8>) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(text.count * 3 / 4)
    var buffer: UInt32 = 0
    var bits: UInt32 = 0
    for byte in text {
      let value = values[Int(byte)]
      if value == 255 { continue }
      buffer = buffer << 6 | UInt32(value)
      bits += 6
      if bits >= 8 {
        bits -= 8
        out.append(UInt8(truncatingIfNeeded: buffer >> bits))
      }
    }
    return out
  }
}
