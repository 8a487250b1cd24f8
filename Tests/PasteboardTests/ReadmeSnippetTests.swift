import Foundation
import TestSupport
import Testing

/// Every Swift snippet of the README compiles as written: a program (it starts with `import`)
/// is type-checked against the modules this test run built; a manifest fragment (anything else)
/// is type-checked as a `Target` against the toolchain's PackageDescription.
@Suite("README snippets")
struct ReadmeSnippetTests {
  /// A fenced Swift block of the README: its first line number and its text.
  struct Snippet: Sendable, CustomTestStringConvertible {
    var line: Int
    var text: String
    var testDescription: String { "README.md:\(line)" }
  }

  static let snippets: [Snippet] = {
    guard let readme = try? String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    else { return [] }
    var snippets: [Snippet] = []
    var current: (line: Int, lines: [String])?
    for (number, line) in readme.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if current == nil, line == "```swift" {
        current = (number + 2, [])
      } else if let block = current, line == "```" {
        snippets.append(Snippet(line: block.line, text: block.lines.joined(separator: "\n") + "\n"))
        current = nil
      } else if current != nil {
        current!.lines.append(String(line))
      }
    }
    return snippets
  }()

  /// `swiftc` beside the `swift` on PATH, and the toolchain folder it is in.
  static func compiler() throws -> (swiftc: String, toolchain: URL) {
    let found = try runProcess("/bin/sh", ["-c", "command -v swiftc"]).stdoutText
      .trimmingCharacters(in: .whitespacesAndNewlines)
    // Run by its own name (the driver takes its mode from it); the toolchain is where it links to.
    let resolved = URL(fileURLWithPath: found).resolvingSymlinksInPath()
    return (found, resolved.deletingLastPathComponent().deletingLastPathComponent())
  }

  @Test func theReadmeHasItsSnippets() {
    #expect(Self.snippets.count >= 8)
    #expect(Self.snippets.contains { $0.text.hasPrefix("import") })
    #expect(Self.snippets.contains { !$0.text.hasPrefix("import") })
  }

  @Test(arguments: snippets)
  func compilesAsWritten(_ snippet: Snippet) throws {
    let (swiftc, toolchain) = try Self.compiler()
    let directory = try makeTemporaryDirectory("readme-snippet")
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("main.swift")
    var arguments = ["-typecheck", file.path]
    if snippet.text.hasPrefix("import") {
      try Data(snippet.text.utf8).write(to: file)
      // The modules beside the test bundle, as `swift build` left them.
      let modules = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("Modules")
      arguments += ["-swift-version", "6", "-I", modules.path]
    } else {
      try Data(("import PackageDescription\nlet fragment: Target =\n" + snippet.text).utf8).write(to: file)
      let manifestAPI = toolchain.appendingPathComponent("lib/swift/pm/ManifestAPI")
      arguments += ["-swift-version", "6", "-I", manifestAPI.path, "-package-description-version", "6.0"]
    }
    let result = try runProcess(swiftc, arguments)
    let errors = result.stderrText.split(separator: "\n").filter { $0.contains("error:") }
    #expect(result.status == 0, "README.md:\(snippet.line): \(errors.joined(separator: "\n"))")
  }
}
