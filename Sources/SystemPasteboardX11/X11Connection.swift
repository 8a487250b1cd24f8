import SystemPasteboardCore
import UTIPlatform

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// A connection to an X server, speaking the X11 protocol itself (the X Window System Protocol,
/// version 11): the setup handshake with `MIT-MAGIC-COOKIE-1`, requests with sequence numbers,
/// replies, errors and events read from one buffer, BIG-REQUESTS and the XFIXES selection events.
///
/// Not thread-safe: one thread owns a connection. Every wait has a deadline, so a server or peer
/// that stalls gives ``SystemPasteboardError`` (`.timeout`), never a hang; a malformed or hostile packet gives
/// `.protocolViolation` and the connection is closed.
package final class X11Connection {
  /// What the server said about itself at setup, for the display's screen.
  struct Setup {
    var resourceIDBase: UInt32
    var resourceIDMask: UInt32
    package var root: UInt32
    var rootVisual: UInt32
    /// The root window's depth, which its visual has.
    var rootDepth: UInt8 = 24
    /// The screen's number (`_NET_WM_CM_S<number>` names its compositing manager).
    var screen = 0
    /// Whether images go most significant byte first (`PutImage`'s pixels).
    var imageMSBFirst = false
    /// The bits per pixel of the server's images, by depth.
    var bitsPerPixel: [UInt8: UInt8] = [:]
    var whitePixel: UInt32 = 0xFF_FFFF
    var keycodes: ClosedRange<UInt8> = 8...255
    /// The largest request, in bytes (BIG-REQUESTS raises it).
    var maximumRequestBytes: Int
  }

  /// A 32-byte event.
  package typealias Event = X11EventPacket

  package private(set) var socket: Socket
  var setup: Setup
  /// The screen's ARGB visual as RENDER maps it (nil: none), once asked (``argbVisual(then:)``).
  var foundARGBVisual: UInt32??
  package let timeout: Double
  /// The display this connection is to (`$DISPLAY`'s, when none was named).
  package let display: X11Display
  /// The protocol: sequence numbers, framing, and what the server sent filed by request.
  var state = X11ProtocolState()
  private var nextResource: UInt32 = 0
  /// Atoms by name, and their names by atom as an `Int` (as `X11ProtocolState` keys its
  /// replies); the cache of `X11Connection+Atoms.swift`.
  var atoms: [String: UInt32] = [:]
  var atomNames: [Int: String] = [:]

  /// Whether the calling thread may write (the threading contract of `PasteboardBackend`):
  /// set by the loop that serves the connection, checked by debug builds at each write.
  var writesHere: (() -> Bool)?
  /// Whether BIG-REQUESTS was asked for (`X11Connection+Extensions.swift`).
  var askedForBigRequests = false
  /// Extension questions sent and not yet read, by name: their sequence numbers.
  var prefetched: [String: UInt64] = [:]
  /// Extensions asked for, by name: their major opcode and first event, or nil when absent.
  var extensions: [String: (opcode: UInt8, firstEvent: UInt8)?] = [:]
  /// What waits for a reply without waiting on the connection (``send(_:then:)``), by request
  /// sequence as an `Int` (`X11ProtocolState.key(_:)`); their answers come from the state.
  var replyHandlers: [Int: (Result<[UInt8], SystemPasteboardError>) -> Void] = [:]
  /// The XFIXES extension's first event code, once it has been set up.
  var xfixesEvent: UInt8?

  /// Connects to `display` (default: `$DISPLAY`): Linux's abstract socket first, then
  /// `/tmp/.X11-unix/X<n>`, or TCP port 6000 + n for a host.
  package init(display: X11Display? = nil, timeout: Double = 5) throws(SystemPasteboardError) {
    let display = try Self.resolve(display)
    self.display = display
    self.timeout = timeout
    socket = try Self.open(display)
    setup = Setup(resourceIDBase: 0, resourceIDMask: 0, root: 0, rootVisual: 0, maximumRequestBytes: 4 * 65535)
    for attempt in 1...Self.connectionAttempts {
      do throws(SystemPasteboardError) {
        try handshake(display)
        return
      } catch  where error.code == .closed && !state.hasIncoming && attempt < Self.connectionAttempts {
        // The server closed the connection before it read our setup (Xvfb does so now and then
        // to a client that connects while it is busy: the first write fails with EPIPE): a new
        // connection is made, a moment later.
        socket.close()
        state = X11ProtocolState()
        usleep(UInt32(20_000 * attempt))
        socket = try Self.open(display)
      } catch {
        throw error
      }
    }
  }

  /// How many connections a client makes before a server that closes them at once is an error.
  static let connectionAttempts = 3

  deinit { socket.close() }

  private static func resolve(_ display: X11Display?) throws(SystemPasteboardError) -> X11Display {
    if let display { return display }
    return try X11Display.fromEnvironment()
  }

  private static func open(_ display: X11Display) throws(SystemPasteboardError) -> Socket {
    var attempts: [String] = []
    if let path = display.socketPath {
      do { return try Socket.unix(path: path) } catch { attempts.append(error.description) }
    } else if let host = display.host {
      do { return try Socket.tcp(host: host, port: 6000 + display.number) } catch { attempts.append(error.description) }
    } else {
      let path = "/tmp/.X11-unix/X\(display.number)"
      #if os(Linux)
        do { return try Socket.unix(path: path, abstract: true) } catch { attempts.append(error.description) }
      #endif
      do { return try Socket.unix(path: path) } catch { attempts.append(error.description) }
    }
    throw SystemPasteboardError(
      .connectionFailed, "cannot connect to the X display \(display): \(attempts.joined(separator: "; "))")
  }

  private var deadline: UInt64 { MonotonicClock.deadline(after: MonotonicClock.nanoseconds(timeout)) }

  // MARK: Setup

  private func handshake(_ display: X11Display) throws(SystemPasteboardError) {
    let cookie = X11Authority.cookie(for: display)
    state.sendSetup(authorizationName: cookie?.name ?? "", authorizationData: cookie?.data ?? [])
    try flush()
    let deadline = self.deadline
    var reply = try state.takeSetupReply()
    while reply == nil {
      try readPackets(until: deadline)
      reply = try state.takeSetupReply()
    }
    guard case let (head, body)? = reply else { return }
    switch head[0] {
    case 1: try parseSetup(head, body, for: display)
    case 0:
      let reason = String(decoding: body.prefix(Int(head[1])), as: UTF8.self)
      throw SystemPasteboardError(.connectionRefused, "the X server at \(display) refused the connection: \(reason)")
    default:
      throw SystemPasteboardError(
        .connectionRefused, "the X server at \(display) asks for more authentication than a cookie")
    }
  }

  /// Reads the set-up reply (its 8-byte head and `body`), generated from xproto.xml's `Setup`,
  /// and keeps what the client uses of the display's screen.
  private func parseSetup(_ head: [UInt8], _ body: [UInt8], for display: X11Display) throws(SystemPasteboardError) {
    var reader = X11Reader(head + body, what: "the X server's set-up reply")
    let reply = try X11.Setup.decode(from: &reader)
    guard display.screen < reply.roots.count else {
      throw SystemPasteboardError(
        .connectionFailed, "the X server at \(display) has \(reply.roots.count) screen(s), no screen \(display.screen)")
    }
    let screen = reply.roots[display.screen]
    setup = Setup(
      resourceIDBase: reply.resourceIdBase, resourceIDMask: reply.resourceIdMask, root: screen.root,
      rootVisual: screen.rootVisual, rootDepth: screen.rootDepth, screen: display.screen,
      imageMSBFirst: reply.imageByteOrder == .mSBFirst,
      bitsPerPixel: Dictionary(reply.pixmapFormats.map { ($0.depth, $0.bitsPerPixel) }) { first, _ in first },
      whitePixel: screen.whitePixel, keycodes: min(reply.minKeycode, reply.maxKeycode)...reply.maxKeycode,
      maximumRequestBytes: Int(reply.maximumRequestLength) * 4)
    guard setup.resourceIDMask != 0 else {
      socket.close()
      throw X11ProtocolState.violation("the setup reply gives no resource ids")
    }
  }

  /// The depth of an ARGB visual: 8 bits each of alpha, red, green and blue.
  static let argbDepth: UInt8 = 32

  // MARK: Requests

  /// Creates an unmapped 1×1 input-only window on the root that receives PropertyNotify for
  /// its own properties (selection requestors and owners need one).
  package func createWindow() -> UInt32 {
    let window = allocateID()
    send(
      X11.CreateWindow(
        depth: 0, wid: window, parent: setup.root, x: 0, y: 0, width: 1, height: 1, borderWidth: 0,
        class: .inputOnly, visual: 0,
        valueList: .init(eventMask: .propertyChange)))
    return window
  }

  /// A new resource id (window, pixmap …).
  func allocateID() -> UInt32 {
    defer { nextResource += 1 }
    let mask = setup.resourceIDMask
    let shift = UInt32(mask.trailingZeroBitCount)
    return setup.resourceIDBase | ((nextResource << shift) & mask)
  }

  /// Queues `request` (flushed by ``flush()`` or the next wait); returns its sequence number.
  /// An extension's request needs the extension asked for first (``queryExtension(_:)``).
  @discardableResult
  func send<Request: X11Request>(_ request: Request) -> UInt64 {
    var opcode = Request.opcode
    if let name = Request.extensionName, let known = extensions[name] ?? nil { opcode = known.opcode }
    return state.send(request, opcode: opcode)
  }

  /// Sends `request` and waits for its reply, decoded.
  /// - Throws: ``SystemPasteboardError``: the server's error for it, a timeout, or a malformed reply.
  @discardableResult
  func roundTrip<Request: X11ReplyingRequest>(_ request: Request) throws(SystemPasteboardError)
    -> Request.Reply
  {
    try Request.decode(try reply(to: send(request)))
  }

  /// Writes the queued requests.
  package func flush() throws(SystemPasteboardError) {
    try state.writeOutgoing { bytes throws(SystemPasteboardError) in try write(bytes) }
  }

  /// Waits for the reply (or error) to request `sequence`.
  package func reply(to sequence: UInt64) throws(SystemPasteboardError) -> [UInt8] {
    try flush()
    let deadline = self.deadline
    while true {
      if let reply = try state.takeReply(to: sequence) { return reply }
      try readPackets(until: deadline)
    }
  }

  /// A round trip (GetInputFocus) that surfaces the errors of every request sent before it.
  package func sync() throws(SystemPasteboardError) {
    let before = state.sequence
    _ = try roundTrip(X11.GetInputFocus())
    if let error = state.takeError(upTo: before) { throw error }
  }

  /// The next event, waiting at most until `deadline` (nil when none came); with `wakeable`
  /// (the event loop's idle wait), another thread's wake-up also ends the wait with nil.
  /// The handlers of replies that arrived (``send(_:then:)``) run here first, on the caller's
  /// thread (the loop's), before any event that came after their replies; when some ran and no
  /// event waits, it returns nil at once, so that the loop looks again at what they changed
  /// (their deadlines, their commands) before it waits.
  package func nextEvent(until deadline: UInt64, wakeable: Bool = false) throws(SystemPasteboardError) -> Event? {
    if runReplyHandlers() && !state.hasEvents { return nil }
    try flush()
    while !state.hasEvents {
      // A deadline already past still reads what the socket has now (a driven loop's poll).
      do {
        try readPackets(until: deadline, wakeable: wakeable)
      } catch  where error.code == .timeout {
        return nil
      }
      if runReplyHandlers() && !state.hasEvents { return nil }
      if !state.hasEvents && MonotonicClock.now() >= deadline { return nil }
    }
    return state.takeEvent()
  }

  /// Whether events read from the socket wait to be taken (``nextEvent(until:wakeable:)``
  /// returns them without reading).
  var hasQueuedEvents: Bool { state.hasEvents }

  /// Drops the events read so far (a reading connection kept between reads starts each one clean).
  func discardQueuedEvents() { state.discardEvents() }

  /// Whether another thread woke a wait since the last call (see `Socket.wakeDescriptor`); clears it.
  package func takeWake() -> Bool { socket.takeWake() }

  /// An error for a request whose reply nobody waits for, if one arrived.
  func takeError() -> SystemPasteboardError? { state.takeError() }

  /// Every error that arrived for requests whose reply nobody waits for, in request order.
  func takeErrors() -> [SystemPasteboardError] { state.takeErrors() }

  // MARK: Reading

  private func write(_ bytes: [UInt8]) throws(SystemPasteboardError) {
    assert(writesHere?() ?? true, "an X11 request written off its connection's loop")
    do {
      try socket.write(bytes, until: deadline)
    } catch {
      throw Self.error(error)
    }
  }

  private static func error(_ error: Socket.Error) -> SystemPasteboardError {
    switch error.code {
    case ETIMEDOUT: return SystemPasteboardError(.timeout, "the X server did not answer in time")
    case ECONNRESET, EPIPE: return SystemPasteboardError(.closed, "the X server closed the connection")
    default: return SystemPasteboardError(.closed, "the X connection failed: \(error)")
    }
  }

  /// Reads what the socket has (waiting until `deadline`) and files every complete packet; a
  /// packet that breaks the protocol closes the connection.
  private func readPackets(until deadline: UInt64, wakeable: Bool = false) throws(SystemPasteboardError) {
    let bytes: [UInt8]
    do {
      bytes = try socket.read(capacity: state.wantedReadSize, until: deadline, wakeable: wakeable)
    } catch {
      throw Self.error(error)
    }
    do {
      try state.receive(bytes)
    } catch {
      socket.close()
      throw error
    }
  }
}
