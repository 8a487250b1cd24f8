import DesktopTestSupport
import Foundation
import TestSupport
import Testing

extension GTKTests {
  /// The example app, PointyBug in GTK 4, as a person uses it: a screenshot dropped from another
  /// application, then its own arrow dragged from the toolbar onto it; the lines it prints.
  @Suite("PointyBug in GTK 4", .serialized)
  struct ExampleTests {
    @Test(arguments: DesktopKind.selected(from: [.x11, .sway]))
    func aScreenshotAndTheArrowAreDroppedOnTheEditor(_ kind: DesktopKind) throws {
      let desktop = try GTKDesktop.shared(kind)
      let app = try desktop.start(try builtProduct("pointybug-gtk"), [])
      defer { app.terminate() }
      #expect(app.line { !$0.isEmpty } == "ready")
      // The window at the screen's origin (X11 places nothing; sway is told, by the app id GTK
      // takes from the program's name), 640 × 480.
      let origin = try desktop.compositor.map { try $0.place(appID: "pointybug-gtk", at: 0, 0) } ?? (0, 0)
      let folder = try TemporaryDirectory("pointybug-gtk")
      let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(repeating: 7, count: 1000)
      let shot = folder.url.appendingPathComponent("shot.png")
      try png.write(to: shot)
      let source = try desktop.gtk3("source", place: (700, 0), ["file", "image/png", shot.path])
      defer { source.peer.terminate() }
      let editor = (origin.0 + 320, origin.1 + 300)
      try desktop.pressDragRelease(through: [source.centre, (editor.0 + 10, editor.1 + 10), editor])
      let dropped = app.line { $0.hasPrefix("drop:") }
      #expect(
        dropped?.hasPrefix("drop: offered public.png; loaded public.png \(png.count) bytes at ") == true,
        "\(dropped ?? "")")
      let toolbar = (origin.0 + 320, origin.1 + 60)
      try desktop.pressDragRelease(through: [
        toolbar, (toolbar.0 + 12, toolbar.1 + 6), (editor.0 + 10, editor.1 + 10), editor,
      ])
      // The drop's line and the drag's end, in either order (the load ends on another thread).
      var lines: [String] = []
      while lines.count < 2, let line = app.line(within: 20) { lines.append(line) }
      #expect(lines.contains("arrow drag ended: copy"), "\(lines)")
      #expect(
        lines.contains {
          $0.hasPrefix("drop: offered com.raywenderlich.pointybug.tool.arrow; loaded an arrow (red) at ")
        },
        "\(lines)")
    }
  }
}
