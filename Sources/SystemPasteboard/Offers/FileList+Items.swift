import Foundation
import Pasteboard
import TypeRegistry
import UTIPlatform

extension FileList {
  /// The file's type: by name and content where it can be read, else by its name alone (a
  /// missing file still says what it was).
  static func type(ofFile path: String, registry: UTTypeRegistry) -> UTType {
    if let found = try? registry.identifyFile(atPath: path) { return found.type }
    return (try? registry.identifyFile(atPath: path, byContent: false))?.type ?? .data
  }

  /// One item provider per entry, as Finder's pasteboard items carry a file: a local file has
  /// `public.file-url` (its URL) and then the file's own type (identified by name and content),
  /// whose loads read the file (opened in place); any other URL is a `public.url` item.
  /// A file that is gone by the time it is loaded fails that load with a message naming it.
  /// `origin` is the application the items come from (nil: this one, as the clipboard's are).
  func itemProviders(registry: UTTypeRegistry, origin: AppIdentity? = nil) -> [ItemProvider] {
    entries.map { entry in
      let provider = origin.map(ItemProvider.init(origin:)) ?? ItemProvider()
      let url = Data(entry.url.utf8)
      switch entry {
      case .file(let path, _):
        provider.registerDataRepresentation(for: .fileURL) { completion in
          completion(url, nil)
          return nil
        }
        let type = Self.type(ofFile: path, registry: registry)
        provider.registerFileRepresentation(for: type, openInPlace: true) { completion in
          if case .missing = FileIO.kind(of: path, followingLinks: true) {
            completion(nil, false, FileListError(path: path))
            return nil
          }
          completion(URL(fileURLWithPath: path), true, nil)
          return nil
        }
      case .url:
        provider.registerDataRepresentation(for: .url) { completion in
          completion(url, nil)
          return nil
        }
      }
      return provider
    }
  }
}

/// A file another application put on a selection or drag that is not there when it is loaded.
struct FileListError: Error, CustomStringConvertible {
  var path: String
  var description: String { "the file \(path), which another application offered, does not exist" }
}
