/// The interfaces of a window and of the data device: surfaces and shared-memory buffers
/// (`wayland.xml`), the toplevel (`xdg-shell.xml`, version 3), input, drag and drop and the
/// clipboard of a focused client (`wl_data_device`, version 3), and the primary selection
/// (`primary-selection-unstable-v1.xml`). Requests and events in their XML order (opcode order).
extension WaylandInterface {
  static let compositor = WaylandInterface(
    name: "wl_compositor", version: 4, requests: ["create_surface", "create_region"], events: [])

  static let surface = WaylandInterface(
    name: "wl_surface", version: 4,
    requests: [
      "destroy", "attach", "damage", "frame", "set_opaque_region", "set_input_region", "commit",
      "set_buffer_transform", "set_buffer_scale", "damage_buffer",
    ],
    events: [("enter", [.object]), ("leave", [.object])])

  static let shm = WaylandInterface(
    name: "wl_shm", version: 1, requests: ["create_pool"], events: [("format", [.uint])])

  static let shmPool = WaylandInterface(
    name: "wl_shm_pool", version: 1, requests: ["create_buffer", "destroy", "resize"], events: [])

  static let buffer = WaylandInterface(name: "wl_buffer", version: 1, requests: ["destroy"], events: [("release", [])])

  static let wmBase = WaylandInterface(
    name: "xdg_wm_base", version: 3, requests: ["destroy", "create_positioner", "get_xdg_surface", "pong"],
    events: [("ping", [.uint])], role: "wm_base")

  static let xdgSurface = WaylandInterface(
    name: "xdg_surface", version: 3,
    requests: ["destroy", "get_toplevel", "get_popup", "set_window_geometry", "ack_configure"],
    events: [("configure", [.uint])], role: "xdg_surface")

  static let toplevel = WaylandInterface(
    name: "xdg_toplevel", version: 3,
    requests: [
      "destroy", "set_parent", "set_title", "set_app_id", "show_window_menu", "move", "resize", "set_max_size",
      "set_min_size", "set_maximized", "unset_maximized", "set_fullscreen", "unset_fullscreen", "set_minimized",
    ],
    events: [("configure", [.int, .int, .array]), ("close", [])], role: "toplevel")

  // MARK: The data device (wayland.xml)

  static let dataDeviceManager = WaylandInterface(
    name: "wl_data_device_manager", version: 3, requests: ["create_data_source", "get_data_device"], events: [],
    role: "data_device_manager")

  static let dataDevice = WaylandInterface(
    name: "wl_data_device", version: 3, requests: ["start_drag", "set_selection", "release"],
    events: [
      ("data_offer", [.newID("wl_data_offer")]), ("enter", [.uint, .object, .fixed, .fixed, .nullableObject]),
      ("leave", []), ("motion", [.uint, .fixed, .fixed]), ("drop", []), ("selection", [.nullableObject]),
    ], role: "data_device")

  static let dataSource = WaylandInterface(
    name: "wl_data_source", version: 3, requests: ["offer", "destroy", "set_actions"],
    events: [
      ("target", [.nullableString]), ("send", [.string, .fd]), ("cancelled", []), ("dnd_drop_performed", []),
      ("dnd_finished", []), ("action", [.uint]),
    ], role: "data_source")

  static let dataOffer = WaylandInterface(
    name: "wl_data_offer", version: 3, requests: ["accept", "receive", "destroy", "finish", "set_actions"],
    events: [("offer", [.string]), ("source_actions", [.uint]), ("action", [.uint])], role: "data_offer")

  // MARK: The primary selection (primary-selection-unstable-v1.xml)

  static let primaryManager = WaylandInterface(
    name: "zwp_primary_selection_device_manager_v1", version: 1, requests: ["create_source", "get_device", "destroy"],
    events: [], role: "primary_manager")

  static let primaryDevice = WaylandInterface(
    name: "zwp_primary_selection_device_v1", version: 1, requests: ["set_selection", "destroy"],
    events: [("data_offer", [.newID("zwp_primary_selection_offer_v1")]), ("selection", [.nullableObject])],
    role: "primary_device")

  static let primaryOffer = WaylandInterface(
    name: "zwp_primary_selection_offer_v1", version: 1, requests: ["receive", "destroy"],
    events: [("offer", [.string])], role: "primary_offer")

  static let primarySource = WaylandInterface(
    name: "zwp_primary_selection_source_v1", version: 1, requests: ["offer", "destroy"],
    events: [("send", [.string, .fd]), ("cancelled", [])], role: "primary_source")

  static let windowInterfaces = [
    pointer, keyboard, compositor, surface, shm, shmPool, buffer, wmBase, xdgSurface, toplevel, dataDeviceManager,
    dataDevice, dataSource, dataOffer, primaryManager, primaryDevice, primaryOffer, primarySource,
  ]
}

extension WaylandRequest {
  /// `wl_seat.get_pointer`.
  static func getPointer(_ id: UInt32) -> Self { Self(name: "get_pointer", arguments: [.newID(id)]) }
  /// `wl_seat.get_keyboard`.
  static func getKeyboard(_ id: UInt32) -> Self { Self(name: "get_keyboard", arguments: [.newID(id)]) }
  /// `wl_compositor.create_surface`.
  static func createSurface(_ id: UInt32) -> Self { Self(name: "create_surface", arguments: [.newID(id)]) }
  /// `wl_surface.attach` at 0, 0.
  static func attach(_ buffer: UInt32?) -> Self {
    Self(name: "attach", arguments: [.object(buffer ?? 0), .int(0), .int(0)])
  }
  /// `wl_surface.damage_buffer`.
  static func damageBuffer(width: Int32, height: Int32) -> Self {
    Self(name: "damage_buffer", arguments: [.int(0), .int(0), .int(width), .int(height)])
  }
  /// `wl_surface.commit`.
  static let commit = Self(name: "commit", arguments: [])
  /// `wl_shm.create_pool` over the shared memory `fd` of `size` bytes.
  static func createPool(_ id: UInt32, fd: Int32, size: Int32) -> Self {
    Self(name: "create_pool", arguments: [.newID(id), .fd(fd), .int(size)])
  }
  /// `wl_shm_pool.create_buffer` in `xrgb8888` (format 1), at offset 0.
  static func createBuffer(_ id: UInt32, width: Int32, height: Int32) -> Self {
    Self(
      name: "create_buffer", arguments: [.newID(id), .int(0), .int(width), .int(height), .int(width * 4), .uint(1)])
  }
  /// `xdg_wm_base.get_xdg_surface`.
  static func getXdgSurface(_ id: UInt32, surface: UInt32) -> Self {
    Self(name: "get_xdg_surface", arguments: [.newID(id), .object(surface)])
  }
  /// `xdg_wm_base.pong`.
  static func pong(_ serial: UInt32) -> Self { Self(name: "pong", arguments: [.uint(serial)]) }
  /// `xdg_surface.get_toplevel`.
  static func getToplevel(_ id: UInt32) -> Self { Self(name: "get_toplevel", arguments: [.newID(id)]) }
  /// `xdg_surface.ack_configure`.
  static func ackConfigure(_ serial: UInt32) -> Self { Self(name: "ack_configure", arguments: [.uint(serial)]) }
  /// `xdg_toplevel.set_title`.
  static func setTitle(_ title: String) -> Self { Self(name: "set_title", arguments: [.string(title)]) }
  /// `xdg_toplevel.set_app_id`.
  static func setAppID(_ id: String) -> Self { Self(name: "set_app_id", arguments: [.string(id)]) }

  /// `wl_data_device.set_selection` and `zwp_primary_selection_device_v1.set_selection`, with
  /// the serial of the input event that caused it.
  static func setSelection(_ source: UInt32?, serial: UInt32) -> Self {
    Self(name: "set_selection", arguments: [.object(source ?? 0), .uint(serial)])
  }
  /// `zwp_primary_selection_device_manager_v1.create_source`.
  static func createSource(_ id: UInt32) -> Self { Self(name: "create_source", arguments: [.newID(id)]) }
  /// `zwp_primary_selection_device_manager_v1.get_device`.
  static func getDevice(_ id: UInt32, seat: UInt32) -> Self {
    Self(name: "get_device", arguments: [.newID(id), .object(seat)])
  }
  /// `wl_data_device.start_drag` from `origin`, on the implicit grab of the press `serial`.
  static func startDrag(source: UInt32, origin: UInt32, serial: UInt32) -> Self {
    Self(name: "start_drag", arguments: [.object(source), .object(origin), .object(0), .uint(serial)])
  }
  /// `wl_data_source.set_actions` / the offer's: the dnd actions (copy 1, move 2, ask 4).
  static func setActions(_ actions: UInt32) -> Self { Self(name: "set_actions", arguments: [.uint(actions)]) }
  /// `wl_data_offer.set_actions`: the actions this target takes and the one it prefers.
  static func setActions(_ actions: UInt32, preferred: UInt32) -> Self {
    Self(name: "set_actions", arguments: [.uint(actions), .uint(preferred)])
  }
  /// `wl_data_offer.accept`: the MIME type this target would take (nil: none), for the enter
  /// or motion `serial`.
  static func accept(serial: UInt32, mimeType: String?) -> Self {
    Self(name: "accept", arguments: [.uint(serial), .string(mimeType)])
  }
  /// `wl_data_offer.finish`: the drop is done (its data received).
  static let finish = Self(name: "finish", arguments: [])
}
