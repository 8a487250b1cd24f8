import SystemPasteboardCore

/// What a drag needs from the server before it begins, asked without waiting: the requests go
/// out together and their replies come back in order through handlers, so the loop serves
/// meanwhile and a drag's start costs one round trip (two for the first image on a display
/// with RENDER, whose version and picture formats follow the extension's opcode).
extension XdndWindow {
  /// The server's answers a drag begins with.
  struct DragStart {
    /// The pointer grab's status name when the grab failed (the drag cannot go on).
    var pointerGrabFailure: String?
    /// The keycodes of Escape, which cancel the drag.
    var escapeKeys: Set<UInt8> = []
    /// The pointer's position on the root window.
    var pointer = (x: 0, y: 0)
    /// How the image can be shown, or nil for no image (none given, or no SHAPE).
    var image: XdndDragImage.Server?
  }

  /// The atoms a drag names beyond its types, interned ahead with the selection's own (their
  /// answers come before the own's confirmation, so that the drag finds them cached).
  var dragAtomNames: [String] {
    [XdndDirectSave.target, XdndDirectSave.propertyType, connection.compositingManagerSelection]
  }

  /// Asks for the grabs, the keyboard mapping and the pointer, and what showing an image needs
  /// where there is `icon`; `done` hears the answers on the loop, or the connection's failure.
  func prepareDrag(icon: DragIcon?, done: @escaping (Result<DragStart, SystemPasteboardError>) -> Void) {
    var start = DragStart()
    var failure: SystemPasteboardError?
    connection.grabForDrag(connection.setup.root, time: X11Enum.Time.currentTime.rawValue) { answer in
      switch answer {
      case .success(let problem): start.pointerGrabFailure = problem
      case .failure(let error): failure = error
      }
    }
    connection.keycodes(for: Self.escapeKeysym) { start.escapeKeys = (try? $0.get()) ?? [] }
    connection.send(X11.QueryPointer(window: connection.setup.root)) { [self] answer in
      switch answer {
      case .success(let reply): start.pointer = (Int(reply.rootX), Int(reply.rootY))
      case .failure(let error): failure = failure ?? error
      }
      if let failure { return done(.failure(failure)) }
      guard icon != nil else { return done(.success(start)) }
      connection.dragImageServer { server in
        start.image = server
        done(.success(start))
      }
    }
    try? connection.flush()
  }
}

extension X11Connection {
  /// The selection a compositing manager owns on this screen (EWMH's `_NET_WM_CM_S<screen>`).
  var compositingManagerSelection: String { "_NET_WM_CM_S\(setup.screen)" }

  /// How a drag image can be shown on this server, for `done` on the loop: nil without SHAPE;
  /// an ARGB visual where a compositing manager runs and RENDER has one. Nothing waits: SHAPE's
  /// and RENDER's answers are kept for the next drag, the compositing manager is asked each
  /// time (one may start or stop between drags).
  func dragImageServer(then done: @escaping (XdndDragImage.Server?) -> Void) {
    let manager = cachedAtom(compositingManagerSelection)
    extensionPresent("SHAPE") { [self] shape in
      guard shape else { return done(nil) }
      guard let manager else { return done(XdndDragImage.Server(argbVisual: nil)) }
      send(X11.GetSelectionOwner(selection: manager)) { [self] answer in
        guard case .success(let owner) = answer, owner.owner != X11Enum.Window.none.rawValue else {
          return done(XdndDragImage.Server(argbVisual: nil))
        }
        argbVisual { done(XdndDragImage.Server(argbVisual: $0)) }
      }
      try? flush()
    }
    try? flush()
  }

  /// The screen's visual whose RENDER format has alpha (the one a compositing manager blends:
  /// a depth-32 visual may have none, Xvfb's GLX visuals map to `x8r8g8b8`), for `done` on the
  /// loop; asked once, nil without RENDER or such a visual.
  func argbVisual(then done: @escaping (UInt32?) -> Void) {
    if let found = foundARGBVisual { return done(found) }
    extensionPresent("RENDER") { [self] present in
      guard present else {
        foundARGBVisual = .some(nil)
        return done(nil)
      }
      // The version this client speaks, which RENDER asks for before anything else.
      send(X11.RenderQueryVersion(clientMajorVersion: 0, clientMinorVersion: 11)) { _ in }
      send(X11.RenderQueryPictFormats()) { [self] answer in
        let found = (try? answer.get()).flatMap { alphaVisual(in: $0) }
        foundARGBVisual = .some(found)
        done(found)
      }
      try? flush()
    }
    try? flush()
  }

  /// Of RENDER's picture formats, the screen's depth-32 visual whose format has alpha.
  private func alphaVisual(in formats: X11.RenderQueryPictFormats.Reply) -> UInt32? {
    let alpha = Set(
      formats.formats.filter { $0.type == .direct && $0.depth == Self.argbDepth && $0.direct.alphaMask != 0 }
        .map(\.id))
    let screen = formats.screens.indices.contains(setup.screen) ? formats.screens[setup.screen] : nil
    return screen?.depths.first { $0.depth == Self.argbDepth }.flatMap { depth in
      depth.visuals.first { alpha.contains($0.format) }?.visual
    }
  }
}
