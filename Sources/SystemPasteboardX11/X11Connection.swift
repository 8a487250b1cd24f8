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

  /// A 32-byte event, its code without the "sent" bit.
  package struct Event {
    package var bytes: [UInt8]
    package var code: UInt8 { bytes[0] & 0x7F }
    /// Whether another client sent it (SendEvent), rather than the server.
    var isSynthetic: Bool { bytes[0] & 0x80 != 0 }
  }

  package private(set) var socket: Socket
  var setup: Setup
  /// The screen's ARGB visual as RENDER maps it (nil: none), once asked (``argbVisual(then:)``).
  var foundARGBVisual: UInt32??
  package let timeout: Double
  /// The display this connection is to (`$DISPLAY`'s, when none was named).
  package let display: X11Display
  /// The sequence number of the last request sent (the server counts from 1).
  private var sequence: UInt64 = 0
  private var buffer: [UInt8] = []
  /// Replies and errors by their request's sequence number, as an `Int`: a dictionary keyed by
  /// a type no other part of a process hashes makes the runtime search the binary's conformance
  /// records for that type's `Hashable` at first use (about 0.2 M instructions, each time).
  private var replies: [Int: [UInt8]] = [:]
  private var errors: [Int: SystemPasteboardError] = [:]
  private var events: [Event] = []
  /// Requests the server may still answer (with a reply, or an error for any request), in
  /// sequence order: the server handles requests in order, so a packet for sequence *s* means
  /// every request before *s* is done.
  private var pending: [(sequence: UInt64, name: String, expectsReply: Bool)] = []
  private var pendingHead = 0
  private var nextResource: UInt32 = 0
  /// Atoms by name, and their names by atom as an `Int` (see `replies`); the cache of
  /// `X11Connection+Atoms.swift`.
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
  /// sequence as an `Int` (see `replies`); and the answers that arrived for them, in order.
  var replyHandlers: [Int: (Result<[UInt8], SystemPasteboardError>) -> Void] = [:]
  var answered: [(key: Int, answer: Result<[UInt8], SystemPasteboardError>)] = []

  /// The key of request `sequence` in `replies` and `errors`.
  static func key(_ sequence: UInt64) -> Int { Int(truncatingIfNeeded: sequence) }
  /// The XFIXES extension's first event code, once it has been set up.
  var xfixesEvent: UInt8?

  /// The longest reply accepted (a hostile length would otherwise ask for gigabytes).
  static let replyLimit = 256 << 20

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
      } catch  where error.code == .closed && buffer.isEmpty && attempt < Self.connectionAttempts {
        // The server closed the connection before it read our setup (Xvfb does so now and then
        // to a client that connects while it is busy: the first write fails with EPIPE): a new
        // connection is made, a moment later.
        socket.close()
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
    try write(X11.ConnectionSetup(authorizationName: cookie?.name ?? "", authorizationData: cookie?.data ?? []).encoded)
    let head = try readExactly(8)
    let extra = Int(X11Wire.u16(head, 6)) * 4
    let body = try readExactly(extra)
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
    guard setup.resourceIDMask != 0 else { throw violation("the setup reply gives no resource ids") }
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
    scratch.data.removeAll(keepingCapacity: scratch.data.capacity <= Self.scratchCapacity)
    request.encode(into: &scratch)
    var opcode = Request.opcode
    if let name = Request.extensionName, let known = extensions[name] ?? nil { opcode = known.opcode }
    return enqueue(
      opcode, request.detail, scratch.data, name: Request.name, expectsReply: Request.expectsReply)
  }

  /// The body of the request being framed, kept from one request to the next (up to
  /// ``scratchCapacity``): an `INCR` chunk of 1 MB encoded into a fresh array each time, then
  /// framed into another, made the allocator map and unmap (or grow and trim) megabytes per
  /// chunk, and the serving process spent more time on page faults than on the transfer.
  private var scratch = X11Wire()
  private static let scratchCapacity = 4 << 20

  /// Sends `request` and waits for its reply, decoded.
  /// - Throws: ``SystemPasteboardError``: the server's error for it, a timeout, or a malformed reply.
  @discardableResult
  func roundTrip<Request: X11ReplyingRequest>(_ request: Request) throws(SystemPasteboardError)
    -> Request.Reply
  {
    try Request.decode(try reply(to: send(request)))
  }

  /// Frames a request's body with its header (BIG-REQUESTS' long length past 256 KB) and queues it.
  private func enqueue(_ opcode: UInt8, _ detail: UInt8, _ body: [UInt8], name: String, expectsReply: Bool) -> UInt64 {
    var header = X11Wire()
    let words = 1 + X11Wire.padded(body.count) / 4
    header.u8(opcode)
    header.u8(detail)
    if words <= 0xFFFF {
      header.u16(words)
    } else {
      header.u16(0)
      header.u32(UInt32(words + 1))
    }
    // Framed straight into the output buffer, which keeps its capacity between flushes.
    outgoing += header.data
    outgoing += body
    outgoing += repeatElement(0, count: X11Wire.padded(body.count) - body.count)
    sequence += 1
    pending.append((sequence, name, expectsReply))
    return sequence
  }

  private var outgoing: [UInt8] = []

  /// Writes the queued requests.
  package func flush() throws(SystemPasteboardError) {
    guard !outgoing.isEmpty else { return }
    defer { outgoing.removeAll(keepingCapacity: true) }
    try write(outgoing)
  }

  /// Waits for the reply (or error) to request `sequence`.
  package func reply(to sequence: UInt64) throws(SystemPasteboardError) -> [UInt8] {
    try flush()
    let deadline = self.deadline
    while true {
      if let reply = replies.removeValue(forKey: Self.key(sequence)) { return reply }
      if let error = errors.removeValue(forKey: Self.key(sequence)) { throw error }
      try readPackets(until: deadline)
    }
  }

  /// A round trip (GetInputFocus) that surfaces the errors of every request sent before it.
  package func sync() throws(SystemPasteboardError) {
    let before = sequence
    _ = try roundTrip(X11.GetInputFocus())
    if let key = errors.keys.filter({ $0 <= Self.key(before) }).min(),
      let error = errors.removeValue(forKey: key)
    {
      throw error
    }
  }

  /// The next event, waiting at most until `deadline` (nil when none came); with `wakeable`
  /// (the event loop's idle wait), another thread's wake-up also ends the wait with nil.
  /// The handlers of replies that arrived (``send(_:then:)``) run here first, on the caller's
  /// thread (the loop's), before any event that came after their replies; when some ran and no
  /// event waits, it returns nil at once, so that the loop looks again at what they changed
  /// (their deadlines, their commands) before it waits.
  package func nextEvent(until deadline: UInt64, wakeable: Bool = false) throws(SystemPasteboardError) -> Event? {
    if runReplyHandlers() && events.isEmpty { return nil }
    try flush()
    while events.isEmpty {
      // A deadline already past still reads what the socket has now (a driven loop's poll).
      do {
        try readPackets(until: deadline, wakeable: wakeable)
      } catch  where error.code == .timeout {
        return nil
      }
      if runReplyHandlers() && events.isEmpty { return nil }
      if events.isEmpty && MonotonicClock.now() >= deadline { return nil }
    }
    return events.removeFirst()
  }

  /// Whether events read from the socket wait to be taken (``nextEvent(until:wakeable:)``
  /// returns them without reading).
  var hasQueuedEvents: Bool { !events.isEmpty }

  /// Drops the events read so far (a reading connection kept between reads starts each one clean).
  func discardQueuedEvents() { events.removeAll(keepingCapacity: true) }

  /// Whether another thread woke a wait since the last call (see `Socket.wakeDescriptor`); clears it.
  package func takeWake() -> Bool { socket.takeWake() }

  /// An error for a request whose reply nobody waits for, if one arrived.
  func takeError() -> SystemPasteboardError? {
    guard let key = errors.keys.min() else { return nil }
    return errors.removeValue(forKey: key)
  }

  /// Every error that arrived for requests whose reply nobody waits for, in request order.
  func takeErrors() -> [SystemPasteboardError] {
    guard !errors.isEmpty else { return [] }
    defer { errors.removeAll(keepingCapacity: true) }
    return errors.sorted { $0.key < $1.key }.map(\.value)
  }

  // MARK: Reading

  private func write(_ bytes: [UInt8]) throws(SystemPasteboardError) {
    assert(writesHere?() ?? true, "an X11 request written off its connection's loop")
    do {
      try socket.write(bytes, until: deadline)
    } catch {
      throw Self.error(error)
    }
  }

  private func readExactly(_ count: Int) throws(SystemPasteboardError) -> [UInt8] {
    let deadline = self.deadline
    while buffer.count < count {
      do {
        buffer += try socket.read(capacity: max(65536, count - buffer.count), until: deadline)
      } catch {
        throw Self.error(error)
      }
    }
    defer { buffer.removeFirst(count) }
    return Array(buffer.prefix(count))
  }

  private static func error(_ error: Socket.Error) -> SystemPasteboardError {
    switch error.code {
    case ETIMEDOUT: return SystemPasteboardError(.timeout, "the X server did not answer in time")
    case ECONNRESET, EPIPE: return SystemPasteboardError(.closed, "the X server closed the connection")
    default: return SystemPasteboardError(.closed, "the X connection failed: \(error)")
    }
  }

  private func violation(_ message: String) -> SystemPasteboardError {
    socket.close()
    return SystemPasteboardError(.protocolViolation, "the X server broke the protocol: \(message)")
  }

  /// Reads at least one packet (waiting until `deadline`) and files every complete one.
  private func readPackets(until deadline: UInt64, wakeable: Bool = false) throws(SystemPasteboardError) {
    // A large reply in progress is read in one go, not in 64 KB pieces.
    var wanted = 1 << 16
    if buffer.count >= 8 && buffer[0] == 1 {
      let total = 32 + 4 * min(Int(X11Wire.u32(buffer, 4)), Self.replyLimit / 4)
      wanted = max(wanted, total - buffer.count)
    }
    do {
      buffer += try socket.read(capacity: wanted, until: deadline, wakeable: wakeable)
    } catch {
      throw Self.error(error)
    }
    var offset = 0
    while buffer.count - offset >= 32 {
      let kind = buffer[offset]
      var length = 32
      // A reply, and the generic event, say how many more 4-byte units follow.
      if kind == 1 || kind & 0x7F == X11Events.Number.geGeneric {
        let extra = Int(X11Wire.u32(buffer, offset + 4))
        guard extra <= Self.replyLimit / 4 else { throw violation("a packet claims \(extra * 4) more bytes") }
        length += extra * 4
      }
      guard buffer.count - offset >= length else { break }
      let packet = Array(buffer[offset..<(offset + length)])
      offset += length
      try file(packet)
    }
    buffer.removeFirst(offset)
  }

  /// The full sequence number of a packet's low 16 bits: the latest request sent with them, or
  /// nil when no request sent has them (a packet about a request never made).
  private func fullSequence(_ low: UInt16) -> UInt64? {
    let candidate = (sequence & ~0xFFFF) | UInt64(low)
    if candidate <= sequence { return candidate }
    return sequence >= 0x10000 ? candidate - 0x10000 : nil
  }

  /// The pending request `sequence`, removing it and every earlier one (all done by now).
  private func complete(_ sequence: UInt64) -> (name: String, expectsReply: Bool)? {
    var found: (name: String, expectsReply: Bool)?
    while pendingHead < pending.count && pending[pendingHead].sequence <= sequence {
      if pending[pendingHead].sequence == sequence {
        found = (pending[pendingHead].name, pending[pendingHead].expectsReply)
      }
      pendingHead += 1
    }
    if pendingHead > 1024 && pendingHead * 2 > pending.count {
      pending.removeFirst(pendingHead)
      pendingHead = 0
    }
    return found
  }

  private func file(_ packet: [UInt8]) throws(SystemPasteboardError) {
    switch packet[0] {
    case 0:
      let code = Int(packet[1])
      let name = X11Errors.names[code] ?? "error \(code)"
      guard let sequence = fullSequence(X11Wire.u16(packet, 2)) else {
        throw violation("\(name) for request \(X11Wire.u16(packet, 2)), which was never sent")
      }
      let request = complete(sequence)?.name ?? "request \(packet[10])"
      let value = X11Wire.u32(packet, 4)
      let error = SystemPasteboardError(
        .request, "the X server refused \(request): \(name) (value \(value))",
        server: .init(code: code, request: request, value: value))
      if replyHandlers[Self.key(sequence)] != nil {
        answered.append((Self.key(sequence), .failure(error)))
      } else {
        errors[Self.key(sequence)] = error
      }
    case 1:
      guard let sequence = fullSequence(X11Wire.u16(packet, 2)) else {
        throw violation("a reply for request \(X11Wire.u16(packet, 2)), which was never sent")
      }
      guard complete(sequence)?.expectsReply == true else {
        throw violation("a reply for request \(sequence), which expects none or was answered")
      }
      if replyHandlers[Self.key(sequence)] != nil {
        answered.append((Self.key(sequence), .success(packet)))
      } else {
        replies[Self.key(sequence)] = packet
      }
    default:
      if packet[0] & 0x7F != X11Events.Number.keymapNotify, let sequence = fullSequence(X11Wire.u16(packet, 2)),
        sequence > 0
      {
        _ = complete(sequence - 1)
      }
      events.append(Event(bytes: Array(packet.prefix(32))))
      if events.count > 100_000 { events.removeFirst(events.count - 100_000) }
    }
  }
}
