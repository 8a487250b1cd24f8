import UTIPlatform

/// Answers too large for one property: `INCR` transfers (ICCCM 2.7.2). The owner announces the
/// size, then writes a chunk each time the requestor deletes the property, and a zero-length
/// chunk at the end.
///
/// Each chunk is read ahead while the requestor takes the one before, and a file's chunks are
/// read on a thread of their own, so the loop never waits on the file system: a file on a mount
/// whose server went silent stalls only its own transfer, which ends when its requestor has been
/// silent for ``loadTimeout`` (the requestor, waiting for the next chunk, then times out too).
extension SelectionOwner {
  /// One `INCR` transfer in progress: a requestor's property, and what remains to send.
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
    /// When a chunk was last sent: the transfer is given up after ``loadTimeout`` of silence.
    var lastActivity: UInt64
    /// The chunk at ``offset``, read ahead; nil while it is read.
    var nextChunk: [UInt8]?
    /// Whether the requestor deleted the property and waits for ``nextChunk``.
    var awaited = false
  }

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
    readAhead(transfers.count - 1)
    return true
  }

  /// The requestor deleted `property`: it took the last chunk (or the size) and waits for the
  /// next, sent now if it was read, else as soon as it is.
  func continueTransfer(requestor: UInt32, property: UInt32) throws(SystemPasteboardError) {
    guard let index = transfers.firstIndex(where: { $0.requestor == requestor && $0.property == property }) else {
      return
    }
    guard transfers[index].nextChunk != nil else {
      transfers[index].awaited = true
      return
    }
    try sendNextChunk(index)
  }

  /// Reads the chunk at the transfer's offset: at once from memory, or on a thread of its own
  /// from a file, which posts it back to the loop (``chunkRead(_:number:)``).
  private func readAhead(_ index: Int) {
    let transfer = transfers[index]
    let (payload, offset, length, number) = (transfer.payload, transfer.offset, chunkSize, transfer.number)
    guard payload.isFile, offset < payload.count, let post = owners.post else {
      chunkRead(try? payload.bytes(at: offset, length: length), number: number)
      return
    }
    let owner = LoopConfined(self)
    WorkerThread.detached {
      let chunk = try? payload.bytes(at: offset, length: length)
      post { owner.value.chunkRead(chunk, number: number) }
    }
  }

  /// A chunk read ahead for transfer `number` (nil: the file could not be read), sent at once
  /// when the requestor already waits for it.
  private func chunkRead(_ chunk: [UInt8]?, number: UInt64) {
    // A transfer given up meanwhile (its requestor went silent or away) takes nothing.
    guard let index = transfers.firstIndex(where: { $0.number == number }) else { return }
    guard let chunk else {
      // The file went away or shrank: the transfer ends without its final empty chunk, so the
      // requestor reports a failure rather than taking a truncated copy for the whole.
      transfers.remove(at: index)
      return
    }
    transfers[index].nextChunk = chunk
    // A connection that fails here fails its next read on the loop too, which ends it there.
    if transfers[index].awaited { try? sendNextChunk(index) }
  }

  /// Sends the chunk read ahead, and reads the one after it; the zero-length chunk ends the
  /// transfer and serves the paste.
  private func sendNextChunk(_ index: Int) throws(SystemPasteboardError) {
    var transfer = transfers[index]
    guard let chunk = transfer.nextChunk else { return }
    connection.changeProperty(transfer.requestor, transfer.property, type: transfer.type, format: 8, data: chunk)
    if chunk.isEmpty {
      transfers.remove(at: index)
      ownership.pasteServed(transfer.target)
      try connection.flush()
      return
    }
    transfer.offset += chunk.count
    transfer.lastActivity = MonotonicClock.now()
    transfer.nextChunk = nil
    transfer.awaited = false
    transfers[index] = transfer
    try connection.flush()
    readAhead(index)
  }
}
