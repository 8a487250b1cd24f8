import DesktopPasteboard
import Foundation
import Pasteboard
import TypeRegistry

// DragSource: a small window to drag files or text from, to try a drop target with (a window
// of yours, a file manager, a browser). Press anywhere in the window and move: the drag starts
// at the press and carries every file named (each as its bytes under its type, and as its file
// URL, which a file manager takes), or the text.
//
//   drag-source FILE...                 drags the files
//   drag-source --text "Hello"          drags text
//   drag-source --backend x11|wayland   chooses the desktop (default: the environment's)

let arguments = Array(CommandLine.arguments.dropFirst())
/// Writes a line at once, for whoever reads the log.
let say: @Sendable (String) -> Void = { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) }

/// The value after `option`, if any.
func value(of option: String) -> String? {
  arguments.firstIndex(of: option).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}

/// What each drag carries: the text given, else one provider per file.
func providers() -> [NSItemProvider] {
  if let text = value(of: "--text") { return [NSItemProvider(object: text as NSString)] }
  var skip = false
  var files: [NSItemProvider] = []
  for argument in arguments {
    if skip {
      skip = false
    } else if argument == "--backend" {
      skip = true
    } else if let provider = NSItemProvider(contentsOf: URL(fileURLWithPath: argument)) {
      // The file's bytes under its type, then its URL: a file manager takes the file itself.
      provider.registerObject(URL(fileURLWithPath: argument) as NSURL, visibility: .all)
      files.append(provider)
    } else {
      say("drag-source: '\(argument)' cannot be read; left out")
    }
  }
  return files
}

do {
  let items = providers()
  guard !items.isEmpty else {
    say("usage: drag-source FILE... | --text TEXT  [--backend x11|wayland]")
    exit(2)
  }
  let backend = try value(of: "--backend").map(SystemPasteboard.Backend.named)
  let window = try makeWindow(title: "Drag from here", width: 320, height: 200, backend: backend)
  say("press in the window and drag to a target; close the window to quit")
  for await _ in window.buttonPresses {
    let session = DragSession(items: providers(), allowedOperations: [.copy, .move]) { operation in
      say("drag ended: \(operation)")
    }
    do { try window.beginDrag(session) } catch { say("drag-source: \(error)") }
  }
} catch {
  say("drag-source: \(error)")
  exit(1)
}
