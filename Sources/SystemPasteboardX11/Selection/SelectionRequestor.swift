import SystemPasteboardCore
import UTIPlatform

/// The side of a selection that asks for it (ICCCM section 2.4), on an event loop's connection,
/// beside the loop's ``SelectionOwner``: one connection owns, watches and reads.
///
/// It never waits for the owner: it asks (`ConvertSelection`) and returns, and the loop hands it
/// the owner's answer (`SelectionNotify`) and each `INCR` chunk (`PropertyNotify`) as events, so
/// that the loop goes on serving meanwhile — its own selection too, when this process reads what
/// it owns. The data goes to the reader's thread through a ``SelectionTransfer``, one target at a
/// time (later requests wait their turn). Confined to the loop's thread.
///
/// A transfer the reader gave up (a timeout) gets the window destroyed and a new one made, so
/// that a late answer to it is never taken for the next read's.
final class SelectionRequestor: @unchecked Sendable {
  // Sendable: `window`, `active` and `waiting` are its connection's loop's (used only on that thread);
  // `publishedWindow`, which other threads read, is under its lock.
  let connection: X11Connection
  let selection: UInt32
  let selectionName: String
  /// The property the owner writes into.
  private let property: UInt32
  private let incr: UInt32
  /// Our requestor window (replaced after an abandoned transfer); published for the tests.
  private(set) var window: UInt32
  let publishedWindow = Locked<UInt32>(0)

  private var active: (transfer: SelectionTransfer, stage: Stage)?
  private var waiting: [SelectionTransfer] = []

  /// Where the transfer in progress is.
  private enum Stage {
    /// Asked for the conversion; waiting for the owner's `SelectionNotify`.
    case converting
    /// The property holds data to read from `offset` (an `INCR` chunk when `incremental`;
    /// `type` is the last chunk's).
    case reading(offset: Int, incremental: Bool, type: UInt32)
    /// `INCR`: waiting for the owner's next chunk (`PropertyNotify`, NewValue).
    case awaitingChunk(type: UInt32)
    /// Waiting for the server: the target's atom, or the property's next window (`GetProperty`).
    case asking
  }

  /// A requestor for `selection` on `connection`, with a window of its own; one round trip
  /// interns its atoms and the common targets' (``SelectionTargets/common``), so that reading
  /// `TARGETS` seldom asks for a name.
  init(connection: X11Connection, selection: String) throws(SystemPasteboardError) {
    self.connection = connection
    window = connection.createWindow()
    let atoms = try connection.atoms(Self.atomNames(for: selection))
    self.selection = atoms[0]
    property = atoms[1]
    incr = atoms[2]
    selectionName = selection
    publishedWindow.withLock { $0 = window }
  }

  /// The atoms a requestor of `selection` interns (none asked again where an owner on the same
  /// connection interned them already: ``SelectionOwner/init(connection:selection:registry:loadTimeout:alsoInterning:in:)``).
  static func atomNames(for selection: String) -> [String] {
    [selection, "_SWIFT_UTI_SELECTION", "INCR", "ATOM"] + SelectionTargets.common
  }

  // MARK: Commands (on the loop)

  /// Asks for `transfer`'s target now, or after the transfers before it.
  func begin(_ transfer: SelectionTransfer) {
    if active == nil { start(transfer) } else { waiting.append(transfer) }
  }

  /// The reader took a chunk the loop paused for: reading goes on.
  func resume(_ transfer: SelectionTransfer) {
    guard active?.transfer === transfer else { return }
    pump()
  }

  /// The reader gave `transfer` up: a waiting one is dropped; the one in progress is abandoned
  /// with its window.
  func cancel(_ transfer: SelectionTransfer) {
    waiting.removeAll { $0 === transfer }
    guard active?.transfer === transfer else { return }
    connection.destroyWindow(window)
    window = connection.createWindow()
    publishedWindow.withLock { $0 = window }
    try? connection.flush()
    next()
  }

  /// The loop ended: every transfer ends with `error`.
  func loopEnded(_ error: SystemPasteboardError) {
    let transfers = (active.map { [$0.transfer] } ?? []) + waiting
    active = nil
    waiting = []
    for transfer in transfers { transfer.finish(.failure(error)) }
  }

  // MARK: Events

  /// The owner's answer to our conversion, or its next `INCR` chunk; other events pass.
  func handle(_ event: X11Event) {
    guard let (transfer, stage) = active else { return }
    switch (event, stage) {
    case (.selectionNotify(let notify), .converting) where notify.requestor == window && notify.selection == selection:
      guard notify.property != 0 else { return refused(transfer) }
      transfer.answered()
      active?.stage = .reading(offset: 0, incremental: false, type: 0)
      pump()
    case (.propertyNotify(window, property, _, deleted: false), .awaitingChunk(let type)):
      active?.stage = .reading(offset: 0, incremental: true, type: type)
      pump()
    default: break
    }
  }

  // MARK: Reading

  /// Asks the owner for `transfer`'s target; a target whose atom is not cached is interned
  /// first, through a handler (the loop never waits for the server).
  private func start(_ transfer: SelectionTransfer) {
    active = (transfer, .asking)
    if let target = connection.cachedAtom(transfer.target) { return convert(transfer, target: target) }
    connection.send(X11.InternAtom(onlyIfExists: false, name: Array(transfer.target.utf8))) { [self] answer in
      guard isAsking(for: transfer) else { return }
      switch answer {
      case .success(let reply): convert(transfer, target: reply.atom)
      case .failure(let error): finish(.failure(error))
      }
    }
    try? connection.flush()
  }

  /// Whether `transfer` is the one in progress and waits for the server's answer.
  private func isAsking(for transfer: SelectionTransfer) -> Bool {
    guard let active, active.transfer === transfer, case .asking = active.stage else { return false }
    return true
  }

  private func convert(_ transfer: SelectionTransfer, target: UInt32) {
    connection.deleteProperty(window, property)
    connection.send(
      X11.ConvertSelection(
        requestor: window, selection: selection, target: target, property: property, time: transfer.time))
    active = (transfer, .converting)
    do throws(SystemPasteboardError) {
      try connection.flush()
    } catch {
      finish(.failure(error))
    }
  }

  /// Starts the next waiting transfer, if any.
  private func next() {
    active = nil
    while active == nil, !waiting.isEmpty {
      let transfer = waiting.removeFirst()
      if !transfer.isCancelled { start(transfer) }
    }
  }

  private func finish(_ result: Result<UInt32, SystemPasteboardError>) {
    active?.transfer.finish(result)
    next()
  }

  /// Why data of property type `type` is no answer to `transfer`: a text target (``SelectionTargets/isTextTarget(_:)``)
  /// answered with a type that is neither text nor the target itself (an `INTEGER` for
  /// `UTF8_STRING`), which GTK refuses too; nil when it is an answer. The type's name is cached
  /// by then (``pump()`` asks for it first).
  private func notText(_ type: UInt32, answering transfer: SelectionTransfer) -> SystemPasteboardError? {
    guard SelectionTargets.isTextTarget(transfer.target) else { return nil }
    let name = connection.cachedName(of: type)
    if let name, name == transfer.target || SelectionTargets.isTextTarget(name) { return nil }
    return SystemPasteboardError(
      .conversionRefused,
      "the owner of \(selectionName) answered \(transfer.target) with \(name ?? "atom \(type)") data, which is not text"
    )
  }

  /// Ends the transfer in progress with `error`, its window replaced (as a cancelled one's), so
  /// that nothing more the owner writes is taken for the next read.
  private func abandon(_ error: SystemPasteboardError) {
    connection.destroyWindow(window)
    window = connection.createWindow()
    publishedWindow.withLock { $0 = window }
    try? connection.flush()
    finish(.failure(error))
  }

  /// The server refuses at once for a selection nobody owns: ask only now which it was.
  private func refused(_ transfer: SelectionTransfer) {
    active?.stage = .asking
    connection.send(X11.GetSelectionOwner(selection: selection)) { [self] answer in
      guard isAsking(for: transfer) else { return }
      finish(
        answer.flatMap { reply in
          .failure(
            reply.owner == 0
              ? SystemPasteboardError(.noOwner, "nothing owns the \(selectionName) selection")
              : SystemPasteboardError(
                .conversionRefused, "the owner of \(selectionName) refused to convert it to \(transfer.target)"))
        })
    }
    try? connection.flush()
  }

  /// Reads the property a window of 1 MB at a time while the reader keeps up, deleting it with
  /// the last window's read (which tells an `INCR` owner to write the next chunk): each window is
  /// asked for, and taken when the server's reply arrives (``took(_:for:offset:incremental:type:)``).
  private func pump() {
    guard let (transfer, stage) = active, case .reading(let offset, let incremental, let type) = stage else { return }
    if transfer.isCancelled { return cancel(transfer) }
    if transfer.pauseIfFull() { return }
    active?.stage = .asking
    let request = X11.GetProperty(
      delete: true, window: window, property: property, type: X11Enum.GetPropertyType.any.rawValue,
      longOffset: UInt32(offset / 4), longLength: 1 << 18)  // 1 MB
    connection.send(request) { [self] answer in
      guard isAsking(for: transfer) else { return }
      switch answer {
      case .success(let reply):
        // A text target's answer of a type not named yet: its name first, then the check.
        guard
          reply.value.isEmpty || !SelectionTargets.isTextTarget(transfer.target) || reply.type == 0
            || connection.cachedName(of: reply.type) != nil
        else {
          return connection.names(of: [reply.type]) { [self] _ in
            guard isAsking(for: transfer) else { return }
            took(reply, for: transfer, offset: offset, incremental: incremental, type: type)
          }
        }
        took(reply, for: transfer, offset: offset, incremental: incremental, type: type)
      case .failure(let error):
        finish(.failure(error))
      }
    }
    try? connection.flush()
  }

  /// Takes one window of the property, read from `offset`, and goes on: the next window, the
  /// next `INCR` chunk, or the end.
  private func took(
    _ reply: X11.GetProperty.Reply, for transfer: SelectionTransfer, offset: Int, incremental: Bool, type: UInt32
  ) {
    let last = reply.bytesAfter == 0 || reply.value.isEmpty
    if last && reply.bytesAfter != 0 { connection.deleteProperty(window, property) }
    if !incremental && offset == 0 && reply.type == incr {
      // The owner sends it in chunks: the marker's deletion asks for the first.
      active?.stage = .awaitingChunk(type: 0)
    } else {
      if !reply.value.isEmpty, let refusal = notText(reply.type, answering: transfer) { return abandon(refusal) }
      if !reply.value.isEmpty { transfer.deliver(reply.value) }
      if !last {
        active?.stage = .reading(offset: offset + reply.value.count, incremental: incremental, type: reply.type)
      } else if !incremental {
        return finish(.success(reply.type))
      } else if offset == 0 && reply.value.isEmpty {
        return finish(.success(type))  // the empty chunk ends an INCR transfer
      } else {
        active?.stage = .awaitingChunk(type: reply.type)
      }
    }
    try? connection.flush()
    pump()
  }
}
