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
