import CSwiftUTIGTK
import Foundation

/// A plain GTK 4 drop target, without this package's models: a `GtkDropTargetAsync` that reads
/// the drop's `image/png` into memory (`gdk_drop_read_async`, spliced into a memory stream) and
/// finishes the drop, as an app written against GTK alone does. What gtkbench compares the
/// adapter with; it says "loaded image/png N" once the bytes are read.
@MainActor
enum PlainDropPeer {
  static func start(on widget: UnsafeMutablePointer<GtkWidget>) {
    let formats = "image/png".withCString { name -> OpaquePointer in
      var names: [UnsafePointer<CChar>?] = [name]
      return gdk_content_formats_new(&names, 1)
    }
    let target = gtk_drop_target_async_new(formats, GDK_ACTION_COPY)!
    let dropped: @convention(c) (OpaquePointer?, OpaquePointer?, Double, Double, gpointer?) -> gboolean = {
      _, drop, _, _, _ in
      "image/png".withCString { name in
        var names: [UnsafePointer<CChar>?] = [name, nil]
        gdk_drop_read_async(
          drop, &names, G_PRIORITY_DEFAULT, nil,
          { source, result, _ in
            let drop = OpaquePointer(source)
            guard let input = gdk_drop_read_finish(drop, result, nil, nil) else {
              gdk_drop_finish(drop, GdkDragAction(rawValue: 0))
              return say("loadFailed image/png")
            }
            let memory = g_memory_output_stream_new_resizable()!
            g_output_stream_splice_async(
              memory, input,
              GOutputStreamSpliceFlags(
                rawValue: G_OUTPUT_STREAM_SPLICE_CLOSE_SOURCE.rawValue | G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET.rawValue),
              G_PRIORITY_DEFAULT, nil,
              { stream, result, drop in
                let count = g_output_stream_splice_finish(
                  UnsafeMutableRawPointer(stream)?.assumingMemoryBound(to: GOutputStream.self), result, nil)
                gdk_drop_finish(OpaquePointer(drop), GDK_ACTION_COPY)
                g_object_unref(drop)
                g_object_unref(stream.map(UnsafeMutableRawPointer.init))
                say("loaded image/png", count)
              }, UnsafeMutableRawPointer(g_object_ref(UnsafeMutableRawPointer(drop))))
            g_object_unref(UnsafeMutableRawPointer(input))
          }, nil)
      }
      return 1
    }
    g_signal_connect_data(
      UnsafeMutableRawPointer(target), "drop", unsafeBitCast(dropped, to: GCallback.self), nil, nil,
      GConnectFlags(rawValue: 0))
    gtk_widget_add_controller(widget, target)
  }
}
