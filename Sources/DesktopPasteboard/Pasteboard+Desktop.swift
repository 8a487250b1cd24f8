import Foundation
import Pasteboard
import SystemPasteboardCore
import UTIPlatform

extension Pasteboard {
  /// Makes this pasteboard the desktop's `systemPasteboard` (the clipboard by default, X11 or
  /// Wayland): every write of this process is offered to other applications, and every read
  /// first takes what another application copied since.
  ///
  /// Binding offers nothing: the desktop's contents stay, and are what the next read returns.
  /// What is written from then on is offered at once, each type under its MIME types, and loaded only when
  /// another application pastes it (an `NSPasteboard` owner or item data provider is asked then,
  /// on the desktop connection's thread). Local-only items are never offered. What another
  /// application copies replaces the contents (a change, counted) the next time this process
  /// reads; its items are typed by conformance, their data loaded when read. Where the
  /// compositor tells a client only of its own copies (GNOME's, without data-control), another
  /// application's copy is seen once this process's ownership ends.
  ///
  /// ```swift
  /// try NSPasteboard.general.bind(to: .clipboard)
  /// NSPasteboard.general.clearContents()
  /// NSPasteboard.general.setString("Hello", forType: .string)   // xclip -o, wl-paste → Hello
  /// ```
  ///
  /// - Parameter systemPasteboard: The desktop's selection.
  /// - Throws: `SystemPasteboardError` when the environment names no desktop.
  public func bind(to systemPasteboard: SystemPasteboard = .clipboard) throws(SystemPasteboardError) {
    _ = try systemPasteboard.resolvedBackend()
    mirror = DesktopMirror(systemPasteboard)
  }

  /// Stops mirroring the desktop: the contents stay as they are, in this process only.
  public func unbind() { mirror = nil }
}

extension NSPasteboard {
  /// Makes this pasteboard the desktop's `systemPasteboard`: AppKit's pasteboard on the Linux
  /// desktop. See ``Pasteboard/Pasteboard/bind(to:)``.
  ///
  /// ```swift
  /// try NSPasteboard.general.bind(to: .clipboard)
  /// let copied = NSPasteboard.general.readObjects(forClasses: [NSString.self]) as? [String]
  /// ```
  ///
  /// - Parameter systemPasteboard: The desktop's selection.
  /// - Throws: `SystemPasteboardError` when the environment names no desktop.
  public func bind(to systemPasteboard: SystemPasteboard = .clipboard) throws(SystemPasteboardError) {
    try board.bind(to: systemPasteboard)
  }

  /// Stops mirroring the desktop.
  public func unbind() { board.unbind() }
}

/// Mirrors a pasteboard's contents on a desktop selection.
final class DesktopMirror: PasteboardMirror {
  let system: SystemPasteboard
  /// The selection's change count when its contents were last taken.
  private let taken = Locked<Int?>(nil)

  init(_ system: SystemPasteboard) { self.system = system }

  func publish(_ providers: [ItemProvider]) {
    // Empty contents are still this process's (AppKit's `clearContents` makes it the owner):
    // it owns the selection with no types rather than clearing it.
    try? system.setItemProviders(providers)
  }

  func foreignContents() -> [ItemProvider]? {
    guard !system.ownsSelection else { return nil }
    let count = system.changeCount
    guard
      taken.withLock({ taken in
        defer { taken = count }
        return taken != count
      })
    else { return nil }
    return (try? system.itemProviders()) ?? []
  }
}

extension DesktopWindow {
  /// Starts dragging `items` from `source` out of the window (call it on a button press): AppKit's
  /// `beginDraggingSession(with:event:source:)`. Other applications see the types each item's
  /// writer lists, as MIME types; the source is told how the drag ended.
  ///
  /// ```swift
  /// let item = NSDraggingItem(pasteboardWriter: URL(string: "https://swift.org")! as NSURL)
  /// try window.beginDraggingSession(with: [item], at: press.location, source: tabStrip)
  /// ```
  ///
  /// - Parameters:
  ///   - items: The dragged items.
  ///   - location: Where the press was, in window coordinates.
  ///   - source: The source: its masks for within and outside the application, and its `endedAt`.
  /// - Returns: The session.
  /// - Throws: `SystemPasteboardError` when the drag cannot start.
  @MainActor @discardableResult
  public func beginDraggingSession(with items: [NSDraggingItem], at location: NSPoint, source: any NSDraggingSource)
    throws(SystemPasteboardError) -> NSDraggingSession
  {
    let session = NSDraggingSession(items: items, at: location, source: source)
    session.begin()
    try beginDrag(session.dragSession)
    return session
  }
}
