/// The document element of XML data: its namespace URI and local name, for the
/// shared-mime-info `<root-XML>` rules.
///
/// The data's first bytes go through the tokens the package reader uses (`XMLTokens`): an
/// optional byte-order mark, the prolog (the XML declaration, processing instructions,
/// comments, a `DOCTYPE` with its internal subset, white space) skipped, then the first start
/// tag, whose `xmlns` or `xmlns:prefix` attribute gives the namespace. Anything else gives nil.
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
    var bytes = Array(data.prefix(Self.scanLimit))
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    var tokens = XMLTokens(bytes: bytes)
    guard case .start(let name, let attributes, _, _)? = try? tokens.next() else { return nil }
    let parts = name.split(separator: ":", maxSplits: 1)
    let prefix = parts.count == 2 ? String(parts[0]) : ""
    localName = String(parts.last ?? "")
    namespaceURI = (prefix.isEmpty ? attributes["xmlns"] : attributes["xmlns:" + prefix]) ?? ""
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
