extension ContentDetector {
  /// Text formats by their first line, XML by its declaration and document element, and UTF-16
  /// and UTF-32 text by its byte order mark (whose NUL bytes would make it look binary).
  static func detectText(_ content: inout ContentBytes) -> Format? {
    let h = content.head
    // UTF-32 before UTF-16: FF FE 00 00 starts both.
    if h.u32be(0) == 0xFFFE_0000 || h.u32be(0) == 0x0000_FEFF {
      return decoded(h, unit: 4, bigEndian: h.u8(0) == 0) { firstLine($0) ?? .plainText }
    }
    if h.u16be(0) == 0xFFFE || h.u16be(0) == 0xFEFF {
      return decoded(h, unit: 2, bigEndian: h.u8(0) == 0xFE) { firstLine($0) ?? .utf16Text }
    }
    let start = h.u16be(0) == 0xEFBB && h.u8(2) == 0xBF ? 3 : 0
    return firstLine(ByteView(UnsafeRawBufferPointer(rebasing: h.slice(start, 512))))
  }

  /// Calls `body` with the first 256 characters of UTF-16 or UTF-32 text after its byte order
  /// mark, transcoded to UTF-8; nil when a character is NUL or not a scalar (not text).
  static func decoded(_ h: ByteView, unit: Int, bigEndian: Bool, _ body: (ByteView) -> Format?) -> Format? {
    var utf8: [UInt8] = []
    var offset = unit
    var scalars = 0
    while scalars < 256, h.contains(offset, unit) {
      var value = unit == 4 ? h.u32(offset, bigEndian: bigEndian) : UInt32(h.u16(offset, bigEndian: bigEndian))
      offset += unit
      if unit == 2, (0xD800..<0xDC00).contains(value) {
        let low = UInt32(h.u16(offset, bigEndian: bigEndian))
        guard h.contains(offset, 2), (0xDC00..<0xE000).contains(low) else { break }
        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
        offset += 2
      }
      guard value != 0, let scalar = Unicode.Scalar(value) else { return nil }
      utf8.append(contentsOf: String(Character(scalar)).utf8)
      scalars += 1
    }
    return utf8.withUnsafeBytes { body(ByteView($0)) }
  }

  /// The format the first line of text names, an XML document's type, a script's, HTML or JSON.
  static func firstLine(_ text: ByteView) -> Format? {
    if text.hasCaseInsensitive("BEGIN:VCARD", at: 0) { return .vCard }  // RFC 6350 3.3.
    if text.hasCaseInsensitive("BEGIN:VCALENDAR", at: 0) { return .iCalendar }  // RFC 5545 3.4.
    // WebVTT 4.1: "WEBVTT" then a space, a tab, a line break, or the end.
    if text.has("WEBVTT", at: 0), [0, 0x20, 0x09, 0x0A, 0x0D].contains(text.u8(6)) { return .webVTT }
    // RFC 9580 6.2: armor header lines.
    if text.has("-----BEGIN PGP ", at: 0) {
      if text.has("PUBLIC KEY BLOCK-----", at: 15) || text.has("PRIVATE KEY BLOCK-----", at: 15) { return .pgpKeys }
      if text.has("MESSAGE-----", at: 15) { return .pgpMessage }
      if text.has("SIGNATURE-----", at: 15) { return .pgpSignature }
    }
    if text.has("REGEDIT4", at: 0) || text.has("Windows Registry Editor Version 5.00", at: 0) { return .registryFile }
    if text.has("<?xml", at: 0) { return xmlFormat(text) }
    if let script = script(text) { return script }
    if text.hasCaseInsensitive("<?php", at: 0) { return .phpScript }  // PHP's opening tag.
    // XML without a declaration (a comment, then <svg …>): the document element's namespace.
    if text.has("<!--", at: 0) || text.has("<svg", at: 0), let element = XMLDocumentElement(text.bytes) {
      if element.namespaceURI == "http://www.w3.org/2000/svg", element.localName == "svg" { return .svg }
    }
    if isHTML(text) { return .html }
    if isJSON(text) { return .json }
    return nil
  }

  /// XML 1.0 2.8: a document that starts with its declaration, named by its document element
  /// where that names a format (SVG, XHTML, Apple's property lists), else generic XML.
  static func xmlFormat(_ text: ByteView) -> Format {
    if text.firstOffset(of: "-//Apple//DTD PLIST", in: 0..<512) != nil { return .propertyListXML }
    guard let element = XMLDocumentElement(text.bytes) else { return .xml }
    switch (element.namespaceURI, element.localName) {
    case ("http://www.w3.org/2000/svg", "svg"): return .svg
    case ("http://www.w3.org/1999/xhtml", "html"): return .xhtml
    case (_, "plist"): return .propertyListXML
    default: return .xml
    }
  }
}
