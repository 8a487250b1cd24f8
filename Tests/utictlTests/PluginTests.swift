import Foundation
import TestSupport
import Testing

/// The SwiftPM plugins as a user meets them: a throwaway client package depends on this one
/// **by version** (a local Git repository of this package, tagged 1.0.0, `from: "1.0.0"`), with a
/// broken Info.plist: `swift package validate-types` and `swift build` (the build-tool plugin)
/// both fail with the located diagnostic; fixed, both pass.
///
/// Slow (the client builds `utictl` from source): it runs in the main test pass and is skipped,
/// visibly, when `SWIFT_UTI_SKIP_PLUGIN_TEST` is set (CI's ThreadSanitizer pass, which builds
/// nothing the plugins use).
@Suite("SwiftPM plugins in a client package")
struct PluginTests {
  static let brokenInfoPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    \t<key>CFBundleIdentifier</key>
    \t<string>com.example.client</string>
    \t<key>UTExportedTypeDeclarations</key>
    \t<array>
    \t\t<dict>
    \t\t\t<key>UTTypeIdentifier</key>
    \t\t\t<string>com.example.client.doc</string>
    \t\t\t<key>UTTypeDescription</key>
    \t\t\t<string>Client document</string>
    \t\t\t<key>UTTypeConformsTo</key>
    \t\t\t<array><string>public.dta</string></array>
    \t\t</dict>
    \t</array>
    </dict>
    </plist>

    """

  static let diagnostic =
    "Sources/App/Info.plist:14:11: error: 'public.dta' in UTTypeConformsTo of 'com.example.client.doc' is declared nowhere; did you mean 'public.data'? [unknown-supertype]"

  @Test(
    .timeLimit(.minutes(20)),
    .disabled(
      if: ProcessInfo.processInfo.environment["SWIFT_UTI_SKIP_PLUGIN_TEST"] != nil,
      "SWIFT_UTI_SKIP_PLUGIN_TEST is set (the ThreadSanitizer pass runs it in the plain pass only)"))
  func theCommandAndTheBuildFailOnABrokenDeclarationAndPassOnceFixed() throws {
    let swift = try Peers.executable("swift").orSkip()
    let git = try Peers.executable("git", package: "git").orSkip()
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("uti-plugins-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: work) }
    // This package as a Git repository with a version tag (its identity: swift-uti).
    let repository = work.appendingPathComponent("swift-uti")
    try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
    for item in ["Package.swift", "Sources", "Plugins", "Resources", "Tests", "Benchmarks", "Examples"] {
      try FileManager.default.copyItem(
        at: packageRoot.appendingPathComponent(item), to: repository.appendingPathComponent(item))
    }
    for arguments in [
      ["init", "-q"], ["add", "-A"],
      ["-c", "user.name=test", "-c", "user.email=test@example.com", "commit", "-qm", "1.0.0"],
      ["tag", "1.0.0"],
    ] {
      let run = try runProcess(git, ["-C", repository.path] + arguments)
      try #require(run.status == 0, "git \(arguments): \(run.stderrText)")
    }
    // The client: one executable target with an Info.plist, applying the build-tool plugin.
    let client = work.appendingPathComponent("client")
    let sources = client.appendingPathComponent("Sources/App")
    try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
    try Data(
      """
      // swift-tools-version: 6.2
      import PackageDescription

      let package = Package(
        name: "client",
        dependencies: [.package(url: "\(repository.absoluteString)", from: "1.0.0")],
        targets: [
          .executableTarget(
            name: "App", exclude: ["Info.plist"],
            plugins: [.plugin(name: "ValidateTypesBuildTool", package: "swift-uti")])
        ]
      )

      """.utf8
    ).write(to: client.appendingPathComponent("Package.swift"))
    try Data("print(\"hello\")\n".utf8).write(to: sources.appendingPathComponent("main.swift"))
    let infoPlist = sources.appendingPathComponent("Info.plist")
    try Data(Self.brokenInfoPlist.utf8).write(to: infoPlist)

    func swiftRun(_ arguments: [String]) throws -> ProcessResult {
      try runProcess("/bin/sh", ["-c", "cd '\(client.path)' && '\(swift)' \(arguments.joined(separator: " ")) 2>&1"])
    }
    let command = try swiftRun(["package", "validate-types"])
    #expect(command.status != 0)
    #expect(command.stdoutText.contains(client.path + "/" + Self.diagnostic), "\(command.stdoutText.suffix(2000))")
    let build = try swiftRun(["build"])
    #expect(build.status != 0)
    #expect(build.stdoutText.contains(client.path + "/" + Self.diagnostic), "\(build.stdoutText.suffix(2000))")

    try Data(Self.brokenInfoPlist.replacingOccurrences(of: "public.dta", with: "public.data").utf8).write(to: infoPlist)
    let fixedCommand = try swiftRun(["package", "validate-types"])
    #expect(fixedCommand.status == 0, "\(fixedCommand.stdoutText.suffix(2000))")
    #expect(fixedCommand.stdoutText.contains("0 errors and 0 warnings in 1 file"))
    let fixedBuild = try swiftRun(["build"])
    #expect(fixedBuild.status == 0, "\(fixedBuild.stdoutText.suffix(2000))")
  }
}
