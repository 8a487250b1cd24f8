import SystemPasteboardCore
import UTIPlatform

/// Other clients' drags over a Wayland window, numbered as ``WindowDragEvent`` numbers them:
/// the one over the window (its offer, the enter's serial that answers name, its MIME types),
/// and the dropped ones whose offers wait for their loads.
struct WindowDrops {
  struct Over {
    let number: Int
    let offer: WaylandObject<Wayland.DataOffer>
    let serial: UInt32
    let mimeTypes: [String]
  }

  private var count = 0
  /// The drag over the window.
  private(set) var over: Over?
  /// The offers of dropped drags, until they are finished or released, by number.
  private(set) var dropped: [Int: WaylandObject<Wayland.DataOffer>] = [:]

  /// A drag came in; the one before it (if any) is over.
  mutating func enter(offer: WaylandObject<Wayland.DataOffer>, serial: UInt32, mimeTypes: [String]) -> (
    Over, left: Over?
  ) {
    count += 1
    let left = over
    over = Over(number: count, offer: offer, serial: serial, mimeTypes: mimeTypes)
    return (over!, left)
  }

  /// The drag over the window left it (a drop's own leave finds none).
  mutating func leave() -> Over? {
    defer { over = nil }
    return over
  }

  /// The drag over the window was dropped: its offer waits for its loads.
  mutating func drop() -> Over? {
    guard let over else { return nil }
    dropped[over.number] = over.offer
    self.over = nil
    return over
  }

  /// The offer of drag `number`, over the window or dropped.
  func offer(of number: Int) -> WaylandObject<Wayland.DataOffer>? {
    over?.number == number ? over?.offer : dropped[number]
  }

  /// Drag `number`'s dropped offer, which is done with.
  mutating func finish(_ number: Int) -> WaylandObject<Wayland.DataOffer>? { dropped.removeValue(forKey: number) }
}

/// A Wayland window as the backend-neutral ``WindowBackend``: other clients' drags through the
/// seat's `wl_data_device` (their offers numbered), and drags of ours from the latest press.
extension WaylandToplevel: WindowBackend {
  package func acceptDrops(_ handler: @escaping @Sendable (WindowDragEvent) -> Void) throws(SystemPasteboardError) {
    if let failure { throw failure }
    state.withLock { $0.onDrag = handler }
  }

  /// Wayland has no quiet rectangle: every motion is reported.
  package var answersWithQuietRectangle: Bool { false }

  package func answer(_ number: Int, taking actions: DragActions, quiet: WindowRectangle?) {
    guard let over = state.withLock({ $0.drops.over }), over.number == number else { return }
    try? answer(
      over.offer, serial: over.serial, mimeType: actions.isEmpty ? nil : over.mimeTypes.first, actions: actions,
      preferred: actions)
  }

  package func read(_ target: String, of number: Int) throws(SystemPasteboardError) -> [UInt8] {
    guard let offer = state.withLock({ $0.drops.offer(of: number) }) else {
      throw SystemPasteboardError(.closed, "the drag is over: its data can no longer be read")
    }
    var data: [UInt8] = []
    try receive(target, from: .data(offer)) { chunk throws(SystemPasteboardError) in data += chunk }
    return data
  }

  package func finish(_ number: Int, with action: DragActions) {
    guard let offer = state.withLock({ $0.drops.finish(number) }) else { return }
    if action.isEmpty { release(.data(offer)) } else { try? finish(offer, with: action) }
  }

  package func startDrag(
    _ items: [SystemPasteboard.Item], allowed: DragActions, icon: DragIcon?,
    ended: @escaping @Sendable (DragActions) -> Void
  ) throws(SystemPasteboardError) {
    guard let serial = state.withLock({ $0.latestPress }) else {
      throw SystemPasteboardError(.request, "a Wayland drag starts from a button press in the window, and none came")
    }
    let offers = SelectionTargets.offers(for: items)
    let chosen = Locked<DragActions>([])
    keptDragItems.withLock { $0 = items }
    try startDrag(
      mimeTypes: offers.map(\.target), actions: allowed.waylandMask.isEmpty ? .copy : allowed, serial: serial,
      icon: icon, serve: SelectionTargets.server(for: offers, items: items, fileOperation: .copy),
      events: { event in
        switch event {
        case .action(let action): chosen.withLock { $0 = action }
        case .finished: ended(chosen.withLock { $0 })
        case .cancelled: ended([])
        case .target, .dropPerformed, .served: break
        }
      })
  }

  // MARK: The data device's drag events

  func dragEntered(_ offer: WaylandObject<Wayland.DataOffer>, serial: UInt32, mimeTypes: [String], x: Double, y: Double)
  {
    let (over, left, handler, allowed) = state.withLock { state in
      let (over, left) = state.drops.enter(offer: offer, serial: serial, mimeTypes: mimeTypes)
      return (over, left, state.onDrag, state.offers.entries[.data(offer)]?.actions ?? [])
    }
    if let left { dragEnded(left, handler: handler) }
    let size = self.size
    handler?(
      .entered(
        number: over.number, targets: mimeTypes, source: "wayland client", width: Double(size.width),
        height: Double(size.height)))
    handler?(.moved(number: over.number, x: x, y: y, allowed: DragActions(waylandMask: allowed)))
  }

  func dragMoved(x: Double, y: Double) {
    let (over, handler, allowed) = state.withLock { state in
      (
        state.drops.over, state.onDrag,
        state.drops.over.flatMap { state.offers.entries[.data($0.offer)]?.actions } ?? []
      )
    }
    guard let over else { return }
    handler?(.moved(number: over.number, x: x, y: y, allowed: DragActions(waylandMask: allowed)))
  }

  /// The drag left: its offer goes (after a drop, the leave that follows finds no drag over us).
  func dragLeft() {
    let (over, handler) = state.withLock { state in (state.drops.leave(), state.onDrag) }
    if let over { dragEnded(over, handler: handler) }
  }

  func dragDropped() {
    let (over, handler) = state.withLock { state in (state.drops.drop(), state.onDrag) }
    if let over { handler?(.dropped(number: over.number)) }
  }

  private func dragEnded(_ over: WindowDrops.Over, handler: (@Sendable (WindowDragEvent) -> Void)?) {
    release(.data(over.offer))
    handler?(.left(number: over.number))
  }
}
