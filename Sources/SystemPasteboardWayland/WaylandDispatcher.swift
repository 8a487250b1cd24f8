import SystemPasteboardCore
import UTIPlatform

/// What a Wayland connection's ``EventLoop`` runs: each event to its owner's handler, and the
/// answers of `wl_display.sync` to the threads waiting on them (``sync()``).
///
/// The owner's handler runs on the loop's thread; requests may be sent from any thread. When
/// the connection fails (the compositor went away, a protocol error) the loop records the
/// error, every waiting round trip fails at once, and the owner hears why (`ended`).
final class WaylandDispatcher: @unchecked Sendable {
  // Sendable: `syncs` and `nestedRoundTripObserver` are under their locks; `handler` is set in `prepare`
  // before the loop's thread starts, and read on the reading thread only.
  let connection: WaylandConnection
  /// The loop whose thread reads the connection.
  let loop: EventLoop
  /// Pending `wl_display.sync` callbacks.
  private let syncs = Locked<[UInt32: Waiter<Bool>]>([:])
  /// The owner's handler, named before the thread starts (for round trips made before it).
  private var handler: (@Sendable (WaylandConnection.Incoming) -> Void)?

  /// A dispatcher of `connection`'s events, with its loop; ``prepare(handler:ended:)`` names
  /// where they go.
  /// - Throws: ``SystemPasteboardError`` (`.connectionFailed`) when no descriptor is left for
  ///   the loop's wake-up pipe.
  init(connection: WaylandConnection) throws(SystemPasteboardError) {
    self.connection = connection
    loop = try EventLoop(socket: connection.socket, peer: "the Wayland compositor at \(connection.display)")
    connection.writeOn(loop)
  }

  deinit { loop.close() }

  /// Names the owner's `handler` (every event but the round trips' own) and `ended` (the error
  /// that ended the connection) without starting the thread: until ``start()``, ``sync()``
  /// reads the connection on the calling thread and hands events to `handler` there, so that a
  /// process can own a selection before it forks the child that serves it.
  func prepare(
    handler: @escaping @Sendable (WaylandConnection.Incoming) -> Void,
    ended: @escaping @Sendable (SystemPasteboardError) -> Void
  ) {
    self.handler = handler
    loop.prepare(
      serve: { [connection, syncs] (deadline: UInt64) throws(SystemPasteboardError) in
        // Waiting: one event (or a wake, or the deadline). Driven (0): every event there is now.
        let waiting = deadline != 0
        try connection.checkQueuedWrites()
        // The loop ran its commands before this serve: a wake-up spent before them is taken.
        _ = connection.socket.takeWake()
        while let incoming = try connection.nextEvent(until: deadline == .max ? nil : deadline, wakeable: true) {
          if case .callback(.done) = incoming.event,
            let waiter = syncs.withLock({ $0.removeValue(forKey: incoming.object) })
          {
            connection.forget(incoming.object)
            waiter.deliver(true)
          } else {
            handler(incoming)
          }
          if waiting { return }
        }
      },
      ended: { [syncs] error in
        let waiters = syncs.withLock { syncs in
          defer { syncs = [:] }
          return Array(syncs.values)
        }
        for waiter in waiters { waiter.deliver(false) }
        if let error { ended(error) }
      })
  }

  /// Prepares and starts the thread.
  /// - Throws: ``SystemPasteboardError`` (`.connectionFailed`) when no thread can be started.
  func start(
    handler: @escaping @Sendable (WaylandConnection.Incoming) -> Void,
    ended: @escaping @Sendable (SystemPasteboardError) -> Void
  ) throws(SystemPasteboardError) {
    prepare(handler: handler, ended: ended)
    try start()
  }

  /// Starts the thread of a prepared dispatcher (once).
  /// - Throws: ``SystemPasteboardError`` (`.connectionFailed`) when no thread can be started.
  func start() throws(SystemPasteboardError) { try loop.start() }

  /// Starts the prepared dispatcher without a thread: its driver calls ``serveReady()`` when one
  /// of the returned descriptors is readable, where `isDriving` holds.
  /// - Returns: The descriptors to watch for reading.
  func startDriven(isDriving: @escaping @Sendable () -> Bool) -> [Int32] {
    loop.startDriven(socket: connection.socket, isDriving: isDriving)
  }

  /// Handles what is ready, on the thread that drives the dispatcher; false once it has ended.
  func serveReady() -> Bool { loop.serveReady() }

  /// Whether the thread was started (before, the connection is read on the caller's thread).
  var isStarted: Bool { loop.isStarted }

  /// The error that ended the connection (or `.closed` once closed).
  var failure: SystemPasteboardError? { loop.failure }

  /// Throws the error that ended the connection, if it has ended.
  func checkOpen() throws(SystemPasteboardError) { try loop.checkOpen() }

  /// Ends the thread (and so the reading of the connection).
  func close() { loop.close() }

  /// Told of each round trip read on the loop's own thread while it runs (a read called from a
  /// handler, which has no other way to wait for its answer); nil: nothing is told.
  private let nestedRoundTripObserver = Locked<(@Sendable () -> Void)?>(nil)

  /// Tells `observer` of each round trip nested in the loop's own turn from now on (a test's
  /// hook; nil stops it).
  func observeNestedRoundTrips(_ observer: (@Sendable () -> Void)?) {
    nestedRoundTripObserver.withLock { $0 = observer }
  }

  /// What was just written (a selection set or given up, a surface taken off the screen) is
  /// settled: as ``sync()`` off the loop; on the loop's own thread (a handler that copies, code
  /// on the main thread that drives the window), only written, with no nested round trip. The
  /// compositor handles the requests in order, before anything sent later, and a refusal ends the
  /// connection, which the next call reports.
  /// - Throws: ``SystemPasteboardError``: the connection's failure, or (off the loop) `.timeout`.
  func settle() throws(SystemPasteboardError) {
    if isStarted && loop.inEventLoop { return try checkOpen() }
    try sync()
  }

  /// Waits until the compositor has handled every request sent before, which also means the
  /// handler has had every event it sent before its answer (before the thread is started, on
  /// the calling thread).
  /// - Throws: ``SystemPasteboardError``: the connection's failure, or `.timeout`.
  func sync() throws(SystemPasteboardError) {
    try checkOpen()
    // Before the thread, or on the thread that drives the loop: the round trip is read here.
    if !isStarted || loop.inEventLoop, let handler {
      if isStarted, let observer = nestedRoundTripObserver.withLock({ $0 }) { observer() }
      try connection.roundTrip { incoming in handler(incoming) }
      return
    }
    let waiter = Waiter<Bool>()
    let callback: WaylandObject<Wayland.Callback>
    do {
      // Registered before it is sent: its `done` may be read before `create` returns.
      callback = try connection.create(.callback) { [syncs, connection] callback in
        syncs.withLock { $0[callback.id] = waiter }
        return connection.displayObject.sync(callback: callback)
      }
    } catch  where error.code == .closed {
      // The thread reads why (a protocol error the compositor sent before closing).
      _ = waiter.wait(seconds: connection.timeout)
      try checkOpen()
      throw error
    }
    guard waiter.wait(seconds: connection.timeout) == true else {
      syncs.withLock { _ = $0.removeValue(forKey: callback.id) }
      try checkOpen()
      throw SystemPasteboardError(
        .timeout, "the Wayland compositor at \(connection.display) did not answer within \(connection.timeout) s")
    }
    try checkOpen()
  }
}
