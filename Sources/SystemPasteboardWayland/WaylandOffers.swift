import SystemPasteboardCore

/// The data offers a device announced, and which of them each selection holds: what both a
/// data-control device (``WaylandSelection/Link``) and a window's `wl_data_device` and primary
/// selection device (``WaylandToplevel``) keep of the compositor's offer events.
///
/// An offer is announced (`data_offer`), then lists its MIME types (`offer`, at most
/// ``mimeTypeLimit`` kept, so that no peer grows our memory without bound) and, for a drag, its
/// source's actions (`source_actions`); a `selection` event then makes it the clipboard's or the
/// primary selection's offer, and the offer it replaces is stale: its holder destroys it.
struct WaylandOffers {
  /// What one offer carries.
  struct Entry: Equatable {
    var mimeTypes: [String] = []
    /// The drag source's dnd actions.
    var actions: WaylandEnum.DataDeviceManagerDndAction = []
    /// The action the compositor chose for a drag (`wl_data_offer.action`), none before it has.
    var chosen: WaylandEnum.DataDeviceManagerDndAction = []
  }

  /// The most MIME types kept for one offer.
  static let mimeTypeLimit = 4096

  private(set) var entries: [UInt32: Entry] = [:]
  /// The offers of the clipboard and of the primary selection now.
  private(set) var clipboard: UInt32?
  private(set) var primarySelection: UInt32?

  /// Takes an offer event (`data_offer`, `offer`, `source_actions`, a drag offer's `action`)
  /// from `incoming`; false for any other event.
  mutating func take(_ incoming: WaylandConnection.Incoming) -> Bool {
    switch incoming.event {
    case .dataDevice(.dataOffer(let offer)), .primaryDevice(.dataOffer(let offer)),
      .dataControlDevice(.dataOffer(let offer)):
      entries[offer] = Entry()
    case .dataOffer(.offer(let mimeType)), .primaryOffer(.offer(let mimeType)), .dataControlOffer(.offer(let mimeType)):
      if let count = entries[incoming.object]?.mimeTypes.count, count < Self.mimeTypeLimit {
        entries[incoming.object]!.mimeTypes.append(mimeType)
      }
    case .dataOffer(.sourceActions(let mask)): entries[incoming.object]?.actions = mask
    case .dataOffer(.action(let mask)): entries[incoming.object]?.chosen = mask
    default: return false
    }
    return true
  }

  /// The selection's offer is now `offer` (nil: nothing owns it); the offer it replaced, now
  /// stale and forgotten, for the caller to destroy.
  mutating func select(_ offer: UInt32?, primary: Bool) -> UInt32? {
    let previous = primary ? primarySelection : clipboard
    if primary { primarySelection = offer } else { clipboard = offer }
    guard let previous, previous != offer else { return nil }
    entries.removeValue(forKey: previous)
    return previous
  }

  /// The selection's offer now, with its MIME types; nil when nothing owns it.
  func selection(primary: Bool) -> (offer: UInt32, mimeTypes: [String])? {
    guard let offer = primary ? primarySelection : clipboard else { return nil }
    return (offer, entries[offer]?.mimeTypes ?? [])
  }

  /// Forgets every offer that no selection holds (a data-control device announces offers only
  /// for selections, so any other is one a compositor announced and never selected); their ids,
  /// for the caller to destroy.
  mutating func removeUnselected() -> [UInt32] {
    let unselected = entries.keys.filter { $0 != clipboard && $0 != primarySelection }
    for offer in unselected { entries.removeValue(forKey: offer) }
    return unselected
  }

  /// Forgets `offer` (destroyed, or finished).
  mutating func remove(_ offer: UInt32) {
    entries.removeValue(forKey: offer)
  }

  /// The device is gone: no selection is held any more.
  mutating func clearSelections() {
    for offer in [clipboard, primarySelection].compactMap({ $0 }) { entries.removeValue(forKey: offer) }
    (clipboard, primarySelection) = (nil, nil)
  }
}
