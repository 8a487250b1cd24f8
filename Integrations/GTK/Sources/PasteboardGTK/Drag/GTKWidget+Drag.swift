import Foundation
import Pasteboard

extension GTKWidget {
  /// Makes the widget start drags: when GTK's gesture begins one at a press, `makeSession` makes
  /// its `DragSession` from the press location (in the widget's coordinates), or returns nil
  /// where nothing there can be dragged.
  ///
  /// ```swift
  /// GTKWidget(canvas).dragSource { location in
  ///   guard arrowFrame.contains(location) else { return nil }
  ///   let provider = NSItemProvider()
  ///   provider.register(Arrow(color: "red"))
  ///   return DragSession(items: [provider], allowedOperations: [.copy]) { print("ended:", $0) }
  /// }
  /// ```
  ///
  /// Apple's counterpart: AppKit's `beginDraggingSession(with:event:source:)` from a view's
  /// `mouseDragged(with:)`.
  ///
  /// - Parameter makeSession: Makes the drag from the press location, on GTK's thread.
  /// - Returns: The drag source; it lives as long as the widget.
  @MainActor @discardableResult
  public func dragSource(_ makeSession: @escaping @MainActor (CGPoint) -> DragSession?) -> GTKDragSource {
    GTKDragSource(widget: self, session: makeSession)
  }

  /// Makes the widget start a drag of the item provider `data` returns, made when the drag
  /// begins; its types are offered and each loaded only when a target asks for it.
  ///
  /// ```swift
  /// GTKWidget(label).onDrag { NSItemProvider(object: "Hello" as NSString) }
  /// ```
  ///
  /// Apple's counterpart: SwiftUI's `onDrag(_:)`.
  ///
  /// - Parameter data: Makes the dragged item.
  /// - Returns: The drag source; it lives as long as the widget.
  @MainActor @discardableResult
  public func onDrag(_ data: @escaping @MainActor () -> NSItemProvider) -> GTKDragSource {
    dragSource { _ in DragSession(items: [data()]) }
  }

  /// Makes the widget start a drag of `payload`, in every representation its type exports.
  ///
  /// ```swift
  /// GTKWidget(swatch).draggable(Arrow(color: "red"))
  /// ```
  ///
  /// Apple's counterpart: SwiftUI's `draggable(_:)`.
  ///
  /// - Parameter payload: Makes the value when the drag begins.
  /// - Returns: The drag source; it lives as long as the widget.
  @MainActor @discardableResult
  public func draggable<T: Transferable>(_ payload: @autoclosure @escaping @Sendable () -> T) -> GTKDragSource {
    dragSource { _ in .draggable(payload()) }
  }
}
