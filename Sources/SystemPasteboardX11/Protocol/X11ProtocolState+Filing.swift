import SystemPasteboardCore

/// What the server sent, filed by request: replies and errors for whoever waits on them,
/// routed answers in arrival order, events in a bounded queue.
extension X11ProtocolState {
  /// The reply to request `sequence`, if it arrived (nil: not yet).
  /// - Throws: the server's error for it, if that arrived instead.
  mutating func takeReply(to sequence: UInt64) throws(SystemPasteboardError) -> [UInt8]? {
    if let reply = replies.removeValue(forKey: Self.key(sequence)) { return reply }
    if let error = errors.removeValue(forKey: Self.key(sequence)) { throw error }
    return nil
  }

  /// The oldest answer to a routed request (``route(_:)``), with its request's key.
  mutating func takeAnswer() -> (key: Int, answer: Result<[UInt8], SystemPasteboardError>)? {
    guard answeredHead < answered.count else { return nil }
    defer {
      answeredHead += 1
      if answeredHead == answered.count { (answered, answeredHead) = ([], 0) }
    }
    return answered[answeredHead]
  }

  /// Whether answers to routed requests wait to be taken.
  var hasAnswers: Bool { answeredHead < answered.count }

  /// Forgets every routed request (the connection ended; its driver fails their handlers).
  mutating func forgetRouted() {
    routed.removeAll()
    (answered, answeredHead) = ([], 0)
  }

  /// The oldest event read and not yet taken.
  mutating func takeEvent() -> X11EventPacket? {
    guard eventsHead < events.count else { return nil }
    defer {
      eventsHead += 1
      if eventsHead == events.count {
        events.removeAll(keepingCapacity: true)
        eventsHead = 0
      }
    }
    return events[eventsHead]
  }

  /// Whether events read wait to be taken.
  var hasEvents: Bool { eventsHead < events.count }

  /// Drops the events read so far.
  mutating func discardEvents() {
    events.removeAll(keepingCapacity: true)
    eventsHead = 0
  }

  /// Queues `event`, dropping the oldest past ``eventLimit`` (taken events are let go in bulk,
  /// so that taking a long queue one by one is not quadratic).
  private mutating func enqueue(_ event: X11EventPacket) {
    events.append(event)
    if events.count - eventsHead > Self.eventLimit { eventsHead = events.count - Self.eventLimit }
    if eventsHead > 1024 && eventsHead * 2 > events.count {
      events.removeFirst(eventsHead)
      eventsHead = 0
    }
  }

  /// An error for a request whose reply nobody waits for, if one arrived (the oldest request's).
  mutating func takeError() -> SystemPasteboardError? {
    guard let key = errors.keys.min() else { return nil }
    return errors.removeValue(forKey: key)
  }

  /// The oldest error for a request up to `sequence`, if one arrived (what a sync surfaces).
  mutating func takeError(upTo sequence: UInt64) -> SystemPasteboardError? {
    guard let key = errors.keys.filter({ $0 <= Self.key(sequence) }).min() else { return nil }
    return errors.removeValue(forKey: key)
  }

  /// Every error that arrived for requests whose reply nobody waits for, in request order.
  mutating func takeErrors() -> [SystemPasteboardError] {
    guard !errors.isEmpty else { return [] }
    defer { errors.removeAll(keepingCapacity: true) }
    return errors.sorted { $0.key < $1.key }.map(\.value)
  }

  /// The full sequence number of a packet's low 16 bits: the latest request sent with them, or
  /// nil when no request sent has them (a packet about a request never made).
  private func fullSequence(_ low: UInt16) -> UInt64? {
    let candidate = (sequence & ~0xFFFF) | UInt64(low)
    if candidate <= sequence { return candidate }
    return sequence >= 0x10000 ? candidate - 0x10000 : nil
  }

  /// The pending request `sequence`, removing it and every earlier one (all done by now).
  private mutating func complete(_ sequence: UInt64) -> (name: String, expectsReply: Bool)? {
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

  /// Files one whole packet: an error, a reply, or an event.
  mutating func file(_ packet: [UInt8]) throws(SystemPasteboardError) {
    switch packet[0] {
    case 0:
      let code = Int(packet[1])
      let name = X11Errors.names[code] ?? "error \(code)"
      guard let sequence = fullSequence(X11Wire.u16(packet, 2)) else {
        throw Self.violation("\(name) for request \(X11Wire.u16(packet, 2)), which was never sent")
      }
      let request = complete(sequence)?.name ?? "request \(packet[10])"
      let value = X11Wire.u32(packet, 4)
      let error = SystemPasteboardError(
        .request, "the X server refused \(request): \(name) (value \(value))",
        server: .init(code: code, request: request, value: value))
      if routed.remove(Self.key(sequence)) != nil {
        answered.append((Self.key(sequence), .failure(error)))
      } else {
        errors[Self.key(sequence)] = error
      }
    case 1:
      guard let sequence = fullSequence(X11Wire.u16(packet, 2)) else {
        throw Self.violation("a reply for request \(X11Wire.u16(packet, 2)), which was never sent")
      }
      guard complete(sequence)?.expectsReply == true else {
        throw Self.violation("a reply for request \(sequence), which expects none or was answered")
      }
      if routed.remove(Self.key(sequence)) != nil {
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
      enqueue(X11EventPacket(bytes: Array(packet.prefix(32))))
    }
  }
}
