import SystemPasteboardCore
import UTIPlatform

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// A client connection to a Wayland compositor: the socket, the object ids and their
/// interfaces, typed requests out (made on any thread, written by the loop that reads the
/// connection: `WaylandConnection+Writing.swift`) and typed events in (on that loop), and the
/// registry's globals.
///
/// Objects stay known by their interface after they are destroyed until the compositor's
/// `delete_id` frees the id (libwayland's zombies): an event still in flight for one is decoded,
/// so that the descriptors it carries are closed, and dropped. A fault in what the compositor
/// sends (a message that does not parse, an opcode the interface lacks, a descriptor that did
/// not come) ends the connection with `.protocolViolation`; `wl_display.error` ends it with
/// `.request`, naming the object, its interface and the compositor's message.
package final class WaylandConnection: @unchecked Sendable {
  // Sendable: `objects`, `outgoing`, `writing` and `creating` are under their locks; `incoming` is the
  // reading thread's (the loop's, or the caller's before the loop starts); `globals` and `registry` are
  // written only in `init`.
  /// One event and the object it is for.
  struct Incoming {
    var object: UInt32
    var interface: WaylandInterface
    var event: WaylandEvent

    /// The object that sent the event, typed by the family its event's role names (the handler
    /// matched a `.dataControlSource` event: its sender is a data-control source).
    func sender<Family: WaylandFamily>(as family: Family.Type) -> WaylandObject<Family> {
      assert(Family.interfaces.contains(interface.name), "\(interface.name) is not of \(Family.interfaces)")
      return WaylandObject(id: object)
    }
  }

  /// A global the registry announced.
  struct Global {
    var name: UInt32
    var interface: String
    var version: UInt32
  }

  let display: WaylandDisplay
  package let timeout: Double
  let socket: Socket
  /// The objects, by id, and the ids free for reuse. Shared by senders and the reading thread.
  private let objects = Locked(WaylandObjectTable())
  /// Serialises writes to the socket, and counts the messages written. (Not a `Locked<Void>`: a
  /// value of no size would share its address with the lock's, which ThreadSanitizer's
  /// exclusivity checks take for a race.)
  let writing = Locked<UInt64>(0)
  /// Held from the making of a new id to the queueing of the request that creates it, and
  /// counts the objects made: the compositor takes new ids only in the order they were made.
  private let creating = Locked<UInt64>(0)
  /// The writes made off the loop, waiting for it, and the loop that writes them (nil before
  /// a dispatcher serves the connection: its maker writes then).
  let outgoing = Locked(Outgoing())
  /// Bytes and descriptors read and not yet decoded (the reading thread's).
  private var incoming = WaylandIncoming()
  /// The registry's globals, in the order announced (the reading thread's).
  private(set) var globals: [Global] = []
  /// The `wl_display`, object 1 of every connection.
  let displayObject = WaylandObject<Wayland.Display>(id: 1)
  /// The `wl_registry`.
  private var registry = WaylandObject<Wayland.Registry>(id: 0)

  /// Connects to `display` (default: the environment's) and reads the registry's globals.
  /// - Throws: ``SystemPasteboardError``: `.noDisplay` / `.badDisplayName` from the environment,
  ///   `.connectionFailed` when the socket does not answer, `.timeout` past `timeout`.
  package init(display: WaylandDisplay?, timeout: Double) throws(SystemPasteboardError) {
    let resolved: WaylandDisplay
    if let display { resolved = display } else { resolved = try WaylandDisplay.fromEnvironment() }
    let display = resolved
    self.display = display
    self.timeout = timeout
    if let fd = display.socketDescriptor {
      guard fcntl(fd, F_GETFD) >= 0 else {
        throw SystemPasteboardError(.connectionFailed, "$WAYLAND_SOCKET \(fd) is not an open descriptor")
      }
      socket = Socket(adopting: fd)
    } else {
      do {
        socket = try Socket.unix(path: display.socketPath ?? "")
      } catch {
        throw SystemPasteboardError(
          .connectionFailed, "cannot connect to the Wayland compositor at \(display): \(error)")
      }
    }
    let registry: WaylandObject<Wayland.Registry> = try create(.registry) { [displayObject] in
      displayObject.getRegistry(registry: $0)
    }
    try roundTrip { incoming in
      if case .registry(.global(let name, let interface, let version)) = incoming.event {
        globals.append(Global(name: name, interface: interface, version: version))
      }
    }
    self.registry = registry
  }

  deinit {
    incoming.closeDescriptors()
    socket.close()
  }

  /// Makes a client object of `interface` and sends `request(object)`, the request that creates
  /// it (a method of the object it is sent to), as one step. A compositor takes a new id only if
  /// it is the next one (or one it freed): were two threads to make ids 10 and 11 and send 11
  /// first, the compositor would end the connection ("invalid arguments for wl_display@1.sync"),
  /// as libwayland's proxies avoid by making and marshalling under one lock.
  /// - Returns: The new object.
  /// - Throws: ``SystemPasteboardError``: `.request` when `interface` is not of `Family`; as
  ///   ``send(_:)`` does.
  @discardableResult
  package func create<Family: WaylandFamily>(
    _ interface: WaylandInterface, by request: (WaylandObject<Family>) -> WaylandMessage
  ) throws(SystemPasteboardError) -> WaylandObject<Family> {
    guard Family.interfaces.contains(interface.name) else {
      throw SystemPasteboardError(
        .request, "a \(interface.name) was to be made as a \(Family.interfaces.sorted().joined(separator: " or "))")
    }
    let result = creating.withLock { made -> Result<WaylandObject<Family>, SystemPasteboardError> in
      made += 1
      let id = objects.withLock { $0.make(interface) }
      do throws(SystemPasteboardError) {
        try send(request(WaylandObject(id: id)))
        return .success(WaylandObject(id: id))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// Binds the first global of `interface` at the lower of its version and ours; nil when the
  /// compositor has none.
  /// - Throws: ``SystemPasteboardError`` as ``create(_:by:)`` does.
  package func bind<Family: WaylandFamily>(
    _ interface: WaylandInterface, as family: Family.Type = Family.self
  ) throws(SystemPasteboardError) -> (object: WaylandObject<Family>, version: UInt32)? {
    guard let global = globals.first(where: { $0.interface == interface.name }) else { return nil }
    let version = min(global.version, interface.version)
    let object: WaylandObject<Family> = try create(interface) {
      registry.bind(name: global.name, interface: interface.name, version: version, id: $0.id)
    }
    return (object, version)
  }

  /// Waits until the compositor has handled every request sent before, for a client that
  /// reads none of its events (the tests' virtual input).
  /// - Throws: ``SystemPasteboardError`` as ``roundTrip(_:)`` does.
  package func awaitCompositor() throws(SystemPasteboardError) { try roundTrip() }

  /// Sends `object`'s interface's destructor (`destroy`, or `release` for a seat's device).
  /// - Throws: ``SystemPasteboardError``: `.request` for an object without one; as
  ///   ``send(_:)`` does.
  func destroy<Family>(_ object: WaylandObject<Family>) throws(SystemPasteboardError) {
    guard let interface = interface(of: object.id), let opcode = interface.destructor else {
      throw SystemPasteboardError(.request, "\(object) has no destructor")
    }
    try send(
      WaylandMessage(
        to: object.id,
        WaylandRequest(
          interfaces: [interface.name], opcode: opcode, name: interface.requests[Int(opcode)].name,
          isDestructor: true, arguments: [])))
  }

  /// Sends `message` to its object; a destructor marks the object destroyed (its id is freed
  /// when the compositor confirms).
  /// - Throws: ``SystemPasteboardError``: `.request` for a request the object's interface does
  ///   not have or arguments that do not match its signature (a bug of ours, refused before
  ///   anything is written); `.closed`, `.timeout` when the socket fails.
  package func send(_ message: WaylandMessage) throws(SystemPasteboardError) {
    try send([message])
  }

  /// Sends `messages` (each to its object) in one write, in order: what answers one event
  /// (a drag's `accept` and `set_actions`) reaches the compositor at once.
  /// - Throws: ``SystemPasteboardError`` when the write fails.
  package func send(_ messages: [WaylandMessage]) throws(SystemPasteboardError) {
    var written: [Write.Message] = []
    for message in messages {
      let (request, object) = (message.request, message.object)
      guard let interface = objects.withLock({ $0.interface(of: object) }) else {
        throw SystemPasteboardError(.request, "\(request.name) was to be sent to the unknown object \(object)")
      }
      guard request.interfaces.contains(interface.name), Int(request.opcode) < interface.requests.count,
        request.matches(interface.requests[Int(request.opcode)].signature)
      else {
        throw SystemPasteboardError(
          .request, "\(request.name) does not fit \(interface.name)@\(object) (its interface or its arguments)")
      }
      let encoded = WaylandWire.encode(object: object, opcode: request.opcode, request.arguments)
      if Self.debug { Self.trace(" -> \(interface.name)@\(object).\(request.name)", request.arguments) }
      written.append(
        Write.Message(
          object: object, isDestructor: request.isDestructor, bytes: encoded.0, descriptors: encoded.1,
          name: "\(interface.name).\(request.name)"))
    }
    guard !written.isEmpty else { return }
    try transmit(Write(messages: written))
  }

  /// Writes `write` to the socket now (the loop's thread, or before any loop serves). A
  /// message to an object already destroyed (two threads giving up one source, a request for an
  /// offer the loop let go meanwhile) would be a protocol error that ends the connection: it is
  /// dropped here, where writes are made in order, and a destructor marks its object here.
  func writeNow(_ write: Write) throws(SystemPasteboardError) {
    assert(outgoing.withLock { $0.loop }?.writesHere() ?? true, "a Wayland request written off its connection's loop")
    var (bytes, descriptors, names) = ([UInt8](), [Int32](), [String]())
    objects.withLock { objects in
      for message in write.messages {
        guard !objects.isDestroyed(message.object) else {
          if Self.debug { Self.trace(" -> (dropped) \(message.name)@\(message.object)", []) }
          continue
        }
        if message.isDestructor { objects.destroy(message.object) }
        bytes += message.bytes
        descriptors += message.descriptors
        names.append(message.name)
      }
    }
    guard !names.isEmpty else { return }
    let deadline = MonotonicClock.deadline(after: MonotonicClock.nanoseconds(timeout))
    let result = writing.withLock { written -> Socket.Error? in
      do throws(Socket.Error) {
        try socket.write(bytes, passing: descriptors, until: deadline)
        written += UInt64(names.count)
        return nil
      } catch {
        return error
      }
    }
    if let error = result {
      throw Self.failure(error, while: "sending " + names.joined(separator: ", "))
    }
  }

  /// The next event, read within `deadline` (nil: no limit); nil when none came by then.
  /// - Throws: ``SystemPasteboardError``: `.request` for `wl_display.error`, `.protocolViolation`
  ///   for a message that cannot be read, `.closed` when the compositor went away.
  /// With `wakeable` (the loop's idle wait), another thread's wake-up also ends the wait with
  /// nil; the loop takes the wake (`Socket.takeWake()`) when it runs its commands.
  func nextEvent(until deadline: UInt64?, wakeable: Bool = false) throws(SystemPasteboardError) -> Incoming? {
    while true {
      let decoded = objects.withLock { objects in
        Result { () throws(SystemPasteboardError) in try incoming.next(objects: &objects) }
      }
      if let event = try decoded.get() { return event }
      var descriptors: [Int32] = []
      do {
        if !(try socket.waitReadable(until: deadline, wakeable: wakeable)) { return nil }
        let bytes = try socket.read(capacity: 65536, descriptors: &descriptors, until: deadline)
        incoming.receive(bytes, descriptors: descriptors)
      } catch {
        // Descriptors that came with a failed read are the state's too, closed with it.
        incoming.receive([], descriptors: descriptors)
        throw Self.failure(error, while: "reading from the compositor")
      }
    }
  }

  /// Makes `socket` waits also end when `pipe` is woken (the loop's commands).
  func attach(_ pipe: WakePipe) { pipe.attach(to: socket) }

  /// Sends `wl_display.sync` and hands every event to `body` until its `done` (within the
  /// timeout). Only for the thread that reads events.
  func roundTrip(_ body: (Incoming) throws(SystemPasteboardError) -> Void = { _ in }) throws(SystemPasteboardError) {
    let deadline = MonotonicClock.deadline(after: MonotonicClock.nanoseconds(timeout))
    let callback: WaylandObject<Wayland.Callback>
    do {
      callback = try create(.callback) { [displayObject] in displayObject.sync(callback: $0) }
    } catch  where error.code == .closed {
      // A compositor that reports a protocol error closes the connection at once: the error
      // waits in the socket, and says more than the closed connection.
      while try nextEvent(until: deadline) != nil {}
      throw error
    }
    while true {
      guard let incoming = try nextEvent(until: deadline) else {
        throw SystemPasteboardError(.timeout, "the Wayland compositor at \(display) did not answer within \(timeout) s")
      }
      if incoming.object == callback.id, case .callback(.done) = incoming.event {
        forget(callback.id)
        return
      }
      try body(incoming)
    }
  }

  /// A callback's `done` destroys it: its id is freed by the `delete_id` that follows.
  func forget(_ object: UInt32) { objects.withLock { $0.destroy(object) } }

  /// The interface of `object`, while it is known.
  func interface(of object: UInt32) -> WaylandInterface? { objects.withLock { $0.interface(of: object) } }

  /// Whether `$WAYLAND_DEBUG` asks for a trace of every message (libwayland's convention: `1`
  /// or `client`), written to standard error.
  static let debug = ["1", "client"].contains(ProcessEnvironment.value("WAYLAND_DEBUG") ?? "")

  /// One line of the trace: the time, the message and its arguments, as libwayland writes it.
  static func trace(_ message: String, _ arguments: [WaylandWire.Argument]) {
    let milliseconds = Double(MonotonicClock.now() % 1_000_000_000_000) / 1_000_000
    let values = arguments.map { argument -> String in
      switch argument {
      case .int(let value), .fixed(let value): return "\(value)"
      case .uint(let value): return "\(value)"
      case .object(let id): return id == 0 ? "nil" : "@\(id)"
      case .newID(let id): return "new id @\(id)"
      case .string(let text): return text.map { "\"\($0)\"" } ?? "nil"
      case .array(let bytes): return "array[\(bytes.count)]"
      case .fd(let fd): return "fd \(fd)"
      }
    }
    let line = "[\(milliseconds)] \(message)(\(values.joined(separator: ", ")))\n"
    let bytes = Array(line.utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  }

  static func failure(_ error: Socket.Error, while doing: String) -> SystemPasteboardError {
    switch error.code {
    case ETIMEDOUT: return SystemPasteboardError(.timeout, "the Wayland compositor did not answer in time \(doing)")
    case ECONNRESET, EPIPE:
      return SystemPasteboardError(.closed, "the Wayland compositor closed the connection \(doing)")
    case EMSGSIZE:
      return SystemPasteboardError(.protocolViolation, "the Wayland compositor sent too many file descriptors \(doing)")
    default: return SystemPasteboardError(.closed, "the connection to the Wayland compositor failed \(doing): \(error)")
    }
  }
}
