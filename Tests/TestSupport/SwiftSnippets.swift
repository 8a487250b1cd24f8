import Foundation
import Testing

/// A fenced Swift block of a Markdown file, which the documentation tests compile as written.
public struct SwiftSnippet: Sendable, CustomTestStringConvertible {
  /// The Markdown file, from its package's root.
  public var file: String
  /// The number of the block's first line.
  public var line: Int
  /// The block's text, ending in a line break.
  public var text: String

  /// A snippet of `file` whose `text` starts at `line`.
  public init(file: String, line: Int, text: String) {
    self.file = file
    self.line = line
    self.text = text
  }

  public var testDescription: String { "\(file):\(line)" }
}

/// The ```` ```swift ```` blocks of `file` (a path from `root`), in order; none where it cannot
/// be read.
public func swiftSnippets(in file: String, under root: URL) -> [SwiftSnippet] {
  guard let text = try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8) else { return [] }
  var snippets: [SwiftSnippet] = []
  var current: (line: Int, lines: [String])?
  for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
    if current == nil, line == "```swift" {
      current = (number + 2, [])
    } else if let block = current, line == "```" {
      snippets.append(SwiftSnippet(file: file, line: block.line, text: block.lines.joined(separator: "\n") + "\n"))
      current = nil
    } else if current != nil {
      current!.lines.append(String(line))
    }
  }
  return snippets
}

/// `swiftc` beside the `swift` on `PATH`, and the toolchain folder it is in (whose
/// `lib/swift/pm/ManifestAPI` type-checks manifests).
public func swiftCompiler() throws -> (swiftc: String, toolchain: URL) {
  let found = try runProcess("/bin/sh", ["-c", "command -v swiftc"]).stdoutText
    .trimmingCharacters(in: .whitespacesAndNewlines)
  // Run by its own name (the driver takes its mode from it); the toolchain is where it links to.
  let resolved = URL(fileURLWithPath: found).resolvingSymlinksInPath()
  return (found, resolved.deletingLastPathComponent().deletingLastPathComponent())
}
