import SystemPasteboardCore
import UTIPlatform

/// A window's drag and drop through its `wl_data_device`: answering the drags of other clients
/// over it, receiving what is dropped, and starting drags of its own.
extension WaylandToplevel {
  // MARK: Drops

  /// Answers the drag of `offer`: the MIME type this window would take (nil: none), for the
  /// enter or motion `serial`, and the actions it takes and prefers.
  func answer(
    _ offer: WaylandObject<Wayland.DataOffer>, serial: UInt32, mimeType: String?, actions: DragActions,
    preferred: DragActions
  ) throws(SystemPasteboardError) {
    try connection.send([
      offer.accept(serial: serial, mimeType: mimeType),
      offer.setActions(dndActions: actions.waylandMask, preferredAction: preferred.waylandPreferred),
    ])
  }

  /// The dropped (or selection) offer's data for `mimeType`, handed to `sink` in chunks; on the
  /// caller's thread.
  func receive(
    _ mimeType: String, from offer: WaylandOffer, what: String = "the drop",
    into sink: ([UInt8]) throws(SystemPasteboardError) -> Void
  ) throws(SystemPasteboardError) {
    try dispatcher.checkOpen()
    try connection.receive(mimeType, from: offer, what: what, into: sink)
  }

  /// Tells the drag's source that the drop is done (its loads ended) with `action`, and lets the
  /// offer go. Where the compositor chose `ask`, the target settles it after the drop with one
  /// action (`wl_data_offer.set_actions`, before `finish`): a move where the drop moved, else a
  /// copy.
  func finish(_ offer: WaylandObject<Wayland.DataOffer>, with action: DragActions = .copy) throws(SystemPasteboardError)
  {
    let chosen = state.withLock { $0.offers.entries[.data(offer)]?.chosen ?? [] }
    var messages: [WaylandMessage] = []
    if chosen == .ask {
      let final = (action.contains(.move) && !action.contains(.copy) ? DragActions.move : .copy).waylandMask
      messages.append(offer.setActions(dndActions: final, preferredAction: final))
    }
    try connection.send(messages + [offer.finish(), offer.destroy()])
    state.withLock { $0.offers.remove(.data(offer)) }
  }

  /// Lets a dropped offer go without finishing it (the drop was refused).
  func release(_ offer: WaylandOffer) {
    try? connection.destroy(offer)
    state.withLock { $0.offers.remove(offer) }
  }

  // MARK: Drags

  /// Starts a drag from this window on the implicit grab of the press `serial`, offering
  /// `mimeTypes` with `actions`; `serve` gives a type's bytes when the target asks, and
  /// `events` hears how the drag goes.
  package func startDrag(
    mimeTypes: [String], actions: DragActions, serial: UInt32, icon: DragIcon? = nil,
    serve: @escaping @Sendable (String) -> Payload?, events: @escaping @Sendable (Source) -> Void
  ) throws(SystemPasteboardError) {
    guard let dataDevice, let dataDeviceManager else {
      throw SystemPasteboardError(.unsupported, "the Wayland compositor at \(connection.display) has no data device")
    }
    let source: WaylandObject<Wayland.DataSource> = try connection.create(.dataSource) {
      dataDeviceManager.createDataSource(id: $0)
    }
    try connection.send(
      mimeTypes.map { source.offer(mimeType: $0) } + [source.setActions(dndActions: actions.waylandMask)])
    // A drag goes on without its image where the compositor gives no buffer for it.
    let shown = icon.flatMap { try? iconSurface($0) }
    let (previous, previousIcon) = state.withLock { state in
      defer {
        state.sources[.data(source)] = (serve, events)
        state.dragSource = source
        state.dragIcon = shown
      }
      return (
        state.dragSource.flatMap { state.sources.removeValue(forKey: .data($0)) != nil ? $0 : nil }, state.dragIcon
      )
    }
    if let previous { try? connection.destroy(previous) }
    if let previousIcon { destroyIcon(previousIcon) }
    // No round trip: the drag's first events (an enter over this very window) are handled on
    // the window's thread by handlers that may wait for the caller's actor.
    try connection.send(dataDevice.startDrag(source: source, origin: surface, icon: shown?.surface, serial: serial))
    if let icon, let shown {
      // The icon's top-left corner starts at the pointer (wl_data_device.start_drag); attaching
      // at minus the hot spot puts the hot spot there (wl_surface 4 has no `offset` request).
      try connection.send([
        shown.surface.attach(buffer: shown.buffer, x: Int32(-icon.hotX), y: Int32(-icon.hotY)),
        shown.surface.damageBuffer(x: 0, y: 0, width: Int32(icon.width), height: Int32(icon.height)),
        shown.surface.commit(),
      ])
    }
  }

  /// A surface for `icon` and the buffer it will show (attached once the drag gave it its role).
  private func iconSurface(_ icon: DragIcon) throws(SystemPasteboardError) -> DragIconSurface {
    let buffer = try shmBuffer(
      icon.bytes(), width: Int32(icon.width), height: Int32(icon.height), format: .argb8888)
    let surface: WaylandObject<Wayland.Surface> = try connection.create(.surface) { [compositor] in
      compositor.createSurface(id: $0)
    }
    return DragIconSurface(surface: surface, buffer: buffer)
  }

  /// Destroys a drag's image surface and its buffer (the drag ended, or the next replaced it).
  func destroyIcon(_ icon: DragIconSurface) {
    try? connection.destroy(icon.surface)
    try? connection.destroy(icon.buffer)
  }
}

/// The surface showing a drag's image and the buffer it shows, destroyed when the drag ends.
struct DragIconSurface: Sendable {
  let surface: WaylandObject<Wayland.Surface>
  let buffer: WaylandObject<Wayland.Buffer>
}
