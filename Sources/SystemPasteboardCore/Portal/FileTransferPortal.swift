import UTIPlatform

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// Files handed to sandboxed apps through xdg-desktop-portal's file transfer
/// (`org.freedesktop.portal.FileTransfer`, served by the document portal on the session bus):
/// what a source offers as `application/vnd.portal.filetransfer`, as GTK 4 and Firefox do,
/// beside `text/uri-list`, whose paths a Flatpak or Snap target cannot open.
///
/// A target that reads the MIME type gets a key (GTK writes it with its NUL, and so does this);
/// it calls `RetrieveFiles` with the key and gets paths it can open: the files themselves for
/// an unsandboxed target, their exports in the document portal for a sandboxed one.
///
/// - Offered only where the portal runs: the document portal's name has an owner on the
///   session bus (GTK's test; the portal is not started for us). A window asks when it opens
///   (on the work pool); ``isRunning`` answers from that check without waiting, and checks
///   again when the answer is older than ``checkInterval``. A process without windows (a
///   clipboard copy from `utictl`) asks nothing and offers no transfer.
/// - A transfer (``transfer(_:)``) runs on the calling thread, a thread of the work pool,
///   never a loop: `StartTransfer` (`autostop`: the transfer ends once retrieved; `writable`
///   false: a target reads the files, it cannot change them through the portal), then
///   `AddFiles` sixteen at a time (the bus's limit of descriptors per message, as GTK does),
///   each file opened `O_PATH`.
/// - One connection to the bus, kept: the portal ends a client's transfers when it
///   disconnects. At most ``transferLimit`` transfers are held; the oldest is stopped when
///   another starts. Every call waits at most ``callTimeout``; a bus that fails or does not
///   answer is dropped and checked again later.
package final class FileTransferPortal: Sendable {
  /// The MIME type a transfer's key is offered under.
  package static let mimeType = "application/vnd.portal.filetransfer"
  /// The portal used by the process's offers: the session bus's (``useSessionBus(at:)``'s).
  package static let shared = FileTransferPortal(address: {
    sharedAddress.withLock { $0 } ?? DBusConnection.sessionBusAddress()
  })
  private static let sharedAddress = Locked<String?>(nil)

  /// Points the process's portal at the bus at `address` (nil: the environment's session bus),
  /// dropping its connection, and checks that bus now (on the calling thread, never a loop):
  /// for a process that serves another session than its environment names (the tests' bus).
  @discardableResult
  package static func useSessionBus(at address: String?) -> Bool {
    sharedAddress.withLock { $0 = address }
    shared.disconnect()
    return shared.check()
  }

  /// How long a check's answer is taken as it is: 30 s.
  static let checkInterval = MonotonicClock.nanoseconds(30)
  /// The longest a call to the bus waits for its reply: 5 s.
  static let callTimeout = MonotonicClock.nanoseconds(5)
  /// The most transfers held at once.
  static let transferLimit = 64
  /// The most descriptors one `AddFiles` passes (the bus's limit per message, as GTK counts it).
  static let descriptorsPerCall = 16

  static let name = "org.freedesktop.portal.Documents"
  static let path = "/org/freedesktop/portal/documents"
  static let interface = "org.freedesktop.portal.FileTransfer"

  private struct Status {
    var running = false
    var checkedAt: UInt64?
    var checking = false
  }

  private let address: @Sendable () -> String?
  private let status = Locked(Status())
  /// The connection and the keys of the transfers held, oldest first; held for a whole call.
  private let bus = Locked(Bus())

  /// A portal reached at the D-Bus address `address` gives (nil: no bus).
  package init(address: @escaping @Sendable () -> String?) {
    self.address = address
  }

  /// Whether the portal ran when last checked; false before any check. Never waits, and never
  /// starts the first check (a window does, ``checkInBackground()``; a process that forks to
  /// serve a copy, as `utictl copy` does, must have no thread before it forks): once a check
  /// was made and is older than ``checkInterval``, another starts on the work pool.
  package var isRunning: Bool {
    let (running, stale) = status.withLock { status -> (Bool, Bool) in
      guard let checkedAt = status.checkedAt else { return (false, false) }
      return (status.running, MonotonicClock.now() - checkedAt > Self.checkInterval && !status.checking)
    }
    if stale { checkInBackground() }
    return running
  }

  /// Starts a check on the work pool (a window does as it opens, so that its first drag knows).
  package func checkInBackground() {
    let start = status.withLock { status -> Bool in
      defer { status.checking = true }
      return !status.checking
    }
    guard start else { return }
    let submitted = WorkPool.shared.submit { [self] in _ = check() }
    if !submitted { status.withLock { $0.checking = false } }
  }

  /// Checks now, on the calling thread (a pool thread), whether the document portal's name has
  /// an owner; the answer is kept.
  @discardableResult
  package func check() -> Bool {
    let running =
      (try? withConnection { bus, deadline throws(SystemPasteboardError) in
        let reply = try bus.connection.call(
          .call(
            destination: DBusConnection.bus, path: "/org/freedesktop/DBus", interface: DBusConnection.bus,
            member: "NameHasOwner", [.string(Self.name)]),
          until: deadline)
        return reply.first == .boolean(true)
      }) ?? false
    status.withLock { $0 = Status(running: running, checkedAt: MonotonicClock.now(), checking: false) }
    return running
  }

  /// Registers the files at `paths` (which exist) in a new transfer and returns its key.
  /// - Throws: ``SystemPasteboardError``: `.fileUnreadable` for a file that cannot be opened,
  ///   else what the bus or the portal answered (`.request` naming the portal's error).
  package func transfer(_ paths: [String]) throws(SystemPasteboardError) -> String {
    var descriptors: [Int32] = []
    defer { for fd in descriptors { _ = closeDescriptor(fd) } }
    for path in paths {
      let fd = open(path, openPathOnly | O_CLOEXEC)
      guard fd >= 0 else {
        throw SystemPasteboardError(.fileUnreadable, "\(path) cannot be handed to the portal: \(FileIO.reason(errno))")
      }
      descriptors.append(fd)
    }
    return try withConnection { bus, deadline throws(SystemPasteboardError) in
      let options = DBusValue.options([("writable", .boolean(false)), ("autostop", .boolean(true))])
      let reply = try bus.connection.call(call("StartTransfer", [options]), until: deadline)
      guard let key = reply.first?.text, !key.isEmpty else {
        throw SystemPasteboardError(.protocolViolation, "the file transfer portal answered StartTransfer without a key")
      }
      for start in stride(from: 0, to: descriptors.count, by: Self.descriptorsPerCall) {
        let chunk = Array(descriptors[start..<min(start + Self.descriptorsPerCall, descriptors.count)])
        let handles = DBusValue.array(element: "h", chunk.indices.map { .unixFD(UInt32($0)) })
        _ = try bus.connection.call(
          call("AddFiles", [.string(key), handles, .options([])]), passing: chunk, until: deadline)
      }
      bus.keys.append(key)
      if bus.keys.count > Self.transferLimit {
        // A transfer retrieved already (and so stopped) answers with an error: nothing to do.
        _ = try? bus.connection.call(call("StopTransfer", [.string(bus.keys.removeFirst())]), until: deadline)
      }
      return key
    }
  }

  /// The paths a transfer's key stands for (`RetrieveFiles`), as a target reads them.
  package func retrieve(_ key: String) throws(SystemPasteboardError) -> [String] {
    try withConnection { bus, deadline throws(SystemPasteboardError) in
      let reply = try bus.connection.call(call("RetrieveFiles", [.string(key), .options([])]), until: deadline)
      guard case .array(_, let paths) = reply.first else {
        throw SystemPasteboardError(.protocolViolation, "the file transfer portal answered RetrieveFiles without files")
      }
      return paths.compactMap(\.text)
    }
  }

  /// A call to the portal, which the bus must not start for it (where it does not run, the
  /// call fails rather than start it, as GTK's proxy asks).
  private func call(_ member: String, _ body: [DBusValue]) -> DBusMessage {
    var message = DBusMessage.call(
      destination: Self.name, path: Self.path, interface: Self.interface, member: member, body)
    message.flags = DBusMessage.noAutoStart
    return message
  }

  /// Closes the connection (its transfers end with it); the next call makes another.
  func disconnect() {
    bus.withLock { $0.drop() }
  }

  /// Runs `body` with the connection (made if there is none) and the transfers' keys, one call
  /// at a time; a failure of the connection drops it, and the next call makes another.
  private func withConnection<Result>(
    _ body: (inout Session, UInt64) throws(SystemPasteboardError) -> Result
  ) throws(SystemPasteboardError) -> Result {
    let outcome = bus.withLock { bus -> Swift.Result<Result, SystemPasteboardError> in
      let deadline = MonotonicClock.deadline(after: Self.callTimeout)
      do throws(SystemPasteboardError) {
        if bus.session == nil {
          guard let address = address() else {
            throw SystemPasteboardError(.connectionFailed, "no D-Bus session bus: $DBUS_SESSION_BUS_ADDRESS is not set")
          }
          bus.session = Session(connection: try DBusConnection(address: address, until: deadline))
        }
        return .success(try body(&bus.session!, deadline))
      } catch {
        if error.code != .request && error.code != .fileUnreadable { bus.drop() }
        return .failure(error)
      }
    }
    return try outcome.get()
  }
}

/// The connection to the bus and the keys of the transfers it holds, oldest first.
private struct Session {
  let connection: DBusConnection
  var keys: [String] = []
}

/// The session, if any: used only under ``FileTransferPortal``'s lock.
private struct Bus: @unchecked Sendable {
  // Sendable: used only under `FileTransferPortal`'s lock (the D-Bus connection is not `Sendable`).
  var session: Session?

  /// Closes the connection, if any (the portal ends its transfers with it).
  mutating func drop() {
    session?.connection.close()
    session = nil
  }
}

/// `O_PATH` (a descriptor that names a file without opening it for reading, which the document
/// portal asks for): Linux's value, 010000000, which Glibc's module does not export.
private let openPathOnly: Int32 = 0o10_000_000

@inline(__always) private func closeDescriptor(_ fd: Int32) -> Int32 { close(fd) }
