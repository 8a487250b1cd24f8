/// Dynamic type identifiers (`dyn.a…`), the identifiers Apple's system makes up for tags that no
/// declared type claims, compatible with Apple's encoding.
///
/// A dynamic identifier encodes a tag specification string: `?0=<conforms-to>:` when conforming
/// types are given, then `<class>=<value>` pairs separated by `:`. Tag classes and well-known
/// conforming types have one-character codes (`1` is `public.filename-extension`, `6` is
/// `public.data` …). The string's UTF-8 bytes are written in base32, most significant bit first,
/// with the alphabet `abcdefghkmnpqrstuvwxyz0123456789` and no padding, after `dyn.a`.
///
/// ```swift
/// DynamicTypeIdentifier.encode(.init(conformsTo: ["public.data"], tags: [("public.filename-extension", "conf")]))
/// // "dyn.ah62d4rv4ge80g55sq2"
/// ```
///
/// Where Apple's format is undocumented, this chooses: several conforming types are joined with
/// `,`; `\`, `:`, `=` and `,` inside a value are escaped with `\`.
public enum DynamicTypeIdentifier {
  /// What a dynamic identifier says: the types it conforms to, and its tags.
  public struct Specification: Sendable, Hashable {
    /// The identifiers of the types it conforms to, in order.
    public var conformsTo: [String]
    /// (tag class, value) pairs in order.
    public var tags: [(tagClass: String, value: String)]

    /// A specification of parents and (tag class, value) pairs.
    ///
    /// - Parameters:
    ///   - conformsTo: The identifiers of the parents, in order.
    ///   - tags: The (tag class, value) pairs, in order.
    public init(conformsTo: [String] = [], tags: [(String, String)] = []) {
      self.conformsTo = conformsTo
      self.tags = tags.map { (tagClass: $0.0, value: $0.1) }
    }

    /// Whether the parents and tags are equal, in order.
    ///
    /// - Parameters:
    ///   - lhs: A specification to compare.
    ///   - rhs: Another specification to compare.
    /// - Returns: Whether both have the same parents and tags in the same order.
    public static func == (lhs: Specification, rhs: Specification) -> Bool {
      lhs.conformsTo == rhs.conformsTo && lhs.tags.elementsEqual(rhs.tags) { $0 == $1 }
    }

    /// Hashes the parents and tags, consistently with `==`.
    ///
    /// - Parameter hasher: The hasher to feed the parents and tags to.
    public func hash(into hasher: inout Hasher) {
      hasher.combine(conformsTo)
      for tag in tags {
        hasher.combine(tag.tagClass)
        hasher.combine(tag.value)
      }
    }

    /// The values of a tag class, in order.
    ///
    /// - Parameter tagClass: A tag class identifier, such as `public.mime-type`.
    /// - Returns: The specification's values for that class; empty when it has none.
    public func values(of tagClass: String) -> [String] {
      tags.filter { $0.tagClass.lowercased() == tagClass.lowercased() }.map(\.value)
    }
  }

  static let alphabet = Array("abcdefghkmnpqrstuvwxyz0123456789".utf8)
  static let classCodes: [(code: Character, tagClass: String)] = [
    ("1", "public.filename-extension"), ("2", "com.apple.ostype"), ("3", "public.mime-type"),
    ("4", "com.apple.nspboard-type"), ("5", "public.url-scheme"),
  ]
  static let typeCodes: [(code: Character, identifier: String)] = [
    ("6", "public.data"), ("7", "public.text"), ("8", "public.plain-text"), ("9", "public.utf16-plain-text"),
    ("A", "com.apple.traditional-mac-plain-text"), ("B", "public.image"), ("C", "public.video"),
    ("D", "public.audio"), ("E", "public.directory"), ("F", "public.folder"),
  ]

  /// The specification string, before base32: `?0=6:1=conf`.
  ///
  /// - Parameter specification: The parents and tags.
  /// - Returns: The specification in Apple's `?key=value:key=value` form.
  public static func specificationString(_ specification: Specification) -> String {
    var pairs: [String] = []
    if !specification.conformsTo.isEmpty {
      let codes = specification.conformsTo.map { identifier in
        typeCodes.first { $0.identifier == identifier.lowercased() }.map { String($0.code) } ?? escape(identifier)
      }
      pairs.append("0=" + codes.joined(separator: ","))
    }
    for (tagClass, value) in specification.tags {
      let key = classCodes.first { $0.tagClass == tagClass.lowercased() }.map { String($0.code) } ?? escape(tagClass)
      pairs.append(key + "=" + escape(value))
    }
    return (specification.conformsTo.isEmpty ? "" : "?") + pairs.joined(separator: ":")
  }

  /// The dynamic identifier of a specification.
  ///
  /// - Parameter specification: The parents and tags.
  /// - Returns: The `dyn.a…` identifier Apple's platforms make for it.
  public static func encode(_ specification: Specification) -> String {
    let bytes = Array(specificationString(specification).utf8)
    var out = "dyn.a"
    out.reserveCapacity(5 + (bytes.count * 8 + 4) / 5)
    var buffer: UInt32 = 0
    var bits = 0
    for byte in bytes {
      buffer = buffer << 8 | UInt32(byte)
      bits += 8
      while bits >= 5 {
        bits -= 5
        out.unicodeScalars.append(Unicode.Scalar(alphabet[Int(buffer >> UInt32(bits) & 31)]))
      }
    }
    if bits > 0 { out.unicodeScalars.append(Unicode.Scalar(alphabet[Int(buffer << UInt32(5 - bits) & 31)])) }
    return out
  }

  /// The specification string inside a dynamic identifier, or nil when it is not one.
  ///
  /// - Parameter identifier: A type identifier.
  /// - Returns: The decoded specification string, or nil.
  public static func decodeString(_ identifier: String) -> String? {
    let utf8 = Array(identifier.utf8)
    guard utf8.count > 5, String(decoding: utf8[0..<5], as: UTF8.self).lowercased() == "dyn.a" else { return nil }
    var bytes: [UInt8] = []
    var buffer: UInt32 = 0
    var bits = 0
    for c in utf8[5...] {
      let lower = c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z") ? c + 32 : c
      guard let value = alphabet.firstIndex(of: lower) else { return nil }
      buffer = (buffer << 5 | UInt32(value)) & 0xFFFF
      bits += 5
      if bits >= 8 {
        bits -= 8
        bytes.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
      }
    }
    guard TextDecoding.firstInvalidUTF8(bytes) == nil else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Decodes a dynamic identifier; nil when it is not a well-formed one.
  ///
  /// - Parameter identifier: A type identifier.
  /// - Returns: The parents and tags it encodes, or nil.
  public static func decode(_ identifier: String) -> Specification? {
    guard var text = decodeString(identifier), !text.isEmpty else { return nil }
    if text.hasPrefix("?") { text.removeFirst() }
    var specification = Specification()
    for pair in split(text, on: ":") {
      let parts = split(pair, on: "=")
      guard parts.count == 2, !parts[0].isEmpty else { return nil }
      let key = unescape(parts[0])
      if key == "0" {
        for code in split(parts[1], on: ",") {
          let raw = unescape(code)
          specification.conformsTo.append(typeCodes.first { String($0.code) == raw }?.identifier ?? raw)
        }
      } else {
        let tagClass = classCodes.first { String($0.code) == key }?.tagClass ?? key
        specification.tags.append((tagClass: tagClass, value: unescape(parts[1])))
      }
    }
    return specification
  }

  static func escape(_ s: String) -> String {
    var out = ""
    for c in s {
      if c == "\\" || c == ":" || c == "=" || c == "," { out.append("\\") }
      out.append(c)
    }
    return out
  }

  static func unescape(_ s: String) -> String {
    var out = ""
    var escaped = false
    for c in s {
      if !escaped && c == "\\" {
        escaped = true
        continue
      }
      out.append(c)
      escaped = false
    }
    return out
  }

  /// Splits on `separator` where it is not escaped, keeping escapes for `unescape`.
  static func split(_ s: String, on separator: Character) -> [String] {
    var parts: [String] = []
    var current = ""
    var escaped = false
    for c in s {
      if escaped {
        current.append(c)
        escaped = false
      } else if c == "\\" {
        current.append(c)
        escaped = true
      } else if c == separator {
        parts.append(current)
        current = ""
      } else {
        current.append(c)
      }
    }
    parts.append(current)
    return parts
  }
}
