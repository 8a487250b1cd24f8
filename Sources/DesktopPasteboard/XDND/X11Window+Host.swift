import Foundation
import Pasteboard
import SystemPasteboard
import TypeRegistry
import UTIPlatform

extension X11Window {
  /// The thread behind a window: one connection, one event loop that answers XDND messages,
  /// drives the window's drags, serves `XdndSelection`, and runs the commands the window's
  /// methods queue. Everything but the queue and the published flags is confined to the thread.
  final class Host: @unchecked Sendable {
    let connection: X11Connection
    let atoms: Xdnd.Atoms
    /// The owner of `XdndSelection` while a drag of ours runs; its window is our drags' source
    /// window and, for a host's window, the proxy drops arrive at.
    let owner: SelectionOwner
    /// The window drops are for (the `window` field of the messages we take).
    let window: UInt32
    let display: X11Display?
    let timeout: Double
    /// The registry that maps a drag's targets to types (nil: the shared one).
    let registry: UTTypeRegistry?

    private let commands = Locked<[@Sendable (Host) -> Void]>([])
    private let wake: WakePipe
    private let stopped = Locked(false)
    private let dragging = Locked(false)
    private let pressObservers = Locked<(next: Int, all: [Int: AsyncStream<ButtonPress>.Continuation])>((0, [:]))
    private var thread: WorkerThread?

    /// The receiving side, once a surface is bound.
    var receiver: Receiver?
    /// The drag this window started, while it runs.
    var drag: Drag?

    /// Whether this process created the window (and destroys it at the end).
    let ownsWindow: Bool

    init(
      connection: X11Connection, window: UInt32, ownsWindow: Bool, display: X11Display?, timeout: Double,
      registry: UTTypeRegistry?
    ) throws(SystemPasteboardError) {
      self.connection = connection
      self.registry = registry
      self.window = window
      self.ownsWindow = ownsWindow
      self.display = display
      self.timeout = timeout
      atoms = try Xdnd.Atoms(connection)
      owner = try SelectionOwner(connection: connection, selection: "XdndSelection", registry: registry)
      guard let wake = WakePipe() else { throw SystemPasteboardError(.closed, "no pipe to wake the window's thread") }
      self.wake = wake
      wake.attach(to: connection.socket)
      guard let thread = WorkerThread({ [self] in run() }) else {
        throw SystemPasteboardError(.closed, "no thread could be started for the window")
      }
      self.thread = thread
    }

    // MARK: Commands

    /// Queues `command` for the thread (it runs between events); false when the thread has ended.
    @discardableResult
    func post(_ command: @escaping @Sendable (Host) -> Void) -> Bool {
      let queued = commands.withLock { list -> Bool in
        guard !stopped.withLock({ $0 }) else { return false }
        list.append(command)
        return true
      }
      if queued { wake.wake() }
      return queued
    }

    /// Runs `command` on the thread and waits for its outcome.
    func perform(_ command: @escaping @Sendable (Host) throws(SystemPasteboardError) -> Void)
      throws(SystemPasteboardError)
    {
      let waiter = Waiter<Result<Void, SystemPasteboardError>>()
      guard post({ host in waiter.deliver(Result { () throws(SystemPasteboardError) in try command(host) }) }) else {
        throw SystemPasteboardError(.closed, "the window is closed, or its connection to the X server was lost")
      }
      guard let result = waiter.wait(seconds: 3 * timeout) else {
        throw SystemPasteboardError(.timeout, "the window's thread did not answer in time")
      }
      try result.get()
    }

    func stop() {
      let wasStopped = stopped.withLock { stopped -> Bool in
        defer { stopped = true }
        return stopped
      }
      guard !wasStopped else { return }
      wake.wake()
      if let thread, !thread.isCurrent { thread.join() }
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
      return stream
    }

    // MARK: The loop

    private func run() {
      defer { shutDown() }
      while !stopped.withLock({ $0 }) {
        for command in commands.withLock({ list in
          defer { list.removeAll() }; return list
        }) {
          command(self)
        }
        do {
          let deadline = min(MonotonicClock.deadline(after: 1_000_000_000), drag?.deadline ?? .max)
          try owner.serve(until: deadline) { event in
            handle(event)
            return false
          }
          checkDeadlines()
        } catch {
          receiver?.connectionLost()
          endDrag(.cancel)
          return
        }
      }
    }

    private func shutDown() {
      stopped.withLock { $0 = true }
      if drag != nil { endDrag(.cancel) }
      receiver?.connectionLost()
      receiver = nil
      for continuation in pressObservers.withLock({ $0.all.values }) { continuation.finish() }
      if ownsWindow { connection.destroyWindow(window) }
      try? connection.flush()
      connection.socket.close()
      // Commands queued before the end run against the closed connection: their waiters hear the error.
      for command in commands.withLock({ list in
        defer { list.removeAll() }; return list
      }) {
        command(self)
      }
    }

    private func handle(_ event: X11Connection.Event) {
      switch X11Event(event, xfixesEvent: connection.xfixesEvent) {
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

    /// Calls `body` on the main actor and waits (at most `timeout`) for what it returns.
    func onMain<T: Sendable>(_ body: @escaping @MainActor @Sendable () -> T) -> T? {
      let waiter = Waiter<T>()
      Task { @MainActor in waiter.deliver(body()) }
      return waiter.wait(seconds: timeout)
    }
  }
}
