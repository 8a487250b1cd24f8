extension DeclarationFile {
  /// Whether `bytes` are a shared-mime-info package (`<mime-info>` as the document element)
  /// rather than a property list.
  static func isMIMEPackage(_ bytes: [UInt8]) -> Bool {
    let head = bytes.prefix(4096)
    func find(_ text: String) -> Int? { MIMEPackage.offset(of: Array(text.utf8), in: head) }
    guard let root = find("<mime-info") else { return false }
    return (find("<plist") ?? .max) > root && (find("<dict") ?? .max) > root
  }

  /// The declarations of a package `utictl export freedesktop` wrote, as an Info.plist says them:
  /// each `<mime-type>` that names its type identifier (in ``MIMEPackage/declarationNamespace``)
  /// is an exported declaration with its comment, icon, MIME types (its name, unless the exporter
  /// derived it, and its aliases), the
  /// extensions of its `*.ext` globs, and its declared conformances. Each declaration sits on the
  /// line of its `<mime-type>` element, so that locations name the package's lines.
  ///
  /// - Throws: ``DeclarationLoadError`` when the package is malformed, or declares no type.
  static func declarationPlist(fromMIMEPackage bytes: [UInt8], path: String) throws(DeclarationLoadError) -> [UInt8] {
    let package: MIMEPackage
    do {
      package = try MIMEPackage(xml: bytes, path: path)
    } catch {
      throw DeclarationLoadError(.malformed, path: path, message: error.message, location: nil)
    }
    let declared = package.types.filter { $0.typeIdentifier != nil }
    guard !declared.isEmpty else {
      throw DeclarationLoadError(
        .malformed, path: path,
        message: "a shared-mime-info package that names no type identifier (utictl export freedesktop writes them); "
          + "its MIME types are read with the machine's database, not with --types")
    }
    var lines = [
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
      "<plist version=\"1.0\"><dict><key>UTExportedTypeDeclarations</key><array>",
    ]
    let starts = lineNumbers(of: declared.map(\.offset), in: bytes)
    for (entry, line) in zip(declared, starts) {
      while lines.count < line - 1 { lines.append("") }
      lines.append(declaration(entry))
    }
    lines.append("</array></dict></plist>")
    return Array(lines.joined(separator: "\n").utf8)
  }

  /// One declaration's dictionary, on one line.
  private static func declaration(_ entry: MIMEPackage.TypeEntry) -> String {
    func string(_ text: String) -> String { "<string>\(XMLText.escape(text))</string>" }
    var dict = "<dict><key>UTTypeIdentifier</key>" + string(entry.typeIdentifier ?? "")
    if let comment = entry.comment { dict += "<key>UTTypeDescription</key>" + string(comment) }
    if let icon = entry.icon { dict += "<key>UTTypeIconName</key>" + string(icon) }
    dict += "<key>UTTypeConformsTo</key><array>" + entry.conformsTo.map(string).joined() + "</array>"
    let extensions = entry.globs.compactMap { glob -> String? in
      guard glob.pattern.hasPrefix("*."), !glob.pattern.dropFirst(2).contains(where: { "*?[".contains($0) }) else {
        return nil
      }
      return String(glob.pattern.dropFirst(2))
    }
    dict += "<key>UTTypeTagSpecification</key><dict>"
    // A name the exporter derived is the package's, not the declaration's.
    let mimeTypes = (entry.isNameDerived ? [] : [entry.mimeType]) + entry.aliases
    if !mimeTypes.isEmpty { dict += "<key>public.mime-type</key><array>" + mimeTypes.map(string).joined() + "</array>" }
    if !extensions.isEmpty {
      dict += "<key>public.filename-extension</key><array>" + extensions.map(string).joined() + "</array>"
    }
    return dict + "</dict></dict>"
  }

  /// The 1-based line of each of `offsets` (ascending) in `bytes`, in one pass.
  private static func lineNumbers(of offsets: [Int], in bytes: [UInt8]) -> [Int] {
    var lines: [Int] = []
    var line = 1
    var position = 0
    for offset in offsets {
      while position < min(offset, bytes.count) {
        if bytes[position] == 0x0A { line += 1 }
        position += 1
      }
      lines.append(line)
    }
    return lines
  }
}
