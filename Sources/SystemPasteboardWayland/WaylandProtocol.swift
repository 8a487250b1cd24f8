import SystemPasteboardCore

/// One Wayland interface this client speaks: its name, the version it binds, its requests and
/// its events in opcode order with their argument types.
///
/// The tables are generated from the protocols' XML (`scripts/make-wayland-protocol.py`, into
/// `Generated/WaylandProtocols.swift`): `wayland.xml` (the core, windows, input, the data device),
/// `xdg-shell.xml`, `primary-selection-unstable-v1.xml`, `ext-data-control-v1.xml` and
/// `wlr-data-control-unstable-v1.xml` (the same messages under two prefixes), and the virtual
/// pointer and keyboard protocols the tests drive a seat with (generated into their support, over
/// this type). To speak another interface, add its XML and a line to the generator's table.
package struct WaylandInterface: Hashable, Sendable, CustomStringConvertible {
  /// A message: its name and its arguments' types.
  package typealias Message = (name: String, signature: [WaylandWire.ArgumentType])

  /// The interface's name, as the registry announces it.
  package let name: String
  /// The highest version this client binds.
  let version: UInt32
  /// What the interface is, whichever protocol's prefix it has (`.dataControlDevice` for both
  /// data-control devices): events are decoded by role and opcode.
  let role: WaylandRole
  /// The opcode of the request that destroys an object of the interface, where it has one
  /// (`destroy`, or `release` for the seat's devices).
  let destructor: UInt16?
  /// The requests, by opcode.
  let requests: [Message]
  /// The events, by opcode.
  let events: [Message]

  package var description: String { name }

  /// An interface's table, as the generator writes it from the protocol's XML.
  /// - Parameters:
  ///   - name: The interface's name.
  ///   - version: The highest version this client binds.
  ///   - role: What the interface is (its events are decoded by role).
  ///   - destructor: The opcode of its destroying request, where it has one.
  ///   - requests: The requests, by opcode.
  ///   - events: The events, by opcode.
  package init(
    name: String, version: UInt32, role: WaylandRole, destructor: UInt16?, requests: [Message], events: [Message]
  ) {
    (self.name, self.version, self.role, self.destructor) = (name, version, role, destructor)
    (self.requests, self.events) = (requests, events)
  }

  package static func == (lhs: WaylandInterface, rhs: WaylandInterface) -> Bool { lhs.name == rhs.name }
  package func hash(into hasher: inout Hasher) { hasher.combine(name) }

  /// The four interfaces of a data-control protocol: the same messages under either prefix
  /// (`ext_data_control` is the standardised `zwlr_data_control` version 2).
  struct DataControl: Sendable {
    let manager: WaylandInterface
    let device: WaylandInterface
    let source: WaylandInterface
    let offer: WaylandInterface

    /// `ext_data_control_manager_v1` version 1 (primary selection included).
    static let ext = DataControl(
      manager: .extDataControlManager, device: .extDataControlDevice, source: .extDataControlSource,
      offer: .extDataControlOffer)
    /// `zwlr_data_control_manager_v1` version 2 (version 1 has no primary selection).
    static let wlr = DataControl(
      manager: .wlrDataControlManager, device: .wlrDataControlDevice, source: .wlrDataControlSource,
      offer: .wlrDataControlOffer)

    /// The protocols in the order they are preferred.
    static let preferred = [ext, wlr]
  }
}

/// The families of interfaces this client speaks (`Wayland.Surface`, `Wayland.DataControlDevice`
/// for both data-control prefixes): their objects are `WaylandObject<Wayland.Surface>`, and the
/// generated requests are methods of the objects they are sent to.
package enum Wayland {}

/// A family of interfaces whose objects take the same requests: one interface, or one protocol
/// under two prefixes. The generator writes one per family, under ``Wayland``.
package protocol WaylandFamily {
  /// The names of the family's interfaces.
  static var interfaces: Set<String> { get }
}

/// An object of a connection, typed by its family: only the requests of its interface are its
/// methods, and a request's object arguments take objects of the interface the protocol names
/// (as wayland-rs's proxies and wayland-scanner's C types), so that the compiler, not the
/// connection at run time, refuses `set_selection` sent to a surface or a surface given as a
/// source. The connection still checks each message against the interface it recorded for the
/// id before it writes (a destroyed id reused, a twin prefix).
package struct WaylandObject<Family: WaylandFamily>: Hashable, Sendable, CustomStringConvertible {
  /// The object's id on the connection.
  package let id: UInt32

  /// The object of `id` (made by ``WaylandConnection/create(_:by:)``, bound, or announced by an
  /// event of the compositor).
  package init(id: UInt32) { self.id = id }

  package var description: String { "\(Family.interfaces.sorted().joined(separator: "|"))@\(id)" }
}

/// A request addressed to its object: what a generated method of the object returns
/// (`dataDevice.startDrag(…)`) and ``WaylandConnection/send(_:)`` writes.
package struct WaylandMessage {
  /// The id of the object the request is sent to.
  let object: UInt32
  /// The request.
  let request: WaylandRequest

  /// `request`, to the object of id `object` (as the generated methods make it).
  package init(to object: UInt32, _ request: WaylandRequest) { (self.object, self.request) = (object, request) }
}

/// One request, typed: built by the generated methods of the objects (`dataDevice.startDrag(…)`),
/// which carry its opcode as a constant, the interfaces it may be sent to, and its arguments in
/// the request's order and types. ``WaylandConnection/send(_:)`` checks the object's interface
/// and the arguments against the interface's signature before it writes.
package struct WaylandRequest {
  /// The interfaces whose objects take the request (two for a message that data control's two
  /// prefixes share).
  let interfaces: Set<String>
  /// The request's opcode in those interfaces.
  let opcode: UInt16
  /// The request's name, for messages and traces.
  let name: String
  /// Whether the request destroys its object.
  let isDestructor: Bool
  /// The arguments, in order.
  let arguments: [WaylandWire.Argument]

  /// A request, as the generated builders make it.
  /// - Parameters:
  ///   - interfaces: The interfaces whose objects take it.
  ///   - opcode: Its opcode in those interfaces.
  ///   - name: Its name, for messages and traces.
  ///   - isDestructor: Whether it destroys its object.
  ///   - arguments: The arguments, in order.
  package init(
    interfaces: Set<String>, opcode: UInt16, name: String, isDestructor: Bool, arguments: [WaylandWire.Argument]
  ) {
    (self.interfaces, self.opcode, self.name) = (interfaces, opcode, name)
    (self.isDestructor, self.arguments) = (isDestructor, arguments)
  }

  /// Whether `arguments` are of `signature`'s types, in order (a nil string or object only
  /// where the signature allows one).
  func matches(_ signature: [WaylandWire.ArgumentType]) -> Bool {
    guard arguments.count == signature.count else { return false }
    for (argument, type) in zip(arguments, signature) {
      switch (argument, type) {
      case (.int, .int), (.uint, .uint), (.fixed, .fixed), (.array, .array), (.fd, .fd), (.newID, .newID): continue
      case (.string(let text), .string): if text == nil { return false }
      case (.string, .nullableString), (.object, .nullableObject): continue
      case (.object(let id), .object): if id == 0 { return false }
      default: return false
      }
    }
    return true
  }
}
