@_spi(Toolkit) import DesktopPasteboard
import Foundation
import Pasteboard
import TypeRegistry

extension GTKWidget {
  /// The frame of a target that covers the whole widget, whatever its size: its origin is the
  /// widget's, so that delegates see locations in the widget's coordinates.
  static let wholeWidget = CGRect(x: 0, y: 0, width: 1 << 30, height: 1 << 30)

  /// Runs every drag GTK brings over the widget through `surface`, whose targets are in the
  /// widget's coordinates: several drop zones in one widget, each with its delegate.
  ///
  /// ```swift
  /// let surface = DropSurface()
  /// surface.addTarget(DropTarget(frame: CGRect(x: 0, y: 0, width: 200, height: 400), of: [.image], delegate: Left()))
  /// surface.addTarget(DropTarget(frame: CGRect(x: 200, y: 0, width: 200, height: 400), of: [.fileURL], delegate: Right()))
  /// GTKWidget(canvas).acceptDrops(into: surface)
  /// ```
  ///
  /// Apple's counterpart: a desktop window's `acceptDrops(into:)` in this package; on Apple
  /// platforms, a view's drop modifiers.
  ///
  /// - Parameters:
  ///   - surface: The targets and their delegates, in the widget's coordinates.
  ///   - registry: Maps formats and dropped files to types (nil: the shared registry).
  /// - Returns: The destination; it lives as long as the widget (``GTKDropDestination/remove()`` ends it sooner).
  @MainActor @discardableResult
  public func acceptDrops(into surface: DropSurface, registry: UTTypeRegistry? = nil) -> GTKDropDestination {
    GTKDropDestination(widget: self, surface: surface, registry: registry)
  }

  /// Makes the widget a drop target for `supportedContentTypes`, negotiated by `delegate`: SwiftUI's lifecycle,
  /// on GTK's thread, with locations in the widget's coordinates.
  ///
  /// ```swift
  /// struct ImageDrop: DropDelegate {
  ///   func performDrop(info: DropInfo) -> Bool {
  ///     guard let provider = info.itemProviders(for: [.image]).first else { return false }
  ///     _ = provider.loadDataRepresentation(for: .image) { data, _ in print(data?.count ?? 0) }
  ///     return true
  ///   }
  /// }
  /// GTKWidget(picture).onDrop(of: [.image], delegate: ImageDrop())
  /// ```
  ///
  /// Apple's counterpart: SwiftUI's `onDrop(of:delegate:)`.
  ///
  /// - Parameters:
  ///   - supportedContentTypes: The types the widget takes: a drag is offered to `delegate` only
  ///     if an item conforms to one of them.
  ///   - delegate: Validates, follows and performs the drop.
  /// - Returns: The destination; it lives as long as the widget.
  @MainActor @discardableResult
  public func onDrop(of supportedContentTypes: [UTType], delegate: some DropDelegate) -> GTKDropDestination {
    let surface = DropSurface()
    surface.addTarget(DropTarget(frame: Self.wholeWidget, of: supportedContentTypes, delegate: delegate))
    return acceptDrops(into: surface)
  }

  /// Makes the widget a drop target that hands the conforming item providers and the location
  /// (in the widget's coordinates) to `action`, which returns whether it took the drop.
  ///
  /// ```swift
  /// GTKWidget(list).onDrop(of: [.fileURL]) { providers, _ in
  ///   for provider in providers { _ = provider.loadObject(ofClass: URL.self) { url, _ in print(url?.path ?? "") } }
  ///   return true
  /// }
  /// ```
  ///
  /// Apple's counterpart: SwiftUI's `onDrop(of:isTargeted:perform:)`; `isTargeted` is an
  /// observer where SwiftUI takes a binding.
  ///
  /// - Parameters:
  ///   - supportedContentTypes: The types the widget takes.
  ///   - isTargeted: Hears whether an accepted drag is over the widget.
  ///   - action: Takes the providers and the location; returns whether it took the drop.
  /// - Returns: The destination; it lives as long as the widget.
  @MainActor @discardableResult
  public func onDrop(
    of supportedContentTypes: [UTType], isTargeted: (@MainActor (Bool) -> Void)? = nil,
    perform action: @escaping @MainActor ([NSItemProvider], CGPoint) -> Bool
  ) -> GTKDropDestination {
    let surface = DropSurface()
    surface.addTarget(
      .onDrop(frame: Self.wholeWidget, of: supportedContentTypes, isTargeted: isTargeted, perform: action))
    return acceptDrops(into: surface)
  }

  /// Makes the widget a drop target for values of `T`, decoded from the dropped items and handed
  /// to `action` with the location, in the widget's coordinates.
  ///
  /// ```swift
  /// GTKWidget(label).dropDestination(for: String.self) { strings, _ in
  ///   print(strings.joined(separator: "\n"))
  ///   return true
  /// }
  /// ```
  ///
  /// Apple's counterpart: SwiftUI's `dropDestination(for:action:isTargeted:)`.
  ///
  /// - Parameters:
  ///   - payloadType: The type to decode the items as.
  ///   - action: Takes the decoded values and the location.
  ///   - isTargeted: Hears whether an accepted drag is over the widget.
  /// - Returns: The destination; it lives as long as the widget.
  @MainActor @discardableResult
  public func dropDestination<T: Transferable>(
    for payloadType: T.Type = T.self, action: @escaping @MainActor ([T], CGPoint) -> Bool,
    isTargeted: (@MainActor (Bool) -> Void)? = nil
  ) -> GTKDropDestination {
    let surface = DropSurface()
    surface.addTarget(
      .dropDestination(frame: Self.wholeWidget, for: payloadType, action: action, isTargeted: isTargeted))
    return acceptDrops(into: surface)
  }

  /// Makes the widget a destination for drags of `newTypes`, driven in AppKit's order
  /// (`draggingEntered`, `draggingUpdated`, `performDragOperation` …), for ported Mac code.
  ///
  /// The destination reads its dragging pasteboard synchronously, as in AppKit: the types it
  /// registered for are read from another application's drop before `performDragOperation`.
  ///
  /// ```swift
  /// GTKWidget(bar).registerForDraggedTypes([.fileURL, .URL], destination: bookmarksBar)
  /// ```
  ///
  /// Apple's counterpart: AppKit's `NSView.registerForDraggedTypes(_:)`, the view being its
  /// own `NSDraggingDestination`.
  ///
  /// - Parameters:
  ///   - newTypes: The pasteboard types the destination takes.
  ///   - destination: The destination.
  /// - Returns: The widget's drop destination; it lives as long as the widget.
  @MainActor @discardableResult
  public func registerForDraggedTypes(
    _ newTypes: [NSPasteboard.PasteboardType], destination: any NSDraggingDestination
  ) -> GTKDropDestination {
    let surface = DropSurface()
    surface.register(destination, forDraggedTypes: newTypes, in: Self.wholeWidget)
    let drops = acceptDrops(into: surface)
    drops.readsAhead = newTypes.map(Toolkit.contentType(of:))
    return drops
  }
}
