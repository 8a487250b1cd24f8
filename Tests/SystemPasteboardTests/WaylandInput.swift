import DesktopPasteboard
import Foundation
import TestSupport
import Testing
import UTIPlatform

@testable import SystemPasteboard

/// A pointer and a keyboard for a headless compositor's seat, which has none of its own: a small
/// client of ours that binds `zwlr_virtual_pointer_manager_v1` and
/// `zwp_virtual_keyboard_manager_v1` (wlroots' protocols for virtual input) and moves, presses
/// and types as a test says. Facts from `wlr-virtual-pointer-unstable-v1.xml` and
/// `virtual-keyboard-unstable-v1.xml`.
///
/// wlroots derives no modifier state for a virtual keyboard, so the keymap is sent first and
/// `modifiers` explicitly; the seat gains both devices when they are made, and a window mapped
/// then gets keyboard focus.
final class WaylandInput: @unchecked Sendable {
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
  private var time: UInt32 = 1

  init(display: WaylandDisplay, extent: (width: UInt32, height: UInt32) = (1280, 800)) throws {
    connection = try WaylandConnection(display: display, timeout: 5)
    self.extent = extent
    let seat = try #require(try connection.bind(.seat)).id
    let pointers = try #require(try connection.bind(Self.pointerManager), "no virtual pointer protocol").id
    let keyboards = try #require(try connection.bind(Self.keyboardManager), "no virtual keyboard protocol").id
    pointerID = connection.makeObject(Self.pointer)
    try connection.send(
      WaylandRequest(name: "create_virtual_pointer", arguments: [.object(seat), .newID(pointerID)]), to: pointers)
    keyboardID = connection.makeObject(Self.keyboard)
    try connection.send(
      WaylandRequest(name: "create_virtual_keyboard", arguments: [.object(seat), .newID(keyboardID)]), to: keyboards)
    let map = Array(Self.keymap.utf8) + [0]
    let fd = try #require(FileIO.anonymousSharedMemory(map))
    defer { close(fd) }
    try connection.send(
      WaylandRequest(name: "keymap", arguments: [.uint(1), .fd(fd), .uint(UInt32(map.count))]), to: keyboardID)
    try connection.send(
      WaylandRequest(name: "modifiers", arguments: [.uint(0), .uint(0), .uint(0), .uint(0)]), to: keyboardID)
    try connection.roundTrip()
  }

  private func tick() -> UInt32 {
    time += 10
    return time
  }

  /// Moves the pointer to (`x`, `y`) in the output's coordinates.
  func move(to x: Double, _ y: Double) throws {
    let arguments: [WaylandWire.Argument] = [
      .uint(tick()), .uint(UInt32(max(0, x))), .uint(UInt32(max(0, y))), .uint(extent.width), .uint(extent.height),
    ]
    try connection.send(WaylandRequest(name: "motion_absolute", arguments: arguments), to: pointerID)
    try connection.send(WaylandRequest(name: "frame", arguments: []), to: pointerID)
    try connection.roundTrip()
  }

  /// Moves the pointer from one point to another in `steps` motions, `pause` seconds apart.
  func drag(from start: (Double, Double), to end: (Double, Double), steps: Int = 12, pause: Double = 0.03) throws {
    for step in 1...steps {
      let fraction = Double(step) / Double(steps)
      try move(to: start.0 + (end.0 - start.0) * fraction, start.1 + (end.1 - start.1) * fraction)
      usleep(useconds_t(pause * 1_000_000))
    }
  }

  /// Presses (or releases) the left button.
  func button(pressed: Bool, button: UInt32 = 272) throws {
    try connection.send(
      WaylandRequest(name: "button", arguments: [.uint(tick()), .uint(button), .uint(pressed ? 1 : 0)]), to: pointerID)
    try connection.send(WaylandRequest(name: "frame", arguments: []), to: pointerID)
    try connection.roundTrip()
  }

  /// Presses and releases Escape (evdev key 1).
  func escape() throws {
    for state: UInt32 in [1, 0] {
      try connection.send(
        WaylandRequest(name: "key", arguments: [.uint(tick()), .uint(1), .uint(state)]), to: keyboardID)
    }
    try connection.roundTrip()
  }
}

extension WaylandCompositor {
  /// Where the surface of the window whose app id (or, for GTK, program name) is `appID` is on
  /// the output: its container's rectangle, the window's place in it, less the window
  /// geometry's offset in the surface (client-side shadows). Read from `swaymsg -t get_tree`.
  func surfaceOrigin(appID: String) throws -> (x: Double, y: Double)? {
    let tree = try swaymsg(["-t", "get_tree"])
    guard let root = try JSONSerialization.jsonObject(with: Data(tree.utf8)) as? [String: Any] else { return nil }
    func find(_ node: [String: Any]) -> [String: Any]? {
      if node["app_id"] as? String == appID { return node }
      for child in (node["nodes"] as? [[String: Any]] ?? []) + (node["floating_nodes"] as? [[String: Any]] ?? []) {
        if let found = find(child) { return found }
      }
      return nil
    }
    guard let node = find(root), let rect = node["rect"] as? [String: Double],
      let window = node["window_rect"] as? [String: Double], let geometry = node["geometry"] as? [String: Double]
    else { return nil }
    return (
      rect["x", default: 0] + window["x", default: 0] - geometry["x", default: 0],
      rect["y", default: 0] + window["y", default: 0] - geometry["y", default: 0]
    )
  }

  /// Waits (up to 10 s) until a window with `appID` is on the output, moves it to (`x`, `y`),
  /// and returns its surface's origin there.
  func place(appID: String, at x: Int, _ y: Int) throws -> (x: Double, y: Double) {
    for _ in 0..<200 {
      if try surfaceOrigin(appID: appID) != nil {
        try move(appID: appID, to: x, y)
        usleep(100_000)
        if let origin = try surfaceOrigin(appID: appID) { return origin }
      }
      usleep(50_000)
    }
    throw CocoaError(.fileNoSuchFile)
  }
}

/// The next press a window reports, or nil when none comes within `seconds`.
@MainActor
func nextPress(_ presses: AsyncStream<WindowButtonPress>, within seconds: Double = 10) async -> WindowButtonPress? {
  await withTaskGroup(of: WindowButtonPress?.self) { group in
    group.addTask {
      var iterator = presses.makeAsyncIterator()
      return await iterator.next()
    }
    group.addTask {
      try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
      return nil
    }
    let first = await group.next() ?? nil
    group.cancelAll()
    return first
  }
}
