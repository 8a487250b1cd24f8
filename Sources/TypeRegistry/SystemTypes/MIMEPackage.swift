/// The types of shared-mime-info source XML (`<MIME>/packages/*.xml`), as the specification's
/// "The source XML files" section describes them: for each `<mime-type>`, its comment, aliases,
/// parents, globs, magic rules, `<root-XML>` rules and icons.
///
/// A directory without a `mime.cache` is read from these files (as xdg-mime falls back to the
/// generated files), compiled into a cache image in memory so that one lookup path serves both;
/// the embedded signatures for machines without a database are such a package too.
package struct MIMEPackage: Sendable {
  /// One `<mime-type>` element.
  package struct TypeEntry: Sendable {
    package var mimeType: String
    package var comment: String?
    package var aliases: [String] = []
    package var parents: [String] = []
    package var globs: [Glob] = []
    package var magic: [Magic] = []
    package var rootXML: [(namespaceURI: String, localName: String)] = []
    package var icon: String?
    package var genericIcon: String?
    /// The type identifier an exported package names in ``MIMEPackage/declarationNamespace``.
    package var typeIdentifier: String?
    /// The declared conformances an exported package lists in that namespace.
    package var conformsTo: [String] = []
    /// Whether the exporter made the name up (`application/x-` and the identifier): the
    /// declaration gives no MIME type.
    package var isNameDerived = false
    /// The byte offset of the `<mime-type>` element in its file.
    package var offset = 0

    package init(mimeType: String) { self.mimeType = mimeType }
  }

  /// A `<glob>`: a pattern, its weight (default 50) and whether it is case-sensitive.
  package struct Glob: Sendable, Equatable {
    package var pattern: String
    package var weight = 50
    package var caseSensitive = false
  }

  /// A `<magic>` element: a priority (default 50) and matchlets, any of which may match.
  package struct Magic: Sendable {
    package var priority = 50
    package var matchlets: [Matchlet] = []
  }

  /// A `<match>`: bytes to find at an offset or within a range, an optional mask, and children
  /// of which one must match too (a nested `AND`).
  package struct Matchlet: Sendable {
    package var rangeStart: Int
    package var rangeLength: Int
    /// 1 for strings and bytes, 2 or 4 for words (the value is already in the data's byte order).
    package var wordSize: Int
    package var value: [UInt8]
    package var mask: [UInt8]?
    package var children: [Matchlet] = []
  }

  /// The namespace of the elements `utictl export freedesktop` writes beside shared-mime-info's
  /// own (`type-identifier`, `conforms-to`), which update-mime-database copies through.
  package static let declarationNamespace = "urn:swift-uti:freedesktop-export:1"

  /// The types, in the order the files give them (a type given twice is merged, as
  /// update-mime-database merges it).
  package var types: [TypeEntry] = []

  /// Where `needle` first occurs in `bytes` (an index of `bytes`), or nil: how a package's head
  /// is searched for its document element or a namespace without parsing it.
  package static func offset(of needle: [UInt8], in bytes: ArraySlice<UInt8>) -> Int? {
    guard let first = needle.first, bytes.count >= needle.count else { return nil }
    var index = bytes.startIndex
    while index <= bytes.endIndex - needle.count {
      if bytes[index] == first, bytes[index..<index + needle.count].elementsEqual(needle) { return index }
      index += 1
    }
    return nil
  }

  /// Whether `name` looks like `media/subtype`: one slash, neither side empty, no spaces or controls.
  package static func isMIMEType(_ name: String) -> Bool {
    let parts = name.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
    return parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty
      && name.utf8.allSatisfy { $0 > 0x20 && $0 != 0x7F }
  }
}
