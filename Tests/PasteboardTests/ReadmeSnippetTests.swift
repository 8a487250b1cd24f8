import Foundation
import TestSupport
import Testing

/// Every Swift snippet of the README and of the documentation (the pages under `Documentation/`,
/// the guides' and the modules' DocC catalogs, CONTRIBUTING.md) compiles as written: a program
/// (it starts with `import`) is type-checked against the modules this test run built; a
/// manifest (it starts with `// swift-tools-version`) or a manifest fragment (anything else) is
/// type-checked against the toolchain's PackageDescription, a fragment as a `Package.Dependency`
/// when it starts with `.package(`, else as a `Target`.
@Suite("README snippets")
struct ReadmeSnippetTests {
  typealias Snippet = SwiftSnippet

  /// The Markdown files whose snippets are checked, from the package root.
  static let documents: [String] = {
    var files = ["README.md", "CONTRIBUTING.md"]
    let manager = FileManager.default
    for folder in ["Documentation", "Sources"] {
      let root = packageRoot.appendingPathComponent(folder)
      guard let walker = manager.enumerator(atPath: root.path) else { continue }
      for case let path as String in walker
      where path.hasSuffix(".md") && (folder == "Documentation" || path.contains(".docc/")) {
        files.append(folder + "/" + path)
      }
    }
    return files.sorted()
  }()

  static let snippets: [Snippet] = documents.flatMap { file -> [Snippet] in
    let snippets = swiftSnippets(in: file, under: packageRoot)
    // A module article's snippets build on each other (a delegate, then the test that drives it):
    // in order, they are one program.
    guard isModuleArticle(file), snippets.count > 1 else { return snippets }
    let programs = snippets.filter { !$0.text.hasPrefix(".") }
    guard let first = programs.first else { return snippets }
    let whole = Snippet(file: file, line: first.line, text: programs.map(\.text).joined(separator: "\n"))
    return snippets.filter { $0.text.hasPrefix(".") } + [whole]
  }

  /// Whether `file` is an article of a library module's catalog (whose snippets are fragments of
  /// one program), not a guide (`Sources/SwiftUTI/SwiftUTI.docc`, whose programs stand alone).
  static func isModuleArticle(_ file: String) -> Bool {
    file.hasPrefix("Sources/") && !file.hasPrefix("Sources/SwiftUTI/")
  }

  /// The package's library modules, which a module article's fragments may use without importing.
  static let libraries = [
    "PropertyList", "TypeRegistry", "TypeValidation", "Pasteboard", "SystemPasteboard", "DesktopPasteboard",
    "Workspace",
  ]

  @Test func theReadmeHasItsSnippets() {
    let readme = Self.snippets.filter { $0.file == "README.md" }
    #expect(readme.count >= 8)
    #expect(readme.contains { $0.text.hasPrefix("import") })
    #expect(readme.contains { $0.text.hasPrefix(".package(") })
    #expect(readme.contains { !$0.text.hasPrefix("import") && !$0.text.hasPrefix(".package(") })
    #expect(Self.snippets.contains { $0.file.hasPrefix("Sources/SwiftUTI/SwiftUTI.docc/") })
    #expect(Self.snippets.filter { $0.file.hasPrefix("Sources/SwiftUTI/") }.count > 10)
  }

  @Test(arguments: snippets)
  func compilesAsWritten(_ snippet: Snippet) throws {
    let (swiftc, toolchain) = try swiftCompiler()
    let directory = try makeTemporaryDirectory("readme-snippet")
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("main.swift")
    var arguments = ["-typecheck", file.path]
    // A module article's snippet is a fragment of a program that imports the package's modules.
    let isArticleFragment = Self.isModuleArticle(snippet.file) && !snippet.text.hasPrefix(".")
    if snippet.text.hasPrefix("import") || isArticleFragment {
      let imports =
        isArticleFragment ? Self.libraries.map { "import \($0)\n" }.joined() + "import Foundation\n" : ""
      try Data((imports + snippet.text).utf8).write(to: file)
      // The modules beside the test bundle, as `swift build` left them.
      let modules = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("Modules")
      arguments += ["-swift-version", "6", "-I", modules.path]
    } else {
      let kind = snippet.text.hasPrefix(".package(") ? "Package.Dependency" : "Target"
      // A whole manifest is type-checked as it is; a fragment as the value it is.
      let manifest =
        snippet.text.hasPrefix("// swift-tools-version")
        ? snippet.text : "import PackageDescription\nlet fragment: \(kind) =\n" + snippet.text
      try Data(manifest.utf8).write(to: file)
      let manifestAPI = toolchain.appendingPathComponent("lib/swift/pm/ManifestAPI")
      arguments += ["-swift-version", "6", "-I", manifestAPI.path, "-package-description-version", "6.0"]
    }
    let result = try runProcess(swiftc, arguments)
    let errors = result.stderrText.split(separator: "\n").filter { $0.contains("error:") }
    #expect(result.status == 0, "\(snippet.file):\(snippet.line): \(errors.joined(separator: "\n"))")
  }
}
