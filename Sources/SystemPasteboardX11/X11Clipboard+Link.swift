import SystemPasteboardCore
import TypeRegistry
import UTIPlatform

extension X11Clipboard {
  /// One connection to an X display and its event loop, shared by this process's pasteboards on
  /// that display: it owns, watches and reads for each of them (the clipboard, the primary
  /// selection, any other pasteboard of either), each through a ``Server`` of its own, an owner
  /// and a requestor with their windows. The owners are served as one group
  /// (``SelectionOwners``); each event goes to every server, which takes what is its own.
  ///
  /// A pasteboard that defers its threads (a process about to fork the child that serves) has a
  /// link of its own, whose thread starts when the pasteboard starts serving; so has a pasteboard
  /// of another timeout. A link of the parent is never used in a forked child. A link whose
  /// connection was lost is replaced: its servers make new ones on the next link.
  final class Link: X11EventLoopDelegate, @unchecked Sendable {
    // Sendable: `servers` is `loop`'s (changed only on its thread); the rest is `let`s whose classes keep
    // their own state under their locks or on the loop.
    let connection: X11Connection
    let loop: EventLoop
    let owners: SelectionOwners
    /// The servers served (loop-confined), held weakly: their pasteboards keep them.
    private var servers: [Member] = []

    private struct Member {
      weak var server: Server?
    }

    /// The shared links.
    private static let shared = DisplayLinks<X11Display, Link>()

    /// A new connection to `display` and its loop, started unless `starting` is false.
    private init(display: X11Display, timeout: Double, starting: Bool) throws(SystemPasteboardError) {
      connection = try X11Connection(display: display, timeout: timeout)
      connection.prefetchExtension("XFIXES")  // with the first owner's atoms
      owners = SelectionOwners(connection: connection)
      loop = try EventLoop(for: connection)
      loop.prepare(serving: owners, delegate: self)
      if starting { try loop.start() }
    }

    /// The link a server on `display` uses: the shared one, made at the first call and again
    /// after its connection was lost; with `shared` false (a pasteboard that defers its
    /// threads), a new one whose thread waits for ``EventLoop/start()``.
    static func link(display: X11Display, timeout: Double, shared: Bool) throws(SystemPasteboardError) -> Link {
      guard shared else { return try Link(display: display, timeout: timeout, starting: false) }
      return try Self.shared.link(to: display, timeout: timeout, isServing: \.isServing) {
        () throws(SystemPasteboardError) in try Link(display: display, timeout: timeout, starting: true)
      }
    }

    /// Whether the link serves: its connection is there.
    private var isServing: Bool { loop.failure == nil }

    /// Makes an owner of `selection` on the link's connection, served in its group and told of
    /// the selection's changes of owner (XFIXES); a server's requestor is made at its first read.
    /// - Throws: ``SystemPasteboardError`` when the loop ended or the server refused us.
    func attach(selection: String, registry: UTTypeRegistry?) throws(SystemPasteboardError) -> SelectionOwner {
      try loop.submit(within: 2 * connection.timeout) {
        [self] () throws(SystemPasteboardError) -> HandedOver<SelectionOwner> in
        let owner = try SelectionOwner(
          connection: connection, selection: selection, registry: registry,
          alsoInterning: SelectionRequestor.atomNames(for: selection), in: owners)
        _ = try connection.selectSelectionInput(window: owner.window, selection: owner.selection)
        return HandedOver(owner)
      }.value
    }

    /// Serves `server`'s events from now on.
    func add(_ server: Server) throws(SystemPasteboardError) {
      try loop.submit(within: 2 * connection.timeout) { [self] () throws(SystemPasteboardError) in
        servers.removeAll { $0.server == nil }
        servers.append(Member(server: server))
      }
    }

    /// A server's pasteboard let it go: its owner and requestor windows are destroyed (the
    /// server gives up what it owned, as a closed connection would), the link goes on for the
    /// others.
    func detach(_ owner: SelectionOwner, requestor: SelectionRequestor?) {
      let parts = HandedOver((owner, requestor))
      loop.execute { [self] in
        let (owner, requestor) = parts.value
        owners.remove(owner)
        servers.removeAll { $0.server == nil }
        requestor?.loopEnded(SystemPasteboardError(.closed, "the pasteboard was closed"))
        if let requestor { connection.destroyWindow(requestor.window) }
        connection.destroyWindow(owner.window)
        try? connection.flush()
      }
    }

    // MARK: The loop's delegate

    private var liveServers: [Server] { servers.compactMap(\.server) }

    func handle(_ event: X11Connection.Event) {
      let decoded = X11Event(event, xfixesEvent: connection.xfixesEvent)
      for server in liveServers { server.handle(decoded, synthetic: event.isSynthetic) }
    }

    /// The link's own deadlines: none (its owners' are the loop's).
    var nextDeadline: UInt64 { .max }

    /// An owner gave up what was overdue (a silent `INCR` requestor, a silent manager).
    func deadlinePassed() { refreshServers() }

    /// Has every server read its owner's state again, after something other than an event
    /// changed it (a command: one server's own takes the selection from another's owner on this
    /// connection, which the X server does not tell; an overdue transfer given up).
    func refreshServers() {
      for server in liveServers { server.refresh() }
    }

    func loopEnded(_ error: SystemPasteboardError?) {
      for server in liveServers { server.loopEnded(error) }
    }
  }
}
