import Foundation
import TestSupport
import Testing
import UTIPlatform

@testable import SystemPasteboard
@testable import SystemPasteboardCore

/// The hand-over to the clipboard manager (`CLIPBOARD_MANAGER`, `SAVE_TARGETS`): served by the
/// loop between everything else, and ended, never hung, by a manager that refuses, hangs or dies.
extension SystemPasteboardTests {
  /// Starts `clipboard`'s hand-over on a thread of its own; the waiter has its outcome.
  static func handOverOnAThread(_ clipboard: SystemPasteboard) -> Waiter<Result<Bool, SystemPasteboardError>> {
    let outcome = Waiter<Result<Bool, SystemPasteboardError>>()
    let thread = WorkerThread {
      outcome.deliver(Result { () throws(SystemPasteboardError) in try clipboard.handOverToClipboardManager() })
    }
    thread?.detach()
    return outcome
  }

  /// A hand-over to the clipboard manager is served by the loop between everything else: while
  /// the manager waits for a slow representation, the same connection's other pasteboard copies
  /// (a command posted to the loop) and xclip reads that copy; then the slow load ends, the
  /// manager has every target, and the hand-over is confirmed.
  @Test func aHandOverHoldsUpNoOtherCommand() throws {
    let manager = try Self.startClipboardManager()
    defer { manager.terminate() }
    let slowItem = SlowItem(text: "slow text", html: "<b>at hand</b>")
    defer { slowItem.release.deliver(true) }
    let clipboard = try Self.pasteboard()
    try clipboard.setItems([slowItem.item])
    let handedOver = Self.handOverOnAThread(clipboard)
    #expect(eventually { slowItem.hasStarted }, "the manager asked for the slow representation")
    let primary = try Self.pasteboard(.primary)
    try primary.setItems([Self.text("copied meanwhile")])
    #expect(try Self.xclipOut(selection: "primary") == "copied meanwhile")
    #expect(!slowItem.hasFinished, "the copy and its paste came before the slow load ended")
    slowItem.release.deliver(true)
    #expect(try handedOver.wait(seconds: 60)?.get() == true, "the manager confirmed")
    let saved = manager.line()
    #expect(saved?.hasPrefix("saved ") == true && saved?.contains("(not:") == false, "\(saved ?? "no line")")
    #expect(try Self.xclipOut().stdoutText == "slow text", "the manager serves what it saved")
  }

  /// Without a manager the hand-over is false at once; a manager that refuses makes it false too,
  /// and the copy stays ours, served as before.
  @Test func aHandOverWithoutAManagerOrRefusedIsFalse() throws {
    try Self.server.orSkip()
    let clipboard = try Self.pasteboard()
    try clipboard.setItems([Self.text("kept")])
    #expect(try clipboard.handOverToClipboardManager() == false, "no manager runs")
    let manager = try Self.startClipboardManager("refuse")
    defer { manager.terminate() }
    #expect(try clipboard.handOverToClipboardManager() == false, "the manager refused")
    #expect(manager.line() == "refused")
    #expect(clipboard.ownsSelection)
    #expect(try Self.xclipOut().stdoutText == "kept")
  }

  /// A manager that never answers, or dies while it holds the hand-over, ends it as false after
  /// the pasteboard's timeout of silence; meanwhile and afterwards the copy is served.
  @Test func aManagerThatHangsOrDiesEndsTheHandOver() throws {
    try Self.server.orSkip()
    let clipboard = try Self.pasteboard(timeout: 1)
    try clipboard.setItems([Self.text("still ours")])
    let silent = try Self.startClipboardManager("silent")
    let handedOver = Self.handOverOnAThread(clipboard)
    #expect(silent.line() == "asked")
    #expect(try Self.xclipOut().stdoutText == "still ours", "served while the manager hangs")
    #expect(try handedOver.wait(seconds: 30)?.get() == false)
    silent.terminate()
    let dying = try Self.startClipboardManager("silent")
    let again = Self.handOverOnAThread(clipboard)
    #expect(dying.line() == "asked")
    dying.terminate()
    #expect(try again.wait(seconds: 30)?.get() == false)
    #expect(clipboard.ownsSelection)
    #expect(try Self.xclipOut().stdoutText == "still ours")
  }

  /// A pasteboard that owns before its connection's thread starts (as `utictl copy` owns before
  /// it forks) hands over on the calling thread, which serves the loop until the manager confirms.
  @Test func aHandOverBeforeTheLoopStartsIsServedByTheCaller() throws {
    let manager = try Self.startClipboardManager()
    defer { manager.terminate() }
    let clipboard = try Self.pasteboard()
    let items = [Self.text("owned before the fork")]
    #expect(try clipboard.setItemsBeforeFork(items, fileOperation: .copy, options: .init()))
    #expect(try clipboard.handOverToClipboardManager() == true, "the manager confirmed")
    let saved = manager.line()
    #expect(saved?.hasPrefix("saved ") == true && saved?.contains("(not:") == false, "\(saved ?? "no line")")
    #expect(try Self.xclipOut().stdoutText == "owned before the fork", "the manager serves what it saved")
  }
}
