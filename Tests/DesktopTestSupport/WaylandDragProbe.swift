import SystemPasteboard
import UTIPlatform

/// A minimal Wayland drag source for measuring a target's answer: a small window of its own
/// whose press (by a virtual pointer) starts a drag of `text/plain`, then motions one at a time,
/// each waiting for the `wl_data_source.target` event the target's `accept` causes.
///
/// `utibench` times our window's answer with it, and GTK's beside it.
package final class WaylandDragProbe: @unchecked Sendable {
  /// The probe's window (its app id is `swift-uti-probe`).
  package let window: WaylandToplevel
  private let input: WaylandVirtualInput
  private let answers = Locked<(waiter: Waiter<String?>?, pressed: Waiter<UInt32>?)>((nil, nil))

  /// A probe window of 100 × 100 on `display`, moved by `input`.
  /// - Throws: ``SystemPasteboardError`` when the window cannot be made.
  package init(display: WaylandDisplay, input: WaylandVirtualInput, timeout: Double = 5) throws(SystemPasteboardError) {
    window = try WaylandToplevel(
      display: display, title: "utibench probe", appID: "swift-uti-probe", width: 100, height: 100, timeout: timeout)
    self.input = input
    let answers = answers
    window.onPress { press in answers.withLock { $0.pressed }?.deliver(press.serial) }
  }

  deinit { window.close() }

  /// Presses the button at (`x`, `y`) on the output (inside the probe's window) and starts the drag.
  /// - Throws: ``SystemPasteboardError`` (`.timeout`) when the press does not reach the window.
  package func start(at x: Double, _ y: Double) throws(SystemPasteboardError) {
    let pressed = Waiter<UInt32>()
    answers.withLock { $0.pressed = pressed }
    try input.move(to: x, y)
    try input.button(pressed: true)
    guard let serial = pressed.wait(seconds: window.timeout) else {
      throw SystemPasteboardError(.timeout, "the probe's press did not reach its window")
    }
    let answers = answers
    try window.startDrag(
      mimeTypes: ["text/plain"], actions: .copy, serial: serial, serve: { _ in Payload([]) },
      events: { event in
        if case .target(let mimeType) = event { answers.withLock { $0.waiter }?.deliver(mimeType) }
      })
  }

  /// Moves the drag to (`x`, `y`) on the output and waits for the target's answer: whether it
  /// accepts (names a MIME type).
  /// - Throws: ``SystemPasteboardError`` (`.timeout`) when no answer comes.
  package func position(_ x: Double, _ y: Double) throws(SystemPasteboardError) -> Bool {
    let waiter = Waiter<String?>()
    answers.withLock { $0.waiter = waiter }
    try input.move(to: x, y, sync: false)
    guard let answer = waiter.wait(seconds: window.timeout) else {
      throw SystemPasteboardError(.timeout, "no accept came from the target")
    }
    return answer != nil
  }

  /// Ends the drag: the pointer back over the probe's window, released there.
  package func end(at x: Double, _ y: Double) throws(SystemPasteboardError) {
    try input.move(to: x, y)
    try input.button(pressed: false)
  }
}
