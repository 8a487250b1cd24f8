import SystemPasteboardCore

/// An offer of any kind a device announces: a window's data device's (`wl_data_offer`), its
/// primary selection device's, or a data-control device's (either prefix). Each kind takes its own
/// `receive` and `destroy`, chosen here by the compiler.
enum WaylandOffer: Hashable, Sendable {
  case data(WaylandObject<Wayland.DataOffer>)
  case primary(WaylandObject<Wayland.PrimaryOffer>)
  case dataControl(WaylandObject<Wayland.DataControlOffer>)

  /// The offer's `receive` of `mimeType` into `fd`.
  func receive(mimeType: String, fd: Int32) -> WaylandMessage {
    switch self {
    case .data(let offer): offer.receive(mimeType: mimeType, fd: fd)
    case .primary(let offer): offer.receive(mimeType: mimeType, fd: fd)
    case .dataControl(let offer): offer.receive(mimeType: mimeType, fd: fd)
    }
  }

  /// The offer's `destroy`.
  func destroy() -> WaylandMessage {
    switch self {
    case .data(let offer): offer.destroy()
    case .primary(let offer): offer.destroy()
    case .dataControl(let offer): offer.destroy()
    }
  }

  /// The offer that sent `incoming`, where it is an offer's event.
  init?(sender incoming: WaylandConnection.Incoming) {
    switch incoming.event {
    case .dataOffer: self = .data(WaylandObject(id: incoming.object))
    case .primaryOffer: self = .primary(WaylandObject(id: incoming.object))
    case .dataControlOffer: self = .dataControl(WaylandObject(id: incoming.object))
    default: return nil
    }
  }
}

/// The data offers a device announced, and which of them each selection holds: what both a
/// data-control device (``WaylandSelection/Link``) and a window's `wl_data_device` and primary
/// selection device (``WaylandToplevel``) keep of the compositor's offer events.
///
/// An offer is announced (`data_offer`), then lists its MIME types (`offer`, at most
/// ``mimeTypeLimit`` kept, so that no peer grows our memory without bound) and, for a drag, its
/// source's actions (`source_actions`); a `selection` event then makes it the clipboard's or the
/// primary selection's offer, and the offer it replaces is stale: its holder destroys it.
///
/// The compositor gives the id of an offer we destroyed to a later one (libwayland hands out its
/// own ids from a free list), so an id does not tell two offers apart over time: each announcement
/// is numbered, and a reader that must know whether the selection still holds the offer it read
/// compares numbers, not ids.
struct WaylandOffers {
  /// What one offer carries.
  struct Entry: Equatable {
    var mimeTypes: [String] = []
    /// The drag source's dnd actions.
    var actions: WaylandEnum.DataDeviceManagerDndAction = []
    /// The action the compositor chose for a drag (`wl_data_offer.action`), none before it has.
    var chosen: WaylandEnum.DataDeviceManagerDndAction = []
    /// Which announcement (`data_offer`) made the offer, counted from 1 in this device's life.
    var announcement: UInt64 = 0
  }

  /// A selection's offer, with its MIME types and its announcement's number.
  typealias Held = (offer: WaylandOffer, mimeTypes: [String], announcement: UInt64)

  /// The most MIME types kept for one offer.
  static let mimeTypeLimit = 4096

  private(set) var entries: [WaylandOffer: Entry] = [:]
  /// The offers of the clipboard and of the primary selection now.
  private(set) var clipboard: WaylandOffer?
  private(set) var primarySelection: WaylandOffer?
  /// How many offers were announced.
  private var announcements: UInt64 = 0

  /// Takes an offer event (`data_offer`, `offer`, `source_actions`, a drag offer's `action`)
  /// from `incoming`; false for any other event.
  mutating func take(_ incoming: WaylandConnection.Incoming) -> Bool {
    switch incoming.event {
    case .dataDevice(.dataOffer(let offer)): announce(.data(offer))
    case .primaryDevice(.dataOffer(let offer)): announce(.primary(offer))
    case .dataControlDevice(.dataOffer(let offer)): announce(.dataControl(offer))
    case .dataOffer(.offer(let mimeType)), .primaryOffer(.offer(let mimeType)), .dataControlOffer(.offer(let mimeType)):
      guard let offer = WaylandOffer(sender: incoming) else { return false }
      if let count = entries[offer]?.mimeTypes.count, count < Self.mimeTypeLimit {
        entries[offer]!.mimeTypes.append(mimeType)
      }
    case .dataOffer(.sourceActions(let mask)): entries[.data(WaylandObject(id: incoming.object))]?.actions = mask
    case .dataOffer(.action(let mask)): entries[.data(WaylandObject(id: incoming.object))]?.chosen = mask
    default: return false
    }
    return true
  }

  /// A new offer, under an id that may have been another's.
  private mutating func announce(_ offer: WaylandOffer) {
    announcements += 1
    entries[offer] = Entry(announcement: announcements)
  }

  /// The selection's offer is now `offer` (nil: nothing owns it); the offer it replaced, now
  /// stale and forgotten, for the caller to destroy.
  mutating func select(_ offer: WaylandOffer?, primary: Bool) -> WaylandOffer? {
    let previous = primary ? primarySelection : clipboard
    if primary { primarySelection = offer } else { clipboard = offer }
    guard let previous, previous != offer else { return nil }
    entries.removeValue(forKey: previous)
    return previous
  }

  /// The selection's offer now, with its MIME types and its announcement's number; nil when
  /// nothing owns it.
  func selection(primary: Bool) -> Held? {
    guard let offer = primary ? primarySelection : clipboard else { return nil }
    return (offer, entries[offer]?.mimeTypes ?? [], entries[offer]?.announcement ?? 0)
  }

  /// Forgets every offer that no selection holds (a data-control device announces offers only
  /// for selections, so any other is one a compositor announced and never selected); their ids,
  /// for the caller to destroy.
  mutating func removeUnselected() -> [WaylandOffer] {
    let unselected = entries.keys.filter { $0 != clipboard && $0 != primarySelection }
    for offer in unselected { entries.removeValue(forKey: offer) }
    return unselected
  }

  /// Forgets `offer` (destroyed, or finished).
  mutating func remove(_ offer: WaylandOffer) {
    entries.removeValue(forKey: offer)
  }

  /// The device is gone: no selection is held any more.
  mutating func clearSelections() {
    for offer in [clipboard, primarySelection].compactMap({ $0 }) { entries.removeValue(forKey: offer) }
    (clipboard, primarySelection) = (nil, nil)
  }
}

extension WaylandConnection {
  /// Sends `offer`'s `destroy`.
  /// - Throws: ``SystemPasteboardError`` as ``send(_:)`` does.
  func destroy(_ offer: WaylandOffer) throws(SystemPasteboardError) { try send(offer.destroy()) }
}
