import SystemPasteboardCore
import UTIPlatform

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// What a Wayland compositor sends, without a socket: bytes and descriptors in
/// (``receive(_:descriptors:)``), typed events out (``next(objects:)``), the object table kept
/// as the events say (objects the compositor makes, ids it frees, its errors).
///
/// A message is decoded once all of it arrived, however the bytes were cut; an event for an
/// object never known is dropped (as libwayland does), one for a destroyed object is decoded
/// and dropped with its descriptors closed. A fault (a message shorter than its header, an
/// opcode the interface lacks, arguments that do not parse, a descriptor that did not come)
/// is `.protocolViolation`; `wl_display.error` is `.request`, naming the object, its interface
/// and the compositor's message.
///
/// ``WaylandConnection`` drives it from its socket on the loop; tests feed it bytes in memory.
struct WaylandIncoming {
  /// Bytes read, from `start` on not yet decoded.
  private var buffer: [UInt8] = []
  private var start = 0
  /// Descriptors received and not yet taken by a decoded message, in order; owned here.
  private(set) var descriptors: [Int32] = []

  /// Takes `bytes` and the `descriptors` that came with them.
  mutating func receive(_ bytes: [UInt8], descriptors received: [Int32] = []) {
    if start > 0 {
      buffer.removeFirst(start)
      start = 0
    }
    buffer += bytes
    descriptors += received
  }

  /// Closes the descriptors no message took (the connection ended).
  mutating func closeDescriptors() {
    for fd in descriptors { close(fd) }
    descriptors.removeAll()
  }

  /// The next event for the connection's user, the connection's own events handled on the way
  /// (`delete_id`, objects made, events for destroyed or unknown objects); nil once no whole
  /// message is left.
  /// - Throws: ``SystemPasteboardError``: `.protocolViolation` for a fault, `.request` for
  ///   `wl_display.error`.
  mutating func next(objects: inout WaylandObjectTable) throws(SystemPasteboardError) -> WaylandConnection.Incoming? {
    while let message = try decodeBuffered(objects) {
      if let incoming = try consume(message, &objects) { return incoming }
    }
    return nil
  }

  private typealias Message = (object: UInt32, interface: WaylandInterface?, opcode: UInt16, [WaylandWire.Argument])

  /// The next whole message in the buffer, decoded; nil when it has not all arrived.
  private mutating func decodeBuffered(_ objects: WaylandObjectTable) throws(SystemPasteboardError) -> Message? {
    guard let header = WaylandWire.header(buffer[start...]) else { return nil }
    guard header.size >= 8, header.size % 4 == 0 else {
      throw SystemPasteboardError(
        .protocolViolation, "the Wayland compositor sent a message of \(header.size) bytes, which is not a message")
    }
    guard buffer.count - start >= header.size else { return nil }
    let body = buffer[(start + 8)..<(start + header.size)]
    start += header.size
    guard let interface = objects.interface(of: header.object) else {
      // An object we never knew: nothing can be decoded (libwayland drops it too).
      return (header.object, nil, header.opcode, [])
    }
    guard Int(header.opcode) < interface.events.count else {
      throw SystemPasteboardError(
        .protocolViolation,
        "the Wayland compositor sent event \(header.opcode) to \(interface.name)@\(header.object), which has \(interface.events.count)"
      )
    }
    let event = interface.events[Int(header.opcode)]
    do {
      return (
        header.object, interface, header.opcode,
        try WaylandWire.decode(body, signature: event.signature, fds: &descriptors)
      )
    } catch {
      throw SystemPasteboardError(
        .protocolViolation,
        "the Wayland compositor sent \(interface.name)@\(header.object).\(event.name) that cannot be read: \(error.reason)"
      )
    }
  }

  /// Handles what the connection itself handles (errors, freed ids, new objects, events for
  /// destroyed objects); the rest is the caller's.
  private func consume(_ message: Message, _ objects: inout WaylandObjectTable) throws(SystemPasteboardError)
    -> WaylandConnection.Incoming?
  {
    let (object, interface, opcode, arguments) = message
    guard let interface else {
      if WaylandConnection.debug { WaylandConnection.trace("unknown object @\(object) event \(opcode) dropped", []) }
      return nil
    }
    if WaylandConnection.debug {
      WaylandConnection.trace("\(interface.name)@\(object).\(interface.events[Int(opcode)].name)", arguments)
    }
    let signature = interface.events[Int(opcode)].signature
    for (type, argument) in zip(signature, arguments) {
      if case .newID(let name) = type, case .newID(let id) = argument, let made = WaylandInterface.known[name] {
        objects.made(id, as: made)
      }
    }
    guard !objects.isDestroyed(object), let event = WaylandEvent(role: interface.role, opcode: opcode, arguments)
    else {
      for case .fd(let fd) in arguments { close(fd) }
      return nil
    }
    switch event {
    case .display(.error(let culprit, let code, let text)):
      let name = objects.interface(of: culprit)?.name ?? "unknown object"
      throw SystemPasteboardError(
        .request, "the Wayland compositor reported error \(code) on \(name)@\(culprit): \(text)",
        server: .init(code: Int(code), request: name))
    case .display(.deleteId(let id)):
      objects.delete(id)
      return nil
    default:
      return WaylandConnection.Incoming(object: object, interface: interface, event: event)
    }
  }
}
