import Foundation
import PackagePlugin

/// A build-tool plugin: applied to a target, `swift build` runs `utictl validate` on the
/// target's type declarations (its Info.plists and `exported-types.plist`s, and its Swift
/// sources' `UTType(exportedAs:)`) and fails on errors, with diagnostics in clang's format
/// (`path:line:column: error: message [rule]`), which editors and Xcode show at the line.
///
///     .target(name: "App", plugins: [.plugin(name: "ValidateTypesBuildTool", package: "swift-uti")])
@main
struct ValidateTypesBuildTool: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    let files = DeclarationFiles.find(in: target.directoryURL)
    guard !files.isEmpty else { return [] }
    let swift = (target as? SourceModuleTarget)?.sourceFiles(withSuffix: "swift").map(\.url) ?? []
    // The command's output: a Swift file (a comment) that utictl writes only when the
    // declarations pass, so the target depends on the check and reruns it when they change.
    let stamp = context.pluginWorkDirectoryURL.appending(path: "ValidatedTypeDeclarations.swift")
    return [
      .buildCommand(
        displayName: "Validating the type declarations of \(target.name)",
        executable: try context.tool(named: "utictl").url,
        arguments: ["validate"] + files.map(\.path) + [
          "--sources", target.directoryURL.path, "--format", "clang", "--stamp", stamp.path,
        ],
        inputFiles: files + swift, outputFiles: [stamp])
    ]
  }
}
