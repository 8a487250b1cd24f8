extension X11Connection {
  /// Sends `request` and returns at once: `handler` hears its reply, decoded, or the server's
  /// error for it, on the thread that reads the connection (the loop's, at its next read),
  /// never within the send. The loop never waits for the answer, as x11rb's cookies and
  /// swift-nio's futures let it go on; a connection that ends first fails the handler
  /// (``failReplyHandlers(_:)``).
  func send<Request: X11ReplyingRequest>(
    _ request: Request, then handler: @escaping (Result<Request.Reply, SystemPasteboardError>) -> Void
  ) {
    let sequence = send(request)
    replyHandlers[Self.key(sequence)] = { answer in
      handler(answer.flatMap { bytes in Result { () throws(SystemPasteboardError) in try Request.decode(bytes) } })
    }
  }

  /// The number of replies awaited by handlers.
  var awaitedReplies: Int { replyHandlers.count }

  /// Runs the handlers whose answers arrived, in request order.
  func runReplyHandlers() {
    while !answered.isEmpty {
      let (key, answer) = answered.removeFirst()
      replyHandlers.removeValue(forKey: key)?(answer)
    }
  }

  /// The connection ended: every handler still waiting hears `error`, once.
  func failReplyHandlers(_ error: SystemPasteboardError) {
    runReplyHandlers()
    let waiting = replyHandlers.sorted { $0.key < $1.key }.map(\.value)
    replyHandlers.removeAll()
    for handler in waiting { handler(.failure(error)) }
  }
}
