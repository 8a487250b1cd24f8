#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Integer and real syntax shared by the text readers.
enum NumberParsing {
  struct Problem: Error {
    var code: PropertyList.ParseError.Code
    var message: String
  }

  /// Parses `[+-]digits` or `[+-]0x hex digits` into an integer in `Int64.min...UInt64.max`.
  static func integer(_ text: Substring) -> Result<PropertyList.Integer, Problem> {
    var utf8 = text.utf8[...]
    var negative = false
    if let f = utf8.first, f == UInt8(ascii: "-") || f == UInt8(ascii: "+") {
      negative = f == UInt8(ascii: "-")
      utf8 = utf8.dropFirst()
    }
    var radix: UInt64 = 10
    if utf8.count > 2, utf8.first == UInt8(ascii: "0"),
      utf8.dropFirst().first == UInt8(ascii: "x") || utf8.dropFirst().first == UInt8(ascii: "X")
    {
      radix = 16
      utf8 = utf8.dropFirst(2)
    }
    guard !utf8.isEmpty else {
      return .failure(Problem(code: .syntax, message: text.isEmpty ? "empty integer" : "invalid integer '\(text)'"))
    }
    var magnitude: UInt64 = 0
    for b in utf8 {
      let digit: UInt64
      switch b {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt64(b - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: digit = UInt64(b - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: digit = UInt64(b - UInt8(ascii: "A") + 10)
      default: return .failure(Problem(code: .syntax, message: "invalid integer '\(text)'"))
      }
      let (m1, o1) = magnitude.multipliedReportingOverflow(by: radix)
      let (m2, o2) = m1.addingReportingOverflow(digit)
      if o1 || o2 { return .failure(Problem(code: .limit, message: "integer '\(text)' does not fit in 64 bits")) }
      magnitude = m2
    }
    guard let n = PropertyList.Integer(isNegative: negative, magnitude: magnitude) else {
      return .failure(Problem(code: .limit, message: "integer '\(text)' is below the 64-bit minimum"))
    }
    return .success(n)
  }

  /// Parses a decimal real, `nan`, or an infinity (`inf`, `infinity`, with a sign), in any case.
  static func real(_ text: Substring) -> Double? {
    switch text.lowercased() {
    case "nan", "+nan", "-nan": return .nan
    case "inf", "+inf", "infinity", "+infinity": return .infinity
    case "-inf", "-infinity": return -.infinity
    default: break
    }
    // Only decimal syntax: digits, sign, point, exponent (Swift's parser would also take hex floats).
    for b in text.utf8 {
      switch b {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "e"), UInt8(ascii: "E"):
        continue
      default: return nil
      }
    }
    return Double(text)
  }
}

/// The XML format's dates: ISO 8601 in UTC, `YYYY-MM-DDTHH:MM:SSZ` (trailing parts may be left out).
enum DateParsing {
  /// Parses the date forms plists use; nil when malformed or out of range.
  static func parseISO8601(_ text: Substring) -> Date? {
    let b = Array(text.utf8)
    var i = 0
    func number(_ width: Int) -> Int? {
      guard i + width <= b.count else { return nil }
      var n = 0
      for k in i..<(i + width) {
        guard b[k] >= UInt8(ascii: "0") && b[k] <= UInt8(ascii: "9") else { return nil }
        n = n * 10 + Int(b[k] - UInt8(ascii: "0"))
      }
      i += width
      return n
    }
    func take(_ c: Character) -> Bool {
      if i < b.count && b[i] == c.asciiValue! {
        i += 1
        return true
      }
      return false
    }
    guard let year = number(4) else { return nil }
    var month = 1
    var day = 1
    var hour = 0
    var minute = 0
    var second = 0
    if take("-") {
      guard let m = number(2) else { return nil }
      month = m
      if take("-") {
        guard let d = number(2) else { return nil }
        day = d
        if take("T") {
          guard let h = number(2) else { return nil }
          hour = h
          if take(":") {
            guard let mi = number(2) else { return nil }
            minute = mi
            if take(":") {
              guard let s = number(2) else { return nil }
              second = s
            }
          }
        }
      }
    }
    guard take("Z"), i == b.count else { return nil }
    guard (1...12).contains(month), (1...daysInMonth(year, month)).contains(day), hour < 24, minute < 60, second < 60
    else { return nil }
    let days = daysFromCivil(year, month, day)
    let seconds = Double(days) * 86_400 + Double(hour * 3600 + minute * 60 + second)
    return Date(timeIntervalSince1970: seconds)
  }

  static func isLeap(_ y: Int) -> Bool { y % 4 == 0 && (y % 100 != 0 || y % 400 == 0) }

  static func daysInMonth(_ y: Int, _ m: Int) -> Int {
    [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
  static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = (month + 9) % 12
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  /// The civil date of a day count since 1970-01-01.
  static func civilFromDays(_ z0: Int) -> (year: Int, month: Int, day: Int) {
    let z = z0 + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}

/// Base64 as the XML format uses it: white space anywhere, padding optional at the end.
enum Base64 {
  static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
  static let decodeTable: [UInt8] = {
    var t = [UInt8](repeating: 0xFF, count: 256)
    for (n, c) in alphabet.enumerated() { t[Int(c)] = UInt8(n) }
    for c in [0x20, 0x09, 0x0A, 0x0D] { t[c] = 0xFE }
    t[Int(UInt8(ascii: "="))] = 0xFD
    return t
  }()

  /// Decodes; nil on a character outside the alphabet or data after padding.
  static func decode(_ text: some Collection<UInt8>) -> Data? {
    var out = [UInt8]()
    out.reserveCapacity(text.count * 3 / 4)
    var acc: UInt32 = 0
    var bits = 0
    var padding = 0
    for c in text {
      let v = decodeTable[Int(c)]
      if v == 0xFE { continue }
      if v == 0xFD {
        padding += 1
        continue
      }
      if v == 0xFF || padding > 0 { return nil }
      acc = acc << 6 | UInt32(v)
      bits += 6
      if bits >= 8 {
        bits -= 8
        out.append(UInt8(truncatingIfNeeded: acc >> UInt32(bits)))
      }
    }
    if padding > 2 { return nil }
    return Data(out)
  }

  /// Why `decode` failed, for the message.
  static func problem(_ text: some Collection<UInt8>) -> String {
    var padded = false
    for c in text {
      let v = decodeTable[Int(c)]
      if v == 0xFD { padded = true }
      if v == 0xFF { return "\(TextDecoding.describe(byte: c)) is not a base64 character" }
      if v < 64 && padded { return "data continues after '=' padding" }
    }
    return "too much '=' padding"
  }

  /// Encodes with lines of at most `lineLength` characters, each prefixed by `indent`.
  static func encode(_ data: Data, lineLength: Int, indent: [UInt8], into out: inout [UInt8]) {
    var column = 0
    func put(_ c: UInt8) {
      if column == 0 { out.append(contentsOf: indent) }
      out.append(c)
      column += 1
      if column >= lineLength {
        out.append(0x0A)
        column = 0
      }
    }
    let bytes = [UInt8](data)
    var k = 0
    while k + 3 <= bytes.count {
      let n = UInt32(bytes[k]) << 16 | UInt32(bytes[k + 1]) << 8 | UInt32(bytes[k + 2])
      put(alphabet[Int(n >> 18 & 63)])
      put(alphabet[Int(n >> 12 & 63)])
      put(alphabet[Int(n >> 6 & 63)])
      put(alphabet[Int(n & 63)])
      k += 3
    }
    if bytes.count - k == 1 {
      let n = UInt32(bytes[k]) << 16
      put(alphabet[Int(n >> 18 & 63)])
      put(alphabet[Int(n >> 12 & 63)])
      put(UInt8(ascii: "="))
      put(UInt8(ascii: "="))
    } else if bytes.count - k == 2 {
      let n = UInt32(bytes[k]) << 16 | UInt32(bytes[k + 1]) << 8
      put(alphabet[Int(n >> 18 & 63)])
      put(alphabet[Int(n >> 12 & 63)])
      put(alphabet[Int(n >> 6 & 63)])
      put(UInt8(ascii: "="))
    }
    if column != 0 { out.append(0x0A) }
  }
}
