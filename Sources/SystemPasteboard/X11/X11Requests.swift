import UTIPlatform

/// One request of the X11 core protocol (or of an extension we use), as the protocol
/// description lays it out: its opcode, its name for errors, its encoder and, for those that
/// have one, its reply's decoder, in one place, as x11rb and xgb generate them from the
/// protocol's XML. No request is encoded anywhere else; ``X11Connection`` sends these values.
///
/// Facts from "X Window System Protocol, version 11" (chapter 9 and appendix B: the encoding),
/// "The BIG-REQUESTS Extension" and "The XFIXES Extension, version 5".
package protocol X11Request {
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
package protocol X11ReplyingRequest: X11Request {
  /// What the reply says.
  associatedtype Reply
  /// Decodes a reply (the whole packet, header included).
  /// - Throws: ``SystemPasteboardError`` (`.protocolViolation`) for a reply too short for its fields.
  static func decode(_ reply: [UInt8]) throws(SystemPasteboardError) -> Reply
}

extension X11Request {
  package static var extensionName: String? { nil }
  package var detail: UInt8 { 0 }
  package static var expectsReply: Bool { false }
}

extension X11ReplyingRequest {
  package static var expectsReply: Bool { true }
}

/// A reply shorter than the fields it must hold.
private func short(_ name: String, _ reply: [UInt8], needs count: Int) throws(SystemPasteboardError) {
  guard reply.count >= count else {
    throw SystemPasteboardError(.protocolViolation, "the X server's \(name) reply is \(reply.count) bytes long")
  }
}

/// The requests, by name. Each is made with its memberwise initializer, inside this module:
/// the connection's helpers (``X11Connection/changeProperty(_:_:type:format:data:append:)`` …)
/// are what the other modules call.
package enum X11 {
  /// The connection setup a client opens with (not a request: no opcode, no reply but the setup's).
  package struct ConnectionSetup {
    package var authorizationName: String
    package var authorizationData: [UInt8]

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

  // MARK: Windows

  /// CreateWindow (1): a window with a value list of the attributes in `mask` order.
  package struct CreateWindow: X11Request {
    package static let opcode: UInt8 = 1
    package static let name = "CreateWindow"
    package enum Class: UInt16 { case inputOutput = 1, inputOnly = 2 }
    package var window: UInt32
    package var parent: UInt32
    package var width: Int
    package var height: Int
    package var windowClass: Class
    /// Attribute values in bit order: CWBackPixel (0x2), CWEventMask (0x800).
    package var backgroundPixel: UInt32?
    package var eventMask: UInt32?
    package var detail: UInt8 { 0 }  // depth: CopyFromParent

    package func encode(into wire: inout X11Wire) {
      wire.u32(window)
      wire.u32(parent)
      wire.u16(0)  // x
      wire.u16(0)  // y
      wire.u16(max(1, min(width, 0x7FFF)))
      wire.u16(max(1, min(height, 0x7FFF)))
      wire.u16(0)  // border width
      wire.u16(Int(windowClass.rawValue))
      wire.u32(0)  // visual: CopyFromParent
      wire.u32((backgroundPixel == nil ? 0 : 0x2) | (eventMask == nil ? 0 : 0x800))
      if let backgroundPixel { wire.u32(backgroundPixel) }
      if let eventMask { wire.u32(eventMask) }
    }
  }

  /// ChangeWindowAttributes (2), of the event mask alone.
  package struct ChangeWindowEventMask: X11Request {
    package static let opcode: UInt8 = 2
    package static let name = "ChangeWindowAttributes"
    package var window: UInt32
    package var eventMask: UInt32
    package func encode(into wire: inout X11Wire) {
      wire.u32(window)
      wire.u32(0x800)  // CWEventMask
      wire.u32(eventMask)
    }
  }

  /// DestroyWindow (4).
  package struct DestroyWindow: X11Request {
    package static let opcode: UInt8 = 4
    package static let name = "DestroyWindow"
    package var window: UInt32
    package func encode(into wire: inout X11Wire) { wire.u32(window) }
  }

  /// MapWindow (8).
  package struct MapWindow: X11Request {
    package static let opcode: UInt8 = 8
    package static let name = "MapWindow"
    package var window: UInt32
    package func encode(into wire: inout X11Wire) { wire.u32(window) }
  }

  /// GetGeometry (14): a drawable's size.
  package struct GetGeometry: X11ReplyingRequest {
    package static let opcode: UInt8 = 14
    package static let name = "GetGeometry"
    package var drawable: UInt32
    package func encode(into wire: inout X11Wire) { wire.u32(drawable) }
    package static func decode(_ reply: [UInt8]) throws(SystemPasteboardError) -> (width: Int, height: Int) {
      try short(name, reply, needs: 20)
      return (Int(X11Wire.u16(reply, 16)), Int(X11Wire.u16(reply, 18)))
    }
  }

  /// TranslateCoordinates (40): where a point of one window is in another, and the child there.
  package struct TranslateCoordinates: X11ReplyingRequest {
    package static let opcode: UInt8 = 40
    package static let name = "TranslateCoordinates"
    package var source: UInt32
    package var destination: UInt32
    package var x: Int
    package var y: Int
    package func encode(into wire: inout X11Wire) {
      wire.u32(source)
      wire.u32(destination)
      wire.u16(x)
      wire.u16(y)
    }
    /// Nil when the windows are on different screens.
    package static func decode(_ reply: [UInt8]) throws(SystemPasteboardError) -> (x: Int, y: Int, child: UInt32)? {
      try short(name, reply, needs: 16)
      guard reply[1] == 1 else { return nil }
      return (
        Int(Int16(bitPattern: X11Wire.u16(reply, 12))), Int(Int16(bitPattern: X11Wire.u16(reply, 14))),
        X11Wire.u32(reply, 8)
      )
    }
  }

  /// QueryPointer (38): the pointer on a window, and the buttons and modifiers down.
  package struct QueryPointer: X11ReplyingRequest {
    package static let opcode: UInt8 = 38
    package static let name = "QueryPointer"
    package var window: UInt32
    package func encode(into wire: inout X11Wire) { wire.u32(window) }
    package static func decode(_ reply: [UInt8]) throws(SystemPasteboardError) -> (x: Int, y: Int, mask: UInt16) {
      try short(name, reply, needs: 26)
      return (
        Int(Int16(bitPattern: X11Wire.u16(reply, 16))), Int(Int16(bitPattern: X11Wire.u16(reply, 18))),
        X11Wire.u16(reply, 24)
      )
    }
  }

  // MARK: Atoms and properties

  /// InternAtom (16): the atom of a name, created if need be.
  package struct InternAtom: X11ReplyingRequest {
    package static let opcode: UInt8 = 16
    package static let name = "InternAtom"
    package var atomName: String
    package init(_ atomName: String) { self.atomName = atomName }
    package func encode(into wire: inout X11Wire) {
      wire.u16(atomName.utf8.count)
      wire.u16(0)
      wire.bytes(Array(atomName.utf8))
    }
    package static func decode(_ reply: [UInt8]) throws(SystemPasteboardError) -> UInt32 {
      try short(name, reply, needs: 12)
      return X11Wire.u32(reply, 8)
    }
  }

  /// GetAtomName (17).
  package struct GetAtomName: X11ReplyingRequest {
    package static let opcode: UInt8 = 17
    package static let name = "GetAtomName"
    package var atom: UInt32
    package init(_ atom: UInt32) { self.atom = atom }
    package func encode(into wire: inout X11Wire) { wire.u32(atom) }
    package static func decode(_ reply: [UInt8]) throws(SystemPasteboardError) -> String {
      try short(name, reply, needs: 32)
      let length = Int(X11Wire.u16(reply, 8))
      try short(name, reply, needs: 32 + length)
      return String(decoding: reply[32..<(32 + length)], as: UTF8.self)
    }
  }

  /// ChangeProperty (18): replaces (or appends to) a property, `data` in `format`-bit units.
  package struct ChangeProperty: X11Request {
    package static let opcode: UInt8 = 18
    package static let name = "ChangeProperty"
    package var window: UInt32
    package var property: UInt32
    package var type: UInt32
    package var format: UInt8
    package var data: [UInt8]
    package var append = false
    package var detail: UInt8 { append ? 2 : 0 }  // mode: Replace, or Append
    package func encode(into wire: inout X11Wire) {
      wire.u32(window)
      wire.u32(property)
      wire.u32(type)
      wire.u8(format)
      for _ in 0..<3 { wire.u8(0) }
      wire.u32(UInt32(data.count / Int(max(format / 8, 1))))
      wire.bytes(data)
    }
  }

  /// DeleteProperty (19).
  package struct DeleteProperty: X11Request {
    package static let opcode: UInt8 = 19
    package static let name = "DeleteProperty"
    package var window: UInt32
    package var property: UInt32
    package func encode(into wire: inout X11Wire) {
      wire.u32(window)
      wire.u32(property)
    }
  }

  /// GetProperty (20): a window of a property's value (any type), in 32-bit units from `offset`.
  package struct GetProperty: X11ReplyingRequest {
    package static let opcode: UInt8 = 20
    package static let name = "GetProperty"
    package var window: UInt32
    package var property: UInt32
    package var offset: UInt32 = 0
    package var length: UInt32
    package func encode(into wire: inout X11Wire) {
      wire.u32(window)
      wire.u32(property)
      wire.u32(0)  // AnyPropertyType
      wire.u32(offset)
      wire.u32(length)
    }
    /// The value: its format (0 when the property does not exist), type, the bytes left after
    /// this window, and the value's bytes.
    package struct Reply {
      package var format: UInt8
      package var type: UInt32
      package var bytesAfter: Int
      package var value: [UInt8]
      /// The value as 32-bit items (format 32).
      package var items: [UInt32] { stride(from: 0, to: value.count - 3, by: 4).map { X11Wire.u32(value, $0) } }
    }
    package static func decode(_ reply: [UInt8]) throws(SystemPasteboardError) -> Reply {
      try short(name, reply, needs: 32)
      let format = reply[1]
      let length = Int(X11Wire.u32(reply, 16)) * max(Int(format) / 8, 1)
      guard 32 + length <= reply.count else {
        throw SystemPasteboardError(.protocolViolation, "a GetProperty reply is short")
      }
      return Reply(
        format: format, type: X11Wire.u32(reply, 8), bytesAfter: Int(X11Wire.u32(reply, 12)),
        value: Array(reply[32..<(32 + length)]))
    }
  }

  // MARK: Selections

  /// SetSelectionOwner (22): `owner` (0: none) owns `selection` from `time`.
  package struct SetSelectionOwner: X11Request {
    package static let opcode: UInt8 = 22
    package static let name = "SetSelectionOwner"
    package var owner: UInt32
    package var selection: UInt32
    package var time: UInt32
    package func encode(into wire: inout X11Wire) {
      wire.u32(owner)
      wire.u32(selection)
      wire.u32(time)
    }
  }

  /// GetSelectionOwner (23): the owner window (0: none).
  package struct GetSelectionOwner: X11ReplyingRequest {
    package static let opcode: UInt8 = 23
    package static let name = "GetSelectionOwner"
    package var selection: UInt32
    package func encode(into wire: inout X11Wire) { wire.u32(selection) }
    package static func decode(_ reply: [UInt8]) throws(SystemPasteboardError) -> UInt32 {
      try short(name, reply, needs: 12)
      return X11Wire.u32(reply, 8)
    }
  }

  /// ConvertSelection (24): asks the owner to put `target` in `property` of `requestor`.
  package struct ConvertSelection: X11Request {
    package static let opcode: UInt8 = 24
    package static let name = "ConvertSelection"
    package var requestor: UInt32
    package var selection: UInt32
    package var target: UInt32
    package var property: UInt32
    package var time: UInt32
    package func encode(into wire: inout X11Wire) {
      wire.u32(requestor)
      wire.u32(selection)
      wire.u32(target)
      wire.u32(property)
      wire.u32(time)
    }
  }

  /// SendEvent (25): a 32-byte event to `destination`, to its creator when `eventMask` is 0.
  package struct SendEvent: X11Request {
    package static let opcode: UInt8 = 25
    package static let name = "SendEvent"
    package var destination: UInt32
    package var eventMask: UInt32 = 0
    package var event: [UInt8]
    package func encode(into wire: inout X11Wire) {
      wire.u32(destination)
      wire.u32(eventMask)
      wire.bytes(Array(event.prefix(32)) + [UInt8](repeating: 0, count: max(0, 32 - event.count)))
    }
  }

  // MARK: Input

  /// GrabPointer (26), asynchronous, reporting relative to `window`; the reply is the status.
  package struct GrabPointer: X11ReplyingRequest {
    package static let opcode: UInt8 = 26
    package static let name = "GrabPointer"
    package var window: UInt32
    package var eventMask: UInt16
    package var time: UInt32
    package func encode(into wire: inout X11Wire) {
      wire.u32(window)
      wire.u16(Int(eventMask))
      wire.u8(1)  // pointer mode: asynchronous
      wire.u8(1)  // keyboard mode: asynchronous
      wire.u32(0)  // confine to: none
      wire.u32(0)  // cursor: none
      wire.u32(time)
    }
    package static func decode(_ reply: [UInt8]) throws(SystemPasteboardError) -> UInt8 {
      try short(name, reply, needs: 2)
      return reply[1]
    }
  }

  /// UngrabPointer (27).
  package struct UngrabPointer: X11Request {
    package static let opcode: UInt8 = 27
    package static let name = "UngrabPointer"
    package var time: UInt32
    package func encode(into wire: inout X11Wire) { wire.u32(time) }
  }

  /// GrabKeyboard (31), asynchronous; the reply is the status.
  package struct GrabKeyboard: X11ReplyingRequest {
    package static let opcode: UInt8 = 31
    package static let name = "GrabKeyboard"
    package var window: UInt32
    package var time: UInt32
    package func encode(into wire: inout X11Wire) {
      wire.u32(window)
      wire.u32(time)
      wire.u8(1)  // pointer mode: asynchronous
      wire.u8(1)  // keyboard mode: asynchronous
      wire.u16(0)
    }
    package static func decode(_ reply: [UInt8]) throws(SystemPasteboardError) -> UInt8 {
      try short(name, reply, needs: 2)
      return reply[1]
    }
  }

  /// UngrabKeyboard (32).
  package struct UngrabKeyboard: X11Request {
    package static let opcode: UInt8 = 32
    package static let name = "UngrabKeyboard"
    package var time: UInt32
    package func encode(into wire: inout X11Wire) { wire.u32(time) }
  }

  /// GetInputFocus (43): used as a round trip that orders every request before it.
  package struct GetInputFocus: X11ReplyingRequest {
    package static let opcode: UInt8 = 43
    package static let name = "GetInputFocus"
    package func encode(into wire: inout X11Wire) {}
    package static func decode(_ reply: [UInt8]) throws(SystemPasteboardError) {}
  }

  /// GetKeyboardMapping (101): the keysyms of `count` keycodes from `first`.
  package struct GetKeyboardMapping: X11ReplyingRequest {
    package static let opcode: UInt8 = 101
    package static let name = "GetKeyboardMapping"
    package var first: UInt8
    package var count: UInt8
    package func encode(into wire: inout X11Wire) {
      wire.u8(first)
      wire.u8(count)
      wire.u16(0)
    }
    /// Keysyms per keycode, and the keysyms.
    package static func decode(_ reply: [UInt8]) throws(SystemPasteboardError) -> (perKeycode: Int, keysyms: [UInt32]) {
      try short(name, reply, needs: 32)
      let keysyms = stride(from: 32, to: reply.count - 3, by: 4).map { X11Wire.u32(reply, $0) }
      return (Int(reply[1]), keysyms)
    }
  }

  // MARK: Extensions

  /// QueryExtension (98): an extension's major opcode and first event, or nil when absent.
  package struct QueryExtension: X11ReplyingRequest {
    package static let opcode: UInt8 = 98
    package static let name = "QueryExtension"
    package var extensionQueried: String
    package init(_ name: String) { self.extensionQueried = name }
    package func encode(into wire: inout X11Wire) {
      wire.u16(extensionQueried.utf8.count)
      wire.u16(0)
      wire.bytes(Array(extensionQueried.utf8))
    }
    package static func decode(_ reply: [UInt8]) throws(SystemPasteboardError) -> (opcode: UInt8, firstEvent: UInt8)? {
      try short(name, reply, needs: 11)
      return reply[8] == 0 ? nil : (reply[9], reply[10])
    }
  }

  /// BIG-REQUESTS' BigReqEnable (0): the largest request, in 4-byte units.
  package struct BigRequestsEnable: X11ReplyingRequest {
    package static let opcode: UInt8 = 0
    package static let name = "BigReqEnable"
    package static let extensionName: String? = "BIG-REQUESTS"
    package var detail: UInt8 { Self.opcode }
    package func encode(into wire: inout X11Wire) {}
    package static func decode(_ reply: [UInt8]) throws(SystemPasteboardError) -> Int {
      try short(name, reply, needs: 12)
      return Int(X11Wire.u32(reply, 8))
    }
  }

  /// XFIXES' QueryVersion (0): announces the version we speak (5.0).
  package struct XFixesQueryVersion: X11ReplyingRequest {
    package static let opcode: UInt8 = 0
    package static let name = "XFixesQueryVersion"
    package static let extensionName: String? = "XFIXES"
    package var detail: UInt8 { Self.opcode }
    package func encode(into wire: inout X11Wire) {
      wire.u32(5)
      wire.u32(0)
    }
    package static func decode(_ reply: [UInt8]) throws(SystemPasteboardError) {}
  }

  /// XFIXES' SelectSelectionInput (2): selection events for `selection` on `window`.
  package struct XFixesSelectSelectionInput: X11Request {
    package static let opcode: UInt8 = 2
    package static let name = "XFixesSelectSelectionInput"
    package static let extensionName: String? = "XFIXES"
    package var detail: UInt8 { Self.opcode }
    package var window: UInt32
    package var selection: UInt32
    /// SetSelectionOwner, SelectionWindowDestroy, SelectionClientClose.
    package var eventMask: UInt32 = 7
    package func encode(into wire: inout X11Wire) {
      wire.u32(window)
      wire.u32(selection)
      wire.u32(eventMask)
    }
  }
}
