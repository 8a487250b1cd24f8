import CSwiftUTIGTK
@_spi(Toolkit) import DesktopPasteboard
import Foundation

/// Reads what GDK holds for another application (a `GdkDrop`, a `GdkClipboard`), on GTK's
/// thread: one MIME type's bytes to their end, or the file list GTK makes of a file manager's
/// list or the file transfer portal's; each within the read's timeout.
@MainActor
enum GDKValueReader {
  /// What is read.
  enum Source {
    case drop(OpaquePointer)
    case clipboard(OpaquePointer)

    var object: UnsafeMutableRawPointer {
      switch self {
      case .drop(let drop): drop.raw
      case .clipboard(let clipboard): clipboard.raw
      }
    }
  }

  /// A read under way: its deadline and completion, kept by the pending call.
  @MainActor
  private final class Pending<Value> {
    let source: Source
    let owner: GObjectReference
    let deadline: InactivityDeadline
    let what: String
    let completion: (Result<Value, SystemPasteboardError>) -> Void
    init(
      _ source: Source, timeout: Duration, what: String,
      completion: @escaping (Result<Value, SystemPasteboardError>) -> Void
    ) {
      self.source = source
      owner = GObjectReference(retaining: source.object)
      deadline = InactivityDeadline(timeout)
      self.what = what
      self.completion = completion
    }
  }

  /// Reads `mimeType` from `source` to its end.
  static func read(
    _ mimeType: String, from source: Source, timeout: Duration,
    completion: @escaping (Result<Data, SystemPasteboardError>) -> Void
  ) {
    let pending = Pending(source, timeout: timeout, what: "reading \(mimeType)", completion: completion)
    pending.deadline.arm()
    let data = Unmanaged.passRetained(pending).toOpaque()
    let callback: GAsyncReadyCallback = { _, result, data in
      let pending = Unmanaged<Pending<Data>>.fromOpaque(data!).takeRetainedValue()
      MainActor.assumeIsolated { GDKValueReader.opened(pending, result) }
    }
    mimeType.withCString { name in
      var names: [UnsafePointer<CChar>?] = [name, nil]
      switch source {
      case .drop(let drop):
        gdk_drop_read_async(drop, &names, G_PRIORITY_DEFAULT, pending.deadline.pointer, callback, data)
      case .clipboard(let clipboard):
        gdk_clipboard_read_async(clipboard, &names, G_PRIORITY_DEFAULT, pending.deadline.pointer, callback, data)
      }
    }
  }

  /// The stream of a read is open (or the read failed): read it to its end.
  private static func opened(_ pending: Pending<Data>, _ result: OpaquePointer?) {
    pending.deadline.disarm()
    var error: UnsafeMutablePointer<GError>?
    let stream: UnsafeMutablePointer<GInputStream>?
    switch pending.source {
    case .drop(let drop): stream = gdk_drop_read_finish(drop, result, nil, &error)
    case .clipboard(let clipboard): stream = gdk_clipboard_read_finish(clipboard, result, nil, &error)
    }
    guard let stream else {
      return pending.completion(
        .failure(pasteboardError(error, timedOut: pending.deadline.passed, pending.what, code: .conversionRefused)))
    }
    defer { g_object_unref(stream) }
    StreamReader.readAll(stream, timeout: pending.deadline.timeout, what: pending.what, completion: pending.completion)
  }

  /// Reads the file list GTK makes of `source`'s formats (a `GdkFileList`): the files' URIs, or
  /// nil where it cannot be read (the source's other formats are read then).
  static func readFileList(of source: Source, timeout: Duration, completion: @escaping ([String]?) -> Void) {
    let pending = Pending<[String]>(source, timeout: timeout, what: "reading the file list") { result in
      completion(try? result.get())
    }
    pending.deadline.arm()
    let data = Unmanaged.passRetained(pending).toOpaque()
    let callback: GAsyncReadyCallback = { _, result, data in
      let pending = Unmanaged<Pending<[String]>>.fromOpaque(data!).takeRetainedValue()
      MainActor.assumeIsolated { GDKValueReader.listed(pending, result) }
    }
    switch source {
    case .drop(let drop):
      gdk_drop_read_value_async(
        drop, gdk_file_list_get_type(), G_PRIORITY_DEFAULT, pending.deadline.pointer, callback, data)
    case .clipboard(let clipboard):
      gdk_clipboard_read_value_async(
        clipboard, gdk_file_list_get_type(), G_PRIORITY_DEFAULT, pending.deadline.pointer, callback, data)
    }
  }

  /// The file list arrived (or did not): its URIs.
  private static func listed(_ pending: Pending<[String]>, _ result: OpaquePointer?) {
    pending.deadline.disarm()
    var error: UnsafeMutablePointer<GError>?
    let value: UnsafePointer<GValue>?
    switch pending.source {
    case .drop(let drop): value = gdk_drop_read_value_finish(drop, result, &error)
    case .clipboard(let clipboard): value = gdk_clipboard_read_value_finish(clipboard, result, &error)
    }
    guard let value, let list = g_value_get_boxed(value) else {
      return pending.completion(
        .failure(pasteboardError(error, timedOut: pending.deadline.passed, pending.what, code: .conversionRefused)))
    }
    pending.completion(.success(uris(of: OpaquePointer(list))))
  }

  /// The URIs of a `GdkFileList`'s files.
  static func uris(of list: OpaquePointer) -> [String] {
    let files = gdk_file_list_get_files(list)
    defer { g_slist_free(files) }
    var uris: [String] = []
    var node = files
    while let current = node {
      if let file = current.pointee.data, let uri = g_file_get_uri(OpaquePointer(file)) {
        uris.append(String(cString: uri))
        g_free(uri)
      }
      node = current.pointee.next
    }
    return uris
  }
}
