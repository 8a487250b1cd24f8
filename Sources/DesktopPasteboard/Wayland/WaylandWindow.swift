import Foundation
import Pasteboard
import SystemPasteboard
import TypeRegistry
import UTIPlatform

/// A Wayland window that takes drops into a `DropSurface` and starts drags, through the seat's
/// `wl_data_device`: the Wayland counterpart of ``X11Window``, behind ``DesktopWindow``.
///
/// An `xdg_toplevel` showing a plain fill (or the pixels given), at the size the compositor
/// suggests where it suggests one (the pixels cropped or padded). Drops: a drag's MIME types are
/// mapped to `UTType`s as the clipboard's are (a file manager's `text/uri-list` becomes one item
/// per file); each enter and motion drives the surface's delegates, and the window answers with
/// `wl_data_offer.accept` (the first MIME type, when the operation is copy or move) and
/// `set_actions`; the payload is read (`receive`) only by `performDrop`'s loads, and the offer
/// is finished when they are done.
///
/// Operations and Wayland's actions: `.copy` is `copy`, `.move` is `move`; a source
/// that offers `ask` lets the delegates choose between the two, as the X11 window does with
/// `XdndActionAsk`. A drag started here offers the session's allowed operations and ends with
/// the action the compositor settled on (`.cancel` when the drag was cancelled or refused).
///
/// ```swift
/// let window = try WaylandWindow(title: "PointyBug", width: 800, height: 900)
/// try window.acceptDrops(into: surface)
/// ```
public final class WaylandWindow: DesktopWindow, @unchecked Sendable {
  let toplevel: WaylandToplevel
  let timeout: Double
  let registry: UTTypeRegistry?
  private let state = Locked(State())
  /// What serves the window from the main queue, when its events run on the main thread.
  private var driver: MainQueueDriver?

  /// Whether the window's events are served from the main queue now (for the tests).
  var isServedFromMainQueue: Bool { driver?.isServing ?? false }

  private struct State {
    var surface: DropSurface?
    var incoming: Incoming?
    var presses: [Int: AsyncStream<WindowButtonPress>.Continuation] = [:]
    var nextObserver = 0
    var dragging = false
    /// The offer whose drag began on the surface (set and read on the main actor, in order).
    var began: UInt32?
    var latestPress: UInt32?
    /// How long the latest motions took to answer (`answerTimes`), oldest first.
    var answerTimes: [UInt64] = []
  }

  /// How long the window took to answer each of the latest drag events over it (enter and
  /// motion), in nanoseconds, oldest first (at most 4,096): from the event's arrival on the
  /// window's thread to its `accept` and `set_actions` going out, the delegates' calls on the
  /// main actor included. `utibench` reads it beside the end-to-end time through the compositor.
  package var answerTimes: [UInt64] { state.withLock { $0.answerTimes } }

  /// The drag over the window: its offer, the items made from its types (nil while they are
  /// built), and where it is.
  private struct Incoming {
    let offer: UInt32
    let serial: UInt32
    let mimeTypes: [String]
    let allowed: Set<DropOperation>
    var items: [ItemProvider]?
    var location: CGPoint
    var dropped = false
  }

  /// Opens a window of `width` × `height` titled `title` on `display` (default: the
  /// environment's compositor), returning once it is shown.
  /// - Parameters:
  ///   - title: The window's title.
  ///   - width: Its width, in pixels.
  ///   - height: Its height, in pixels.
  ///   - pixels: What it shows (`xrgb8888`, row by row); nil for a plain light grey.
  ///   - display: The compositor; nil for `$WAYLAND_DISPLAY`.
  ///   - timeout: Bounds every exchange with the compositor and peers (default 5 s).
  ///   - registry: Maps drags' MIME types to types (default: the shared registry).
  ///   - applicationID: The app id the compositor groups and names the window by (`set_app_id`,
  ///     X11's `WM_CLASS`); nil for the program's name.
  ///   - events: Where the window's events run (``DesktopEvents``): a thread of its own, or the
  ///     main thread (then make the window there).
  /// - Throws: `SystemPasteboardError` when there is no compositor or it lacks what a window needs.
  public init(
    title: String, width: Int = 640, height: Int = 480, pixels: [UInt32]? = nil, display: WaylandDisplay? = nil,
    timeout: Duration = .seconds(5), registry: UTTypeRegistry? = nil, applicationID: String? = nil,
    events: DesktopEvents = .ownThread
  ) throws(SystemPasteboardError) {
    if events == .mainThread { try MainQueueDriver.checkMainThread() }
    let onMainQueue: @Sendable () -> Bool = { MainQueue.isCurrent }
    let toplevel = try WaylandToplevel(
      display: display, title: title, appID: applicationID ?? ProcessEnvironment.programName, width: width,
      height: height, pixels: pixels, timeout: timeout.seconds, drivenBy: events == .mainThread ? onMainQueue : nil)
    self.toplevel = toplevel
    self.timeout = timeout.seconds
    self.registry = registry
    if events == .mainThread {
      driver = try MainQueueDriver(descriptors: toplevel.readyDescriptors) { toplevel.serveReady() }
    }
    toplevel.onPress { [weak self] press in self?.pressed(press) }
    toplevel.onClose { [weak self] in self?.closeWasRequested() }
  }

  /// The compositor asked the window to close: the presses end; the owner closes the window.
  private func closeWasRequested() {
    for observer in state.withLock({ Array($0.presses.values) }) { observer.finish() }
  }

  deinit { close() }

  /// Runs every drag other applications bring over the window through `surface`; binding
  /// another surface replaces this one.
  /// - Parameter surface: The drop targets and their delegates, in window coordinates.
  /// - Throws: `SystemPasteboardError` when the connection failed.
  public func acceptDrops(into surface: DropSurface) throws(SystemPasteboardError) {
    if let failure = toplevel.failure { throw failure }
    state.withLock { $0.surface = surface }
    toplevel.onDrag { [weak self] drag in self?.dragged(drag) }
  }

  /// Starts dragging `session`'s items from the latest button press in the window (Wayland
  /// starts a drag only on the implicit grab of a press). Other applications see the first
  /// item's types as MIME types and read the one they choose; `session.onEnded` hears the
  /// outcome on the main actor.
  /// - Parameter session: The items and the operations allowed.
  /// - Throws: `SystemPasteboardError` when no button was pressed in the window, or the drag
  ///   cannot start.
  @MainActor
  public func beginDrag(_ session: DragSession) throws(SystemPasteboardError) {
    guard let serial = state.withLock({ $0.latestPress }) else {
      throw SystemPasteboardError(.request, "a Wayland drag starts from a button press in the window, and none came")
    }
    let items = session.items.map(SystemPasteboard.Item.init)
    let offers = SelectionTargets.offers(for: items)
    let ended = EndedHandler(session.onEnded)
    let allowed = session.operationsOutsideApp
    let actions = DragActions(allowing: allowed)
    let chosen = Locked<DragActions>([])
    state.withLock { $0.dragging = true }
    do {
      try toplevel.startDrag(
        mimeTypes: offers.map(\.target), actions: actions.isEmpty ? .copy : actions, serial: serial,
        serve: SelectionTargets.server(for: offers, items: items, fileOperation: .copy),
        events: { [weak self] event in
          switch event {
          case .action(let action): chosen.withLock { $0 = action }
          case .finished:
            self?.state.withLock { $0.dragging = false }
            ended.call(chosen.withLock { $0 }.operation)
          case .cancelled:
            self?.state.withLock { $0.dragging = false }
            ended.call(.cancel)
          case .target, .dropPerformed, .served: break
          }
        })
    } catch {
      state.withLock { $0.dragging = false }
      throw error
    }
  }

  /// Whether a drag this window started is in progress.
  public var isDragging: Bool { state.withLock { $0.dragging } }

  /// The presses of pointer buttons in the window, as they come.
  public var buttonPresses: AsyncStream<WindowButtonPress> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: WindowButtonPress.self, bufferingPolicy: .bufferingNewest(64))
    let id = state.withLock { state -> Int in
      defer { state.nextObserver += 1 }
      state.presses[state.nextObserver] = continuation
      return state.nextObserver
    }
    continuation.onTermination = { [weak self] _ in _ = self?.state.withLock { $0.presses.removeValue(forKey: id) } }
    if toplevel.closeRequested { continuation.finish() }
    return stream
  }

  /// Whether the compositor asked the window to close (its close button, a shortcut);
  /// ``buttonPresses`` streams end then. Closing is the owner's to do (``close()``).
  public var closeRequested: Bool { toplevel.closeRequested }

  /// Stops taking drops and closes the window.
  public func close() {
    toplevel.close()
    // Ended at once where the window is served; elsewhere at its next serve, which stops the driver.
    if toplevel.failure != nil { driver?.cancel() }
  }

  // MARK: Presses

  private func pressed(_ press: WaylandToplevel.Press) {
    // BTN_LEFT, BTN_RIGHT, BTN_MIDDLE (linux/input-event-codes.h) as X11's 1, 3, 2.
    let button = [272: 1, 273: 3, 274: 2][Int(press.button)] ?? Int(press.button)
    let observers = state.withLock { state in
      state.latestPress = press.serial
      return Array(state.presses.values)
    }
    let event = WindowButtonPress(location: CGPoint(x: press.x, y: press.y), button: button)
    for observer in observers { observer.yield(event) }
  }

  // MARK: Drops

  private func dragged(_ event: WaylandToplevel.Drag) {
    let arrived = MonotonicClock.now()
    guard let surface = state.withLock({ $0.surface }) else { return }
    switch event {
    case .entered(let offer, let serial, let mimeTypes, let actions, let x, let y):
      state.withLock { state in
        state.incoming = Incoming(
          offer: offer, serial: serial, mimeTypes: mimeTypes, allowed: actions.allowedOperations, items: nil,
          location: CGPoint(x: x, y: y))
      }
      buildItems(offer: offer, mimeTypes: mimeTypes, surface: surface, arrived: arrived)
    case .moved(let x, let y):
      state.withLock { $0.incoming?.location = CGPoint(x: x, y: y) }
      move(surface: surface, arrived: arrived)
    case .action: break
    case .left:
      guard
        let drag = state.withLock({ state -> Incoming? in
          guard let drag = state.incoming, !drag.dropped else { return nil }
          state.incoming = nil
          return drag
        })
      else { return }
      runOnMain { [self] in
        if state.withLock({ $0.began == drag.offer }) {
          state.withLock { $0.began = nil }
          surface.cancel()
        }
        toplevel.release(drag.offer)
      }
    case .dropped:
      guard
        let drag = state.withLock({ state -> Incoming? in
          state.incoming?.dropped = true
          defer { state.incoming = nil }
          return state.incoming
        })
      else { return }
      let location = drag.location
      runOnMain { [self] in
        let began = state.withLock { state in
          defer { state.began = nil }
          return state.began == drag.offer
        }
        // The drag's settled handler finishes (or releases) the offer once its loads are done.
        guard began, surface.isDragging else { return toplevel.release(drag.offer) }
        _ = surface.end(at: location)
      }
    }
  }

  /// Builds the items of a drag's MIME types (``IncomingDrag``) on a thread of its own, since a
  /// file list is read from the drag's source, which may be this window's own connection (a
  /// drag from our own window); then moves the drag to where it is now.
  private func buildItems(offer: UInt32, mimeTypes: [String], surface: DropSurface, arrived: UInt64) {
    let toplevel = self.toplevel
    let registry = self.registry ?? UTTypeRegistry.shared.current
    WorkerThread.detached { [weak self] in
      let read: @Sendable (String) throws -> [UInt8] = { mimeType in
        var data: [UInt8] = []
        try toplevel.receive(mimeType, from: offer) { chunk throws(SystemPasteboardError) in data += chunk }
        return data
      }
      let items =
        (try? IncomingDrag.items(
          targets: mimeTypes, application: AppIdentity(bundleIdentifier: "wayland client"), registry: registry,
          readFileList: { try? read($0) }, load: read)) ?? []
      guard let self else { return }
      let current = state.withLock { state -> Bool in
        guard state.incoming?.offer == offer else { return false }
        state.incoming?.items = items
        return true
      }
      if current { move(surface: surface, arrived: arrived) }
    }
  }

  /// Moves the drag over us on the surface (beginning it there at its first position) on the
  /// main actor, and answers the offer from there with what the surface's operation now is (the
  /// window's thread goes on meanwhile: Wayland lets a target answer later); records how long
  /// the answer took since the event `arrived`. A drag whose items are still being built is
  /// answered once they are.
  private func move(surface: DropSurface, arrived: UInt64) {
    guard let drag = state.withLock({ $0.incoming }), let items = drag.items else { return }
    let (offer, location, allowed) = (drag.offer, drag.location, drag.allowed)
    let source = AppIdentity(bundleIdentifier: "wayland client")
    runOnMain { [self] in
      let first = state.withLock { state in
        defer { state.began = offer }
        return state.began != offer
      }
      let operation = IncomingDrag.move(
        on: surface, items: items, to: location, allowing: allowed, first: first, from: source
      ) { [toplevel] operation in
        if operation == .copy || operation == .move {
          try? toplevel.finish(offer)
        } else {
          toplevel.release(offer)
        }
      }
      answer(drag, operation: operation, arrived: arrived)
    }
  }

  /// Answers `drag`'s offer with `operation` (accepting its first MIME type for a copy or a move),
  /// if it is still the drag over us.
  private func answer(_ drag: Incoming, operation: DropOperation, arrived: UInt64) {
    guard state.withLock({ $0.incoming?.offer == drag.offer }) else { return }
    let takes = operation == .copy || operation == .move
    let action = DragActions(performing: operation)
    try? toplevel.answer(
      drag.offer, serial: drag.serial, mimeType: takes ? drag.mimeTypes.first : nil, actions: action,
      preferred: action)
    let took = MonotonicClock.now() - arrived
    state.withLock { state in
      if state.answerTimes.count == 4096 { state.answerTimes.removeFirst(2048) }
      state.answerTimes.append(took)
    }
  }
}

extension WaylandWindow {
  /// The clipboard (or primary selection) through this window, as a toolkit's clipboard is:
  /// a copy is set through the window's data device with the serial of its latest input event
  /// (a key press, a click), and a paste reads what the compositor told the window while it had
  /// keyboard focus. Apple's counterpart: `NSPasteboard.general` of an application's window.
  ///
  /// ```swift
  /// let clipboard = window.pasteboard(for: .clipboard)
  /// try clipboard.setItemProviders([NSItemProvider(object: "Hello" as NSString)])   // after a click or key
  /// ```
  /// - Parameter selection: The clipboard or the primary selection.
  /// - Returns: A pasteboard that copies and pastes through this window.
  public func pasteboard(for selection: SystemPasteboard.Selection) -> SystemPasteboard {
    SystemPasteboard(selection: selection, window: toplevel, timeout: timeout, registry: registry)
  }
}
