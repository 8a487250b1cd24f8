import SystemPasteboardCore
import TypeRegistry
import UTIPlatform

/// An X server's selection as a pasteboard uses it: a ``Server``, one connection and its event
/// loop, that owns the selection, answers other applications' requests, follows the owner
/// (XFIXES) and reads the selection for this process (``SelectionRequestor``).
///
/// A server whose connection is lost is replaced at once where the X server is still there,
/// taking the selection back with the same items where nobody owns it, so that a copy is not
/// lost (another client killed ours, or the connection broke); the change is counted.
package final class X11Clipboard: PasteboardBackend, @unchecked Sendable {
  // Sendable: `running` is under its lock; the rest is `let`s of `Sendable` values.
  let display: X11Display
  let settings: PasteboardBackendSettings
  package let ownershipChanged = ChangeSignal()
  private let running = Locked<Server?>(nil)

  package init(display: X11Display, settings: PasteboardBackendSettings) {
    self.display = display
    self.settings = settings
  }

  deinit { close() }

  package var server: SystemPasteboard.Backend { .x11(display) }

  package var capabilities: PasteboardCapabilities {
    [.hearsOtherApplications, .ownsWithoutThreads, .handsOverAtExit, .replaceable]
  }

  /// Never set: a lost connection is replaced inside (see ``serverEnded(_:restoring:)``).
  package var failure: SystemPasteboardError? { nil }

  package var ownsSelection: Bool { running.withLock { $0?.ownsSelection ?? false } }

  /// The number of `INCR` transfers the owner is serving (for the tests).
  package var transferCount: Int { running.withLock { $0?.transferCount ?? 0 } }

  /// The window reads are made for, once a read made it (for the tests).
  package var readingWindow: UInt32? { running.withLock { $0?.readingWindow } }

  /// The connection the server is on, which the display's pasteboards share (for the tests).
  package var connectionID: ObjectIdentifier? { running.withLock { $0?.connectionID } }

  // MARK: Owning

  package func own(_ items: [SystemPasteboard.Item], fileOperation: FileList.Operation, ownership: Ownership)
    throws(SystemPasteboardError)
  {
    try runningServer().perform(.own(items, fileOperation, ownership))
  }

  package func disown() throws(SystemPasteboardError) {
    guard let server = running.withLock({ $0 }) else { return }
    try server.perform(.disown)
  }

  package func clear() throws(SystemPasteboardError) {
    try runningServer().perform(.clear)
  }

  package func watch() throws(SystemPasteboardError) {
    _ = try runningServer()
  }

  package func startServing() throws(SystemPasteboardError) {
    try running.withLock { $0 }?.startLoop()
  }

  package func handOverToClipboardManager() throws(SystemPasteboardError) -> Bool {
    guard let server = running.withLock({ $0 }), server.ownsSelection else { return false }
    return try server.handOver()
  }

  package func close() {
    running.withLock { $0 = nil }
  }

  /// The server of this selection's connection: the running one, or a new one (on a new
  /// connection) when there is none or the last one's connection was lost.
  private func runningServer() throws(SystemPasteboardError) -> Server {
    if let server = running.withLock({ $0 }), server.failure == nil { return server }
    let server = try Server(clipboard: self, startingLoop: !settings.threadsDeferred())
    return running.withLock { current in
      if let existing = current, existing.failure == nil { return existing }
      current = server
      return server
    }
  }

  /// A server's connection was lost: the next call makes a new one. Where the X server is still
  /// there a new connection is made at once, and with `restoring` (what we owned) the selection
  /// is taken back if nobody owns it now; ``SystemPasteboard/changes`` counts the reconnection.
  func serverEnded(
    _ server: Server,
    restoring owned: (items: [SystemPasteboard.Item], operation: FileList.Operation, ownership: Ownership)?
  ) {
    guard running.withLock({ $0 === server }), let replacement = try? runningServer() else { return }
    if let owned { _ = try? replacement.perform(.restore(owned.items, owned.operation, owned.ownership)) }
    settings.onChange()
  }

  // MARK: Reading

  package func targets() throws(SystemPasteboardError) -> [String] {
    try runningServer().targets(timeout: settings.timeout)
  }

  package func read(_ target: String, into sink: ([UInt8]) throws(SystemPasteboardError) -> Void)
    throws(SystemPasteboardError)
  {
    _ = try runningServer().convert(target, timeout: settings.timeout, into: sink)
  }
}
