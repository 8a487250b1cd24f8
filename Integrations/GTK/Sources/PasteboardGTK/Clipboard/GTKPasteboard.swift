import CSwiftUTIGTK
@_spi(Toolkit) import DesktopPasteboard
import Foundation
import Pasteboard
import TypeRegistry

/// The clipboard or the primary selection through GTK (`GdkClipboard`): item providers copied
/// lazily, reads by conformance, and its changes, with the desktop pasteboard's names.
///
/// A GTK app's window owns its connection to the desktop (on Wayland, a surface's clipboard is
/// its client's), so its copies and pastes go through GTK: this is `SystemPasteboard`'s model
/// over GDK. Every type the items register is offered (MIME types, the text conventions, files
/// as GTK's file list) and each is made only when an application asks for it; reads choose the
/// owner's first format whose type conforms, UTF-8 text first.
///
/// ```swift
/// let clipboard = GTKPasteboard.clipboard
/// clipboard.setItemProviders([NSItemProvider(object: "Hello" as NSString)])
/// let text = try await clipboard.data(conformingTo: .plainText)
/// for await count in clipboard.changes { print("changed", count) }
/// ```
///
/// Main-actor isolated, as GTK is used from its own thread. Apple's counterpart:
/// `UIPasteboard.general` and `NSPasteboard.general`.
@MainActor
public final class GTKPasteboard {
  /// The clipboard of GTK's default display.
  public static var clipboard: GTKPasteboard { shared(.clipboard) }
  /// The primary selection of GTK's default display (the text last selected, pasted with the
  /// middle button).
  public static var primary: GTKPasteboard { shared(.primary) }

  /// Which selection it is.
  public let selection: SystemPasteboard.Selection
  /// Maps formats and files to types; nil: the shared registry, as it is at each call.
  public var registry: UTTypeRegistry?
  /// How long a read may go without data, or another application's read of ours without taking
  /// any, before it fails with `.timeout` (default 5 s).
  public var timeout: Duration = .seconds(5)

  /// The `GdkClipboard`.
  let clipboard: GObjectReference
  /// The number of changes seen, and who hears them.
  private var count = 0
  private var observers: [Int: AsyncStream<Int>.Continuation] = [:]
  private var nextObserver = 0
  /// The copy of ours on the clipboard (its provider), its expiry timer and pastes served.
  var owned: (provider: UnsafeMutableRawPointer, expiry: guint, served: Int)?

  private static var pasteboards: [SystemPasteboard.Selection: GTKPasteboard] = [:]

  private static func shared(_ selection: SystemPasteboard.Selection) -> GTKPasteboard {
    if let made = pasteboards[selection] { return made }
    GTKMainQueue.attach()
    let display = gdk_display_get_default()
    let clipboard =
      selection == .primary ? gdk_display_get_primary_clipboard(display) : gdk_display_get_clipboard(display)
    let made = GTKPasteboard(clipboard: clipboard!, selection: selection)
    pasteboards[selection] = made
    return made
  }

  /// The pasteboard of a widget's display (`gtk_widget_get_clipboard`, or its primary selection).
  ///
  /// - Parameters:
  ///   - widget: The widget.
  ///   - selection: The clipboard or the primary selection.
  public convenience init(widget: GTKWidget, selection: SystemPasteboard.Selection = .clipboard) {
    let clipboard =
      selection == .primary ? gtk_widget_get_primary_clipboard(widget.widget) : gtk_widget_get_clipboard(widget.widget)
    self.init(clipboard: clipboard!, selection: selection)
  }

  /// The pasteboard of a `GdkClipboard` a binding holds.
  ///
  /// - Parameters:
  ///   - clipboard: The `GdkClipboard *`.
  ///   - selection: Which selection it is.
  public init(clipboard: OpaquePointer, selection: SystemPasteboard.Selection = .clipboard) {
    GTKMainQueue.attach()
    self.clipboard = GObjectReference(retaining: clipboard.raw)
    SharedRegistry.warmUp()
    self.selection = selection
    let changed: @convention(c) (OpaquePointer?, gpointer?) -> Void = { _, data in
      let pasteboard = GSignal.object(data, as: WeakPasteboard.self)
      MainActor.assumeIsolated { pasteboard.pasteboard?.changed() }
    }
    GSignal.connect(clipboard.raw, "changed", unsafeBitCast(changed, to: GCallback.self), to: WeakPasteboard(self))
  }

  /// What the clipboard's handler holds: the pasteboard, weakly (the clipboard outlives it).
  private final class WeakPasteboard {
    weak var pasteboard: GTKPasteboard?
    init(_ pasteboard: GTKPasteboard) { self.pasteboard = pasteboard }
  }

  var currentRegistry: UTTypeRegistry { registry ?? UTTypeRegistry.shared.current }
  var gdkClipboard: OpaquePointer { clipboard.opaque }

  // MARK: Changes

  /// The number of times the selection changed owner (another application's copy, or this
  /// process's) since this pasteboard was made. Apple's counterpart: `UIPasteboard.changeCount`.
  public var changeCount: Int { count }

  /// The change counts, as the selection changes owner; the stream ends when the consumer stops
  /// iterating. Apple's counterpart: `UIPasteboard.changedNotification`.
  public var changes: AsyncStream<Int> {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(64))
    let id = nextObserver
    nextObserver += 1
    observers[id] = continuation
    continuation.onTermination = { [weak self] _ in
      Task { @MainActor in _ = self?.observers.removeValue(forKey: id) }
    }
    return stream
  }

  private func changed() {
    count += 1
    if let owned, !ownsSelection {
      GTKThread.cancel(owned.expiry)
      self.owned = nil
    }
    for observer in observers.values { observer.yield(count) }
  }

  /// Whether this pasteboard's copy is on the selection now.
  public var ownsSelection: Bool {
    guard let owned, gdk_clipboard_is_local(gdkClipboard) != 0 else { return false }
    return gdk_clipboard_get_content(gdkClipboard).map(UnsafeMutableRawPointer.init) == owned.provider
  }
}
