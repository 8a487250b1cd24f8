import SystemPasteboardCore
import UTIPlatform

extension WaylandSelection {
  /// One connection to a compositor, its event loop and one data-control device, shared by this
  /// process's pasteboards on that compositor: the device announces both selections, and each
  /// pasteboard (the clipboard, the primary selection, any other pasteboard of either) is a
  /// ``WaylandSelection`` on the link with a source of its own. The link keeps the device's
  /// offers; each event goes to every selection, which takes what is its own (the selection
  /// it follows, the events of its source).
  ///
  /// A pasteboard that defers its threads (a process about to fork the child that serves) has a
  /// link of its own, whose thread starts when the pasteboard starts serving; so has a pasteboard
  /// of another timeout. A link of the parent is never used in a forked child. A link whose
  /// connection was lost is replaced by the next pasteboard call.
  final class Link: @unchecked Sendable {
    // Sendable: `offers` and `members` are under their locks; the rest is `let`s (the objects' ids, the
    // dispatcher with its loop).
    let connection: WaylandConnection
    let dispatcher: WaylandDispatcher
    /// The data-control protocol bound (ext's, else wlroots'), and its manager's version.
    let interfaces: WaylandInterface.DataControl
    let version: UInt32
    let manager: WaylandObject<Wayland.DataControlManager>
    /// The seat's data-control device, which announces both selections.
    let device: WaylandObject<Wayland.DataControlDevice>
    /// The offers the device announced, and which of them each selection holds.
    let offers = Locked(WaylandOffers())
    /// The selections served, held weakly: their pasteboards keep them.
    private let members = Locked<[Member]>([])
    /// The process that made the link (``isThisProcess``).
    private let process = ProcessEnvironment.processID
    /// Whether the link is shared (else it is one pasteboard's, whose thread was deferred).
    let isShared: Bool

    private struct Member {
      weak var selection: WaylandSelection?
    }

    /// The shared links.
    private static let shared = DisplayLinks<WaylandDisplay, Link>()

    /// The link a selection on `display` uses: the shared one, made at the first call and again
    /// after its connection was lost; with `shared` false (a pasteboard that defers its
    /// threads), a new one whose thread waits for ``WaylandDispatcher/start()``.
    /// - Throws: ``SystemPasteboardError``: as ``WaylandConnection`` does; `.unsupported` when
    ///   the compositor offers no data-control protocol (GNOME, weston) or no seat.
    static func link(display: WaylandDisplay, timeout: Double, shared: Bool) throws(SystemPasteboardError) -> Link {
      guard shared else { return try Link(display: display, timeout: timeout, shared: false) }
      return try Self.shared.link(to: display, timeout: timeout, isServing: \.isServing) {
        () throws(SystemPasteboardError) in try Link(display: display, timeout: timeout, shared: true)
      }
    }

    /// Connects to `display`, binds its seat and a data-control manager and gets the seat's
    /// device; the thread of a shared link is started, that of a pasteboard's own waits.
    private init(display: WaylandDisplay, timeout: Double, shared: Bool) throws(SystemPasteboardError) {
      isShared = shared
      connection = try WaylandConnection(display: display, timeout: timeout)
      dispatcher = try WaylandDispatcher(connection: connection)
      let (interfaces, manager, version) = try Self.bindManager(on: connection)
      (self.interfaces, self.manager, self.version) = (interfaces, manager, version)
      guard let (seat, _) = try connection.bind(.seat, as: Wayland.Seat.self) else {
        throw SystemPasteboardError(.unsupported, "the Wayland compositor at \(connection.display) has no seat")
      }
      device = try connection.create(interfaces.device) { manager.getDataDevice(id: $0, seat: seat) }
      // The device announces the current selections at once.
      try connection.roundTrip { incoming throws(SystemPasteboardError) in handle(incoming) }
      dispatcher.prepare { [weak self] incoming in
        self?.handle(incoming)
      } ended: { [weak self] error in
        for selection in self?.liveMembers ?? [] { selection.connectionEnded(error) }
      }
      if shared { try dispatcher.start() }
    }

    /// The data-control manager the compositor offers, ext's before wlroots'.
    private static func bindManager(on connection: WaylandConnection) throws(SystemPasteboardError) -> (
      WaylandInterface.DataControl, WaylandObject<Wayland.DataControlManager>, UInt32
    ) {
      for candidate in WaylandInterface.DataControl.preferred {
        if let (manager, version) = try connection.bind(candidate.manager, as: Wayland.DataControlManager.self) {
          return (candidate, manager, version)
        }
      }
      let names = WaylandInterface.DataControl.preferred.map(\.manager.name).joined(separator: " or ")
      throw SystemPasteboardError(
        .unsupported,
        "the Wayland compositor at \(connection.display) offers no data-control protocol (\(names)), which a client without a window needs for the clipboard"
      )
    }

    /// Whether the link serves: its connection is there.
    private var isServing: Bool { dispatcher.failure == nil }

    /// Whether this process made the link: a forked child holding its parent's link sends
    /// nothing on the socket they share.
    var isThisProcess: Bool { process == ProcessEnvironment.processID }

    /// Whether the bound manager has the primary selection (ext's always; wlroots' from version 2).
    var hasPrimarySelection: Bool {
      interfaces.manager.name != WaylandInterface.DataControl.wlr.manager.name || version >= 2
    }

    /// Serves `selection`'s events from now on.
    func add(_ selection: WaylandSelection) {
      members.withLock { members in
        members.removeAll { $0.selection == nil }
        members.append(Member(selection: selection))
      }
    }

    /// A selection's pasteboard let it go: the link serves the others.
    func remove(_ selection: WaylandSelection) {
      members.withLock { $0.removeAll { $0.selection == nil || $0.selection === selection } }
    }

    private var liveMembers: [WaylandSelection] { members.withLock { $0.compactMap(\.selection) } }

    /// On the loop's thread: the device's offers are kept here, then every selection hears the
    /// event.
    private func handle(_ incoming: WaylandConnection.Incoming) {
      switch incoming.event {
      case .dataControlDevice(.dataOffer), .dataControlOffer(.offer):
        offers.withLock { _ = $0.take(incoming) }
        return
      case .dataControlDevice(.selection(let offer)): select(offer.map(WaylandOffer.dataControl), primary: false)
      case .dataControlDevice(.primarySelection(let offer)): select(offer.map(WaylandOffer.dataControl), primary: true)
      case .dataControlDevice(.finished):
        // The seat went away: the device is dead, and reads find no owner.
        offers.withLock { $0.clearSelections() }
      default: break
      }
      var taken = false
      for selection in liveMembers where selection.handle(incoming) { taken = true }
      if case .dataControlSource(.send(_, let fd)) = incoming.event, !taken { WaylandSelection.refuse(fd) }
    }

    /// On the loop's thread: the selection's offer is now `offer`; the offers no selection
    /// holds any longer are destroyed.
    private func select(_ offer: WaylandOffer?, primary: Bool) {
      let stale = offers.withLock { offers in
        [offers.select(offer, primary: primary)].compactMap { $0 } + offers.removeUnselected()
      }
      for offer in stale { try? connection.destroy(offer) }
    }
  }
}
