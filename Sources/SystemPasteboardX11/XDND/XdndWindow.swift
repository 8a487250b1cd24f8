import SystemPasteboardCore
import TypeRegistry
import UTIPlatform

/// An X11 window of ours speaking XDND (version 5, down to 3 for older peers): the X11
/// ``WindowBackend``.
///
/// One connection and its event loop answer XDND messages, drive the window's drags, serve
/// `XdndSelection`, and run the commands the window's users post. Everything but the handlers
/// and the published flags is confined to the loop's thread.
///
/// How XDND maps to the neutral events: `XdndEnter` is ``WindowDragEvent/entered(number:targets:source:width:height:)``
/// with the source's targets (inline or its `XdndTypeList`); `XdndPosition` is `moved` (root
/// coordinates made window coordinates), answered by `XdndStatus` with the action and the quiet
/// rectangle (made root coordinates); `XdndLeave`, the source's destruction or its silence are
/// `left`; `XdndDrop` is `dropped`, and `XdndFinished` follows ``finish(_:with:)``.
package final class XdndWindow: WindowBackend, X11EventLoopDelegate, SelectionRequestorHost, @unchecked Sendable {
  // Sendable: `handlers` and `dropTimes` are under their locks; `reading`, `receiver`, `drag`, `dragsBegun`,
  // `directSaves` and `keptDragItems` are `loop`'s (used only on its thread, or by the caller before the loop
  // starts); `readyDescriptors` is set once, before the window is shared.
  let connection: X11Connection
  let atoms: Xdnd.Atoms
  /// The owner of `XdndSelection` while a drag of ours runs; its window is our drags' source
  /// window and, for a host's window, the proxy drops arrive at.
  let owner: SelectionOwner
  /// The window drops are for (the `window` field of the messages we take).
  package let window: UInt32
  /// Whether this process created the window (and destroys it at the end).
  let ownsWindow: Bool
  var timeout: Double { connection.timeout }

  let loop: EventLoop
  /// What reads a drop's data (`XdndSelection`), made at the first read, on the loop.
  private var reading: SelectionRequestor?
  package private(set) var readyDescriptors: [Int32] = []
  /// `WM_PROTOCOLS` and `WM_DELETE_WINDOW` (0 where they could not be interned).
  private let wmProtocols: UInt32
  private let wmDeleteWindow: UInt32
  let handlers = Locked(Handlers())

  struct Handlers {
    var drop: (@Sendable (WindowDragEvent) -> Void)?
    var press: (@Sendable (WindowPress) -> Void)?
    var close: (@Sendable () -> Void)?
    var closeRequested = false
  }

  /// The receiving side, once drops are taken: the XDND machine and where the drag over us is.
  var receiver: Receiver?
  /// The drag this window started, while it runs.
  var drag: Drag?
  /// How many drags the window started (each ``Drag`` has its number).
  var dragsBegun = 0
  /// The time of each drop whose loads may still read (the conversions name it), by drag number.
  let dropTimes = Locked<[Int: UInt32]>([:])
  /// The XdndDirectSave receptions of drops over us (on the loop).
  var directSaves = DirectSaves()
  /// The items of the window's latest drag, kept until its next drag or the loop's end (on the
  /// loop): a file manager copies a promised file from its folder after it finished the drop.
  var keptDragItems: [SystemPasteboard.Item] = []

  /// Creates and maps a plain top-level window titled `title` (``X11Connection/createTopLevelWindow(title:width:height:events:applicationClass:)``)
  /// on `display`. With `drivenBy` its events run on no thread of its own (``readyDescriptors``).
  /// - Throws: ``SystemPasteboardError`` when there is no display or it refuses us.
  package convenience init(
    title: String, width: Int, height: Int, display: X11Display?, timeout: Double, registry: UTTypeRegistry?,
    applicationClass: String?, drivenBy isDriving: (@Sendable () -> Bool)? = nil
  ) throws(SystemPasteboardError) {
    let connection = try X11Connection(display: display, timeout: timeout)
    let mask =
      [.exposure, .buttonPress, .structureNotify, .propertyChange] as X11Connection.EventMask
    let window = try connection.createTopLevelWindow(
      title: title, width: width, height: height, events: mask, applicationClass: applicationClass)
    try connection.sync()
    try self.init(connection: connection, window: window, ownsWindow: true, registry: registry, drivenBy: isDriving)
  }

  /// The window `id` a toolkit created on `display`: drops reach it through a proxy window of
  /// ours (`XdndProxy`), so the toolkit's own event handling is untouched.
  /// - Throws: ``SystemPasteboardError`` when there is no display.
  package convenience init(
    existing id: UInt32, display: X11Display?, timeout: Double, registry: UTTypeRegistry?
  ) throws(SystemPasteboardError) {
    let connection = try X11Connection(display: display, timeout: timeout)
    try self.init(connection: connection, window: id, ownsWindow: false, registry: registry, drivenBy: nil)
  }

  private init(
    connection: X11Connection, window: UInt32, ownsWindow: Bool, registry: UTTypeRegistry?,
    drivenBy isDriving: (@Sendable () -> Bool)?
  ) throws(SystemPasteboardError) {
    self.connection = connection
    self.window = window
    self.ownsWindow = ownsWindow
    atoms = try Xdnd.Atoms(connection)
    wmProtocols = (try? connection.atom("WM_PROTOCOLS")) ?? 0
    wmDeleteWindow = (try? connection.atom("WM_DELETE_WINDOW")) ?? 0
    owner = try SelectionOwner(
      connection: connection, selection: "XdndSelection", registry: registry,
      alsoInterning: SelectionRequestor.atomNames(for: "XdndSelection"))
    loop = try EventLoop(for: connection)
    loop.prepare(serving: owner, delegate: self)
    if let isDriving {
      readyDescriptors = loop.startDriven(socket: connection.socket, isDriving: isDriving)
    } else {
      try loop.start()
    }
  }

  deinit { loop.close() }

  // MARK: Commands

  /// Queues `command` for the loop's thread (it runs between events); false when it has ended.
  @discardableResult
  func post(_ command: @escaping @Sendable (XdndWindow) -> Void) -> Bool {
    loop.execute { [self] in command(self) }
  }

  /// Runs `command` on the loop's thread and waits for its outcome.
  func perform(_ command: @escaping @Sendable (XdndWindow) throws(SystemPasteboardError) -> Void)
    throws(SystemPasteboardError)
  {
    do {
      try loop.submit(within: 3 * timeout) { [self] () throws(SystemPasteboardError) in try command(self) }
    } catch  where error.code == .closed {
      throw SystemPasteboardError(.closed, "the window is closed, or its connection to the X server was lost")
    }
  }

  /// Runs `command` now where this is the loop's thread (a window served on the main thread
  /// answering from its delegates), else queues it for the loop.
  func onLoop(_ command: @escaping @Sendable (XdndWindow) -> Void) {
    if loop.inEventLoop { command(self) } else { post(command) }
  }

  /// Stops a debug build where the caller is not on the loop.
  func assertInLoop(file: StaticString = #fileID, line: UInt = #line) {
    loop.assertInEventLoop(file: file, line: line)
  }

  var requestorLoop: EventLoop { loop }
  var requestedSelection: String { "XdndSelection" }

  func requestor() throws(SystemPasteboardError) -> SelectionRequestor {
    assertInLoop()
    if let reading { return reading }
    let requestor = try SelectionRequestor(connection: connection, selection: "XdndSelection")
    reading = requestor
    return requestor
  }

  package func serveReady() -> Bool { loop.serveReady() }
  package var nextTaskDeadline: UInt64 { loop.nextTaskDeadline }
  package var failure: SystemPasteboardError? { loop.failure }
  package func close() { loop.close() }

  package func onPress(_ handler: @escaping @Sendable (WindowPress) -> Void) {
    handlers.withLock { $0.press = handler }
  }

  package func onClose(_ handler: @escaping @Sendable () -> Void) {
    handlers.withLock { $0.close = handler }
  }

  package var closeRequested: Bool { handlers.withLock { $0.closeRequested } }

  // MARK: The loop's delegate

  /// The earliest of a drag's overdue answer and the silence of a drag over us.
  var nextDeadline: UInt64 {
    let silence = receiver?.silenceDeadline(timeout: timeout) ?? .max
    return min(drag?.deadline ?? .max, silence)
  }

  func deadlinePassed() { checkDeadlines() }

  /// The loop ended (closed, or the connection lost): a drag of ours is cancelled, one over us
  /// leaves, a window we made is destroyed, and the close handler hears that no press will come.
  func loopEnded(_ error: SystemPasteboardError?) {
    reading?.loopEnded(error ?? SystemPasteboardError(.closed, "the window is closed"))
    if drag != nil { endDrag([]) }
    keptDragItems = []
    receiver?.connectionLost(window: self)
    receiver = nil
    if error == nil, ownsWindow { connection.destroyWindow(window) }
    try? connection.flush()
    handlers.withLock { $0.close }?()
  }

  package func handle(_ event: X11Connection.Event) {
    let event = X11Event(event, xfixesEvent: connection.xfixesEvent)
    reading?.handle(event)
    switch event {
    case .clientMessage(let clientMessage)
    where clientMessage.window == window && clientMessage.type == wmProtocols
      && clientMessage.data.first == wmDeleteWindow && wmDeleteWindow != 0:
      // The window manager's close button (ICCCM 4.1.2.7): the owner closes.
      let close = handlers.withLock { handlers in
        handlers.closeRequested = true
        return handlers.close
      }
      close?()
    case .clientMessage(let clientMessage):
      guard let message = Xdnd.Message(clientMessage, atoms: atoms) else { return }
      switch message {
      case .status, .finished:
        if clientMessage.window == owner.window { dragReceived(message) }
      case .enter, .position, .leave, .drop:
        if clientMessage.window == window { receiver?.received(message, window: self) }
      }
    case .destroyNotify(let gone):
      receiver?.windowDestroyed(gone, window: self)
      dragWindowDestroyed(gone)
    case .buttonPress(let button, window, let x, let y, _):  // in our window
      handlers.withLock { $0.press }?(WindowPress(x: Double(x), y: Double(y), button: Int(button)))
    case .motion(let x, let y, let time):
      dragMoved(x: x, y: y, time: time)
    case .buttonRelease(_, let time):
      dragReleased(time: time)
    case .keyPress(let keycode, _):
      dragKeyPressed(keycode)
    default: break
    }
  }
}
