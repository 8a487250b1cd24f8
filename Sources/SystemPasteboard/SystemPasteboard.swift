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

  /// The clipboard of the desktop the environment names (`$WAYLAND_DISPLAY`, else `$DISPLAY`).
  public static let clipboard = SystemPasteboard(selection: .clipboard)
  /// The primary selection of the desktop the environment names.
  public static let primary = SystemPasteboard(selection: .primary)

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
  package let timeoutSeconds: Double
  /// The registry that maps MIME types and targets to `UTType`s; nil for the shared registry
  /// (as it is at each call).
  public let registry: UTTypeRegistry?

  private let state = Locked(State())
  /// The reading connection and its window, kept between reads (see `withReader`).
  private let reading = Locked<SelectionReader?>(nil)
  /// The Wayland connection, which owns, reads and watches the selection (see `wayland()`).
  private let waylandSelection = Locked<(any WaylandClipboard)?>(nil)

  struct State {
    var server: Server?
    /// The ownership of the latest `setItems` (nil after `clearContents`).
    var ownership: Ownership?
    var changeCount = 0
    var observers: [Int: AsyncStream<Int>.Continuation] = [:]
    var nextObserver = 0
    /// Set by ``setItemsBeforeFork(_:fileOperation:options:)`` until ``startServing()``: new
    /// connections start no thread, and an expiration waits.
    var threadsDeferred = false
    var deferredExpiry: (ownership: Ownership, date: Date)?
  }

  /// A pasteboard for `selection` on `backend` (resolved from the environment when nil), whose
  /// targets are mapped to types by `registry` (default: the shared registry, as it is at each
  /// call; `utictl --types` passes one with the declarations it loaded).
  ///
  /// ```swift
  /// let primary = SystemPasteboard(selection: .primary, backend: .wayland(try WaylandDisplay(name: "wayland-1")))
  /// ```
  /// - Parameters:
  ///   - selection: The clipboard or the primary selection.
  ///   - backend: The desktop to talk to; nil for the one the environment names (at each connection).
  ///   - timeout: How long any one exchange with the server or another application may take (default 5 s).
  ///   - registry: The registry that maps targets to types.
  public init(
    selection: Selection, backend: Backend? = nil, timeout: Duration = .seconds(5), registry: UTTypeRegistry? = nil
  ) {
    self.selection = selection
    self.backend = backend
    self.timeoutSeconds = timeout.seconds
    self.registry = registry
  }

  /// A pasteboard for `selection` through an application's own Wayland window (its data
  /// device, with the serial of its latest input), as a toolkit's clipboard is.
  package init(
    selection: Selection, window: WaylandToplevel, timeout: Double = 5, registry: UTTypeRegistry? = nil
  ) {
    self.selection = selection
    self.backend = .wayland(window.connection.display)
    self.timeoutSeconds = timeout
    self.registry = registry
    waylandSelection.withLock {
      $0 = WaylandWindowSelection(window: window, primary: selection == .primary, registry: registry)
    }
  }

  /// A pasteboard for `selection` on the X server `display`.
  /// - Parameters:
  ///   - selection: The clipboard or the primary selection.
  ///   - display: The X server.
  ///   - timeout: How long any one exchange with the server or another application may take (default 5 s).
  ///   - registry: The registry that maps targets to types.
  public convenience init(
    selection: Selection, display: X11Display, timeout: Duration = .seconds(5), registry: UTTypeRegistry? = nil
  ) {
    self.init(selection: selection, backend: .x11(display), timeout: timeout, registry: registry)
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
      if let wayland = try wayland() {
        try wayland.own(items, fileOperation: fileOperation, ownership: ownership)
      } else {
        try runningServer().perform(.own(items, fileOperation, ownership))
      }
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
      if try wayland() is WaylandFocusedSelection {
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
    let (server, expiry) = state.withLock { state in
      defer {
        state.threadsDeferred = false
        state.deferredExpiry = nil
      }
      return (state.server, state.deferredExpiry)
    }
    if let server {
      try server.startLoop()
      Self.handOverAtExit(self)
    }
    if let wayland = waylandSelection.withLock({ $0 }) as? WaylandSelection { try wayland.startLoop() }
    if let expiry { expire(expiry.ownership, at: expiry.date) }
  }

  /// Gives the selection up on a thread of its own (the backends report pastes on theirs),
  /// if `ownership` is still the current one.
  private func relinquish(_ ownership: Ownership) {
    let thread = WorkerThread { [weak self] in
      guard let self, state.withLock({ $0.ownership === ownership }) else { return }
      try? disown()
    }
    thread?.detach()
  }

  /// Gives the selection up at `date`, if `ownership` is still the current one and owns it.
  private func expire(_ ownership: Ownership, at date: Date) {
    let thread = WorkerThread { [weak self] in
      while let self, state.withLock({ $0.ownership === ownership }), ownsSelection {
        let remaining = date.timeIntervalSinceNow
        guard remaining > 0 else {
          try? disown()
          return
        }
        MonotonicClock.sleep(seconds: min(remaining, 0.1) + 1e-6)
      }
    }
    thread?.detach()
  }

  /// Whether this process owns the selection now.
  public var ownsSelection: Bool {
    state.withLock { $0.server?.ownsSelection ?? false } || waylandSelection.withLock { $0?.ownsSelection ?? false }
  }

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
    state.withLock { $0.ownership = nil }
    if let wayland = try wayland() {
      try wayland.clear()
      return
    }
    try runningServer().perform(.clear)
  }

  /// Gives the selection up if this process owns it (a copy that expired or served its pastes).
  private func disown() throws(SystemPasteboardError) {
    state.withLock { $0.ownership = nil }
    if let wayland = waylandSelection.withLock({ $0 }) { try wayland.disown() }
    guard let server = state.withLock({ $0.server }) else { return }
    try server.perform(.disown)
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
    guard let server = state.withLock({ $0.ownership?.mayBeHandedOver == false ? nil : $0.server }),
      server.ownsSelection
    else { return false }
    return try server.perform(.handOver)
  }

  /// Blocks until this process no longer owns the selection (another application took it).
  public func waitUntilOwnershipEnds() {
    if waylandSelection.withLock({ $0 }) != nil {
      while ownsSelection { MonotonicClock.sleep(seconds: 0.02) }
      return
    }
    guard let server = state.withLock({ $0.server }) else { return }
    server.waitUntilOwnershipEnds()
  }

  /// The number of times the selection changed owner since this pasteboard first watched it
  /// (X11's XFIXES selection events, and this process's own writes). Apple's counterpart:
  /// `UIPasteboard.changeCount`.
  public var changeCount: Int {
    watch()
    return state.withLock { $0.changeCount }
  }

  /// The server of this pasteboard's connection: the running one, or a new one (on a new
  /// connection) when there is none or the last one's connection was lost.
  private func runningServer() throws(SystemPasteboardError) -> Server {
    let deferred = state.withLock { $0.threadsDeferred }
    if let server = state.withLock({ $0.server }), server.failure == nil { return server }
    let server = try Server(pasteboard: self, startingLoop: !deferred)
    let running = state.withLock { current in
      if let existing = current.server, existing.failure == nil { return existing }
      current.server = server
      return server
    }
    // A process about to fork hands nothing over at its exit: the child does, once it serves.
    if !deferred { Self.handOverAtExit(self) }
    return running
  }

  /// The Wayland selection when this pasteboard's desktop is Wayland (the one given, or the
  /// environment's): the running one, or a new one when there is none or the last one's
  /// connection was lost; nil for X11.
  /// - Throws: ``SystemPasteboardError``: `.noDisplay` when the environment names no desktop.
  private func wayland() throws(SystemPasteboardError) -> (any WaylandClipboard)? {
    let display: WaylandDisplay
    switch backend {
    case .x11: return nil
    case .wayland(let given): display = given
    case nil:
      guard WaylandDisplay.isNamedByEnvironment else {
        guard !(ProcessEnvironment.value("DISPLAY") ?? "").isEmpty else { throw Backend.noDesktop }
        return nil
      }
      display = try WaylandDisplay.fromEnvironment()
    }
    return try waylandSelection.withLock { current -> Result<any WaylandClipboard, SystemPasteboardError> in
      if let current, current.failure == nil, current.display == display { return .success(current) }
      if let current = current as? WaylandWindowSelection {
        // A window's pasteboard stays the window's: its failure is the window's.
        return .failure(current.failure ?? SystemPasteboardError(.closed, "the window's connection is closed"))
      }
      current?.close()
      current = nil
      do throws(SystemPasteboardError) {
        let made = try makeWaylandClipboard(
          display: display, primary: selection == .primary, timeout: timeoutSeconds, registry: registry,
          startingLoop: !state.withLock { $0.threadsDeferred }
        ) { [weak self] in self?.selectionChanged() }
        current = made
        return .success(made)
      } catch {
        return .failure(error)
      }
    }.get()
  }

  /// Starts following the selection's owner, where it is not followed yet.
  private func watch() {
    do {
      if try wayland() == nil { _ = try runningServer() }
    } catch {}
  }

  /// A server's connection was lost: the next call makes a new one. Where the server is still
  /// there (another client killed ours, or the connection broke) a new connection is made at once,
  /// and with `restoring` (what we owned) the selection is taken back if nobody owns it now, so
  /// that a copy is not lost; ``changes`` counts the reconnection as a change.
  func serverEnded(
    _ server: Server, restoring owned: (items: [Item], operation: FileList.Operation, ownership: Ownership)?
  ) {
    guard state.withLock({ $0.server === server }), let replacement = try? runningServer() else { return }
    if let owned { _ = try? replacement.perform(.restore(owned.items, owned.operation, owned.ownership)) }
    selectionChanged()
  }

  /// The number of `INCR` transfers the owner is serving (for the tests).
  var transferCount: Int { state.withLock { $0.server?.transferCount ?? 0 } }

  /// Pasteboards that may own a selection when the process exits.
  private static let owners = Locked<[SystemPasteboard]>([])

  /// At exit, each pasteboard that still owns its `CLIPBOARD` hands the data to the clipboard
  /// manager, as GTK applications do, so that a copy survives the process where a manager runs.
  private static func handOverAtExit(_ pasteboard: SystemPasteboard) {
    let first = owners.withLock { list -> Bool in
      defer { list.append(pasteboard) }
      return list.isEmpty
    }
    guard first else { return }
    ProcessEnvironment.atExit {
      for pasteboard in SystemPasteboard.owners.withLock({ $0 }) where pasteboard.selection == .clipboard {
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
  }

  // MARK: Reading

  /// The registry that maps targets to types: the one given at creation, else the shared
  /// registry as it is now.
  var currentRegistry: UTTypeRegistry { registry ?? UTTypeRegistry.shared.current }

  /// The owner's targets, in its order, each with the `UTType` it stands for (targets that carry
  /// no item data, such as `TARGETS`, left out).
  /// - Throws: ``SystemPasteboardError``: `.noOwner` when nothing owns the selection.
  /// - Returns: The pairs of type and target, without duplicates of a target.
  public func targets() throws(SystemPasteboardError) -> [(type: UTType, target: String)] {
    try typedTargets(withSource { source throws(SystemPasteboardError) in try source.targets() })
  }

  /// The text encodings a read converts to from `targets` (the owner's, as ``targets()`` gives
  /// them): each type of ``TextConversion/Encoding`` that no target conforms to, with the
  /// target it is converted from.
  package static func conversions(from targets: [(type: UTType, target: String)]) -> [(
    type: UTType, target: String
  )] {
    guard let source = TextConversion.source(among: targets) else { return [] }
    return TextConversion.Encoding.allCases.map(\.type).filter { type in
      !targets.contains { $0.type.conforms(to: type) }
    }.map { ($0, source) }
  }

  /// Whether ``changes`` hears other applications' copies: on X11 (XFIXES) and Wayland with
  /// data-control or a window of the application's own; not through the focused window of
  /// one pixel a compositor without data-control needs, which hears only this process's copies.
  /// - Throws: ``SystemPasteboardError`` when there is no desktop.
  package func hearsOtherApplications() throws(SystemPasteboardError) -> Bool {
    guard let wayland = try wayland() else { return true }
    return !(wayland is WaylandFocusedSelection)
  }

  /// The window of the kept reading connection, if one is kept (for the tests).
  var readingWindow: UInt32? { reading.withLock { $0?.window } }

  /// Runs `body` with this pasteboard's reading connection: made on first use and kept for the
  /// next reads, one read at a time. After a read that did not end cleanly (anything but an
  /// answer that nothing owns the selection or that the owner refused) the connection is
  /// dropped, so that a late answer to it is never taken for the next read's.
  private func withReader<T>(_ body: (SelectionReader) throws(SystemPasteboardError) -> T)
    throws(SystemPasteboardError) -> T
  {
    let result = reading.withLock { cached -> Result<T, SystemPasteboardError> in
      do throws(SystemPasteboardError) {
        let reader: SelectionReader
        if let cached {
          reader = cached
        } else {
          reader = try SelectionReader(
            connection: try X11Connection(display: display, timeout: timeoutSeconds), selection: selection.rawValue)
        }
        cached = reader
        reader.connection.discardQueuedEvents()
        return .success(try body(reader))
      } catch {
        if error.code != .noOwner && error.code != .conversionRefused { cached = nil }
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// Runs `body` with what reads this pasteboard's selection: the Wayland connection, or the
  /// kept X11 reading connection.
  private func withSource<T>(_ body: (any SelectionSource) throws(SystemPasteboardError) -> T)
    throws(SystemPasteboardError) -> T
  {
    if let wayland = try wayland() {
      defer { wayland.finishReading() }
      return try body(wayland)
    }
    return try withReader { reader throws(SystemPasteboardError) in try body(reader) }
  }

  private func typedTargets(_ targets: [String]) -> [(type: UTType, target: String)] {
    let registry = currentRegistry
    return targets.compactMap { target in
      SelectionTargets.type(ofTarget: target, registry: registry).map { ($0, target) }
    }
  }

  /// The selection as items whose representations are the owner's targets as `UTType`s, in the
  /// owner's order; each load converts the selection then. Empty
  /// when nothing owns the selection. Apple's counterpart: `NSPasteboard.pasteboardItems`.
  ///
  /// Files are files: where the owner offers a file list (`x-special/gnome-copied-files` or
  /// `text/uri-list`, as file managers copy), each file is an item of its own with
  /// `public.file-url` and then the file's type (by name and content), whose loads read the
  /// file; other URLs in the list are `public.url` items. The owner's remaining targets (the
  /// paths as text, say) follow as one more item.
  /// - Returns: The items, in the owner's order.
  /// - Throws: ``SystemPasteboardError`` when there is no display or the owner does not answer.
  public func items() throws(SystemPasteboardError) -> [Item] {
    let targets: [String]
    let files: FileList?
    do {
      (targets, files) = try withSource { source throws(SystemPasteboardError) in
        let targets = try source.targets()
        return (targets, try fileList(targets, source: source))
      }
    } catch  where error.code == .noOwner {
      return []
    }
    var items: [Item] = []
    if let files { items = files.items(registry: currentRegistry) }
    var rest = Item()
    for (type, target) in typedTargets(targets) where !(!items.isEmpty && FileList.isFileListTarget(target)) {
      guard rest.representation(of: type) == nil else { continue }
      rest.register(type) { [self] () throws(SystemPasteboardError) -> [UInt8] in [UInt8](try data(forTarget: target)) }
    }
    if !rest.representations.isEmpty { items.append(rest) }
    return items
  }

  /// The owner's file list, read from the first file-list target it offers; nil when it offers
  /// none, or the list has no entries.
  private func fileList(_ targets: [String], source: any SelectionSource) throws(SystemPasteboardError) -> FileList? {
    guard let target = targets.first(where: FileList.isFileListTarget) else { return nil }
    var data: [UInt8] = []
    try source.read(target) { chunk throws(SystemPasteboardError) in data += chunk }
    let list = FileList(data, target: target)
    return list.entries.isEmpty ? nil : list
  }

  /// The data of the owner's first target whose type conforms to `type`, with that type and
  /// target, on one connection; nil when nothing conforms. The data is held whole: for data of
  /// any size, ``write(conformingTo:to:)`` streams it instead.
  ///
  /// Where the owner offers a file list: `public.file-url` (or `public.url`) gives the URLs, one
  /// a line; a type the files conform to gives the first such file's bytes (the target is then
  /// the list's); the owner's other targets are tried first, in its order.
  ///
  /// ```swift
  /// let image = try SystemPasteboard.clipboard.data(conformingTo: .image)   // image/png from GTK
  /// ```
  /// - Parameters:
  ///   - type: The type the data must conform to.
  ///   - limit: The most bytes accepted (nil: no limit); more is refused with `.tooLarge`.
  /// - Returns: The type and target that matched, and the data; nil when nothing conforms.
  /// - Throws: ``SystemPasteboardError``: `.noOwner` when nothing owns the selection;
  ///   `.fileUnreadable` when a file the owner listed cannot be read; `.tooLarge` past `limit`.
  public func data(conformingTo type: UTType, limit: Int? = nil) throws(SystemPasteboardError) -> (
    type: UTType, target: String, data: Data
  )? {
    var bytes: [UInt8] = []
    let found = try read(conformingTo: type) { chunk throws(SystemPasteboardError) in
      if let limit, bytes.count + chunk.count > limit {
        throw SystemPasteboardError(
          .tooLarge, "the \(type.identifier) on the \(selection.rawValue) selection is larger than \(limit) bytes")
      }
      bytes += chunk
    }
    return found.map { ($0.type, $0.target, Data(bytes)) }
  }

  /// Writes the data of the owner's first target whose type conforms to `type` to the file
  /// descriptor `fd` as it arrives, a chunk at a time, so that memory stays flat for any size
  /// (the targets are chosen as ``data(conformingTo:limit:)`` chooses them).
  ///
  /// ```swift
  /// let pasted = try SystemPasteboard.clipboard.write(conformingTo: .data, to: STDOUT_FILENO)
  /// ```
  /// - Parameters:
  ///   - type: The type the data must conform to.
  ///   - fd: An open descriptor; it is written to, never closed.
  /// - Returns: The type and target that matched; nil when nothing conforms (nothing is written).
  /// - Throws: ``SystemPasteboardError``: as ``data(conformingTo:limit:)`` does, and
  ///   `.writeFailed` when writing to `fd` fails (the transfer then stops).
  @discardableResult
  public func write(conformingTo type: UTType, to fd: Int32) throws(SystemPasteboardError) -> (
    type: UTType, target: String
  )? {
    try read(conformingTo: type) { chunk throws(SystemPasteboardError) in
      do {
        try FileIO.writeAll(fd: fd, chunk, path: "descriptor \(fd)")
      } catch {
        throw SystemPasteboardError(.writeFailed, "writing the pasted data failed: \(error)")
      }
    }
  }

  /// The data of the owner's first target whose type conforms to `type`, handed to `sink` as it
  /// arrives; the type and target, or nil when nothing conforms.
  package func read(
    conformingTo type: UTType, into sink: ([UInt8]) throws(SystemPasteboardError) -> Void
  ) throws(SystemPasteboardError) -> (type: UTType, target: String)? {
    try withSource { source throws(SystemPasteboardError) in try read(conformingTo: type, from: source, into: sink) }
  }

  private func read(
    conformingTo type: UTType, from reader: any SelectionSource,
    into sink: ([UInt8]) throws(SystemPasteboardError) -> Void
  ) throws(SystemPasteboardError) -> (type: UTType, target: String)? {
    // TARGETS first, always: an owner asked for a target it lacks may answer with other data
    // (xclip -t image/png gives its PNG for UTF8_STRING), so only its own list says what it has.
    let targets = try reader.targets()
    for (targetType, target) in typedTargets(targets) where !FileList.isFileListTarget(target) {
      guard targetType.conforms(to: type) else { continue }
      var decoder = CharsetDecoder(target: target)
      try reader.read(target) { chunk throws(SystemPasteboardError) in try sink(decoder?.decode(chunk) ?? chunk) }
      if let last = decoder?.finish(), !last.isEmpty { try sink(last) }
      return (targetType, target)
    }
    // Text in an encoding the owner does not offer, converted from the text it does.
    if let encoding = TextConversion.Encoding(type), let target = TextConversion.source(among: typedTargets(targets)) {
      var conversion = TextConversion(to: encoding)
      var decoder = CharsetDecoder(target: target)
      try reader.read(target) { chunk throws(SystemPasteboardError) in
        try sink(conversion.convert(decoder?.decode(chunk) ?? chunk))
      }
      try sink(conversion.convert(decoder?.finish() ?? []) + conversion.finish())
      return (type, target)
    }
    guard let files = try fileList(targets, source: reader) else { return nil }
    let target = targets.first(where: FileList.isFileListTarget)!
    if UTType.fileURL.conforms(to: type) {
      let fileURLs = files.entries.filter { entry in
        if case .file = entry { return true }
        return false
      }
      let urls = type.conforms(to: .fileURL) ? FileList(entries: fileURLs) : files
      guard !urls.entries.isEmpty else { return nil }
      try sink(urls.lines)
      return (.fileURL, target)
    }
    let registry = currentRegistry
    for path in files.paths {
      let fileType = FileList.type(ofFile: path, registry: registry)
      guard fileType.conforms(to: type) else { continue }
      let file = try Payload(contentsOfFile: path)
      var offset = 0
      while offset < file.count {
        let chunk = try file.bytes(at: offset, length: 1 << 20)
        try sink(chunk)
        offset += chunk.count
      }
      return (fileType, target)
    }
    return nil
  }

  /// The owner's data for one target (text in another charset, such as Latin-1 `STRING` or
  /// `text/plain;charset=utf-16`, converted to UTF-8).
  ///
  /// - Parameter target: A target the owner offers, such as `image/png` (see ``targets()``).
  /// - Returns: The data, whole.
  /// - Throws: ``SystemPasteboardError``: `.noOwner` when nothing owns the selection, `.conversionRefused`
  ///   when the owner does not convert to `target`, `.timeout` when it stalls.
  public func data(forTarget target: String) throws(SystemPasteboardError) -> Data {
    var bytes: [UInt8] = []
    try withSource { source throws(SystemPasteboardError) in
      try source.read(target) { chunk throws(SystemPasteboardError) in bytes += chunk }
    }
    return SelectionTargets.received(bytes, target: target)
  }
}
