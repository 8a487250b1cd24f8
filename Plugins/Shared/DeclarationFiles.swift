import Foundation

/// The property lists in a target's directory that declare types: `Info.plist`s,
/// `exported-types.plist`s, and any other `.plist` naming `UTExportedTypeDeclarations` or
/// `UTImportedTypeDeclarations`.
enum DeclarationFiles {
  static func find(in directory: URL) -> [URL] {
    guard
      let walk = FileManager.default.enumerator(
        at: directory, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
    else { return [] }
    var found: [URL] = []
    for case let url as URL in walk where url.pathExtension == "plist" || url.lastPathComponent.hasSuffix(".plist.in") {
      let name = url.lastPathComponent
      if name == "Info.plist" || name.hasSuffix("-Info.plist") || name == "exported-types.plist" {
        found.append(url)
      } else if let data = try? Data(contentsOf: url),
        data.range(of: Data("UTExportedTypeDeclarations".utf8)) != nil
          || data.range(of: Data("UTImportedTypeDeclarations".utf8)) != nil
      {
        found.append(url)
      }
    }
    return found.sorted { $0.path < $1.path }
  }
}
