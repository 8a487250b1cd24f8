import SystemPasteboardCore
import UTIPlatform

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// The Wayland wire format: a message is its object's id, its size and opcode, and its
/// arguments, each a multiple of 4 bytes in the host's byte order; file descriptors travel
/// beside the bytes (`SCM_RIGHTS`), in argument order.
///
/// From the protocol's description ("Wire Format" in the Wayland book and `wayland.xml`'s
/// argument types): `int`, `uint`, `fixed` (24.8), `object` (0 is null) and `new_id` are one
/// word; `string` is its length including the NUL (0 for null), the bytes and the NUL, padded;
/// `array` is its length, the bytes, padded; `fd` takes no bytes.
package enum WaylandWire {
  /// The type of one argument, as a protocol description names it.
  package enum ArgumentType: Equatable {
    case int, uint, fixed, string, nullableString, object, nullableObject, array, fd
    /// A new object made by the sender, of the named interface.
    case newID(String)
  }

  /// One argument's value.
  package enum Argument: Equatable {
    case int(Int32)
    case uint(UInt32)
    case fixed(Int32)
    case string(String?)
    /// An object's id; 0 for null.
    case object(UInt32)
    case newID(UInt32)
    case array([UInt8])
    case fd(Int32)
  }

  /// The largest message: the size is 16 bits.
  static let maximumMessageSize = 0xFFFF

  /// A message's bytes (its descriptors apart, in order).
  static func encode(object: UInt32, opcode: UInt16, _ arguments: [Argument]) -> (bytes: [UInt8], fds: [Int32]) {
    var body: [UInt8] = []
    var fds: [Int32] = []
    func word(_ value: UInt32) { withUnsafeBytes(of: value) { body += $0 } }
    func padded(_ bytes: [UInt8]) {
      word(UInt32(bytes.count))
      body += bytes
      body += [UInt8](repeating: 0, count: (4 - bytes.count % 4) % 4)
    }
    for argument in arguments {
      switch argument {
      case .int(let value), .fixed(let value): word(UInt32(bitPattern: value))
      case .uint(let value), .object(let value), .newID(let value): word(value)
      case .string(nil): word(0)
      case .string(let text?): padded(Array(text.utf8) + [0])
      case .array(let bytes): padded(bytes)
      case .fd(let fd): fds.append(fd)
      }
    }
    var message: [UInt8] = []
    message.reserveCapacity(8 + body.count)
    withUnsafeBytes(of: object) { message += $0 }
    withUnsafeBytes(of: UInt32(8 + body.count) << 16 | UInt32(opcode)) { message += $0 }
    return (message + body, fds)
  }

  /// A message header: object id, opcode and the whole message's size in bytes.
  static func header(_ bytes: ArraySlice<UInt8>) -> (object: UInt32, opcode: UInt16, size: Int)? {
    guard bytes.count >= 8 else { return nil }
    let object = word(bytes, at: bytes.startIndex)
    let second = word(bytes, at: bytes.startIndex + 4)
    return (object, UInt16(second & 0xFFFF), Int(second >> 16))
  }

  /// A message's arguments, read by `signature` from `body`; descriptors are taken from the
  /// front of `fds` in order (and closed again when the message cannot be read).
  /// - Throws: A description of the fault (a short body, a string without its NUL, a missing
  ///   descriptor, bytes left over).
  static func decode(_ body: ArraySlice<UInt8>, signature: [ArgumentType], fds: inout [Int32]) throws(Fault)
    -> [Argument]
  {
    var arguments: [Argument] = []
    do {
      try decode(body, signature: signature, fds: &fds, into: &arguments)
    } catch {
      for case .fd(let fd) in arguments { close(fd) }
      throw error
    }
    return arguments
  }

  private static func decode(
    _ body: ArraySlice<UInt8>, signature: [ArgumentType], fds: inout [Int32], into arguments: inout [Argument]
  ) throws(Fault) {
    var offset = body.startIndex
    arguments.reserveCapacity(signature.count)
    func next() throws(Fault) -> UInt32 {
      guard body.endIndex - offset >= 4 else { throw Fault("the message ends inside an argument") }
      defer { offset += 4 }
      return word(body, at: offset)
    }
    func bytes(_ count: Int) throws(Fault) -> ArraySlice<UInt8> {
      let padded = (count + 3) & ~3
      guard count >= 0, body.endIndex - offset >= padded else { throw Fault("the message ends inside an argument") }
      defer { offset += padded }
      return body[offset..<(offset + count)]
    }
    for type in signature {
      switch type {
      case .int: arguments.append(.int(Int32(bitPattern: try next())))
      case .fixed: arguments.append(.fixed(Int32(bitPattern: try next())))
      case .uint: arguments.append(.uint(try next()))
      case .object, .nullableObject:
        let id = try next()
        guard id != 0 || type == .nullableObject else { throw Fault("a required object is null") }
        arguments.append(.object(id))
      case .newID:
        let id = try next()
        guard id != 0 else { throw Fault("a new object's id is 0") }
        arguments.append(.newID(id))
      case .string, .nullableString:
        let length = Int(try next())
        if length == 0 {
          guard type == .nullableString else { throw Fault("a required string is null") }
          arguments.append(.string(nil))
          continue
        }
        let text = try bytes(length)
        guard text.last == 0, !text.dropLast().contains(0) else { throw Fault("a string does not end with its NUL") }
        // Strings are UTF-8 by the protocol; another client's (a MIME type it offers) reaches us
        // through the compositor unchecked, so a bad one is read with replacement characters
        // rather than ending the connection for everyone.
        arguments.append(.string(String(decoding: text.dropLast(), as: UTF8.self)))
      case .array: arguments.append(.array(Array(try bytes(Int(try next())))))
      case .fd:
        guard !fds.isEmpty else { throw Fault("a file descriptor the message carries did not arrive") }
        arguments.append(.fd(fds.removeFirst()))
      }
    }
    guard offset == body.endIndex else { throw Fault("the message is longer than its arguments") }
  }

  /// Why a message could not be read.
  struct Fault: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
  }

  private static func word(_ bytes: ArraySlice<UInt8>, at index: Int) -> UInt32 {
    var value: UInt32 = 0
    withUnsafeMutableBytes(of: &value) { raw in
      for offset in 0..<4 { raw[offset] = bytes[index + offset] }
    }
    return value
  }
}
