extension ContentDetector {
  /// What a ZIP's entry names (and, for OOXML, its content types) say the package is.
  struct ZIPEntries {
    var count = 0
    var firstName: [UInt8] = []
    var mimetype: String?
    var contentTypes: [UInt8]?
    var names: Set<String> = []
    var prefixes: Set<String> = []
    /// Where the local header of an iWork document's `Index/Document.iwa` is.
    var documentIWA: Int?
    /// The message type of an iWork document's root object, read from `Index/Document.iwa`.
    var iworkRoot: UInt64?

    /// The entry names that decide something, kept whole; for the rest, only the first folder.
    static let decisive: Set<String> = [
      "[Content_Types].xml", "META-INF/MANIFEST.MF", "AndroidManifest.xml", "classes.dex", "classes.jar",
      "install.rdf", "META-INF/mozilla.rsa", "3D/3dmodel.model", "doc.kml", "Index/Document.iwa",
      "Index/CalculationEngine.iwa", "index.apxl", "word/vbaProject.bin", "xl/vbaProject.bin", "ppt/vbaProject.bin",
      "xl/workbook.bin", "visio/vbaProject.bin",
    ]

    /// Records an entry's name and returns it.
    @discardableResult
    mutating func add(_ name: UnsafeRawBufferPointer.SubSequence) -> String {
      if count == 0 { firstName = Array(name) }
      count += 1
      let text = String(decoding: name, as: UTF8.self)
      if Self.decisive.contains(text) { names.insert(text) }
      if text.hasPrefix("Index/Slide") || text.hasPrefix("Index/MasterSlide") || text.hasPrefix("Index/TemplateSlide") {
        names.insert("Index/Slide")
      }
      if text.hasPrefix("Index/Tables/") { names.insert("Index/Tables") }
      if let slash = text.firstIndex(of: "/") { prefixes.insert(String(text[..<slash])) }
      return text
    }

    /// The format, or nil while the entries seen so far do not decide.
    func format(final: Bool) -> Format? {
      if let mimetype {
        // ODF 1.3 part 2, 3.3 and EPUB OCF 3.3, 4.2.2: the first entry, stored, names the type.
        if let format = Format.named(mimetype), format.refines("application/zip") { return format }
      }
      let ooxml = names.contains("[Content_Types].xml") || prefixes.contains("_rels")
      if ooxml, let types = contentTypes, let format = Self.ooxmlFormat(types) { return format }
      if ooxml || ["word", "xl", "ppt", "visio"].contains(where: prefixes.contains), final || contentTypes != nil {
        if prefixes.contains("word") { return names.contains("word/vbaProject.bin") ? .docm : .docx }
        if prefixes.contains("xl") {
          if names.contains("xl/workbook.bin") { return .xlsb }
          return names.contains("xl/vbaProject.bin") ? .xlsm : .xlsx
        }
        if prefixes.contains("ppt") { return names.contains("ppt/vbaProject.bin") ? .pptm : .pptx }
        if prefixes.contains("visio") { return names.contains("visio/vbaProject.bin") ? .vsdm : .vsdx }
      }
      guard final else { return nil }
      if names.contains("AndroidManifest.xml") {
        if names.contains("classes.dex") { return .apk }
        if names.contains("classes.jar") { return .aar }
      }
      if names.contains("install.rdf") || names.contains("META-INF/mozilla.rsa") { return .xpi }
      if names.contains("META-INF/MANIFEST.MF") { return .jar }
      if names.contains("3D/3dmodel.model") { return .threeMF }
      // USDZ (Pixar's specification): the first file is a USD layer.
      if firstName.count > 5, let dot = firstName.lastIndex(of: UInt8(ascii: ".")),
        ["usd", "usda", "usdc"].contains(String(decoding: firstName[(dot + 1)...], as: UTF8.self).lowercased())
      {
        return .usdz
      }
      if names.contains("doc.kml") || String(decoding: firstName, as: UTF8.self).lowercased().hasSuffix(".kml") {
        return .kmz
      }
      // iWork 2013 and later: protobuf archives under Index/. Slides make Keynote; otherwise the
      // root object of Document.iwa says which application wrote it (Pages' TP.DocumentArchive is
      // type 10000, Numbers' TN.DocumentArchive type 1), since Pages keeps tables in the same
      // parts as Numbers. Where the root cannot be read, a table part means Numbers.
      if names.contains("Index/Document.iwa") {
        if names.contains("Index/Slide") { return .keynote }
        switch iworkRoot {
        case 10000: return .pages
        case 1: return .numbers
        default: return names.contains("Index/Tables") ? .numbers : .pages
        }
      }
      if names.contains("index.apxl") { return .keynote }
      return ooxml ? .openXML : .zip
    }

    /// The main part's content type in `[Content_Types].xml` (ECMA-376 part 2, 10.1.2).
    static func ooxmlFormat(_ types: [UInt8]) -> Format? {
      let table: [(StaticString, Format)] = [
        ("wordprocessingml.template.main+xml", .dotx), ("ms-word.template.macroEnabledTemplate.main+xml", .dotm),
        ("ms-word.document.macroEnabled.main+xml", .docm), ("wordprocessingml.document.main+xml", .docx),
        ("spreadsheetml.template.main+xml", .xltx), ("ms-excel.template.macroEnabled.main+xml", .xltm),
        ("ms-excel.sheet.macroEnabled.main+xml", .xlsm), ("ms-excel.sheet.binary.macroEnabled.main", .xlsb),
        ("spreadsheetml.sheet.main+xml", .xlsx), ("presentationml.template.main+xml", .potx),
        ("ms-powerpoint.template.macroEnabled.main+xml", .potm), ("presentationml.slideshow.main+xml", .ppsx),
        ("ms-powerpoint.slideshow.macroEnabled.main+xml", .ppsm),
        ("ms-powerpoint.presentation.macroEnabled.main+xml", .pptm),
        ("presentationml.presentation.main+xml", .pptx), ("ms-visio.drawing.macroEnabled.main+xml", .vsdm),
        ("ms-visio.drawing.main+xml", .vsdx),
      ]
      return types.withUnsafeBytes { bytes in
        let view = ByteView(bytes)
        return table.first { view.firstOffset(of: $0.0, in: 0..<bytes.count) != nil }?.1
      }
    }
  }

  /// How many entries a ZIP walk reads, through the local headers or the central directory.
  static let zipEntryLimit = 256

  /// ZIP (PKWARE APPNOTE 6.3.10) and the formats built on it, by their entries: the local file
  /// headers from the start (4.3.7) and, where those cannot be walked (an entry written with a
  /// data descriptor, 4.3.9) or do not decide, the central directory (4.3.12) found through the
  /// end-of-central-directory record (4.3.16) in the last 64 KB.
  static func detectZIP(_ content: inout ContentBytes) -> Format? {
    let h = content.head
    guard h.has("PK\u{3}\u{4}", at: 0) || h.has("PK\u{5}\u{6}", at: 0) || h.has("PK\u{7}\u{8}PK\u{3}\u{4}", at: 0)
    else { return nil }
    var entries = ZIPEntries()
    var offset = h.has("PK\u{7}\u{8}", at: 0) ? 4 : 0
    var walked = true
    for _ in 0..<zipEntryLimit {
      guard let header = localHeader(&content, at: offset) else {
        walked = content.head.has("PK\u{1}\u{2}", at: offset) || content.head.has("PK\u{5}\u{6}", at: offset)
        break
      }
      let (flags, method, compressedSize, nameLength) = (header.flags, header.method, header.size, header.nameLength)
      let dataStart = header.dataStart
      let name = content.withWindow(at: offset + 30, count: nameLength) {
        entries.add($0.slice(offset + 30, nameLength))
      }
      if name == "Index/Document.iwa" { entries.documentIWA = offset }
      if entries.count == 1, name == "mimetype", method == 0 {
        entries.mimetype = content.withWindow(at: dataStart, count: min(compressedSize, 128)) {
          // Some writers end the name with a line break (CRLF), which readers ignore.
          let name = $0.slice(dataStart, min(compressedSize, 128))
          return String(decoding: name.reversed().drop(while: isSpace).reversed(), as: UTF8.self)
        }
      }
      if name == "[Content_Types].xml" {
        entries.contentTypes = readEntry(&content, at: dataStart, size: compressedSize, method: method)
      }
      if let format = entries.format(final: false) { return format }
      if flags & 0x08 != 0 && compressedSize == 0 {
        walked = false  // a data descriptor follows data of unknown length
        break
      }
      offset = dataStart + compressedSize
      if offset >= content.knownSize { break }
    }
    if !walked || entries.count < 2, let format = detectZIPCentralDirectory(&content, into: &entries) {
      return format
    }
    if entries.names.contains("Index/Document.iwa"), let header = entries.documentIWA {
      entries.iworkRoot = iworkRootType(&content, localHeader: header)
    }
    return entries.format(final: true)
  }

  /// A ZIP local file header (APPNOTE 4.3.7): its general purpose flags, compression method,
  /// compressed size, name length, and where the entry's data starts.
  struct LocalHeader {
    let flags: Int
    let method: Int
    let size: Int
    let nameLength: Int
    let dataStart: Int
  }

  /// The local file header at `offset`, or nil where there is none.
  static func localHeader(_ content: inout ContentBytes, at offset: Int) -> LocalHeader? {
    content.withWindow(at: offset, count: 30) { view -> LocalHeader? in
      guard view.has("PK\u{3}\u{4}", at: offset) else { return nil }
      let nameLength = Int(view.u16le(offset + 26))
      return LocalHeader(
        flags: Int(view.u16le(offset + 6)), method: Int(view.u16le(offset + 8)), size: Int(view.u32le(offset + 18)),
        nameLength: nameLength, dataStart: offset + 30 + nameLength + Int(view.u16le(offset + 28)))
    }
  }

  /// The first 16 KB of an entry's data, stored or deflated.
  static func readEntry(_ content: inout ContentBytes, at offset: Int, size: Int, method: Int) -> [UInt8]? {
    let count = min(size, 16 << 10)
    return content.withWindow(at: offset, count: count) { view -> [UInt8]? in
      let data = UnsafeRawBufferPointer(rebasing: view.slice(offset, count))
      switch method {
      case 0: return Array(data)
      case 8: return Inflate.decode(data, limit: 16 << 10)
      default: return nil
      }
    }
  }

  /// The entries of the central directory, read through the end record.
  static func detectZIPCentralDirectory(_ content: inout ContentBytes, into entries: inout ZIPEntries) -> Format? {
    guard let size = content.size, content.fd >= 0 || size <= content.head.bytes.count else { return nil }
    // The end record is within its 22 bytes and a comment of at most 64 KB of the end; one
    // window (at most 64 KB) covers the end record of every archive whose comment is shorter.
    let tailStart = max(0, size - ContentBytes.windowLimit)
    let directory = content.withWindow(at: tailStart, count: size - tailStart) { tail -> (Int, Int)? in
      var at = tail.end - 22
      while at >= tail.origin {
        if tail.has("PK\u{5}\u{6}", at: at) { return (Int(tail.u32le(at + 16)), Int(tail.u32le(at + 12))) }
        at -= 1
      }
      return nil
    }
    guard let (start, length) = directory, start < size else { return nil }
    var fresh = ZIPEntries()
    content.withWindow(at: start, count: length) { view in
      var at = start
      for _ in 0..<zipEntryLimit {
        guard view.has("PK\u{1}\u{2}", at: at) else { break }
        let nameLength = Int(view.u16le(at + 28))
        if fresh.add(view.slice(at + 46, nameLength)) == "Index/Document.iwa" {
          fresh.documentIWA = Int(view.u32le(at + 42))
        }
        at += 46 + nameLength + Int(view.u16le(at + 30)) + Int(view.u16le(at + 32))
      }
    }
    guard fresh.count > 0 else { return nil }
    fresh.mimetype = entries.mimetype
    fresh.contentTypes = entries.contentTypes
    entries = fresh
    return nil
  }
}
