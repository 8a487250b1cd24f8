import SystemPasteboardCore

/// A 32-byte X11 event, its code without the "sent" bit.
package struct X11EventPacket: Sendable {
  package var bytes: [UInt8]
  package var code: UInt8 { bytes[0] & 0x7F }
  /// Whether another client sent it (SendEvent), rather than the server.
  var isSynthetic: Bool { bytes[0] & 0x80 != 0 }
}

/// The client side of the X11 protocol without a socket, as x11rb's `x11rb-protocol`
/// `Connection` is: requests in, bytes to write out (``send(_:opcode:)``, ``takeOutgoing()``);
/// bytes read in, replies, errors and events out (``receive(_:)``, ``takeReply(to:)``,
/// ``takeEvent()``).
///
/// It numbers requests (the server counts from 1 and sends back the low 16 bits), frames them
/// (BIG-REQUESTS' long length past 256 KB), splits what the server sent into packets however
/// the bytes were cut, and files each under the request it answers, knowing that the server
/// handles requests in order: a packet for request *s* means every request before it is done.
/// A packet that breaks the protocol (a reply for a request never sent or that expects none,
/// a length past ``replyLimit``) is a `.protocolViolation`; the driver then closes its socket.
///
/// ``X11Connection`` drives it over a socket; tests drive it with bytes in memory.
struct X11ProtocolState {
  /// The longest reply accepted (a hostile length would otherwise ask for gigabytes).
  static let replyLimit = 256 << 20
  /// The most events kept unread; older ones are dropped past it (a flood cannot grow memory).
  static let eventLimit = 100_000

  /// The sequence number of the last request sent (the server counts from 1).
  private(set) var sequence: UInt64 = 0
  /// Whether the set-up reply was taken (``takeSetupReply()``); before it, nothing is filed.
  private var isSetUp = false
  /// Bytes read and not yet filed: the start of a packet, or the set-up reply.
  private var incoming: [UInt8] = []
  // Filed by `X11ProtocolState+Filing.swift`, hence internal.

  /// Replies and errors by their request's sequence number, as an `Int`: a dictionary keyed by
  /// a type no other part of a process hashes makes the runtime search the binary's conformance
  /// records for that type's `Hashable` at first use (about 0.2 M instructions, each time).
  var replies: [Int: [UInt8]] = [:]
  var errors: [Int: SystemPasteboardError] = [:]
  /// Events read, from `eventsHead` on.
  var events: [X11EventPacket] = []
  var eventsHead = 0
  /// Requests the server may still answer (with a reply, or an error for any request), in
  /// sequence order, from `pendingHead` on.
  var pending: [(sequence: UInt64, name: String, expectsReply: Bool)] = []
  var pendingHead = 0
  /// Requests whose answer goes to ``takeAnswer()`` in arrival order (the connection's reply
  /// handlers), by key; and those answers.
  var routed: Set<Int> = []
  var answered: [(key: Int, answer: Result<[UInt8], SystemPasteboardError>)] = []
  var answeredHead = 0
  /// Framed requests not yet written, which keeps its capacity between writes.
  private var outgoing: [UInt8] = []
  /// The body of the request being framed, kept from one request to the next (up to
  /// ``scratchCapacity``): an `INCR` chunk of 1 MB encoded into a fresh array each time, then
  /// framed into another, made the allocator map and unmap (or grow and trim) megabytes per
  /// chunk, and the serving process spent more time on page faults than on the transfer.
  private var scratch = X11Wire()
  private static let scratchCapacity = 4 << 20

  /// A state for a new connection: the set-up request is the first thing to write.
  init() {}

  /// The key of request `sequence` in the dictionaries.
  static func key(_ sequence: UInt64) -> Int { Int(truncatingIfNeeded: sequence) }

  // MARK: Writing

  /// Queues the set-up request with `cookie` (`MIT-MAGIC-COOKIE-1`'s name and data).
  mutating func sendSetup(authorizationName: String, authorizationData: [UInt8]) {
    outgoing += X11.ConnectionSetup(authorizationName: authorizationName, authorizationData: authorizationData).encoded
  }

  /// Frames `request` with `opcode` (an extension's major opcode, else the request's own) and
  /// queues it; returns its sequence number.
  @discardableResult
  mutating func send<Request: X11Request>(_ request: Request, opcode: UInt8 = Request.opcode) -> UInt64 {
    scratch.data.removeAll(keepingCapacity: scratch.data.capacity <= Self.scratchCapacity)
    request.encode(into: &scratch)
    var header = X11Wire()
    let words = 1 + X11Wire.padded(scratch.data.count) / 4
    header.u8(opcode)
    header.u8(request.detail)
    if words <= 0xFFFF {
      header.u16(words)
    } else {
      header.u16(0)
      header.u32(UInt32(words + 1))
    }
    // Framed straight into the output buffer.
    outgoing += header.data
    outgoing += scratch.data
    outgoing += repeatElement(0, count: X11Wire.padded(scratch.data.count) - scratch.data.count)
    sequence += 1
    pending.append((sequence, Request.name, Request.expectsReply))
    return sequence
  }

  /// Whether framed requests wait to be written.
  var hasOutgoing: Bool { !outgoing.isEmpty }

  /// Hands the framed requests to `write` (the driver's socket), then forgets them, keeping
  /// the buffer's capacity; when `write` throws they are forgotten too (the connection is over).
  mutating func writeOutgoing<Failure: Error>(
    _ write: ([UInt8]) throws(Failure) -> Void
  ) throws(Failure) {
    guard !outgoing.isEmpty else { return }
    defer { outgoing.removeAll(keepingCapacity: true) }
    try write(outgoing)
  }

  /// The framed requests not yet written, taken (tests and drivers that copy anyway).
  mutating func takeOutgoing() -> [UInt8] {
    defer { outgoing.removeAll(keepingCapacity: true) }
    return outgoing
  }

  /// Sends the answer of request `sequence` to ``takeAnswer()``, in arrival order, instead of
  /// ``takeReply(to:)``.
  mutating func route(_ sequence: UInt64) { routed.insert(Self.key(sequence)) }

  // MARK: Reading

  /// Whether bytes were read and not yet filed.
  var hasIncoming: Bool { !incoming.isEmpty }

  /// How many bytes the next read should ask for: 64 KB, or the rest of a large reply at once.
  var wantedReadSize: Int {
    guard incoming.count >= 8 && incoming[0] == 1 else { return 1 << 16 }
    let total = 32 + 4 * min(Int(X11Wire.u32(incoming, 4)), Self.replyLimit / 4)
    return max(1 << 16, total - incoming.count)
  }

  /// Takes `bytes` read from the server and files every complete packet in them.
  /// - Throws: `.protocolViolation` when a packet breaks the protocol.
  mutating func receive(_ bytes: some Collection<UInt8>) throws(SystemPasteboardError) {
    incoming += bytes
    guard isSetUp else { return }
    var offset = 0
    defer { incoming.removeFirst(offset) }
    while incoming.count - offset >= 32 {
      let kind = incoming[offset]
      var length = 32
      // A reply, and the generic event, say how many more 4-byte units follow.
      if kind == 1 || kind & 0x7F == X11Events.Number.geGeneric {
        let extra = Int(X11Wire.u32(incoming, offset + 4))
        guard extra <= Self.replyLimit / 4 else { throw Self.violation("a packet claims \(extra * 4) more bytes") }
        length += extra * 4
      }
      guard incoming.count - offset >= length else { break }
      let packet = Array(incoming[offset..<(offset + length)])
      offset += length
      try file(packet)
    }
  }

  /// The set-up reply's 8-byte head and its body once all of it was read (nil before); after
  /// it, what is read is filed as packets.
  mutating func takeSetupReply() throws(SystemPasteboardError) -> (head: [UInt8], body: [UInt8])? {
    guard !isSetUp, incoming.count >= 8 else { return nil }
    let count = 8 + Int(X11Wire.u16(incoming, 6)) * 4
    guard incoming.count >= count else { return nil }
    let reply = (Array(incoming[0..<8]), Array(incoming[8..<count]))
    let rest = Array(incoming[count...])
    incoming.removeAll()
    isSetUp = true
    try receive(rest)
    return reply
  }

  static func violation(_ message: String) -> SystemPasteboardError {
    SystemPasteboardError(.protocolViolation, "the X server broke the protocol: \(message)")
  }
}
