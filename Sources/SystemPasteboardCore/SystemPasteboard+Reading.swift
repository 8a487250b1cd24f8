import TypeRegistry
import UTIPlatform

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SystemPasteboard {
  /// The registry that maps targets to types: the one given at creation, else the shared
  /// registry as it is now.
  var currentRegistry: UTTypeRegistry { registry ?? UTTypeRegistry.shared.current }

  /// The owner's targets, in its order, each with the `UTType` it stands for (targets that carry
  /// no item data, such as `TARGETS`, left out).
  /// - Throws: ``SystemPasteboardError``: `.noOwner` when nothing owns the selection.
  /// - Returns: The pairs of type and target, without duplicates of a target.
  public func targets() throws(SystemPasteboardError) -> [(type: UTType, target: String)] {
    try typedTargets(withSource { source throws(SystemPasteboardError) in try source.targets() })
  }

  /// The owner's targets as ``targets()`` gives them, then what a read by conformance can get
  /// from the files of the owner's file list (`text/uri-list`, `x-special/gnome-copied-files`)
  /// that no target already gives: `public.file-url` for its local files and each file's own
  /// type (by name and content), each with the list's target. This is what
  /// ``data(conformingTo:limit:)`` and `utictl paste --type` can get.
  /// - Throws: ``SystemPasteboardError``: `.noOwner` when nothing owns the selection.
  /// - Returns: The owner's pairs, and the file list's.
  package func targetsAndFileTypes() throws(SystemPasteboardError) -> (
    targets: [(type: UTType, target: String)], files: [(type: UTType, target: String)]
  ) {
    let (targets, list) = try withSource { source throws(SystemPasteboardError) in
      let targets = try source.targets()
      return (targets, try fileList(targets, source: source))
    }
    let typed = typedTargets(targets)
    guard let list, let target = targets.first(where: FileList.isFileListTarget) else { return (typed, []) }
    let paths = list.paths
    let registry = currentRegistry
    var files: [(type: UTType, target: String)] = []
    for type in (paths.isEmpty ? [] : [UTType.fileURL]) + paths.map({ FileList.type(ofFile: $0, registry: registry) })
    where !typed.contains(where: { $0.type == type }) && !files.contains(where: { $0.type == type }) {
      files.append((type, target))
    }
    return (typed, files)
  }

  /// The text encodings a read converts to from `targets` (the owner's, as ``targets()`` gives
  /// them): each type of ``TextConversion/Encoding`` that no target conforms to, with the
  /// target it is converted from.
  package static func conversions(from targets: [(type: UTType, target: String)]) -> [(
    type: UTType, target: String
  )] {
    guard let source = TextConversion.source(among: targets) else { return [] }
    return TextConversion.Encoding.allCases.map(\.type).filter { type in
      !targets.contains { $0.type.conforms(to: type) }
    }.map { ($0, source) }
  }

  /// Whether ``changes`` hears other applications' copies: on X11 (XFIXES) and Wayland with
  /// data-control or a window of the application's own; not through the focused window of
  /// one pixel a compositor without data-control needs, which hears only this process's copies.
  /// - Throws: ``SystemPasteboardError`` when there is no desktop.
  package func hearsOtherApplications() throws(SystemPasteboardError) -> Bool {
    try connected().capabilities.contains(.hearsOtherApplications)
  }

  /// Runs `body` with what reads this pasteboard's selection, then tells it the read is over.
  private func withSource<T>(_ body: (any SelectionSource) throws(SystemPasteboardError) -> T)
    throws(SystemPasteboardError) -> T
  {
    let source = try connected()
    defer { source.finishReading() }
    return try body(source)
  }

  func typedTargets(_ targets: [String], conformingTo needed: UTType? = nil) -> [(type: UTType, target: String)] {
    let registry = currentRegistry
    return targets.compactMap { target in
      SelectionTargets.type(ofTarget: target, registry: registry, conformingTo: needed).map { ($0, target) }
    }
  }

  /// The selection as items whose representations are the owner's targets as `UTType`s, in the
  /// owner's order; each load converts the selection then. Empty
  /// when nothing owns the selection. Apple's counterpart: `NSPasteboard.pasteboardItems`.
  ///
  /// Files are files: where the owner offers a file list (`x-special/gnome-copied-files` or
  /// `text/uri-list`, as file managers copy), each file is an item of its own with
  /// `public.file-url` and then the file's type (by name and content), whose loads read the
  /// file; other URLs in the list are `public.url` items. The owner's remaining targets (the
  /// paths as text, say) follow as one more item. A list of one URL that is no file (a link a
  /// browser copies with its text) is not split off: it is the owner's one item's `public.url`.
  /// - Returns: The items, in the owner's order.
  /// - Throws: ``SystemPasteboardError`` when there is no display or the owner does not answer.
  public func items() throws(SystemPasteboardError) -> [Item] {
    let targets: [String]
    let files: FileList?
    do {
      (targets, files) = try withSource { source throws(SystemPasteboardError) in
        let targets = try source.targets()
        return (targets, try fileList(targets, source: source))
      }
    } catch  where error.code == .noOwner {
      return []
    }
    var items: [Item] = []
    // One link that is no file (a browser's, an app's bookmark) belongs to the owner's one item.
    if let files, !files.isOneLink { items = files.items(registry: currentRegistry) }
    var rest = Item()
    for (type, target) in typedTargets(targets) where !(!items.isEmpty && FileList.isFileListTarget(target)) {
      guard rest.representation(of: type) == nil else { continue }
      rest.register(type) { [self] () throws(SystemPasteboardError) -> [UInt8] in [UInt8](try data(forTarget: target)) }
    }
    if !rest.representations.isEmpty { items.append(rest) }
    return items
  }

  /// The owner's file list, read from the first file-list target it offers; nil when it offers
  /// none, or the list has no entries.
  func fileList(_ targets: [String], source: any SelectionSource) throws(SystemPasteboardError) -> FileList? {
    guard let target = targets.first(where: FileList.isFileListTarget) else { return nil }
    var data: [UInt8] = []
    try source.read(target) { chunk throws(SystemPasteboardError) in data += chunk }
    let list = FileList(data, target: target)
    return list.entries.isEmpty ? nil : list
  }

  /// The data of the owner's first target whose type conforms to `type`, with that type and
  /// target, on one connection; nil when nothing conforms. The data is held whole: for data of
  /// any size, ``write(conformingTo:to:)`` streams it instead.
  ///
  /// Where the owner offers a file list: `public.file-url` (or `public.url`) gives the URLs, one
  /// a line; a type the files conform to gives the first such file's bytes (the target is then
  /// the list's); the owner's other targets are tried first, in its order.
  ///
  /// Text is read from a UTF-8 target (`UTF8_STRING`, `text/plain;charset=utf-8`) whenever the
  /// owner offers one, even when it lists `TEXT`, `STRING` or `text/plain` first, as GNOME's
  /// mutter does; those are read only where nothing else is offered, and decoded as their
  /// conventions say (`STRING` is Latin-1; `TEXT` is UTF-8 when it is valid UTF-8, else Latin-1).
  ///
  /// ```swift
  /// let image = try SystemPasteboard.clipboard.data(conformingTo: .image)   // image/png from GTK
  /// ```
  /// - Parameters:
  ///   - type: The type the data must conform to.
  ///   - limit: The most bytes accepted (nil: no limit); more is refused with `.tooLarge`.
  /// - Returns: The type and target that matched, and the data; nil when nothing conforms.
  /// - Throws: ``SystemPasteboardError``: `.noOwner` when nothing owns the selection;
  ///   `.fileUnreadable` when a file the owner listed cannot be read; `.tooLarge` past `limit`.
  public func data(conformingTo type: UTType, limit: Int? = nil) throws(SystemPasteboardError) -> (
    type: UTType, target: String, data: Data
  )? {
    var bytes: [UInt8] = []
    let found = try read(conformingTo: type) { chunk throws(SystemPasteboardError) in
      if let limit, bytes.count + chunk.count > limit {
        throw SystemPasteboardError(
          .tooLarge, "the \(type.identifier) on the \(selection.rawValue) selection is larger than \(limit) bytes")
      }
      bytes += chunk
    }
    return found.map { ($0.type, $0.target, Data(bytes)) }
  }

  /// Writes the data of the owner's first target whose type conforms to `type` to the file
  /// descriptor `fd` as it arrives, a chunk at a time, so that memory stays flat for any size
  /// (the targets are chosen as ``data(conformingTo:limit:)`` chooses them).
  ///
  /// ```swift
  /// let pasted = try SystemPasteboard.clipboard.write(conformingTo: .data, to: STDOUT_FILENO)
  /// ```
  /// - Parameters:
  ///   - type: The type the data must conform to.
  ///   - fd: An open descriptor; it is written to, never closed.
  /// - Returns: The type and target that matched; nil when nothing conforms (nothing is written).
  /// - Throws: ``SystemPasteboardError``: as ``data(conformingTo:limit:)`` does, and
  ///   `.writeFailed` when writing to `fd` fails (the transfer then stops).
  @discardableResult
  public func write(conformingTo type: UTType, to fd: Int32) throws(SystemPasteboardError) -> (
    type: UTType, target: String
  )? {
    try read(conformingTo: type) { chunk throws(SystemPasteboardError) in
      do {
        try FileIO.writeAll(fd: fd, chunk, path: "descriptor \(fd)")
      } catch {
        throw SystemPasteboardError(.writeFailed, "writing the pasted data failed: \(error)")
      }
    }
  }

  /// The data of the owner's first target whose type conforms to `type`, handed to `sink` as it
  /// arrives; the type and target, or nil when nothing conforms.
  package func read(
    conformingTo type: UTType, into sink: ([UInt8]) throws(SystemPasteboardError) -> Void
  ) throws(SystemPasteboardError) -> (type: UTType, target: String)? {
    try withSource { source throws(SystemPasteboardError) in try read(conformingTo: type, from: source, into: sink) }
  }

  private func read(
    conformingTo type: UTType, from reader: any SelectionSource,
    into sink: ([UInt8]) throws(SystemPasteboardError) -> Void
  ) throws(SystemPasteboardError) -> (type: UTType, target: String)? {
    // TARGETS first, always: an owner asked for a target it lacks may answer with other data
    // (xclip -t image/png gives its PNG for UTF8_STRING), so only its own list says what it has.
    let targets = try reader.targets()
    let candidates = typedTargets(targets, conformingTo: type).filter {
      !FileList.isFileListTarget($0.target) && $0.type.conforms(to: type)
    }
    if let (targetType, target) = SelectionTargets.preferred(candidates) {
      var decoder = CharsetDecoder(target: target)
      try reader.read(target) { chunk throws(SystemPasteboardError) in try sink(decoder?.decode(chunk) ?? chunk) }
      if let last = decoder?.finish(), !last.isEmpty { try sink(last) }
      return (targetType, target)
    }
    // Text in an encoding the owner does not offer, converted from the text it does.
    if let encoding = TextConversion.Encoding(type),
      let target = TextConversion.source(among: typedTargets(targets, conformingTo: .text))
    {
      var conversion = TextConversion(to: encoding)
      var decoder = CharsetDecoder(target: target)
      try reader.read(target) { chunk throws(SystemPasteboardError) in
        try sink(conversion.convert(decoder?.decode(chunk) ?? chunk))
      }
      try sink(conversion.convert(decoder?.finish() ?? []) + conversion.finish())
      return (type, target)
    }
    guard let files = try fileList(targets, source: reader) else { return nil }
    let target = targets.first(where: FileList.isFileListTarget)!
    if UTType.fileURL.conforms(to: type) {
      let fileURLs = files.entries.filter { entry in
        if case .file = entry { return true }
        return false
      }
      let urls = type.conforms(to: .fileURL) ? FileList(entries: fileURLs) : files
      guard !urls.entries.isEmpty else { return nil }
      try sink(urls.lines)
      return (.fileURL, target)
    }
    let registry = currentRegistry
    for path in files.paths {
      let fileType = FileList.type(ofFile: path, registry: registry)
      guard fileType.conforms(to: type) else { continue }
      try Payload(contentsOfFile: path).forEachChunk(of: 1 << 20, sink)
      return (fileType, target)
    }
    return nil
  }

  /// The owner's data for one target (text in another charset, such as Latin-1 `STRING` or
  /// `text/plain;charset=utf-16`, converted to UTF-8).
  ///
  /// - Parameter target: A target the owner offers, such as `image/png` (see ``targets()``).
  /// - Returns: The data, whole.
  /// - Throws: ``SystemPasteboardError``: `.noOwner` when nothing owns the selection, `.conversionRefused`
  ///   when the owner does not convert to `target`, `.timeout` when it stalls.
  public func data(forTarget target: String) throws(SystemPasteboardError) -> Data {
    var bytes: [UInt8] = []
    try withSource { source throws(SystemPasteboardError) in
      try source.read(target) { chunk throws(SystemPasteboardError) in bytes += chunk }
    }
    return SelectionTargets.received(bytes, target: target)
  }
}
