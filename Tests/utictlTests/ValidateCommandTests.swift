import Foundation
import TestSupport
import Testing
import TypeRegistry
import TypeValidation

@testable import utictl

@Suite("utictl validate")
struct ValidateCommandTests {
  static let dir = fixturesDirectory.appendingPathComponent("validate").path
  static let duplicate = dir + "/duplicate-identifier.bad.plist"
  static let noDescription = dir + "/missing-description.bad.plist"
  static let clean = dir + "/clean-app.plist"

  @Test func clangFormatOnStandardError() {
    let run = utictl("validate", Self.duplicate, Self.noDescription)
    #expect(run.status == 1)
    #expect(run.stdout == "")
    #expect(
      run.stderr == """
        \(Self.duplicate):28:4: error: 'com.example.doc' is declared twice in UTExportedTypeDeclarations [duplicate-identifier]
        \(Self.duplicate):11:4: note: the earlier declaration is here
        \(Self.noDescription):11:4: warning: 'com.example.doc' has no UTTypeDescription [missing-description]
        \(Self.noDescription):11:4: error: 'com.example.doc' is also exported by \(Self.duplicate) [duplicate-identifier]
        \(Self.duplicate):28:4: note: the other export is here
        2 errors and 1 warning in 2 files

        """)
  }

  @Test func githubWorkflowCommands() {
    let run = utictl("validate", Self.duplicate, "--format", "github")
    #expect(run.status == 1)
    #expect(
      run.stdout == """
        ::error file=\(DiagnosticReport.githubProperty(Self.duplicate)),line=28,col=4,title=duplicate-identifier::'com.example.doc' is declared twice in UTExportedTypeDeclarations%0A\(Self.duplicate):11:4: note: the earlier declaration is here

        """)
    #expect(run.stderr == "1 error and 0 warnings in 1 file\n")
  }

  @Test func githubEscaping() {
    #expect(DiagnosticReport.githubData("100% done\r\nnext: a, b") == "100%25 done%0D%0Anext: a, b")
    #expect(DiagnosticReport.githubProperty("C:\\x,y%\n") == "C%3A\\x%2Cy%25%0A")
  }

  @Test func json() throws {
    let run = utictl("validate", Self.noDescription, "--format", "json")
    #expect(run.status == 0)
    #expect(
      run.stdout
        == #"[{"file":"\#(Self.noDescription)","line":11,"column":4,"offset":327,"severity":"warning","rule":"missing-description","message":"'com.example.doc' has no UTTypeDescription","notes":[]}]"#
        + "\n", "JSON as JSON tools write it: no \\/ escapes, a final newline")
    let parsed = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [[String: Any]]
    #expect(parsed[0]["rule"] as? String == "missing-description")
    // --pretty: the same value, indented, for people.
    let pretty = utictl("validate", Self.noDescription, "--format", "json", "--pretty")
    #expect(pretty.stdout.hasPrefix("[\n  {\n    \"file\": \"\(Self.noDescription)\",\n    \"line\": 11,\n"))
    #expect(pretty.stdout.hasSuffix("\n    \"notes\": []\n  }\n]\n"))
    let reparsed = try JSONSerialization.jsonObject(with: Data(pretty.stdout.utf8)) as! [[String: Any]]
    #expect(NSArray(array: reparsed).isEqual(to: parsed))
  }

  @Test func sarifHasTheRequiredFields() throws {
    let run = utictl("validate", Self.duplicate, Self.noDescription, "--format", "sarif")
    #expect(run.status == 1)
    let log = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    #expect(log["version"] as? String == "2.1.0")
    #expect(log["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
    let runs = try #require(log["runs"] as? [[String: Any]])
    #expect(runs.count == 1)
    let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
    #expect(driver["name"] as? String == "utictl")
    let rules = try #require(driver["rules"] as? [[String: Any]])
    #expect(rules.map { $0["id"] as? String } == ValidationRule.all.map(\.id.rawValue))
    for rule in rules {
      #expect((rule["shortDescription"] as? [String: Any])?["text"] is String)
      #expect(["error", "warning"].contains((rule["defaultConfiguration"] as? [String: Any])?["level"] as? String))
    }
    let results = try #require(runs[0]["results"] as? [[String: Any]])
    #expect(results.count == 3)
    for result in results {
      let ruleID = try #require(result["ruleId"] as? String)
      let index = try #require(result["ruleIndex"] as? Int)
      #expect(rules[index]["id"] as? String == ruleID)
      #expect(["error", "warning", "note"].contains(result["level"] as? String))
      #expect((result["message"] as? [String: Any])?["text"] is String)
      let location = try #require(
        (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
      #expect((location["artifactLocation"] as? [String: Any])?["uri"] is String)
      let region = try #require(location["region"] as? [String: Any])
      #expect((region["startLine"] as? Int ?? 0) >= 1)
      #expect((region["startColumn"] as? Int ?? 0) >= 1)
    }
    #expect((results[0]["relatedLocations"] as? [[String: Any]])?.count == 1)
    #expect(DiagnosticReport.uri("Delta/Supporting Files/Info.plist") == "Delta/Supporting%20Files/Info.plist")
  }

  @Test func junitHasACasePerFileAndRule() {
    let others = ValidationRule.all.map(\.id).filter { $0 != .duplicateIdentifier && $0 != .missingDescription }
    let run = utictl(
      ["validate", Self.duplicate, Self.noDescription, "--format", "junit"]
        + others.flatMap { ["--disable", $0.rawValue] })
    #expect(run.status == 1)
    #expect(
      run.stdout
        == """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="utictl validate" tests="4" failures="2" errors="0">
          <testsuite name="\(Self.duplicate)" tests="2" failures="1" errors="0">
            <testcase classname="\(Self.duplicate)" name="duplicate-identifier">
              <failure type="error" message="&apos;com.example.doc&apos; is declared twice in UTExportedTypeDeclarations">\(Self.duplicate):28:4: error: &apos;com.example.doc&apos; is declared twice in UTExportedTypeDeclarations [duplicate-identifier]</failure>
            </testcase>
            <testcase classname="\(Self.duplicate)" name="missing-description"/>
          </testsuite>
          <testsuite name="\(Self.noDescription)" tests="2" failures="1" errors="0">
            <testcase classname="\(Self.noDescription)" name="duplicate-identifier">
              <failure type="error" message="&apos;com.example.doc&apos; is also exported by \(Self.duplicate)">\(Self.noDescription):11:4: error: &apos;com.example.doc&apos; is also exported by \(Self.duplicate) [duplicate-identifier]</failure>
            </testcase>
            <testcase classname="\(Self.noDescription)" name="missing-description">
              <system-out>\(Self.noDescription):11:4: warning: &apos;com.example.doc&apos; has no UTTypeDescription [missing-description]</system-out>
            </testcase>
          </testsuite>
        </testsuites>

        """.replacingOccurrences(of: "&apos;", with: "'"))
  }

  @Test func exitStatuses() {
    let clean = utictl("validate", Self.clean)
    #expect(clean.status == 0)
    #expect(clean.stderr == "0 errors and 0 warnings in 1 file\n")
    #expect(utictl("validate", Self.noDescription).status == 0)
    #expect(utictl("validate", Self.noDescription, "--werror").status == 1)
    #expect(
      utictl("validate", Self.noDescription, "--werror").stderr.contains(
        ": error: 'com.example.doc' has no UTTypeDescription"))
    #expect(utictl("validate", Self.duplicate, "--disable", "duplicate-identifier").status == 0)
    let syntax = utictl("validate", Self.dir + "/plist-syntax.bad.plist", Self.clean)
    #expect(syntax.status == 1)
    #expect(syntax.stderr.contains("[plist-syntax]"))
    #expect(syntax.stderr.hasSuffix("1 error and 0 warnings in 2 files\n"))
    let missing = utictl("validate", Self.dir + "/missing.plist", Self.duplicate)
    #expect(missing.status == 2)
    #expect(missing.stderr.hasPrefix("error: cannot read '\(Self.dir)/missing.plist': No such file or directory\n"))
    #expect(missing.stderr.contains("[duplicate-identifier]"))
    #expect(utictl("validate", Self.clean, "--disable", "no-such-rule").status == 2)
    #expect(utictl("validate", Self.clean, "--format", "xml").status == 2)
    #expect(utictl("validate", Self.clean, "--sources", "/nonexistent").status == 2)
  }

  @Test func sourcesAndSystemCatalog() {
    let run = utictl(
      "validate", Self.dir + "/undeclared-exported-type.bad.plist", "--sources", Self.dir + "/sources-bad")
    #expect(run.status == 1)
    #expect(
      run.stderr.hasPrefix(
        "\(Self.dir)/sources-bad/Types.swift:6:41: error: UTType(exportedAs: \"com.example.undeclared\") names a type no Info.plist exports; add it to UTExportedTypeDeclarations [undeclared-exported-type]\n"
      ))
    let catalog = utictl(
      "validate", "--system-catalog", packageRoot.appendingPathComponent("Resources/exported-types.plist").path)
    #expect(catalog.status == 0)
    #expect(catalog.stderr.hasSuffix(" in 1 file\n"))
    #expect(catalog.stderr.contains("0 errors and"))
    #expect(utictl("validate", QueryCommandTests.pointyBug).status == 0)
  }

  @Test func theWholeCorpus() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: corpusDirectory.path)
      .filter { $0 != "SOURCES.md" }.sorted().map { corpusDirectory.appendingPathComponent($0).path }
    let run = utictl(["validate", "--format", "json"] + files)
    #expect(run.status == 1)
    let diagnostics = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
    #expect(diagnostics.count > 100)
    #expect(diagnostics.allSatisfy { ($0["line"] as? Int ?? 0) >= 1 && ($0["column"] as? Int ?? 0) >= 1 })
  }
}

@Suite("utictl validate on the examples")
struct ExampleValidationTests {
  @Test(arguments: ["PointyBug", "Bookmarks"])
  func theExamplesInfoPlistsAreClean(_ example: String) {
    let path = packageRoot.appendingPathComponent("Examples/\(example)/Info.plist").path
    let run = utictl("validate", "--werror", path)
    #expect(run.status == 0)
    #expect(run.stderr == "0 errors and 0 warnings in 1 file\n")
  }

  @Test func explainPrintsWhatWhyAndHow() {
    let run = utictl("validate", "--explain", "foreign-domain")
    #expect(run.status == 0)
    #expect(run.stdout.hasPrefix("foreign-domain (warning)\n\nWhat it finds:\n  An exported identifier is outside"))
    #expect(run.stdout.contains("\nWhy it matters:\n  An app is the authority only for its own domain"))
    #expect(run.stdout.contains("\nHow to fix it:\n  Import other vendors' types"))
    #expect(run.stdout.split(separator: "\n").allSatisfy { $0.count <= 78 }, "wrapped for a terminal")
    let typo = utictl("validate", "--explain", "foreign-domian")
    #expect(typo.status == 2)
    #expect(
      typo.stderr.hasPrefix(
        "Error: Unknown value 'foreign-domian' for '--explain <rule>'; did you mean 'foreign-domain'? Expected one of: plist-syntax,"
      ))
    let nothing = utictl("validate")
    #expect(nothing.status == 2)
    #expect(nothing.stderr.hasPrefix("Error: Missing expected argument '<file> ...' (or --explain <rule>)\n"))
  }
}
