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

  private struct State {
    var surface: DropSurface?
    var incoming: Incoming?
    var presses: [Int: AsyncStream<WindowButtonPress>.Continuation] = [:]
    var nextObserver = 0
    var dragging = false
    var latestPress: UInt32?
    /// How long the latest motions took to answer (`answerTimes`), oldest first.
    var answerTimes: [UInt64] = []
  }

  /// How long the window took to answer each of the latest drag events over it (enter and
  /// motion), in nanoseconds, oldest first (at most 4,096): from the event's arrival on the
  /// window's thread to its `accept` and `set_actions` going out, the delegates' calls on the
  /// main actor included. `utibench` reads it beside the end-to-end time through the compositor.
  package var answerTimes: [UInt64] { state.withLock { $0.answerTimes } }

  /// The drag over the window: its offer, the items made from its types, and where it is.
  private struct Incoming {
    let offer: UInt32
    let serial: UInt32
    let mimeTypes: [String]
    let allowed: Set<DropOperation>
    let items: [ItemProvider]
    var location: CGPoint
    var began = false
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
  /// - Throws: `SystemPasteboardError` when there is no compositor or it lacks what a window needs.
  public init(
    title: String, width: Int = 640, height: Int = 480, pixels: [UInt32]? = nil, display: WaylandDisplay? = nil,
    timeout: Duration = .seconds(5), registry: UTTypeRegistry? = nil, applicationID: String? = nil
  ) throws(SystemPasteboardError) {
    toplevel = try WaylandToplevel(
      display: display, title: title, appID: applicationID ?? ProcessEnvironment.programName, width: width,
      height: height, pixels: pixels, timeout: timeout.seconds)
    self.timeout = timeout.seconds
    self.registry = registry
    toplevel.onPress { [weak self] press in self?.pressed(press) }
    toplevel.onClose { [weak self] in self?.closeWasRequested() }
  }

  /// The compositor asked the window to close: the presses end; the owner closes the window.
  private func closeWasRequested() {
    for observer in state.withLock({ Array($0.presses.values) }) { observer.finish() }
  }

  deinit { toplevel.close() }

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
  public func close() { toplevel.close() }

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
      let items = incomingItems(offer: offer, mimeTypes: mimeTypes)
      state.withLock { state in
        state.incoming = Incoming(
          offer: offer, serial: serial, mimeTypes: mimeTypes, allowed: actions.allowedOperations,
          items: items, location: CGPoint(x: x, y: y))
      }
      move(surface: surface, arrived: arrived)
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
      if drag.began { _ = onMain { surface.cancel() } }
      toplevel.release(drag.offer)
    case .dropped:
      guard
        let drag = state.withLock({ state -> Incoming? in
          state.incoming?.dropped = true
          defer { state.incoming = nil }
          return state.incoming
        })
      else { return }
      let location = drag.location
      let ended = onMain { surface.isDragging ? surface.end(at: location) : nil }
      if (ended ?? nil) == nil { toplevel.release(drag.offer) }
    }
  }

  /// Moves the drag over us on the surface (beginning it there at its first position), and
  /// answers the offer with what the surface's operation now is; records how long the answer
  /// took since the event `arrived`.
  private func move(surface: DropSurface, arrived: UInt64) {
    guard let drag = state.withLock({ $0.incoming }) else { return }
    let (offer, location, began, items, allowed) = (drag.offer, drag.location, drag.began, drag.items, drag.allowed)
    let source = AppIdentity(bundleIdentifier: "wayland client")
    let toplevel = self.toplevel
    let answer = onMain { () -> DropOperation in
      IncomingDrag.move(
        on: surface, items: items, to: location, allowing: allowed, first: !began, from: source
      ) { operation in
        if operation == .copy || operation == .move {
          try? toplevel.finish(offer)
        } else {
          toplevel.release(offer)
        }
      }
    }
    state.withLock { state in
      if state.incoming?.offer == offer { state.incoming?.began = true }
    }
    let operation = answer ?? .cancel
    let takes = operation == .copy || operation == .move
    let action = DragActions(performing: operation)
    try? toplevel.answer(
      offer, serial: drag.serial, mimeType: takes ? drag.mimeTypes.first : nil, actions: action, preferred: action)
    let took = MonotonicClock.now() - arrived
    state.withLock { state in
      if state.answerTimes.count == 4096 { state.answerTimes.removeFirst(2048) }
      state.answerTimes.append(took)
    }
  }

  /// The items of a drag's MIME types (``IncomingDrag``), read from the offer.
  private func incomingItems(offer: UInt32, mimeTypes: [String]) -> [ItemProvider] {
    let toplevel = self.toplevel
    let read: @Sendable (String) throws -> [UInt8] = { mimeType in
      var data: [UInt8] = []
      try toplevel.receive(mimeType, from: offer) { chunk throws(SystemPasteboardError) in data += chunk }
      return data
    }
    return
      (try? IncomingDrag.items(
        targets: mimeTypes, application: AppIdentity(bundleIdentifier: "wayland client"),
        registry: registry ?? UTTypeRegistry.shared.current, readFileList: { try? read($0) }, load: read)) ?? []
  }

  /// Calls `body` on the main actor and waits (at most the timeout) for what it returns.
  private func onMain<T: Sendable>(_ body: @escaping @MainActor @Sendable () -> T) -> T? {
    answerOnMain(within: timeout, body)
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
