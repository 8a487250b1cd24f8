import Foundation
import TestSupport
import Testing

/// Every Swift snippet of the README and of the documentation (the guides under
/// `Documentation/`, the modules' DocC catalogs, CONTRIBUTING.md) compiles as written: a program
/// (it starts with `import`) is type-checked against the modules this test run built; a
/// manifest (it starts with `// swift-tools-version`) or a manifest fragment (anything else) is
/// type-checked against the toolchain's PackageDescription, a fragment as a `Package.Dependency`
/// when it starts with `.package(`, else as a `Target`.
@Suite("README snippets")
struct ReadmeSnippetTests {
  /// A fenced Swift block: its file (from the package root), its first line number and its text.
  struct Snippet: Sendable, CustomTestStringConvertible {
    var file: String
    var line: Int
    var text: String
    var testDescription: String { "\(file):\(line)" }
  }

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
    guard let text = try? String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8) else {
      return []
    }
    var snippets: [Snippet] = []
    var current: (line: Int, lines: [String])?
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if current == nil, line == "```swift" {
        current = (number + 2, [])
      } else if let block = current, line == "```" {
        snippets.append(Snippet(file: file, line: block.line, text: block.lines.joined(separator: "\n") + "\n"))
        current = nil
      } else if current != nil {
        current!.lines.append(String(line))
      }
    }
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

  /// `swiftc` beside the `swift` on PATH, and the toolchain folder it is in.
  static func compiler() throws -> (swiftc: String, toolchain: URL) {
    let found = try runProcess("/bin/sh", ["-c", "command -v swiftc"]).stdoutText
      .trimmingCharacters(in: .whitespacesAndNewlines)
    // Run by its own name (the driver takes its mode from it); the toolchain is where it links to.
    let resolved = URL(fileURLWithPath: found).resolvingSymlinksInPath()
    return (found, resolved.deletingLastPathComponent().deletingLastPathComponent())
  }

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
    let (swiftc, toolchain) = try Self.compiler()
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
