import DesktopPasteboard
import Foundation
import Pasteboard
import TypeRegistry

struct FileDrop: DropDelegate {
  func performDrop(info: DropInfo) -> Bool {
    for provider in info.itemProviders(for: [.fileURL]) {
      _ = provider.loadObject(ofClass: URL.self) { url, _ in print("dropped", url?.path ?? "?") }
    }
    return true
  }
}
let window = try makeWindow(title: "Drop files here", width: 400, height: 300)  // X11 or Wayland
let surface = DropSurface()
surface.addTarget(DropTarget(frame: CGRect(x: 0, y: 0, width: 400, height: 300), of: [.fileURL], delegate: FileDrop()))
try window.acceptDrops(into: surface)
for await _ in window.buttonPresses {}  // until the window is closed
