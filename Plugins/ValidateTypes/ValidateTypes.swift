import Foundation
import PackagePlugin

/// `swift package validate-types`: runs `utictl validate` on the type declarations of the
/// package's targets: each target's Info.plists and `exported-types.plist`s, checked together,
/// and its Swift sources for `UTType(exportedAs:)` and `UTType(importedAs:)`.
///
///     swift package validate-types [--target NAME ...] [--format clang|github|json|sarif|junit]
///                                  [--werror] [--disable RULE ...]
///
/// Exits non-zero when `utictl validate` finds errors (or warnings under `--werror`).
@main
struct ValidateTypes: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    let names = extractor.extractOption(named: "target")
    let format = extractor.extractOption(named: "format").last
    let werror = extractor.extractFlag(named: "werror") > 0
    let disabled = extractor.extractOption(named: "disable")
    guard extractor.remainingArguments.isEmpty else {
      throw Failure("unexpected arguments: \(extractor.remainingArguments.joined(separator: " "))")
    }
    let targets = names.isEmpty ? context.package.targets : try context.package.targets(named: names)
    var files: [String] = []
    var sources: [String] = []
    for target in targets {
      files += DeclarationFiles.find(in: target.directoryURL).map(\.path)
      if let module = target as? SourceModuleTarget, !module.sourceFiles(withSuffix: "swift").isEmpty {
        sources.append(target.directoryURL.path)
      }
    }
    guard !files.isEmpty else {
      print("validate-types: no Info.plist or exported-types.plist with type declarations in \(targets.map(\.name))")
      return
    }
    var arguments = ["validate"] + files + sources.flatMap { ["--sources", $0] }
    if let format { arguments += ["--format", format] }
    if werror { arguments.append("--werror") }
    for rule in disabled { arguments += ["--disable", rule] }
    let process = Process()
    process.executableURL = try context.tool(named: "utictl").url
    process.arguments = arguments
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure(
        "utictl validate found problems in the type declarations (exit status \(process.terminationStatus))")
    }
  }
}

struct Failure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
