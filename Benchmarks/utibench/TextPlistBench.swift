import Foundation
import PropertyList

/// The text formats' readers beside Foundation's: JSON (against `JSONSerialization`, what a
/// Swift program reads JSON with) and the old-style OpenStep format (against
/// `PropertyListSerialization`, which reads it), on the synthetic Info.plist of the XML rows.
enum TextPlistBench {
  /// The rows: parse JSON, parse OpenStep.
  /// - Parameters:
  ///   - info: The document (strings, arrays and dictionaries).
  ///   - runs: How many timed runs each side gets.
  /// - Returns: The two rows.
  /// - Throws: What writing the document as JSON throws.
  static func rows(info: PropertyList.Value, runs: Int) throws -> [Bench.Row] {
    let json = try PropertyList.write(info, as: .json)
    let jsonData = Data(json)
    let jsonOurs = Bench.measure(runs: runs) { _ = try! PropertyList.parse(json) }
    let jsonFoundation = Bench.measure(runs: runs) { _ = try! JSONSerialization.jsonObject(with: jsonData) }
    var openStep: [UInt8] = []
    write(info, openStep: &openStep)
    let openStepData = Data(openStep)
    let openStepOurs = Bench.measure(runs: runs) { _ = try! PropertyList.parse(openStep) }
    let openStepFoundation = Bench.measure(runs: runs) {
      _ = try! PropertyListSerialization.propertyList(from: openStepData, options: [], format: nil)
    }
    return [
      .init(
        "parse JSON Info.plist (\(Bench.size(json.count)))", jsonOurs, jsonFoundation,
        peer: "Foundation JSONSerialization", bytes: json.count),
      .init(
        "parse OpenStep Info.plist (\(Bench.size(openStep.count)))", openStepOurs, openStepFoundation,
        peer: "Foundation PropertyListSerialization", bytes: openStep.count),
    ]
  }

  /// Writes `value` in the OpenStep format (this package writes it not: it is read only), every
  /// string quoted; scalars other than strings are written as their text.
  static func write(_ value: PropertyList.Value, openStep out: inout [UInt8]) {
    if let array = value.array {
      out.append(UInt8(ascii: "("))
      for (index, element) in array.enumerated() {
        if index > 0 { out.append(contentsOf: ", ".utf8) }
        write(element, openStep: &out)
      }
      out.append(UInt8(ascii: ")"))
    } else if let dictionary = value.dictionary {
      out.append(contentsOf: "{\n".utf8)
      for entry in dictionary {
        quote(entry.key, into: &out)
        out.append(contentsOf: " = ".utf8)
        write(entry.value, openStep: &out)
        out.append(contentsOf: ";\n".utf8)
      }
      out.append(UInt8(ascii: "}"))
    } else {
      quote(value.string ?? value.description, into: &out)
    }
  }

  private static func quote(_ string: String, into out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    for byte in string.utf8 {
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { out.append(UInt8(ascii: "\\")) }
      out.append(byte)
    }
    out.append(UInt8(ascii: "\""))
  }
}
