import PropertyList
import UTIPlatform

extension FreedesktopExport {
  /// A bundle's `InfoPlist.strings`, by language: what localises its Info.plist's user-visible
  /// values. As Launch Services reads it, a type's `UTTypeDescription` is localised by the entry
  /// whose key is the description itself (`"Sketch Drawing" = "Dessin Sketch";`).
  struct Localizations {
    /// Each language's strings (`fr`, `pt_BR`), from its `.lproj` folder.
    var strings: [String: PropertyList.Dictionary] = [:]

    /// The legacy folder names of Apple's first localisations, and their language codes.
    static let legacyNames = [
      "English": "en", "French": "fr", "German": "de", "Japanese": "ja", "Spanish": "es", "Italian": "it",
      "Dutch": "nl",
    ]

    /// The `*.lproj/InfoPlist.strings` beside the Info.plist at `path`: in `Contents/Resources`
    /// of a macOS bundle, beside it in an iOS bundle or a source folder. `Base.lproj` has no
    /// language; a file that cannot be read is left out with a warning.
    init(nextTo path: String, warnings: inout [Warning]) {
      var folders = [FileIO.directoryName(of: path)]
      if path.hasSuffix("/Contents/Info.plist") { folders.append(folders[0] + "/Resources") }
      for folder in folders where FileIO.isDirectory(folder) {
        for file in DirectoryWalk(under: folder, suffix: "InfoPlist.strings", depthLimit: 1).files {
          let lproj = FileIO.baseName(of: FileIO.directoryName(of: file))
          guard FileIO.baseName(of: file) == "InfoPlist.strings", lproj.hasSuffix(".lproj") else { continue }
          let name = String(lproj.dropLast(6))
          guard name != "Base" else { continue }
          do {
            let root = try PropertyList.parse(try FileIO.read(file)).root
            if let dictionary = root.dictionary { strings[Self.legacyNames[name] ?? name] = dictionary }
          } catch {
            warnings.append(Warning("\(file) is left out: \(error)"))
          }
        }
      }
    }

    /// `text` in every language that localises it, by language.
    func translations(of text: String) -> [String: String] {
      var found: [String: String] = [:]
      for (language, strings) in strings {
        if let translated = strings[text]?.string, translated != text { found[language] = translated }
      }
      return found
    }
  }
}
