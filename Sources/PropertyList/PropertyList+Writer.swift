#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension PropertyList {
  /// The deepest nesting the writers accept.
  static let maximumWriteDepth = 512

  /// Serializes `value` in `format`.
  ///
  /// `xml1` is written in the layout Apple's tools write (XML header, Apple's DOCTYPE, tab
  /// indentation), `binary1` as `bplist00` with equal scalars stored once, and `json` compactly as
  /// `plutil -convert json` writes it.
  ///
  /// ```swift
  /// let xml = try PropertyList.write(["CFBundleIdentifier": "com.example.app"], as: .xml)
  /// ```
  /// - Throws: ``WriteError`` naming the key path of a value the format cannot hold (a date or
  ///   data in JSON, a control character in XML), or for the read-only OpenStep format.
  /// - Complexity: O(*n*) in the number of values.
  /// - Parameters:
  ///   - value: The value to serialize.
  ///   - format: The output format.
  /// - Returns: The serialized bytes.
  public static func write(_ value: Value, as format: Format) throws(WriteError) -> [UInt8] {
    switch format {
    case .xml: return try XMLWriter.write(value)
    case .binary: return try BinaryWriter.write(value)
    case .json: return try JSONWriter.write(value, style: .plutil)
    case .openStep:
      throw WriteError(keyPath: "", message: "the OpenStep format is read-only: write xml1, binary1 or json")
    }
  }
}

extension PropertyList {
  /// How JSON is laid out.
  public enum JSONStyle: Sendable, Hashable {
    /// Compact, with `/` escaped as `\/`: byte for byte what `plutil -convert json` writes
    /// (and what ``write(_:as:)`` writes for `.json`).
    case plutil
    /// Compact, `/` as itself: what JSON tools (`jq`, `JSON.parse`, `JSONDecoder`) write.
    case compact
    /// Two-space indentation, one member per line, `"key": value`, `/` as itself: for people.
    case pretty
  }

  /// Serializes `value` as JSON in `style` (no final newline).
  ///
  /// ```swift
  /// let text = try PropertyList.writeJSON(["type": "image/png"], style: .pretty)
  /// // {
  /// //   "type": "image/png"
  /// // }
  /// ```
  /// - Throws: ``WriteError`` naming the key path of a value JSON cannot hold (a date, data, a UID,
  ///   a non-finite real).
  /// - Complexity: O(*n*) in the size of the output.
  /// - Parameters:
  ///   - value: The value to serialize.
  ///   - style: Compact, or pretty-printed and how.
  /// - Returns: The JSON text as UTF-8 bytes.
  public static func writeJSON(_ value: Value, style: JSONStyle) throws(WriteError) -> [UInt8] {
    try JSONWriter.write(value, style: style)
  }
}

/// A key path being written, rendered only when an error needs it.
struct KeyPath {
  var components: [String] = []

  func error(_ message: String) -> PropertyList.WriteError {
    PropertyList.WriteError(keyPath: components.joined(separator: "."), message: message)
  }

  func checkDepth() throws(PropertyList.WriteError) {
    if components.count >= PropertyList.maximumWriteDepth {
      throw error("nesting deeper than \(PropertyList.maximumWriteDepth) levels cannot be written")
    }
  }
}

enum RealFormatting {
  /// `%.17g` as Apple's XML writer formats reals, with zero as `0.0`.
  static func xml(_ r: Double) -> String {
    if r.isNaN { return "nan" }
    if r.isInfinite { return r < 0 ? "-infinity" : "+infinity" }
    if r == 0 { return "0.0" }
    return CLibrary.seventeenDigits(r)
  }

  /// The shortest representation that reads back equal, as JSON writers use (`1`, `0.1`, `1e+20`).
  static func json(_ r: Double) -> String {
    let s = r.description
    return s.hasSuffix(".0") ? String(s.dropLast(2)) : s
  }
}

enum XMLWriter {
  static let header = Array(
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">

    """.utf8)

  static func write(_ value: PropertyList.Value) throws(PropertyList.WriteError) -> [UInt8] {
    var out = header
    var path = KeyPath()
    try write(value, indent: 0, path: &path, into: &out)
    out.append(contentsOf: "</plist>\n".utf8)
    return out
  }

  /// The XML text of a date, `YYYY-MM-DDTHH:MM:SSZ`; nil outside the years 1 to 9999 (or NaN),
  /// which the format cannot write.
  static func formatDate(_ date: Date) -> String? {
    let seconds = date.timeIntervalSince1970.rounded(.down)
    guard seconds >= -62_135_596_800, seconds <= 253_402_300_799 else { return nil }
    let days = Int((seconds / 86_400).rounded(.down))
    let rest = Int(seconds - Double(days) * 86_400)
    let (y, m, d) = DateParsing.civilFromDays(days)
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    var year = String(y)
    while year.count < 4 { year = "0" + year }
    return "\(year)-\(two(m))-\(two(d))T\(two(rest / 3600)):\(two(rest / 60 % 60)):\(two(rest % 60))Z"
  }

  static func tabs(_ n: Int, _ out: inout [UInt8]) {
    for _ in 0..<n { out.append(0x09) }
  }

  static func escaped(_ s: String, path: KeyPath, into out: inout [UInt8]) throws(PropertyList.WriteError) {
    for b in s.utf8 {
      switch b {
      case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
      case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
      case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
      case 0x0D: out.append(contentsOf: "&#13;".utf8)
      case 0x09, 0x0A: out.append(b)
      case 0..<0x20:
        throw path.error(
          "control character U+\(TextDecoding.hex(b, width: 4)) cannot be written in XML; write binary1 instead")
      default: out.append(b)
      }
    }
  }

  static func write(_ value: PropertyList.Value, indent: Int, path: inout KeyPath, into out: inout [UInt8])
    throws(PropertyList.WriteError)
  {
    tabs(indent, &out)
    switch value.storage {
    case .string(let s):
      out.append(contentsOf: "<string>".utf8)
      try escaped(s, path: path, into: &out)
      out.append(contentsOf: "</string>\n".utf8)
    case .integer(let n):
      out.append(contentsOf: "<integer>\(n)</integer>\n".utf8)
    case .real(let r):
      out.append(contentsOf: "<real>\(RealFormatting.xml(r))</real>\n".utf8)
    case .boolean(let b):
      out.append(contentsOf: (b ? "<true/>\n" : "<false/>\n").utf8)
    case .date(let d):
      guard let text = formatDate(d) else {
        throw path.error(
          "the date \(d.timeIntervalSinceReferenceDate) seconds after 2001 is outside the years 1 to 9999 that XML dates can write; write binary1 instead"
        )
      }
      out.append(contentsOf: "<date>\(text)</date>\n".utf8)
    case .data(let d):
      writeData(d, indent: indent, into: &out)
    case .uid(let u):
      // XML has no UID; Apple writes it as a CF$UID dictionary.
      out.append(contentsOf: "<dict>\n".utf8)
      tabs(indent + 1, &out)
      out.append(contentsOf: "<key>CF$UID</key>\n".utf8)
      tabs(indent + 1, &out)
      out.append(contentsOf: "<integer>\(u)</integer>\n".utf8)
      tabs(indent, &out)
      out.append(contentsOf: "</dict>\n".utf8)
    case .array(let a):
      try writeArray(a, indent: indent, path: &path, into: &out)
    case .dictionary(let d):
      try writeDictionary(d, indent: indent, path: &path, into: &out)
    }
  }

  /// `<data>`, in base64 lines that fit 76 columns with the indentation, as Apple writes it.
  static func writeData(_ d: Data, indent: Int, into out: inout [UInt8]) {
    out.append(contentsOf: "<data>\n".utf8)
    let lineLength = max(16, 76 - 8 * indent) / 4 * 4
    var prefix: [UInt8] = []
    tabs(indent, &prefix)
    Base64.encode(d, lineLength: lineLength, indent: prefix, into: &out)
    tabs(indent, &out)
    out.append(contentsOf: "</data>\n".utf8)
  }

  static func writeArray(
    _ a: [PropertyList.Value], indent: Int, path: inout KeyPath, into out: inout [UInt8]
  ) throws(PropertyList.WriteError) {
    try writeContainer("array", isEmpty: a.isEmpty, indent: indent, path: &path, into: &out) {
      path, out throws(PropertyList.WriteError) in
      for (n, element) in a.enumerated() {
        path.components.append(String(n))
        try write(element, indent: indent + 1, path: &path, into: &out)
        path.components.removeLast()
      }
    }
  }

  static func writeDictionary(
    _ d: PropertyList.Dictionary, indent: Int, path: inout KeyPath, into out: inout [UInt8]
  ) throws(PropertyList.WriteError) {
    try writeContainer("dict", isEmpty: d.isEmpty, indent: indent, path: &path, into: &out) {
      path, out throws(PropertyList.WriteError) in
      for entry in d {
        path.components.append(entry.key)
        tabs(indent + 1, &out)
        out.append(contentsOf: "<key>".utf8)
        try escaped(entry.key, path: path, into: &out)
        out.append(contentsOf: "</key>\n".utf8)
        try write(entry.value, indent: indent + 1, path: &path, into: &out)
        path.components.removeLast()
      }
    }
  }

  /// An `<array>` or `<dict>` element: `<name/>` when empty, else its opening tag, the entries
  /// `body` writes (one level deeper, within the depth limit), and its closing tag.
  static func writeContainer(
    _ name: StaticString, isEmpty: Bool, indent: Int, path: inout KeyPath, into out: inout [UInt8],
    _ body: (inout KeyPath, inout [UInt8]) throws(PropertyList.WriteError) -> Void
  ) throws(PropertyList.WriteError) {
    let name = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
    out.append(UInt8(ascii: "<"))
    out.append(contentsOf: name)
    if isEmpty {
      out.append(contentsOf: "/>\n".utf8)
      return
    }
    try path.checkDepth()
    out.append(contentsOf: ">\n".utf8)
    try body(&path, &out)
    tabs(indent, &out)
    out.append(contentsOf: "</".utf8)
    out.append(contentsOf: name)
    out.append(contentsOf: ">\n".utf8)
  }
}

struct JSONWriter {
  let escapesSlash: Bool
  /// The indentation unit; nil for compact output.
  let indent: [UInt8]?

  static func write(_ value: PropertyList.Value, style: PropertyList.JSONStyle) throws(PropertyList.WriteError)
    -> [UInt8]
  {
    let writer = JSONWriter(
      escapesSlash: style == .plutil, indent: style == .pretty ? Array("  ".utf8) : nil)
    var out: [UInt8] = []
    var path = KeyPath()
    try writer.write(value, depth: 0, path: &path, into: &out)
    return out
  }

  func string(_ s: String, into out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    for b in s.utf8 {
      switch b {
      case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
      case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
      case UInt8(ascii: "/") where escapesSlash: out.append(contentsOf: "\\/".utf8)
      case 0x08: out.append(contentsOf: "\\b".utf8)
      case 0x0C: out.append(contentsOf: "\\f".utf8)
      case 0x0A: out.append(contentsOf: "\\n".utf8)
      case 0x0D: out.append(contentsOf: "\\r".utf8)
      case 0x09: out.append(contentsOf: "\\t".utf8)
      case 0..<0x20: out.append(contentsOf: "\\u\(TextDecoding.hex(b, width: 4).lowercased())".utf8)
      default: out.append(b)
      }
    }
    out.append(UInt8(ascii: "\""))
  }

  /// A line break and the indentation of `depth` (pretty output only).
  func newline(_ depth: Int, into out: inout [UInt8]) {
    guard let indent else { return }
    out.append(0x0A)
    for _ in 0..<depth { out.append(contentsOf: indent) }
  }

  func write(_ value: PropertyList.Value, depth: Int, path: inout KeyPath, into out: inout [UInt8])
    throws(PropertyList.WriteError)
  {
    switch value.storage {
    case .string(let s): string(s, into: &out)
    case .integer(let n): out.append(contentsOf: n.description.utf8)
    case .real(let r):
      guard r.isFinite else { throw path.error("cannot write the real \(r) as JSON: JSON has no NaN or infinity") }
      out.append(contentsOf: RealFormatting.json(r).utf8)
    case .boolean(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
    case .date: throw path.error("cannot write a date as JSON: JSON has no date type")
    case .data: throw path.error("cannot write data as JSON: JSON has no data type")
    case .uid: throw path.error("cannot write a UID as JSON: JSON has no UID type")
    case .array(let a):
      try path.checkDepth()
      out.append(UInt8(ascii: "["))
      for (n, element) in a.enumerated() {
        if n > 0 { out.append(UInt8(ascii: ",")) }
        newline(depth + 1, into: &out)
        path.components.append(String(n))
        try write(element, depth: depth + 1, path: &path, into: &out)
        path.components.removeLast()
      }
      if !a.isEmpty { newline(depth, into: &out) }
      out.append(UInt8(ascii: "]"))
    case .dictionary(let d):
      try path.checkDepth()
      out.append(UInt8(ascii: "{"))
      for (n, entry) in d.enumerated() {
        if n > 0 { out.append(UInt8(ascii: ",")) }
        newline(depth + 1, into: &out)
        string(entry.key, into: &out)
        out.append(UInt8(ascii: ":"))
        if indent != nil { out.append(UInt8(ascii: " ")) }
        path.components.append(entry.key)
        try write(entry.value, depth: depth + 1, path: &path, into: &out)
        path.components.removeLast()
      }
      if !d.isEmpty { newline(depth, into: &out) }
      out.append(UInt8(ascii: "}"))
    }
  }
}

/// The XML format's date text, `YYYY-MM-DDTHH:MM:SSZ`, for tools that show dates as plists do;
/// dates XML cannot write show as seconds after 2001.
package enum XMLDateFormat {
  package static func string(_ date: Date) -> String {
    XMLWriter.formatDate(date) ?? "\(date.timeIntervalSinceReferenceDate) seconds after 2001-01-01T00:00:00Z"
  }
}
