import Foundation
import TestSupport
import Testing
import TypeRegistry

@testable import utictl

/// An app's own types come first: its declarations answer for their extensions and MIME types
/// ahead of the machine's database, a declared extension names a file (the content may only
/// refine it to a conforming type), and the types `utictl export freedesktop` installed keep
/// their declared identifiers, in the shell and in Swift. PointyBug's Info.plist is installed
/// as the README says, with shared-mime-info's own update-mime-database.
@Suite("An app's own types come first")
struct AppTypesFirstTests {
  static let pointyBug = packageRoot.appendingPathComponent("Examples/PointyBug/Info.plist").path
  static let arrow = "com.raywenderlich.pointybug.tool.arrow"
  static let arrowMIME = "application/vnd.pointybug.arrow+json"
  /// What an arrow file holds: JSON, which the content alone names `public.json`.
  static let arrowJSON = Array(#"{"tool": "arrow", "x": 120, "y": 40}"#.utf8)
  /// A package another tool installed: no type identifier, so its type keeps the derived name.
  static let otherTool = """
    <?xml version="1.0" encoding="UTF-8"?>
    <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
      <mime-type type="application/x-other-tool">
        <comment>Other tool's file</comment>
        <glob pattern="*.pbother"/>
      </mime-type>
    </mime-info>
    """

  static func install() throws -> InstalledAppTypes {
    try InstalledAppTypes(
      infoPlist: pointyBug, appID: "com.raywenderlich.PointyBug",
      otherPackages: ["org.example.OtherTool.xml": otherTool])
  }

  /// The built utictl, run with the installed data directory as the user's.
  static func run(_ installed: InstalledAppTypes, _ arguments: [String]) throws -> ProcessResult {
    try runProcess("/usr/bin/env", installed.environment + [try builtUtictl()] + arguments)
  }

  @Test(arguments: [false, true])
  func installedTypesKeepTheirIdentifiersInTheShell(withTypes: Bool) throws {
    let installed = try Self.install()
    let file = try installed.file("x.pbarrow", Self.arrowJSON)
    let types = withTypes ? ["--types", Self.pointyBug] : []
    func says(_ arguments: [String]) throws -> String {
      let run = try Self.run(installed, types + arguments)
      #expect(run.status == 0, "\(arguments): \(run.stderrText)")
      return run.stdoutText
    }
    #expect(try says(["lookup", "--extension", "pbarrow"]) == Self.arrow + "\n")
    #expect(try says(["lookup", "--mime", Self.arrowMIME]) == Self.arrow + "\n")
    #expect(try says(["identify", file]) == "\(file): \(Self.arrow)\n")
    #expect(try says(["identify", "--mime", file]) == "\(file): \(Self.arrowMIME)\n")
    #expect(try says(["identify", "--name-only", "y.pbarrow"]) == "y.pbarrow: \(Self.arrow)\n")
    #expect(try says(["conforms-to", Self.arrow, "public.data"]).hasPrefix(Self.arrow + " conforms to public.data"))
    let info = try says(["info", Self.arrow])
    #expect(info.contains("conforms to:  public.data"), "\(info)")
    #expect(info.contains("public.filename-extension: pbarrow"), "\(info)")
    // The near miss: a type another tool installed keeps the database's name.
    #expect(try says(["lookup", "--extension", "pbother"]) == "org.freedesktop.mime.application.x-other-tool\n")
  }

  @Test(arguments: [false, true])
  func installedTypesKeepTheirIdentifiersInSwift(withDeclarations: Bool) throws {
    let installed = try Self.install()
    let file = try installed.file("x.pbarrow", Self.arrowJSON)
    var builder = UTTypeRegistry.Builder(mimeDatabase: .directories([installed.mimeDirectory, "/usr/share/mime"]))
    if withDeclarations { try builder.add(contentsOf: Self.pointyBug) }
    let registry = builder.build()
    let arrow = try #require(registry.type(withIdentifier: Self.arrow))
    #expect(arrow.conforms(to: .data))
    #expect(registry.type(tag: "pbarrow", tagClass: .filenameExtension, conformingTo: nil) == arrow)
    #expect(registry.type(tag: Self.arrowMIME, tagClass: .mimeType, conformingTo: nil) == arrow)
    // One type, not two: the installed copy and the declaration are the same type.
    #expect(registry.types(tag: "pbarrow", tagClass: .filenameExtension).map(\.identifier) == [Self.arrow])
    #expect(registry.conflicts.isEmpty, "\(registry.conflicts.map(\.identifier))")
    let found = try registry.identifyFile(atPath: file)
    #expect(found.type == arrow && found.type.conforms(to: arrow))
    #expect(found.mimeType == Self.arrowMIME)
    let other = registry.type(tag: "pbother", tagClass: .filenameExtension, conformingTo: nil)
    #expect(other?.identifier == "org.freedesktop.mime.application.x-other-tool")
    #expect(other?.localizedDescription == "Other tool's file")
  }

  /// Before installing: `--types` alone makes the declared extension name the file, whatever
  /// it holds; without it the database and the content decide, as GIO does.
  @Test func beforeInstallingADeclaredExtensionNamesTheFile() throws {
    try Peers.sharedMimeInfo.orSkip()
    let directory = try TemporaryDirectory()
    let json = try directory.file("x.pbarrow", Self.arrowJSON)
    let binary = try directory.file(
      "y.pbarrow", [0x00, 0x01, 0xFE, 0xFF, 0x89, 0x50, 0x4E, 0x47] + Array(repeating: 7, count: 64))
    let run = utictl("--types", Self.pointyBug, "identify", "--explain", json, binary)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stdout == """
        \(json): \(Self.arrow) (the name: '.pbarrow' is declared by \(Self.arrow), and the content (public.json) is not a kind of it)
        \(binary): \(Self.arrow) (the name: '.pbarrow' is declared by \(Self.arrow), and the content (public.data) is not a kind of it)

        """)
    let machine = utictl("identify", "--json", "--explain", json)
    #expect(machine.stdout.contains(#""identifier":"public.json""#), "\(machine.stdout)")
    #expect(machine.stdout.contains(#""explanation":"the content: the built-in detector found application/json"#))
    #expect(
      utictl("--types", Self.pointyBug, "identify", "--name-only", "x.pbarrow").stdout == "x.pbarrow: \(Self.arrow)\n")
  }

  /// The content refines a declared extension's type only to a type that conforms to it: a
  /// sketch that is an SQLite database inside (the database's magic) is the app's SQLite sketch;
  /// one holding JSON or a PNG stays a sketch.
  @Test func contentRefinesADeclaredTypeOnlyToAConformingOne() throws {
    try Peers.sharedMimeInfo.orSkip()
    var builder = UTTypeRegistry.Builder(mimeDatabase: .directories(["/usr/share/mime"]))
    builder.add(
      TypeDeclaration(
        identifier: "com.example.sketch", conformsTo: ["public.data"], tags: ["public.filename-extension": ["sketch"]]))
    builder.add(
      TypeDeclaration(
        identifier: "com.example.sketch.sqlite", conformsTo: ["com.example.sketch"],
        tags: ["public.mime-type": ["application/vnd.sqlite3"]]))
    let registry = builder.build()
    let directory = try TemporaryDirectory()
    let sqlite = try directory.file("a.sketch", Array("SQLite format 3\0".utf8) + Array(repeating: 0, count: 100))
    let refined = try registry.identifyFile(atPath: sqlite)
    #expect(refined.type.identifier == "com.example.sketch.sqlite")
    #expect(refined.method == .content)
    #expect(refined.explanation.hasPrefix("the content: com.example.sketch.sqlite is a kind of com.example.sketch"))
    for contents in [
      Self.arrowJSON, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 32),
    ] {
      let path = try directory.file("b.sketch", contents)
      let found = try registry.identifyFile(atPath: path)
      #expect(found.type.identifier == "com.example.sketch", "\(found.explanation)")
      #expect(found.method == .name)
    }
  }

  /// The near miss of the rule: an extension Apple's catalog declares stays Apple's type, as
  /// on macOS (`public.*` first, then Apple's types, then the app's), and the file is named so.
  @Test func anExtensionASystemTypeDeclaresFollowsApplesPreference() throws {
    var builder = UTTypeRegistry.Builder()
    builder.add(
      TypeDeclaration(
        identifier: "com.example.notes", conformsTo: ["public.text"],
        tags: ["public.filename-extension": ["txt", "exnotes"]]))
    let registry = builder.build()
    #expect(registry.type(tag: "txt", tagClass: .filenameExtension, conformingTo: nil) == .plainText)
    #expect(
      registry.types(tag: "txt", tagClass: .filenameExtension).prefix(1).map(\.identifier) == ["public.plain-text"])
    #expect(registry.types(tag: "txt", tagClass: .filenameExtension).contains { $0.identifier == "com.example.notes" })
    let directory = try TemporaryDirectory()
    let text = try directory.file("a.txt", "some notes\n")
    #expect(try registry.identifyFile(atPath: text).type == .plainText)
    #expect(
      try registry.identifyFile(atPath: try directory.file("a.exnotes", "some notes\n")).type.identifier
        == "com.example.notes")
  }

  /// A newcomer's code: register an Info.plist in the shared registry, then identify a file of
  /// its type, text or binary; `UTType(filenameExtension:)` gives the same type.
  @Test func theSharedRegistryNamesAFileByARegisteredExtension() async throws {
    try await changingSharedRegistry {
      defer { UTTypeRegistry.shared.reset() }
      let directory = try TemporaryDirectory()
      let plist = try directory.file(
        "Info.plist",
        xmlPlist(
          """
          <dict><key>UTExportedTypeDeclarations</key><array><dict>
            <key>UTTypeIdentifier</key><string>com.example.sketch</string>
            <key>UTTypeConformsTo</key><array><string>public.data</string></array>
            <key>UTTypeTagSpecification</key><dict>
              <key>public.filename-extension</key><array><string>sketch</string></array>
              <key>public.mime-type</key><array><string>application/x-sketch</string></array>
            </dict>
          </dict></array></dict>
          """))
      try UTTypeRegistry.shared.register(contentsOf: URL(fileURLWithPath: plist))
      let sketch = try #require(UTType("com.example.sketch"))
      #expect(UTType(filenameExtension: "sketch") == sketch)
      #expect(UTType(mimeType: "application/x-sketch") == sketch)
      for contents in [Array("a text sketch\n".utf8), [0, 1, 2, 3, 0xFF, 0xFE]] {
        let file = try directory.file("a.sketch", contents)
        #expect(try UTTypeRegistry.shared.current.identifyFile(atPath: file).type == sketch)
      }
    }
  }
}
