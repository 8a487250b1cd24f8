/// One D-Bus message, as the specification frames it: a 16-byte fixed header (byte order, type,
/// flags, version 1, body length, serial), the header fields (`a(yv)`), padding to 8 bytes, then
/// the body of the signature the fields name.
struct DBusMessage: Equatable, Sendable {
  /// The four kinds of message.
  enum Kind: UInt8, Sendable {
    case methodCall = 1, methodReturn = 2, error = 3, signal = 4
  }

  /// The header fields' codes.
  private enum Field: UInt8 {
    case path = 1, interface, member, errorName, replySerial, destination, sender, signature, unixFDs
  }

  /// The flag asking for no reply.
  static let noReplyExpected: UInt8 = 1
  /// The flag asking the bus not to start the destination's service when no one owns its name.
  static let noAutoStart: UInt8 = 2
  /// The largest message the specification allows (128 MiB).
  static let specificationLimit = 1 << 27
  /// The size of the fixed header, and the bytes that tell a message's whole length.
  static let fixedHeaderSize = 16

  var kind: Kind
  var flags: UInt8 = 0
  var serial: UInt32 = 0
  var path: String?
  var interface: String?
  var member: String?
  var errorName: String?
  var replySerial: UInt32?
  var destination: String?
  var sender: String?
  /// The file descriptors the message carries (sent beside it over the socket).
  var unixFDs: UInt32 = 0
  /// The body's values; its signature is theirs.
  var body: [DBusValue] = []

  /// A method call.
  static func call(
    destination: String, path: String, interface: String, member: String, _ body: [DBusValue] = []
  ) -> DBusMessage {
    DBusMessage(
      kind: .methodCall, path: path, interface: interface, member: member, destination: destination, body: body)
  }

  /// The bytes that send the message, little-endian.
  var encoded: [UInt8] {
    var fields: [DBusValue] = []
    func add(_ field: Field, _ value: DBusValue?) {
      if let value { fields.append(.structure([.byte(field.rawValue), .variant(value)])) }
    }
    add(.path, path.map(DBusValue.objectPath))
    add(.interface, interface.map(DBusValue.string))
    add(.member, member.map(DBusValue.string))
    add(.errorName, errorName.map(DBusValue.string))
    add(.replySerial, replySerial.map(DBusValue.uint32))
    add(.destination, destination.map(DBusValue.string))
    add(.sender, sender.map(DBusValue.string))
    let signature = body.map(\.signature).joined()
    add(.signature, signature.isEmpty ? nil : .signature(signature))
    add(.unixFDs, unixFDs == 0 ? nil : .uint32(unixFDs))
    var bodyWriter = DBusWriter()
    for value in body { bodyWriter.write(value) }
    var writer = DBusWriter()
    for byte in [UInt8(ascii: "l"), kind.rawValue, flags, 1] { writer.write(.byte(byte)) }
    writer.write(.uint32(UInt32(bodyWriter.bytes.count)))
    writer.write(.uint32(serial))
    writer.write(.array(element: "(yv)", fields))
    writer.align(8)
    return writer.bytes + bodyWriter.bytes
  }

  /// The whole length of the message whose first ``fixedHeaderSize`` bytes are `header`, as
  /// its fixed header says (nil until 16 bytes are there).
  /// - Throws: ``SystemPasteboardError`` (`.protocolViolation`) for a byte order or version
  ///   that is not D-Bus's, or a length past the specification's limit.
  static func length(ofMessageStarting header: ArraySlice<UInt8>) throws(SystemPasteboardError) -> Int? {
    guard header.count >= fixedHeaderSize else { return nil }
    let start = header.startIndex
    let bigEndian = try byteOrder(header[start])
    guard header[start + 3] == 1 else {
      throw SystemPasteboardError(.protocolViolation, "a D-Bus message of protocol version \(header[start + 3])")
    }
    func number(at offset: Int) -> Int {
      (0..<4).reduce(0) { $0 << 8 | Int(header[start + offset + (bigEndian ? $1 : 3 - $1)]) }
    }
    let fieldsLength = number(at: 12)
    let bodyLength = number(at: 4)
    let length = (fixedHeaderSize + fieldsLength + 7) / 8 * 8 + bodyLength
    guard fieldsLength <= specificationLimit, bodyLength <= specificationLimit, length <= specificationLimit else {
      throw SystemPasteboardError(.protocolViolation, "a D-Bus message of \(length) bytes, past the 128 MiB limit")
    }
    return length
  }

  private static func byteOrder(_ byte: UInt8) throws(SystemPasteboardError) -> Bool {
    switch byte {
    case UInt8(ascii: "l"): return false
    case UInt8(ascii: "B"): return true
    default: throw SystemPasteboardError(.protocolViolation, "a D-Bus message of byte order \(byte)")
    }
  }
}

extension DBusMessage {
  /// Reads one whole message (`bytes` is exactly ``length(ofMessageStarting:)`` long).
  /// - Throws: ``SystemPasteboardError`` (`.protocolViolation`) naming what is wrong and where.
  init(decoding bytes: [UInt8]) throws(SystemPasteboardError) {
    guard let length = try Self.length(ofMessageStarting: bytes[...]), length == bytes.count else {
      throw SystemPasteboardError(.protocolViolation, "a D-Bus message cut short (\(bytes.count) bytes)")
    }
    guard let kind = Kind(rawValue: bytes[1]) else {
      throw SystemPasteboardError(.protocolViolation, "a D-Bus message of type \(bytes[1])")
    }
    self.init(kind: kind, flags: bytes[2])
    var reader = DBusReader(bytes, bigEndian: try Self.byteOrder(bytes[0]), offset: 4)
    let header = try reader.read(signature: "uua(yv)", end: bytes.count)
    guard case .uint32(let bodyLength) = header[0], case .uint32(let serial) = header[1],
      case .array(_, let fields) = header[2]
    else { throw SystemPasteboardError(.protocolViolation, "a D-Bus message without its header") }
    self.serial = serial
    let signature = try take(fields)
    let bodyStart = (reader.offset + 7) / 8 * 8
    guard bodyStart + Int(bodyLength) == bytes.count else {
      throw SystemPasteboardError(.protocolViolation, "a D-Bus message whose body length disagrees with its size")
    }
    var bodyReader = DBusReader(Array(bytes[bodyStart...]), bigEndian: reader.bigEndian)
    body = try bodyReader.read(signature: signature, end: Int(bodyLength))
    guard bodyReader.offset == Int(bodyLength) else {
      throw SystemPasteboardError(.protocolViolation, "a D-Bus message with bytes after its body")
    }
  }

  /// Keeps the header fields it knows (others are ignored, as the specification says); returns
  /// the body's signature.
  private mutating func take(_ fields: [DBusValue]) throws(SystemPasteboardError) -> String {
    var signature = ""
    for case .structure(let pair) in fields {
      guard pair.count == 2, case .byte(let code) = pair[0], case .variant(let value) = pair[1] else { continue }
      switch (Field(rawValue: code), value) {
      case (.path, .objectPath(let text)): path = text
      case (.interface, .string(let text)): interface = text
      case (.member, .string(let text)): member = text
      case (.errorName, .string(let text)): errorName = text
      case (.replySerial, .uint32(let number)): replySerial = number
      case (.destination, .string(let text)): destination = text
      case (.sender, .string(let text)): sender = text
      case (.signature, .signature(let text)): signature = text
      case (.unixFDs, .uint32(let number)): unixFDs = number
      case (nil, _): continue
      default:
        throw SystemPasteboardError(.protocolViolation, "a D-Bus header field \(code) of type \(value.signature)")
      }
    }
    return signature
  }
}
