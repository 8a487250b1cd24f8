import SystemPasteboardCore

extension DragActions {
  /// The actions of a `wl_data_device_manager.dnd_action` mask (bits this client does not know
  /// are left out).
  init(waylandMask mask: UInt32) {
    self = []
    if mask & WaylandEnum.DataDeviceManagerDndAction.copy != 0 { insert(.copy) }
    if mask & WaylandEnum.DataDeviceManagerDndAction.move != 0 { insert(.move) }
    if mask & WaylandEnum.DataDeviceManagerDndAction.ask != 0 { insert(.ask) }
  }

  /// The `wl_data_device_manager.dnd_action` mask of these actions.
  var waylandMask: UInt32 {
    (contains(.copy) ? WaylandEnum.DataDeviceManagerDndAction.copy : 0)
      | (contains(.move) ? WaylandEnum.DataDeviceManagerDndAction.move : 0)
      | (contains(.ask) ? WaylandEnum.DataDeviceManagerDndAction.ask : 0)
  }

  /// The one action of these a target names as preferred (`wl_data_offer.set_actions` takes one
  /// bit there, more is a protocol error): a copy, else a move, else ask; none for none.
  var waylandPreferred: UInt32 {
    for action in [DragActions.copy, .move, .ask] where contains(action) { return action.waylandMask }
    return 0
  }
}
