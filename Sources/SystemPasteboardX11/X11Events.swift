import SystemPasteboardCore

/// The events the selection and drag code handles, mapped in one place from the typed events
/// generated from xcb-proto (``X11Events``, which also encode those we send with SendEvent).
enum X11Event: Equatable {
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

  /// The event's fields, from the generated ``X11Events``; `xfixesEvent` is XFIXES' first
  /// event code on this connection.
  init(_ event: X11Connection.Event, xfixesEvent: UInt8?) {
    let e = event.bytes
    switch event.code {
    case X11Events.KeyPress.number:
      let key = X11Events.KeyPress.decoded(from: e)
      self = .keyPress(keycode: key.detail, time: key.time)
    case X11Events.ButtonPress.number:
      let press = X11Events.ButtonPress.decoded(from: e)
      self = .buttonPress(
        button: press.detail, window: press.event, x: Int(press.eventX), y: Int(press.eventY), time: press.time)
    case X11Events.ButtonRelease.number:
      let release = X11Events.ButtonRelease.decoded(from: e)
      self = .buttonRelease(button: release.detail, time: release.time)
    case X11Events.MotionNotify.number:
      let motion = X11Events.MotionNotify.decoded(from: e)
      self = .motion(rootX: Int(motion.rootX), rootY: Int(motion.rootY), time: motion.time)
    case X11Events.DestroyNotify.number: self = .destroyNotify(window: X11Events.DestroyNotify.decoded(from: e).window)
    case X11Events.PropertyNotify.number:
      let notify = X11Events.PropertyNotify.decoded(from: e)
      self = .propertyNotify(
        window: notify.window, property: notify.atom, time: notify.time,
        deleted: notify.state == .delete)
    case X11Events.SelectionClear.number:
      let clear = X11Events.SelectionClear.decoded(from: e)
      self = .selectionClear(owner: clear.owner, selection: clear.selection, time: clear.time)
    case X11Events.SelectionRequest.number: self = .selectionRequest(.decoded(from: e))
    case X11Events.SelectionNotify.number: self = .selectionNotify(.decoded(from: e))
    case X11Events.ClientMessage.number: self = .clientMessage(.decoded(from: e))
    case let code where xfixesEvent.map({ code == $0 &+ X11Events.XFixesSelectionNotify.number }) == true:
      let notify = X11Events.XFixesSelectionNotify.decoded(from: e)
      self = .xfixesSelectionNotify(window: notify.window, owner: notify.owner, selection: notify.selection)
    case let code: self = .other(code: code)
    }
  }

  /// SelectionRequest's fields (ICCCM 2.2).
  typealias SelectionRequest = X11Events.SelectionRequest
  /// SelectionNotify's fields: property None (0) is a refusal.
  typealias SelectionNotify = X11Events.SelectionNotify
  /// ClientMessage's fields (format 32: five items).
  typealias ClientMessage = X11Events.ClientMessage
}
