// PointyBug in a GTK 4 window: the tutorial's bug report editor, its drops and drags through GTK
// with Apple's models (PasteboardGTK).
//
//   swift run pointybug-gtk
//
// The window's lower part, the editor, takes a screenshot (an image or an image file) and the
// arrow tool with a DropDelegate; its top strip, the toolbar, drags the arrow tool out (into the
// editor, or into any application that takes its MIME type). Each drop prints one line, the
// types offered and what was loaded, for whoever reads the log:
//
//   drop: offered public.file-url,public.png; loaded public.png 1204 bytes at 312,288
//   drop: offered com.raywenderlich.pointybug.tool.arrow; loaded an arrow (red) at 240,300
//   arrow drag ended: copy
import CSwiftUTIGTK
import Foundation
import Pasteboard
import PasteboardGTK
import TypeRegistry

// The arrow tool's type is declared in PointyBug's Info.plist (the root package's example).
let infoPlist = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("../../../../Examples/PointyBug/Info.plist").standardizedFileURL
do {
  try UTTypeRegistry.shared.register(contentsOf: infoPlist)
} catch {
  print("error: \(error)")
  exit(2)
}

/// Prints a line of the log at once.
func log(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let application = gtk_application_new("com.raywenderlich.pointybug.gtk", G_APPLICATION_DEFAULT_FLAGS)!
let activate: @convention(c) (UnsafeMutablePointer<GtkApplication>?, gpointer?) -> Void = { application, _ in
  MainActor.assumeIsolated { PointyBugWindow.open(in: application!) }
}
g_signal_connect_data(
  UnsafeMutableRawPointer(application), "activate", unsafeBitCast(activate, to: GCallback.self), nil, nil,
  GConnectFlags(rawValue: 0))
exit(g_application_run(UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self), 0, nil))
