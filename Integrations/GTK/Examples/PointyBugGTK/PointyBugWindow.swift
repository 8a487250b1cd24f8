import CSwiftUTIGTK
import Foundation
import Pasteboard
import PasteboardGTK
import TypeRegistry

extension UTType {
  /// The arrow tool PointyBug exports (declared in PointyBug's Info.plist).
  static let arrowTool = UTType(exportedAs: "com.raywenderlich.pointybug.tool.arrow")
}

/// The arrow tool, dragged from the toolbar onto the screenshot.
struct ArrowTool: Codable, Transferable {
  var color = "red"

  static var transferRepresentation: some TransferRepresentation {
    CodableRepresentation(contentType: .arrowTool)
  }
}

/// The window: a toolbar strip that drags the arrow, over the editor that takes drops.
@MainActor
enum PointyBugWindow {
  static func open(in application: UnsafeMutablePointer<GtkApplication>) {
    let window = gtk_application_window_new(application)!
    let asWindow = window.withMemoryRebound(to: GtkWindow.self, capacity: 1) { $0 }
    gtk_window_set_title(asWindow, "PointyBug")
    gtk_window_set_default_size(asWindow, 640, 480)
    let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    let toolbar = gtk_label_new("Drag the arrow from here")!
    let editor = gtk_label_new("Drop a screenshot, then the arrow, here")!
    gtk_widget_set_size_request(toolbar, -1, 80)
    gtk_widget_set_vexpand(editor, 1)
    for part in [toolbar, editor] { gtk_box_append(box.withMemoryRebound(to: GtkBox.self, capacity: 1) { $0 }, part) }
    gtk_window_set_child(asWindow, box)

    // SwiftUI's modifiers, on GTK's widgets: what drags, and what takes drops.
    GTKWidget(toolbar).dragSource { _ in
      .draggable(ArrowTool(), allowedOperations: [.copy]) { log("arrow drag ended: \($0)") }
    }
    GTKWidget(editor).onDrop(of: [.image, .arrowTool], delegate: EditorDrop())
    gtk_window_present(asWindow)
    log("ready")
  }
}

/// The editor's delegate: a screenshot or the arrow tool, loaded and told.
struct EditorDrop: DropDelegate {
  func validateDrop(info: DropInfo) -> Bool {
    info.hasItemsConforming(to: [.image, .arrowTool])
  }

  func performDrop(info: DropInfo) -> Bool {
    let providers = info.itemProviders(for: [.image, .arrowTool])
    let offered = providers.flatMap(\.registeredContentTypes).map(\.identifier).joined(separator: ",")
    let at = "\(Int(info.location.x)),\(Int(info.location.y))"
    for provider in providers {
      if provider.registeredContentTypes.contains(where: { $0.conforms(to: .arrowTool) }) {
        // Started here, inside performDrop, as drops require (a load started later is refused).
        _ = provider.loadTransferable(type: ArrowTool.self) { result in
          let arrow = try? result.get()
          log("drop: offered \(offered); loaded \(arrow.map { "an arrow (\($0.color))" } ?? "nothing") at \(at)")
        }
      } else if let image = provider.registeredContentTypes.first(where: { $0.conforms(to: .image) }) {
        _ = provider.loadDataRepresentation(for: image) { data, error in
          log(
            "drop: offered \(offered); loaded \(data.map { "\(image.identifier) \($0.count) bytes" } ?? "\(error.map { "\($0)" } ?? "nothing")") at \(at)"
          )
        }
      }
    }
    return !providers.isEmpty
  }
}
