import UTIPlatform

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// A pointer and a keyboard for a headless compositor's seat, which has none of its own: a small
/// client that binds `zwlr_virtual_pointer_manager_v1` and
/// `zwp_virtual_keyboard_manager_v1` (wlroots' protocols for virtual input) and moves, presses
/// and types as a test or a benchmark says. Facts from `wlr-virtual-pointer-unstable-v1.xml` and
/// `virtual-keyboard-unstable-v1.xml`.
///
/// wlroots derives no modifier state for a virtual keyboard, so the keymap is sent first and
/// `modifiers` explicitly; the seat gains both devices when they are made, and a window mapped
/// then gets keyboard focus.
package final class WaylandVirtualInput: @unchecked Sendable {
  static let pointerManager = WaylandInterface(
    name: "zwlr_virtual_pointer_manager_v1", version: 1,
    requests: ["create_virtual_pointer", "destroy", "create_virtual_pointer_with_output"], events: [])
  static let pointer = WaylandInterface(
    name: "zwlr_virtual_pointer_v1", version: 1,
    requests: [
      "motion", "motion_absolute", "button", "axis", "frame", "axis_source", "axis_stop", "axis_discrete", "destroy",
    ], events: [])
  static let keyboardManager = WaylandInterface(
    name: "zwp_virtual_keyboard_manager_v1", version: 1, requests: ["create_virtual_keyboard"], events: [])
  static let keyboard = WaylandInterface(
    name: "zwp_virtual_keyboard_v1", version: 1, requests: ["keymap", "key", "modifiers", "destroy"], events: [])

  /// A keymap with one key (Escape), without includes, so no XKB data files are needed.
  static let keymap = """
    xkb_keymap {
      xkb_keycodes "test" { minimum = 8; maximum = 255; <ESC> = 9; };
      xkb_types "test" { type "ONE_LEVEL" { modifiers = none; level_name[Level1] = "Any"; }; };
      xkb_compatibility "test" { };
      xkb_symbols "test" { key <ESC> { [ Escape ] }; };
    };
    """

  let connection: WaylandConnection
  let pointerID: UInt32
  let keyboardID: UInt32
  /// The output's size, which absolute motion is relative to.
  let extent: (width: UInt32, height: UInt32)
  private let clock = Locked<UInt32>(1)

  /// Makes a virtual pointer and keyboard on `display`'s seat.
  /// - Throws: ``SystemPasteboardError``: as a connection does; `.unsupported` when the
  ///   compositor lacks the virtual input protocols (they are wlroots').
  package init(display: WaylandDisplay, extent: (width: UInt32, height: UInt32) = (1280, 800))
    throws(SystemPasteboardError)
  {
    connection = try WaylandConnection(display: display, timeout: 5)
    self.extent = extent
    let seat = try Self.bound(.seat, on: connection)
    let pointers = try Self.bound(Self.pointerManager, on: connection)
    let keyboards = try Self.bound(Self.keyboardManager, on: connection)
    pointerID = connection.makeObject(Self.pointer)
    try connection.send(
      WaylandRequest(name: "create_virtual_pointer", arguments: [.object(seat), .newID(pointerID)]), to: pointers)
    keyboardID = connection.makeObject(Self.keyboard)
    try connection.send(
      WaylandRequest(name: "create_virtual_keyboard", arguments: [.object(seat), .newID(keyboardID)]), to: keyboards)
    let map = Array(Self.keymap.utf8) + [0]
    guard let fd = FileIO.anonymousSharedMemory(map) else {
      throw SystemPasteboardError(.connectionFailed, "no shared memory for the keymap")
    }
    defer { close(fd) }
    try connection.send(
      WaylandRequest(name: "keymap", arguments: [.uint(1), .fd(fd), .uint(UInt32(map.count))]), to: keyboardID)
    try connection.send(
      WaylandRequest(name: "modifiers", arguments: [.uint(0), .uint(0), .uint(0), .uint(0)]), to: keyboardID)
    try connection.roundTrip()
  }

  private static func bound(_ interface: WaylandInterface, on connection: WaylandConnection)
    throws(SystemPasteboardError) -> UInt32
  {
    guard let (id, _) = try connection.bind(interface) else {
      throw SystemPasteboardError(.unsupported, "the Wayland compositor has no \(interface.name)")
    }
    return id
  }

  private func tick() -> UInt32 {
    clock.withLock { time in
      time += 10
      return time
    }
  }

  /// Moves the pointer to (`x`, `y`) in the output's coordinates.
  /// With `sync` false the motion is sent without waiting for the compositor to handle it (a
  /// probe that waits for the answer the motion causes).
  package func move(to x: Double, _ y: Double, sync: Bool = true) throws(SystemPasteboardError) {
    let arguments: [WaylandWire.Argument] = [
      .uint(tick()), .uint(UInt32(max(0, x))), .uint(UInt32(max(0, y))), .uint(extent.width), .uint(extent.height),
    ]
    try connection.send(WaylandRequest(name: "motion_absolute", arguments: arguments), to: pointerID)
    try connection.send(WaylandRequest(name: "frame", arguments: []), to: pointerID)
    if sync { try connection.roundTrip() }
  }

  /// Moves the pointer from one point to another in `steps` motions, `pause` seconds apart.
  package func drag(from start: (Double, Double), to end: (Double, Double), steps: Int = 12, pause: Double = 0.03)
    throws(SystemPasteboardError)
  {
    for step in 1...steps {
      let fraction = Double(step) / Double(steps)
      try move(to: start.0 + (end.0 - start.0) * fraction, start.1 + (end.1 - start.1) * fraction)
      usleep(useconds_t(pause * 1_000_000))
    }
  }

  /// Presses (or releases) the left button.
  package func button(pressed: Bool, button: UInt32 = 272) throws(SystemPasteboardError) {
    try connection.send(
      WaylandRequest(name: "button", arguments: [.uint(tick()), .uint(button), .uint(pressed ? 1 : 0)]), to: pointerID)
    try connection.send(WaylandRequest(name: "frame", arguments: []), to: pointerID)
    try connection.roundTrip()
  }

  /// Presses and releases Escape (evdev key 1).
  package func escape() throws(SystemPasteboardError) {
    for state: UInt32 in [1, 0] {
      try connection.send(
        WaylandRequest(name: "key", arguments: [.uint(tick()), .uint(1), .uint(state)]), to: keyboardID)
    }
    try connection.roundTrip()
  }
}
