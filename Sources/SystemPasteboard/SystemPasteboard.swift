import Foundation
import Pasteboard
import TypeRegistry
import UTIPlatform

/// The desktop's clipboard (the X11 `CLIPBOARD` selection) or primary selection, shared with
/// every other application, with item providers and `UTType`s on our side.
///
/// Writing makes this process the selection's owner: other applications see each
/// representation's MIME types and X11's text and file conventions as targets, and a
/// representation's load handler runs only when one of them asks. Reading gives item providers
/// whose types are the owner's targets as `UTType`s, so a paste asks by conformance:
///
/// ```swift
/// let clipboard = SystemPasteboard.clipboard
/// try clipboard.setItemProviders([NSItemProvider(object: "Hello" as NSString)])
/// // xclip -o -selection clipboard  →  Hello
/// let pasted = try clipboard.itemProviders()
/// let image = try await pasted.first?.loadDataRepresentation(for: .image)   // image/png from a browser
/// ```
///
/// Apple's counterparts are `UIPasteboard.general` and `NSPasteboard.general`. Every operation
/// has a deadline (``timeout``): no display, a server that stalls, an owner that never answers
/// give ``X11Error``, never a hang.
public final class SystemPasteboard: Sendable {
  /// Which X11 selection.
  public enum Selection: String, Sendable, CaseIterable {
    /// `CLIPBOARD`: explicit copy and paste.
    case clipboard = "CLIPBOARD"
    /// `PRIMARY`: the current text selection, pasted with the middle button.
    case primary = "PRIMARY"
  }

  /// The clipboard of `$DISPLAY`.
  public static let clipboard = SystemPasteboard(selection: .clipboard)
  /// The primary selection of `$DISPLAY`.
  public static let primary = SystemPasteboard(selection: .primary)

  /// The selection.
  public let selection: Selection
  /// The display; nil for `$DISPLAY`.
  public let display: X11Display?
  /// How long any one exchange with the server or another application may take, in seconds.
  public let timeout: Double

  private let state = Locked(State())

  struct State {
    var server: Server?
    var changeCount = 0
    var observers: [Int: AsyncStream<Int>.Continuation] = [:]
    var nextObserver = 0
  }

  /// A pasteboard for `selection` on `display` (default `$DISPLAY`).
  public init(selection: Selection, display: X11Display? = nil, timeout: Double = 5) {
    self.selection = selection
    self.display = display
    self.timeout = timeout
  }

  // MARK: Writing

  /// Makes this process the selection's owner with `itemProviders` (the first one's
  /// representations are offered, as X11 selections hold one item); returns once the server
  /// confirms the ownership. Apple's counterpart: `UIPasteboard.itemProviders`'s setter.
  /// - Throws: ``X11Error`` when there is no display or another client keeps the selection.
  public func setItemProviders(_ itemProviders: [ItemProvider]) throws(X11Error) {
    let server = try runningServer()
    try server.perform(.own(itemProviders))
    selectionChanged()
  }

  /// Whether this process owns the selection now.
  public var ownsSelection: Bool { state.withLock { $0.server?.ownsSelection ?? false } }

  /// Gives the selection up (if this process owns it).
  public func clearContents() throws(X11Error) {
    guard let server = state.withLock({ $0.server }) else { return }
    try server.perform(.disown)
  }

  /// Hands the selection's data to the clipboard manager (`CLIPBOARD_MANAGER`, `SAVE_TARGETS`),
  /// as GTK applications do at exit, so that a copy survives this process; false when no
  /// manager runs or it did not confirm within ``timeout``. A process that exits normally
  /// (`exit`, returning from `main`) does this for the clipboard by itself.
  public func handOverToClipboardManager() throws(X11Error) -> Bool {
    guard let server = state.withLock({ $0.server }), server.ownsSelection else { return false }
    return try server.perform(.handOver)
  }

  /// Blocks until this process no longer owns the selection (another application took it).
  public func waitUntilOwnershipEnds() {
    guard let server = state.withLock({ $0.server }) else { return }
    server.waitUntilOwnershipEnds()
  }

  /// The number of times the selection changed owner since this pasteboard first watched it
  /// (X11's XFIXES selection events, and this process's own writes). Apple's counterpart:
  /// `UIPasteboard.changeCount`.
  public var changeCount: Int {
    _ = try? runningServer()
    return state.withLock { $0.changeCount }
  }

  /// The server of this pasteboard's connection: the running one, or a new one (on a new
  /// connection) when there is none or the last one's connection was lost.
  private func runningServer() throws(X11Error) -> Server {
    if let server = state.withLock({ $0.server }), server.failure == nil { return server }
    let server = try Server(pasteboard: self)
    let running = state.withLock { current in
      if let existing = current.server, existing.failure == nil { return existing }
      current.server = server
      return server
    }
    Self.handOverAtExit(self)
    return running
  }

  /// A server's connection was lost: the next call makes a new one. Where the server is still
  /// there (another client killed ours, or the connection broke) a new connection is made at once,
  /// and with `restoring` (what we owned) the selection is taken back if nobody owns it now, so
  /// that a copy is not lost; ``changes`` counts the reconnection as a change.
  func serverEnded(_ server: Server, restoring providers: [ItemProvider]?) {
    guard state.withLock({ $0.server === server }), let replacement = try? runningServer() else { return }
    if let providers { _ = try? replacement.perform(.restore(providers)) }
    selectionChanged()
  }

  /// The number of `INCR` transfers the owner is serving (for the tests).
  var transferCount: Int { state.withLock { $0.server?.transferCount ?? 0 } }

  /// Pasteboards that may own a selection when the process exits.
  private static let owners = Locked<[SystemPasteboard]>([])

  /// At exit, each pasteboard that still owns its `CLIPBOARD` hands the data to the clipboard
  /// manager, as GTK applications do, so that a copy survives the process where a manager runs.
  private static func handOverAtExit(_ pasteboard: SystemPasteboard) {
    let first = owners.withLock { list -> Bool in
      defer { list.append(pasteboard) }
      return list.isEmpty
    }
    guard first else { return }
    atexit {
      for pasteboard in SystemPasteboard.owners.withLock({ $0 }) where pasteboard.selection == .clipboard {
        _ = try? pasteboard.handOverToClipboardManager()
      }
    }
  }

  /// The change counts, starting with the current one, as the selection changes owner (another
  /// application's copy, or this process's). The stream ends when the consumer stops iterating.
  /// Apple's counterpart is `UIPasteboard.changedNotification`; `Pasteboard.changes` is the
  /// in-process pasteboard's.
  public var changes: AsyncStream<Int> {
    _ = try? runningServer()
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(64))
    let id = state.withLock { state -> Int in
      let id = state.nextObserver
      state.nextObserver += 1
      state.observers[id] = continuation
      continuation.yield(state.changeCount)
      return id
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.state.withLock { $0.observers.removeValue(forKey: id) }
    }
    return stream
  }

  func selectionChanged() {
    state.withLock { state in
      state.changeCount += 1
      for continuation in state.observers.values { continuation.yield(state.changeCount) }
    }
  }

  // MARK: Reading

  /// The owner's targets, in its order, each with the `UTType` it stands for (targets that carry
  /// no item data, such as `TARGETS`, left out).
  /// - Throws: ``X11Error``: `.noOwner` when nothing owns the selection.
  public func targets() throws(X11Error) -> [(type: UTType, target: String)] {
    let connection = try X11Connection(display: display, timeout: timeout)
    let reader = try SelectionReader(connection: connection, selection: selection.rawValue)
    let registry = UTTypeRegistry.shared.current
    return try reader.targets().compactMap { target in
      SelectionTargets.type(ofTarget: target, registry: registry).map { ($0, target) }
    }
  }

  /// The selection as item providers (one, as X11 selections hold one item) whose registered
  /// types are the owner's targets as `UTType`s, in the owner's order; each load converts the
  /// selection then, on a connection of its own. Empty when nothing owns the selection.
  /// Apple's counterpart: `UIPasteboard.itemProviders`.
  public func itemProviders() throws(X11Error) -> [ItemProvider] {
    let targets: [(type: UTType, target: String)]
    do {
      targets = try self.targets()
    } catch  where error.code == .noOwner {
      return []
    }
    let provider = ItemProvider()
    var seen = Set<UTType>()
    for (type, target) in targets where seen.insert(type).inserted {
      provider.registerDataRepresentation(for: type) { [self] completion in
        // A detached thread of its own: the conversion blocks on the X server and another
        // application, never on the caller's thread or the cooperative pool.
        Thread.detachNewThread {
          do {
            completion(try self.data(forTarget: target), nil)
          } catch {
            completion(nil, error)
          }
        }
        return nil
      }
    }
    return [provider]
  }

  /// The data of the owner's first target whose type conforms to `type`, with that type and
  /// target, on one connection; nil when nothing conforms.
  ///
  /// ```swift
  /// let image = try SystemPasteboard.clipboard.data(conformingTo: .image)   // image/png from GTK
  /// ```
  /// - Throws: ``X11Error``: `.noOwner` when nothing owns the selection.
  public func data(conformingTo type: UTType) throws(X11Error) -> (type: UTType, target: String, data: Data)? {
    let connection = try X11Connection(display: display, timeout: timeout)
    let reader = try SelectionReader(connection: connection, selection: selection.rawValue)
    let registry = UTTypeRegistry.shared.current
    for target in try reader.targets() {
      guard let targetType = SelectionTargets.type(ofTarget: target, registry: registry), targetType.conforms(to: type)
      else { continue }
      return (targetType, target, SelectionTargets.received(try reader.convert(target).data, target: target))
    }
    return nil
  }

  /// The owner's data for one target (Latin-1 `STRING` converted to UTF-8).
  public func data(forTarget target: String) throws(X11Error) -> Data {
    let connection = try X11Connection(display: display, timeout: timeout)
    let reader = try SelectionReader(connection: connection, selection: selection.rawValue)
    return SelectionTargets.received(try reader.convert(target).data, target: target)
  }
}
