import Testing

@testable import SystemPasteboard
@testable import SystemPasteboardCore

/// D-Bus messages as the specification frames them: what we write reads back, the bytes match
/// what the specification's marshalling gives, a big-endian peer's message reads, and bytes no
/// bus should send are located errors, never a crash.
@Suite("D-Bus messages")
struct DBusMessageTests {
  /// A call with every kind of value the portals use, and more.
  static let call: DBusMessage = {
    var message = DBusMessage.call(
      destination: "org.freedesktop.portal.Documents", path: "/org/freedesktop/portal/documents",
      interface: "org.freedesktop.portal.FileTransfer", member: "AddFiles",
      [
        .string("key-é"), .array(element: "h", [.unixFD(0), .unixFD(1)]),
        .options([("writable", .boolean(false)), ("count", .uint64(7)), ("name", .variant(.int16(-2)))]),
        .structure([.byte(9), .double(0x4009_21FB_5444_2D18), .objectPath("/a/b"), .signature("a{sv}")]),
        .array(element: "s", []),
      ])
    message.serial = 42
    message.flags = DBusMessage.noAutoStart
    message.unixFDs = 2
    return message
  }()

  @Test func aMessageWrittenReadsBackTheSame() throws {
    let bytes = Self.call.encoded
    #expect(try DBusMessage.length(ofMessageStarting: bytes[...]) == bytes.count)
    #expect(try DBusMessage(decoding: bytes) == Self.call)
  }

  /// `Hello` as dbus-daemon's own clients write it: the bytes are the specification's.
  @Test func helloIsWrittenAsTheSpecificationMarshalsIt() {
    var hello = DBusMessage.call(
      destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
      member: "Hello")
    hello.serial = 1
    let bytes = hello.encoded
    // l, method call, no flags, version 1; no body; serial 1; 0x6d bytes of header fields.
    #expect(Array(bytes[0..<16]) == [0x6C, 1, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0x6D, 0, 0, 0])
    // The first field: PATH (1), signature "o", the path's length 21 (at offset 20, aligned to 4).
    #expect(Array(bytes[16..<24]) == [1, 1, UInt8(ascii: "o"), 0, 21, 0, 0, 0])
    #expect(bytes.count == 16 + 0x6D + 3)  // padded to 8: 128 bytes
  }

  /// The same call from a big-endian peer (which the bus passes on in its order) reads the same.
  @Test func aBigEndianMessageReads() throws {
    var message = DBusMessage(
      kind: .methodReturn, serial: 5, replySerial: 3, body: [.string("k"), .uint32(0x0102_0304)])
    let little = message.encoded
    var big = little
    big[0] = UInt8(ascii: "B")
    // Swap the fixed header's numbers and the fields' and body's numbers by hand.
    func swap(_ at: Int) { big.replaceSubrange(at..<(at + 4), with: little[at..<(at + 4)].reversed()) }
    for offset in [4, 8, 12] { swap(offset) }
    // Fields: REPLY_SERIAL (u at 20), SIGNATURE (g); body at 32: string length, then the uint32.
    swap(20)
    let bodyStart = little.count - 12
    swap(bodyStart)
    swap(bodyStart + 8)
    message.serial = 5
    #expect(try DBusMessage(decoding: big) == message)
  }

  @Test(arguments: [
    ("a signature nested 40 arrays deep", [UInt8](repeating: UInt8(ascii: "a"), count: 40) + [UInt8(ascii: "y")]),
    ("a dictionary entry outside an array", Array("{sv}".utf8)),
    ("an unknown type code", Array("z".utf8)),
    ("an unclosed structure", Array("(ii".utf8)),
  ])
  func aBadSignatureIsALocatedError(what: String, signature: [UInt8]) {
    #expect(throws: SystemPasteboardError.self, "\(what)") {
      _ = try DBusSignature.completeTypes(String(decoding: signature, as: UTF8.self))
    }
  }

  /// Hostile bodies: each a protocol violation that names the problem and its byte.
  @Test func hostileBytesAreLocatedErrors() throws {
    let good = DBusMessage(kind: .methodReturn, serial: 1, replySerial: 1, body: [.string("abc")]).encoded
    let bodyStart = good.count - 8
    var noNUL = good
    noNUL[bodyStart + 7] = UInt8(ascii: "x")
    var longString = good
    longString[bodyStart] = 200
    var badOrder = good
    badOrder[0] = UInt8(ascii: "X")
    var cases: [(String, [UInt8])] = [
      ("a string not ended by NUL", noNUL), ("past the message's end", longString), ("byte order", badOrder),
    ]
    var badUTF8 = good
    badUTF8[bodyStart + 4] = 0xFF
    cases.append(("not UTF-8", badUTF8))
    for (words, bytes) in cases {
      let error = #expect(throws: SystemPasteboardError.self) { try DBusMessage(decoding: bytes) }
      #expect(error?.code == .protocolViolation)
      #expect(error?.description.contains(words) == true, "\(error?.description ?? "") should say \(words)")
    }
  }

  /// A fixed header that claims more than the specification's 128 MiB is refused before
  /// anything is read.
  @Test func aClaimPastTheLimitIsRefused() {
    var header = DBusMessage(kind: .signal, serial: 1).encoded
    header.replaceSubrange(4..<8, with: [0, 0, 0, 0x10])  // a body of 256 MiB
    let error = #expect(throws: SystemPasteboardError.self) { try DBusMessage.length(ofMessageStarting: header[...]) }
    #expect(error?.description.contains("128 MiB") == true)
  }

  @Test func addressesAreParsedWithTheirEscapes() {
    let parsed = DBusConnection.parse("unix:path=/run/user/1000/a%20b%2cc,guid=0123")
    #expect(parsed?.0 == "unix")
    #expect(parsed?.1["path"] == "/run/user/1000/a b,c")
    #expect(parsed?.1["guid"] == "0123")
    #expect(DBusConnection.parse("unix:path=%zz") == nil)
    #expect(DBusConnection.parse("no colon") == nil)
  }
}
