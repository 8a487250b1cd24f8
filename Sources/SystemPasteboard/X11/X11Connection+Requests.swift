import UTIPlatform

/// The core requests windows and drag and drop need (X Window System Protocol, chapter 9), each
/// encoded as the protocol lays it out; the reply-less ones are queued until the next flush.
extension X11Connection {
  /// Event mask bits (protocol section "Common Types", SETofEVENT).
  package enum EventMask {
    package static let buttonPress: UInt32 = 0x4
    package static let buttonRelease: UInt32 = 0x8
    package static let pointerMotion: UInt32 = 0x40
    package static let buttonMotion: UInt32 = 0x2000
    package static let exposure: UInt32 = 0x8000
    package static let structureNotify: UInt32 = 0x2_0000
    package static let propertyChange: UInt32 = 0x40_0000
  }

  /// Creates a mapped top-level window of `width`×`height` with a white background, titled
  /// `title` (`WM_NAME` and `_NET_WM_NAME`), receiving `events`.
  package func createTopLevelWindow(title: String, width: Int, height: Int, events: UInt32)
    throws(SystemPasteboardError) -> UInt32
  {
    let window = allocateID()
    var body = X11Wire()
    body.u32(window)
    body.u32(setup.root)
    for _ in 0..<2 { body.u16(0) }  // x, y
    body.u16(max(1, min(width, 0x7FFF)))
    body.u16(max(1, min(height, 0x7FFF)))
    body.u16(0)  // border
    body.u16(1)  // InputOutput
    body.u32(0)  // CopyFromParent visual
    body.u32(0x2 | 0x800)  // CWBackPixel, CWEventMask
    body.u32(setup.whitePixel)
    body.u32(events)
    send(1, 0, body.data, name: "CreateWindow")
    let utf8 = try atom("UTF8_STRING")
    changeProperty(window, try atom("WM_NAME"), type: utf8, format: 8, data: Array(title.utf8))
    changeProperty(window, try atom("_NET_WM_NAME"), type: utf8, format: 8, data: Array(title.utf8))
    var map = X11Wire()
    map.u32(window)
    send(8, 0, map.data, name: "MapWindow")
    return window
  }

  /// Destroys `window`.
  package func destroyWindow(_ window: UInt32) {
    var body = X11Wire()
    body.u32(window)
    send(4, 0, body.data, name: "DestroyWindow")
  }

  /// Replaces `property` of `window` (`format` 8, 16 or 32; `data` in that unit, little-endian),
  /// or appends `data` to it.
  package func changeProperty(
    _ window: UInt32, _ property: UInt32, type: UInt32, format: UInt8, data: [UInt8], append: Bool = false
  ) {
    var body = X11Wire()
    body.u32(window)
    body.u32(property)
    body.u32(type)
    body.u8(format)
    for _ in 0..<3 { body.u8(0) }
    body.u32(UInt32(data.count / Int(max(format / 8, 1))))
    body.bytes(data)
    send(18, append ? 2 : 0, body.data, name: "ChangeProperty")
  }

  /// Deletes `property` of `window`.
  package func deleteProperty(_ window: UInt32, _ property: UInt32) {
    var body = X11Wire()
    body.u32(window)
    body.u32(property)
    send(19, 0, body.data, name: "DeleteProperty")
  }

  /// The 32-bit items of `property` on `window` (at most `limit`), and the property's type; nil
  /// when the window has no such property, is not 32-bit, or does not exist.
  package func property32(_ window: UInt32, _ property: UInt32, limit: Int = 1024) throws(SystemPasteboardError) -> (
    type: UInt32, values: [UInt32]
  )? {
    var body = X11Wire()
    body.u32(window)
    body.u32(property)
    body.u32(0)  // AnyPropertyType
    body.u32(0)
    body.u32(UInt32(limit))
    let reply: [UInt8]
    do {
      reply = try roundTrip(20, 0, body.data, name: "GetProperty")
    } catch  where error.code == .request {
      return nil  // BadWindow: the window is gone
    }
    let type = X11Wire.u32(reply, 8)
    guard type != 0, reply[1] == 32 else { return nil }
    let count = min(Int(X11Wire.u32(reply, 16)), (reply.count - 32) / 4)
    return (type, (0..<count).map { X11Wire.u32(reply, 32 + 4 * $0) })
  }

  /// Sends a 32-byte ClientMessage of `type` with `data` (five 32-bit items) to `destination`,
  /// delivered to the client that created it (no event mask, no propagation), `window` in its
  /// window field.
  package func sendClientMessage(to destination: UInt32, window: UInt32, type: UInt32, data: [UInt32]) {
    var event = X11Wire()
    event.u8(33)  // ClientMessage
    event.u8(32)  // format
    event.u16(0)
    event.u32(window)
    event.u32(type)
    for index in 0..<5 { event.u32(index < data.count ? data[index] : 0) }
    var body = X11Wire()
    body.u32(destination)
    body.u32(0)
    body.bytes(event.data)
    send(25, 0, body.data, name: "SendEvent")
  }

  /// Where (`x`, `y`) of `source` is in `destination`, and the child of `destination` there
  /// (0 for none); nil when a window is gone or on another screen.
  package func translate(_ x: Int, _ y: Int, from source: UInt32, to destination: UInt32) throws(SystemPasteboardError)
    -> (
      x: Int, y: Int, child: UInt32
    )?
  {
    var body = X11Wire()
    body.u32(source)
    body.u32(destination)
    body.u16(x)
    body.u16(y)
    let reply: [UInt8]
    do {
      reply = try roundTrip(40, 0, body.data, name: "TranslateCoordinates")
    } catch  where error.code == .request {
      return nil
    }
    guard reply[1] == 1 else { return nil }
    return (
      Int(Int16(bitPattern: X11Wire.u16(reply, 12))), Int(Int16(bitPattern: X11Wire.u16(reply, 14))),
      X11Wire.u32(reply, 8)
    )
  }

  /// The size of `window`; nil when it is gone.
  package func size(of window: UInt32) throws(SystemPasteboardError) -> (width: Int, height: Int)? {
    var body = X11Wire()
    body.u32(window)
    do {
      let reply = try roundTrip(14, 0, body.data, name: "GetGeometry")
      return (Int(X11Wire.u16(reply, 16)), Int(X11Wire.u16(reply, 18)))
    } catch  where error.code == .request {
      return nil
    }
  }

  /// The pointer's position on the root window, and which buttons and modifiers are down.
  package func queryPointer() throws(SystemPasteboardError) -> (x: Int, y: Int, mask: UInt16) {
    var body = X11Wire()
    body.u32(setup.root)
    let reply = try roundTrip(38, 0, body.data, name: "QueryPointer")
    return (
      Int(Int16(bitPattern: X11Wire.u16(reply, 16))), Int(Int16(bitPattern: X11Wire.u16(reply, 18))),
      X11Wire.u16(reply, 24)
    )
  }

  /// Whether `window` is one this connection created (its id is in our resource range).
  package func created(_ window: UInt32) -> Bool { window & ~setup.resourceIDMask == setup.resourceIDBase }

  /// Selects `events` on a window of another client (its StructureNotify: learning that it is
  /// destroyed). A window of our own is left alone: the mask is per client, so selecting on it
  /// would replace the one it was created with (a self-drag's source window would lose its
  /// PropertyNotify, and with it the timestamp of every later drag).
  package func selectInput(_ window: UInt32, _ events: UInt32) {
    guard !created(window) else { return }
    var body = X11Wire()
    body.u32(window)
    body.u32(0x800)  // CWEventMask
    body.u32(events)
    send(2, 0, body.data, name: "ChangeWindowAttributes")
  }

  /// Grabs the pointer (motion and release, reported relative to `window`) and the keyboard, for
  /// a drag; returns the grab statuses' failure as an error.
  package func grabForDrag(_ window: UInt32, time: UInt32) throws(SystemPasteboardError) {
    var pointer = X11Wire()
    pointer.u32(window)
    pointer.u16(Int(EventMask.buttonRelease | EventMask.pointerMotion | EventMask.buttonMotion))
    pointer.u8(1)  // pointer mode: asynchronous
    pointer.u8(1)  // keyboard mode: asynchronous
    pointer.u32(0)  // confine to: none
    pointer.u32(0)  // cursor: none
    pointer.u32(time)
    let pointerSequence = send(26, 0, pointer.data, name: "GrabPointer", expectsReply: true)
    var keyboard = X11Wire()
    keyboard.u32(window)
    keyboard.u32(time)
    keyboard.u8(1)
    keyboard.u8(1)
    keyboard.u16(0)
    let keyboardSequence = send(31, 0, keyboard.data, name: "GrabKeyboard", expectsReply: true)
    let pointerStatus = try reply(to: pointerSequence)[1]
    let keyboardStatus = try reply(to: keyboardSequence)[1]
    let statuses = ["Success", "AlreadyGrabbed", "InvalidTime", "NotViewable", "Frozen"]
    guard pointerStatus == 0 else {
      throw SystemPasteboardError(
        .request, "the pointer could not be grabbed for the drag: \(statuses[min(Int(pointerStatus), 4)])")
    }
    // Without the keyboard, Escape cannot cancel; the drag works nonetheless.
    _ = keyboardStatus
  }

  /// Releases the pointer and keyboard grabs.
  package func ungrab(time: UInt32) {
    var body = X11Wire()
    body.u32(time)
    send(27, 0, body.data, name: "UngrabPointer")
    send(32, 0, body.data, name: "UngrabKeyboard")
  }

  /// The keycodes that produce `keysym` (e.g. 0xFF1B, Escape) in the server's keyboard mapping.
  package func keycodes(for keysym: UInt32) throws(SystemPasteboardError) -> Set<UInt8> {
    let first = setup.keycodes.lowerBound
    let count = Int(setup.keycodes.upperBound) - Int(first) + 1
    var body = X11Wire()
    body.u8(first)
    body.u8(UInt8(count))
    body.u16(0)
    let reply = try roundTrip(101, 0, body.data, name: "GetKeyboardMapping")
    let perKeycode = Int(reply[1])
    guard perKeycode > 0 else { return [] }
    var found = Set<UInt8>()
    let symbols = (reply.count - 32) / 4
    for index in 0..<min(symbols, count * perKeycode) where X11Wire.u32(reply, 32 + 4 * index) == keysym {
      found.insert(first + UInt8(index / perKeycode))
    }
    return found
  }
}

extension X11Connection.Event {
  /// A signed 16-bit field.
  package func i16(_ offset: Int) -> Int { Int(Int16(bitPattern: X11Wire.u16(bytes, offset))) }
}
