/// The Wayland interfaces this client speaks, written once from their protocol descriptions:
/// each interface's name, the version this client knows, its requests in opcode order, and its
/// events in opcode order with their argument types.
///
/// Facts from the specifications: `wayland.xml` (the core, windows, input, the data device),
/// `xdg-shell.xml`, `primary-selection-unstable-v1.xml`, `ext-data-control-v1.xml` and
/// `wlr-data-control-unstable-v1.xml` (the same messages in the same order, under two
/// prefixes). To speak another interface, add its entry here or in `WaylandProtocol+Window`
/// (requests and events in the order its XML lists them, which is their opcode order), its
/// typed requests to ``WaylandRequest`` and its events to ``WaylandEvent``.
struct WaylandInterface: Hashable, Sendable, CustomStringConvertible {
  typealias Event = (name: String, signature: [WaylandWire.ArgumentType])

  /// The interface's name, as the registry announces it.
  let name: String
  /// The highest version this client speaks.
  let version: UInt32
  /// The requests' names, by opcode.
  let requests: [String]
  /// The events, by opcode.
  let events: [Event]
  /// What the interface is, whichever protocol's prefix it has (`data_control_device` for both
  /// data-control devices): events are decoded by role and name.
  let role: String

  init(name: String, version: UInt32, requests: [String], events: [Event], role: String? = nil) {
    self.name = name
    self.version = version
    self.requests = requests
    self.events = events
    self.role = role ?? String(name.split(separator: "_", maxSplits: 1).last ?? Substring(name))
  }

  var description: String { name }

  static func == (lhs: WaylandInterface, rhs: WaylandInterface) -> Bool { lhs.name == rhs.name }
  func hash(into hasher: inout Hasher) { hasher.combine(name) }

  /// The opcode of the request `name` (a request the interface lacks is a bug of ours).
  func opcode(of request: String) -> UInt16 {
    guard let index = requests.firstIndex(of: request) else {
      preconditionFailure("\(name) has no request \(request)")
    }
    return UInt16(index)
  }

  // MARK: wayland.xml

  static let display = WaylandInterface(
    name: "wl_display", version: 1, requests: ["sync", "get_registry"],
    events: [("error", [.object, .uint, .string]), ("delete_id", [.uint])])

  static let registry = WaylandInterface(
    name: "wl_registry", version: 1, requests: ["bind"],
    events: [("global", [.uint, .string, .uint]), ("global_remove", [.uint])])

  static let callback = WaylandInterface(name: "wl_callback", version: 1, requests: [], events: [("done", [.uint])])

  static let seat = WaylandInterface(
    name: "wl_seat", version: 5, requests: ["get_pointer", "get_keyboard", "get_touch", "release"],
    events: [("capabilities", [.uint]), ("name", [.string])])

  static let pointer = WaylandInterface(
    name: "wl_pointer", version: 5, requests: ["set_cursor", "release"],
    events: [
      ("enter", [.uint, .object, .fixed, .fixed]), ("leave", [.uint, .object]), ("motion", [.uint, .fixed, .fixed]),
      ("button", [.uint, .uint, .uint, .uint]), ("axis", [.uint, .uint, .fixed]), ("frame", []),
      ("axis_source", [.uint]), ("axis_stop", [.uint, .uint]), ("axis_discrete", [.uint, .int]),
    ])

  static let keyboard = WaylandInterface(
    name: "wl_keyboard", version: 5, requests: ["release"],
    events: [
      ("keymap", [.uint, .fd, .uint]), ("enter", [.uint, .object, .array]), ("leave", [.uint, .object]),
      ("key", [.uint, .uint, .uint, .uint]), ("modifiers", [.uint, .uint, .uint, .uint, .uint]),
      ("repeat_info", [.int, .int]),
    ])

  // MARK: Data control (ext-data-control-v1, wlr-data-control-unstable-v1)

  /// The four interfaces of a data-control protocol: the same messages under either prefix
  /// (`ext_data_control` is the standardised `zwlr_data_control` version 2).
  struct DataControl: Sendable {
    let manager: WaylandInterface
    let device: WaylandInterface
    let source: WaylandInterface
    let offer: WaylandInterface

    init(prefix: String, managerVersion: UInt32) {
      manager = WaylandInterface(
        name: "\(prefix)_manager_v1", version: managerVersion,
        requests: ["create_data_source", "get_data_device", "destroy"], events: [], role: "data_control_manager")
      device = WaylandInterface(
        name: "\(prefix)_device_v1", version: managerVersion,
        requests: ["set_selection", "destroy", "set_primary_selection"],
        events: [
          ("data_offer", [.newID("\(prefix)_offer_v1")]), ("selection", [.nullableObject]), ("finished", []),
          ("primary_selection", [.nullableObject]),
        ], role: "data_control_device")
      source = WaylandInterface(
        name: "\(prefix)_source_v1", version: 1, requests: ["offer", "destroy"],
        events: [("send", [.string, .fd]), ("cancelled", [])], role: "data_control_source")
      offer = WaylandInterface(
        name: "\(prefix)_offer_v1", version: 1, requests: ["receive", "destroy"], events: [("offer", [.string])],
        role: "data_control_offer")
    }

    /// `ext_data_control_manager_v1` version 1 (primary selection included).
    static let ext = DataControl(prefix: "ext_data_control", managerVersion: 1)
    /// `zwlr_data_control_manager_v1` version 2 (version 1 has no primary selection).
    static let wlr = DataControl(prefix: "zwlr_data_control", managerVersion: 2)

    /// The protocols in the order they are preferred.
    static let preferred = [ext, wlr]

    var interfaces: [WaylandInterface] { [manager, device, source, offer] }
  }

  /// Every interface of the tables, by name (for objects the compositor makes).
  static let known: [String: WaylandInterface] = {
    var table: [String: WaylandInterface] = [:]
    for interface in [display, registry, callback, seat] + DataControl.preferred.flatMap(\.interfaces)
      + windowInterfaces
    {
      table[interface.name] = interface
    }
    return table
  }()
}

/// One request, typed: its name in its interface's table and its arguments. The opcode comes
/// from the interface of the object it is sent to, so one value serves interfaces that share a
/// message (the two data-control protocols).
struct WaylandRequest {
  let name: String
  let arguments: [WaylandWire.Argument]

  /// `wl_display.sync`: the compositor answers `callback`'s `done` once it has handled every
  /// earlier request.
  static func sync(callback: UInt32) -> Self { Self(name: "sync", arguments: [.newID(callback)]) }
  /// `wl_display.get_registry`.
  static func getRegistry(_ registry: UInt32) -> Self { Self(name: "get_registry", arguments: [.newID(registry)]) }
  /// `wl_registry.bind`: an untyped new id, so the interface's name and version go with it.
  static func bind(name: UInt32, interface: WaylandInterface, version: UInt32, id: UInt32) -> Self {
    Self(name: "bind", arguments: [.uint(name), .string(interface.name), .uint(version), .newID(id)])
  }
  /// `wl_seat.release` (version 5).
  static let release = Self(name: "release", arguments: [])
  /// The destructor request of any interface that has one.
  static let destroy = Self(name: "destroy", arguments: [])

  /// Data control: `manager.create_data_source`.
  static func createDataSource(_ id: UInt32) -> Self { Self(name: "create_data_source", arguments: [.newID(id)]) }
  /// Data control: `manager.get_data_device`.
  static func getDataDevice(_ id: UInt32, seat: UInt32) -> Self {
    Self(name: "get_data_device", arguments: [.newID(id), .object(seat)])
  }
  /// Data control: `device.set_selection` (nil clears it).
  static func setSelection(_ source: UInt32?) -> Self { Self(name: "set_selection", arguments: [.object(source ?? 0)]) }
  /// Data control: `device.set_primary_selection` (nil clears it).
  static func setPrimarySelection(_ source: UInt32?) -> Self {
    Self(name: "set_primary_selection", arguments: [.object(source ?? 0)])
  }
  /// A source's `offer`: one MIME type it can give.
  static func offer(_ mimeType: String) -> Self { Self(name: "offer", arguments: [.string(mimeType)]) }
  /// An offer's `receive`: the owner writes the data for `mimeType` into `fd` and closes it.
  static func receive(_ mimeType: String, fd: Int32) -> Self {
    Self(name: "receive", arguments: [.string(mimeType), .fd(fd)])
  }
}
