import Pasteboard
import TypeRegistry

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How `UTType`s become X11 selection targets and back.
///
/// Writing, for each representation in fidelity order: the type's declared MIME types; for text, X11's
/// conventions (`UTF8_STRING`, `text/plain;charset=utf-8`, `text/plain`, and `STRING`/`TEXT`
/// converted to Latin-1); for file URLs, `text/uri-list` and `x-special/gnome-copied-files`; a
/// type without a MIME type is offered under its identifier. Reading, each target of the owner
/// in its order: a MIME type through the registry (and the machine's MIME database), the X11
/// text names as text, anything else as a dynamic type carrying the target in the tag class
/// ``atomTagClass``.
enum SelectionTargets {
  /// The tag class of X11 atoms that name no MIME type (`dyn.` types of unknown targets).
  static let atomTagClass = UTTagClass(rawValue: "org.x.atom")

  /// The targets every owner answers, which carry no data of an item.
  static let meta: Set<String> = [
    "TARGETS", "TIMESTAMP", "MULTIPLE", "SAVE_TARGETS", "DELETE", "INSERT_SELECTION", "INSERT_PROPERTY",
  ]

  /// What a target serves: a representation's data, converted.
  struct Offer {
    enum Conversion { case none, latin1, uriList, gnomeCopiedFiles }
    var target: String
    var typeIdentifier: String
    var conversion: Conversion
  }

  /// The targets for `provider`'s representations, in fidelity order, each target once.
  static func offers(for provider: ItemProvider) -> [Offer] {
    var offers: [Offer] = []
    func add(_ target: String, _ type: UTType, _ conversion: Offer.Conversion = .none) {
      if !offers.contains(where: { $0.target == target }) {
        offers.append(Offer(target: target, typeIdentifier: type.identifier, conversion: conversion))
      }
    }
    for type in provider.registeredContentTypes {
      if type.conforms(to: .plainText) {
        add("UTF8_STRING", type)
        add("text/plain;charset=utf-8", type)
      }
      if type.conforms(to: .fileURL) {
        add("text/uri-list", type, .uriList)
        add("x-special/gnome-copied-files", type, .gnomeCopiedFiles)
      } else if type.conforms(to: .url) {
        add("text/uri-list", type, .uriList)
      }
      // Declared MIME types only: offering never waits for the machine's MIME database. The
      // shared registry's declaration wins over a snapshot the type was made from (a type made
      // before the app registered its declarations).
      let declared = type.isDeclared ? type : UTType(type.identifier).flatMap { $0.isDeclared ? $0 : nil } ?? type
      let mimeTypes = declared.declaredTags(.mimeType)
      for mimeType in mimeTypes { add(mimeType, type) }
      if type.conforms(to: .plainText) {
        add("text/plain", type)
        add("STRING", type, .latin1)
        add("TEXT", type, .latin1)
      }
      if mimeTypes.isEmpty && !type.conforms(to: .plainText) && !type.conforms(to: .url) { add(type.identifier, type) }
    }
    return offers
  }

  /// The type an owner's target stands for, or nil for the targets that carry no item data.
  static func type(ofTarget target: String, registry: UTTypeRegistry) -> UTType? {
    guard !meta.contains(target) else { return nil }
    switch target {
    case "UTF8_STRING", "text/plain;charset=utf-8", "text/plain;charset=UTF-8": return .utf8PlainText
    case "STRING", "TEXT", "text/plain": return .plainText
    case "COMPOUND_TEXT", "TEXT/PLAIN": return nil
    case "text/uri-list": return .url
    default: break
    }
    if target.contains("/") {
      let mimeType = String(target.prefix { $0 != ";" }).trimmingCharacters(in: .whitespaces)
      let parameters = target.dropFirst(mimeType.count).lowercased().replacingOccurrences(of: "\"", with: "")
      if mimeType.lowercased() == "text/plain" && parameters.contains("charset=utf-8") { return .utf8PlainText }
      if let declared = registry.preferredType(tag: mimeType, tagClass: .mimeType) { return declared }
      return registry.type(tag: mimeType, tagClass: .mimeType, conformingTo: .data)
    }
    if let declared = registry.type(withIdentifier: target), declared.isDeclared { return declared }
    return registry.type(tag: target, tagClass: atomTagClass, conformingTo: .data)
  }

  /// `data` converted for a target.
  static func convert(_ data: Data, _ conversion: Offer.Conversion) -> [UInt8] {
    switch conversion {
    case .none: return [UInt8](data)
    case .latin1:
      // ISO 8859-1: the code points below 256; others become '?', as Xlib's conversion does.
      return String(decoding: data, as: UTF8.self).unicodeScalars.map { $0.value < 256 ? UInt8($0.value) : 0x3F }
    case .uriList: return [UInt8](data) + (data.last == 0x0A ? [] : [0x0D, 0x0A])
    case .gnomeCopiedFiles: return Array("copy\n".utf8) + [UInt8](data)
    }
  }

  /// Data read from a target, made what the type says (Latin-1 `STRING` to UTF-8).
  static func received(_ bytes: [UInt8], target: String) -> Data {
    if target == "STRING" || target == "TEXT" {
      var text = String.UnicodeScalarView()
      for byte in bytes { text.append(Unicode.Scalar(byte)) }
      return Data(String(text).utf8)
    }
    return Data(bytes)
  }
}
