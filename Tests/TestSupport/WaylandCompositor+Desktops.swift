import Foundation

/// The compositors of the desktops people run: GNOME's mutter and KDE's kwin, each headless, as an
/// unprivileged user, in a D-Bus session of its own (`dbus-run-session`), its whole process group
/// killed with it.
extension WaylandCompositor {
  /// Starts GNOME's compositor, mutter, headless (one virtual monitor of 1024×768): no
  /// data-control, no primary selection for clients without focus, and a clipboard manager of
  /// its own that reads every copy and restores it when its owner leaves. With `keyboard`, an
  /// `org.gnome.Mutter.RemoteDesktop` session (`Tests/Fixtures/wayland/mutter_seat.py`) gives its
  /// seat a keyboard and a pointer, as a logged-in user's has; without, the seat has none. With
  /// `xwayland`, mutter runs XWayland, whose display and authority ``environment`` names, and
  /// keeps its X11 clipboard in sync with its Wayland one, as a GNOME session does.
  public static func startMutter(keyboard: Bool = true, xwayland: Bool = false) -> Result<
    WaylandCompositor, PeerUnavailable
  > {
    let directory: String
    switch prepare("mutter", package: "mutter", dbus: true) {
    case .success(let prepared): directory = prepared.directory
    case .failure(let unavailable): return .failure(unavailable)
    }
    if keyboard {
      let seat = fixturesDirectory.appendingPathComponent("wayland/mutter_seat.py").path
      guard let script = try? String(contentsOfFile: seat, encoding: .utf8),
        write(script, to: "mutter_seat.py", in: directory)
      else { return .failure(PeerUnavailable("mutter", "its seat peer could not be copied from \(seat)")) }
      if case .failure(let unavailable) = Peers.gio { return .failure(unavailable) }
    }
    let mutter =
      "mutter --headless --wayland \(xwayland ? "" : "--no-x11") --virtual-monitor 1024x768"
      + " --wayland-display=wayland-gnome 2>\"$XDG_RUNTIME_DIR/mutter.log\" >&2 &"
    let seat =
      keyboard
      ? "exec /usr/bin/python3 \"$XDG_RUNTIME_DIR/mutter_seat.py\"" : ": > \"$XDG_RUNTIME_DIR/seat-ready\"; wait"
    let command =
      unprivileged + [
        "/usr/bin/env", "-i", "PATH=/usr/bin:/bin", "HOME=\(directory)", "XDG_RUNTIME_DIR=\(directory)",
        "GSETTINGS_BACKEND=memory", "dbus-run-session", "--", "/bin/sh", "-c", mutter + " " + seat,
      ]
    return launch(
      "mutter", command, directory: directory, socketName: "wayland-gnome", ready: "seat-ready", seconds: 30,
      xDisplay: xwayland ? { xwaylandDisplay(in: directory) } : nil)
  }

  /// The display mutter's XWayland serves (from its log) and the authority file it wrote, once
  /// both exist.
  static func xwaylandDisplay(in directory: String) -> String? {
    guard let log = try? String(contentsOfFile: directory + "/mutter.log", encoding: .utf8),
      let marker = log.range(of: "Using public X11 display :"),
      case let number = log[marker.upperBound...].prefix(while: \.isNumber), !number.isEmpty,
      let names = try? FileManager.default.contentsOfDirectory(atPath: directory),
      names.contains(where: { $0.hasPrefix(".mutter-Xwaylandauth.") })
    else { return nil }
    return ":" + number
  }

  /// The authority file of this compositor's XWayland (mutter's), when it has one.
  public var xAuthority: String? {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: runtimeDirectory)) ?? []
    return names.first(where: { $0.hasPrefix(".mutter-Xwaylandauth.") }).map { runtimeDirectory + "/" + $0 }
  }

  /// Starts KDE's compositor, kwin_wayland, virtual (1024×768), with data-control and a seat
  /// that has a keyboard. Its permission checks are off (`KWIN_WAYLAND_NO_PERMISSION_CHECKS=1`),
  /// so that it advertises `org_kde_kwin_fake_input` to every client: the tests' pointer. Debian's binary carries a file capability (`cap_sys_resource`) that an
  /// unprivileged container refuses to execute; a copy of it, which has none, runs.
  public static func startKWin() -> Result<WaylandCompositor, PeerUnavailable> {
    let (kwin, directory): (String, String)
    switch prepare("kwin_wayland", package: "kwin-wayland", dbus: true) {
    case .success(let prepared): (kwin, directory) = prepared
    case .failure(let unavailable): return .failure(unavailable)
    }
    let copy = directory + "/kwin_wayland"
    guard (try? FileManager.default.copyItem(atPath: kwin, toPath: copy)) != nil,
      getuid() != 0 || chown(copy, 65534, 65534) == 0
    else { return .failure(PeerUnavailable("kwin_wayland", "could not be copied into \(directory)")) }
    let command =
      unprivileged + [
        "/usr/bin/env", "-i", "PATH=/usr/bin:/bin", "HOME=\(directory)", "XDG_RUNTIME_DIR=\(directory)",
        "QT_QPA_PLATFORM=wayland", "KDE_DEBUG=0", "KWIN_WAYLAND_NO_PERMISSION_CHECKS=1", "dbus-run-session", "--", copy,
        "--virtual", "--socket",
        "wayland-kde", "--width", "1024", "--height", "768",
      ]
    return launch("kwin_wayland", command, directory: directory, socketName: "wayland-kde", seconds: 30)
  }
}
