import CSwiftUTIGTK
import Foundation
import Pasteboard
import TypeRegistry

/// A GTK 4 widget, as any Swift binding of GTK holds it: the pointer to its `GtkWidget`.
///
/// Adwaita for Swift, SwiftCrossUI's GTK backend and SwiftGtk each keep the `GtkWidget *` of
/// every widget they make; wrap it here to make the widget a drop target with a `DropDelegate`,
/// a drag source of item providers, or to reach its clipboard with Apple's models.
///
/// ```swift
/// let widget = GTKWidget(pointer)   // the GtkWidget * the binding holds
/// widget.onDrop(of: [.image, .fileURL], delegate: ImageDrop(model: model))
/// widget.onDrag { NSItemProvider(object: "Hello" as NSString) }
/// ```
///
/// Its methods are main-actor isolated: GTK is used from its own thread, the main thread, where
/// its loop runs and where this module calls the delegates (as Apple calls them on the main
/// thread). Making one attaches the main dispatch queue to GTK's loop (``GTKMainQueue/attach()``).
public struct GTKWidget: Hashable {
  /// The widget's `GtkWidget *`.
  public let pointer: OpaquePointer

  /// The widget at `pointer`, a `GtkWidget *` (or a pointer to any widget type, which is one).
  ///
  /// - Parameter pointer: The widget's pointer, as a binding holds it.
  @MainActor
  public init(_ pointer: OpaquePointer) {
    self.pointer = pointer
    GTKMainQueue.attach()
  }

  /// The widget at `pointer`, typed as a binding's own C module imports `GtkWidget` (each
  /// binding has a module of its own; any pointer to a widget is one).
  ///
  /// - Parameter pointer: The widget's typed pointer.
  @MainActor
  public init<Widget>(_ pointer: UnsafeMutablePointer<Widget>) {
    self.init(OpaquePointer(pointer))
  }

  /// The pointer as GTK's headers type it here.
  var widget: UnsafeMutablePointer<GtkWidget> { UnsafeMutablePointer(pointer) }

  /// The widget's size, in its own coordinates (its allocation).
  @MainActor
  var size: CGSize {
    CGSize(width: Double(gtk_widget_get_width(widget)), height: Double(gtk_widget_get_height(widget)))
  }
}
