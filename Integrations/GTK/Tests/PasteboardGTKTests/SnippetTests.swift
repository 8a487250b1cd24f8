import Foundation
import TestSupport
import Testing

/// Every Swift snippet of this package's documentation (its DocC catalog) compiles as written:
/// a program (it starts with `import`) is type-checked against the modules this test run built,
/// GTK's headers found as the package finds them (`pkg-config gtk4`); a manifest fragment
/// against the toolchain's PackageDescription. The lines that hand a binding's widget to the
/// adapter, which cannot be built here, are in plain code blocks, not Swift ones.
@Suite("Documentation snippets")
struct SnippetTests {
  typealias Snippet = SwiftSnippet

  /// This package's folder.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static let snippets: [Snippet] = {
    let catalog = "Sources/PasteboardGTK/PasteboardGTK.docc"
    let files =
      ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(catalog).path)) ?? [])
      .filter { $0.hasSuffix(".md") }.sorted().map { catalog + "/" + $0 }
    return files.flatMap { swiftSnippets(in: $0, under: root) }
  }()

  @Test func theGuideHasItsSnippets() {
    #expect(Self.snippets.filter { $0.text.hasPrefix("import") }.count >= 5)
    #expect(Self.snippets.contains { $0.text.hasPrefix(".package(") })
  }

  @Test(arguments: snippets)
  func compilesAsWritten(_ snippet: Snippet) throws {
    let (swiftc, toolchain) = try swiftCompiler()
    let directory = try TemporaryDirectory("gtk-snippet")
    let file = directory.url.appendingPathComponent("main.swift")
    var arguments = ["-typecheck", file.path, "-swift-version", "6"]
    if snippet.text.hasPrefix("import") {
      try Data(snippet.text.utf8).write(to: file)
      let modules = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("Modules")
      let cflags = try runProcess("/usr/bin/pkg-config", ["--cflags", "gtk4"]).stdoutText
        .split(separator: " ").map(String.init).filter { $0.hasPrefix("-I") }
      let moduleMap = Self.root.appendingPathComponent("Sources/CSwiftUTIGTK/module.modulemap").path
      arguments += ["-I", modules.path, "-Xcc", "-fmodule-map-file=\(moduleMap)"]
      arguments += cflags.flatMap { ["-Xcc", $0.trimmingCharacters(in: .whitespacesAndNewlines)] }
    } else {
      let kind = snippet.text.hasPrefix(".package(") ? "Package.Dependency" : "Target"
      try Data(("import PackageDescription\nlet fragment: \(kind) =\n" + snippet.text).utf8).write(to: file)
      arguments += [
        "-I", toolchain.appendingPathComponent("lib/swift/pm/ManifestAPI").path, "-package-description-version", "6.0",
      ]
    }
    let result = try runProcess(swiftc, arguments)
    let errors = result.stderrText.split(separator: "\n").filter { $0.contains("error:") }
    #expect(result.status == 0, "\(snippet.file):\(snippet.line): \(errors.joined(separator: "\n"))")
  }
}
