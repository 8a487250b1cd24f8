import TypeRegistry

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How `UTType`s become the targets a selection offers and back: X11 targets and Wayland MIME
/// types are the same strings (GTK offers `UTF8_STRING` and `STRING` on Wayland too), so every
/// backend shares this mapping.
///
/// Writing, for each representation in fidelity order: the type's declared MIME types; for text, X11's
/// conventions (`UTF8_STRING`, `text/plain;charset=utf-8`, `text/plain`, `STRING` converted to
/// Latin-1, and `TEXT` as UTF-8, an encoding ICCCM leaves to the owner); for file URLs, `text/uri-list` and `x-special/gnome-copied-files`; a
/// type without a MIME type is offered under its identifier. Reading, each target of the owner
/// in its order: a MIME type through the registry (and the machine's MIME database), the X11
/// text names as text, anything else as a dynamic type carrying the target in the tag class
/// ``atomTagClass``.
package enum SelectionTargets {
  /// The tag class of X11 atoms that name no MIME type (`dyn.` types of unknown targets).
  static let atomTagClass = UTTagClass(rawValue: "org.x.atom")

  /// The targets every owner answers, which carry no data of an item.
  package static let meta: Set<String> = [
    "TARGETS", "TIMESTAMP", "MULTIPLE", "SAVE_TARGETS", "DELETE", "INSERT_SELECTION", "INSERT_PROPERTY",
  ]

  /// The targets most owners offer (GTK's, Qt's, xclip's and ours for text, images and files),
  /// which a reader interns with its own atoms in one round trip, so that the names of an
  /// owner's `TARGETS` are usually known without asking the server.
  package static let common = [
    "TARGETS", "TIMESTAMP", "MULTIPLE", "SAVE_TARGETS", "UTF8_STRING", "STRING", "TEXT", "COMPOUND_TEXT",
    "text/plain", "text/plain;charset=utf-8", "text/html", "text/uri-list", "x-special/gnome-copied-files",
    "image/png",
  ]

  /// What a target serves: a representation's data, converted.
  package struct Offer: Sendable {
    package enum Conversion: Equatable, Sendable {
      case none, latin1
      /// The file URLs of every item, as one list in `format`.
      case fileList(FileListFormat)
      /// `secret`: the copy is a password (``passwordManagerHintTarget``).
      case passwordManagerHint
      /// The URL of the first item's promised file, written when asked for, as a list in `format`.
      case promisedFile(FileListFormat)
      /// The items' files (a promise written first) registered with the file transfer portal:
      /// its key, NUL-ended (``FileTransferPortal``).
      case portalTransfer
    }
    package var target: String
    package var typeIdentifier: String
    package var conversion: Conversion

    /// The offer's type: an identifier no declaration names (an app's own type, offered under its
    /// identifier) is still the item's type.
    package var type: UTType { UTType(typeIdentifier) ?? UTType(importedAs: typeIdentifier) }
  }

  /// How a list of files is written for a target.
  package enum FileListFormat: Equatable, Sendable {
    /// `text/uri-list`.
    case uriList
    /// `x-special/gnome-copied-files`, with the copy's operation.
    case gnomeCopiedFiles
    /// The paths as text, one a line (`UTF8_STRING`, `text/plain`), as file managers offer them.
    case paths
    /// The paths as Latin-1 text (`STRING`).
    case latin1Paths

    /// What the list is made of: a URI list holds any URLs (a browser's link too); the other
    /// formats name files only.
    var urlType: UTType { self == .uriList ? .url : .fileURL }
  }

  /// Whether `target` asks for text: X11's text targets (`UTF8_STRING`, `STRING`, `TEXT`,
  /// `COMPOUND_TEXT`, `C_STRING`) and every `text/*` MIME type, as GTK's text reading takes them.
  package static func isTextTarget(_ target: String) -> Bool {
    switch target {
    case "UTF8_STRING", "STRING", "TEXT", "COMPOUND_TEXT", "C_STRING": true
    default: target.utf8.count > 5 && target.lowercased().hasPrefix("text/")
    }
  }

  /// The most targets read from an owner's list (`TARGETS`, a drag's type list): 65,536, a
  /// 256 KB list; a longer one is read up to there and the rest is not asked for.
  package static let readLimit = 65_536

  /// The target that tells clipboard managers a copy is a password or a token (KDE's
  /// convention, which Klipper and CopyQ honour by not recording it); its content is `secret`.
  package static let passwordManagerHintTarget = "x-kde-passwordManagerHint"

  /// The targets for `providers`, in fidelity order, each target once: the first item's
  /// representations, where X11 selections hold one item, except for files: the file URLs of
  /// every item make one file list (`text/uri-list`, `x-special/gnome-copied-files`, and the
  /// paths as text when the first item has no text of its own), as file managers copy several
  /// files.
  ///
  /// Where the file transfer portal runs (`portal`; nil: ``FileTransferPortal/isRunning``, asked
  /// only when an item has a file), files and promised files are also offered as
  /// `application/vnd.portal.filetransfer`, after `text/uri-list`, as GTK 4 offers them to
  /// sandboxed targets. A `sensitive` copy also offers ``passwordManagerHintTarget``, last.
  package static func offers(
    for items: [SystemPasteboard.Item], sensitive: Bool = false, portal: Bool? = nil
  ) -> [Offer] {
    guard let item = items.first else { return [] }
    var offers: [Offer] = []
    func add(_ target: String, _ type: UTType, _ conversion: Offer.Conversion = .none) {
      if !offers.contains(where: { $0.target == target }) {
        offers.append(Offer(target: target, typeIdentifier: type.identifier, conversion: conversion))
      }
    }
    let hasText = item.types.contains { $0.conforms(to: .plainText) }
    var portalRuns: Bool { portal ?? FileTransferPortal.shared.isRunning }
    for representation in item.representations {
      let type = representation.type
      if case .promise = representation.source {
        addPromise(of: type, portal: portalRuns, add)
        continue
      }
      if type.conforms(to: .fileURL) {
        add(FileList.uriListTarget, type, .fileList(.uriList))
        if portalRuns { add(FileTransferPortal.mimeType, type, .portalTransfer) }
        add(FileList.gnomeCopiedFilesTarget, type, .fileList(.gnomeCopiedFiles))
        if !hasText {
          for target in ["UTF8_STRING", "text/plain;charset=utf-8", "text/plain"] {
            add(target, type, .fileList(.paths))
          }
          add("STRING", type, .fileList(.latin1Paths))
          add("TEXT", type, .fileList(.paths))
        }
        continue
      }
      if type.conforms(to: .plainText) {
        add("UTF8_STRING", type)
        add("text/plain;charset=utf-8", type)
      }
      if type.conforms(to: .url) { add(FileList.uriListTarget, type, .fileList(.uriList)) }
      // Declared MIME types only: offering never waits for the machine's MIME database. (A
      // `UTType(exportedAs:)` constant made before its app registered its declarations answers
      // from the shared registry's declaration by itself.)
      let mimeTypes = type.declaredTags(.mimeType)
      for mimeType in mimeTypes { add(mimeType, type) }
      if type.conforms(to: .plainText) {
        add("text/plain", type)
        add("STRING", type, .latin1)
        add("TEXT", type)
      }
      if mimeTypes.isEmpty && !type.conforms(to: .plainText) && !type.conforms(to: .url) { add(type.identifier, type) }
    }
    if sensitive {
      offers.append(Offer(target: passwordManagerHintTarget, typeIdentifier: "", conversion: .passwordManagerHint))
    }
    return offers
  }

  /// The targets of a promised file of `type`: its bytes under its MIME types (its identifier
  /// where it has none) and `application/octet-stream` (XdndDirectSave's fallback: the bytes as
  /// they would be written to disk), then its URL as file managers take a file
  /// (`text/uri-list`, with `portal` the file transfer portal's key,
  /// `x-special/gnome-copied-files`); each writes the file when asked for.
  private static func addPromise(of type: UTType, portal: Bool, _ add: (String, UTType, Offer.Conversion) -> Void) {
    let mimeTypes = type.declaredTags(.mimeType)
    for mimeType in mimeTypes { add(mimeType, type, .none) }
    if mimeTypes.isEmpty { add(type.identifier, type, .none) }
    add("application/octet-stream", type, .none)
    add(FileList.uriListTarget, type, .promisedFile(.uriList))
    if portal { add(FileTransferPortal.mimeType, type, .portalTransfer) }
    add(FileList.gnomeCopiedFilesTarget, type, .promisedFile(.gnomeCopiedFiles))
  }

  /// The type an owner's target stands for, or nil for the targets that carry no item data;
  /// with `needed`, nil too where that type could not conform to it: a target nothing declares
  /// is a dynamic type conforming to `public.data` alone, which is made only when it could
  /// (so that reading text from an owner of 60,000 targets encodes no 60,000 dynamic types);
  /// asked for a dynamic type, every target is typed.
  package static func type(ofTarget target: String, registry: UTTypeRegistry, conformingTo needed: UTType? = nil)
    -> UTType?
  {
    guard !meta.contains(target) else { return nil }
    switch target {
    case "UTF8_STRING", "text/plain;charset=utf-8", "text/plain;charset=UTF-8": return .utf8PlainText
    case "STRING", "TEXT", "text/plain": return .plainText
    case "COMPOUND_TEXT", "TEXT/PLAIN": return nil
    case "text/uri-list": return .url
    default: break
    }
    if target.contains("/") {
      let head = target.prefix { $0 != ";" }
      let mimeType = String(String(head.drop(while: \.isWhitespace).reversed()).drop(while: \.isWhitespace).reversed())
      let parameters = target.dropFirst(head.count).lowercased().filter { $0 != "\"" && $0 != " " }
      if mimeType.lowercased() == "text/plain" && parameters.contains("charset=utf-8") { return .utf8PlainText }
      if let declared = registry.preferredType(tag: mimeType, tagClass: .mimeType) { return declared }
      if let needed, !needed.isDynamic, !UTType.data.conforms(to: needed) { return nil }
      return registry.type(tag: mimeType, tagClass: .mimeType, conformingTo: .data)
    }
    if let declared = registry.type(withIdentifier: target), declared.isDeclared { return declared }
    if let needed, !needed.isDynamic, !UTType.data.conforms(to: needed) { return nil }
    return registry.type(tag: target, tagClass: atomTagClass, conformingTo: .data)
  }

  /// Of the targets that conform to what a reader asked for (in the owner's order), the one to
  /// read: the first, unless it is text of no stated charset (`TEXT`, `STRING`, `text/plain`)
  /// and a UTF-8 text target follows, which is read instead, whatever order the owner lists them
  /// in (GNOME's mutter lists `TEXT` first): the same text, without a lossy charset.
  package static func preferred(_ candidates: [(type: UTType, target: String)]) -> (type: UTType, target: String)? {
    guard let first = candidates.first else { return nil }
    if first.type == .plainText, !first.target.lowercased().contains("charset="),
      let utf8 = candidates.first(where: { $0.type == .utf8PlainText })
    {
      return utf8
    }
    return first
  }

  /// `data` converted for a target (file lists are made by ``fileList(_:format:operation:)``).
  static func convert(_ bytes: [UInt8], _ conversion: Offer.Conversion) -> [UInt8] {
    switch conversion {
    case .none, .fileList, .promisedFile, .portalTransfer: return bytes
    case .passwordManagerHint: return Array("secret".utf8)
    case .latin1: return latin1(bytes)
    }
  }

  /// ISO 8859-1: the code points below 256; others become '?', as Xlib's conversion does.
  static func latin1(_ utf8: [UInt8]) -> [UInt8] {
    // '?' for what Latin-1 lacks.
    let question = UInt8(ascii: "?")
    return String(decoding: utf8, as: UTF8.self).unicodeScalars.map { $0.value < 256 ? UInt8($0.value) : question }
  }

  /// The file list of the items' URLs (`urls`: each item's file-URL data), written in `format`.
  static func fileList(_ urls: [[UInt8]], format: FileListFormat, operation: FileList.Operation) -> [UInt8] {
    var entries: [FileList.Entry] = []
    for data in urls {
      // An item's URL data is one URL; a list (several lines) is taken as it is.
      entries += FileList(data, target: FileList.uriListTarget).entries
    }
    let list = FileList(entries: entries, operation: operation)
    switch format {
    case .uriList: return list.uriList
    case .gnomeCopiedFiles: return list.gnomeCopiedFiles
    case .paths: return list.text
    case .latin1Paths: return latin1(list.text)
    }
  }

  /// The bytes an offer serves from `items` (the first item's representation, or every item's
  /// file URLs as one list), converted; nil when the item lacks it or its load fails. File
  /// representations are served from the file, a chunk at a time. The load runs on the calling
  /// thread (the backend's), never on Swift's cooperative pool.
  package static func payload(
    for offer: Offer, items: [SystemPasteboard.Item], fileOperation: FileList.Operation
  ) -> Payload? {
    if offer.conversion == .passwordManagerHint { return Payload(convert([], .passwordManagerHint)) }
    guard let item = items.first else { return nil }
    if offer.conversion == .portalTransfer { return portalTransfer(of: items) }
    if case .fileList(let format) = offer.conversion {
      let urls = items.compactMap { item in try? item.load(conformingTo: format.urlType) }
      guard !urls.isEmpty else { return nil }
      return Payload(fileList(urls, format: format, operation: fileOperation))
    }
    guard let representation = item.representation(of: offer.type) else { return nil }
    if case .file(let path) = representation.source, offer.conversion == .none {
      return try? Payload(contentsOfFile: path)
    }
    if case .promise(let promise) = representation.source {
      guard let path = try? promise.fileInOwnFolder() else { return nil }
      guard case .promisedFile(let format) = offer.conversion else { return try? Payload(contentsOfFile: path) }
      return Payload(fileList([Array(FileList.fileURL(forPath: path).utf8)], format: format, operation: fileOperation))
    }
    guard let bytes = try? representation.load() else { return nil }
    return Payload(convert(bytes, offer.conversion))
  }

  /// The key of a file transfer of the items' files (a promise written first), NUL-ended as GTK
  /// writes it; nil when there are none or the portal refuses.
  static func portalTransfer(of items: [SystemPasteboard.Item], portal: FileTransferPortal = .shared) -> Payload? {
    var paths: [String] = []
    for item in items {
      if let promise = item.filePromise {
        guard let path = try? promise.fileInOwnFolder() else { return nil }
        paths.append(path)
      } else if let url = try? item.load(conformingTo: .fileURL) {
        paths += FileList(url, target: FileList.uriListTarget).paths
      }
    }
    guard !paths.isEmpty, let key = try? portal.transfer(paths) else { return nil }
    return Payload(Array(key.utf8) + [0])
  }

  /// Whether the payload of `offer` may wait to load: it runs code (a representation registered
  /// with a closure: an item provider, a lazy conversion) or reads a file, rather than taking
  /// bytes at hand. An owner answers such a request when the load is done, off its loop.
  package static func loadMayWait(for offer: Offer, items: [SystemPasteboard.Item]) -> Bool {
    switch offer.conversion {
    case .passwordManagerHint: return false
    case .portalTransfer: return true
    case .fileList(let format):
      return items.contains { $0.representation(conformingTo: format.urlType)?.loadMayWait ?? false }
    case .none, .latin1, .promisedFile:
      return items.first?.representation(of: offer.type)?.loadMayWait ?? false
    }
  }

  /// What answers a peer's request for a target (a Wayland `send`): the payload of the offer
  /// for that target, or nil when `offers` has none or its load fails.
  package static func server(
    for offers: [Offer], items: [SystemPasteboard.Item], fileOperation: FileList.Operation
  ) -> @Sendable (String) -> Payload? {
    { target in
      offers.first { $0.target == target }.flatMap { payload(for: $0, items: items, fileOperation: fileOperation) }
    }
  }

  /// Data read from a target, made what the type says (text in another charset to UTF-8).
  package static func received(_ bytes: [UInt8], target: String) -> Data {
    guard var decoder = CharsetDecoder(target: target) else { return Data(bytes) }
    return Data(decoder.decode(bytes) + decoder.finish())
  }

  /// Data read from a target, made what the type says: text in another charset to UTF-8, any
  /// other data as it is (not copied).
  package static func received(_ data: Data, target: String) -> Data {
    guard var decoder = CharsetDecoder(target: target) else { return data }
    return Data(decoder.decode([UInt8](data)) + decoder.finish())
  }
}
