import UTIPlatform

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// A client's connection to a D-Bus message bus (the session bus), spoken in Swift over its Unix
/// socket: the `EXTERNAL` authentication, descriptor passing negotiated, `Hello`, and method
/// calls that wait for their reply at most until a deadline.
///
/// Not for use by two threads at once: its owner serializes calls (``FileTransferPortal`` holds a
/// lock around each). Messages that are not the awaited reply (signals, calls from other
/// peers) are read and dropped; a message larger than ``maximumMessage`` is skipped unread, so
/// that no peer on the bus makes this connection hold more than that.
final class DBusConnection {
  /// The largest message read (1 MiB); a larger one is skipped.
  static let maximumMessage = 1 << 20
  /// The longest line of the authentication conversation.
  static let maximumLine = 4096

  private let socket: Socket
  private var buffer: [UInt8] = []
  /// Bytes of a skipped message still to be dropped.
  private var skipping = 0
  private var nextSerial: UInt32 = 1
  /// The name the bus gave this connection.
  private(set) var uniqueName = ""
  /// Whether the bus agreed to pass file descriptors.
  private(set) var passesDescriptors = false

  /// Connects to the bus at `address` (a D-Bus address: `unix:path=…` or `unix:abstract=…`,
  /// several separated by `;`, the first that answers taken), authenticates and says `Hello`.
  /// - Throws: ``SystemPasteboardError``: `.connectionFailed` when no address answers,
  ///   `.connectionRefused` when the bus rejects us, `.timeout` past `deadline`.
  init(address: String, until deadline: UInt64) throws(SystemPasteboardError) {
    socket = try Self.connect(address)
    try authenticate(until: deadline)
    let reply = try call(
      .call(destination: Self.bus, path: "/org/freedesktop/DBus", interface: Self.bus, member: "Hello"),
      until: deadline)
    guard let name = reply.first?.text else {
      throw SystemPasteboardError(.protocolViolation, "the D-Bus daemon answered Hello without a name")
    }
    uniqueName = name
  }

  /// The message bus's own name and interface.
  static let bus = "org.freedesktop.DBus"

  /// The session bus's address: `$DBUS_SESSION_BUS_ADDRESS`, else the bus socket under
  /// `$XDG_RUNTIME_DIR` where one exists (as systemd's user bus and GLib find it); nil for none.
  static func sessionBusAddress() -> String? {
    if let address = ProcessEnvironment.value("DBUS_SESSION_BUS_ADDRESS"), !address.isEmpty { return address }
    guard let runtime = ProcessEnvironment.value("XDG_RUNTIME_DIR"), runtime.hasPrefix("/") else { return nil }
    let path = runtime + "/bus"
    guard case .special = FileIO.kind(of: path, followingLinks: true) else { return nil }
    return "unix:path=" + path
  }

  /// Closes the connection (the bus forgets what this client held: its transfers too).
  func close() { socket.close() }

  /// Calls a method and waits for its reply, at most until `deadline`, passing `descriptors`
  /// (which stay open here) with it.
  /// - Returns: The reply's body.
  /// - Throws: ``SystemPasteboardError``: `.request` for an error reply (its name and message),
  ///   `.timeout`, `.closed`, or `.protocolViolation` for what cannot be read.
  func call(_ message: DBusMessage, passing descriptors: [Int32] = [], until deadline: UInt64)
    throws(SystemPasteboardError) -> [DBusValue]
  {
    var message = message
    message.serial = nextSerial
    nextSerial = nextSerial == UInt32.max ? 1 : nextSerial + 1
    message.unixFDs = UInt32(descriptors.count)
    guard descriptors.isEmpty || passesDescriptors else {
      throw SystemPasteboardError(.unsupported, "the D-Bus daemon passes no file descriptors")
    }
    do {
      try socket.write(message.encoded, passing: descriptors, until: deadline)
    } catch {
      throw Self.failure(error, "sending \(message.member ?? "a call") to the D-Bus daemon")
    }
    while true {
      let reply = try nextMessage(until: deadline)
      guard reply.replySerial == message.serial, reply.kind == .methodReturn || reply.kind == .error else { continue }
      guard reply.kind == .methodReturn else {
        let detail = reply.body.first?.text.map { ": " + $0 } ?? ""
        throw SystemPasteboardError(
          .request, "\(message.member ?? "a call") failed: \(reply.errorName ?? "an error")\(detail)")
      }
      return reply.body
    }
  }

  /// The next whole message, skipping those too large.
  private func nextMessage(until deadline: UInt64) throws(SystemPasteboardError) -> DBusMessage {
    while true {
      if skipping > 0 {
        let dropped = min(skipping, buffer.count)
        buffer.removeFirst(dropped)
        skipping -= dropped
      }
      if skipping == 0, let length = try DBusMessage.length(ofMessageStarting: buffer[...]) {
        if length > Self.maximumMessage {
          skipping = length
          continue
        }
        if buffer.count >= length {
          let bytes = Array(buffer[..<length])
          buffer.removeFirst(length)
          return try DBusMessage(decoding: bytes)
        }
      }
      try fill(until: deadline)
    }
  }

  private func fill(until deadline: UInt64) throws(SystemPasteboardError) {
    do {
      buffer += try socket.read(capacity: 65_536, until: deadline)
    } catch {
      throw Self.failure(error, "reading from the D-Bus daemon")
    }
  }

  private static func failure(_ error: Socket.Error, _ doing: String) -> SystemPasteboardError {
    switch error.code {
    case ETIMEDOUT: SystemPasteboardError(.timeout, "\(doing): no answer in time")
    case ECONNRESET, EPIPE: SystemPasteboardError(.closed, "\(doing): the bus closed the connection")
    default: SystemPasteboardError(.connectionFailed, "\(doing): \(error)")
    }
  }
}

extension DBusConnection {
  /// The first of `address`'s Unix addresses that accepts a connection.
  private static func connect(_ address: String) throws(SystemPasteboardError) -> Socket {
    var reasons: [String] = []
    for entry in address.split(separator: ";") {
      guard let (transport, keys) = parse(entry) else {
        reasons.append("\(entry): not a D-Bus address")
        continue
      }
      guard transport == "unix", let path = keys["path"] ?? keys["abstract"] else {
        reasons.append("\(entry): only unix:path and unix:abstract are spoken")
        continue
      }
      do {
        return try Socket.unix(path: path, abstract: keys["path"] == nil)
      } catch {
        reasons.append("\(error)")
      }
    }
    throw SystemPasteboardError(
      .connectionFailed, "no D-Bus session bus at \(address): \(reasons.joined(separator: "; "))")
  }

  /// `transport:key=value,…` with the values' `%XX` escapes undone.
  static func parse(_ entry: Substring) -> (String, [String: String])? {
    guard let colon = entry.firstIndex(of: ":") else { return nil }
    var keys: [String: String] = [:]
    for pair in entry[entry.index(after: colon)...].split(separator: ",") {
      guard let equals = pair.firstIndex(of: "="),
        let value = unescape(pair[pair.index(after: equals)...])
      else { return nil }
      keys[String(pair[..<equals])] = value
    }
    return (String(entry[..<colon]), keys)
  }

  private static func unescape(_ value: Substring) -> String? {
    PercentEscapes.decode(value.utf8).flatMap { String(validating: $0, as: UTF8.self) }
  }

  /// The `EXTERNAL` mechanism (the bus reads our user from the socket), then descriptor
  /// passing asked for, then `BEGIN`.
  private func authenticate(until deadline: UInt64) throws(SystemPasteboardError) {
    let user = String(getuid()).utf8.map { String($0, radix: 16) }.joined()
    try send([0] + Array("AUTH EXTERNAL \(user)\r\n".utf8), until: deadline)
    let answer = try line(until: deadline)
    guard answer.hasPrefix("OK ") else {
      throw SystemPasteboardError(.connectionRefused, "the D-Bus daemon refused us: \(answer)")
    }
    try send(Array("NEGOTIATE_UNIX_FD\r\n".utf8), until: deadline)
    passesDescriptors = try line(until: deadline) == "AGREE_UNIX_FD"
    try send(Array("BEGIN\r\n".utf8), until: deadline)
  }

  private func send(_ bytes: [UInt8], until deadline: UInt64) throws(SystemPasteboardError) {
    do {
      try socket.write(bytes, until: deadline)
    } catch {
      throw Self.failure(error, "authenticating to the D-Bus daemon")
    }
  }

  /// One line of the authentication conversation, without its `\r\n`.
  private func line(until deadline: UInt64) throws(SystemPasteboardError) -> String {
    while true {
      if let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        let line = buffer[..<end].last == UInt8(ascii: "\r") ? buffer[..<(end - 1)] : buffer[..<end]
        defer { buffer.removeFirst(end + 1) }
        return String(decoding: line, as: UTF8.self)
      }
      guard buffer.count < Self.maximumLine else {
        throw SystemPasteboardError(.protocolViolation, "the D-Bus daemon sent a line of more than 4,096 bytes")
      }
      try fill(until: deadline)
    }
  }
}
