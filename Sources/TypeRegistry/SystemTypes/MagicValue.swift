/// The `<match>` attributes of shared-mime-info XML turned into the bytes a matchlet compares,
/// as update-mime-database turns them (the specification's "The source XML files").
///
/// - `offset`: `N` or `N:M`, the first and last positions the value may start at.
/// - `type="string"`: the value with C escapes (`\n`, `\t`, `\r`, `\\`, `\xHH`, octal `\ooo`);
///   a mask is hexadecimal (`0xFF00…`), as long as the value.
/// - `byte`, `host16`, `host32`, `big16`, `big32`, `little16`, `little32`: a number (decimal,
///   `0x` hexadecimal or `0` octal) written in that size and byte order (host order is this
///   machine's, as in a cache update-mime-database writes); a mask is a number too.
enum MagicValue {
  /// What is wrong with a `<match>`.
  struct Problem: Error {
    var message: String
  }

  static func matchlet(_ attributes: [String: String]) throws(Problem) -> MIMEPackage.Matchlet {
    guard let type = attributes["type"] else { throw Problem(message: "<match> needs a type attribute") }
    guard let offset = attributes["offset"] else { throw Problem(message: "<match> needs an offset attribute") }
    guard let value = attributes["value"] else { throw Problem(message: "<match> needs a value attribute") }
    let (start, length) = try range(offset)
    let bytes: [UInt8]
    var mask: [UInt8]? = nil
    var wordSize = 1
    switch type {
    case "string":
      bytes = try string(value)
      if let text = attributes["mask"] {
        mask = try hexBytes(text)
        guard mask?.count == bytes.count else {
          throw Problem(message: "the mask '\(text)' is not as long as the value (\(bytes.count) bytes)")
        }
      }
    case "byte", "host16", "host32", "big16", "big32", "little16", "little32":
      wordSize = type == "byte" ? 1 : type.hasSuffix("16") ? 2 : 4
      let order = type.hasPrefix("big") ? Order.big : type.hasPrefix("little") ? .little : .host
      bytes = try word(value, size: wordSize, order: order)
      if let text = attributes["mask"] { mask = try word(text, size: wordSize, order: order) }
    default:
      throw Problem(
        message: "'\(type)' is not a match type (string, byte, host16, host32, big16, big32, little16, little32)")
    }
    guard !bytes.isEmpty else { throw Problem(message: "the value is empty") }
    guard bytes.count <= MIMEPackage.valueLimit else {
      throw Problem(message: "the value is longer than \(MIMEPackage.valueLimit) bytes")
    }
    return MIMEPackage.Matchlet(rangeStart: start, rangeLength: length, wordSize: wordSize, value: bytes, mask: mask)
  }

  /// `N` or `N:M` → (N, M − N + 1).
  static func range(_ text: String) throws(Problem) -> (start: Int, length: Int) {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count <= 2, let first = Int(parts[0]), first >= 0, first <= Int(Int32.max) else {
      throw Problem(message: "'\(text)' is not an offset (N or N:M)")
    }
    guard parts.count == 2 else { return (first, 1) }
    guard let last = Int(parts[1]), last >= first else {
      throw Problem(message: "'\(text)' is not an offset range (N:M with M ≥ N)")
    }
    guard last - first < MIMECache.magicRangeLimit else {
      throw Problem(message: "the offset range '\(text)' is longer than \(MIMECache.magicRangeLimit) bytes")
    }
    return (first, last - first + 1)
  }

  enum Order { case big, little, host }

  /// A number in `size` bytes, in `order`.
  static func word(_ text: String, size: Int, order: Order) throws(Problem) -> [UInt8] {
    guard let value = number(text), size == 4 || value >> (8 * size) == 0 else {
      throw Problem(message: "'\(text)' is not a number that fits in \(size) byte\(size == 1 ? "" : "s")")
    }
    let bigEndian = (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * (size - 1 - $0))) }
    let hostIsLittle = UInt16(1).littleEndian == 1
    switch order {
    case .big: return bigEndian
    case .little: return bigEndian.reversed()
    case .host: return hostIsLittle ? bigEndian.reversed() : bigEndian
    }
  }

  /// A C number: `0x` hexadecimal, a leading `0` octal, else decimal; at most 32 bits.
  static func number(_ text: String) -> UInt32? {
    let lower = text.lowercased()
    if lower.hasPrefix("0x") { return UInt32(lower.dropFirst(2), radix: 16) }
    if lower.count > 1 && lower.hasPrefix("0") { return UInt32(lower.dropFirst(), radix: 8) }
    return UInt32(lower, radix: 10)
  }

  /// `0x` followed by pairs of hexadecimal digits.
  static func hexBytes(_ text: String) throws(Problem) -> [UInt8] {
    let digits = Array(text.lowercased().utf8)
    guard digits.count > 2, digits.count % 2 == 0, digits[0] == UInt8(ascii: "0"), digits[1] == UInt8(ascii: "x") else {
      throw Problem(message: "the mask '\(text)' is not 0x followed by pairs of hexadecimal digits")
    }
    var result: [UInt8] = []
    var index = 2
    while index < digits.count {
      guard let high = hexDigit(digits[index]), let low = hexDigit(digits[index + 1]) else {
        throw Problem(message: "the mask '\(text)' is not 0x followed by pairs of hexadecimal digits")
      }
      result.append(high << 4 | low)
      index += 2
    }
    return result
  }

  static func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }

  /// A string value with its C escapes resolved.
  static func string(_ text: String) throws(Problem) -> [UInt8] {
    let input = Array(text.utf8)
    var output: [UInt8] = []
    var index = 0
    while index < input.count {
      let byte = input[index]
      index += 1
      guard byte == UInt8(ascii: "\\") else {
        output.append(byte)
        continue
      }
      guard index < input.count else { throw Problem(message: "the value '\(text)' ends with a lone backslash") }
      let escaped = input[index]
      index += 1
      switch escaped {
      case UInt8(ascii: "n"): output.append(0x0A)
      case UInt8(ascii: "r"): output.append(0x0D)
      case UInt8(ascii: "t"): output.append(0x09)
      case UInt8(ascii: "x"):
        var value: UInt8 = 0
        var digits = 0
        while digits < 2, index < input.count, let digit = hexDigit(input[index]) {
          value = value << 4 | digit
          index += 1
          digits += 1
        }
        guard digits > 0 else { throw Problem(message: "'\\x' in '\(text)' is not followed by hexadecimal digits") }
        output.append(value)
      case UInt8(ascii: "0")...UInt8(ascii: "7"):
        var value = Int(escaped - UInt8(ascii: "0"))
        var digits = 1
        while digits < 3, index < input.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(input[index]) {
          value = value << 3 | Int(input[index] - UInt8(ascii: "0"))
          index += 1
          digits += 1
        }
        guard value <= 0xFF else { throw Problem(message: "the octal escape in '\(text)' is larger than a byte") }
        output.append(UInt8(value))
      default: output.append(escaped)
      }
    }
    return output
  }
}
