import Testing

@testable import SystemPasteboard
@testable import SystemPasteboardCore
@testable import SystemPasteboardX11

/// The X11 request table's facts that no peer checks on every request: which requests the
/// server answers with a reply (the connection waits for one only for those).
@Suite("X11 requests")
struct X11RequestTests {
  /// The core protocol's and the extensions' requests that have a reply, and those that do not,
  /// as the protocol description says; each type's `expectsReply` agrees with its conformance.
  @Test func aReplyIsExpectedWhereTheProtocolHasOne() {
    let replying: [any X11Request.Type] = [
      X11.GetGeometry.self, X11.TranslateCoordinates.self, X11.QueryPointer.self, X11.InternAtom.self,
      X11.GetAtomName.self, X11.GetProperty.self, X11.GetSelectionOwner.self, X11.GrabPointer.self,
      X11.GrabKeyboard.self, X11.GetInputFocus.self, X11.GetKeyboardMapping.self, X11.QueryExtension.self,
      X11.BigRequestsEnable.self, X11.XFixesQueryVersion.self,
    ]
    let silent: [any X11Request.Type] = [
      X11.CreateWindow.self, X11.ChangeWindowAttributes.self, X11.DestroyWindow.self, X11.MapWindow.self,
      X11.ChangeProperty.self, X11.DeleteProperty.self, X11.SetSelectionOwner.self, X11.ConvertSelection.self,
      X11.SendEvent.self, X11.UngrabPointer.self, X11.UngrabKeyboard.self, X11.XFixesSelectSelectionInput.self,
    ]
    func facts(_ request: any X11Request.Type) -> (name: String, expectsReply: Bool, conforms: Bool) {
      (request.name, request.expectsReply, request is any X11ReplyingRequest.Type)
    }
    for (name, expectsReply, conforms) in replying.map(facts) {
      #expect(expectsReply && conforms, "\(name) has a reply")
    }
    for (name, expectsReply, conforms) in silent.map(facts) {
      #expect(!expectsReply && !conforms, "\(name) has no reply")
    }
  }

  /// The body of `request` as the connection frames it (after the 4-byte header).
  static func body(_ request: some X11Request) -> [UInt8] {
    var wire = X11Wire()
    request.encode(into: &wire)
    return wire.data
  }

  static func le(_ values: UInt32...) -> [UInt8] { values.flatMap { X11Wire.le32($0) } }

  /// The generated encoders lay fields out as the protocol's encoding (appendix B) does: the
  /// first one-byte field in the header's detail byte, list lengths computed, value lists masked.
  @Test func requestsAreEncodedAsTheProtocolLaysThemOut() {
    let convert = X11.ConvertSelection(requestor: 1, selection: 2, target: 3, property: 4, time: 5)
    #expect(Self.body(convert) == Self.le(1, 2, 3, 4, 5))
    #expect(X11.ConvertSelection.opcode == 24 && convert.detail == 0)
    // ChangeProperty: mode in the detail byte; data_len in the format's units (two 32-bit items).
    let change = X11.ChangeProperty(
      mode: .append, window: 7, property: 8, type: 4, format: 32, data: Self.le(9, 10))
    #expect(change.detail == 2)
    #expect(Self.body(change) == Self.le(7, 8, 4) + [32, 0, 0, 0] + Self.le(2, 9, 10))
    // InternAtom: the name's length, two bytes of padding, the name padded to 4.
    let intern = X11.InternAtom(onlyIfExists: true, name: Array("ABCDE".utf8))
    #expect(intern.detail == 1)
    #expect(Self.body(intern) == [5, 0, 0, 0] + Array("ABCDE".utf8) + [0, 0, 0])
    // CreateWindow: the value mask from the values given, in bit order.
    let create = X11.CreateWindow(
      depth: 0, wid: 1, parent: 2, x: -1, y: 3, width: 4, height: 5, borderWidth: 0,
      class: .inputOnly, visual: 0, valueList: .init(backgroundPixel: 6, eventMask: .init(rawValue: 7)))
    #expect(Array(Self.body(create).suffix(16)) == Self.le(0, 0x802, 6, 7))
    #expect(Array(Self.body(create)[8..<10]) == [0xFF, 0xFF], "x is a signed 16-bit field")
    // An extension's request: its minor opcode in the detail byte.
    #expect(X11.XFixesSelectSelectionInput(window: 1, selection: 2, eventMask: .init(rawValue: 7)).detail == 2)
    // SendEvent pads its event to 32 bytes.
    #expect(Self.body(X11.SendEvent(propagate: false, destination: 3, eventMask: [], event: [1])).count == 40)
  }

  /// The generated decoders read replies and events at the protocol's offsets, and refuse a
  /// reply too short for its fields or its list.
  @Test func repliesAndEventsAreDecodedAndShortOnesRefused() throws {
    var reply: [UInt8] = [1, 32, 0, 0] + Self.le(2) + Self.le(31, 0, 2) + [UInt8](repeating: 0, count: 12)
    reply += Self.le(0xAA, 0xBB)
    let property = try X11.GetProperty.decode(reply)
    #expect(property.format == 32 && property.type == 31 && property.items32 == [0xAA, 0xBB])
    #expect(throws: SystemPasteboardError.self) { try X11.GetProperty.decode(Array(reply.dropLast())) }
    #expect(throws: SystemPasteboardError.self) { try X11.GetSelectionOwner.decode([1, 0, 0, 0]) }
    // PropertyNotify (28): window, atom, time, then the state byte.
    let notify: [UInt8] = [28, 0, 0, 0] + Self.le(5, 6, 7) + [1] + [UInt8](repeating: 0, count: 15)
    #expect(
      X11Event(X11Connection.Event(bytes: notify), xfixesEvent: nil)
        == .propertyNotify(window: 5, property: 6, time: 7, deleted: true))
    // A ClientMessage encodes and decodes to the same fields.
    let message = X11Event.ClientMessage(format: 32, window: 1, type: 2, data: [3, 4, 5, 6, 7])
    #expect(message.encoded.count == 32)
    #expect(X11Event.ClientMessage.decoded(from: message.encoded) == message)
    // XFIXES' event comes at the extension's first event code.
    let fixes: [UInt8] = [90, 0, 0, 0] + Self.le(1, 2, 3) + [UInt8](repeating: 0, count: 16)
    #expect(
      X11Event(X11Connection.Event(bytes: fixes), xfixesEvent: 90)
        == .xfixesSelectionNotify(window: 1, owner: 2, selection: 3))
    #expect(X11Event(X11Connection.Event(bytes: fixes), xfixesEvent: 91) == .other(code: 90))
  }
}
