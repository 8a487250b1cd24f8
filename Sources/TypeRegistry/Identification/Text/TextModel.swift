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
/// The weights (``weightsBase64``, generated) are read once, at the first text that needs them:
/// about 4,000 tokens, each with a weight per kind.
struct TextModel: Sendable {
  /// The kinds the model tells apart (`"swift"`, `"c-header"`, `"prose"`…).
  let kinds: [String]
  /// Each token's row.
  let rows: [String: Int]
  /// `rows.count + 1` rows of `kinds.count` weights (thousandths): the tokens', then the biases.
  let weights: [Int16]

  /// The model the generated tables hold.
  static let shared = TextModel(
    kinds: kindNames, vocabulary: vocabularyText, weights: Base64.decode(weightsBase64))

  init(kinds: [String], vocabulary: String, weights: [UInt8]) {
    self.kinds = kinds
    var rows: [String: Int] = [:]
    for (index, token) in vocabulary.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      rows[String(token)] = index
    }
    self.rows = rows
    self.weights = stride(from: 0, to: weights.count - 1, by: 2).map {
      Int16(bitPattern: UInt16(weights[$0]) | UInt16(weights[$0 + 1]) << 8)
    }
  }

  /// The kinds by their score for `counts` (each token's row and how often it came, at most
  /// ``TextTokens/countCap``), best first, with the probability the model gives each.
  func rank(_ counts: [Int: Int]) -> [(kind: String, probability: Double)] {
    let width = kinds.count
    guard weights.count == (rows.count + 1) * width else { return [] }
    var values: [(row: Int, value: Double)] = []
    var norm = 0.0
    for (row, count) in counts {
      let value = log1p(Double(count))
      values.append((row, value))
      norm += value * value
    }
    norm = norm > 0 ? norm.squareRoot() : 1
    let biases = rows.count * width
    var scores = (0..<width).map { Double(weights[biases + $0]) }
    for (row, value) in values {
      let scaled = value / norm
      for kind in 0..<width { scores[kind] += scaled * Double(weights[row * width + kind]) }
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
  /// The bytes `text` encodes; line breaks and other characters outside the alphabet are skipped.
  static func decode(_ text: String) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count * 3 / 4)
    var buffer: UInt32 = 0
    var bits = 0
    for byte in text.utf8 {
      let value: UInt8
      switch byte {
      case 0x41...0x5A: value = byte - 0x41
      case 0x61...0x7A: value = byte - 0x61 + 26
      case 0x30...0x39: value = byte - 0x30 + 52
      case 0x2B: value = 62
      case 0x2F: value = 63
      default: continue
      }
      buffer = buffer << 6 | UInt32(value)
      bits += 6
      if bits >= 8 {
        bits -= 8
        out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
      }
    }
    return out
  }
}
