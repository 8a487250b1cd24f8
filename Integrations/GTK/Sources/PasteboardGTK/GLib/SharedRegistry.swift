@_spi(Toolkit) import DesktopPasteboard
import TypeRegistry

/// The shared registry, read ahead.
enum SharedRegistry {
  /// Reads the machine's MIME database into the shared registry on the work pool, once, as a
  /// drop destination, a drag source or a pasteboard is made: a drag's offers map types to MIME
  /// types when it starts, inside GTK's drag gesture, and a first read of the database there
  /// (tens of milliseconds) made weston lose the drag; a drop's formats are mapped on GTK's thread.
  @MainActor
  static func warmUp() {
    guard !warmedUp else { return }
    warmedUp = true
    _ = Toolkit.submit { _ = UTType(mimeType: "application/octet-stream") }
  }

  @MainActor private static var warmedUp = false
}
