import CSwiftUTIGTK
@_spi(Toolkit) import DesktopPasteboard
import Foundation
import Pasteboard

/// A widget that starts drags through GTK: a `GtkDragSource` on the widget whose drags carry
/// item providers, made by ``GTKWidget/dragSource(_:)``, ``GTKWidget/onDrag(_:)`` and
/// ``GTKWidget/draggable(_:)``.
///
/// When GTK's gesture starts a drag (the pointer pressed on the widget and moved past GTK's
/// threshold), the widget's closure makes a `DragSession` from the press location, or none.
/// Every type its items register is offered (GDK's formats: MIME types, and GTK's file list for
/// files and promised files), and each is made only when a target asks for it: a loader runs
/// once per type asked for, off GTK's thread; a promised file is written when a target reads its
/// URL (GTK hands it to a sandboxed target through the file transfer portal itself). The
/// session's `image` is the drag icon, its hot spot at the pointer. GDK has one set of actions
/// for every target: the drag offers what the session allows within the application and
/// outside it, and a target in another application that moves where the session allows only a
/// copy there is reported as a copy (the source keeps its data). Its `onEnded` hears `.copy`,
/// `.move` or `.cancel` once the target is done, on the main actor.
///
/// Apple's counterpart: SwiftUI's `onDrag(_:)` and `draggable(_:)`; AppKit's
/// `beginDraggingSession(with:event:source:)`.
@MainActor
public final class GTKDragSource {
  /// How long a target's read may go without taking data before it fails (default 5 s).
  public var timeout: Duration = .seconds(5)

  /// The `GtkDragSource` (a reference of ours: the widget holds its own).
  let controller: GObjectReference
  private let makeSession: @MainActor (CGPoint) -> DragSession?
  private var widget: UnsafeMutablePointer<GtkWidget>?
  private var handlers: [gulong] = []
  /// The drag under way: its session and content, and whether GTK cancelled it.
  private var current: (session: DragSession, content: GTKContentProvider.Content, cancelled: Bool)?

  /// Whether a drag this source started is under way.
  public var isDragging: Bool { current != nil }

  init(widget: GTKWidget, session: @escaping @MainActor (CGPoint) -> DragSession?) {
    makeSession = session
    SharedRegistry.warmUp()
    self.widget = widget.widget
    let source = gtk_drag_source_new()!
    controller = GObjectReference(retaining: source.raw)
    handlers = Self.connectSignals(controller.pointer, to: self)
    gtk_widget_add_controller(widget.widget, source)  // the widget takes the new reference
    g_object_weak_ref(
      widget.widget.withMemoryRebound(to: GObject.self, capacity: 1) { $0 },
      { data, _ in
        let source = Unmanaged<GTKDragSource>.fromOpaque(data!).takeUnretainedValue()
        MainActor.assumeIsolated { source.widgetGone() }
      }, Unmanaged.passUnretained(self).toOpaque())
  }

  /// Stops starting drags: the controller leaves the widget (a drag under way goes on).
  public func remove() {
    guard let widget else { return }
    g_object_weak_unref(
      widget.withMemoryRebound(to: GObject.self, capacity: 1) { $0 }, { _, _ in },
      Unmanaged.passUnretained(self).toOpaque())
    gtk_widget_remove_controller(widget, controller.opaque)
    widgetGone()
  }

  private func widgetGone() {
    widget = nil
    for handler in handlers { g_signal_handler_disconnect(controller.pointer, handler) }
    handlers = []
  }

  // MARK: GtkDragSource's signals

  /// `prepare`: the drag starts at (`x`, `y`); its content, or nil for no drag.
  func prepare(x: Double, y: Double) -> UnsafeMutablePointer<GdkContentProvider>? {
    guard let session = makeSession(CGPoint(x: x, y: y)) else { return nil }
    let content = GTKContentProvider.Content(offers: ToolkitOffers(session.items), session: session, timeout: timeout)
    current = (session, content, false)
    // GDK has one set of actions for every target: what the session allows in the application
    // and outside it (a move outside it, where only a copy is allowed, is reported as a copy).
    let actions = ToolkitActions(offering: session).union(ToolkitActions(allowing: session.allowedOperations))
    gtk_drag_source_set_actions(controller.opaque, actions.gdk)
    setIcon(session.image)
    return GTKContentProvider.make(content)
  }

  /// The session's image under the pointer, its hot spot there (set in `prepare`, before GTK
  /// makes the drag's icon).
  private func setIcon(_ image: DragImage?) {
    guard let image, let texture = GDKTexture.make(image) else { return }
    defer { g_object_unref(texture.raw) }
    gtk_drag_source_set_icon(
      controller.opaque, texture, Int32(image.hotSpot.x.rounded(.down)), Int32(image.hotSpot.y.rounded(.down)))
  }

  /// `drag-cancel`: no target took the drag, or it failed.
  func cancelled() { current?.cancelled = true }

  /// `drag-end`: the drag is over; its source hears what the target did.
  func ended(_ drag: OpaquePointer, deleteData: Bool) {
    guard let (session, content, cancelled) = current else { return }
    current = nil
    var actions = cancelled ? [] : ToolkitActions(gdk: gdk_drag_get_selected_action(drag))
    if deleteData && !cancelled { actions = .move }
    // Outside the application a move the session does not allow there leaves the source its data.
    if actions.contains(.move), !content.droppedInApplication, !session.operationsOutsideApp.contains(.move) {
      actions = .copy
    }
    Toolkit.end(session, with: actions)
  }

  /// Connects the controller's signals to `source`'s methods.
  private static func connectSignals(_ controller: UnsafeMutableRawPointer, to source: GTKDragSource) -> [gulong] {
    let prepare:
      @convention(c) (OpaquePointer?, Double, Double, gpointer?) -> UnsafeMutablePointer<GdkContentProvider>? = {
        _, x, y, data in
        let source = GSignal.object(data, as: GTKDragSource.self)
        // The pointer crosses the isolation as its address (a new reference GTK takes over).
        let address = MainActor.assumeIsolated { UInt(bitPattern: source.prepare(x: x, y: y)) }
        return UnsafeMutablePointer(bitPattern: address)
      }
    let cancelled: @convention(c) (OpaquePointer?, OpaquePointer?, GdkDragCancelReason, gpointer?) -> gboolean = {
      _, _, _, data in
      let source = GSignal.object(data, as: GTKDragSource.self)
      MainActor.assumeIsolated { source.cancelled() }
      return 0  // GTK's own animation back to the widget
    }
    let ended: @convention(c) (OpaquePointer?, OpaquePointer?, gboolean, gpointer?) -> Void = { _, drag, delete, data in
      let source = GSignal.object(data, as: GTKDragSource.self)
      MainActor.assumeIsolated { source.ended(drag!, deleteData: delete != 0) }
    }
    return [
      GSignal.connect(controller, "prepare", unsafeBitCast(prepare, to: GCallback.self), to: source),
      GSignal.connect(controller, "drag-cancel", unsafeBitCast(cancelled, to: GCallback.self), to: source),
      GSignal.connect(controller, "drag-end", unsafeBitCast(ended, to: GCallback.self), to: source),
    ]
  }
}

/// GDK textures of our drag images.
enum GDKTexture {
  /// A texture of `image`'s pixels (premultiplied ARGB words: GDK's B8G8R8A8 premultiplied on a
  /// little-endian machine); the caller owns the reference.
  static func make(_ image: DragImage) -> OpaquePointer? {
    let bytes = image.pixels.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
    defer { g_bytes_unref(bytes) }
    let format = UInt32(littleEndian: 1) == 1 ? GDK_MEMORY_B8G8R8A8_PREMULTIPLIED : GDK_MEMORY_A8R8G8B8_PREMULTIPLIED
    return gdk_memory_texture_new(Int32(image.width), Int32(image.height), format, bytes, gsize(image.width * 4))
  }
}
