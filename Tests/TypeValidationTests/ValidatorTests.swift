import Foundation
import TestSupport
import Testing
import UTIPlatform

@testable import TypeRegistry
@testable import TypeValidation

/// Every rule against a fixture that triggers it and a near miss that does not. The fixtures and
/// the expected places are written by `scripts/make-validate-fixtures.py`.
@Suite("Validator rules")
struct ValidatorTests {
  struct Case: Decodable, Sendable, CustomTestStringConvertible {
    var rule: String
    var bad: String
    var good: String
    var file: String
    var line: Int
    var column: Int
    var badSources: String?
    var goodSources: String?
    /// A rule of `validate --freedesktop`.
    var freedesktop: Bool?
    /// A rule that reads the machine's shared-mime-info database.
    var machineDatabase: Bool?
    var testDescription: String { rule }

    /// Sets the validator up as the rule needs (`--freedesktop`).
    func configure(_ validator: inout Validator) { validator.freedesktop = freedesktop ?? false }
  }

  static let directory = fixturesDirectory.appendingPathComponent("validate")
  static let cases: [Case] = try! JSONDecoder().decode(
    [Case].self, from: Data(contentsOf: directory.appendingPathComponent("manifest.json")))

  /// Runs the validator as `utictl validate` does: a malformed file becomes its plist-syntax diagnostic.
  static func validate(_ name: String, sources: String? = nil, configure: (inout Validator) -> Void = { _ in })
    -> [Diagnostic]
  {
    var validator = Validator()
    configure(&validator)
    let path = directory.appendingPathComponent(name).path
    var swift: [SwiftSourceFile] = []
    if let sources {
      let dir = directory.appendingPathComponent(sources).path
      swift = DirectoryWalk(under: dir, suffix: ".swift").files.map {
        SwiftSourceFile(path: $0, text: try! FileIO.read($0))
      }
    }
    do {
      return validator.validate([try DeclarationFile(contentsOf: path)], sources: swift)
    } catch {
      return validator.diagnostic(for: error).map { [$0] } ?? []
    }
  }

  @Test func everyRuleIsExplained() {
    for rule in ValidationRule.all {
      #expect(rule.why.count > 40 && rule.fix.count > 20, "\(rule.id)")
    }
    #expect(Set(ValidationRule.all.map(\.id.rawValue)).count == ValidationRule.all.count, "one literal per id")
    #expect(ValidationRule.all.allSatisfy { ValidationRule.named($0.id.rawValue) == $0 })
  }

  @Test func everyRuleHasACase() {
    #expect(Set(Self.cases.map(\.rule)) == Set(ValidationRule.all.map(\.id.rawValue)))
  }

  @Test(arguments: cases)
  func triggers(_ c: Case) throws {
    if c.machineDatabase == true { try Peers.sharedMimeInfo.orSkip() }
    let diagnostics = Self.validate(c.bad, sources: c.badSources, configure: c.configure)
    let found = diagnostics.filter { $0.rule.rawValue == c.rule }
    try #require(found.count == 1, "\(diagnostics)")
    let d = found[0]
    // The severity is the rule's own, read from its literal (the manifest does not repeat it).
    #expect(d.severity == ValidationRule.named(c.rule)?.severity)
    #expect(d.place.path.hasSuffix(c.file))
    #expect(d.place.location.line == c.line)
    #expect(d.place.location.column == c.column)
    #expect(diagnostics.count == 1, "other findings: \(diagnostics.filter { $0.rule.rawValue != c.rule })")
  }

  @Test(arguments: cases)
  func nearMissIsClean(_ c: Case) {
    #expect(Self.validate(c.good, sources: c.goodSources, configure: c.configure).isEmpty)
  }

  @Test(arguments: cases.filter { $0.rule != "plist-syntax" })
  func disabling(_ c: Case) {
    #expect(
      Self.validate(c.bad, sources: c.badSources) {
        c.configure(&$0)
        $0.disabledRules = [ValidationRule.ID(rawValue: c.rule)!]
      }.filter {
        $0.rule.rawValue == c.rule
      }.isEmpty)
  }

  /// The freedesktop rules are off without `--freedesktop`: an app that ships on Apple's
  /// platforms alone is not told what the Linux desktop needs.
  @Test(arguments: cases.filter { $0.freedesktop == true })
  func freedesktopRulesRunOnlyWhenAsked(_ c: Case) {
    #expect(!Self.validate(c.bad).contains { $0.rule.rawValue == c.rule })
  }

  @Test func warningsAsErrors() {
    let diagnostics = Self.validate("missing-description.bad.plist") { $0.warningsAsErrors = true }
    #expect(diagnostics.map(\.severity) == [.error])
  }

  @Test func aRealWorldShapedAppIsClean() throws {
    let file = try DeclarationFile(contentsOf: Self.directory.appendingPathComponent("clean-app.plist").path)
    #expect(file.declarations.count == 20)
    #expect(Validator().validate([file]).isEmpty)
  }

  @Test func theBuiltInCatalogHasNoErrorsAsTheSystemsOwn() throws {
    var validator = Validator()
    validator.systemCatalog = true
    let file = try DeclarationFile(
      contentsOf: packageRoot.appendingPathComponent("Resources/exported-types.plist").path)
    let diagnostics = validator.validate([file])
    #expect(diagnostics.filter { $0.severity == .error }.isEmpty)
    // Conflicts macOS itself has stay as warnings.
    let conflicts = diagnostics.filter { $0.rule == .tagConflict }.map(\.message)
    #expect(conflicts.contains { $0.contains("'mp4'") })
    #expect(conflicts.contains { $0.contains("'xml'") })
    #expect(!diagnostics.contains { $0.rule == .reservedNamespace })
  }

  @Test func typesDeclaredInOneFileMayBeUsedInAnother() throws {
    let exporter = try DeclarationFile(
      bytes: Array(
        xmlPlist(
          "<dict><key>UTExportedTypeDeclarations</key><array><dict><key>UTTypeIdentifier</key><string>com.example.base</string><key>UTTypeConformsTo</key><string>public.data</string><key>UTTypeDescription</key><string>Base</string></dict></array></dict>"
        ).utf8),
      path: "A.plist")
    let user = try DeclarationFile(
      bytes: Array(
        xmlPlist(
          "<dict><key>UTImportedTypeDeclarations</key><array><dict><key>UTTypeIdentifier</key><string>com.example.derived</string><key>UTTypeConformsTo</key><string>com.example.base</string><key>UTTypeDescription</key><string>Derived</string></dict></array></dict>"
        ).utf8),
      path: "B.plist")
    #expect(Validator().validate([user]).map(\.rule) == [.unknownSupertype])
    #expect(Validator().validate([exporter, user]).isEmpty)
    #expect(Validator().validate([user], types: [exporter]).isEmpty)
  }

  @Test(
    arguments: [
      ("com.example.doc", nil), ("com.Example.Doc-2", nil), ("dyn.ah62d4rv4ge80g55sq2", nil), ("com.例え.doc", nil),
      ("", "it is empty"), (".com.example", "it starts with a period"), ("com.example.", "it ends with a period"),
      ("com..example", "it has an empty component"),
      ("com.example.pch++-file", "'+' is not allowed (use letters, digits, hyphens and periods)"),
      ("public.mpeg-4-audio ", "a space is not allowed (use letters, digits, hyphens and periods)"),
    ] as [(String, String?)])
  func identifierSyntax(identifier: String, problem: String?) {
    #expect(IdentifierSyntax.problem(identifier) == problem)
  }

  @Test(arguments: [
    ("text/plain", true), ("application/vnd.example+json", true), ("text/plain; charset=utf-8", true),
    ("xslt+xml", false), ("text/", false), ("/plain", false), ("text/plain/x", false), ("text /plain", false),
  ])
  func mimeSyntax(mime: String, valid: Bool) {
    #expect(MIMESyntax.isValid(mime) == valid)
  }

  @Test func swiftSourceScanning() {
    let text = """
      let a = UTType(exportedAs: "com.example.a")
      let b = UTType( importedAs : "com.example.b", conformingTo: .data)
      // let c = UTType(exportedAs: "com.example.commented")
      /* UTType(exportedAs: "com.example.block") */
      let d = "UTType(exportedAs: \\"com.example.quoted\\")"
      let e = MyUTType(exportedAs: "com.example.other-type")
      let f = UTType(exportedAs: "com.example.\\(name)")
      """
    let calls = SwiftSourceFile(path: "T.swift", text: Array(text.utf8)).calls
    #expect(calls.map(\.identifier) == ["com.example.a", "com.example.b"])
    #expect(calls.map(\.kind) == [.exportedAs, .importedAs])
  }
}

/// What the validator finds in the real Info.plists of the corpus, as their maintainers would agree.
@Suite("Validator on the corpus")
struct ValidatorCorpusTests {
  static let corpus = corpusDirectory

  static func findings(_ names: String...) throws -> [Diagnostic] {
    let files = try names.map { try DeclarationFile(contentsOf: corpus.appendingPathComponent($0).path) }
    return Validator().validate(files)
  }

  static func has(_ diagnostics: [Diagnostic], _ rule: String, _ fragment: String, line: Int? = nil) -> Bool {
    diagnostics.contains {
      $0.rule.rawValue == rule && $0.message.contains(fragment) && (line == nil || $0.place.location.line == line)
    }
  }

  @Test(arguments: [
    "mapeditor__tiled__src_tiledapp_Info.plist",
    "artemnovichkov__wwdc24-samplecode__Code_BuildingADocumentBasedAppWithSwiftUI_WritingApp_Info.plist",
    "artemnovichkov__wwdc24-samplecode__Code_ExploringObjectTrackingWithARKit_ObjectTracking_Info.plist",
    "ghostty-org__ghostty__macos_Ghostty-Info.plist",
  ])
  func cleanAppsHaveNoFindings(name: String) throws {
    #expect(try Self.findings(name).isEmpty)
  }

  /// Whisky's bundle identifier is a build setting; it exports two types in Microsoft's domain.
  @Test func whiskyExportsMicrosoftsTypes() throws {
    let d = try Self.findings("Whisky-App__Whisky__Whisky_Info.plist")
    #expect(d.map(\.rule) == [.foreignDomain, .foreignDomain], "\(d)")
    #expect(
      Self.has(d, "foreign-domain", "'com.microsoft.msi-installer' is exported in the 'com.microsoft' domain", line: 74)
    )
    #expect(Self.has(d, "foreign-domain", "'com.microsoft.bat'", line: 95))
  }

  @Test func factor() throws {
    let d = try Self.findings("factor__factor__Factor.app_Contents_Info.plist")
    #expect(Self.has(d, "reserved-namespace", "'public.source-factor'", line: 81))
    #expect(Self.has(d, "unknown-supertype", "did you mean 'public.source-code'?"))
    #expect(Self.has(d, "extension-with-dot", "'.factor'", line: 99))
    #expect(!d.contains { $0.rule == .foreignDomain })
  }

  /// Godot's editor exports its five types in Apple's `public` domain, each with an empty reference URL;
  /// its `.scn` is SceneKit's too.
  @Test func godotExportsInApplesDomain() throws {
    let d = try Self.findings("godotengine__godot__misc_dist_macos_tools.app_Contents_Info.plist")
    #expect(d.filter { $0.rule == .reservedNamespace }.count == 5, "\(d)")
    #expect(Self.has(d, "reserved-namespace", "'public.tscn' is in the reserved 'public' domain", line: 81))
    #expect(Self.has(d, "reserved-namespace", "'public.godot'", line: 176))
    #expect(d.filter { $0.rule == .invalidReferenceUrl }.count == 5)
    #expect(
      Self.has(d, "tag-conflict", "'scn' of 'public.tscn' is also claimed by 'com.apple.scenekit.scene'", line: 96))
    #expect(d.count == 11)
  }

  @Test func macVim() throws {
    let d = try Self.findings("macvim-dev__macvim__src_MacVim_Info.plist")
    #expect(Self.has(d, "invalid-identifier", "'org.vim.pch++-file'"))
    #expect(Self.has(d, "self-conformance", "'public.plain-text'"))
    #expect(d.filter { $0.rule == .reservedNamespace }.count == 26)
    #expect(Self.has(d, "undeclared-document-type", "'public.assembler-source'"))
    #expect(Self.has(d, "duplicate-identifier", "'com.sun.java-source' is already declared by the system"))
  }

  @Test func iinaTrailingSpaceAndEmptyDocumentType() throws {
    let d = try Self.findings("iina__iina__iina_Info.plist")
    #expect(
      Self.has(
        d, "unknown-supertype",
        "'public.mpeg-4-audio ' in UTTypeConformsTo of 'io.iina.mpeg4-audio' is declared nowhere; did you mean 'public.mpeg-4-audio'?"
      ))
    #expect(Self.has(d, "undeclared-document-type", "'Matroska audio' names an empty type identifier"))
    #expect(d.filter { $0.rule == .missingDescription }.count == 2)
  }

  @Test func sourceCodeSyntaxHighlight() throws {
    let d = try Self.findings("sbarex__SourceCodeSyntaxHighlight__Application_Info.plist")
    #expect(Self.has(d, "unknown-supertype", "'publix.xml'"))
    #expect(Self.has(d, "unknown-supertype", "'public.xnl'"))
    #expect(d.filter { $0.rule == .selfConformance }.count == 3)
    #expect(Self.has(d, "conformance-cycle", "public.text → public.plain-text → public.text"))
    #expect(Self.has(d, "reserved-namespace", "'public.tex'"))
    #expect(
      Self.has(
        d, "tag-conflict", "'ts' of 'com.microsoft.typescript' is also claimed by 'public.mpeg-2-transport-stream'"))
    #expect(d.filter { $0.rule == .missingDescription }.count == 24)
  }

  @Test func documentTypesNamingUndeclaredTypes() throws {
    #expect(
      Self.has(
        try Self.findings("sbarex__QLMarkdown__QLMarkdown_Info.plist"), "undeclared-document-type", "'public.markdown'")
    )
    #expect(
      Self.has(
        try Self.findings("mpv-player__mpv__TOOLS_osxbundle_mpv.app_Contents_Info.plist"), "undeclared-document-type",
        "'public.aifc.audio', which is declared nowhere; declare it (import or export) or fix the name; did you mean 'public.aifc-audio'?"
      ))
    #expect(
      try Self.findings("Sequel-Ace__Sequel-Ace__Resources_Plists_Info.plist").filter {
        $0.rule == .undeclaredDocumentType
      }.count == 3)
  }

  /// A real-world file, a rule, and a fragment of the message it gives there.
  struct CorpusFinding: Sendable, CustomTestStringConvertible {
    var file: String
    var rule: String
    var fragment: String
    var testDescription: String { "\(rule) in \(file)" }
  }

  @Test(arguments: [
    CorpusFinding(
      file: "textmate__textmate__Applications_TextMate_Info.plist", rule: "invalid-mime-type", fragment: "'xslt+xml'"),
    CorpusFinding(
      file: "textmate__textmate__Applications_TextMate_Info.plist", rule: "duplicate-identifier",
      fragment: "'public.patch-file' is declared twice"),
    CorpusFinding(
      file: "Ranchero-Software__NetNewsWire__iOS_Resources_Info.plist", rule: "exported-and-imported",
      fragment: "'org.opml.opml'"),
    CorpusFinding(
      file: "MarkEdit-app__MarkEdit__MarkEditMac_Info.plist", rule: "exported-and-imported",
      fragment: "'org.textbundle.package'"),
    CorpusFinding(
      file: "MarkEdit-app__MarkEdit__MarkEditMac_Info.plist", rule: "reserved-namespace",
      fragment: "'public.plain-text'"),
    CorpusFinding(
      file: "quicksilver__Quicksilver__Quicksilver_PropertyLists_Quicksilver-Info.plist",
      rule: "missing-physical-parent", fragment: "'com.blacktree.qscatalogentry'"),
    CorpusFinding(
      file: "xournalpp__xournalpp__mac-setup_Info.plist", rule: "duplicate-key", fragment: "'NSHighResolutionCapable'"),
    CorpusFinding(
      file: "rileytestut__Delta__Delta_Supporting Files_Info.plist", rule: "tag-conflict",
      fragment: "'md' of 'com.rileytestut.delta.game.genesis'"),
    CorpusFinding(
      file: "Hammerspoon__hammerspoon__Hammerspoon_Hammerspoon-Info.plist", rule: "missing-description",
      fragment: "'org.hammerspoon.Hammerspoon.Spoon'"),
  ])
  func smallerMistakes(_ finding: CorpusFinding) throws {
    #expect(Self.has(try Self.findings(finding.file), finding.rule, finding.fragment))
  }

  @Test func torrentAppsExportTheSameTypeAndNeitherDeclaresItsParent() throws {
    let d = try Self.findings(
      "transmission__transmission__macosx_Info.plist.in", "qbittorrent__qBittorrent__dist_mac_Info.plist")
    #expect(Self.has(d, "duplicate-identifier", "'org.bittorrent.torrent' is also exported by"))
    #expect(d.filter { $0.rule == .unknownSupertype && $0.message.contains("'com.bittorrent.torrent'") }.count == 2)
    #expect(d.first { $0.rule == .duplicateIdentifier }?.notes.first?.place?.path.hasSuffix("Info.plist.in") == true)
  }

  // MARK: The sharper rules (each with a trigger and a near miss)

  /// Validates an Info.plist whose root dictionary holds `body` (a file of its own).
  static func validate(plist body: String) throws -> [Diagnostic] {
    let directory = try makeTemporaryDirectory("uti-validate")
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("Info.plist")
    try Data(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict>
      \(body)
      </dict></plist>
      """.utf8
    ).write(to: path)
    return Validator().validate([try DeclarationFile(contentsOf: path.path)])
  }

  static func exported(_ identifier: String, conformsTo parents: [String], tags: String = "") -> String {
    """
    <dict><key>UTTypeIdentifier</key><string>\(identifier)</string>
    <key>UTTypeDescription</key><string>A type</string>
    <key>UTTypeConformsTo</key><array>\(parents.map { "<string>\($0)</string>" }.joined())</array>\(tags)</dict>
    """
  }

  @Test func foreignDomainWithoutABundleIdentifierGoesByTheCatalogsVendors() throws {
    #expect(BundleDomain.catalogVendors.contains("com.microsoft"))
    #expect(BundleDomain.catalogVendors.contains("com.adobe"))
    #expect(!BundleDomain.catalogVendors.contains("com.apple"))
    // A Microsoft-domain export with no CFBundleIdentifier: foreign.
    let microsoft = try Self.validate(
      plist:
        "<key>UTExportedTypeDeclarations</key><array>\(Self.exported("com.microsoft.example-notes", conformsTo: ["public.data"]))</array>"
    )
    #expect(microsoft.map(\.rule) == [.foreignDomain], "\(microsoft)")
    #expect(microsoft.first?.message.contains("'com.microsoft' domain") == true)
    #expect(microsoft.first?.place.location.line == 3)
    // Near misses: a domain the catalog attributes to nobody; Microsoft's own bundle identifier.
    let unknownVendor = try Self.validate(
      plist:
        "<key>UTExportedTypeDeclarations</key><array>\(Self.exported("org.example.notes", conformsTo: ["public.data"]))</array>"
    )
    #expect(unknownVendor.isEmpty, "\(unknownVendor)")
    let theirs = try Self.validate(
      plist:
        "<key>CFBundleIdentifier</key><string>com.microsoft.Notes</string><key>UTExportedTypeDeclarations</key><array>\(Self.exported("com.microsoft.example-notes", conformsTo: ["public.data"]))</array>"
    )
    #expect(theirs.isEmpty, "\(theirs)")
  }

  @Test func aMissingPhysicalParentIsReportedOnceAtTheRootCause() throws {
    // root conforms to public.item only; three types build on it, a fourth is independent.
    let chain = [
      Self.exported("org.example.root", conformsTo: ["public.item"]),
      Self.exported("org.example.child", conformsTo: ["org.example.root"]),
      Self.exported("org.example.grandchild", conformsTo: ["org.example.child", "public.content"]),
      Self.exported("org.example.sibling", conformsTo: ["org.example.root"]),
      Self.exported("org.example.fine", conformsTo: ["public.data"]),
    ]
    let d = try Self.validate(
      plist:
        "<key>CFBundleIdentifier</key><string>org.example.app</string><key>UTExportedTypeDeclarations</key><array>\(chain.joined())</array>"
    )
    let findings = d.filter { $0.rule == .missingPhysicalParent }
    #expect(findings.count == 1, "\(d)")
    #expect(findings.first?.message.contains("'org.example.root'") == true)
    #expect(
      findings.first?.notes.map(\.message) == [
        "3 more types conform to it and inherit the problem: 'org.example.child', 'org.example.grandchild', 'org.example.sibling'"
      ])
    // Near miss: the root fixed, nothing is reported.
    let fixed = try Self.validate(
      plist:
        "<key>CFBundleIdentifier</key><string>org.example.app</string><key>UTExportedTypeDeclarations</key><array>\(Self.exported("org.example.root", conformsTo: ["public.data"]) + chain.dropFirst().joined())</array>"
    )
    #expect(fixed.isEmpty, "\(fixed)")
  }

  @Test func anImportedSystemFormatIsOneTagConflictPerDeclaration() throws {
    let tags = """
      <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>pdf</string></array>
      <key>public.mime-type</key><array><string>application/pdf</string></array></dict>
      """
    let d = try Self.validate(
      plist:
        "<key>CFBundleIdentifier</key><string>org.example.app</string><key>UTImportedTypeDeclarations</key><array>\(Self.exported("org.example.pdf", conformsTo: ["public.data"], tags: tags))</array>"
    )
    let conflicts = d.filter { $0.rule == .tagConflict }
    #expect(conflicts.count == 1, "\(d)")
    #expect(
      conflicts.first?.message
        == "'org.example.pdf' imports a format the system declares as 'com.adobe.pdf': filename extension 'pdf' and MIME type 'application/pdf'; use 'com.adobe.pdf' instead of importing it under another identifier"
    )
    #expect(conflicts.first?.notes.first?.message == "'com.adobe.pdf' is declared here (built-in)")
    // Near miss: an export that shares a tag with the system is still reported per tag.
    let exported = try Self.validate(
      plist:
        "<key>CFBundleIdentifier</key><string>org.example.app</string><key>UTExportedTypeDeclarations</key><array>\(Self.exported("org.example.pdf", conformsTo: ["public.data"], tags: tags))</array>"
    )
    #expect(exported.filter { $0.rule == .tagConflict }.count == 2, "\(exported)")
  }
}
