/// The document element of XML data: its namespace URI and local name, for the
/// shared-mime-info `<root-XML>` rules.
///
/// A forgiving, bounded scan of the data's first bytes (no full parse): an optional byte-order
/// mark, then the prolog (the XML declaration, processing instructions, comments, a `DOCTYPE`
/// with its internal subset, white space), then the first start tag, whose `xmlns` or
/// `xmlns:prefix` attribute gives the namespace. Anything else gives nil.
struct XMLDocumentElement: Equatable {
  var namespaceURI: String
  var localName: String

  init(namespaceURI: String, localName: String) {
    self.namespaceURI = namespaceURI
    self.localName = localName
  }

  /// How far into the data the document element is looked for.
  static let scanLimit = 4096

  /// The document element of `data`, or nil when the data does not start like an XML document.
  /// - Complexity: O(min(*n*, 4096)).
  init?(_ data: UnsafeRawBufferPointer) {
    var scanner = Scanner(bytes: data, end: min(data.count, Self.scanLimit))
    scanner.skip([0xEF, 0xBB, 0xBF])
    while true {
      scanner.skipSpace()
      if scanner.skip(Array("<?".utf8)) {
        guard scanner.skip(through: Array("?>".utf8)) else { return nil }
      } else if scanner.skip(Array("<!--".utf8)) {
        guard scanner.skip(through: Array("-->".utf8)) else { return nil }
      } else if scanner.skip(Array("<!DOCTYPE".utf8)) {
        guard scanner.skipDoctype() else { return nil }
      } else {
        break
      }
    }
    guard scanner.skip([UInt8(ascii: "<")]), let name = scanner.name() else { return nil }
    var namespaces: [String: String] = [:]
    while true {
      scanner.skipSpace()
      guard let attribute = scanner.name() else { break }
      scanner.skipSpace()
      guard scanner.skip([UInt8(ascii: "=")]) else { return nil }
      scanner.skipSpace()
      guard let value = scanner.quoted() else { return nil }
      if attribute == "xmlns" {
        namespaces[""] = value
      } else if attribute.hasPrefix("xmlns:") {
        namespaces[String(attribute.dropFirst(6))] = value
      }
    }
    let parts = name.split(separator: ":", maxSplits: 1)
    let prefix = parts.count == 2 ? String(parts[0]) : ""
    localName = String(parts.last ?? "")
    namespaceURI = namespaces[prefix] ?? ""
  }

  /// A cursor over the bytes, never past `end`.
  struct Scanner {
    let bytes: UnsafeRawBufferPointer
    let end: Int
    var position = 0

    var current: UInt8? { position < end ? bytes[position] : nil }

    mutating func skipSpace() {
      while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
    }

    /// Skips `literal` if the data continues with it.
    @discardableResult
    mutating func skip(_ literal: [UInt8]) -> Bool {
      guard position + literal.count <= end else { return false }
      for (offset, byte) in literal.enumerated() where bytes[position + offset] != byte { return false }
      position += literal.count
      return true
    }

    /// Skips past the next `literal`; false when it does not occur.
    mutating func skip(through literal: [UInt8]) -> Bool {
      while position + literal.count <= end {
        if skip(literal) { return true }
        position += 1
      }
      return false
    }

    /// Skips the rest of a `DOCTYPE`: up to its closing `>`, over an internal subset in brackets
    /// and over quoted strings.
    mutating func skipDoctype() -> Bool {
      var depth = 0
      while let byte = current {
        position += 1
        switch byte {
        case UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "]"): depth -= 1
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
          while let next = current, next != byte { position += 1 }
          position += 1
        case UInt8(ascii: ">") where depth <= 0: return true
        default: break
        }
      }
      return false
    }

    /// An XML name (letters, digits, `_ : . -` and any non-ASCII byte), or nil.
    mutating func name() -> String? {
      let start = position
      while let byte = current,
        byte >= 0x80 || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
          || (position > start && byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
          || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
          || (position > start && (byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")))
      {
        position += 1
      }
      guard position > start else { return nil }
      return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    }

    /// A quoted attribute value, entities decoded, or nil.
    mutating func quoted() -> String? {
      guard let quote = current, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return nil }
      position += 1
      let start = position
      while let byte = current, byte != quote { position += 1 }
      guard current == quote else { return nil }
      defer { position += 1 }
      return XMLText.decode(ArraySlice(UnsafeRawBufferPointer(rebasing: bytes[start..<position])))
    }
  }
}

extension MIMEDatabase {
  /// The type the `<root-XML>` rules give XML `data`: its document element's namespace and local
  /// name, or the namespace with any name (an empty local name in the rule); the first cache
  /// that has a rule wins.
  func xmlType(of data: UnsafeRawBufferPointer) -> String? {
    guard let element = XMLDocumentElement(data), !element.namespaceURI.isEmpty else { return nil }
    for cache in caches {
      if let type = cache.mimeType(forXMLNamespace: element.namespaceURI, localName: element.localName)
        ?? cache.mimeType(forXMLNamespace: element.namespaceURI, localName: "")
      {
        return type
      }
    }
    return nil
  }
}
