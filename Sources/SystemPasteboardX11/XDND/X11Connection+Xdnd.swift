import SystemPasteboardCore

extension X11Connection {
  /// Sends an XDND message to `window` (or to its proxy), `window` in the message's window field.
  package func send(_ message: Xdnd.Message, to window: UInt32, via proxy: UInt32? = nil, atoms: Xdnd.Atoms) {
    let (type, data) = message.encoded(atoms)
    sendClientMessage(to: proxy ?? window, window: window, type: type, data: data)
  }

  /// The XDND-aware window under root (`x`, `y`): the first window from the top-level down that
  /// has `XdndAware` (with a version we speak), and its proxy if it names a valid one.
  package func dropTarget(at x: Int, _ y: Int, atoms: Xdnd.Atoms) throws(SystemPasteboardError) -> Xdnd.Target? {
    let root = setup.root
    var window = root
    for _ in 0..<32 {
      guard let hit = try translate(x, y, from: root, to: window), hit.child != 0 else { return nil }
      window = hit.child
      var proxy: UInt32?
      if let named = try property32(window, atoms.proxy, limit: 1)?.values.first,
        try property32(named, atoms.proxy, limit: 1)?.values.first == named
      {
        proxy = named
      }
      guard let aware = try property32(proxy ?? window, atoms.aware, limit: 1)?.values.first else {
        continue
      }
      guard aware >= Xdnd.oldestVersion else { return nil }
      return Xdnd.Target(window: window, proxy: proxy, version: min(aware, Xdnd.version))
    }
    return nil
  }
}

extension X11Connection {
  /// ``dropTarget(at:_:atoms:)`` without waiting: each step (the child under the point, its
  /// proxy, its `XdndAware`) is asked through a reply handler, and `done` hears the target (nil:
  /// none, or a window gone meanwhile) on the loop, which serves meanwhile.
  package func dropTarget(at x: Int, _ y: Int, atoms: Xdnd.Atoms, then done: @escaping (Xdnd.Target?) -> Void) {
    let root = setup.root
    func descend(into window: UInt32, depth: Int) {
      guard depth < 32 else { return done(nil) }
      let request = X11.TranslateCoordinates(
        srcWindow: root, dstWindow: window, srcX: Int16(clamping: x), srcY: Int16(clamping: y))
      send(request) { answer in
        guard case .success(let hit) = answer, hit.sameScreen, hit.child != 0 else { return done(nil) }
        examine(hit.child, depth: depth)
      }
      try? flush()
    }
    // A window's proxy counts when it names itself as its own proxy (XDND's check).
    func examine(_ window: UInt32, depth: Int) {
      property32(window, atoms.proxy, limit: 1) { [self] named in
        guard let proxy = named?.values.first else { return aware(window, proxy: nil, depth: depth) }
        property32(proxy, atoms.proxy, limit: 1) { confirmed in
          aware(window, proxy: confirmed?.values.first == proxy ? proxy : nil, depth: depth)
        }
      }
    }
    func aware(_ window: UInt32, proxy: UInt32?, depth: Int) {
      property32(proxy ?? window, atoms.aware, limit: 1) { version in
        guard let version = version?.values.first else { return descend(into: window, depth: depth + 1) }
        guard version >= Xdnd.oldestVersion else { return done(nil) }
        done(Xdnd.Target(window: window, proxy: proxy, version: min(version, Xdnd.version)))
      }
    }
    descend(into: root, depth: 0)
  }
}
