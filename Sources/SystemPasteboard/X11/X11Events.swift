/// The events the selection and drag code handles, as typed values decoded from the 32-byte
/// wire form in one place (and, for those we send with SendEvent, encoded here too), from
/// "X Window System Protocol, version 11", appendix B, and "The XFIXES Extension".
package enum X11Event: Equatable {
  /// KeyPress (2): the keycode.
  case keyPress(keycode: UInt8, time: UInt32)
  /// ButtonPress (4): the button, the event window and the position in it.
  case buttonPress(button: UInt8, window: UInt32, x: Int, y: Int, time: UInt32)
  /// ButtonRelease (5).
  case buttonRelease(button: UInt8, time: UInt32)
  /// MotionNotify (6): the position on the root.
  case motion(rootX: Int, rootY: Int, time: UInt32)
  /// DestroyNotify (17): the window destroyed.
  case destroyNotify(window: UInt32)
  /// PropertyNotify (28): a property of `window` changed (`deleted`: it was deleted).
  case propertyNotify(window: UInt32, property: UInt32, time: UInt32, deleted: Bool)
  /// SelectionClear (29): `owner` lost `selection`.
  case selectionClear(owner: UInt32, selection: UInt32, time: UInt32)
  /// SelectionRequest (30).
  case selectionRequest(SelectionRequest)
  /// SelectionNotify (31).
  case selectionNotify(SelectionNotify)
  /// ClientMessage (33).
  case clientMessage(ClientMessage)
  /// XFIXES SelectionNotify: `owner` (0: none) owns `selection` now.
  case xfixesSelectionNotify(window: UInt32, owner: UInt32, selection: UInt32)
  /// Anything else (its code without the "sent" bit).
  case other(code: UInt8)

  /// The event's fields; `xfixesEvent` is XFIXES' first event code on this connection.
  package init(_ event: X11Connection.Event, xfixesEvent: UInt8?) {
    let e = event
    switch e.code {
    case 2: self = .keyPress(keycode: e.u8(1), time: e.u32(4))
    case 4: self = .buttonPress(button: e.u8(1), window: e.u32(12), x: e.i16(24), y: e.i16(26), time: e.u32(4))
    case 5: self = .buttonRelease(button: e.u8(1), time: e.u32(4))
    case 6: self = .motion(rootX: e.i16(20), rootY: e.i16(22), time: e.u32(4))
    case 17: self = .destroyNotify(window: e.u32(8))
    case 28: self = .propertyNotify(window: e.u32(4), property: e.u32(8), time: e.u32(12), deleted: e.u8(16) == 1)
    case 29: self = .selectionClear(owner: e.u32(8), selection: e.u32(12), time: e.u32(4))
    case 30:
      self = .selectionRequest(
        SelectionRequest(
          time: e.u32(4), owner: e.u32(8), requestor: e.u32(12), selection: e.u32(16), target: e.u32(20),
          property: e.u32(24)))
    case 31:
      self = .selectionNotify(
        SelectionNotify(
          time: e.u32(4), requestor: e.u32(8), selection: e.u32(12), target: e.u32(16), property: e.u32(20)))
    case 33:
      self = .clientMessage(
        ClientMessage(
          format: e.u8(1), window: e.u32(4), type: e.u32(8), data: (0..<5).map { e.u32(12 + 4 * $0) }))
    case let code where code == xfixesEvent:
      self = .xfixesSelectionNotify(window: e.u32(4), owner: e.u32(8), selection: e.u32(12))
    case let code: self = .other(code: code)
    }
  }

  /// An event as SendEvent carries it: its code, its detail byte, two bytes for the sequence
  /// number (the server fills it in), the fields `body` writes, and zeros to 32 bytes.
  static func encode(code: UInt8, detail: UInt8 = 0, _ body: (inout X11Wire) -> Void) -> [UInt8] {
    var event = X11Wire()
    event.u8(code)
    event.u8(detail)
    event.u16(0)
    body(&event)
    return event.data + [UInt8](repeating: 0, count: max(0, 32 - event.data.count))
  }

  /// SelectionRequest's fields (ICCCM 2.2).
  package struct SelectionRequest: Equatable {
    package var time: UInt32
    package var owner: UInt32
    package var requestor: UInt32
    package var selection: UInt32
    package var target: UInt32
    package var property: UInt32
  }

  /// SelectionNotify's fields: property None (0) is a refusal.
  package struct SelectionNotify: Equatable {
    package var time: UInt32
    package var requestor: UInt32
    package var selection: UInt32
    package var target: UInt32
    package var property: UInt32

    package init(time: UInt32, requestor: UInt32, selection: UInt32, target: UInt32, property: UInt32) {
      self.time = time
      self.requestor = requestor
      self.selection = selection
      self.target = target
      self.property = property
    }

    /// The 32 bytes SendEvent carries.
    package var encoded: [UInt8] {
      X11Event.encode(code: 31) { for field in [time, requestor, selection, target, property] { $0.u32(field) } }
    }
  }

  /// ClientMessage's fields, format 32 (five items).
  package struct ClientMessage: Equatable {
    package var format: UInt8 = 32
    package var window: UInt32
    package var type: UInt32
    package var data: [UInt32]

    package init(format: UInt8 = 32, window: UInt32, type: UInt32, data: [UInt32]) {
      self.format = format
      self.window = window
      self.type = type
      self.data = data
    }

    /// The 32 bytes SendEvent carries.
    package var encoded: [UInt8] {
      X11Event.encode(code: 33, detail: format) { wire in
        wire.u32(window)
        wire.u32(type)
        for index in 0..<5 { wire.u32(index < data.count ? data[index] : 0) }
      }
    }
  }
}
