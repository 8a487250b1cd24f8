import SystemPasteboardCore
import UTIPlatform

/// One request of the X11 core protocol (or of an extension we use), as the protocol
/// description lays it out: its opcode, its name for errors, its encoder and, for those that
/// have one, its reply's decoder, in one place, as x11rb and xgb generate them from the
/// protocol's XML. No request is encoded anywhere else; ``X11Connection`` sends these values.
///
/// The requests themselves are generated from xcb-proto's XML (`scripts/make-x11-protocol.py`):
/// the core protocol's `xproto.xml`, `bigreq.xml` and `xfixes.xml`.
protocol X11Request {
  /// The major opcode of a core request; for an extension's, the minor opcode (the major one is
  /// the server's, found at run time).
  static var opcode: UInt8 { get }
  /// The request's name, as errors report it (`ConvertSelection`).
  static var name: String { get }
  /// The extension a request belongs to (nil: the core protocol).
  static var extensionName: String? { get }
  /// The byte after the opcode: a core request's small field, or an extension's minor opcode.
  var detail: UInt8 { get }
  /// Appends the request's body (everything after the 4-byte header) to `wire`.
  func encode(into wire: inout X11Wire)
  /// Whether the server answers it with a reply: true for every ``X11ReplyingRequest``, by
  /// their conformance (a static answer, where `is any X11ReplyingRequest` would search the
  /// binary's conformance records once per request type).
  static var expectsReply: Bool { get }
}

/// A request the server answers with a reply.
protocol X11ReplyingRequest: X11Request {
  /// What the reply says.
  associatedtype Reply
  /// Decodes a reply (the whole packet, header included).
  /// - Throws: ``SystemPasteboardError`` (`.protocolViolation`) for a reply too short for its fields.
  static func decode(_ reply: [UInt8]) throws(SystemPasteboardError) -> Reply
}

extension X11Request {
  package static var extensionName: String? { nil }
  package var detail: UInt8 { 0 }
  static var expectsReply: Bool { false }
}

extension X11ReplyingRequest {
  static var expectsReply: Bool { true }
}

/// The requests, by name: generated from xcb-proto's XML into `Generated/X11Protocol.swift`
/// (`scripts/make-x11-protocol.py`), each with its memberwise initializer; the connection's
/// helpers (``X11Connection/changeProperty(_:_:type:format:data:append:)`` …) are what the other
/// modules call. The connection setup, which is not a request, is written here.
package enum X11 {
  /// The connection setup a client opens with (not a request: no opcode, no reply but the setup's).
  struct ConnectionSetup {
    var authorizationName: String
    var authorizationData: [UInt8]

    /// The bytes: little-endian, protocol 11.0, the authorization's name and data, each padded.
    package var encoded: [UInt8] {
      let name = Array(authorizationName.utf8)
      var wire = X11Wire()
      wire.u8(0x6C)  // 'l': little-endian
      wire.u8(0)
      wire.u16(11)  // major version
      wire.u16(0)  // minor version
      wire.u16(name.count)
      wire.u16(authorizationData.count)
      wire.u16(0)
      wire.bytes(name)
      wire.pad()
      wire.bytes(authorizationData)
      wire.pad()
      return wire.data
    }
  }
}
