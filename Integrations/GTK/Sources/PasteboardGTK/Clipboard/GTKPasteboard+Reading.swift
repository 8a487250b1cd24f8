import CSwiftUTIGTK
@_spi(Toolkit) import DesktopPasteboard
import Foundation
import Pasteboard
import TypeRegistry

extension GTKPasteboard {
  /// The owner's formats, each with the `UTType` it stands for, in the owner's order (the MIME
  /// types GTK can write its own values as included). Empty when the selection is empty.
  ///
  /// - Returns: The pairs of type and format.
  public func targets() -> [(type: UTType, target: String)] {
    let registry = currentRegistry
    return GDKFormats(gdk_clipboard_get_formats(gdkClipboard), local: gdk_clipboard_is_local(gdkClipboard) != 0)
      .mimeTypes.compactMap { format in
        Toolkit.type(ofFormat: format, registry: registry).map { ($0, format) }
      }
  }

  /// The selection as item providers: each file of a file list an item of its own (its URL, and
  /// the file's type by the registry's declarations, then its content), then one provider whose
  /// types are the owner's other formats, each read only when loaded. Empty when the selection is.
  ///
  /// ```swift
  /// for provider in await GTKPasteboard.clipboard.itemProviders() {
  ///   print(provider.registeredContentTypes)
  /// }
  /// ```
  ///
  /// Apple's counterpart: `UIPasteboard.itemProviders`.
  ///
  /// - Returns: The providers.
  public func itemProviders() async -> [NSItemProvider] {
    let formats = GDKFormats(gdk_clipboard_get_formats(gdkClipboard), local: gdk_clipboard_is_local(gdkClipboard) != 0)
    guard !formats.mimeTypes.isEmpty else { return [] }
    let files = formats.hasFiles ? await fileList() : nil
    let (registry, timeout, clipboard) = (currentRegistry, self.timeout, self.clipboard)
    let read: Toolkit.Reader = { format, completion in
      GTKThread.run {
        GDKValueReader.read(format, from: .clipboard(clipboard.opaque), timeout: timeout) {
          completion($0.mapError { $0 })
        }
      }
    }
    return await withCheckedContinuation { continuation in
      let accepted = Toolkit.submit {
        continuation.resume(
          returning: Toolkit.items(
            formats: formats.mimeTypes, files: files, source: AppIdentity(bundleIdentifier: "another application"),
            registry: registry, read: read))
      }
      if !accepted { continuation.resume(returning: []) }
    }
  }

  /// The data of the owner's first format whose type conforms to `type`, with that type and
  /// format; nil when nothing conforms. Where the owner offers files, `public.file-url` (or
  /// `public.url`) gives their URLs, one a line, when no format of its own conforms.
  ///
  /// UTF-8 text is read whenever the owner offers it, before text of no stated charset, and
  /// text in another charset is converted to UTF-8, as `SystemPasteboard`'s reads do.
  ///
  /// ```swift
  /// if let (type, _, data) = try await GTKPasteboard.clipboard.data(conformingTo: .image) {
  ///   print(type.identifier, data.count)
  /// }
  /// ```
  ///
  /// - Parameter type: The type the data must conform to.
  /// - Returns: The type and format that matched, and the data; nil when nothing conforms.
  /// - Throws: `SystemPasteboardError`: `.timeout` when the owner sends nothing for the
  ///   timeout; `.conversionRefused` when it refuses the format or the copy changed meanwhile.
  public func data(conformingTo type: UTType) async throws(SystemPasteboardError) -> (
    type: UTType, target: String, data: Data
  )? {
    let formats = GDKFormats(gdk_clipboard_get_formats(gdkClipboard), local: gdk_clipboard_is_local(gdkClipboard) != 0)
    if let (found, format) = Toolkit.format(among: formats.mimeTypes, conformingTo: type, registry: currentRegistry) {
      return (found, format, Toolkit.decoded(try await read(format), format: format))
    }
    guard formats.hasFiles, UTType.fileURL.conforms(to: type), let uris = await fileList(), !uris.isEmpty else {
      return nil
    }
    return (.fileURL, "text/uri-list", Data(uris.map { $0 + "\n" }.joined().utf8))
  }

  /// The text on the selection, if any conforms to `public.plain-text`. Apple's counterpart:
  /// `UIPasteboard.string`.
  ///
  /// - Returns: The text, or nil.
  /// - Throws: `SystemPasteboardError` as ``data(conformingTo:)`` does.
  public func string() async throws(SystemPasteboardError) -> String? {
    try await data(conformingTo: .plainText).map { String(decoding: $0.data, as: UTF8.self) }
  }

  /// Reads `format` to its end.
  private func read(_ format: String) async throws(SystemPasteboardError) -> Data {
    let result = await withCheckedContinuation {
      (continuation: CheckedContinuation<Result<Data, SystemPasteboardError>, Never>) in
      GDKValueReader.read(format, from: .clipboard(gdkClipboard), timeout: timeout) {
        continuation.resume(returning: $0)
      }
    }
    return try result.get()
  }

  /// The URIs of the owner's file list, or nil where it cannot be read.
  private func fileList() async -> [String]? {
    await withCheckedContinuation { continuation in
      GDKValueReader.readFileList(of: .clipboard(gdkClipboard), timeout: timeout) { continuation.resume(returning: $0) }
    }
  }
}
