import CSwiftUTIGTK
@_spi(Toolkit) import DesktopPasteboard
import Foundation
import Pasteboard
import TypeRegistry

/// A widget that takes drops through GTK: a `GtkDropTargetAsync` on the widget, driving a
/// `DropSurface` whose targets and delegates are in the widget's coordinates.
///
/// Made by ``GTKWidget/acceptDrops(into:registry:)`` and the `onDrop` family. Every drag GTK
/// brings over the widget, from another application or from this one, runs through the surface
/// as a drag over our own windows does: its formats (MIME types, and GTK's own `GdkFileList`,
/// `GdkTexture` and strings through the MIME types GTK writes them as) become item providers
/// typed by conformance; dropped files are items of their own, each of the type the registry
/// gives it (its declarations first, then its content); `validateDrop`, `dropEntered`,
/// `dropUpdated` (whose proposal becomes GDK's action), `dropExited` and `performDrop` are
/// called on GTK's thread, the main actor. Payloads are read only when `performDrop` loads them
/// (`gdk_drop_read_async`), and the drop is finished (`gdk_drop_finish`, exactly once) when
/// those loads are done, fail, or time out; a drop the delegates refuse is finished at once. A
/// drag from a drag source of this module in the same application brings its item providers
/// themselves, with the operations allowed within the application.
///
/// Apple's counterpart: a view with SwiftUI's `onDrop(of:delegate:)`, or AppKit's
/// `registerForDraggedTypes(_:)`.
@MainActor
public final class GTKDropDestination {
  /// The drop targets and their delegates, in the widget's coordinates.
  public let surface: DropSurface
  /// Maps formats and dropped files to types; nil: the shared registry, as it is at each drag.
  public var registry: UTTypeRegistry?
  /// How long a read of the drop may go without data before it fails (`.timeout`), and the
  /// drop is finished with the loads that are done (default 5 s).
  public var timeout: Duration = .seconds(5)
  /// The types read from another application's drop before `performDrop`, for a destination
  /// that reads synchronously (an AppKit destination's dragging pasteboard: a synchronous read
  /// on GTK's thread could not wait for GTK's own asynchronous reads, which need that thread).
  var readsAhead: [UTType] = []

  /// The `GtkDropTargetAsync` (a reference of ours: the widget holds its own).
  let controller: GObjectReference
  /// The widget, while the controller is on it.
  private var widget: UnsafeMutablePointer<GtkWidget>?
  /// The controller's signal handlers, which keep the destination alive while it is on the
  /// widget (so that the value `onDrop` returns may be dropped, as a view modifier's is).
  private var handlers: [gulong] = []
  /// The drop over the widget (or being performed), if any.
  var incoming: IncomingGTKDrop?

  init(widget: GTKWidget, surface: DropSurface, registry: UTTypeRegistry?) {
    self.surface = surface
    self.registry = registry
    self.widget = widget.widget
    SharedRegistry.warmUp()
    let actions = GdkDragAction(
      rawValue: GDK_ACTION_COPY.rawValue | GDK_ACTION_MOVE.rawValue | GDK_ACTION_LINK.rawValue)
    let target = gtk_drop_target_async_new(nil, actions)!
    controller = GObjectReference(retaining: target.raw)
    handlers = Self.connectSignals(controller.pointer, to: self)
    gtk_widget_add_controller(widget.widget, target)  // the widget takes the new reference
    g_object_weak_ref(
      widget.widget.withMemoryRebound(to: GObject.self, capacity: 1) { $0 },
      { data, _ in
        let destination = Unmanaged<GTKDropDestination>.fromOpaque(data!).takeUnretainedValue()
        MainActor.assumeIsolated { destination.widgetGone() }
      }, Unmanaged.passUnretained(self).toOpaque())
  }

  /// Stops taking drops: the controller leaves the widget; a drop being performed still ends as
  /// its loads say.
  public func remove() {
    guard let widget else { return }
    self.widget = nil
    g_object_weak_unref(
      widget.withMemoryRebound(to: GObject.self, capacity: 1) { $0 }, { _, _ in },
      Unmanaged.passUnretained(self).toOpaque())
    gtk_widget_remove_controller(widget, controller.opaque)
    widgetGone()
  }

  /// The widget was destroyed (or the destination removed) mid-drag: a drag over it leaves
  /// the surface; a drop not yet performed is finished as refused.
  private func widgetGone() {
    widget = nil
    for handler in handlers { g_signal_handler_disconnect(controller.pointer, handler) }
    handlers = []
    guard let incoming else { return }
    self.incoming = nil
    incoming.abandon(on: surface)
  }

  // MARK: GtkDropTargetAsync's signals

  /// `accept`: a drag reaches the widget. Every drag is taken for now; its items decide.
  func accept(_ drop: OpaquePointer) -> Bool {
    if incoming?.drop.opaque != drop {
      incoming?.abandon(on: surface)
      incoming = IncomingGTKDrop(drop: drop, destination: self)
    }
    return true
  }

  /// `drag-enter`: the pointer came over the widget. GTK's crossing gives no position (it says
  /// (0, 0)), so the surface hears of the drag at the motion that follows.
  func entered(_ drop: OpaquePointer) -> GdkDragAction {
    guard let incoming, incoming.drop.opaque == drop else { return GdkDragAction(rawValue: 0) }
    incoming.over = true
    return GdkDragAction(rawValue: 0)
  }

  /// `drag-motion`: the pointer is at (`x`, `y`) over the widget; the action to show.
  func moved(_ drop: OpaquePointer, x: Double, y: Double) -> GdkDragAction {
    guard let incoming, incoming.drop.opaque == drop else { return GdkDragAction(rawValue: 0) }
    incoming.location = CGPoint(x: x, y: y)
    incoming.over = true
    incoming.located = true
    return incoming.answer(on: surface).gdk
  }

  /// `drag-leave`: the pointer left the widget (or the drop happened, which GTK follows with a leave).
  func left(_ drop: OpaquePointer) {
    guard let incoming, incoming.drop.opaque == drop else { return }
    incoming.over = false
    incoming.leave(surface)
  }

  /// `drop`: released at (`x`, `y`); the drop is ours to finish.
  func dropped(_ drop: OpaquePointer, x: Double, y: Double) -> Bool {
    guard let incoming, incoming.drop.opaque == drop else { return false }
    incoming.location = CGPoint(x: x, y: y)
    incoming.drop(on: surface)
    return true
  }

  /// The registry for this drag.
  var currentRegistry: UTTypeRegistry { registry ?? UTTypeRegistry.shared.current }

  /// Connects the controller's signals to `destination`'s methods.
  private static func connectSignals(_ controller: UnsafeMutableRawPointer, to destination: GTKDropDestination)
    -> [gulong]
  {
    let accept: @convention(c) (OpaquePointer?, OpaquePointer?, gpointer?) -> gboolean = { _, drop, data in
      let destination = GSignal.object(data, as: GTKDropDestination.self)
      return MainActor.assumeIsolated { destination.accept(drop!) ? 1 : 0 }
    }
    let entered: @convention(c) (OpaquePointer?, OpaquePointer?, Double, Double, gpointer?) -> GdkDragAction = {
      _, drop, _, _, data in
      let destination = GSignal.object(data, as: GTKDropDestination.self)
      return MainActor.assumeIsolated { destination.entered(drop!) }
    }
    let moved: @convention(c) (OpaquePointer?, OpaquePointer?, Double, Double, gpointer?) -> GdkDragAction = {
      _, drop, x, y, data in
      let destination = GSignal.object(data, as: GTKDropDestination.self)
      return MainActor.assumeIsolated { destination.moved(drop!, x: x, y: y) }
    }
    let left: @convention(c) (OpaquePointer?, OpaquePointer?, gpointer?) -> Void = { _, drop, data in
      let destination = GSignal.object(data, as: GTKDropDestination.self)
      MainActor.assumeIsolated { destination.left(drop!) }
    }
    let dropped: @convention(c) (OpaquePointer?, OpaquePointer?, Double, Double, gpointer?) -> gboolean = {
      _, drop, x, y, data in
      let destination = GSignal.object(data, as: GTKDropDestination.self)
      return MainActor.assumeIsolated { destination.dropped(drop!, x: x, y: y) ? 1 : 0 }
    }
    return [
      GSignal.connect(controller, "accept", unsafeBitCast(accept, to: GCallback.self), to: destination),
      GSignal.connect(controller, "drag-enter", unsafeBitCast(entered, to: GCallback.self), to: destination),
      GSignal.connect(controller, "drag-motion", unsafeBitCast(moved, to: GCallback.self), to: destination),
      GSignal.connect(controller, "drag-leave", unsafeBitCast(left, to: GCallback.self), to: destination),
      GSignal.connect(controller, "drop", unsafeBitCast(dropped, to: GCallback.self), to: destination),
    ]
  }
}

extension ToolkitActions {
  /// GDK's actions for these.
  var gdk: GdkDragAction {
    var bits: UInt32 = 0
    if contains(.copy) { bits |= GDK_ACTION_COPY.rawValue }
    if contains(.move) { bits |= GDK_ACTION_MOVE.rawValue }
    if contains(.link) { bits |= GDK_ACTION_LINK.rawValue }
    if contains(.ask) { bits |= GDK_ACTION_ASK.rawValue }
    return GdkDragAction(rawValue: bits)
  }

  /// The actions GDK's `action` names.
  init(gdk action: GdkDragAction) {
    self = []
    if action.rawValue & GDK_ACTION_COPY.rawValue != 0 { insert(.copy) }
    if action.rawValue & GDK_ACTION_MOVE.rawValue != 0 { insert(.move) }
    if action.rawValue & GDK_ACTION_LINK.rawValue != 0 { insert(.link) }
    if action.rawValue & GDK_ACTION_ASK.rawValue != 0 { insert(.ask) }
  }
}
