import TypeRegistry
import UTIPlatform

/// One way to a desktop's selection, as a ``SystemPasteboard`` uses it: owned with items, read
/// by target, followed as it changes. The pasteboard is written once over this protocol and
/// never asks which way it has.
///
/// The conformers:
/// - ``X11Clipboard``: an X server's selection (owning, INCR, XFIXES, the clipboard manager's
///   hand-over).
/// - ``WaylandSelection``: a compositor's data-control protocol (wlroots compositors, KDE).
/// - ``WaylandFocusedSelection``: a focused window of one pixel, where the compositor has no
///   data-control protocol (GNOME's mutter, weston).
/// - ``WaylandWindowSelection``: an application's own Wayland window, as a toolkit's clipboard.
///
/// ``makePasteboardBackend(for:_:)`` chooses
/// among them.
///
/// The threading contract, which every backend keeps (``WindowBackend`` too):
/// - Each connection is served by one ``EventLoop``, on a thread of its own or driven by its
///   owner's (a main queue): events are read, handlers called, deadlines kept (scheduled on the
///   loop) and requests written there, and nowhere else.
/// - Every method may be called from any thread. A call off the loop posts its work there, in
///   the order made, and waits for its outcome where it returns one (a completion the loop
///   fulfils when the server's answer arrives); the loop never waits for the caller, the server
///   or a load (loads run on the ``WorkPool``).
/// - Handlers (the pasteboard's change notifications, a window's drag events) run on the loop
///   and must not wait for another thread.
/// - A write called on the loop's own thread (a handler that copies, main-thread code where the
///   main thread drives a Wayland window) is written there and returns without waiting for the
///   server: no nested round trip. A read called there (a window's clipboard, pasted from the
///   main thread that drives the window) answers as a toolkit does, from what the loop last heard:
///   the types the server last announced, our own copy from its source in place; another
///   client's data comes through its pipe, which the loop does not serve.
/// - Debug builds stop at a write made off the loop; the threading tests run every backend
///   through concurrent callers to check it.
package protocol PasteboardBackend: SelectionSource, BackendInspection, AnyObject, Sendable {
  /// The desktop this way reaches.
  var server: SystemPasteboard.Backend { get }
  /// What this way can do.
  var capabilities: PasteboardCapabilities { get }
  /// The error that ended this way in, once it has; the pasteboard then makes a new one where
  /// ``PasteboardCapabilities/replaceable``.
  var failure: SystemPasteboardError? { get }
  /// Whether this process owns the selection now.
  var ownsSelection: Bool { get }
  /// Notified whenever ``ownsSelection`` may have changed.
  var ownershipChanged: ChangeSignal { get }

  /// Makes this process the selection's owner with `items`, telling `ownership` of each paste
  /// served to its end.
  func own(_ items: [SystemPasteboard.Item], fileOperation: FileList.Operation, ownership: Ownership)
    throws(SystemPasteboardError)
  /// Gives the selection up, if this process owns it.
  func disown() throws(SystemPasteboardError)
  /// Empties the selection, whoever owns it.
  func clear() throws(SystemPasteboardError)
  /// Starts following the selection's owner, where this way does not from the start.
  func watch() throws(SystemPasteboardError)
  /// Starts the threads of a way made with its threads deferred (see
  /// ``SystemPasteboard/setItemsBeforeFork(_:fileOperation:options:)``).
  func startServing() throws(SystemPasteboardError)
  /// Hands what this process owns to the desktop's clipboard manager; false where there is no
  /// such hand-over.
  func handOverToClipboardManager() throws(SystemPasteboardError) -> Bool
  /// Ends the connections and threads.
  func close()
}

extension PasteboardBackend {
  package func watch() throws(SystemPasteboardError) {}
  package func startServing() throws(SystemPasteboardError) {}
  package func handOverToClipboardManager() throws(SystemPasteboardError) -> Bool { false }

  /// Blocks until this process no longer owns the selection, or `stop` holds, waking when the
  /// backend says its ownership changed and at least every `seconds` (for a connection that
  /// ended unheard, and for a `stop` nothing notifies, such as a flag a signal handler sets).
  package func waitUntilOwnershipEnds(orUntil stop: () -> Bool = { false }, checkingEvery seconds: Double = 1) {
    while !ownershipChanged.wait(until: { !ownsSelection || stop() }, seconds: seconds) {}
  }
}

/// What a way to the selection can do, which the pasteboard's behaviour depends on.
package struct PasteboardCapabilities: OptionSet, Sendable {
  package let rawValue: Int

  /// The capabilities of `rawValue`'s bits.
  package init(rawValue: Int) { self.rawValue = rawValue }

  /// ``SystemPasteboard/changes`` hears other applications' copies (X11's XFIXES,
  /// data-control, an application's own window); not a focused window of one pixel, which
  /// hears only this process's copies.
  package static let hearsOtherApplications = Self(rawValue: 1 << 0)
  /// Owning needs no thread, so a process may own before it forks the child that serves.
  package static let ownsWithoutThreads = Self(rawValue: 1 << 1)
  /// What it owns is handed to the clipboard manager at exit (X11's `CLIPBOARD_MANAGER`).
  package static let handsOverAtExit = Self(rawValue: 1 << 2)
  /// A way that failed is replaced by a new one at the next call (not an application's window,
  /// whose failure is the window's).
  package static let replaceable = Self(rawValue: 1 << 3)
}

/// What a way to a selection is made with, whichever way it is.
package struct PasteboardBackendSettings: Sendable {
  /// The clipboard or the primary selection.
  package var selection: SystemPasteboard.Selection
  /// How long any one exchange may take, in seconds.
  package var timeout: Double
  /// The registry that maps targets to types (nil: the shared one).
  package var registry: UTTypeRegistry?
  /// Read when a connection is made: true while the process is about to fork, so that the
  /// connection starts no thread until ``PasteboardBackend/startServing()``.
  package var threadsDeferred: @Sendable () -> Bool
  /// Called (on a backend's thread) when the selection changes owner.
  package var onChange: @Sendable () -> Void
}

/// Makes the way to `backend`'s selection with `settings`: what a pasteboard is given, so that
/// this module never names a backend's types (the `SystemPasteboard` module's maker chooses X11's
/// server, else data control where the compositor offers it, else a focused window's data device).
package typealias PasteboardBackendMaker =
  @Sendable (SystemPasteboard.Backend, PasteboardBackendSettings) throws(SystemPasteboardError) -> any PasteboardBackend

/// What tests and benchmarks read of a way to a selection, asked through this protocol rather
/// than by casting to a backend's type: the connection it serves on, its transfers in progress,
/// the window its reads are made for. A way without one answers nil (or 0).
package protocol BackendInspection {
  /// The connection the way serves on, while it has one.
  var connectionID: ObjectIdentifier? { get }
  /// The `INCR` transfers (or pipe sends) in progress, as of the last event.
  var transferCount: Int { get }
  /// The window reads are made for, once a read made it.
  var readingWindow: UInt32? { get }
}

extension BackendInspection {
  package var connectionID: ObjectIdentifier? { nil }
  package var transferCount: Int { 0 }
  package var readingWindow: UInt32? { nil }
}

extension SystemPasteboard {
  /// The number of `INCR` transfers the owner is serving (for the tests, through ``BackendInspection``).
  var transferCount: Int { madeBackend?.transferCount ?? 0 }

  /// The window reads are made for, once a read made it (for the tests, through ``BackendInspection``).
  var readingWindow: UInt32? { madeBackend?.readingWindow }

  /// The connection the pasteboard is served on (for the tests, through ``BackendInspection``).
  var connectionID: ObjectIdentifier? { madeBackend?.connectionID }
}
