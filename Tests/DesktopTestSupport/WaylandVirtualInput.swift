import SystemPasteboard
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
public final class WaylandVirtualInput: TestPointer, @unchecked Sendable {
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
  let pointer: WaylandObject<Wayland.VirtualPointer>
  let keyboard: WaylandObject<Wayland.VirtualKeyboard>
  /// The output's size, which absolute motion is relative to.
  let extent: (width: UInt32, height: UInt32)
  private let clock = Locked<UInt32>(1)

  /// Makes a virtual pointer and keyboard on `display`'s seat.
  /// - Throws: ``SystemPasteboardError``: as a connection does; `.unsupported` when the
  ///   compositor lacks the virtual input protocols (they are wlroots').
  public init(display: WaylandDisplay, extent: (width: UInt32, height: UInt32) = (1280, 800))
    throws(SystemPasteboardError)
  {
    connection = try WaylandConnection(display: display, timeout: 5)
    self.extent = extent
    let seat = try Self.bound(.seat, as: Wayland.Seat.self, on: connection)
    let pointers = try Self.bound(.virtualPointerManager, as: Wayland.VirtualPointerManager.self, on: connection)
    let keyboards = try Self.bound(.virtualKeyboardManager, as: Wayland.VirtualKeyboardManager.self, on: connection)
    pointer = try connection.create(.virtualPointer) { pointers.createVirtualPointer(seat: seat, id: $0) }
    let keyboard: WaylandObject<Wayland.VirtualKeyboard> = try connection.create(.virtualKeyboard) {
      keyboards.createVirtualKeyboard(seat: seat, id: $0)
    }
    self.keyboard = keyboard
    let map = Array(Self.keymap.utf8) + [0]
    guard let fd = FileIO.anonymousSharedMemory(map) else {
      throw SystemPasteboardError(.connectionFailed, "no shared memory for the keymap")
    }
    defer { close(fd) }
    try connection.send([
      keyboard.keymap(format: WaylandEnum.KeyboardKeymapFormat.xkbV1, fd: fd, size: UInt32(map.count)),
      keyboard.modifiers(modsDepressed: 0, modsLatched: 0, modsLocked: 0, group: 0),
    ])
    try connection.awaitCompositor()
  }

  private static func bound<Family: WaylandFamily>(
    _ interface: WaylandInterface, as family: Family.Type, on connection: WaylandConnection
  ) throws(SystemPasteboardError) -> WaylandObject<Family> {
    guard let (id, _) = try connection.bind(interface, as: family) else {
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
  public func move(to x: Double, _ y: Double, sync: Bool) throws(SystemPasteboardError) {
    let motion = pointer.motionAbsolute(
      time: tick(), x: UInt32(max(0, x)), y: UInt32(max(0, y)), xExtent: extent.width, yExtent: extent.height)
    try connection.send([motion, pointer.frame()])
    if sync { try connection.awaitCompositor() }
  }

  /// Moves the pointer to (`x`, `y`) in the output's coordinates, once the compositor has it.
  public func move(to x: Double, _ y: Double) throws(SystemPasteboardError) { try move(to: x, y, sync: true) }

  /// Presses (or releases) the left button.
  public func button(pressed: Bool) throws(SystemPasteboardError) { try button(pressed: pressed, button: 272) }

  /// Presses (or releases) `button` (an evdev code: 272 is the left one).
  public func button(pressed: Bool, button: UInt32) throws(SystemPasteboardError) {
    let state: WaylandEnum.PointerButtonState = pressed ? .pressed : .released
    try connection.send([pointer.button(time: tick(), button: button, state: state), pointer.frame()])
    try connection.awaitCompositor()
  }

  /// Presses and releases Escape (evdev key 1).
  public func escape() throws(SystemPasteboardError) {
    // The virtual keyboard's XML names no enumeration for `key`'s state: wl_keyboard's, as a number.
    for state in [WaylandEnum.KeyboardKeyState.pressed, .released] {
      try connection.send(keyboard.key(time: tick(), key: 1, state: state.rawValue))
    }
    try connection.awaitCompositor()
  }
}
