import SystemPasteboardCore
import TypeRegistry
import UTIPlatform

/// The clipboard (or primary selection) of an application's own Wayland window: set through
/// the window's `wl_data_device` (or `zwp_primary_selection_device_v1`) with the serial of its
/// latest input event, and read from what the compositor tells the window while it has focus,
/// as a toolkit does. Nothing is opened for it: the window's connection serves the data.
final class WaylandWindowSelection: PasteboardBackend, @unchecked Sendable {
  // Sendable: `owned` is under its lock; the rest is `let`s (the window keeps its own state under its lock
  // and loop).
  let window: WaylandToplevel
  let primary: Bool
  let registry: UTTypeRegistry?
  /// The source we set, and its MIME types, until another selection replaces it.
  private let owned = Locked<(source: WaylandWindowSource, mimeTypes: [String])?>(nil)

  init(window: WaylandToplevel, primary: Bool, registry: UTTypeRegistry?) {
    self.window = window
    self.primary = primary
    self.registry = registry
  }

  var display: WaylandDisplay { window.connection.display }
  var server: SystemPasteboard.Backend { .wayland(display) }
  /// Not ``PasteboardCapabilities/replaceable``: the window's failure is the window's.
  var capabilities: PasteboardCapabilities { [.hearsOtherApplications] }
  let ownershipChanged = ChangeSignal()
  var failure: SystemPasteboardError? { window.failure }
  var ownsSelection: Bool { owned.withLock { $0 } != nil && window.failure == nil }

  private var name: String { primary ? "primary selection" : "clipboard" }

  func own(_ items: [SystemPasteboard.Item], fileOperation: FileList.Operation, ownership: Ownership)
    throws(SystemPasteboardError)
  {
    let serial = window.latestSerial
    guard serial != 0 else {
      throw SystemPasteboardError(
        .request, "the window has had no input yet: Wayland sets the \(name) only for an input event's serial")
    }
    let offers = SelectionTargets.offers(for: items, sensitive: ownership.isSensitive)
    let owned = owned
    let changed = ownershipChanged
    let source = try window.setSelection(
      mimeTypes: offers.map(\.target), primary: primary, serial: serial,
      serve: SelectionTargets.server(for: offers, items: items, fileOperation: fileOperation),
      events: { event in
        switch event {
        case .cancelled:
          owned.withLock { $0 = nil }
          changed.notify()
        case .served(let target): ownership.pasteServed(target)
        default: break
        }
      })
    owned.withLock { $0 = (source, offers.map(\.target)) }
    ownershipChanged.notify()
  }

  func disown() throws(SystemPasteboardError) {
    guard
      let source = owned.withLock({ state -> WaylandWindowSource? in
        defer { state = nil }
        return state?.source
      })
    else { return }
    defer { ownershipChanged.notify() }
    try window.clearSelection(source)
  }

  func clear() throws(SystemPasteboardError) {
    try disown()
    try window.clearSelection(primary: primary, serial: window.latestSerial)
  }

  /// The MIME types of the selection. Off the window's thread, after a round trip (every event
  /// the compositor sent before is in); on it (code on the main thread that drives the window),
  /// as the compositor last told the window, with no round trip nested in the loop's turn, as a
  /// toolkit answers: our own copy's types while it is the selection.
  func targets() throws(SystemPasteboardError) -> [String] {
    if !window.isOnLoop {
      try window.sync()
    } else if let mimeTypes = owned.withLock({ $0?.mimeTypes }) {
      return mimeTypes
    }
    guard let selection = window.selection(primary: primary) else {
      throw SystemPasteboardError(
        .noOwner,
        "nothing owns the \(name) of \(display), or the window has not had keyboard focus (Wayland tells only the focused window)"
      )
    }
    return selection.mimeTypes
  }

  func read(_ target: String, into sink: ([UInt8]) throws(SystemPasteboardError) -> Void)
    throws(SystemPasteboardError)
  {
    // Our own copy, read on the thread that serves the window: the compositor would ask that
    // thread for it, so it is read from the source itself.
    if window.isOnLoop, let source = owned.withLock({ $0?.source }) {
      return try window.readOwn(source, target, into: sink)
    }
    guard let selection = window.selection(primary: primary) else {
      throw SystemPasteboardError(.noOwner, "nothing owns the \(name) of \(display)")
    }
    try window.receive(target, fromSelection: selection, primary: primary, what: "the \(name)", into: sink)
  }

  func close() {}
}

extension SystemPasteboard {
  /// A pasteboard for `selection` through an application's own Wayland window (its data
  /// device, with the serial of its latest input), as a toolkit's clipboard is.
  /// - Parameters:
  ///   - selection: The clipboard or the primary selection.
  ///   - window: The window whose data device the pasteboard uses.
  ///   - timeout: How long any one exchange may take, in seconds.
  ///   - registry: The registry that maps MIME types to types.
  package convenience init(
    selection: Selection, window: WaylandToplevel, timeout: Double = 5, registry: UTTypeRegistry? = nil
  ) {
    let way = WaylandWindowSelection(window: window, primary: selection == .primary, registry: registry)
    self.init(
      selection: selection, backend: .wayland(window.connection.display), way: way, timeout: timeout,
      registry: registry)
  }
}
