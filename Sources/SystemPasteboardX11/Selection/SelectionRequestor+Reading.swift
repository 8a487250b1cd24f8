import SystemPasteboardCore
import UTIPlatform

/// What reads a selection through a ``SelectionRequestor`` on its own event loop, from any
/// thread but the loop's: X11's pasteboard server, and a window reading its drops.
protocol SelectionRequestorHost: AnyObject, Sendable {
  /// The loop the requestor lives on.
  var requestorLoop: EventLoop { get }
  /// The selection read, for messages (`CLIPBOARD`, `XdndSelection`).
  var requestedSelection: String { get }
  /// On the loop: the requestor, made at first use.
  func requestor() throws(SystemPasteboardError) -> SelectionRequestor
}

extension SelectionRequestorHost {
  /// The data of `target`, handed to `sink` a chunk at a time on the calling thread as the loop
  /// receives it (the loop reads ahead at most ``SelectionTransfer/capacity`` chunks, so memory
  /// stays flat for any size); returns the property's type. `time` is the server time the
  /// request is made for (CurrentTime by default; XDND's drop time for `XdndSelection`). Each
  /// wait is bounded by `timeout`; a `sink` that throws ends the transfer with its error.
  /// - Throws: ``SystemPasteboardError``: `.noOwner` when nothing owns the selection,
  ///   `.conversionRefused` when the owner refuses, `.timeout` when it does not answer in time,
  ///   the loop's error when its connection is lost, or what `sink` throws.
  func convert(
    _ target: String, time: UInt32 = 0, timeout: Double, into sink: ([UInt8]) throws(SystemPasteboardError) -> Void
  ) throws(SystemPasteboardError) -> UInt32 {
    let loop = requestorLoop
    let transfer = SelectionTransfer(target: target, selectionName: requestedSelection, time: time)
    guard loop.execute({ [self] in onRequestor(transfer) { $0.begin(transfer) } }) else {
      throw loop.failure ?? SystemPasteboardError(.closed, "the connection to \(loop.peer) was closed")
    }
    // A loop whose thread is not started yet is served here, by its connection's thread.
    let serve: ((UInt64, () -> Bool) throws(SystemPasteboardError) -> Void)? =
      loop.isServedByCaller
      ? { deadline, isDone throws(SystemPasteboardError) in try loop.serve(until: deadline, isDone) } : nil
    do throws(SystemPasteboardError) {
      while true {
        switch try transfer.take(within: timeout, serving: serve) {
        case .chunk(let chunk, let resume):
          if resume { loop.execute { [self] in onRequestor(transfer) { $0.resume(transfer) } } }
          try sink(chunk)
        case .end(let type):
          return type
        }
      }
    } catch {
      transfer.cancel()
      loop.execute { [self] in onRequestor(transfer) { $0.cancel(transfer) } }
      throw error
    }
  }

  /// The owner's targets, in its order (duplicates and None removed): at most
  /// ``SelectionTargets/readLimit`` of them are read (the rest of a longer list is not), an
  /// atom the server does not know is skipped, and an answer by `INCR` is read as any other.
  /// - Throws: ``SystemPasteboardError``, as ``convert(_:time:timeout:into:)`` does, and
  ///   `.protocolViolation` for an answer that is not a list of atoms.
  func targets(timeout: Double) throws(SystemPasteboardError) -> [String] {
    var data: [UInt8] = []
    let limit = SelectionTargets.readLimit * 4
    var type: UInt32?  // nil: the list was cut at the limit (the transfer ended there)
    do {
      type = try convert("TARGETS", timeout: timeout) { chunk throws(SystemPasteboardError) in
        data += chunk.prefix(limit - data.count)
        if data.count >= limit { throw SystemPasteboardError(.tooLarge, "TARGETS past the limit") }
      }
    } catch  where error.code == .tooLarge && data.count >= limit {
      type = nil
    }
    let atoms = stride(from: 0, to: data.count - data.count % 4, by: 4).map { X11Wire.u32(data, $0) }.filter { $0 != 0 }
    // Named on the loop through reply handlers, in batches: the loop serves meanwhile.
    let (names, isList) = try requestorLoop.submit(within: timeout) {
      [self, atoms, type] (done: @escaping EventLoop.Completion<([String], Bool)>) throws(SystemPasteboardError) in
      let connection = try requestor().connection
      let isList = type.map { $0 == connection.cachedAtom("ATOM") || $0 == connection.cachedAtom("TARGETS") } ?? true
      guard isList else { return done(.success(([], false))) }
      connection.knownNames(of: atoms) { names in done(names.map { ($0, true) }) }
    }
    guard isList, data.count % 4 == 0 else {
      throw SystemPasteboardError(
        .protocolViolation, "the owner of \(requestedSelection) answered TARGETS with something else")
    }
    var seen = Set<String>()
    return names.filter { seen.insert($0).inserted }
  }

  /// Runs `body` with the requestor on the loop; a requestor that cannot be made ends `transfer`.
  private func onRequestor(_ transfer: SelectionTransfer, _ body: (SelectionRequestor) -> Void) {
    do throws(SystemPasteboardError) {
      body(try requestor())
    } catch {
      transfer.finish(.failure(error))
    }
  }
}
