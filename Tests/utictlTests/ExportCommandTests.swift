import Foundation
import TestSupport
import Testing

@testable import utictl

/// `utictl export freedesktop`: an Info.plist's types and document types written as a
/// shared-mime-info package and a desktop entry, checked with the tools that read them
/// (update-mime-database, GIO, xdg-mime, desktop-file-validate).
@Suite("utictl export freedesktop")
struct ExportCommandTests {
  /// An app with an exported type that names its MIME type, one that names none, an imported
  /// type, and document types of every rank and role.
  static let sketchPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict>
      <key>CFBundleName</key><string>Sketch &amp; Note</string>
      <key>UTExportedTypeDeclarations</key><array>
        <dict>
          <key>UTTypeIdentifier</key><string>org.example.sketch</string>
          <key>UTTypeDescription</key><string>Sketch Drawing</string>
          <key>UTTypeConformsTo</key><array><string>public.xml</string></array>
          <key>UTTypeIconFile</key><string>SketchDoc.icns</string>
          <key>UTTypeTagSpecification</key><dict>
            <key>public.filename-extension</key><array><string>sketchdoc</string><string>SKD</string></array>
            <key>public.mime-type</key><array>
              <string>application/x-example-sketch+xml</string><string>application/vnd.example.sketch</string>
            </array>
          </dict>
        </dict>
        <dict>
          <key>UTTypeIdentifier</key><string>org.example.Sketch_Bundle</string>
          <key>UTTypeConformsTo</key><array><string>org.example.sketch</string></array>
          <key>UTTypeTagSpecification</key><dict>
            <key>public.filename-extension</key><string>sketchbundle</string>
          </dict>
        </dict>
      </array>
      <key>UTImportedTypeDeclarations</key><array>
        <dict>
          <key>UTTypeIdentifier</key><string>com.other.drawing</string>
          <key>UTTypeConformsTo</key><array><string>public.data</string></array>
          <key>UTTypeTagSpecification</key><dict>
            <key>public.mime-type</key><string>application/x-other-drawing</string>
          </dict>
        </dict>
      </array>
      <key>CFBundleDocumentTypes</key><array>
        <dict>
          <key>CFBundleTypeName</key><string>Pictures</string>
          <key>CFBundleTypeRole</key><string>Viewer</string>
          <key>LSHandlerRank</key><string>Alternate</string>
          <key>LSItemContentTypes</key><array><string>public.png</string></array>
        </dict>
        <dict>
          <key>CFBundleTypeName</key><string>Text</string>
          <key>CFBundleTypeRole</key><string>Viewer</string>
          <key>LSItemContentTypes</key><array><string>public.plain-text</string></array>
        </dict>
        <dict>
          <key>CFBundleTypeName</key><string>Sketch</string>
          <key>CFBundleTypeRole</key><string>Editor</string>
          <key>LSHandlerRank</key><string>Owner</string>
          <key>LSItemContentTypes</key><array><string>org.example.sketch</string><string>org.example.Sketch_Bundle</string></array>
        </dict>
        <dict>
          <key>CFBundleTypeName</key><string>Markdown</string>
          <key>CFBundleTypeRole</key><string>Editor</string>
          <key>CFBundleTypeExtensions</key><array><string>md</string></array>
          <key>CFBundleTypeMIMETypes</key><array><string>text/x-example-notes</string></array>
        </dict>
        <dict>
          <key>CFBundleTypeName</key><string>Icons only</string>
          <key>CFBundleTypeRole</key><string>None</string>
          <key>LSItemContentTypes</key><array><string>public.jpeg</string></array>
        </dict>
        <dict>
          <key>CFBundleTypeName</key><string>Not a handler</string>
          <key>LSHandlerRank</key><string>None</string>
          <key>LSItemContentTypes</key><array><string>public.gif</string></array>
        </dict>
      </array>
    </dict></plist>
    """

  /// Writes the Info.plist into a fresh directory and exports it there (`share/`).
  static func export(_ extra: [String] = [], plist: String = sketchPlist) throws -> (TemporaryDirectory, Run) {
    let directory = try TemporaryDirectory()
    let info = directory.url.appendingPathComponent("Info.plist")
    try Data(plist.utf8).write(to: info)
    let run = utictl(
      ["export", "freedesktop", info.path, "--app-id", "org.example.Sketch", "-o", directory.url.path + "/share"]
        + extra)
    return (directory, run)
  }

  @Test func thePackageSaysEachExportedTypeInSharedMimeInfosTerms() throws {
    let (directory, run) = try Self.export()
    #expect(run.status == 0, "\(run.stderr)")
    let package = directory.url.appendingPathComponent("share/mime/packages/org.example.Sketch.xml")
    #expect(run.stdout.hasPrefix(package.path + "\n"))
    let xml = try String(contentsOf: package, encoding: .utf8)
    #expect(
      xml.contains(
        """
          <mime-type type="application/x-example-sketch+xml">
            <comment>Sketch Drawing</comment>
            <icon name="SketchDoc"/>
            <glob pattern="*.sketchdoc"/>
            <glob pattern="*.SKD"/>
            <alias type="application/vnd.example.sketch"/>
            <sub-class-of type="application/xml"/>
            <uti:type-identifier>org.example.sketch</uti:type-identifier>
            <uti:conforms-to>public.xml</uti:conforms-to>
          </mime-type>
        """), "\(xml)")
    // No MIME type declared: a name derived from the identifier; its parent is our own type.
    #expect(xml.contains("<mime-type type=\"application/x-org.example.sketch-bundle\">"), "\(xml)")
    #expect(xml.contains("<sub-class-of type=\"application/x-example-sketch+xml\"/>"), "\(xml)")
    // Near miss: the imported type is another app's, left out unless asked for.
    #expect(!xml.contains("application/x-other-drawing"))
    let (imported, withImported) = try Self.export(["--include-imported"])
    #expect(withImported.status == 0)
    let all = try String(
      contentsOf: imported.url.appendingPathComponent("share/mime/packages/org.example.Sketch.xml"), encoding: .utf8)
    #expect(all.contains("<mime-type type=\"application/x-other-drawing\">"))
    // Said alone, application/octet-stream is its parent.
    #expect(all.contains("<sub-class-of type=\"application/octet-stream\"/>"))
  }

  @Test func theDesktopEntryListsWhatTheDocumentTypesOpenByRank() throws {
    let (directory, run) = try Self.export(["--exec", "sketch --open %U"])
    #expect(run.status == 0, "\(run.stderr)")
    let entry = try String(
      contentsOf: directory.url.appendingPathComponent("share/applications/org.example.Sketch.desktop"), encoding: .utf8
    )
    // Owner first, then the Default editor (its MIME types, then its extensions' types), the
    // Default viewer, the Alternate viewer; role None and rank None are no handlers (JPEG and
    // GIF are left out).
    #expect(
      entry == """
        [Desktop Entry]
        Type=Application
        Name=Sketch & Note
        Exec=sketch --open %U
        MimeType=application/x-example-sketch+xml;application/x-org.example.sketch-bundle;text/x-example-notes;\
        text/markdown;text/plain;image/png;

        """)
    #expect(run.stdout.split(separator: "\n").count == 2, "the package and the entry")
  }

  @Test func anExecWithoutAFieldCodeIsRefusedAndNothingIsWritten() throws {
    let (directory, run) = try Self.export(["--exec", "sketch"])
    #expect(run.status == 2)
    #expect(run.stderr.contains("--exec 'sketch' has no %U, %u, %F or %f"), "\(run.stderr)")
    #expect(run.stderr.contains("give --exec 'sketch %U'"), "the fix is named")
    #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("share").path))
    // Near miss: %F (paths) is as good.
    #expect(try Self.export(["--exec", "sketch %F"]).1.status == 0)
  }

  @Test(arguments: ["Sketch", "org..example", "org.3example.Sketch", "org.example.Sketch app"])
  func anApplicationIDMustBeOne(_ appID: String) throws {
    let directory = try TemporaryDirectory()
    let info = directory.url.appendingPathComponent("Info.plist")
    try Data(Self.sketchPlist.utf8).write(to: info)
    let run = utictl("export", "freedesktop", info.path, "--app-id", appID, "-o", directory.url.path)
    #expect(run.status == 2)
    #expect(run.stderr.contains("is not an application ID"), "\(run.stderr)")
  }

  @Test func whatCannotBeExportedIsAWarning() throws {
    let plist = Self.sketchPlist.replacingOccurrences(
      of: "<string>public.png</string>", with: "<string>com.nowhere.undeclared</string>")
    let (_, run) = try Self.export(plist: plist)
    #expect(run.status == 0)
    #expect(
      run.stderr.contains(
        "warning: document type 'Pictures': 'com.nowhere.undeclared' has no MIME type to export"), "\(run.stderr)")
  }

  /// The real tools take the files: update-mime-database compiles the package without a word,
  /// after which GIO and xdg-mime name our type for a file of it; desktop-file-validate passes
  /// the entry.
  @Test func theDesktopsOwnToolsAcceptTheFiles() throws {
    let updater = try Peers.executable("update-mime-database", package: "shared-mime-info").orSkip()
    let validator = try Peers.executable("desktop-file-validate", package: "desktop-file-utils").orSkip()
    let gio = try Peers.executable("gio", package: "libglib2.0-bin").orSkip()
    let xdgMime = try Peers.executable("xdg-mime", package: "xdg-utils").orSkip()
    try Peers.executable("mimetype", package: "libfile-mimeinfo-perl").orSkip()
    let (directory, run) = try Self.export(["--exec", "sketch %U"])
    #expect(run.status == 0)
    let share = directory.url.appendingPathComponent("share").path
    // As installed: the data directory in the search path (else the tool notes it is not).
    let compiled = try runProcess("/usr/bin/env", ["XDG_DATA_DIRS=\(share):/usr/share", updater, share + "/mime"])
    #expect(compiled.status == 0)
    #expect(compiled.stderrText.isEmpty, "update-mime-database warns: \(compiled.stderrText)")
    let drawing = directory.url.appendingPathComponent("drawing.sketchdoc")
    try Data("<sketch/>".utf8).write(to: drawing)
    let environment = ["XDG_DATA_HOME=\(share)", "XDG_DATA_DIRS=/usr/share"]
    let gioSays = try runProcess(
      "/usr/bin/env", environment + [gio, "info", "-a", "standard::content-type", drawing.path])
    #expect(
      gioSays.stdoutText.contains("standard::content-type: application/x-example-sketch+xml"), "\(gioSays.stdoutText)")
    let xdgSays = try runProcess("/usr/bin/env", environment + [xdgMime, "query", "filetype", drawing.path])
    #expect(xdgSays.stdoutText == "application/x-example-sketch+xml\n", "\(xdgSays.stdoutText)")
    // The identifier went through to the compiled type's file.
    let installed = try String(contentsOfFile: share + "/mime/application/x-example-sketch+xml.xml", encoding: .utf8)
    #expect(installed.contains("org.example.sketch"), "\(installed)")
    let validated = try runProcess(validator, [share + "/applications/org.example.Sketch.desktop"])
    #expect(validated.status == 0, "\(validated.stdoutText)\(validated.stderrText)")
  }

  /// An extension two exported types claim in two cases keeps its case; others match in any case.
  @Test func anExtensionClaimedInTwoCasesIsCaseSensitive() throws {
    func declaration(_ identifier: String, _ mime: String, _ extensions: [String]) -> String {
      "<dict><key>UTTypeIdentifier</key><string>\(identifier)</string><key>UTTypeConformsTo</key><string>public.plain-text</string>"
        + "<key>UTTypeTagSpecification</key><dict><key>public.mime-type</key><string>\(mime)</string>"
        + "<key>public.filename-extension</key><array>\(extensions.map { "<string>\($0)</string>" }.joined())</array></dict></dict>"
    }
    let plist = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>CFBundleName</key><string>Sources</string>
      <key>UTExportedTypeDeclarations</key><array>
      \(declaration("org.example.c-source", "text/x-example-c", ["c", "h"]))
      \(declaration("org.example.cpp-source", "text/x-example-cpp", ["C", "cc"]))
      </array></dict></plist>
      """
    let (directory, run) = try Self.export(plist: plist)
    #expect(run.status == 0, "\(run.stderr)")
    let xml = try String(
      contentsOf: directory.url.appendingPathComponent("share/mime/packages/org.example.Sketch.xml"), encoding: .utf8)
    #expect(xml.contains("<glob pattern=\"*.c\" case-sensitive=\"true\"/>"), "\(xml)")
    #expect(xml.contains("<glob pattern=\"*.C\" case-sensitive=\"true\"/>"))
    #expect(xml.contains("<glob pattern=\"*.h\"/>") && xml.contains("<glob pattern=\"*.cc\"/>"), "near misses")
    let updater = try Peers.executable("update-mime-database", package: "shared-mime-info").orSkip()
    let share = directory.url.appendingPathComponent("share").path
    let compiled = try runProcess("/usr/bin/env", ["XDG_DATA_DIRS=\(share):/usr/share", updater, share + "/mime"])
    #expect(compiled.status == 0 && compiled.stderrText.isEmpty, "\(compiled.stderrText)")
  }

  /// A bundle's `*.lproj/InfoPlist.strings` localise the comments, keyed by the description as
  /// Launch Services reads them; `Base.lproj` has no language, legacy names are mapped.
  @Test func aBundlesTranslationsBecomeLocalisedComments() throws {
    let directory = try TemporaryDirectory()
    let contents = directory.url.appendingPathComponent("Sketch.app/Contents")
    try FileManager.default.createDirectory(
      at: contents.appendingPathComponent("Resources"), withIntermediateDirectories: true)
    try Data(Self.sketchPlist.utf8).write(to: contents.appendingPathComponent("Info.plist"))
    for (folder, text) in [
      ("fr.lproj", "\"Sketch Drawing\" = \"Dessin Sketch\";\n\"Other\" = \"Autre\";"),
      ("German.lproj", "/* legacy */ \"Sketch Drawing\" = \"Sketch-Zeichnung\";"),
      ("Base.lproj", "\"Sketch Drawing\" = \"Base drawing\";"),
      ("es.lproj", "\"Something else\" = \"Otra cosa\";"),
    ] {
      let lproj = contents.appendingPathComponent("Resources/\(folder)")
      try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: lproj.appendingPathComponent("InfoPlist.strings"))
    }
    let share = directory.url.appendingPathComponent("share").path
    let run = utictl(
      "export", "freedesktop", directory.url.appendingPathComponent("Sketch.app").path, "--app-id",
      "org.example.Sketch", "-o", share)
    #expect(run.status == 0, "\(run.stderr)")
    let xml = try String(contentsOfFile: share + "/mime/packages/org.example.Sketch.xml", encoding: .utf8)
    #expect(
      xml.contains(
        """
            <comment>Sketch Drawing</comment>
            <comment xml:lang="de">Sketch-Zeichnung</comment>
            <comment xml:lang="fr">Dessin Sketch</comment>
            <icon name="SketchDoc"/>
        """), "\(xml)")
    #expect(!xml.contains("Base drawing") && !xml.contains("xml:lang=\"es\""), "no language, no translation")
  }

  /// `--types` reads an exported package as it reads the Info.plist: the same type, located at
  /// its `<mime-type>` element's line.
  @Test func thePackageReadBackGivesTheSameTypes() throws {
    let (directory, run) = try Self.export()
    #expect(run.status == 0)
    let info = directory.url.appendingPathComponent("Info.plist").path
    let package = directory.url.appendingPathComponent("share/mime/packages/org.example.Sketch.xml").path
    for identifier in ["org.example.sketch", "org.example.Sketch_Bundle"] {
      let fromPlist = utictl("info", "--types", info, identifier, "--json")
      let fromPackage = utictl("info", "--types", package, identifier, "--json")
      #expect(fromPackage.status == 0, "\(fromPackage.stderr)")
      func facts(_ json: String) -> String {
        json.replacingOccurrences(of: #","declaredIn":"[^"]*""#, with: "", options: .regularExpression)
      }
      #expect(facts(fromPackage.stdout) == facts(fromPlist.stdout))
    }
    let located = utictl("info", "--types", package, "org.example.sketch")
    #expect(located.stdout.contains("declared in:  \(package):4\n"), "\(located.stdout)")
    // Near miss: a package of MIME types alone (the system's own) names no declaration.
    let plain = directory.url.appendingPathComponent("plain.xml")
    try Data(
      """
      <?xml version="1.0"?>
      <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
        <mime-type type="application/x-plain"><glob pattern="*.plain"/></mime-type>
      </mime-info>
      """.utf8
    ).write(to: plain)
    let refused = utictl("info", "--types", plain.path, "public.png")
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("names no type identifier"), "\(refused.stderr)")
  }
}
