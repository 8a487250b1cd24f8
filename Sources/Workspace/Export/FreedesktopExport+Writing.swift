import TypeRegistry
import UTIPlatform

extension FreedesktopExport {
  /// The namespace of the elements that carry what shared-mime-info has no element for (the
  /// type's identifier, its declared conformances); update-mime-database copies them through.
  public static let namespace = MIMEPackage.declarationNamespace

  /// The shared-mime-info package, as `mime/packages/APP-ID.xml` holds it.
  /// - Returns: The package's XML, UTF-8 text.
  public func sharedMIMEPackage() -> String {
    var xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!-- Made by utictl export freedesktop from the app's Info.plist: change that, then export again. -->
      <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info" xmlns:uti="\(Self.namespace)">

      """
    for type in mimeTypes {
      xml += "  <mime-type type=\"\(XMLText.escape(type.name))\">\n"
      if let comment = type.comment { xml += "    <comment>\(XMLText.escape(comment))</comment>\n" }
      for (language, comment) in type.localizedComments.sorted(by: { $0.key < $1.key }) {
        let lang = XMLText.escape(language)
        xml += "    <comment xml:lang=\"\(lang)\">\(XMLText.escape(comment))</comment>\n"
      }
      if let icon = type.icon { xml += "    <icon name=\"\(XMLText.escape(icon))\"/>\n" }
      for glob in type.globs {
        let exact = type.caseSensitiveGlobs.contains(glob) ? " case-sensitive=\"true\"" : ""
        xml += "    <glob pattern=\"\(XMLText.escape(glob))\"\(exact)/>\n"
      }
      for alias in type.aliases { xml += "    <alias type=\"\(XMLText.escape(alias))\"/>\n" }
      for parent in type.subclassOf { xml += "    <sub-class-of type=\"\(XMLText.escape(parent))\"/>\n" }
      xml += "    <uti:type-identifier>\(XMLText.escape(type.identifier))</uti:type-identifier>\n"
      if type.isNameDerived { xml += "    <uti:derived-mime-type/>\n" }
      for parent in type.conformsTo { xml += "    <uti:conforms-to>\(XMLText.escape(parent))</uti:conforms-to>\n" }
      xml += "  </mime-type>\n"
    }
    return xml + "</mime-info>\n"
  }

  /// The desktop entry, as `applications/APP-ID.desktop` holds it, launching `exec`.
  ///
  /// - Parameter exec: The `Exec` line, with `%U` or `%u` (URLs) or `%F` or `%f` (paths), where
  ///   the files to open go (the Desktop Entry specification's field codes).
  /// - Returns: The entry's text.
  /// - Throws: ``WorkspaceError`` when `exec` has none of them, so that opened files
  ///   would never reach the app, or has a character a desktop entry cannot hold.
  public func desktopEntry(exec: String) throws(WorkspaceError) -> String {
    guard ["%U", "%u", "%F", "%f"].contains(where: exec.contains) else {
      throw WorkspaceError(
        .exec,
        "--exec '\(exec)' has no %U, %u, %F or %f: without one the files the desktop opens with the app never "
          + "reach it; give --exec '\(exec) %U' (URLs) or --exec '\(exec) %F' (paths)")
    }
    guard !exec.contains(where: \.isNewline) else {
      throw WorkspaceError(.exec, "--exec holds a line break, which a desktop entry's line cannot")
    }
    var entry = "[Desktop Entry]\nType=Application\n"
    entry += "Name=\(Self.escapeValue(applicationName))\n"
    entry += "Exec=\(exec)\n"
    if !documentMIMETypes.isEmpty { entry += "MimeType=\(documentMIMETypes.map { $0 + ";" }.joined())\n" }
    return entry
  }

  /// Writes the package, and with `exec` the desktop entry, under `directory` (`mime/packages/`
  /// and `applications/`, made where missing), each atomically: a file is replaced whole or
  /// left as it was.
  ///
  /// - Parameters:
  ///   - directory: The data directory (`$DESTDIR/usr/share`, `~/.local/share`).
  ///   - exec: The desktop entry's `Exec` line; nil writes no desktop entry.
  /// - Returns: The paths written, the package first.
  /// - Throws: ``WorkspaceError`` for a bad `exec`, or a file that cannot be written.
  @discardableResult
  public func write(to directory: String, exec: String?) throws(WorkspaceError) -> [String] {
    let entry = try exec.map { exec throws(WorkspaceError) in try desktopEntry(exec: exec) }
    var files = [("\(directory)/mime/packages/\(appID).xml", sharedMIMEPackage())]
    if let entry { files.append(("\(directory)/applications/\(appID).desktop", entry)) }
    for (path, text) in files {
      do {
        try FileIO.makeDirectories(FileIO.directoryName(of: path))
        try FileIO.replace(path, with: Array(text.utf8))
      } catch {
        throw WorkspaceError(.write, "\(error)")
      }
    }
    return files.map(\.0)
  }

  /// A desktop entry's string value: `\s`, `\n`, `\t`, `\r` and `\\` escaped, as the
  /// specification asks.
  static func escapeValue(_ value: String) -> String {
    let escaped = value.escaping { character in
      switch character {
      case "\\": "\\\\"
      case "\n": "\\n"
      case "\t": "\\t"
      case "\r": "\\r"
      default: nil
      }
    }
    return escaped.first == " " ? "\\s" + escaped.dropFirst() : escaped
  }
}
