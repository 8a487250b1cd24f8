import SystemPasteboardCore
import TypeRegistry
import UTIPlatform

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The side of a selection that owns it: answers other clients' `ConvertSelection` requests
/// from the items it was given (ICCCM section 2), on its own connection and thread.
///
/// `TARGETS`, `TIMESTAMP`, `MULTIPLE` and `SAVE_TARGETS` are answered by the owner itself; a
/// data target loads the representation when a requestor asks for it (off the loop when the
/// load runs code or reads a file), and data larger than the server's maximum request goes in
/// `INCR` chunks, each sent when the requestor deletes the previous one (a file representation
/// is read a chunk at a time, off the loop, so memory stays flat and the loop never waits on the
/// file system). Losing the selection (`SelectionClear`) ends ownership.
final class SelectionOwner {
  package let connection: X11Connection
  package let window: UInt32
  package let selection: UInt32
  let selectionName: String
  var items: [SystemPasteboard.Item] = []
  var offers: [SelectionTargets.Offer] = []
  var ownedSince: UInt32 = 0
  var isOwner = false
  /// Releases sent whose confirmation has not come (``disown(then:)``).
  var releasesInFlight = 0
  /// An ``own(_:fileOperation:ownership:at:done:)`` waiting for the server's time.
  var pendingOwn: PendingOwn?
  /// `INCR` transfers in progress (``Transfer``), and the number the last one was given.
  var transfers: [Transfer] = []
  var transfersBegun: UInt64 = 0
  /// How long a load handler may take, and how long an INCR requestor may stay silent.
  package let loadTimeout: Double
  /// The owners served with this one on its connection (this one alone, unless it was made in
  /// a shared group).
  package let owners: SelectionOwners
  /// The hand-over to the clipboard manager in progress, if one is.
  var handingOver: HandOver?

  /// The chunk size of `INCR` transfers: well under the server's maximum request (raised by
  /// BIG-REQUESTS once its answer came: ``X11Connection/askForBigRequests()`` at the first own).
  var chunkSize: Int {
    let maximum = connection.setup.maximumRequestBytes
    return min(max(maximum - 1024, 4096), 1 << 20)
  }

  /// The registry offers are mapped with (nil: the shared one).
  package let registry: UTTypeRegistry?

  /// An owner of `selection` on `connection` (not owning it yet), with a window of its own. Its
  /// atoms, and `alsoInterning` (a requestor's on the same connection), are interned in one
  /// round trip.
  package init(
    connection: X11Connection, selection: String, registry: UTTypeRegistry? = nil, loadTimeout: Double = 10,
    alsoInterning: [String] = [], in owners: SelectionOwners? = nil
  ) throws(SystemPasteboardError) {
    self.connection = connection
    self.owners = owners ?? SelectionOwners(connection: connection)
    self.registry = registry
    self.selectionName = selection
    self.loadTimeout = loadTimeout
    window = connection.createWindow()
    // The atoms an owner answers with, interned in one round trip; its reply comes after the
    // window was made, so an error making it has arrived by then.
    self.selection = try connection.atoms(
      [selection] + Self.answerAtoms + alsoInterning
    )[0]
    if let error = connection.takeErrors().first { throw error }
    self.owners.add(self)
  }

  /// The atoms an owner's answers name, interned when it is made so that no answer waits for one.
  static let answerAtoms = [
    "_SWIFT_UTI_TIMESTAMP", "STRING", "UTF8_STRING", "ATOM", "ATOM_PAIR", "INTEGER", "NULL", "INCR", "TARGETS",
    "TIMESTAMP", "MULTIPLE", "SAVE_TARGETS", "CLIPBOARD_MANAGER", "_SWIFT_UTI_SAVE_TARGETS", XdndDirectSave.target,
    XdndDirectSave.propertyType,
  ]

  /// The targets offered for the providers, in order (without `TARGETS` and the other meta
  /// targets): `XdndDirectSave0` first where a drag's item promises a file.
  var offeredTargets: [String] { (offersDirectSave ? [XdndDirectSave.target] : []) + offers.map(\.target) }

  /// What a paste of the files we own asks of the paster (`x-special/gnome-copied-files`).
  var fileOperation = FileList.Operation.copy

  /// The ownership the items were given with: told of each paste served to its end.
  var ownership = Ownership.unlimited

  /// When the owner next gives something up (`.max` for nothing): the silent `INCR` transfer
  /// that is due first, or a hand-over whose manager fell silent.
  var nextDeadline: UInt64 {
    let idle = MonotonicClock.nanoseconds(loadTimeout)
    let first = min(handingOver?.deadline ?? .max, pendingOwn?.deadline ?? .max)
    return transfers.reduce(first) { $1.isActive ? min($0, $1.lastActivity + idle) : $0 }
  }

  /// Gives up what is overdue: the `INCR` transfers whose requestors stayed silent for
  /// ``loadTimeout``, and a hand-over past its deadline.
  func giveUpOverdue() {
    let now = MonotonicClock.now()
    endTransfers { $0.isActive && now >= $0.lastActivity + MonotonicClock.nanoseconds(loadTimeout) }
    if let pending = pendingOwn, now >= pending.deadline {
      pendingOwn = nil
      pending.done(.failure(SystemPasteboardError(.timeout, "the X server sent no timestamp")))
    }
    if let deadline = handingOver?.deadline, now >= deadline { endHandOver(confirmed: false) }
  }

  /// Handles `event` where it is this owner's: a request for its window, a step of one of its
  /// transfers, the loss of its selection; other events pass.
  func handle(_ event: X11Connection.Event) throws(SystemPasteboardError) {
    let decoded = X11Event(event, xfixesEvent: connection.xfixesEvent)
    handOverHeard(decoded)
    switch decoded {
    // SelectionClear comes from the server alone: one another client sent (SendEvent sets the
    // high bit) does not take the selection from us.
    case .selectionClear(let owner, let cleared, _) where owner == window && cleared == selection && !event.isSynthetic:
      lose()
    case .selectionRequest(let request) where request.owner == window:
      answer(request)
    case .propertyNotify(window, let property, let time, deleted: false) where pendingOwn != nil:
      timestampArrived(property: property, time: time)
    case .propertyNotify(let requestor, let property, _, deleted: true):
      // The requestor took an INCR chunk.
      try continueTransfer(requestor: requestor, property: property)
    case .destroyNotify(let gone):  // an INCR requestor went away
      endTransfers { $0.requestor == gone }
    default: break
    }
  }

  /// Errors for requests nobody waits for (a ChangeProperty or SendEvent to a requestor that
  /// vanished): a BadWindow for a requestor ends its transfers, anything else is that request's alone.
  func requestsFailed(_ errors: [SystemPasteboardError]) {
    for error in errors where error.server?.code == X11Errors.badWindow {
      if let gone = error.server?.value { endTransfers { $0.requestor == gone } }
    }
  }

  /// The number of `INCR` transfers in progress.
  var transferCount: Int { transfers.count }

  /// A `SelectionRequest`'s fields (ICCCM 2.2).
  typealias Request = X11Event.SelectionRequest

  // MARK: Answers

  /// Answers a request for our selection, owned since before its time, with its conversion,
  /// or refuses it with `SelectionNotify` naming property None. Nothing here waits on the
  /// connection: the names of atoms not cached yet and a `MULTIPLE` request's pair list are
  /// asked for, and the answer goes on when the server's replies arrive (the loop serves
  /// meanwhile); a target the server cannot name is refused.
  private func answer(_ request: Request) {
    // ICCCM 2.2: an obsolete client may send None as the property; use the target then.
    let property = request.property == 0 ? request.target : request.property
    guard isOwner && request.selection == selection && (request.time == 0 || request.time >= ownedSince) else {
      return refuse(request)
    }
    connection.names(of: [request.target]) { [self] names in
      guard let name = names[0] else { return refuse(request) }
      guard name == "MULTIPLE" else { return answer(request, property: property, Prepared()) }
      connection.property32(request.requestor, property, limit: 1 << 16) { [self] list in
        guard let pairs = list?.values else { return answer(request, property: property, Prepared(pairs: [])) }
        connection.names(of: MultiplePairs.targets(pairs)) { [self] _ in
          answer(request, property: property, Prepared(pairs: pairs))
        }
      }
    }
  }

  /// Answers `request`, its names known and its pair list read: off the loop when a load may
  /// wait, else here.
  private func answer(_ request: Request, property: UInt32, _ prepared: Prepared) {
    // Lost in the meantime (a SelectionClear read before the names came): refused.
    guard isOwner else { return refuse(request) }
    if offersDirectSave && connection.cachedName(of: request.target) == XdndDirectSave.target {
      return answerDirectSave(request, property: property)
    }
    if answersAfterLoading(request, property: property, prepared) { return }
    let answered = convert(requestor: request.requestor, target: request.target, property: property, prepared)
    notify(request, property: answered ? property : 0)
    try? connection.flush()
  }

  /// Refuses `request` (`SelectionNotify` with property None).
  func refuse(_ request: Request) {
    notify(request, property: 0)
    try? connection.flush()
  }

  /// Loads the data of a request whose representations may wait to load (an item provider,
  /// which may wait for the main actor or take its time; a file, which may be on a stalled
  /// mount) on the process's ``WorkPool``, and answers when they are done, on the owner's thread:
  /// the loop serves other requests meanwhile (a pool with no room refuses the request). A file that fits one property is read there too. For
  /// `MULTIPLE`, every pair's target that may wait is loaded there, and the whole reply
  /// follows. False (nothing started) for targets at hand, or an owner nothing serves.
  private func answersAfterLoading(_ request: Request, property: UInt32, _ prepared: Prepared) -> Bool {
    guard let loop = owners.loop else { return false }
    let loading = offersThatMayWait(for: request, pairs: prepared.pairs)
    guard !loading.isEmpty else { return false }
    let owner = LoopBound(self, on: loop)
    let (items, operation, pairs, limit) = (items, fileOperation, prepared.pairs, chunkSize)
    let accepted = WorkPool.shared.submit {
      var loaded: [String: Payload?] = [:]
      for offer in loading {
        let payload = SelectionTargets.payload(for: offer, items: items, fileOperation: operation)
        loaded[offer.target] = payload?.readIn(upTo: limit)
      }
      let payloads = loaded
      owner.loop?.execute {
        owner.value.answerLoaded(request, property: property, Prepared(pairs: pairs, loaded: payloads))
      }
    }
    // The process's pool has no room: this request is refused (the requestor may ask again).
    if !accepted { refuse(request) }
    return true
  }

  /// What an answer read and loaded before converting: a `MULTIPLE` request's pair list (nil for
  /// another target, or a list the requestor did not set), and the payloads loaded off the loop,
  /// by target (nil: the load failed).
  private struct Prepared {
    var pairs: [UInt32]?
    var loaded: [String: Payload?] = [:]
  }

  /// The offers a request asks for (its target, or each of its `MULTIPLE` pairs') whose load
  /// may wait.
  private func offersThatMayWait(for request: Request, pairs: [UInt32]?) -> [SelectionTargets.Offer] {
    let targets =
      pairs.map { pairs in stride(from: 0, to: pairs.count - 1, by: 2).map { pairs[$0] } } ?? [request.target]
    // An atom the server could not name is refused when the pair is converted.
    let names = Set(targets.compactMap { connection.cachedName(of: $0) })
    return offers.filter { names.contains($0.target) && SelectionTargets.loadMayWait(for: $0, items: items) }
  }

  /// Answers `request` with the payloads its loads gave (nil: refused), on the owner's thread.
  private func answerLoaded(_ request: Request, property: UInt32, _ prepared: Prepared) {
    let answered = convert(requestor: request.requestor, target: request.target, property: property, prepared)
    notify(request, property: answered ? property : 0)
    try? connection.flush()
  }

  /// Writes the conversion of `target` into `property` of `requestor`, with what was `prepared`
  /// for it; false when it cannot (a target we do not have, or the server could not name).
  /// Every atom it names was interned before (``answerAtoms``, the offers' at ``own``).
  private func convert(requestor: UInt32, target: UInt32, property: UInt32, _ prepared: Prepared) -> Bool {
    guard let name = connection.cachedName(of: target) else { return false }
    switch name {
    case "TARGETS":
      let names = ["TARGETS", "TIMESTAMP", "MULTIPLE", "SAVE_TARGETS"] + offeredTargets
      let atoms = names.compactMap(connection.cachedAtom)
      connection.changeProperty(requestor, property, type: atom("ATOM"), format: 32, data: atoms.flatMap(X11Wire.le32))
    case "TIMESTAMP":
      connection.changeProperty(requestor, property, type: atom("INTEGER"), format: 32, data: X11Wire.le32(ownedSince))
    case "SAVE_TARGETS":
      connection.changeProperty(requestor, property, type: atom("NULL"), format: 32, data: [])
    case "MULTIPLE":
      return convertMultiple(requestor: requestor, property: property, prepared)
    default:
      guard let offer = offers.first(where: { $0.target == name }),
        let payload = prepared.loaded.keys.contains(name) ? prepared.loaded[name] ?? nil : load(offer)
      else { return false }
      return deliver(payload, of: offer, to: requestor, property: property)
    }
    return true
  }

  /// The cached atom of one of ``answerAtoms`` (interned when the owner was made).
  private func atom(_ name: String) -> UInt32 { connection.cachedAtom(name) ?? 0 }

  /// Puts `payload`, the data of `offer`, in `property` of `requestor` (at once or by `INCR`);
  /// false when its file cannot be read or its atom is not known.
  private func deliver(_ payload: Payload, of offer: SelectionTargets.Offer, to requestor: UInt32, property: UInt32)
    -> Bool
  {
    let name = offer.target
    let latin1 = offer.conversion == .latin1 || offer.conversion == .fileList(.latin1Paths)
    // ICCCM lets the owner of TEXT choose its encoding and name it in the reply's type: ours
    // is UTF-8 (UTF8_STRING), which loses nothing.
    guard let type = connection.cachedAtom(latin1 ? "STRING" : name == "TEXT" ? "UTF8_STRING" : name) else {
      return false
    }
    do {
      // A paste is served when its bytes are in the property (INCR: when the last chunk is).
      let incremental = try send(payload, to: requestor, property: property, type: type, target: name)
      if !incremental { ownership.pasteServed(name) }
    } catch {
      return false
    }
    return true
  }

  /// ICCCM 2.6.2: the requestor's property holds (target, property) pairs; each is converted,
  /// and a pair that fails (a target we do not have, an atom that does not exist, a None
  /// property) has its property replaced by None (``MultiplePairs``).
  private func convertMultiple(requestor: UInt32, property: UInt32, _ prepared: Prepared) -> Bool {
    guard let list = prepared.pairs, !list.isEmpty else { return false }
    let pairs = MultiplePairs.answered(list, multiple: atom("MULTIPLE")) { target, property in
      convert(requestor: requestor, target: target, property: property, Prepared(loaded: prepared.loaded))
    }
    connection.changeProperty(
      requestor, property, type: atom("ATOM_PAIR"), format: 32, data: pairs.flatMap(X11Wire.le32))
    return true
  }

  /// The bytes of an offer's representation, converted; nil when the load fails.
  private func load(_ offer: SelectionTargets.Offer) -> Payload? {
    SelectionTargets.payload(for: offer, items: items, fileOperation: fileOperation)
  }

  // MARK: Requests

  /// Tells the requestor of `request` that its conversion is in `property` (None: refused).
  func notify(_ request: Request, property: UInt32) {
    let notify = X11Event.SelectionNotify(
      time: request.time, requestor: request.requestor, selection: request.selection, target: request.target,
      property: property)
    // No event mask: to the client that created the requestor's window.
    connection.send(
      X11.SendEvent(
        propagate: false, destination: request.requestor, eventMask: [], event: notify.encoded))
  }
}
