import UTIPlatform

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// One thread reading one Wayland connection's events and handing each to its owner, and the
/// `wl_display.sync` round trips other threads wait on.
///
/// The owner's handler runs on the loop's thread; requests may be sent from any thread. When
/// the connection fails (the compositor went away, a protocol error) the loop records the
/// error, fails every waiting round trip at once, tells the owner (`ended`), and its thread
/// ends and detaches itself.
final class WaylandEventLoop: @unchecked Sendable {
  let connection: WaylandConnection
  private let wake: WakePipe
  private let state = Locked(State())
  private var thread: WorkerThread?
  /// What the thread hands events and the end to, named before it starts.
  private var handlers:
    (
      handler: @Sendable (WaylandConnection.Incoming) -> Void, ended: @Sendable (SystemPasteboardError) -> Void
    )?

  private struct State {
    var failure: SystemPasteboardError?
    var stopping = false
    /// Set before the thread is created, so that the thread itself reads it set.
    var started = false
    /// Pending `wl_display.sync` callbacks.
    var syncs: [UInt32: Waiter<Bool>] = [:]
  }

  /// A loop over `connection`; ``start(handler:ended:)`` starts its thread.
  /// - Throws: ``SystemPasteboardError`` (`.connectionFailed`) when no descriptor is left for
  ///   its wake-up pipe.
  init(connection: WaylandConnection) throws(SystemPasteboardError) {
    self.connection = connection
    guard let wake = WakePipe() else {
      throw SystemPasteboardError(.connectionFailed, "no file descriptors are left for a wake-up pipe")
    }
    self.wake = wake
    connection.attach(wake)
  }

  deinit { close() }

  /// Starts the thread: `handler` gets every event but the round trips' own, `ended` the error
  /// that ended the connection.
  /// - Throws: ``SystemPasteboardError`` (`.connectionFailed`) when no thread can be started.
  func start(
    handler: @escaping @Sendable (WaylandConnection.Incoming) -> Void,
    ended: @escaping @Sendable (SystemPasteboardError) -> Void
  ) throws(SystemPasteboardError) {
    prepare(handler: handler, ended: ended)
    try start()
  }

  /// Names the loop's `handler` and `ended` without starting the thread: until ``start()``,
  /// ``sync()`` reads the connection on the calling thread and hands events to `handler` there,
  /// so that a process can own a selection before it forks the child that serves it.
  func prepare(
    handler: @escaping @Sendable (WaylandConnection.Incoming) -> Void,
    ended: @escaping @Sendable (SystemPasteboardError) -> Void
  ) {
    handlers = (handler, ended)
  }

  /// Starts the thread of a loop that ``prepare(handler:ended:)`` named the handlers of (once:
  /// a started loop, or one without handlers, is left as it is).
  /// - Throws: ``SystemPasteboardError`` (`.connectionFailed`) when no thread can be started.
  func start() throws(SystemPasteboardError) {
    guard let (handler, ended) = handlers,
      state.withLock({ state in
        defer { state.started = true }
        return !state.started
      })
    else { return }
    thread = WorkerThread { [self] in run(handler: handler, ended: ended) }
    guard thread != nil else {
      state.withLock { $0.started = false }
      throw SystemPasteboardError(.connectionFailed, "no thread can be started")
    }
  }

  /// Whether the thread was started (before, the connection is read on the caller's thread).
  var isStarted: Bool { state.withLock { $0.started } }

  /// The error that ended the connection, once it has.
  var failure: SystemPasteboardError? { state.withLock { $0.failure } }

  /// Throws the error that ended the connection, if it has ended.
  func checkAlive() throws(SystemPasteboardError) {
    if let failure { throw failure }
  }

  /// Ends the thread (and so the reading of the connection).
  func close() {
    let running = state.withLock { state -> Bool in
      defer { state.stopping = true }
      return !state.stopping && state.failure == nil
    }
    guard running, let thread else { return }
    wake.wake()
    // On its own thread (a handler let the loop go): nobody will join it, so it lets its
    // resources go itself when it ends.
    if thread.isCurrent { thread.detach() } else { thread.join() }
  }

  /// Waits until the compositor has handled every request sent before, which also means the
  /// handler has had every event it sent before its answer (before the thread is started, on
  /// the calling thread).
  /// - Throws: ``SystemPasteboardError``: the connection's failure, or `.timeout`.
  func sync() throws(SystemPasteboardError) {
    try checkAlive()
    if !isStarted, let handler = handlers?.handler {
      try connection.roundTrip { incoming in handler(incoming) }
      return
    }
    let callback = connection.makeObject(.callback)
    let waiter = Waiter<Bool>()
    state.withLock { $0.syncs[callback] = waiter }
    do {
      try connection.send(.sync(callback: callback), to: 1)
    } catch  where error.code == .closed {
      // The thread reads why (a protocol error the compositor sent before closing).
      _ = waiter.wait(seconds: connection.timeout)
      try checkAlive()
      throw error
    }
    guard waiter.wait(seconds: connection.timeout) == true else {
      state.withLock { _ = $0.syncs.removeValue(forKey: callback) }
      try checkAlive()
      throw SystemPasteboardError(
        .timeout, "the Wayland compositor at \(connection.display) did not answer within \(connection.timeout) s")
    }
    try checkAlive()
  }

  private func run(
    handler: @Sendable (WaylandConnection.Incoming) -> Void, ended: @Sendable (SystemPasteboardError) -> Void
  ) {
    while !state.withLock({ $0.stopping }) {
      do {
        guard let incoming = try connection.nextEvent(until: nil) else { continue }
        if case .done = incoming.event, let waiter = state.withLock({ $0.syncs.removeValue(forKey: incoming.object) }) {
          connection.forget(incoming.object)
          waiter.deliver(true)
          continue
        }
        handler(incoming)
      } catch {
        let (waiters, joined) = state.withLock { state -> ([Waiter<Bool>], Bool) in
          state.failure = error
          defer { state.syncs = [:] }
          return (Array(state.syncs.values), state.stopping)
        }
        for waiter in waiters { waiter.deliver(false) }
        // Ended on its own: nobody will join the thread, so it lets its resources go itself
        // (unless a close() is already waiting to join it).
        if !joined { thread?.detach() }
        ended(error)
        return
      }
    }
  }
}

extension WaylandConnection {
  /// The data an offer has for `mimeType` (a selection's or a drop's), asked with
  /// `receive` into a pipe and handed to `sink` a chunk at a time until the owner closes it.
  /// - Throws: ``SystemPasteboardError``: `.timeout` when the owner leaves the pipe silent for
  ///   longer than `timeout` seconds (`what` names it in the message); what `sink` throws.
  func receive(
    _ mimeType: String, from offer: UInt32, what: String, into sink: ([UInt8]) throws(SystemPasteboardError) -> Void
  ) throws(SystemPasteboardError) {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else {
      throw SystemPasteboardError(.connectionFailed, "cannot make a pipe for the data: \(FileIO.reason(errno))")
    }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    FileIO.enlargePipe(fds[0])
    defer { _ = closeDescriptor(fds[0]) }
    do {
      try send(.receive(mimeType, fd: fds[1]), to: offer)
      _ = closeDescriptor(fds[1])
    } catch {
      _ = closeDescriptor(fds[1])
      throw error
    }
    // As large as the pipe, so that a full pipe is read in one call, and left uninitialized:
    // a 1 KB answer touches one page of it.
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: FileIO.pipeCapacity, alignment: 16)
    defer { buffer.deallocate() }
    while true {
      var descriptor = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, Int32(min(timeout * 1000, Double(Int32.max))))
      if ready < 0 && errno == EINTR { continue }
      guard ready > 0 else {
        throw SystemPasteboardError(.timeout, "the owner of \(what) sent no \(mimeType) for \(timeout) s")
      }
      let count = readDescriptor(fds[0], buffer.baseAddress, buffer.count)
      if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
      guard count >= 0 else {
        throw SystemPasteboardError(.closed, "reading the owner's \(mimeType) failed: \(FileIO.reason(errno))")
      }
      if count == 0 { return }
      try sink(Array(buffer[0..<count]))
    }
  }
}

@inline(__always) private func closeDescriptor(_ fd: Int32) -> Int32 { close(fd) }
@inline(__always) private func readDescriptor(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(fd, buffer, count)
}
