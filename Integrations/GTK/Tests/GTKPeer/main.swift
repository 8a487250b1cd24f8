// A GTK 4 application of ours, driven from the tests: the adapter's side of every transfer.
//
//   gtk-peer drop TYPE...             a 400×400 window whose widget takes TYPEs with a DropDelegate
//   gtk-peer drag ITEM... [--image PNG | --image-color RRGGBB]   a 200×200 window whose widget
//                                     drags the items, under that image (hot spot (4, 4))
//   gtk-peer copy ITEM... [--sensitive] [--limit N] [--expire SECONDS]   copies the items
//   gtk-peer paste TYPE               prints what the clipboard has that conforms to TYPE
//   gtk-peer plain-drop               a 400×400 window whose widget takes image/png with GTK alone
//                                     (GtkDropTargetAsync, the bytes read into memory): gtkbench's peer
//   gtk-peer local                    a 400×400 window: its left half drags text and a type of
//                                     this process's own to its right half, which takes them
//
// A copy or a paste happens at the first press in the window (a Wayland client copies and pastes
// with the serial of its latest input, as a user's click gives).
//
// ITEM: text:STRING, file:PATH, promise:NAME:BYTES, types:COUNT:BYTES (COUNT types of BYTES
// each), slow:SECONDS (the loaders wait first), fail (the loaders fail), moves (a drag allows
// a move outside the application).
//
// It prints "ready" once its window is mapped, "pointer X Y W H" (and the widget's size) at each pointer motion over its
// widget until stdin says "untrack" (where the window is on the screen, for compositors that do
// not say), then one line per event; each line is flushed. It exits after 90 s, or when stdin says "quit"; "memory"
// on stdin makes it say "vmhwm KB", its peak resident memory.
import CSwiftUTIGTK
import Foundation
import Pasteboard
import PasteboardGTK
import TypeRegistry

let arguments = Array(CommandLine.arguments.dropFirst())
guard let mode = arguments.first else {
  FileHandle.standardError.write(Data("usage: gtk-peer drop|drag|copy|paste …\n".utf8))
  exit(2)
}
// The app id (Wayland) and class (X11) tell two peers apart: gtk-peer-drop, gtk-peer-drag …
g_set_prgname("gtk-peer-\(mode)")
gtk_init()
let loop = g_main_loop_new(nil, 0)!
let window = PeerWindow(
  title: "gtk-peer \(mode)", size: ["drop", "local", "plain-drop"].contains(mode) ? 400 : 200, split: mode == "local")
let rest = Array(arguments.dropFirst())
switch mode {
case "drop":
  DropPeer.window = window.window
  DropPeer.start(on: window.area, types: rest)
case "local": LocalPeer.start(in: window)
case "plain-drop": PlainDropPeer.start(on: window.label)
case "drag": DragPeer.start(on: window.area, arguments: rest)
case "copy": ClipboardPeer.atFirstPress(window) { ClipboardPeer.copy(rest) }
case "paste": ClipboardPeer.atFirstPress(window) { ClipboardPeer.paste(rest.first ?? "public.plain-text") }
default:
  FileHandle.standardError.write(Data("gtk-peer: unknown mode \(mode)\n".utf8))
  exit(2)
}
window.show { say("ready") }
Peer.quitOnInput(loop)
g_timeout_add_seconds(90, { _ in exit(0) }, nil)
g_main_loop_run(loop)
