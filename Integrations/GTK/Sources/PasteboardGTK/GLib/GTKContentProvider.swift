import CSwiftUTIGTK
@_spi(Toolkit) import DesktopPasteboard
import Pasteboard

/// A `GdkContentProvider` of our own (a GObject subclass registered from Swift) that offers item
/// providers lazily: every type they register is in its formats, and each is made and written
/// only when a reader asks for it (`write_mime_type_async`), off GTK's thread where making it may
/// wait; files are offered as GTK's own `GdkFileList`, which GTK writes as `text/uri-list`,
/// `x-special/gnome-copied-files` and, for sandboxed readers, through the file transfer portal,
/// a promised file written only then. GTK's stock providers (`gdk_content_provider_new_for_bytes`)
/// hold every type's bytes from the start.
enum GTKContentProvider {
  /// What one provider offers, kept on the GObject.
  final class Content: @unchecked Sendable {
    // Sendable: `let`s of `Sendable` values, and `droppedInApplication` and `refusesPastes`, which only
    // GTK's main thread touches (GTK calls the provider there).
    let offers: ToolkitOffers
    /// The drag it carries, for a drop in the same application.
    let session: DragSession?
    let sensitive: Bool
    let timeout: Duration
    /// Told of each format written to a reader's end (a paste served), on GTK's thread.
    let served: (@MainActor (String) -> Void)?
    /// Whether a drop target of this module in this process took the drag (set on GTK's thread).
    nonisolated(unsafe) var droppedInApplication = false
    /// Whether the copy's paste limit is reached: every later request is refused, while the copy
    /// waits to leave the selection (set on GTK's thread).
    nonisolated(unsafe) var refusesPastes = false

    init(
      offers: ToolkitOffers, session: DragSession? = nil, sensitive: Bool = false, timeout: Duration,
      served: (@MainActor (String) -> Void)? = nil
    ) {
      self.offers = offers
      self.session = session
      self.sensitive = sensitive
      self.timeout = timeout
      self.served = served
    }
  }

  /// The key of a provider's ``Content``.
  private static let key = g_quark_from_static_string("swift-uti-content")

  /// The class's parent (GdkContentProvider's), for what it does itself.
  nonisolated(unsafe) private static var parent: UnsafeMutablePointer<GdkContentProviderClass>?

  /// The GType, registered at first use.
  static let type: GType = {
    let parentType = gdk_content_provider_get_type()
    var query = GTypeQuery()
    g_type_query(parentType, &query)
    var info = GTypeInfo()
    info.class_size = guint16(query.class_size)
    info.instance_size = guint16(query.instance_size)
    info.class_init = { klass, _ in
      let methods = klass!.assumingMemoryBound(to: GdkContentProviderClass.self)
      GTKContentProvider.parent = g_type_class_peek_parent(klass)?.assumingMemoryBound(to: GdkContentProviderClass.self)
      methods.pointee.ref_formats = { provider in GTKContentProvider.formats(of: provider, storable: false) }
      methods.pointee.ref_storable_formats = { provider in GTKContentProvider.formats(of: provider, storable: true) }
      methods.pointee.write_mime_type_async = { provider, mimeType, stream, _, cancellable, callback, data in
        let task = GObjectReference(
          adopting: g_task_new(provider.map(UnsafeMutableRawPointer.init), cancellable, callback, data)!.raw)
        let request = GTKContentProvider.Request(
          mimeType: String(cString: mimeType!),
          provider: GObjectReference(retaining: UnsafeMutableRawPointer(provider!)),
          stream: GObjectReference(retaining: UnsafeMutableRawPointer(stream!)),
          cancellable: cancellable.map { GObjectReference(retaining: UnsafeMutableRawPointer($0)) }, task: task)
        MainActor.assumeIsolated { GTKContentProvider.write(request) }
      }
      methods.pointee.write_mime_type_finish = { _, result, error in
        g_task_propagate_boolean(result, error)
      }
      methods.pointee.get_value = { provider, value, error in
        GTKContentProvider.value(of: provider!, into: value!, error)
      }
    }
    return g_type_register_static(parentType, "SwiftUTIContentProvider", &info, GTypeFlags(rawValue: 0))
  }()

  /// A new provider of `content` (the caller owns the reference).
  static func make(_ content: Content) -> UnsafeMutablePointer<GdkContentProvider> {
    let object = g_object_new_with_properties(type, 0, nil, nil)!
    g_object_set_qdata_full(
      object, key, Unmanaged.passRetained(content).toOpaque(), { Unmanaged<Content>.fromOpaque($0!).release() })
    return UnsafeMutableRawPointer(object).assumingMemoryBound(to: GdkContentProvider.self)
  }

  /// The content of `provider`, where it is one of ours.
  static func content(of provider: UnsafeMutableRawPointer?) -> Content? {
    guard let provider, g_type_check_instance_is_a(provider.assumingMemoryBound(to: GTypeInstance.self), type) != 0,
      let data = g_object_get_qdata(provider.assumingMemoryBound(to: GObject.self), key)
    else { return nil }
    return Unmanaged<Content>.fromOpaque(data).takeUnretainedValue()
  }

  /// The content of ours behind `drop`, where the drop is a drag one of our drag sources started
  /// in this process.
  static func content(dragging drop: OpaquePointer) -> Content? {
    guard let drag = gdk_drop_get_drag(drop) else { return nil }
    return content(of: gdk_drag_get_content(drag).map(UnsafeMutableRawPointer.init))
  }

  /// `ref_formats` and `ref_storable_formats`: every format offered; a sensitive copy's are not
  /// for clipboard managers to keep.
  private static func formats(
    of provider: UnsafeMutablePointer<GdkContentProvider>?, storable: Bool
  ) -> OpaquePointer? {
    guard let content = content(of: provider.map(UnsafeMutableRawPointer.init)) else {
      return gdk_content_formats_new(nil, 0)
    }
    if storable && content.sensitive { return gdk_content_formats_new(nil, 0) }
    return GDKFormats.make(mimeTypes: content.offers.formats, files: content.offers.offersFiles)
  }

  /// `get_value`: GTK's file list for a reader in this process, where the files are at hand
  /// (not a promise, which is written only for a reader of its URL or bytes).
  private static func value(
    of provider: UnsafeMutablePointer<GdkContentProvider>, into value: UnsafeMutablePointer<GValue>,
    _ error: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?
  ) -> gboolean {
    if let content = content(of: UnsafeMutableRawPointer(provider)), content.offers.offersFiles,
      value.pointee.g_type == gdk_file_list_get_type(), !content.offers.promisesFiles,
      let paths = try? content.offers.filePaths()
    {
      g_value_take_boxed(value, UnsafeRawPointer(fileList(paths)))
      return 1
    }
    return parent?.pointee.get_value?(provider, value, error) ?? 0
  }

  /// A new `GdkFileList` of `paths`.
  static func fileList(_ paths: [String]) -> OpaquePointer {
    var files = paths.map { g_file_new_for_path($0) }
    defer { for file in files { g_object_unref(file.map(UnsafeMutableRawPointer.init)) } }
    return gdk_file_list_new_from_array(&files, gsize(files.count))
  }
}
