import Foundation
import Pasteboard
import SystemPasteboard
import TypeRegistry
import UTIPlatform

extension X11Window {
  /// What runs behind a window: one connection and its event loop, which answers XDND messages,
  /// drives the window's drags, serves `XdndSelection`, and runs the commands the window's
  /// methods queue. Everything but the queue and the published flags is confined to the loop's
  /// thread.
  final class Host: X11EventLoopDelegate, @unchecked Sendable {
    let connection: X11Connection
    let atoms: Xdnd.Atoms
    /// The owner of `XdndSelection` while a drag of ours runs; its window is our drags' source
    /// window and, for a host's window, the proxy drops arrive at.
    let owner: SelectionOwner
    /// The window drops are for (the `window` field of the messages we take).
    let window: UInt32
    var timeout: Double { connection.timeout }
    /// The registry that maps a drag's targets to types (nil: the shared one).
    let registry: UTTypeRegistry?

    private let loop: EventLoop
    /// What serves the loop from the main queue, when the window's events run on the main thread.
    private var driver: MainQueueDriver?
    private let dragging = Locked(false)
    /// Whether the window manager asked the window to close (`WM_DELETE_WINDOW`).
    let closing = Locked(false)
    /// `WM_PROTOCOLS` and `WM_DELETE_WINDOW` (0 where they could not be interned).
    private let wmProtocols: UInt32
    private let wmDeleteWindow: UInt32
    private let pressObservers = Locked<(next: Int, all: [Int: AsyncStream<ButtonPress>.Continuation])>((0, [:]))

    /// The receiving side, once a surface is bound.
    var receiver: Receiver?
    /// The drag this window started, while it runs.
    var drag: Drag?

    /// Whether this process created the window (and destroys it at the end).
    let ownsWindow: Bool

    init(
      connection: X11Connection, window: UInt32, ownsWindow: Bool, registry: UTTypeRegistry?,
      events: DesktopEvents = .ownThread
    ) throws(SystemPasteboardError) {
      self.connection = connection
      self.registry = registry
      self.window = window
      self.ownsWindow = ownsWindow
      atoms = try Xdnd.Atoms(connection)
      wmProtocols = (try? connection.atom("WM_PROTOCOLS")) ?? 0
      wmDeleteWindow = (try? connection.atom("WM_DELETE_WINDOW")) ?? 0
      owner = try SelectionOwner(connection: connection, selection: "XdndSelection", registry: registry)
      loop = try EventLoop(for: connection)
      loop.prepare(serving: owner, delegate: self)
      switch events {
      case .ownThread: try loop.start()
      case .mainThread:
        try MainQueueDriver.checkMainThread()
        let loop = loop
        let descriptors = loop.startDriven(socket: connection.socket) { MainQueue.isCurrent }
        driver = try MainQueueDriver(descriptors: descriptors) { loop.serveReady() }
      }
    }

    // MARK: Commands

    /// Queues `command` for the loop's thread (it runs between events); false when it has ended.
    @discardableResult
    func post(_ command: @escaping @Sendable (Host) -> Void) -> Bool {
      loop.execute { [self] in command(self) }
    }

    /// Runs `command` on the loop's thread and waits for its outcome.
    func perform(_ command: @escaping @Sendable (Host) throws(SystemPasteboardError) -> Void)
      throws(SystemPasteboardError)
    {
      do {
        try loop.submit(within: 3 * timeout) { [self] () throws(SystemPasteboardError) in try command(self) }
      } catch  where error.code == .closed {
        throw SystemPasteboardError(.closed, "the window is closed, or its connection to the X server was lost")
      }
    }

    /// Ends the loop. A loop served from the main queue ends at once there; closed from another
    /// thread, it ends at its next serve (a timer tick at most), whose end stops the driver.
    func stop() {
      loop.close()
      if loop.failure != nil { driver?.cancel() }
    }

    /// Stops a debug build where the caller is not on the loop (what touches the connection is
    /// the loop's alone).
    func assertInLoop(file: StaticString = #fileID, line: UInt = #line) {
      loop.assertInEventLoop(file: file, line: line)
    }

    /// Runs `command` now where this is the loop's thread (a window served on the main thread
    /// answering from its delegates), else queues it for the loop.
    func onLoop(_ command: @escaping @Sendable (Host) -> Void) {
      if loop.inEventLoop { command(self) } else { post(command) }
    }

    var isDragging: Bool { dragging.withLock { $0 } }
    func setDragging(_ value: Bool) { dragging.withLock { $0 = value } }

    func buttonPresses() -> AsyncStream<ButtonPress> {
      let (stream, continuation) = AsyncStream.makeStream(of: ButtonPress.self, bufferingPolicy: .bufferingNewest(64))
      let id = pressObservers.withLock { observers -> Int in
        defer { observers.next += 1 }
        observers.all[observers.next] = continuation
        return observers.next
      }
      continuation.onTermination = { [weak self] _ in
        _ = self?.pressObservers.withLock { $0.all.removeValue(forKey: id) }
      }
      if closing.withLock({ $0 }) { continuation.finish() }
      return stream
    }

    // MARK: The loop's delegate

    var nextDeadline: UInt64 { drag?.deadline ?? .max }

    func tick() { checkDeadlines() }

    /// The loop ended (stopped, or the connection lost): a drag of ours is cancelled, one over
    /// us exits, the press streams finish, and a window we made is destroyed.
    func loopEnded(_ error: SystemPasteboardError?) {
      if drag != nil { endDrag(.cancel) }
      receiver?.connectionLost()
      receiver = nil
      for continuation in pressObservers.withLock({ $0.all.values }) { continuation.finish() }
      if error == nil, ownsWindow { connection.destroyWindow(window) }
      try? connection.flush()
    }

    func handle(_ event: X11Connection.Event) {
      switch X11Event(event, xfixesEvent: connection.xfixesEvent) {
      case .clientMessage(let clientMessage)
      where clientMessage.window == window && clientMessage.type == wmProtocols
        && clientMessage.data.first == wmDeleteWindow && wmDeleteWindow != 0:
        // The window manager's close button (ICCCM 4.1.2.7): the presses end; the owner closes.
        closing.withLock { $0 = true }
        for continuation in pressObservers.withLock({ $0.all.values }) { continuation.finish() }
      case .clientMessage(let clientMessage):
        guard let message = Xdnd.Message(clientMessage, atoms: atoms) else { return }
        switch message {
        case .status, .finished:
          if clientMessage.window == owner.window { dragReceived(message) }
        case .enter, .position, .leave, .drop:
          if clientMessage.window == window { receiver?.received(message, host: self) }
        }
      case .destroyNotify(let gone):
        receiver?.windowDestroyed(gone, host: self)
      case .buttonPress(let button, window, let x, let y, _):  // in our window
        let press = ButtonPress(location: CGPoint(x: x, y: y), button: Int(button))
        for continuation in pressObservers.withLock({ $0.all.values }) { continuation.yield(press) }
      case .motion(let x, let y, let time):
        dragMoved(x: x, y: y, time: time)
      case .buttonRelease(_, let time):
        dragReleased(time: time)
      case .keyPress(let keycode, _):
        dragKeyPressed(keycode)
      default: break
      }
    }

    /// Runs `body` on the main actor, without waiting for it (see ``runOnMain(_:)``).
    func onMain(_ body: @escaping @MainActor @Sendable () -> Void) {
      runOnMain(body)
    }
  }
}
