import SystemPasteboardCore
import UTIPlatform

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// The core requests windows and drag and drop need (X Window System Protocol, chapter 9), over
/// the generated requests; the reply-less ones are queued until the next flush.
extension X11Connection {
  /// Event mask bits (xproto's `EventMask`, generated).
  typealias EventMask = X11Enum.EventMask

  /// What a connection selects on another client's window, for every use: its property
  /// changes (an `INCR` requestor deleting each chunk) and its end (a drag's source or target
  /// going away). One mask, since selecting replaces the connection's mask on that window: a
  /// drop target that is also an `INCR` requestor must keep both.
  static let watchedWindowEvents: EventMask = [.propertyChange, .structureNotify]

  /// Creates a mapped top-level window of `width`×`height` with a white background, titled
  /// `title` (`WM_NAME` and `_NET_WM_NAME`), receiving `events`, and named as ICCCM and EWMH ask:
  /// `WM_CLASS` (the program's name and `applicationClass`, default the name capitalized),
  /// `WM_CLIENT_MACHINE`, `_NET_WM_PID`, and `WM_PROTOCOLS` with `WM_DELETE_WINDOW`.
  func createTopLevelWindow(
    title: String, width: Int, height: Int, events: EventMask, applicationClass: String? = nil
  ) throws(SystemPasteboardError) -> UInt32 {
    let window = allocateID()
    send(
      X11.CreateWindow(
        depth: 0, wid: window, parent: setup.root, x: 0, y: 0, width: Self.side(width), height: Self.side(height),
        borderWidth: 0, class: .inputOutput, visual: 0,
        valueList: .init(backgroundPixel: setup.whitePixel, eventMask: events)))
    let utf8 = try atom("UTF8_STRING")
    let string = try atom("STRING")
    changeProperty(window, try atom("WM_NAME"), type: utf8, format: 8, data: Array(title.utf8))
    changeProperty(window, try atom("_NET_WM_NAME"), type: utf8, format: 8, data: Array(title.utf8))
    // ICCCM 4.1.2.5: the instance is the program's name, the class the application's.
    let instance = ProcessEnvironment.value("RESOURCE_NAME") ?? ProcessEnvironment.programName
    let className = applicationClass ?? (instance.prefix(1).uppercased() + instance.dropFirst())
    changeProperty(
      window, try atom("WM_CLASS"), type: string, format: 8,
      data: Array(instance.utf8) + [0] + Array(className.utf8) + [0])
    // EWMH: _NET_WM_PID goes with WM_CLIENT_MACHINE, so that a window manager can tell the host.
    changeProperty(window, try atom("WM_CLIENT_MACHINE"), type: string, format: 8, data: ProcessEnvironment.hostName)
    changeProperty(
      window, try atom("_NET_WM_PID"), type: try atom("CARDINAL"), format: 32, data: X11Wire.le32(UInt32(getpid())))
    // ICCCM 4.1.2.7: the window manager asks to close with WM_DELETE_WINDOW instead of killing us.
    changeProperty(
      window, try atom("WM_PROTOCOLS"), type: try atom("ATOM"), format: 32,
      data: X11Wire.le32(try atom("WM_DELETE_WINDOW")))
    send(X11.MapWindow(window: window))
    return window
  }

  /// Destroys `window`.
  func destroyWindow(_ window: UInt32) {
    send(X11.DestroyWindow(window: window))
  }

  /// Replaces `property` of `window` (`format` 8, 16 or 32; `data` in that unit, little-endian),
  /// or appends `data` to it.
  func changeProperty(
    _ window: UInt32, _ property: UInt32, type: UInt32, format: UInt8, data: [UInt8], append: Bool = false
  ) {
    send(
      X11.ChangeProperty(
        mode: append ? .append : .replace, window: window, property: property, type: type, format: format, data: data))
  }

  /// Deletes `property` of `window`.
  func deleteProperty(_ window: UInt32, _ property: UInt32) {
    send(X11.DeleteProperty(window: window, property: property))
  }

  /// The 32-bit items of `property` on `window` (at most `limit`), and the property's type; nil
  /// when the window has no such property, is not 32-bit, or does not exist.
  func property32(_ window: UInt32, _ property: UInt32, limit: Int = 1024) throws(SystemPasteboardError) -> (
    type: UInt32, values: [UInt32]
  )? {
    let reply: X11.GetProperty.Reply
    do {
      reply = try roundTrip(
        X11.GetProperty(
          delete: false, window: window, property: property, type: X11Enum.GetPropertyType.any.rawValue, longOffset: 0,
          longLength: UInt32(limit)))
    } catch  where error.code == .request {
      return nil  // BadWindow: the window is gone
    }
    guard reply.type != 0, reply.format == 32 else { return nil }
    return (reply.type, reply.items32)
  }

  /// Sends a 32-byte ClientMessage of `type` with `data` (five 32-bit items) to `destination`,
  /// delivered to the client that created it (no event mask, no propagation), `window` in its
  /// window field.
  func sendClientMessage(to destination: UInt32, window: UInt32, type: UInt32, data: [UInt32]) {
    send(
      X11.SendEvent(
        propagate: false, destination: destination, eventMask: [],
        event: X11Event.ClientMessage(format: 32, window: window, type: type, data: data).encoded))
  }

  /// Where (`x`, `y`) of `source` is in `destination`, and the child of `destination` there
  /// (0 for none); nil when a window is gone or on another screen.
  func translate(_ x: Int, _ y: Int, from source: UInt32, to destination: UInt32) throws(SystemPasteboardError)
    -> (
      x: Int, y: Int, child: UInt32
    )?
  {
    do {
      let reply = try roundTrip(
        X11.TranslateCoordinates(
          srcWindow: source, dstWindow: destination, srcX: Int16(clamping: x), srcY: Int16(clamping: y)))
      guard reply.sameScreen else { return nil }
      return (Int(reply.dstX), Int(reply.dstY), reply.child)
    } catch  where error.code == .request {
      return nil
    }
  }

  /// The size of `window`; nil when it is gone.
  package func size(of window: UInt32) throws(SystemPasteboardError) -> (width: Int, height: Int)? {
    do {
      let reply = try roundTrip(X11.GetGeometry(drawable: window))
      return (Int(reply.width), Int(reply.height))
    } catch  where error.code == .request {
      return nil
    }
  }

  /// Whether `window` is one this connection created (its id is in our resource range).
  package func created(_ window: UInt32) -> Bool { window & ~setup.resourceIDMask == setup.resourceIDBase }

  /// Selects `events` on a window of another client (its StructureNotify: learning that it is
  /// destroyed). A window of our own is left alone: the mask is per client, so selecting on it
  /// would replace the one it was created with (a self-drag's source window would lose its
  /// PropertyNotify, and with it the timestamp of every later drag).
  func selectInput(_ window: UInt32, _ events: EventMask) {
    guard !created(window) else { return }
    send(X11.ChangeWindowAttributes(window: window, valueList: .init(eventMask: events)))
  }

  /// Grabs the pointer (motion and release, reported relative to `window`) and the keyboard, for
  /// a drag; `done` hears, on the loop, nil where the pointer is grabbed, or the status that
  /// refused it (the keyboard's refusal only keeps Escape from cancelling). Nothing waits.
  func grabForDrag(
    _ window: UInt32, time: UInt32, then done: @escaping (Result<String?, SystemPasteboardError>) -> Void
  ) {
    let pointerMask: EventMask = [.buttonRelease, .pointerMotion, .buttonMotion]
    let asynchronous = X11Enum.GrabMode.async
    var pointer: Result<X11.GrabPointer.Reply, SystemPasteboardError>?
    send(
      X11.GrabPointer(
        ownerEvents: false, grabWindow: window, eventMask: pointerMask, pointerMode: asynchronous,
        keyboardMode: asynchronous, confineTo: X11Enum.Window.none.rawValue, cursor: 0, time: time)
    ) { pointer = $0 }
    send(
      X11.GrabKeyboard(
        ownerEvents: false, grabWindow: window, time: time, pointerMode: asynchronous, keyboardMode: asynchronous)
    ) { _ in
      // Replies come in order: the pointer's came first.
      let statuses = ["Success", "AlreadyGrabbed", "InvalidTime", "NotViewable", "Frozen"]
      done(
        (pointer ?? .failure(SystemPasteboardError(.protocolViolation, "no reply to GrabPointer"))).map { reply in
          reply.status == .success ? nil : statuses[min(Int(reply.status.rawValue), 4)]
        })
    }
  }

  /// Releases the pointer and keyboard grabs.
  func ungrab(time: UInt32) {
    send(X11.UngrabPointer(time: time))
    send(X11.UngrabKeyboard(time: time))
  }

  /// The keycodes that produce `keysym` (e.g. 0xFF1B, Escape) in the server's keyboard
  /// mapping, for `done` on the loop.
  func keycodes(for keysym: UInt32, then done: @escaping (Result<Set<UInt8>, SystemPasteboardError>) -> Void) {
    let first = setup.keycodes.lowerBound
    let count = Int(setup.keycodes.upperBound) - Int(first) + 1
    send(X11.GetKeyboardMapping(firstKeycode: first, count: UInt8(count))) { answer in
      done(
        answer.map { reply in
          let (perKeycode, keysyms) = (Int(reply.keysymsPerKeycode), reply.keysyms)
          guard perKeycode > 0 else { return [] }
          var found = Set<UInt8>()
          for index in 0..<min(keysyms.count, count * perKeycode) where keysyms[index] == keysym {
            found.insert(first + UInt8(index / perKeycode))
          }
          return found
        })
    }
  }
}

extension X11Connection {
  /// A window's side as CreateWindow takes it: 1 to 32,767.
  static func side(_ length: Int) -> UInt16 { UInt16(max(1, min(length, Int(Int16.max)))) }
}

extension X11.GetProperty.Reply {
  /// The value as 32-bit items (format 32).
  var items32: [UInt32] { stride(from: 0, to: value.count - 3, by: 4).map { X11Wire.u32(value, $0) } }
}
