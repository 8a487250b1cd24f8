import TypeRegistry
import UTIPlatform

@testable import SystemPasteboard
@testable import SystemPasteboardCore
@testable import SystemPasteboardX11

/// A way to a selection of no desktop, for the tests of the neutral layer (`SystemPasteboard`
/// over `PasteboardBackend`): it runs on an ``EventLoop`` of its own over a socket pair, as the
/// real ones do, owns what it is given there, and answers another application's pastes that a
/// test makes (``paste(_:)``), telling the ownership of each as the real ones do.
final class FakeBackend: PasteboardBackend, @unchecked Sendable {
  let server: SystemPasteboard.Backend
  let capabilities: PasteboardCapabilities = [.hearsOtherApplications]
  let ownershipChanged = ChangeSignal()
  private let loop: EventLoop
  private let peer: Socket
  /// Loop-confined: what is owned, and how.
  private var owned: (items: [SystemPasteboard.Item], offers: [SelectionTargets.Offer], ownership: Ownership)?
  /// Published for other threads.
  private let owning = Locked(false)
  /// Told when another application copies (``otherApplicationCopies()``).
  var onChange: @Sendable () -> Void = {}

  /// A fake on an idle loop of its own (``EventLoopTests/idleLoop()``: a socket pair nothing writes to).
  init() throws {
    server = .x11(try X11Display(parsing: ":99"))
    (loop, peer) = try EventLoopTests.idleLoop()
  }

  deinit {
    loop.close()
    peer.close()
  }

  var failure: SystemPasteboardError? { loop.failure }
  var ownsSelection: Bool { owning.withLock { $0 } }

  func own(_ items: [SystemPasteboard.Item], fileOperation: FileList.Operation, ownership: Ownership)
    throws(SystemPasteboardError)
  {
    let confined = HandedOver((items, ownership))
    try loop.submit(within: 5) { [self] () throws(SystemPasteboardError) in
      let (items, ownership) = confined.value
      owned = (items, SelectionTargets.offers(for: items, sensitive: ownership.isSensitive), ownership)
      owning.withLock { $0 = true }
    }
    ownershipChanged.notify()
  }

  func disown() throws(SystemPasteboardError) { try end() }
  func clear() throws(SystemPasteboardError) { try end() }
  func close() { loop.close() }

  private func end() throws(SystemPasteboardError) {
    try loop.submit(within: 5) { [self] () throws(SystemPasteboardError) in
      owned = nil
      owning.withLock { $0 = false }
    }
    ownershipChanged.notify()
  }

  /// Another application copies: ours ends, and the pasteboard hears a change.
  func otherApplicationCopies() throws(SystemPasteboardError) {
    try end()
    onChange()
  }

  /// Another application's paste of `target`, answered on the loop: the bytes (nil when nothing
  /// is owned, the target is not offered, or the ownership refuses the read), counted as a paste.
  func paste(_ target: String) throws(SystemPasteboardError) -> [UInt8]? {
    try loop.submit(within: 5) { [self] () throws(SystemPasteboardError) -> [UInt8]? in
      guard let (items, offers, ownership) = owned, let offer = offers.first(where: { $0.target == target }),
        ownership.admitsRead(), let payload = SelectionTargets.payload(for: offer, items: items, fileOperation: .copy)
      else { return nil }
      let bytes = try payload.bytes(at: 0, length: payload.count)
      ownership.pasteServed(target)
      return bytes
    }
  }

  // MARK: Reading (this process's own copy)

  func targets() throws(SystemPasteboardError) -> [String] {
    try loop.submit(within: 5) { [self] () throws(SystemPasteboardError) -> [String] in
      guard let owned else { throw SystemPasteboardError(.noOwner, "nothing owns the fake selection") }
      return owned.offers.map(\.target)
    }
  }

  func read(_ target: String, into sink: ([UInt8]) throws(SystemPasteboardError) -> Void)
    throws(SystemPasteboardError)
  {
    guard let bytes = try paste(target) else {
      throw SystemPasteboardError(.conversionRefused, "the fake selection has no \(target)")
    }
    try sink(bytes)
  }
}
