import TypeRegistry
import UTIPlatform

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The desktop's clipboard (the X11 `CLIPBOARD` selection) or primary selection, shared with
/// every other application, with `UTType`s on our side.
///
/// Writing makes this process the selection's owner: other applications see each
/// representation's MIME types and X11's text and file conventions as targets, and a
/// representation's bytes are loaded only when one of them asks. Reading asks by conformance:
///
/// ```swift
/// var item = SystemPasteboard.Item()
/// item.register(.utf8PlainText) { Array("Hello".utf8) }
/// try SystemPasteboard.clipboard.setItems([item])
/// // xclip -o -selection clipboard  →  Hello
/// let image = try SystemPasteboard.clipboard.data(conformingTo: .image)   // image/png from a browser
/// ```
///
/// This module needs no Foundation (FoundationEssentials at most), so a command-line tool that
/// links it starts as fast as any; `DesktopPasteboard` adds `ItemProvider`s
/// (`setItemProviders(_:)`, `itemProviders()`) and windows that take drops into a `DropSurface`.
///
/// Apple's counterparts are `UIPasteboard.general` and `NSPasteboard.general`. Every operation
/// has a deadline (``timeout``): no display, a server that stalls, an owner that never answers
/// give ``SystemPasteboardError``, never a hang.
public final class SystemPasteboard: Sendable {
  /// Which selection: the names are X11's atoms; on Wayland the clipboard is `wl_data_device`'s
  /// selection and the primary selection the primary-selection protocol's.
  public enum Selection: String, Sendable, CaseIterable {
    /// `CLIPBOARD`: explicit copy and paste.
    case clipboard = "CLIPBOARD"
    /// `PRIMARY`: the current text selection, pasted with the middle button.
    case primary = "PRIMARY"
  }

  /// The selection.
  public let selection: Selection
  /// The desktop this pasteboard talks to; nil for the one the environment names at each
  /// connection (Wayland where `$WAYLAND_DISPLAY` or `$WAYLAND_SOCKET` is set, else X11).
  public let backend: Backend?
  /// The X11 display named at creation; nil for any other backend or the environment's.
  public var display: X11Display? {
    if case .x11(let display) = backend { return display }
    return nil
  }
  /// How long any one exchange with the server or another application may take.
  public var timeout: Duration { .nanoseconds(Int64(timeoutSeconds * 1e9)) }
  /// The same, in seconds, as the connections count it.
  let timeoutSeconds: Double
  /// The registry that maps MIME types and targets to `UTType`s; nil for the shared registry
  /// (as it is at each call).
  public let registry: UTTypeRegistry?

  /// Makes the way to a backend's selection (the backends' own types, which this module cannot
  /// name: the `SystemPasteboard` module passes them).
  let connect: PasteboardBackendMaker

  private let state = Locked(State())
  /// Told of each change of ``changeCount`` (``waitForChange(from:orUntil:checkingEvery:)``).
  private let changed = ChangeSignal()
  /// The way to the selection: made at the first call, replaced after it fails (see
  /// ``connected()``).
  private let way = Locked<(any PasteboardBackend)?>(nil)

  struct State {
    /// The ownership of the latest `setItems` (nil after `clearContents`).
    var ownership: Ownership?
    var changeCount = 0
    var observers: [Int: AsyncStream<Int>.Continuation] = [:]
    var nextObserver = 0
    /// Set by ``setItemsBeforeFork(_:fileOperation:options:)`` until ``startServing()``: new
    /// connections start no thread, and an expiration waits.
    var threadsDeferred = false
    var deferredExpiry: (ownership: Ownership, date: Date)?
    /// Whether the hand-over at exit is arranged for this pasteboard.
    var handsOverAtExit = false
    /// What the latest `setItems` offered, for ``ownAgainAfterLostConnection()``.
    var owned: (items: [Item], fileOperation: FileList.Operation)?
  }

  /// A pasteboard for `selection` on `backend` (resolved from the environment when nil), whose
  /// ways to the selection `connect` makes (the `SystemPasteboard` module's public initializers
  /// pass the X11 and Wayland backends).
  /// - Parameters:
  ///   - selection: The clipboard or the primary selection.
  ///   - backend: The desktop to talk to; nil for the one the environment names (at each connection).
  ///   - timeout: How long any one exchange with the server or another application may take.
  ///   - registry: The registry that maps targets to types.
  ///   - connect: Makes the way to a backend's selection.
  package init(
    selection: Selection, backend: Backend?, timeout: Duration, registry: UTTypeRegistry?,
    connect: @escaping PasteboardBackendMaker
  ) {
    self.selection = selection
    self.backend = backend
    self.timeoutSeconds = timeout.seconds
    self.registry = registry
    self.connect = connect
  }

  /// A pasteboard for `selection` through `way`, fixed: a window's own way (its data device, with
  /// the serial of its latest input, as a toolkit's clipboard is), or the tests' backend of no
  /// desktop, which names itself `backend`.
  package init(
    selection: Selection, backend: Backend, way fixed: any PasteboardBackend, timeout: Double = 5,
    registry: UTTypeRegistry? = nil
  ) {
    self.selection = selection
    self.backend = backend
    self.timeoutSeconds = timeout
    self.registry = registry
    self.connect = { _, _ in fixed }
    way.withLock { $0 = fixed }
  }

  // MARK: Writing

  /// Makes this process the selection's owner with `items`; returns once the server confirms
  /// the ownership.
  ///
  /// The first item's representations are offered, as X11 selections hold one item; the file
  /// URLs of every item make one file list (`text/uri-list`, `x-special/gnome-copied-files`),
  /// as file managers copy several files. Apple's counterpart: `NSPasteboard.writeObjects(_:)`.
  /// - Parameter items: What to offer, in order.
  /// - Throws: ``SystemPasteboardError`` when there is no display or another client keeps the selection.
  public func setItems(_ items: [Item]) throws(SystemPasteboardError) {
    try setItems(items, fileOperation: .copy)
  }

  /// The same, saying whether a paste of the items' files should move them (`.cut`, as a file
  /// manager's cut says in `x-special/gnome-copied-files`) or copy them, offered and ended as
  /// `options` says.
  package func setItems(_ items: [Item], fileOperation: FileList.Operation, options: Options = .init())
    throws(SystemPasteboardError)
  {
    if let limit = options.pasteLimit, limit < 1 {
      throw SystemPasteboardError(.request, "a paste limit must be at least 1, not \(limit)")
    }
    let ownership = Ownership(options: options) { [weak self] ownership in self?.relinquish(ownership) }
    // Current before the first paste can be served (a clipboard manager asks at once).
    state.withLock { $0.ownership = ownership }
    do throws(SystemPasteboardError) {
      let way = try connected()
      try way.own(items, fileOperation: fileOperation, ownership: ownership)
      state.withLock { $0.owned = (items, fileOperation) }
      if !state.withLock({ $0.threadsDeferred }) { handOverAtExit(by: way) }
    } catch {
      state.withLock { if $0.ownership === ownership { $0.ownership = nil } }
      throw error
    }
    selectionChanged()
    if let date = options.expirationDate {
      let deferred = state.withLock { state -> Bool in
        if state.threadsDeferred { state.deferredExpiry = (ownership, date) }
        return state.threadsDeferred
      }
      if !deferred { expire(ownership, at: date) }
    }
  }

  /// Owns the selection with `items` as ``setItems(_:fileOperation:options:)`` does, on the
  /// calling thread and starting no thread (neither the connection's nor an expiration's), so
  /// that the process can then fork the child that serves it, as `xclip -i` owns before it
  /// forks: a fork copies only the thread that calls it. The child calls ``startServing()``.
  ///
  /// - Returns: False, owning nothing, where owning needs threads (Wayland without
  ///   data-control, whose window must get focus first): the caller forks first and owns in
  ///   the child.
  /// - Throws: ``SystemPasteboardError`` as ``setItems(_:)`` does.
  package func setItemsBeforeFork(_ items: [Item], fileOperation: FileList.Operation, options: Options)
    throws(SystemPasteboardError) -> Bool
  {
    state.withLock { $0.threadsDeferred = true }
    do throws(SystemPasteboardError) {
      if try !connected().capabilities.contains(.ownsWithoutThreads) {
        state.withLock { $0.threadsDeferred = false }
        return false
      }
      try setItems(items, fileOperation: fileOperation, options: options)
      return true
    } catch {
      state.withLock { $0.threadsDeferred = false }
      throw error
    }
  }

  /// Starts serving what ``setItemsBeforeFork(_:fileOperation:options:)`` owned: the
  /// connection's thread, the expiration, and the hand-over to the clipboard manager at exit.
  /// - Throws: ``SystemPasteboardError`` when no thread can be started.
  package func startServing() throws(SystemPasteboardError) {
    let expiry = state.withLock { state in
      defer {
        state.threadsDeferred = false
        state.deferredExpiry = nil
      }
      return state.deferredExpiry
    }
    if let way = way.withLock({ $0 }) {
      try way.startServing()
      handOverAtExit(by: way)
    }
    if let expiry { expire(expiry.ownership, at: expiry.date) }
  }

  /// Gives the selection up on the process's pool (the backends report pastes on their own
  /// threads, a loop among them), if `ownership` is still the current one.
  private func relinquish(_ ownership: Ownership) {
    WorkPool.shared.submit { [weak self] in
      guard let self, state.withLock({ $0.ownership === ownership }) else { return }
      try? disown()
    }
  }

  /// Gives the selection up at `date`, if `ownership` is still the current one and owns it
  /// then, on the process's ``WorkPool`` (scheduled for the date, on its thread for scheduled
  /// work: no thread sleeps for it, and loads that hold the pool's other threads do not delay it). A
  /// copy replaced or taken meanwhile is left alone; a date the wall clock has not reached when
  /// the time comes (the clock was set back) is scheduled again for what remains. Where the
  /// pool can start no thread, the copy ends now rather than outlive its date.
  private func expire(_ ownership: Ownership, at date: Date) {
    let remaining = max(0, date.timeIntervalSinceNow)
    let deadline = MonotonicClock.deadline(after: MonotonicClock.nanoseconds(remaining))
    let scheduled = WorkPool.shared.schedule(at: deadline) { [weak self] in
      guard let self, state.withLock({ $0.ownership === ownership }), ownsSelection else { return }
      if date.timeIntervalSinceNow > 0 { return expire(ownership, at: date) }
      try? disown()
    }
    if !scheduled { try? disown() }
  }

  /// Whether this process owns the selection now.
  public var ownsSelection: Bool { way.withLock { $0 }?.ownsSelection ?? false }

  /// Empties the selection: this process gives it up if it owns it, and otherwise takes it
  /// from its owner and gives it up, so that nothing owns it afterwards (as `wl-copy --clear`
  /// and `xsel --clear` do). A clipboard manager that restores the selection when it is
  /// emptied may own it again at once.
  ///
  /// ```swift
  /// try SystemPasteboard.clipboard.clearContents()
  /// // xclip -o -selection clipboard  →  Error: target STRING not available
  /// ```
  ///
  /// Apple's counterpart: `NSPasteboard.clearContents()`.
  /// - Throws: ``SystemPasteboardError`` when there is no desktop, or the compositor refuses a
  ///   window the clearing needs (Wayland without data-control).
  public func clearContents() throws(SystemPasteboardError) {
    state.withLock { ($0.ownership, $0.owned) = (nil, nil) }
    try connected().clear()
  }

  /// Gives the selection up if this process owns it (a copy that expired or served its pastes);
  /// where the compositor keeps copies (``Ownership/endsByClearing``), by setting an empty
  /// selection, so that it puts nothing back.
  private func disown() throws(SystemPasteboardError) {
    let clearing = state.withLock { state -> Bool in
      defer { (state.ownership, state.owned) = (nil, nil) }
      return state.ownership?.endsByClearing ?? false
    }
    if clearing { try way.withLock { $0 }?.clear() } else { try way.withLock { $0 }?.disown() }
  }

  /// Hands the selection's data to the clipboard manager (`CLIPBOARD_MANAGER`, `SAVE_TARGETS`),
  /// as GTK applications do at exit, so that a copy survives this process; false when no
  /// manager runs, it refuses, or it falls silent for ``timeout`` before it confirms (each of
  /// its requests allows the timeout again, the whole hand-over at most 12 times it). A
  /// process that exits normally (`exit`, returning from `main`) does this for the clipboard
  /// by itself.
  ///
  /// Wayland has no such hand-over: this is false there. A Wayland clipboard manager (through
  /// data-control) copies each selection as soon as it is set, so a copy outlives its process
  /// where one runs; where none runs, the selection ends with the process that owns it.
  ///
  /// A copy made ``Options/isSensitive``, or with an expiration date or a paste limit, is never
  /// handed over: this is false for it.
  ///
  /// - Returns: Whether the manager confirmed that it took the data.
  /// - Throws: ``SystemPasteboardError`` when the connection to the display fails.
  public func handOverToClipboardManager() throws(SystemPasteboardError) -> Bool {
    guard state.withLock({ $0.ownership?.mayBeHandedOver != false }), let way = way.withLock({ $0 }) else {
      return false
    }
    return try way.handOverToClipboardManager()
  }

  /// Blocks until this process no longer owns the selection (another application took it).
  public func waitUntilOwnershipEnds() {
    way.withLock { $0 }?.waitUntilOwnershipEnds()
  }

  /// The same, or until `stop` holds (checked at least every `seconds`, for a flag a signal
  /// handler sets, which cannot wake a condition itself).
  package func waitUntilOwnershipEnds(orUntil stop: () -> Bool, checkingEvery seconds: Double = 0.1) {
    way.withLock { $0 }?.waitUntilOwnershipEnds(orUntil: stop, checkingEvery: seconds)
  }

  /// The number of times the selection changed owner since this pasteboard first watched it
  /// (X11's XFIXES selection events, and this process's own writes). Apple's counterpart:
  /// `UIPasteboard.changeCount`.
  public var changeCount: Int {
    watch()
    return state.withLock { $0.changeCount }
  }

  /// The way to this pasteboard's selection: the one made, or a new one when there is none,
  /// the last one failed, or the environment now names another desktop (a pasteboard made
  /// without a backend follows the environment at each call). A window's way stays the
  /// window's: its failure is the window's.
  /// - Throws: ``SystemPasteboardError``: `.noDisplay` when the environment names no desktop;
  ///   what connecting throws.
  func connected() throws(SystemPasteboardError) -> any PasteboardBackend {
    if let fixed = way.withLock({ $0 }), !fixed.capabilities.contains(.replaceable) {
      if let failure = fixed.failure { throw failure }
      return fixed
    }
    let backend = try resolvedBackend()
    return try way.withLock { current -> Result<any PasteboardBackend, SystemPasteboardError> in
      if let current, current.failure == nil, current.server == backend { return .success(current) }
      current?.close()
      current = nil
      do throws(SystemPasteboardError) {
        let settings = PasteboardBackendSettings(
          selection: selection, timeout: timeoutSeconds, registry: registry,
          threadsDeferred: { [weak self] in self?.state.withLock { $0.threadsDeferred } ?? false },
          onChange: { [weak self] in self?.selectionChanged() })
        let made = try connect(backend, settings)
        current = made
        return .success(made)
      } catch {
        return .failure(error)
      }
    }.get()
  }

  /// Serves the copy again after the connection it was served on was lost (a compositor that
  /// closed it under a flood of requests, a display server restarted): where nobody owns the
  /// selection now (the desktop cleared it with our lost connection), the same items are owned
  /// again on a new connection, with the same ownership (its paste count and expiry go on).
  ///
  /// ```swift
  /// while true {
  ///   pasteboard.waitUntilOwnershipEnds()
  ///   guard try pasteboard.ownAgainAfterLostConnection() else { break }
  /// }
  /// ```
  /// - Returns: True when it owns the selection again; false when the copy ended otherwise
  ///   (another application's copy, the paste limit, the expiry, `clearContents()`), the
  ///   connection was not lost, or another application owns the selection now.
  /// - Throws: ``SystemPasteboardError`` when no new connection can be made, or owning fails.
  package func ownAgainAfterLostConnection() throws(SystemPasteboardError) -> Bool {
    guard let lost = madeBackend, lost.failure != nil, !lost.ownsSelection,
      let (items, fileOperation, ownership) = state.withLock({ state in
        state.ownership.flatMap { ownership in state.owned.map { ($0.items, $0.fileOperation, ownership) } }
      })
    else { return false }
    let way = try connected()
    do {
      guard try way.targets().isEmpty else { return false }
    } catch  where error.code == .noOwner {
      // Nobody owns it: ours to take back.
    }
    try way.own(items, fileOperation: fileOperation, ownership: ownership)
    selectionChanged()
    return true
  }

  /// The way to the selection, if one was made (for the tests).
  var madeBackend: (any PasteboardBackend)? { way.withLock { $0 } }

  /// Starts following the selection's owner, where it is not followed yet.
  private func watch() {
    try? connected().watch()
  }

  /// Pasteboards that may own a selection when the process exits.
  private static let owners = Locked<[SystemPasteboard]>([])

  /// At exit, each pasteboard that still owns its `CLIPBOARD` through a way that hands over
  /// (X11's) hands the data to the clipboard manager, as GTK applications do, so that a copy
  /// survives the process where a manager runs. Only clipboards are kept for it: a primary
  /// selection's pasteboard goes when its user lets it go.
  private func handOverAtExit(by way: any PasteboardBackend) {
    guard selection == .clipboard, way.capabilities.contains(.handsOverAtExit),
      state.withLock({ state in
        defer { state.handsOverAtExit = true }
        return !state.handsOverAtExit
      })
    else { return }
    let first = Self.owners.withLock { list -> Bool in
      defer { list.append(self) }
      return list.isEmpty
    }
    guard first else { return }
    ProcessEnvironment.atExit {
      for pasteboard in SystemPasteboard.owners.withLock({ $0 }) {
        _ = try? pasteboard.handOverToClipboardManager()
      }
    }
  }

  /// The change counts, starting with the current one, as the selection changes owner (another
  /// application's copy, or this process's). The stream ends when the consumer stops iterating.
  /// Apple's counterpart is `UIPasteboard.changedNotification`; `Pasteboard.changes` is the
  /// in-process pasteboard's.
  public var changes: AsyncStream<Int> {
    watch()
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(64))
    let id = state.withLock { state -> Int in
      let id = state.nextObserver
      state.nextObserver += 1
      state.observers[id] = continuation
      continuation.yield(state.changeCount)
      return id
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.state.withLock { $0.observers.removeValue(forKey: id) }
    }
    return stream
  }

  func selectionChanged() {
    state.withLock { state in
      state.changeCount += 1
      for continuation in state.observers.values { continuation.yield(state.changeCount) }
    }
    changed.notify()
  }

  /// Blocks until ``changeCount`` is no longer `count`, or `stop` holds (checked at least every
  /// `seconds`, for a flag a signal handler sets), and returns the change count then. Each check
  /// reads ``changeCount``, so a connection that was lost meanwhile is made again.
  /// - Parameters:
  ///   - count: The change count already seen.
  ///   - stop: Ends the wait early.
  ///   - seconds: How often `stop` is checked.
  /// - Returns: The change count when the wait ended.
  @discardableResult
  package func waitForChange(from count: Int, orUntil stop: () -> Bool, checkingEvery seconds: Double = 0.1) -> Int {
    var now = changeCount
    while now == count && !stop() {
      changed.wait(until: { state.withLock { $0.changeCount } != count || stop() }, seconds: seconds)
      now = changeCount
    }
    return now
  }
}
