import SystemPasteboardCore
import TypeRegistry
import UTIPlatform

/// The clipboard and primary selection where the compositor has no data-control protocol
/// (GNOME's mutter, weston), as wl-clipboard does it there: through the seat's `wl_data_device`
/// (and `zwp_primary_selection_device_v1`) of a window of one pixel that the compositor gives
/// keyboard focus, since Wayland tells the selection only to the focused client and takes one
/// only with the serial of its input.
///
/// Owning: the window is opened, gets focus, sets the selection with its keyboard enter's
/// serial, and is taken off the screen at once; its connection serves the data until another
/// selection replaces it. Reading: a window is opened for the read, gets focus (the compositor
/// announces the selection just before), and is closed when the read is over.
///
/// Its limits: each copy and each read briefly takes keyboard focus from the user's window (as
/// wl-copy and wl-paste do); a seat without a keyboard refuses at once with `.unsupported`, a
/// compositor that does not focus new windows with `.timeout`; ``SystemPasteboard/changes`` hears only this process's
/// copies, as only a focused client hears of others'.
final class WaylandFocusedSelection: PasteboardBackend, @unchecked Sendable {
  // Sendable: `state` is under its lock; the rest is `let`s of `Sendable` values.
  let display: WaylandDisplay
  let primary: Bool
  let timeout: Double
  let registry: UTTypeRegistry?
  private let state = Locked(State())

  private struct State {
    /// The window whose connection serves what we own, and its source.
    var owner: (window: WaylandToplevel, source: WaylandWindowSource)?
    /// Whether the owned source is still the selection (no `cancelled` yet).
    var owning = false
    /// The window of the read in progress.
    var reader: WaylandToplevel?
    /// Give-ups (disown, clear) in progress: the selection reads as held until the compositor
    /// has confirmed them, so that a process that exits when its copy ends does not hang up on
    /// requests the compositor has not read.
    var releasing = 0
  }

  init(display: WaylandDisplay, primary: Bool, timeout: Double, registry: UTTypeRegistry?) {
    self.display = display
    self.primary = primary
    self.timeout = timeout
    self.registry = registry
  }

  deinit { close() }

  var failure: SystemPasteboardError? { nil }
  var server: SystemPasteboard.Backend { .wayland(display) }
  /// Not ``PasteboardCapabilities/hearsOtherApplications``: only a focused client hears of
  /// others' copies; not ``PasteboardCapabilities/ownsWithoutThreads``: the window must get
  /// focus first.
  var capabilities: PasteboardCapabilities { [.replaceable] }
  let ownershipChanged = ChangeSignal()

  var ownsSelection: Bool {
    state.withLock { state in state.owning && state.owner?.window.failure == nil || state.releasing > 0 }
  }

  private var name: String { primary ? "primary selection" : "clipboard" }

  /// A window of one pixel with keyboard focus, and the serial of its focus.
  private func focusedWindow() throws(SystemPasteboardError) -> (WaylandToplevel, UInt32) {
    let window: WaylandToplevel
    do {
      window = try WaylandToplevel(
        display: display, title: "swift-uti \(name)", appID: "swift-uti-clipboard", width: 1, height: 1,
        pixels: [0], timeout: timeout)
    } catch  where error.code == .unsupported {
      let names = WaylandInterface.DataControl.preferred.map(\.manager.name).joined(separator: " or ")
      let missing = WaylandToplevel.missingInterface(in: error) ?? "what a window needs"
      throw SystemPasteboardError(
        .unsupported,
        "the Wayland compositor at \(display) offers no data-control protocol (\(names)) and cannot show the window a client needs without one: it has no \(missing)"
      )
    }
    do {
      return (window, try window.waitForKeyboardFocus())
    } catch {
      window.close()
      throw error
    }
  }

  func own(_ items: [SystemPasteboard.Item], fileOperation: FileList.Operation, ownership: Ownership)
    throws(SystemPasteboardError)
  {
    let (window, serial) = try focusedWindow()
    let offers = SelectionTargets.offers(for: items, sensitive: ownership.isSensitive)
    let serve = SelectionTargets.server(for: offers, items: items, fileOperation: fileOperation)
    // mutter keeps the clipboard, not the primary selection.
    if !primary && window.compositorKeepsCopies { ownership.compositorKeepsCopies() }
    let source: WaylandWindowSource
    do {
      source = try window.setSelection(
        mimeTypes: offers.map(\.target), primary: primary, serial: serial,
        serve: { target in ownership.admitsRead() ? serve(target) : nil },
        events: { [weak self] event in
          switch event {
          case .cancelled:
            self?.state.withLock { state in
              if state.owner?.window === window { state.owning = false }
            }
            self?.ownershipChanged.notify()
          case .served(let target): ownership.pasteServed(target)
          default: break
          }
        })
    } catch {
      window.close()
      throw error
    }
    window.unmap()
    let previous = state.withLock { state -> WaylandToplevel? in
      defer {
        state.owner = (window, source)
        state.owning = true
      }
      return state.owner?.window
    }
    ownershipChanged.notify()
    previous?.close()
  }

  /// Takes our owner's window and source out of the state (the selection is no longer ours);
  /// with `whileOwning`, only while its source is still the selection.
  private func takeOwner(whileOwning: Bool) -> (window: WaylandToplevel, source: WaylandWindowSource)? {
    state.withLock { state -> (window: WaylandToplevel, source: WaylandWindowSource)? in
      defer {
        state.owner = nil
        state.owning = false
      }
      return state.owning || !whileOwning ? state.owner : nil
    }
  }

  /// Runs a give-up, during which the selection reads as held, and tells the waiters after it.
  private func releasing<T>(_ body: () throws(SystemPasteboardError) -> T) throws(SystemPasteboardError) -> T {
    state.withLock { $0.releasing += 1 }
    defer {
      state.withLock { $0.releasing -= 1 }
      ownershipChanged.notify()
    }
    return try body()
  }

  func disown() throws(SystemPasteboardError) {
    try releasing { () throws(SystemPasteboardError) in try giveUp() }
  }

  /// Ends our source, if it is still the selection, and closes its window.
  private func giveUp() throws(SystemPasteboardError) {
    guard let owner = takeOwner(whileOwning: true) else { return }
    defer { owner.window.close() }
    // Clearing needs a serial of the input the owner's window had; it was unmapped, so a
    // compositor may ignore it: destroying the source (with the connection) ends the selection.
    try? owner.window.clearSelection(owner.source)
  }

  /// Sets no selection from a window with focus, which ends ours if we own it, and then closes
  /// our owner's window. In that order: ending our source first would let a compositor that
  /// keeps copies (mutter) put its copy back before the clearing.
  ///
  /// A compositor that puts its kept copy back when the selection is emptied (weston) is first
  /// given an empty text to keep (owned, and read by the compositor, or a second passes), so
  /// that what it puts back is empty.
  func clear() throws(SystemPasteboardError) {
    try releasing { () throws(SystemPasteboardError) in try clearFromFocusedWindow() }
  }

  /// Sets no selection from a new focused window (see ``clear()``).
  private func clearFromFocusedWindow() throws(SystemPasteboardError) {
    let (window, serial) = try focusedWindow()
    defer { window.close() }
    if !primary && window.compositorRestoresCopies { try replaceKeptCopy() }
    try window.clearSelection(primary: primary, serial: serial)
    takeOwner(whileOwning: false)?.window.close()
  }

  /// Owns an empty text and waits (at most a second) for the compositor's read of it.
  private func replaceKeptCopy() throws(SystemPasteboardError) {
    let read = Waiter<Bool>()
    var empty = SystemPasteboard.Item()
    empty.register(.utf8PlainText) {
      read.deliver(true)
      return []
    }
    try own([empty], fileOperation: .copy, ownership: Ownership(options: .init()) { _ in })
    _ = read.wait(seconds: 1)
  }

  /// The read's window: the one open, or a new one with focus.
  private func reader() throws(SystemPasteboardError) -> WaylandToplevel {
    if let reader = state.withLock({ $0.reader }), reader.failure == nil { return reader }
    let (window, _) = try focusedWindow()
    guard !primary || window.hasPrimarySelection else {
      window.close()
      throw SystemPasteboardError(
        .unsupported, "the Wayland compositor at \(display) has no primary selection protocol")
    }
    try window.sync()
    state.withLock { $0.reader = window }
    return window
  }

  func targets() throws(SystemPasteboardError) -> [String] {
    guard let selection = try reader().selection(primary: primary) else {
      throw SystemPasteboardError(.noOwner, "nothing owns the \(name) of \(display)")
    }
    return selection.mimeTypes
  }

  func read(_ target: String, into sink: ([UInt8]) throws(SystemPasteboardError) -> Void)
    throws(SystemPasteboardError)
  {
    let window = try reader()
    guard let selection = window.selection(primary: primary) else {
      throw SystemPasteboardError(.noOwner, "nothing owns the \(name) of \(display)")
    }
    try window.receive(target, fromSelection: selection, primary: primary, what: "the \(name)", into: sink)
  }

  func finishReading() {
    state.withLock { state in
      defer { state.reader = nil }
      return state.reader
    }?.close()
  }

  func close() {
    finishReading()
    state.withLock { state in
      defer { state.owner = nil }
      return state.owner?.window
    }?.close()
  }
}

extension WaylandSelection {
  /// The way to `display`'s selection: data control where the compositor offers it (wlroots,
  /// KDE), else a focused window's data device (GNOME, weston), as wl-clipboard chooses.
  /// - Parameters:
  ///   - display: The compositor.
  ///   - settings: The selection, the timeout, the registry, and what the way tells and asks.
  /// - Returns: The way, connected (connecting is what chooses it).
  /// - Throws: ``SystemPasteboardError`` when the compositor cannot be reached.
  package static func connect(
    display: WaylandDisplay, _ settings: PasteboardBackendSettings
  ) throws(SystemPasteboardError) -> any PasteboardBackend {
    let primary = settings.selection == .primary
    do {
      return try WaylandSelection(
        display: display, primary: primary, timeout: settings.timeout, registry: settings.registry,
        startingLoop: !settings.threadsDeferred(), onChange: settings.onChange)
    } catch  where error.code == .unsupported {
      return WaylandFocusedSelection(
        display: display, primary: primary, timeout: settings.timeout, registry: settings.registry)
    }
  }
}
