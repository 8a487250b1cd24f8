import CSwiftUTIGTK

/// A `GdkContentFormats` as Swift reads it: the MIME types a drop or a clipboard can be read
/// as (GTK's serializers included, so that a value GTK holds as a GType, a `GdkTexture` or a
/// string, is readable as the MIME types it serializes to), and whether it lists files.
struct GDKFormats {
  /// The MIME types, in the owner's order; for content of this process (a local drag, our own
  /// copy), then those GTK can serialize its GTypes to.
  let mimeTypes: [String]
  /// Whether GTK can read the formats as a `GdkFileList` (a file manager's list, the file
  /// transfer portal's, or our own drag's).
  let hasFiles: Bool

  /// The formats of `formats` (not consumed); `local` where the content is this process's,
  /// which GTK writes from its values (another application's formats are its MIME types alone:
  /// GTK adds the GTypes it could make of them, which are no MIME types the owner writes).
  init(_ formats: OpaquePointer, local: Bool) {
    let serializable =
      local
      ? gdk_content_formats_union_serialize_mime_types(gdk_content_formats_ref(formats))!
      : gdk_content_formats_ref(formats)!
    defer { gdk_content_formats_unref(serializable) }
    var count: gsize = 0
    var mimeTypes: [String] = []
    if let names = gdk_content_formats_get_mime_types(serializable, &count) {
      mimeTypes = (0..<Int(count)).compactMap { names[$0].map { String(cString: $0) } }
    }
    self.mimeTypes = mimeTypes
    let deserializable = gdk_content_formats_union_deserialize_gtypes(gdk_content_formats_ref(formats))!
    defer { gdk_content_formats_unref(deserializable) }
    hasFiles = gdk_content_formats_contain_gtype(deserializable, gdk_file_list_get_type()) != 0
  }

  /// New formats of `mimeTypes` and, with `files`, GTK's file list (with the MIME types GTK
  /// serializes it to: `text/uri-list`, `x-special/gnome-copied-files`, the file transfer
  /// portal's); the caller owns the result.
  ///
  /// GDK serves MIME types only (`gdk_intern_mime_type`: a type and a subtype): a format that is
  /// none (a type's identifier, offered where its type has no MIME type) would be listed and then
  /// refused, and is left out; the password-manager hint, which is none either, is listed, for
  /// the clipboard managers that look for it among the formats (GDK cannot write its content).
  static func make(mimeTypes: [String], files: Bool) -> OpaquePointer {
    let builder = gdk_content_formats_builder_new()!
    for mimeType in mimeTypes where gdk_intern_mime_type(mimeType) != nil || mimeType == passwordManagerHint {
      gdk_content_formats_builder_add_mime_type(builder, mimeType)
    }
    if files { gdk_content_formats_builder_add_gtype(builder, gdk_file_list_get_type()) }
    let formats = gdk_content_formats_builder_free_to_formats(builder)!
    return gdk_content_formats_union_serialize_mime_types(formats)!
  }

  /// KDE's format that marks a copy as a password, which clipboard managers do not keep.
  static let passwordManagerHint = "x-kde-passwordManagerHint"

  /// Whether `mimeType` is one of the MIME types GTK writes a file list as.
  static func isFileListFormat(_ mimeType: String) -> Bool {
    let list = make(mimeTypes: [], files: true)
    defer { gdk_content_formats_unref(list) }
    return gdk_content_formats_contain_mime_type(list, mimeType) != 0
  }
}
