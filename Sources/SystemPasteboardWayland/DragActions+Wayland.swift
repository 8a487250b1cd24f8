import SystemPasteboardCore

extension DragActions {
  /// The actions of a `wl_data_device_manager.dnd_action` mask (bits this client does not know
  /// are left out).
  init(waylandMask mask: WaylandEnum.DataDeviceManagerDndAction) {
    self = []
    if mask.contains(.copy) { insert(.copy) }
    if mask.contains(.move) { insert(.move) }
    if mask.contains(.ask) { insert(.ask) }
  }

  /// The `wl_data_device_manager.dnd_action` mask of these actions.
  var waylandMask: WaylandEnum.DataDeviceManagerDndAction {
    var mask: WaylandEnum.DataDeviceManagerDndAction = []
    if contains(.copy) { mask.insert(.copy) }
    if contains(.move) { mask.insert(.move) }
    if contains(.ask) { mask.insert(.ask) }
    return mask
  }

  /// The one action of these a target names as preferred (`wl_data_offer.set_actions` takes one
  /// bit there, more is a protocol error): a copy, else a move, else ask; none for none.
  var waylandPreferred: WaylandEnum.DataDeviceManagerDndAction {
    for action in [DragActions.copy, .move, .ask] where contains(action) { return action.waylandMask }
    return []
  }
}
