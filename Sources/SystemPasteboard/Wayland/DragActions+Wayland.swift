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
}
