import CSwiftUTIGTK
import Foundation
import PasteboardGTK

/// Prints one line of the peer's log.
func say(_ words: Any...) {
  let line = words.map { "\($0)" }.joined(separator: " ") + "\n"
  FileHandle.standardOutput.write(Data(line.utf8))
}

/// The peer's window: a label that fills it, the widget the transfers use.
@MainActor
final class PeerWindow {
  let window: UnsafeMutablePointer<GtkWidget>
  /// The label that fills the window.
  let label: UnsafeMutablePointer<GtkWidget>
  let area: GTKWidget

  /// With `split`, the window's two halves, each a label of its own (``label`` is then the box).
  private(set) var halves: (left: UnsafeMutablePointer<GtkWidget>, right: UnsafeMutablePointer<GtkWidget>)?

  init(title: String, size: Int32, split: Bool = false) {
    window = gtk_window_new()
    gtk_window_set_title(window.withMemoryRebound(to: GtkWindow.self, capacity: 1) { $0 }, title)
    gtk_window_set_default_size(window.withMemoryRebound(to: GtkWindow.self, capacity: 1) { $0 }, size, size)
    if split {
      let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
      gtk_box_set_homogeneous(box.withMemoryRebound(to: GtkBox.self, capacity: 1) { $0 }, 1)
      let left = gtk_label_new("drag")!, right = gtk_label_new("drop")!
      for half in [left, right] {
        gtk_widget_set_hexpand(half, 1)
        gtk_widget_set_vexpand(half, 1)
        gtk_box_append(box.withMemoryRebound(to: GtkBox.self, capacity: 1) { $0 }, half)
      }
      halves = (left, right)
      label = box
    } else {
      label = gtk_label_new(title)!
    }
    gtk_widget_set_hexpand(label, 1)
    gtk_widget_set_vexpand(label, 1)
    gtk_window_set_child(window.withMemoryRebound(to: GtkWindow.self, capacity: 1) { $0 }, label)
    area = GTKWidget(label)
    watchPointer(label)
    if let color = ProcessInfo.processInfo.environment["GTK_PEER_COLOR"] { paint(color) }
  }

  /// Whether motions are said (until standard input says "untrack").
  static var tracking = true

  /// Says "pointer X Y W H" (in the widget's coordinates, and its size) as the pointer enters and
  /// at each motion over the widget while
  /// ``tracking``: where the window is, for compositors that do not say.
  private func watchPointer(_ widget: UnsafeMutablePointer<GtkWidget>) {
    let motion = gtk_event_controller_motion_new()!
    let moved: @convention(c) (OpaquePointer?, Double, Double, gpointer?) -> Void = { _, x, y, data in
      let window = Unmanaged<PeerWindow>.fromOpaque(data!).takeUnretainedValue()
      MainActor.assumeIsolated {
        guard PeerWindow.tracking else { return }
        say("pointer", Int(x), Int(y), gtk_widget_get_width(window.label), gtk_widget_get_height(window.label))
      }
    }
    for signal in ["enter", "motion"] {
      g_signal_connect_data(
        motion.raw, signal, unsafeBitCast(moved, to: GCallback.self), Unmanaged.passRetained(self).toOpaque(), nil,
        GConnectFlags(rawValue: 0))
    }
    gtk_widget_add_controller(widget, motion)
  }

  /// Paints the label (the whole window but its frame) `color` (`#RRGGBB`): where the window is,
  /// on a screenshot.
  private func paint(_ color: String) {
    let provider = gtk_css_provider_new()!
    gtk_widget_add_css_class(label, "swift-uti-peer")  // the title's label is a label too
    gtk_css_provider_load_from_data(provider, ".swift-uti-peer { background-color: \(color); }", -1)
    gtk_style_context_add_provider_for_display(
      gdk_display_get_default(), OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_USER))
  }

  /// Shows the window, and runs `mapped` once it is on the screen.
  func show(mapped: @escaping @MainActor @Sendable () -> Void) {
    let box = Unmanaged.passRetained(Callback(mapped)).toOpaque()
    let onMap: @convention(c) (OpaquePointer?, gpointer?) -> Void = { _, data in
      let callback = Unmanaged<Callback>.fromOpaque(data!).takeUnretainedValue()
      // A moment for the compositor to show it, as the Python peers wait; then on the main actor
      // through the main queue, which runs only if GTK's loop serves it (GTKMainQueue).
      g_timeout_add(
        200,
        { data in
          let callback = Unmanaged<Callback>.fromOpaque(data!).takeUnretainedValue()
          Task { @MainActor in callback.body() }
          return 0
        }, data)
      _ = callback
    }
    g_signal_connect_data(
      window.raw, "map", unsafeBitCast(onMap, to: GCallback.self), box, nil, GConnectFlags(rawValue: 0))
    gtk_window_present(window.withMemoryRebound(to: GtkWindow.self, capacity: 1) { $0 })
  }

  final class Callback: Sendable {
    let body: @MainActor @Sendable () -> Void
    init(_ body: @escaping @MainActor @Sendable () -> Void) { self.body = body }
  }

  /// Runs `body` at the first press of a button in the widget (a Wayland client's copy and paste
  /// need the serial of its latest input, as a user's click gives).
  func onFirstPress(_ body: @escaping @MainActor @Sendable () -> Void) {
    let click = gtk_gesture_click_new()!
    let box = Unmanaged.passRetained(Callback(body)).toOpaque()
    let pressed: @convention(c) (OpaquePointer?, Int32, Double, Double, gpointer?) -> Void = { gesture, _, _, _, data in
      let callback = Unmanaged<Callback>.fromOpaque(data!).takeUnretainedValue()
      MainActor.assumeIsolated { callback.body() }
    }
    g_signal_connect_data(
      click.raw, "pressed", unsafeBitCast(pressed, to: GCallback.self), box, nil, GConnectFlags(rawValue: 0))
    gtk_widget_add_controller(label, click)
  }
}

extension UnsafeMutablePointer {
  var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

extension OpaquePointer {
  var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

enum Peer {
  /// Quits when standard input says "quit" or ends; says "vmhwm KB" when it says "memory".
  static func quitOnInput(_ loop: OpaquePointer) {
    let channel = g_io_channel_unix_new(0)
    g_io_add_watch(
      channel, GIOCondition(rawValue: G_IO_IN.rawValue | G_IO_HUP.rawValue),
      { channel, _, _ in
        var line: UnsafeMutablePointer<CChar>?
        let status = g_io_channel_read_line(channel, &line, nil, nil, nil)
        defer { g_free(line) }
        let text = line.map { String(cString: $0) } ?? ""
        if status != G_IO_STATUS_NORMAL || text.hasPrefix("quit") { exit(0) }
        if text.hasPrefix("memory") { say("vmhwm", Peer.peakMemory) }
        if text.hasPrefix("untrack") { MainActor.assumeIsolated { PeerWindow.tracking = false } }
        return 1
      }, nil)
  }

  /// The peak resident memory of this process, in kilobytes (`VmHWM`).
  static var peakMemory: Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
  }
}
