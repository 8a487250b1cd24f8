/// The names the Linux desktop's specifications allow: an application's ID (the Desktop Entry
/// and Flatpak specifications, D-Bus's well-known names) and a MIME type shared-mime-info takes.
/// One rule for `utictl export freedesktop` and `utictl validate --freedesktop`.
package enum FreedesktopNames {
  /// The media types update-mime-database knows (others are set aside as unknown).
  package static let mediaTypes: Set<String> = [
    "text", "application", "image", "audio", "inode", "video", "message", "model", "multipart", "x-content", "x-epoc",
    "x-scheme-handler", "font",
  ]

  /// Whether `id` is an application ID: two or more dot-separated elements of ASCII letters,
  /// digits, `_` and `-`, none empty or starting with a digit, at most 255 characters.
  package static func isApplicationID(_ id: String) -> Bool {
    let elements = id.split(separator: ".", omittingEmptySubsequences: false)
    return id.utf8.count <= 255 && elements.count >= 2
      && elements.allSatisfy { element in
        guard let first = element.utf8.first, !isDigit(first) else { return false }
        return element.utf8.allSatisfy {
          isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-")
        }
      }
  }

  /// The MIME types that say nothing of a file's kind (every file is `application/octet-stream`
  /// to shared-mime-info): an app that lists one in `MimeType=` is offered for every file.
  package static let catchAllMIMETypes: Set<String> = ["application/octet-stream", "all/all", "all/allfiles", "*/*"]

  /// Whether `essence` (a MIME type without parameters) is one of ``catchAllMIMETypes``.
  package static func isCatchAll(_ essence: String) -> Bool { catchAllMIMETypes.contains(essence.lowercased()) }

  /// `value` without its parameters (`text/plain;charset=utf-8` → `text/plain`), white space
  /// around it trimmed, and the parameters dropped (nil when there were none).
  package static func mimeEssence(_ value: String) -> (essence: String, parameters: String?) {
    let trim: (Substring) -> String = {
      String($0.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
    guard let semicolon = value.firstIndex(of: ";") else { return (trim(Substring(value)), nil) }
    return (trim(value[..<semicolon]), trim(value[value.index(after: semicolon)...]))
  }

  /// Why shared-mime-info would not take `name` as a MIME type (nil: it would): the form
  /// `media/subtype`, RFC 6838's characters (letters, digits, `!#$&-^_.+`), a known media type.
  package static func mimeTypeProblem(_ name: String) -> String? {
    let parts = name.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return "it is not media/subtype" }
    for part in parts {
      guard part.utf8.count <= 127 else { return "'\(part.prefix(20))…' is longer than RFC 6838's 127 characters" }
      guard let first = part.utf8.first, isLetter(first) || isDigit(first) else {
        return "'\(part)' does not start with a letter or digit, as RFC 6838 asks"
      }
    }
    let allowed = Set("!#$&-^_.+".utf8)
    if let bad = name.utf8.first(where: {
      !isLetter($0) && !isDigit($0) && !allowed.contains($0) && $0 != UInt8(ascii: "/")
    }) {
      return "'\(String(decoding: [bad], as: UTF8.self))' is not a character RFC 6838 allows in a MIME type"
    }
    guard mediaTypes.contains(parts[0].lowercased()) else {
      return "'\(parts[0])' is not a media type shared-mime-info knows (\(mediaTypes.sorted().joined(separator: ", ")))"
    }
    return nil
  }

  private static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
  private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
}
