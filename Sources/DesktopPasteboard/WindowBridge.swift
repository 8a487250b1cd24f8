import Foundation
import Pasteboard
import SystemPasteboardCore
import TypeRegistry
import UTIPlatform

/// What every ``DesktopWindow`` is made of, whatever the backend: a `WindowBackend` (XDND's or
/// `wl_data_device`'s, in SystemPasteboard) bridged to the model, once for both.
///
/// A drag from another application: its targets become items (``IncomingDrag``, built off the
/// window's loop: a file list is read from the source, which may be this process); each position
/// moves the drag on the `DropSurface` on the main actor, whose operation is posted back as the
/// answer (a position that comes while the items are built is answered once they are); a drop
/// ends the drag on the surface, and the backend finishes it when `performDrop`'s loads settle.
/// A drag of ours: the session's items go out as the backend's offers; `onEnded` hears the outcome.
final class WindowBridge: @unchecked Sendable {
  // Sendable: `state` is under its lock; `backend` (its own lock and loop), `registry` and `driver` are
  // `let`s set in `init`.
  let backend: any WindowBackend
  let registry: UTTypeRegistry?
  let state = Locked(State())
  /// What serves the window from the main queue, when its events run on the main thread.
  private let driver: MainQueueDriver?

  /// For a window whose events run on the main thread: how many times its loop was served.
  var drivenServings: Int? { driver?.servings }

  struct State {
    var surface: DropSurface?
    var incoming: Incoming?
    var presses: [Int: AsyncStream<WindowButtonPress>.Continuation] = [:]
    var nextObserver = 0
    var dragging = false
    /// The drag that began on the surface (set and read on the main actor, in order).
    var began: Int?
    /// Told how long each answer took (``observeAnswers(_:)``); nil: nothing is told.
    var answerObserver: (@Sendable (UInt64) -> Void)?
  }

  /// The drag over the window: its number, the items made from its targets (nil while they are
  /// built; empty when it has none the model takes), and where it is.
  struct Incoming {
    let number: Int
    let targets: [String]
    let source: AppIdentity
    let bounds: CGRect
    var items: [ItemProvider]?
    var location = CGPoint.zero
    var allowed: DragActions = []
    /// When the latest position arrived (monotonic nanoseconds), nil once answered.
    var arrived: UInt64?
  }

  /// Bridges `backend`; with `events` `.mainThread`, its loop is served from the main queue.
  init(_ backend: any WindowBackend, registry: UTTypeRegistry?, events: DesktopEvents) throws(SystemPasteboardError) {
    self.backend = backend
    self.registry = registry
    if events == .mainThread {
      driver = try MainQueueDriver(
        descriptors: backend.readyDescriptors, serve: { backend.serveReady() }, deadline: { backend.nextTaskDeadline })
    } else {
      driver = nil
    }
    backend.onPress { [weak self] press in self?.pressed(press) }
    backend.onClose { [weak self] in self?.endPresses() }
    // Whether a drag's files may go through the file transfer portal: known by the first drag.
    FileTransferPortal.shared.checkInBackground()
  }

  deinit { close() }

  /// Whether the window's events are served from the main queue now (for the tests).
  var isServedFromMainQueue: Bool { driver?.isServing ?? false }

  /// Tells `observer` how long the window took to answer each position over it from now on, in
  /// nanoseconds: from the event's arrival on the window's loop to the answer going out, the
  /// delegates' calls on the main actor included (a benchmark's hook; nil stops it).
  func observeAnswers(_ observer: (@Sendable (UInt64) -> Void)?) {
    state.withLock { $0.answerObserver = observer }
  }

  func acceptDrops(into surface: DropSurface) throws(SystemPasteboardError) {
    state.withLock { $0.surface = surface }
    try backend.acceptDrops { [weak self] event in self?.received(event) }
  }

  @MainActor
  func beginDrag(_ session: DragSession) throws(SystemPasteboardError) {
    let ended = EndedHandler(session.onEnded, withMask: session.onEndedWithMask)
    state.withLock { $0.dragging = true }
    do {
      try backend.startDrag(
        session.items.map(SystemPasteboard.Item.init),
        allowed: DragActions(allowing: session.operationsOutsideApp, mask: session.operationMask),
        icon: session.image.flatMap(DragIcon.init)
      ) { [weak self] action in
        self?.state.withLock { $0.dragging = false }
        ended.call(action.operation, mask: action.performedMask)
      }
    } catch {
      state.withLock { $0.dragging = false }
      throw error
    }
  }

  var isDragging: Bool { state.withLock { $0.dragging } }

  var buttonPresses: AsyncStream<WindowButtonPress> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: WindowButtonPress.self, bufferingPolicy: .bufferingNewest(64))
    let id = state.withLock { state -> Int in
      defer { state.nextObserver += 1 }
      state.presses[state.nextObserver] = continuation
      return state.nextObserver
    }
    continuation.onTermination = { [weak self] _ in _ = self?.state.withLock { $0.presses.removeValue(forKey: id) } }
    if backend.closeRequested || backend.failure != nil { continuation.finish() }
    return stream
  }

  var closeRequested: Bool { backend.closeRequested }

  func close() {
    backend.close()
    // Ended at once where the window is served; elsewhere at its next serve, which stops the driver.
    if backend.failure != nil { driver?.cancel() }
  }

  // MARK: Presses

  private func pressed(_ press: WindowPress) {
    let observers = state.withLock { Array($0.presses.values) }
    let event = WindowButtonPress(location: CGPoint(x: press.x, y: press.y), button: press.button)
    for observer in observers { observer.yield(event) }
  }

  /// The window was asked to close, or its loop ended: the presses end.
  private func endPresses() {
    for observer in state.withLock({ Array($0.presses.values) }) { observer.finish() }
  }
}

/// A drag's `onEnded` (and what hears AppKit's name for the operation), kept on the main
/// actor, where they are called.
@MainActor
final class EndedHandler: Sendable {
  let onEnded: ((DropOperation) -> Void)?
  let withMask: ((NSDragOperation) -> Void)?
  init(_ onEnded: ((DropOperation) -> Void)?, withMask: ((NSDragOperation) -> Void)? = nil) {
    self.onEnded = onEnded
    self.withMask = withMask
  }

  /// Calls `onEnded` with `operation` on the main actor, after telling `withMask` what the
  /// target performed as AppKit names it (a link, a private operation).
  nonisolated func call(_ operation: DropOperation, mask: NSDragOperation = []) {
    Task { @MainActor in
      if !mask.isEmpty { self.withMask?(mask) }
      self.onEnded?(operation)
    }
  }
}

extension DragIcon {
  /// The icon a backend draws for `image`: its pixels, its hot spot rounded to a pixel.
  init?(_ image: DragImage) {
    self.init(
      width: image.width, height: image.height, pixels: image.pixels,
      hotX: Int(image.hotSpot.x.rounded(.down)), hotY: Int(image.hotSpot.y.rounded(.down)))
  }
}
