import SystemPasteboardCore

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
    state.route(sequence)
    replyHandlers[X11ProtocolState.key(sequence)] = { answer in
      handler(answer.flatMap { bytes in Result { () throws(SystemPasteboardError) in try Request.decode(bytes) } })
    }
  }

  /// The number of replies awaited by handlers.
  var awaitedReplies: Int { replyHandlers.count }

  /// Runs the handlers whose answers arrived, in request order (and those their handlers'
  /// requests got meanwhile); returns whether any ran.
  @discardableResult
  func runReplyHandlers() -> Bool {
    var ran = false
    while let next = state.takeAnswer() {
      replyHandlers.removeValue(forKey: next.key)?(next.answer)
      ran = true
    }
    return ran
  }

  /// The connection ended: every handler still waiting hears `error`, once.
  func failReplyHandlers(_ error: SystemPasteboardError) {
    runReplyHandlers()
    state.forgetRouted()
    let waiting = replyHandlers.sorted { $0.key < $1.key }.map(\.value)
    replyHandlers.removeAll()
    for handler in waiting { handler(.failure(error)) }
  }
}

extension X11Connection {
  /// The names of `list` for `done` (nil for None and for an atom the server does not know),
  /// at once when all are cached, else once the server named the others (one `GetAtomName`
  /// each, answered through handlers): the caller never waits on the connection.
  func names(of list: [UInt32], then done: @escaping ([String?]) -> Void) {
    let missing = Set(list.filter { $0 != 0 && atomNames[Int($0)] == nil })
    guard !missing.isEmpty else { return done(list.map { atomNames[Int($0)] }) }
    var remaining = missing.count
    for atom in missing {
      send(X11.GetAtomName(atom: atom)) { [self] answer in
        if case .success(let reply) = answer {
          let name = String(decoding: reply.name, as: UTF8.self)
          atomNames[Int(atom)] = name
          atoms[name] = atom
        }
        remaining -= 1
        if remaining == 0 { done(list.map { atomNames[Int($0)] }) }
      }
    }
    try? flush()
  }

  /// Interns the atoms of `names` not cached yet, through handlers (nothing waits): the cache
  /// has them once their replies are read, before any event that follows them.
  func intern(_ names: [String]) {
    for name in Set(names) where atoms[name] == nil {
      send(X11.InternAtom(onlyIfExists: false, name: Array(name.utf8))) { [self] answer in
        guard case .success(let reply) = answer else { return }
        atoms[name] = reply.atom
        atomNames[Int(reply.atom)] = name
      }
    }
  }

  /// The first `limit` 32-bit items of `property` on `window` and its type, for `done` (nil
  /// when it is missing, not 32-bit, or the window is gone), through a handler.
  func property32(
    _ window: UInt32, _ property: UInt32, limit: Int, then done: @escaping ((type: UInt32, values: [UInt32])?) -> Void
  ) {
    let request = X11.GetProperty(
      delete: false, window: window, property: property, type: X11Enum.GetPropertyType.any.rawValue, longOffset: 0,
      longLength: UInt32(limit))
    send(request) { answer in
      guard case .success(let reply) = answer, reply.type != 0, reply.format == 32 else { return done(nil) }
      done((reply.type, reply.items32))
    }
    try? flush()
  }
}

extension X11Connection {
  /// The names of a list another client wrote (a `TARGETS` answer, a drag's type list), in its
  /// order, without waiting: the names not cached are asked for in batches of
  /// ``nameBatch`` through handlers, each batch sent when the one before was answered, and
  /// `done` hears the list (an atom the server does not know left out) on the loop, or the
  /// first other failure (a lost connection).
  func knownNames(of list: [UInt32], then done: @escaping (Result<[String], SystemPasteboardError>) -> Void) {
    let missing = Array(Set(list.filter { $0 != 0 && atomNames[Int($0)] == nil }))
    var unknown = Set<UInt32>()
    var failure: SystemPasteboardError?
    func batch(from start: Int) {
      if let failure { return done(.failure(failure)) }
      guard start < missing.count else {
        return done(
          .success(list.compactMap { atom in atom == 0 || unknown.contains(atom) ? nil : atomNames[Int(atom)] }))
      }
      let end = min(start + Self.nameBatch, missing.count)
      var remaining = end - start
      for atom in missing[start..<end] {
        send(X11.GetAtomName(atom: atom)) { [self] answer in
          switch answer {
          case .success(let reply):
            let name = String(decoding: reply.name, as: UTF8.self)
            (atomNames[Int(atom)], atoms[name]) = (name, atom)
          case .failure(let error) where error.server?.code == X11Errors.badAtom: unknown.insert(atom)
          case .failure(let error): failure = failure ?? error
          }
          remaining -= 1
          if remaining == 0 { batch(from: end) }
        }
      }
      try? flush()
    }
    batch(from: 0)
  }
}
