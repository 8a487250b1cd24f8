import Foundation
import PropertyList
import TestSupport
import Testing
import TypeRegistry

@testable import Workspace

/// The rules that make an export every desktop tool accepts, from any Info.plist: each with a
/// value that triggers it and a near miss that does not, and each warning at the value's line.
@Suite("utictl export freedesktop: what every tool accepts")
struct ExportRulesTests {
  /// An Info.plist of `body` (keys of the top dictionary) for an app named Rules.
  static func plist(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict>
      <key>CFBundleName</key><string>Rules</string>
    \(body)
    </dict></plist>
    """
  }

  /// A document type that opens `contentTypes` and `mimeTypes`.
  static func documentType(_ name: String, contentTypes: [String] = [], mimeTypes: [String] = []) -> String {
    let types = contentTypes.map { "<string>\($0)</string>" }.joined()
    let mimes = mimeTypes.map { "<string>\($0)</string>" }.joined()
    return """
      <dict><key>CFBundleTypeName</key><string>\(name)</string>
      <key>LSItemContentTypes</key><array>\(types)</array>
      <key>CFBundleTypeMIMETypes</key><array>\(mimes)</array></dict>
      """
  }

  /// The export of `text`, without the machine's database (the catalog's answers only).
  static func export(_ text: String) throws -> FreedesktopExport {
    let file = try DeclarationFile(bytes: Array(text.utf8), path: "Info.plist")
    return try FreedesktopExport(file, appID: "org.example.Rules")
  }

  /// The 1-based line of the first occurrence of `needle` in `text`.
  static func line(of needle: String, in text: String) throws -> Int {
    let range = try #require(text.range(of: needle))
    return text[..<range.lowerBound].filter { $0 == "\n" }.count + 1
  }

  /// The one warning that contains `fragment`.
  static func warning(_ fragment: String, in export: FreedesktopExport) throws -> FreedesktopExport.Warning {
    let found = export.warnings.filter { $0.message.contains(fragment) }
    try #require(found.count == 1, "\(export.warnings)")
    return found[0]
  }

  @Test func aMIMETypesParametersAreDroppedWithAWordAtItsLine() throws {
    let text = Self.plist(
      "<key>CFBundleDocumentTypes</key><array>\n"
        + Self.documentType("Text", contentTypes: ["public.utf8-plain-text"], mimeTypes: ["text/plain; charset=utf-8"])
        + "\n" + Self.documentType("Notes", mimeTypes: ["text/x-notes"]) + "</array>")
    let export = try Self.export(text)
    #expect(export.documentMIMETypes == ["text/plain", "text/x-notes"])
    let warning = try Self.warning("parameters", in: export)
    #expect(
      warning.message
        == "document type 'Text': 'text/plain; charset=utf-8': its parameters (charset=utf-8) are dropped, as "
        + "MimeType= lists types without them")
    #expect(warning.location?.line == (try Self.line(of: "text/plain; charset", in: text)))
    // The catalog's own `text/plain;charset=utf-8` (Apple's tag for UTF-8 text) is dropped quietly:
    // the plist named a type, not the parameter. Nothing else is said.
    #expect(export.warnings.count == 1, "\(export.warnings)")
  }

  @Test func eachMIMETypeIsListedOnceWhateverItsCase() throws {
    let text = Self.plist(
      "<key>CFBundleDocumentTypes</key><array>"
        + Self.documentType("A", contentTypes: ["public.plain-text"], mimeTypes: ["TEXT/PLAIN", "text/plain"])
        + Self.documentType("B", contentTypes: ["public.utf16-plain-text", "public.png"], mimeTypes: ["image/PNG"])
        + "</array>")
    let export = try Self.export(text)
    #expect(export.documentMIMETypes == ["text/plain", "image/png"])
    #expect(
      export.warnings.map(\.message) == [
        "document type 'A': 'TEXT/PLAIN' is listed as text/plain: MIME types are the same in any case, and the "
          + "desktop's tools take lower case",
        "document type 'B': 'image/PNG' is listed as image/png: MIME types are the same in any case, and the "
          + "desktop's tools take lower case",
      ])
  }

  @Test(arguments: [
    ("xslt+xml", "it is not media/subtype"),
    ("application/-bad", "'-bad' does not start with a letter or digit, as RFC 6838 asks"),
    ("application/x y", "' ' is not a character RFC 6838 allows in a MIME type"),
    ("x-unknown/thing", "'x-unknown' is not a media type shared-mime-info knows"),
  ])
  func aValueThatIsNotAMIMETypeIsLeftOutAtItsLine(value: String, problem: String) throws {
    let text = Self.plist(
      "<key>CFBundleDocumentTypes</key><array>\n"
        + Self.documentType("Styles", mimeTypes: [value, "application/xslt+xml"]) + "</array>")
    let export = try Self.export(text)
    #expect(export.documentMIMETypes == ["application/xslt+xml"], "the near miss stays")
    let warning = try Self.warning("left out", in: export)
    #expect(warning.message.hasPrefix("document type 'Styles': '\(value)', which is left out: \(problem)"))
    #expect(warning.location?.line == (try Self.line(of: "<string>\(value)</string>", in: text)))
  }

  /// A declaration of a type the system has is not a new MIME type: MarkEdit's re-declared
  /// `public.plain-text` (with its `txt`) was exported as `application/x-public.plain-text`.
  @Test func aSystemTypeDeclaredAgainIsNamedByTheSystemsMIMEType() throws {
    let text = Self.plist(
      """
      <key>UTExportedTypeDeclarations</key><array>
        <dict><key>UTTypeIdentifier</key><string>public.plain-text</string>
          <key>UTTypeConformsTo</key><array><string>public.text</string></array>
          <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>txt</string></array></dict></dict>
        <dict><key>UTTypeIdentifier</key><string>com.apple.rez-source</string>
          <key>UTTypeConformsTo</key><array><string>public.source-code</string></array>
          <key>UTTypeTagSpecification</key><dict><key>public.mime-type</key><string>text/x-rez</string></dict></dict>
        <dict><key>UTTypeIdentifier</key><string>org.example.notes</string>
          <key>UTTypeConformsTo</key><array><string>public.plain-text</string></array>
          <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><string>notes</string></dict></dict>
      </array>
      <key>CFBundleDocumentTypes</key><array>
      """ + Self.documentType("Text", contentTypes: ["public.plain-text", "com.apple.rez-source", "org.example.notes"])
        + "</array>")
    let export = try Self.export(text)
    #expect(export.mimeTypes.map(\.name) == ["application/x-org.example.notes"], "the near miss is exported")
    #expect(export.mimeTypes.first?.subclassOf == ["text/plain"])
    #expect(export.documentMIMETypes == ["text/plain", "text/x-rez", "application/x-org.example.notes"])
    let plain = try Self.warning("'public.plain-text' is a system type", in: export)
    #expect(
      plain.message
        == "'public.plain-text' is a system type (text/plain): the app's declaration of it is not exported as a new "
        + "MIME type; document types that name it list text/plain")
    #expect(
      plain.location?.line == (try Self.line(of: "<dict><key>UTTypeIdentifier</key><string>public.plain", in: text)))
    let rez = try Self.warning("'com.apple.rez-source' is a system type", in: export)
    #expect(rez.message.hasPrefix("'com.apple.rez-source' is a system type (text/x-rez, as the app declares it)"))
    let package = export.sharedMIMEPackage()
    #expect(!package.contains("application/x-public.plain-text") && !package.contains("<mime-type type=\"text/plain\""))
  }

  @Test func aCatchAllIsLeftOutUnlessThePlistNamesIt() throws {
    let opens = Self.documentType("Anything", contentTypes: ["public.data", "public.png"])
    let left = try Self.export(Self.plist("<key>CFBundleDocumentTypes</key><array>\n\(opens)</array>"))
    #expect(left.documentMIMETypes == ["image/png"])
    #expect(
      try Self.warning("every file", in: left).message
        == "document type 'Anything': 'public.data' is application/octet-stream, which is every file's: it is left "
        + "out of MimeType= (name it in CFBundleTypeMIMETypes to offer the app for every file)")
    let named = Self.documentType("Bytes", mimeTypes: ["application/octet-stream"])
    let kept = try Self.export(Self.plist("<key>CFBundleDocumentTypes</key><array>\(opens)\(named)</array>"))
    #expect(kept.documentMIMETypes == ["application/octet-stream", "image/png"])
    #expect(kept.warnings.isEmpty, "\(kept.warnings)")
  }

  /// A declared type's MIME tags become the package's names without their parameters; one that
  /// is not a MIME type is left out, and a type left with none gets the derived name.
  @Test func aDeclaredTypesMIMETagsAreCheckedToo() throws {
    let text = Self.plist(
      """
      <key>UTExportedTypeDeclarations</key><array>
        <dict><key>UTTypeIdentifier</key><string>org.example.sheet</string>
          <key>UTTypeConformsTo</key><array><string>public.data</string></array>
          <key>UTTypeTagSpecification</key><dict><key>public.mime-type</key>
            <array><string>sheet+xml</string><string>application/x-sheet; version=2</string></array></dict></dict>
        <dict><key>UTTypeIdentifier</key><string>org.example.blob</string>
          <key>UTTypeConformsTo</key><array><string>public.data</string></array>
          <key>UTTypeTagSpecification</key><dict><key>public.mime-type</key><string>application/octet-stream</string></dict></dict>
      </array>
      """)
    let export = try Self.export(text)
    #expect(export.mimeTypes.map(\.name) == ["application/x-sheet", "application/x-org.example.blob"])
    #expect(export.mimeTypes.map(\.isNameDerived) == [false, true])
    let tags = try Self.line(of: "<string>sheet+xml", in: text)
    #expect(try Self.warning("'sheet+xml', which is left out", in: export).location?.line == tags)
    #expect(try Self.warning("(version=2) are dropped", in: export).location?.line == tags)
    let catchAll = try Self.line(of: "<string>application/octet-stream", in: text)
    #expect(try Self.warning("which is every file's: it is not exported", in: export).location?.line == catchAll)
  }
}
