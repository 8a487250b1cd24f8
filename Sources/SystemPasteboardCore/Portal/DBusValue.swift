/// A value of the D-Bus type system, as the D-Bus specification's marshalling writes and reads
/// it: the basic types, arrays (an empty one keeps its element's signature), structures,
/// dictionary entries and variants. Only what the portals' calls and the bus's messages need is
/// made by this library, but any well-formed message is read.
enum DBusValue: Equatable, Sendable {
  case byte(UInt8)
  case boolean(Bool)
  case int16(Int16)
  case uint16(UInt16)
  case int32(Int32)
  case uint32(UInt32)
  case int64(Int64)
  case uint64(UInt64)
  /// A double, kept as its bits (a NaN equals itself).
  case double(UInt64)
  case string(String)
  case objectPath(String)
  case signature(String)
  /// An index into the message's file descriptors.
  case unixFD(UInt32)
  /// An array of values of the one type `element` (a single complete type's signature).
  indirect case array(element: String, [DBusValue])
  indirect case structure([DBusValue])
  indirect case dictEntry(DBusValue, DBusValue)
  indirect case variant(DBusValue)

  /// The value's signature.
  var signature: String {
    switch self {
    case .byte: "y"
    case .boolean: "b"
    case .int16: "n"
    case .uint16: "q"
    case .int32: "i"
    case .uint32: "u"
    case .int64: "x"
    case .uint64: "t"
    case .double: "d"
    case .string: "s"
    case .objectPath: "o"
    case .signature: "g"
    case .unixFD: "h"
    case .array(let element, _): "a" + element
    case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
    case .dictEntry(let key, let value): "{" + key.signature + value.signature + "}"
    case .variant: "v"
    }
  }

  /// The string a `s`, `o` or `g` value holds.
  var text: String? {
    switch self {
    case .string(let text), .objectPath(let text), .signature(let text): text
    default: nil
    }
  }

  /// A vardict (`a{sv}`, the portals' options) of `entries`, in order.
  static func options(_ entries: [(String, DBusValue)]) -> DBusValue {
    .array(element: "{sv}", entries.map { .dictEntry(.string($0.0), .variant($0.1)) })
  }
}

/// D-Bus signatures: a string of single complete types, checked as the specification bounds
/// them (at most 255 bytes, 32 nested arrays, 32 nested structures, dictionary entries only in
/// arrays with a basic key).
enum DBusSignature {
  /// The longest signature.
  static let maximumLength = 255
  /// The most arrays, and separately structures, nested in one another.
  static let maximumNesting = 32

  /// The single complete types `signature` is made of, in order.
  /// - Throws: ``SystemPasteboardError`` (`.protocolViolation`) naming what is wrong.
  static func completeTypes(_ signature: String) throws(SystemPasteboardError) -> [String] {
    let codes = Array(signature.utf8)
    guard codes.count <= maximumLength else { throw invalid(signature, "is longer than 255 bytes") }
    var types: [String] = []
    var index = 0
    while index < codes.count {
      let end = try completeTypeEnd(codes, from: index, arrays: 0, structures: 0)
      types.append(String(decoding: codes[index..<end], as: UTF8.self))
      index = end
    }
    return types
  }

  /// Where the single complete type starting at `start` ends (one past it).
  private static func completeTypeEnd(_ codes: [UInt8], from start: Int, arrays: Int, structures: Int)
    throws(SystemPasteboardError) -> Int
  {
    let signature = String(decoding: codes, as: UTF8.self)
    guard start < codes.count else { throw invalid(signature, "ends inside a type") }
    switch codes[start] {
    case UInt8(ascii: "a"):
      guard arrays < maximumNesting else { throw invalid(signature, "nests more than 32 arrays") }
      if start + 1 < codes.count, codes[start + 1] == UInt8(ascii: "{") {
        guard start + 2 < codes.count, isBasic(codes[start + 2]) else {
          throw invalid(signature, "has a dictionary entry whose key is not a basic type")
        }
        let valueEnd = try completeTypeEnd(codes, from: start + 3, arrays: arrays + 1, structures: structures)
        guard valueEnd < codes.count, codes[valueEnd] == UInt8(ascii: "}") else {
          throw invalid(signature, "has a dictionary entry of other than two types")
        }
        return valueEnd + 1
      }
      return try completeTypeEnd(codes, from: start + 1, arrays: arrays + 1, structures: structures)
    case UInt8(ascii: "("):
      guard structures < maximumNesting else { throw invalid(signature, "nests more than 32 structures") }
      var index = start + 1
      guard index < codes.count, codes[index] != UInt8(ascii: ")") else {
        throw invalid(signature, "has an empty or unclosed structure")
      }
      while index < codes.count, codes[index] != UInt8(ascii: ")") {
        index = try completeTypeEnd(codes, from: index, arrays: arrays, structures: structures + 1)
      }
      guard index < codes.count else { throw invalid(signature, "has an unclosed structure") }
      return index + 1
    case let code where isBasic(code) || code == UInt8(ascii: "v"):
      return start + 1
    default:
      throw invalid(signature, "has the type code '\(Character(Unicode.Scalar(codes[start])))'")
    }
  }

  /// Whether `code` is a basic type's (what a dictionary's key may be).
  static func isBasic(_ code: UInt8) -> Bool {
    Array("ybnqiuxtdsogh".utf8).contains(code)
  }

  /// The alignment of values of the type whose signature starts with `code`.
  static func alignment(of code: UInt8) -> Int {
    switch code {
    case UInt8(ascii: "y"), UInt8(ascii: "g"), UInt8(ascii: "v"): 1
    case UInt8(ascii: "n"), UInt8(ascii: "q"): 2
    case UInt8(ascii: "x"), UInt8(ascii: "t"), UInt8(ascii: "d"), UInt8(ascii: "("), UInt8(ascii: "{"): 8
    default: 4
    }
  }

  private static func invalid(_ signature: String, _ what: String) -> SystemPasteboardError {
    SystemPasteboardError(
      .protocolViolation, "the D-Bus signature \"\(signature.debugDescription.dropFirst().dropLast())\" \(what)")
  }
}
