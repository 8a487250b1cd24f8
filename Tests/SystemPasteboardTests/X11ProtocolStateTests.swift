import Testing

@testable import SystemPasteboardCore
@testable import SystemPasteboardX11

/// The X11 protocol's client state in memory, without a server: requests framed and numbered,
/// the server's bytes cut anywhere, filed by request; every packet that breaks the protocol an
/// error naming it. (The fake server of `HostileXServerTests` checks the same over a socket.)
@Suite("X11 protocol state, in memory")
struct X11ProtocolStateTests {
  /// A state past set-up, as a connection is once the server accepted it.
  static func connected() throws -> X11ProtocolState {
    var state = X11ProtocolState()
    // An accepting set-up reply with no body: the state only needs its length.
    try state.receive([1, 0, 11, 0, 0, 0, 0, 0])
    #expect(try state.takeSetupReply() != nil)
    return state
  }

  /// A server's reply to request `sequence`: 32 bytes, `words` more 4-byte units, `fields` from byte 8.
  static func reply(_ sequence: UInt16, words: UInt32 = 0, fields: [UInt8] = []) -> [UInt8] {
    var packet: [UInt8] = [1, 0, UInt8(sequence & 0xFF), UInt8(sequence >> 8)]
    packet += withUnsafeBytes(of: words.littleEndian, Array.init)
    packet += fields
    packet += [UInt8](repeating: 0, count: 32 + Int(words) * 4 - packet.count)
    return packet
  }

  /// A server's error `code` for request `sequence`, about `value`.
  static func error(_ code: UInt8, _ sequence: UInt16, value: UInt32 = 0) -> [UInt8] {
    var packet: [UInt8] = [0, code, UInt8(sequence & 0xFF), UInt8(sequence >> 8)]
    packet += withUnsafeBytes(of: value.littleEndian, Array.init)
    return packet + [UInt8](repeating: 0, count: 24)
  }

  /// An event with `code` after request `sequence`, `detail` in its second byte.
  static func event(_ code: UInt8, _ sequence: UInt16, detail: UInt8 = 0) -> [UInt8] {
    [code, detail, UInt8(sequence & 0xFF), UInt8(sequence >> 8)] + [UInt8](repeating: 0, count: 28)
  }

  /// Requests go out framed as the protocol lays them out, numbered from 1.
  @Test func requestsAreNumberedAndFramed() throws {
    var state = try Self.connected()
    #expect(state.send(X11.GetInputFocus()) == 1)
    #expect(state.send(X11.InternAtom(onlyIfExists: true, name: Array("AB".utf8))) == 2)
    #expect(state.takeOutgoing() == [43, 0, 1, 0] + [16, 1, 3, 0, 2, 0, 0, 0, 0x41, 0x42, 0, 0])
    #expect(!state.hasOutgoing)
  }

  /// A request longer than 256 KB carries BIG-REQUESTS' long length: a zero, then the length
  /// in 4-byte units, the extra word counted.
  @Test func longRequestsCarryTheLongLength() throws {
    var state = try Self.connected()
    let data = [UInt8](repeating: 7, count: 300_000)
    state.send(X11.ChangeProperty(mode: .replace, window: 1, property: 2, type: 3, format: 8, data: data))
    let bytes = state.takeOutgoing()
    #expect(bytes.count == 8 + 20 + 300_000)
    #expect(Array(bytes[0..<4]) == [18, 0, 0, 0])
    #expect(X11Wire.u32(bytes, 4) == UInt32(bytes.count / 4))
    #expect(bytes.suffix(300_000).allSatisfy { $0 == 7 })
  }

  /// However the server's bytes are cut, a reply is filed once all of it arrived, and only then.
  @Test(arguments: [1, 3, 7, 32, 33])
  func aReplyCutAnywhereArrivesWhole(piece: Int) throws {
    var state = try Self.connected()
    let sequence = state.send(X11.GetAtomName(atom: 42))
    let name = Array("CLIPBOARD".utf8)
    let packet = Self.reply(1, words: 3, fields: [UInt8(name.count), 0] + [UInt8](repeating: 0, count: 22) + name)
    var offset = 0
    while offset < packet.count {
      #expect(try state.takeReply(to: sequence) == nil, "a reply at byte \(offset) of \(packet.count)")
      try state.receive(packet[offset..<min(offset + piece, packet.count)])
      offset += piece
    }
    let reply = try #require(try state.takeReply(to: sequence))
    #expect(try X11.GetAtomName.decode(reply).name == name)
    #expect(try state.takeReply(to: sequence) == nil, "a reply is taken once")
  }

  /// While a large reply is arriving, the next read asks for all of the rest at once.
  @Test func aLargeReplyIsReadInOneGo() throws {
    var state = try Self.connected()
    #expect(state.wantedReadSize == 65536)
    state.send(X11.GetAtomName(atom: 1))
    try state.receive(Self.reply(1, words: 1 << 18).prefix(1000))
    #expect(state.wantedReadSize == 32 + (1 << 20) - 1000)
  }

  /// The server's error for a request names the request, the error and its value; the caller
  /// waiting for that request's reply gets it.
  @Test func anErrorNamesItsRequest() throws {
    var state = try Self.connected()
    let sequence = state.send(X11.GetAtomName(atom: 77))
    try state.receive(Self.error(5, 1, value: 77))
    #expect {
      _ = try state.takeReply(to: sequence)
    } throws: { error in
      let error = error as? SystemPasteboardError
      return error?.code == .request && error?.message == "the X server refused GetAtomName: BadAtom (value 77)"
        && error?.server?.code == 5 && error?.server?.request == "GetAtomName"
    }
  }

  /// Packets about requests never sent, a second reply, a reply to a request that has none and a
  /// length past the limit break the protocol: each is an error saying what came.
  @Test(arguments: [
    (Self.reply(999), "a reply for request 999, which was never sent"),
    (Self.error(3, 999), "BadWindow for request 999, which was never sent"),
    (Self.reply(2), "a reply for request 2, which expects none or was answered"),
    (Self.reply(1) + Self.reply(1), "a reply for request 1, which expects none or was answered"),
    (Self.reply(1).prefix(4) + [0, 0, 0, 0x10] + Self.reply(1).suffix(24), "a packet claims 1073741824 more bytes"),
  ])
  func packetsThatBreakTheProtocolAreErrors(bytes: [UInt8], message: String) throws {
    var state = try Self.connected()
    state.send(X11.GetInputFocus())
    state.send(X11.SetSelectionOwner(owner: 1, selection: 2, time: 0))
    #expect {
      try state.receive(bytes)
    } throws: { error in
      let error = error as? SystemPasteboardError
      return error?.code == .protocolViolation && error?.message == "the X server broke the protocol: \(message)"
    }
  }

  /// The server sends back a request's sequence number's low 16 bits: past 65,535 requests a
  /// packet is the latest request with those bits, and a reply for one the wrap left behind is
  /// not taken for a newer one.
  @Test func sequenceNumbersWrapAt16Bits() throws {
    var state = try Self.connected()
    for _ in 0..<0x1_0005 { state.send(X11.GetInputFocus()) }
    #expect(state.sequence == 0x1_0005)
    _ = state.takeOutgoing()
    try state.receive(Self.reply(0x0003))
    #expect(try state.takeReply(to: 0x1_0003) != nil)
    #expect(try state.takeReply(to: 0x0003) == nil)
    try state.receive(Self.reply(0x0005))
    #expect(try state.takeReply(to: 0x1_0005) != nil)
  }

  /// Answers to routed requests (the connection's reply handlers) come out in the order they
  /// arrived, errors included; the others wait for whoever asks for them.
  @Test func routedAnswersComeInArrivalOrder() throws {
    var state = try Self.connected()
    let first = state.send(X11.GetInputFocus())
    let waited = state.send(X11.GetInputFocus())
    let third = state.send(X11.GetAtomName(atom: 9))
    state.route(first)
    state.route(third)
    try state.receive(Self.reply(1) + Self.reply(2) + Self.error(5, 3, value: 9))
    #expect(state.hasAnswers)
    let answers = [state.takeAnswer(), state.takeAnswer(), state.takeAnswer()]
    #expect(answers.map { $0?.key } == [Int(first), Int(third), nil])
    #expect((try? answers[0]?.answer.get())?.count == 32)
    #expect(throws: SystemPasteboardError.self) { try answers[1]?.answer.get() }
    #expect(try state.takeReply(to: waited) != nil)
  }

  /// A sync surfaces the errors of requests sent before it, not those of later ones.
  @Test func errorsAreTakenUpToARequest() throws {
    var state = try Self.connected()
    for _ in 0..<3 { state.send(X11.SetSelectionOwner(owner: 1, selection: 2, time: 0)) }
    try state.receive(Self.error(3, 1, value: 1) + Self.error(3, 3, value: 1))
    #expect(state.takeError(upTo: 0) == nil)
    #expect(state.takeError(upTo: 2)?.message == "the X server refused SetSelectionOwner: BadWindow (value 1)")
    #expect(state.takeError(upTo: 2) == nil)
    #expect(state.takeErrors().count == 1)
  }

  /// Events are kept in order, at most ``X11ProtocolState/eventLimit``: a flood drops the
  /// oldest, never grows memory without end.
  @Test func eventsAreQueuedInOrderAndBounded() throws {
    var state = try Self.connected()
    let flood = X11ProtocolState.eventLimit + 10
    var bytes: [UInt8] = []
    bytes.reserveCapacity(flood * 32)
    for index in 0..<flood { bytes += Self.event(28, 0, detail: UInt8(index % 256)) }
    try state.receive(bytes)
    #expect(state.takeEvent()?.bytes[1] == 10)
    var count = 1
    while state.takeEvent() != nil { count += 1 }
    #expect(count == X11ProtocolState.eventLimit)
  }

  /// An event after request *s* means every request before *s* is done: a reply for one of
  /// those afterwards is a reply nobody can be waiting for.
  @Test func anEventCompletesTheRequestsBeforeIt() throws {
    var state = try Self.connected()
    state.send(X11.GetInputFocus())
    state.send(X11.GetInputFocus())
    try state.receive(Self.event(28, 2))
    #expect(state.takeEvent()?.code == 28)
    #expect(throws: SystemPasteboardError.self) { try state.receive(Self.reply(1)) }
  }

  /// Nothing is filed before the set-up reply was taken whole; what came with it is filed then.
  @Test func theSetUpReplyComesFirst() throws {
    var state = X11ProtocolState()
    state.sendSetup(authorizationName: "MIT-MAGIC-COOKIE-1", authorizationData: [1, 2])
    #expect(state.takeOutgoing().count == 12 + 20 + 4)
    let setup: [UInt8] = [1, 0, 11, 0, 0, 0, 2, 0] + [UInt8](repeating: 9, count: 8)
    try state.receive(setup.prefix(10))
    #expect(try state.takeSetupReply() == nil)
    try state.receive(setup.dropFirst(10) + Self.event(28, 0))
    #expect(!state.hasEvents)
    let reply = try #require(try state.takeSetupReply())
    #expect(reply.head == Array(setup.prefix(8)) && reply.body == Array(setup.dropFirst(8)))
    #expect(state.takeEvent()?.code == 28)
  }
}
