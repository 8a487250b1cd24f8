import Foundation
import SystemPasteboard
import TestSupport
import Testing

/// An installed app's drop delegates see its own types: PointyBug's Info.plist exported and
/// installed (`utictl export freedesktop`, `update-mime-database`) into the app's
/// `$XDG_DATA_HOME`, then a `.pbarrow` file, which holds JSON, dragged from GTK as a file manager
/// drags it (`text/uri-list`) onto the screenshot in `pointybug --window`. The file is typed by
/// the app's rules (its declared extension, its installed type), so the editor's
/// `performDrop` sees `hasItemsConforming(to: [.arrowTool])` and adds a marker; typed by its
/// content (`public.json`) or by the database's derived name, the drop would be refused.
enum InstalledPointyBug {
  /// PointyBug's types installed as the README's install guide says, and an arrow file.
  static func install() throws -> (InstalledAppTypes, arrowFile: String) {
    let installed = try InstalledAppTypes(
      infoPlist: packageRoot.appendingPathComponent("Examples/PointyBug/Info.plist").path,
      appID: "com.raywenderlich.PointyBug")
    let arrow = try installed.file("marker.pbarrow", Array(#"{"tool": "arrow", "x": 200, "y": 150}"#.utf8))
    return (installed, arrow)
  }
}

extension DragAndDropTests {
  @Test func aFileOfTheInstalledAppsTypeDraggedFromGTKReachesItsDelegate() async throws {
    try Peers.gtk.orSkip()
    let server = try Self.server.orSkip()
    let (installed, arrowFile) = try InstalledPointyBug.install()
    let app = try server.start("/usr/bin/env", installed.environment + [try builtProduct("pointybug"), "--window"])
    defer { app.terminate() }
    let ready = try await Self.line(from: app) { $0.hasPrefix("window ") || $0.hasPrefix("error") }
    try #require(ready?.hasSuffix("drag the arrow from the toolbar") == true, "\(ready ?? "no line")")
    /// A drag from GTK's window (at 900, 0, right of ours) onto the editor's middle.
    func dragFromGTK(_ source: [String]) async throws -> XServer.Peer {
      let peer = try await Self.startGTK(["source", "900", "0"] + source)
      var script = "mousemove 1000 100 sleep 0.2 mousedown 1 sleep 0.2"
      for (x, y) in [(990, 105), (970, 110), (900, 200), (600, 400), (410, 500), (400, 500)] {
        script += " mousemove \(x) \(y) sleep 0.15"
      }
      try await Self.xdotool(script + " mouseup 1 sleep 0.2")
      return peer
    }
    let ladybug = packageRoot.appendingPathComponent("Examples/PointyBug/ladybug.png").path
    let image = try await dragFromGTK(["file", "image/png", ladybug])
    defer { image.terminate() }
    let loaded = try await Self.line(from: app) { $0.hasPrefix("image loaded") || $0.hasPrefix("image failed") }
    #expect(loaded?.hasPrefix("image loaded") == true, "\(loaded ?? "no line")")
    image.terminate()
    let file = try await dragFromGTK(["uris", FileList.fileURL(forPath: arrowFile)])
    defer { file.terminate() }
    let marker = try await Self.line(from: app) { $0.hasPrefix("performDrop") || $0.hasPrefix("dropExited") }
    #expect(marker?.hasPrefix("performDrop: arrow marker at") == true, "\(marker ?? "no line")")
    #expect(try await Self.line(from: file) { $0 == "end" || $0.hasPrefix("failed") } == "end")
  }
}

extension DragAndDropTests.WaylandWindowTests {
  @Test func aFileOfTheInstalledAppsTypeDraggedFromGTKReachesItsDelegateOnWayland() async throws {
    let (compositor, input, _) = try Self.desktop()
    let (installed, arrowFile) = try InstalledPointyBug.install()
    let app = try compositor.start(
      try builtProduct("pointybug"), ["--window", "--backend", "wayland"], environment: installed.environment)
    defer { app.terminate() }
    let ready = try await Self.line(from: app) { $0.hasPrefix("wayland window ") || $0.hasPrefix("error") }
    try #require(ready?.hasSuffix("drag the arrow from the toolbar") == true, "\(ready ?? "no line")")
    let ladybug = packageRoot.appendingPathComponent("Examples/PointyBug/ladybug.png").path
    let image = try await Self.startGTK(compositor, ["source", "0", "0", "file", "image/png", ladybug])
    defer { image.terminate() }
    let bug = try compositor.place(appID: "PointyBug", at: 0, 0)
    let source = try Self.gtkCentre(compositor)
    // The editor's middle (PointyBugScenario.editor is 0, 100, 800×800).
    try await pressDragRelease(input, through: [source, (bug.x + 400, bug.y + 500)])
    let loaded = try await Self.line(from: app) { $0.hasPrefix("image loaded") || $0.hasPrefix("image failed") }
    #expect(loaded?.hasPrefix("image loaded") == true, "\(loaded ?? "no line")")
    image.terminate()
    let file = try await Self.startGTK(compositor, ["source", "0", "0", "uris", FileList.fileURL(forPath: arrowFile)])
    defer { file.terminate() }
    let fileSource = try Self.gtkCentre(compositor)
    try await pressDragRelease(input, through: [fileSource, (bug.x + 400, bug.y + 500)])
    let marker = try await Self.line(from: app) { $0.hasPrefix("performDrop") || $0.hasPrefix("dropExited") }
    #expect(marker?.hasPrefix("performDrop: arrow marker at") == true, "\(marker ?? "no line")")
  }
}
