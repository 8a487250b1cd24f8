import Foundation

/// sway: the headless wlroots compositor of most Wayland tests, with data-control, the primary
/// selection, and windows placed through its IPC.
extension WaylandCompositor {
  /// One output; windows float without borders, so that a test places each where it wants
  /// (``move(appID:to:)``) and a surface's origin is its window's.
  static let configuration = """
    output HEADLESS-1 resolution 1280x800
    default_border none
    default_floating_border none
    for_window [app_id=".*"] floating enable

    """

  /// Starts sway (one headless output of 1280×800 on which windows float; `wl_data_device_manager`,
  /// `zwp_primary_selection_device_manager_v1` and `zwlr_data_control_manager_v1` version 2), or
  /// says why it cannot.
  public static func start() -> Result<WaylandCompositor, PeerUnavailable> {
    let (sway, directory): (String, String)
    switch prepare("sway", package: "sway") {
    case .success(let prepared): (sway, directory) = prepared
    case .failure(let unavailable): return .failure(unavailable)
    }
    guard write(configuration, to: "config", in: directory) else {
      return .failure(PeerUnavailable("sway", "its configuration could not be written"))
    }
    // No input devices (WLR_LIBINPUT_NO_DEVICES): the tests' virtual input is the seat's.
    let command =
      unprivileged + [
        "/usr/bin/env", "-u", "SWAYSOCK", "-u", "DISPLAY", "-u", "WAYLAND_DISPLAY", "-u", "WAYLAND_SOCKET",
        "XDG_RUNTIME_DIR=\(directory)", "WLR_BACKENDS=headless", "WLR_RENDERER=pixman", "WLR_LIBINPUT_NO_DEVICES=1",
        sway, "-c", directory + "/config",
      ]
    return launch("sway", command, directory: directory)
  }

  /// Runs `swaymsg` with `arguments` on this compositor's IPC socket; its output.
  public func swaymsg(_ arguments: [String]) throws -> String {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: runtimeDirectory)) ?? []
    guard let socket = names.first(where: { $0.hasPrefix("sway-ipc.") }), let swaymsg = which("swaymsg") else {
      throw CocoaError(.fileNoSuchFile)
    }
    return try runProcess("/usr/bin/env", ["SWAYSOCK=\(runtimeDirectory)/\(socket)", swaymsg] + arguments).stdoutText
  }

  /// Moves the floating window whose app id is `appID` so that its top-left corner is at
  /// (`x`, `y`) on the output.
  public func move(appID: String, to x: Int, _ y: Int) throws {
    _ = try swaymsg(["[app_id=\"\(appID)\"]", "move", "absolute", "position", "\(x)", "\(y)"])
  }
}

extension WaylandCompositor {
  /// Where the surface of the window whose app id (or, for GTK, program name) is `appID` is on
  /// the output: its container's rectangle, the window's place in it, less the window
  /// geometry's offset in the surface (client-side shadows). Read from `swaymsg -t get_tree`.
  public func surfaceOrigin(appID: String) throws -> (x: Double, y: Double)? {
    guard let node = try node(appID: appID), let rect = node["rect"] as? [String: Double],
      let window = node["window_rect"] as? [String: Double], let geometry = node["geometry"] as? [String: Double]
    else { return nil }
    return (
      rect["x", default: 0] + window["x", default: 0] - geometry["x", default: 0],
      rect["y", default: 0] + window["y", default: 0] - geometry["y", default: 0]
    )
  }

  /// The node of the window whose app id is `appID` in `swaymsg -t get_tree`.
  private func node(appID: String) throws -> [String: Any]? {
    let tree = try swaymsg(["-t", "get_tree"])
    guard let root = try JSONSerialization.jsonObject(with: Data(tree.utf8)) as? [String: Any] else { return nil }
    func find(_ node: [String: Any]) -> [String: Any]? {
      if node["app_id"] as? String == appID { return node }
      for child in (node["nodes"] as? [[String: Any]] ?? []) + (node["floating_nodes"] as? [[String: Any]] ?? []) {
        if let found = find(child) { return found }
      }
      return nil
    }
    return find(root)
  }

  /// Waits (up to 10 s) until a window with `appID` is on the output, moves it to (`x`, `y`),
  /// and returns its surface's origin there.
  public func place(appID: String, at x: Int, _ y: Int) throws -> (x: Double, y: Double) {
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
