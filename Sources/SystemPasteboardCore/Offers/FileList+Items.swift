import TypeRegistry
import UTIPlatform

extension FileList {
  /// The file's type: by name and content where it can be read, else by its name alone (a
  /// missing file still says what it was).
  package static func type(ofFile path: String, registry: UTTypeRegistry) -> UTType {
    if let found = try? registry.identifyFile(atPath: path) { return found.type }
    return (try? registry.identifyFile(atPath: path, byContent: false))?.type ?? .data
  }

  /// One item per entry, as Finder's pasteboard items carry a file: a local file has
  /// `public.file-url` (its URL) and then the file's own type (identified by name and content),
  /// served from the file; any other URL is a `public.url` item. A file that is gone by the time
  /// it is loaded fails that load with a message naming it.
  package func items(registry: UTTypeRegistry) -> [SystemPasteboard.Item] {
    entries.map { entry in
      var item = SystemPasteboard.Item()
      let url = Array(entry.url.utf8)
      switch entry {
      case .file(let path, _):
        item.register(.fileURL, bytes: url)
        item.register(Self.type(ofFile: path, registry: registry), contentsOfFile: path)
      case .url:
        item.register(.url, bytes: url)
      }
      return item
    }
  }
}
