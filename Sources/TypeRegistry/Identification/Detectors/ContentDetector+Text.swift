extension ContentDetector {
  /// Text formats by their first line, XML by its declaration and document element, and UTF-16
  /// and UTF-32 text by its byte order mark (whose NUL bytes would make it look binary).
  static func detectText(_ content: inout ContentBytes) -> Format? {
    let h = content.head
    // UTF-32 before UTF-16: FF FE 00 00 starts both.
    if h.u32be(0) == 0xFFFE_0000 || h.u32be(0) == 0x0000_FEFF {
      guard let utf8 = transcoded(h, unit: 4, bigEndian: h.u8(0) == 0) else { return nil }
      return utf8.withUnsafeBytes { textFormat($0, &content) } ?? .plainText
    }
    if h.u16be(0) == 0xFFFE || h.u16be(0) == 0xFEFF {
      guard let utf8 = transcoded(h, unit: 2, bigEndian: h.u8(0) == 0xFE) else { return nil }
      return utf8.withUnsafeBytes { textFormat($0, &content) } ?? .utf16Text
    }
    let start = h.u16be(0) == 0xEFBB && h.u8(2) == 0xBF ? 3 : 0
    if let format = firstLine(ByteView(UnsafeRawBufferPointer(rebasing: h.slice(start, 512)))) { return format }
    let text = UnsafeRawBufferPointer(rebasing: h.slice(start, TextTokens.prefixLength))
    guard !text.isEmpty, MIMEDatabase.looksLikeText(text) else { return nil }
    return classified(text, &content)
  }

  /// The format of text transcoded to UTF-8: its first line's, else the classifier's.
  private static func textFormat(_ utf8: UnsafeRawBufferPointer, _ content: inout ContentBytes) -> Format? {
    firstLine(ByteView(UnsafeRawBufferPointer(rebasing: utf8.prefix(512)))) ?? classified(utf8, &content)
  }

  /// The text classifier's format for `text`, its reason kept in `content`'s evidence.
  private static func classified(_ text: UnsafeRawBufferPointer, _ content: inout ContentBytes) -> Format? {
    guard let (format, reason) = TextClassifier.classify(text) else { return nil }
    content.evidence = reason
    return format
  }

  /// The first 1,024 characters of UTF-16 or UTF-32 text after its byte order mark, transcoded
  /// to UTF-8; nil when a character is NUL or not a scalar (not text).
  static func transcoded(_ h: ByteView, unit: Int, bigEndian: Bool) -> [UInt8]? {
    var utf8: [UInt8] = []
    var offset = unit
    var scalars = 0
    while scalars < 1024, h.contains(offset, unit) {
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
    return utf8
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
    if isHTML(text) { return isMarkdownOpeningWithHTML(text) ? .markdown : .html }
    if isJSON(text) { return .json }
    return nil
  }

  /// XML 1.0 2.8: a document that starts with its declaration, named by its document element
  /// where that names a format (SVG, XHTML, Apple's property lists, Atom, RSS, KML, GPX), else
  /// generic XML.
  static func xmlFormat(_ text: ByteView) -> Format {
    if text.firstOffset(of: "-//Apple//DTD PLIST", in: 0..<512) != nil { return .propertyListXML }
    guard let element = XMLDocumentElement(text.bytes) else { return .xml }
    switch (element.namespaceURI, element.localName) {
    case ("http://www.w3.org/2000/svg", "svg"): return .svg
    case ("http://www.w3.org/1999/xhtml", "html"): return .xhtml
    case (_, "plist"): return .propertyListXML
    case ("http://www.w3.org/2005/Atom", "feed"): return .atom
    case (_, "rss"): return .rss
    case ("http://www.opengis.net/kml/2.2", "kml"), ("http://earth.google.com/kml/2.2", "kml"): return .kml
    case ("http://www.topografix.com/GPX/1/1", "gpx"), ("http://www.topografix.com/GPX/1/0", "gpx"): return .gpx
    default: return .xml
    }
  }
}
