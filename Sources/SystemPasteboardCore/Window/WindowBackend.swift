/// A window of ours on the desktop, whatever the backend: what DesktopPasteboard's windows (the
/// bridge to `DropSurface` and `DragSession`) program against, so that they import no wire.
///
/// Conformers: ``XdndWindow`` (X11: XDND on the window's own connection) and
/// ``WaylandToplevel`` (Wayland: the seat's `wl_data_device`). Each runs its events on one loop,
/// of its own or driven by its caller (``readyDescriptors``, ``serveReady()``), and calls the
/// handlers there: a handler must not wait for another thread. Answers (``answer(_:taking:quiet:)``,
/// ``finish(_:with:)``) may come from any thread, later: both protocols let a target answer a
/// position or a drop when it is ready. Both backends write them from the window's loop (an
/// answer made elsewhere is posted there, in order), as ``PasteboardBackend``'s threading
/// contract says.
///
/// ```
/// other application's drag ──► entered(n) ─► moved(n)… ─► dropped(n) | left(n)
///                                  │             │             │
///            read(target, of: n) ◄─┘ answer(n) ◄─┘  finish(n) ◄─┘
/// ```
package protocol WindowBackend: AnyObject, Sendable {
  /// Takes the drags other applications bring over the window: their events go to `handler`
  /// (on the window's loop), until another handler replaces it or the window closes.
  /// - Throws: ``SystemPasteboardError`` when the window is gone or its connection failed.
  func acceptDrops(_ handler: @escaping @Sendable (WindowDragEvent) -> Void) throws(SystemPasteboardError)

  /// Answers drag `number`'s latest position: the actions the window would take there (empty:
  /// it takes nothing) and the rectangle, in window coordinates, where the answer holds (nil:
  /// none). An answer for a drag no longer over the window is dropped.
  func answer(_ number: Int, taking actions: DragActions, quiet: WindowRectangle?)

  /// Whether answers carry a quiet rectangle (XDND's `XdndStatus` does; Wayland's `accept`
  /// has none, so it is not worked out there).
  var answersWithQuietRectangle: Bool { get }

  /// The bytes drag `number`'s source gives for `target`, read on the calling thread (off the
  /// window's loop: the source may be this very window). Before the drop, only a file list is
  /// read (its files are the drag's types); after it, what the drop's loads ask for.
  /// - Throws: ``SystemPasteboardError`` when the source refuses, stalls or is gone.
  func read(_ target: String, of number: Int) throws(SystemPasteboardError) -> [UInt8]

  /// The file drag `number`'s source promises (X11's XdndDirectSave: `targets` holds
  /// `XdndDirectSave0`): its name, and the target that stands for the promise (no data of its
  /// own), read on the calling thread; nil when it promises none (and on Wayland, which has no
  /// such protocol).
  func promisedFile(of number: Int, targets: [String]) -> (name: String, target: String)?

  /// Has drag `number`'s source write the file it promises at `path` (a free name in a folder
  /// that exists), on the calling thread; returns the paths of what it wrote once they are
  /// there: `path` first where the source wrote the file it named, and what else it wrote beside
  /// it under their own names (an archive manager names a placeholder and writes its members).
  /// A drop that promised a file waits for its reception before its source hears it is done.
  /// - Throws: ``SystemPasteboardError`` when the source cannot write it, or promised nothing.
  @discardableResult
  func receivePromisedFiles(of number: Int, at path: String) throws(SystemPasteboardError) -> [String]

  /// Tells dropped drag `number`'s source that the drop is done, with the action performed
  /// (empty: the drop failed or was refused). Once per drop; later calls are dropped.
  func finish(_ number: Int, with action: DragActions)

  /// Starts dragging `items` from the window (from the pointer on X11, from the latest press on
  /// Wayland), allowing `allowed`, showing `icon` under the pointer until the drag ends; `ended`
  /// hears, once and on the window's loop, the action a target performed (empty: cancelled or
  /// refused).
  /// - Throws: ``SystemPasteboardError`` when a drag is already running, no press started it,
  ///   or the pointer cannot be grabbed.
  func startDrag(
    _ items: [SystemPasteboard.Item], allowed: DragActions, icon: DragIcon?,
    ended: @escaping @Sendable (DragActions) -> Void
  ) throws(SystemPasteboardError)

  /// Calls `handler` with each press of a pointer button in the window (replacing the one before).
  func onPress(_ handler: @escaping @Sendable (WindowPress) -> Void)
  /// Calls `handler` when the window manager or compositor asks the window to close, and (on X11)
  /// when the window's loop ends: no press comes after it.
  func onClose(_ handler: @escaping @Sendable () -> Void)
  /// Whether the window manager or compositor asked the window to close.
  var closeRequested: Bool { get }

  /// For a window driven by its caller: the descriptors whose readiness calls for ``serveReady()``.
  var readyDescriptors: [Int32] { get }
  /// For a window driven by its caller: handles what arrived and the loop's tasks that are due;
  /// false once the window's loop ended.
  func serveReady() -> Bool
  /// For a window driven by its caller: when (`MonotonicClock`) its loop's next scheduled task is
  /// due (`.max`: none), at which the driver calls ``serveReady()`` again.
  var nextTaskDeadline: UInt64 { get }
  /// Why the window's loop ended, once it has.
  var failure: SystemPasteboardError? { get }
  /// Closes the window (destroying it where this process made it) and ends its loop.
  func close()
}

extension WindowBackend {
  /// No promised files: a backend without a protocol for them.
  package func promisedFile(of number: Int, targets: [String]) -> (name: String, target: String)? { nil }

  /// No promised files: a backend without a protocol for them.
  package func receivePromisedFiles(of number: Int, at path: String) throws(SystemPasteboardError) -> [String] {
    throw SystemPasteboardError(.request, "the drag's source promises no file")
  }
}

/// What another application's drag over one of our windows does, numbered per window.
package enum WindowDragEvent: Sendable, Equatable {
  /// Drag `number` came in at (`x`, `y`) (window coordinates) offering `targets` (MIME types
  /// or X11 target names, in the source's order); `source` names the application for the
  /// model's origin, `width` × `height` is the window's size then.
  case entered(number: Int, targets: [String], source: String, width: Double, height: Double)
  /// The pointer is at (`x`, `y`), the source allowing `allowed`: answer it
  /// (``WindowBackend/answer(_:taking:quiet:)``), now or once ready.
  case moved(number: Int, x: Double, y: Double, allowed: DragActions)
  /// The drag left the window, was cancelled, or its source went away.
  case left(number: Int)
  /// The drag was dropped at its latest position: finish it (``WindowBackend/finish(_:with:)``)
  /// once its loads are done.
  case dropped(number: Int)
}

/// A press of a pointer button in one of our windows.
package struct WindowPress: Sendable, Equatable {
  /// Where, in window coordinates.
  package var x: Double
  package var y: Double
  /// Which button: 1 left, 2 middle, 3 right (X11's numbers; Wayland's `BTN_` codes are mapped).
  package var button: Int
  /// The input serial Wayland asks of a drag or a selection the press causes (0 on X11).
  package var serial: UInt32

  package init(x: Double, y: Double, button: Int, serial: UInt32 = 0) {
    (self.x, self.y, self.button, self.serial) = (x, y, button, serial)
  }

  /// X11's number for a Linux input button code (`linux/input-event-codes.h`: `BTN_LEFT`,
  /// `BTN_RIGHT`, `BTN_MIDDLE`); other codes are kept.
  package static func button(linuxCode code: UInt32) -> Int {
    // Linux's codes, which no protocol's XML gives (Wayland's pointer passes them through).
    [0x110: 1, 0x111: 3, 0x112: 2][code] ?? Int(code)  // data, not wire: BTN_LEFT, BTN_RIGHT, BTN_MIDDLE
  }
}

/// A rectangle in window coordinates.
package struct WindowRectangle: Sendable, Equatable {
  package var x, y, width, height: Double

  package init(x: Double, y: Double, width: Double, height: Double) {
    (self.x, self.y, self.width, self.height) = (x, y, width, height)
  }
}
