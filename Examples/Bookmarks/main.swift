import DesktopPasteboard
import Foundation
import Pasteboard
import TypeRegistry

// Bookmarks, an AppKit-style app on Linux: its code is what a Mac browser's bookmarks bar does
// with NSPasteboard, NSPasteboardWriting/Reading and NSDraggingDestination.
//
//   bookmarks                      the headless tour: copy and paste, then a drag onto the bar
//   bookmarks --copy URL [TITLE]   copies a bookmark to the desktop's clipboard, serving it until
//                                  another application copies
//   bookmarks --paste              prints what the desktop's clipboard holds, read as objects
//   bookmarks --window             the bar in a window (--backend x11|wayland): drops in;
//                                  a press drags a bookmark out, a right press a promised file

/// Writes a line at once, for whoever reads the log.
let log: @Sendable (String) -> Void = { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) }
let arguments = Array(CommandLine.arguments.dropFirst())

/// The value after `option`, if any.
func value(of option: String) -> String? {
  arguments.firstIndex(of: option).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}

do {
  // The bookmark's type, declared as an app declares it (with a MIME type, so that other
  // applications on the desktop see it under that name).
  let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  try UTTypeRegistry.shared.register(contentsOf: directory.appendingPathComponent("Info.plist"))
  if let index = arguments.firstIndex(of: "--copy"), index + 1 < arguments.count,
    let url = URL(string: arguments[index + 1])
  {
    let title = index + 2 < arguments.count ? arguments[index + 2] : url.host ?? url.absoluteString
    try copy(Bookmark(url: url, title: title))
  } else if arguments.contains("--paste") {
    exit(try paste() ? 0 : 1)
  } else if arguments.contains("--window") {
    let backend = try value(of: "--backend").map(SystemPasteboard.Backend.named)
    let window = try BookmarksWindow(backend: backend, log: log)
    await window.run()
  } else {
    tour()
  }
} catch {
  log("error: \(error)")
  exit(2)
}

/// Copies `bookmark` to the desktop's clipboard and serves it until another application copies.
func copy(_ bookmark: Bookmark) throws {
  try NSPasteboard.general.bind(to: .clipboard)
  bookmark.onProvide = { log("provided \($0.rawValue)") }
  NSPasteboard.general.clearContents()
  NSPasteboard.general.writeObjects([bookmark])
  log("copied \(bookmark): \(NSPasteboard.general.types?.map(\.rawValue).joined(separator: ", ") ?? "")")
  SystemPasteboard.clipboard.waitUntilOwnershipEnds()
  log("another application copied")
}

/// Prints what the desktop's clipboard holds, as bookmarks, URLs or text; false when nothing.
func paste() throws -> Bool {
  try NSPasteboard.general.bind(to: .clipboard)
  let objects = NSPasteboard.general.readObjects(forClasses: [Bookmark.self, NSString.self]) ?? []
  for object in objects {
    switch object {
    case let bookmark as Bookmark: log("bookmark: \(bookmark)")
    case let text as String: log("text: \(text)")
    default: log("object: \(object)")
    }
  }
  return !objects.isEmpty
}

/// The headless tour: a bookmark copied and pasted, then dragged onto the bar.
@MainActor
func tour() {
  let swift = Bookmark(url: URL(string: "https://swift.org")!, title: "Swift")
  let pasteboard = NSPasteboard.withUniqueName()
  print("1. Copy a bookmark: its writer lists \(swift.writableTypes(for: pasteboard).map(\.rawValue))")
  pasteboard.clearContents()
  pasteboard.writeObjects([swift])
  print("   pasteboard types: \(pasteboard.types?.map(\.rawValue) ?? [])")
  print("   read as bookmarks: \(pasteboard.readObjects(forClasses: [Bookmark.self]) ?? [])")
  print("   read as text: \(pasteboard.string(forType: .string) ?? "none")")

  print("\n2. Drag it onto the bookmarks bar.")
  let surface = DropSurface()
  let bar = BookmarksBar { print("   \($0)") }
  surface.register(bar, forDraggedTypes: BookmarksBar.draggedTypes, in: CGRect(x: 0, y: 0, width: 600, height: 40))
  let source = TourSource()
  surface.beginDraggingSession(
    with: [NSDraggingItem(pasteboardWriter: swift)], at: NSPoint(x: 300, y: 200), source: source)
  surface.move(to: CGPoint(x: 300, y: 100))
  surface.move(to: CGPoint(x: 120, y: 20))
  surface.end(at: CGPoint(x: 120, y: 20))
  print("\nThe bar: \(bar.bookmarks.map(\.description))")
}

/// The tour's drag source: copies within and outside the application.
@MainActor
final class TourSource: NSObject, NSDraggingSource {
  func draggingSession(_ session: NSDraggingSession, sourceOperationMaskFor context: NSDraggingContext)
    -> NSDragOperation
  { .copy }

  func draggingSession(_ session: NSDraggingSession, endedAt screenPoint: NSPoint, operation: NSDragOperation) {
    print("   source told: \(describe(operation))")
  }
}
