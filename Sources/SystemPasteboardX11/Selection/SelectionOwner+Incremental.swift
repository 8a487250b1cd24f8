import SystemPasteboardCore
import UTIPlatform

/// Answers too large for one property: `INCR` transfers (ICCCM 2.7.2). The owner announces the
/// size, then writes a chunk each time the requestor deletes the property, and a zero-length
/// chunk at the end.
///
/// Bounded whatever the requestors do: one copy of the payload serves every transfer (a file is
/// read at offsets); a requestor has at most ``transfersPerRequestor`` transfers in progress,
/// and its others wait their turn, in the order asked (announced, but no chunk read or sent, and
/// no silence counted against them); the chunks read and not yet taken are at most
/// ``readAheadBudget`` bytes for the owner, the chunks requestors wait for read first. So 2,000
/// requests that never take a chunk cost 2,000 small records, not 2,000 chunks.
///
/// Each chunk is read ahead while the requestor takes the one before, and a file's chunks are
/// read on the process's ``WorkPool``, so the loop never waits on the file system: a file on a
/// mount whose server went silent stalls only its own transfer, which ends when its requestor
/// has been silent for ``loadTimeout`` (the requestor, waiting for the next chunk, then times
/// out too).
extension SelectionOwner {
  /// One `INCR` transfer: a requestor's property, and what remains to send.
  struct Transfer {
    /// Tells this transfer from an earlier one to the same property, whose read may still come.
    var number: UInt64
    var requestor: UInt32
    var property: UInt32
    var type: UInt32
    /// The target asked for (what the ownership counts as pasted at the end).
    var target: String
    var payload: Payload
    /// Where the next chunk starts.
    var offset: Int
    /// When a chunk was last sent, or the transfer's turn came: an active transfer is given up
    /// after ``loadTimeout`` of silence.
    var lastActivity: UInt64
    /// The chunk at ``offset``: not read yet, being read, or read and held.
    var chunk: Chunk = .unread
    /// Whether the requestor deleted the property and waits for the chunk.
    var awaited = false
    /// Whether it is one of its requestor's transfers in progress (else it waits its turn).
    var isActive = false
  }

  /// Where a transfer's next chunk is.
  enum Chunk {
    case unread
    case reading
    case read([UInt8])
  }

  /// How many `INCR` transfers one requestor window has in progress; the rest wait their turn.
  static let transfersPerRequestor = 4
  /// The most bytes of chunks read and not yet taken, for one owner: 16 MB.
  static let readAheadBudget = 16 << 20

  /// Puts the payload in the requestor's property: at once, or by `INCR` when it is too large.
  /// - Returns: Whether it goes by `INCR` (the transfer is not over yet).
  func send(_ payload: Payload, to requestor: UInt32, property: UInt32, type: UInt32, target: String)
    throws(SystemPasteboardError) -> Bool
  {
    guard payload.count > chunkSize, let incr = try? connection.atom("INCR") else {
      connection.changeProperty(requestor, property, type: type, format: 8, data: try payload.all())
      return false
    }
    // PropertyNotify on the requestor tells when it deleted the property, taking a chunk.
    connection.selectInput(requestor, X11Connection.watchedWindowEvents)
    connection.changeProperty(
      requestor, property, type: incr, format: 32, data: X11Wire.le32(UInt32(clamping: payload.count)))
    transfers.removeAll { $0.requestor == requestor && $0.property == property }
    transfersBegun += 1
    transfers.append(
      Transfer(
        number: transfersBegun, requestor: requestor, property: property, type: type, target: target,
        payload: payload, offset: 0, lastActivity: MonotonicClock.now()))
    settleTransfers()
    return true
  }

  /// The requestor deleted `property`: it took the last chunk (or the size) and waits for the
  /// next, sent now if it was read, else as soon as it is (and its turn has come).
  func continueTransfer(requestor: UInt32, property: UInt32) throws(SystemPasteboardError) {
    guard let index = transfers.firstIndex(where: { $0.requestor == requestor && $0.property == property }) else {
      return
    }
    transfers[index].awaited = true
    if transfers[index].isActive, case .read = transfers[index].chunk {
      try sendNextChunk(index)
    } else {
      settleTransfers()
    }
  }

  /// Ends the transfers `gone` names (given up, or their requestor went away) and lets the
  /// waiting ones take their places.
  func endTransfers(where gone: (Transfer) -> Bool) {
    let before = transfers.count
    transfers.removeAll(where: gone)
    if transfers.count != before { settleTransfers() }
  }

  /// Gives each requestor's waiting transfers the places its active ones left (oldest first),
  /// then reads the chunks the budget allows: those requestors wait for first, then ahead.
  func settleTransfers() {
    var active: [UInt32: Int] = [:]
    for transfer in transfers where transfer.isActive { active[transfer.requestor, default: 0] += 1 }
    let now = MonotonicClock.now()
    for index in transfers.indices where !transfers[index].isActive {
      let requestor = transfers[index].requestor
      guard active[requestor, default: 0] < Self.transfersPerRequestor else { continue }
      active[requestor, default: 0] += 1
      transfers[index].isActive = true
      transfers[index].lastActivity = now
    }
    // One read at a time, each chosen afresh: a chunk read from memory may be sent (and its
    // transfer end) within `read`, which changes `transfers`.
    let chunk = chunkSize
    while let index = nextToRead(), heldBytes(chunk) + chunk <= Self.readAheadBudget, read(index) {}
  }

  /// The active transfer whose chunk is read next: one its requestor waits for, else the oldest.
  private func nextToRead() -> Int? {
    func unread(_ transfer: Transfer) -> Bool {
      guard transfer.isActive, case .unread = transfer.chunk else { return false }
      return true
    }
    return transfers.firstIndex { unread($0) && $0.awaited } ?? transfers.firstIndex(where: unread)
  }

  /// The bytes of chunks read or being read and not yet taken.
  private func heldBytes(_ chunkSize: Int) -> Int {
    transfers.reduce(0) { held, transfer in
      switch transfer.chunk {
      case .unread: held
      case .reading: held + chunkSize
      case .read(let bytes): held + bytes.count
      }
    }
  }

  /// Reads the chunk at the transfer's offset: at once from memory, or on the process's pool
  /// from a file, which posts it back to the loop (``chunkRead(_:number:)``); false when the
  /// pool had no room (the chunk is read at a later settling).
  private func read(_ index: Int) -> Bool {
    let transfer = transfers[index]
    let (payload, offset, length, number) = (transfer.payload, transfer.offset, chunkSize, transfer.number)
    transfers[index].chunk = .reading
    guard payload.isFile, offset < payload.count, let loop = owners.loop else {
      chunkRead(try? payload.bytes(at: offset, length: length), number: number)
      return true
    }
    let owner = LoopBound(self, on: loop)
    let accepted = WorkPool.shared.submit {
      let chunk = try? payload.bytes(at: offset, length: length)
      owner.loop?.execute { owner.value.chunkRead(chunk, number: number) }
    }
    // A pool with no room: the chunk is read when the transfer is next settled.
    if !accepted { transfers[index].chunk = .unread }
    return accepted
  }

  /// A chunk read for transfer `number` (nil: the file could not be read), sent at once when
  /// the requestor already waits for it.
  private func chunkRead(_ chunk: [UInt8]?, number: UInt64) {
    // A transfer given up meanwhile (its requestor went silent or away) takes nothing.
    guard let index = transfers.firstIndex(where: { $0.number == number }) else { return settleTransfers() }
    guard let chunk else {
      // The file went away or shrank: the transfer ends without its final empty chunk, so the
      // requestor reports a failure rather than taking a truncated copy for the whole.
      return endTransfers { $0.number == number }
    }
    transfers[index].chunk = .read(chunk)
    // A connection that fails here fails its next read on the loop too, which ends it there.
    if transfers[index].awaited { try? sendNextChunk(index) }
  }

  /// Sends the chunk read, and reads the next as the budget allows; the zero-length chunk ends
  /// the transfer and serves the paste.
  private func sendNextChunk(_ index: Int) throws(SystemPasteboardError) {
    var transfer = transfers[index]
    guard case .read(let chunk) = transfer.chunk else { return }
    connection.changeProperty(transfer.requestor, transfer.property, type: transfer.type, format: 8, data: chunk)
    if chunk.isEmpty {
      transfers.remove(at: index)
      ownership.pasteServed(transfer.target)
      settleTransfers()
      try connection.flush()
      return
    }
    transfer.offset += chunk.count
    transfer.lastActivity = MonotonicClock.now()
    transfer.chunk = .unread
    transfer.awaited = false
    transfers[index] = transfer
    settleTransfers()
    try connection.flush()
  }
}
