import UTIPlatform

/// A window's drag and drop through its `wl_data_device`: answering the drags of other clients
/// over it, receiving what is dropped, and starting drags of its own.
extension WaylandToplevel {
  // MARK: Drops

  /// Answers the drag of `offer`: the MIME type this window would take (nil: none), for the
  /// enter or motion `serial`, and the actions it takes and prefers.
  package func answer(
    _ offer: UInt32, serial: UInt32, mimeType: String?, actions: DragActions, preferred: DragActions
  ) throws(SystemPasteboardError) {
    try connection.send([
      (.DataOffer.accept(serial: serial, mimeType: mimeType), offer),
      (.DataOffer.setActions(dndActions: actions.waylandMask, preferredAction: preferred.waylandMask), offer),
    ])
  }

  /// The dropped (or selection) offer's data for `mimeType`, handed to `sink` in chunks; on the
  /// caller's thread.
  package func receive(
    _ mimeType: String, from offer: UInt32, what: String = "the drop",
    into sink: ([UInt8]) throws(SystemPasteboardError) -> Void
  ) throws(SystemPasteboardError) {
    try dispatcher.checkOpen()
    try connection.receive(mimeType, from: offer, what: what, into: sink)
  }

  /// Tells the drag's source that the drop is done (its loads ended), and lets the offer go.
  package func finish(_ offer: UInt32) throws(SystemPasteboardError) {
    try connection.send(.DataOffer.finish(), to: offer)
    try connection.destroy(offer)
    state.withLock { $0.offers.remove(offer) }
  }

  /// Lets a dropped offer go without finishing it (the drop was refused).
  package func release(_ offer: UInt32) {
    try? connection.destroy(offer)
    state.withLock { $0.offers.remove(offer) }
  }

  // MARK: Drags

  /// Starts a drag from this window on the implicit grab of the press `serial`, offering
  /// `mimeTypes` with `actions`; `serve` gives a type's bytes when the target asks, and
  /// `events` hears how the drag goes.
  package func startDrag(
    mimeTypes: [String], actions: DragActions, serial: UInt32, serve: @escaping @Sendable (String) -> Payload?,
    events: @escaping @Sendable (Source) -> Void
  ) throws(SystemPasteboardError) {
    guard let dataDevice, let dataDeviceManager else {
      throw SystemPasteboardError(.unsupported, "the Wayland compositor at \(connection.display) has no data device")
    }
    let source = try connection.create(.dataSource, to: dataDeviceManager) {
      .DataDeviceManager.createDataSource(id: $0)
    }
    for mimeType in mimeTypes { try connection.send(.DataSource.offer(mimeType: mimeType), to: source) }
    try connection.send(.DataSource.setActions(dndActions: actions.waylandMask), to: source)
    let previous = state.withLock { state -> UInt32? in
      defer {
        state.sources[source] = (serve, events)
        state.dragSource = source
      }
      return state.dragSource.flatMap { state.sources.removeValue(forKey: $0) != nil ? $0 : nil }
    }
    if let previous { try? connection.destroy(previous) }
    // No round trip: the drag's first events (an enter over this very window) are handled on
    // the window's thread by handlers that may wait for the caller's actor.
    try connection.send(
      .DataDevice.startDrag(source: source, origin: surface, icon: nil, serial: serial), to: dataDevice)
  }
}
