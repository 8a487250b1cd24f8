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

  /// Why shared-mime-info would not take `name` as a MIME type (nil: it would): the form
  /// `media/subtype`, RFC 6838's characters (letters, digits, `!#$&-^_.+`), a known media type.
  package static func mimeTypeProblem(_ name: String) -> String? {
    let parts = name.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return "it is not media/subtype" }
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
