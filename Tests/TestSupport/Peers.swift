import Foundation
import Testing

/// A peer a test needs (a program, a Python module, a server, a capability of the machine) that
/// is not there or did not start, and why.
public struct PeerUnavailable: Error, CustomStringConvertible, Sendable {
  /// The peer's name, as a user would install it or look for it (`Xvfb`, `python3-xlib`, `sway`).
  public let peer: String
  /// Why it is unavailable: not installed, did not start, and what was tried.
  public let reason: String

  /// A peer that is unavailable for `reason`.
  public init(_ peer: String, _ reason: String) {
    self.peer = peer
    self.reason = reason
  }

  /// `Xvfb: not installed (scripts/install-peers.sh installs it)`.
  public var description: String { "\(peer): \(reason)" }
}

/// The peers the tests start, and what a test does when one is missing.
///
/// A test whose peer cannot start is **skipped, visibly**: Swift Testing reports it as cancelled
/// (`➜ Test … was cancelled: "Xvfb: not installed"`), never as a pass. With
/// `SWIFT_UTI_REQUIRE_PEERS=1` (which `.ci/run` sets) the same test **fails**, naming the peer, so
/// a broken harness cannot empty a suite while the run stays green.
public enum Peers {
  /// Whether a missing peer fails the test instead of skipping it (`SWIFT_UTI_REQUIRE_PEERS=1`).
  public static var required: Bool { ProcessInfo.processInfo.environment["SWIFT_UTI_REQUIRE_PEERS"] == "1" }

  /// Skips the running test because `unavailable` is missing, or, with
  /// `SWIFT_UTI_REQUIRE_PEERS=1`, fails it with an error that names the peer.
  public static func skip(_ unavailable: PeerUnavailable, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> Never
  {
    if required { throw RequiredPeerMissing(unavailable: unavailable) }
    try Test.cancel("skipped: \(unavailable)", sourceLocation: sourceLocation)
  }

  /// The executable `name` on the `PATH`, or why not.
  public static func executable(_ name: String, package: String? = nil) -> Result<String, PeerUnavailable> {
    guard let path = which(name) else {
      let installed =
        package.map { "not installed (Debian's \($0); scripts/install-peers.sh installs it)" } ?? "not on PATH"
      return .failure(PeerUnavailable(name, installed))
    }
    return .success(path)
  }

  /// Whether `/usr/bin/python3` imports `statements` (one line of Python), or why not.
  static func python(_ peer: String, _ statements: String) -> Result<Void, PeerUnavailable> {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else {
      return .failure(PeerUnavailable(peer, "/usr/bin/python3 is not installed"))
    }
    guard let probe = try? runProcess("/usr/bin/python3", ["-c", statements]), probe.status == 0 else {
      return .failure(PeerUnavailable(peer, "not installed: /usr/bin/python3 cannot run `\(statements)`"))
    }
    return .success(())
  }

  /// python3-xlib, for the hostile requestors and the clipboard manager.
  public static let xlib = python("python3-xlib", "import Xlib")
  /// GTK 3 for Python (python3-gi, gir1.2-gtk-3.0), for the GTK windows.
  public static let gtk = python(
    "python3-gi with GTK 3", "import gi; gi.require_version('Gtk', '3.0'); from gi.repository import Gtk")
  /// GTK 4 for Python (python3-gi, gir1.2-gtk-4.0), for the GTK 4 drop target.
  public static let gtk4 = python(
    "python3-gi with GTK 4", "import gi; gi.require_version('Gtk', '4.0'); from gi.repository import Gtk")
  /// GIO for Python (python3-gi), for the comparisons with GLib's content types.
  public static let gio = python("python3-gi (GIO)", "import gi; gi.require_version('Gio', '2.0')")

  /// The machine's shared-mime-info database: its compiled cache and its own package.
  public static let sharedMimeInfo: Result<Void, PeerUnavailable> = {
    for path in ["/usr/share/mime/mime.cache", "/usr/share/mime/packages/freedesktop.org.xml"]
    where !FileManager.default.fileExists(atPath: path) {
      return .failure(
        PeerUnavailable(
          "shared-mime-info", "no \(path) (Debian's shared-mime-info; scripts/install-peers.sh installs it)"))
    }
    return .success(())
  }()
}

/// The failure a test reports, under `SWIFT_UTI_REQUIRE_PEERS=1`, when a peer it needs is missing.
struct RequiredPeerMissing: Error, CustomStringConvertible {
  let unavailable: PeerUnavailable
  var description: String {
    "required peer missing: \(unavailable) (SWIFT_UTI_REQUIRE_PEERS=1 turns this skip into a failure)"
  }
}

extension Result where Failure == PeerUnavailable {
  /// The peer, or the running test skipped (failed under `SWIFT_UTI_REQUIRE_PEERS=1`) because it
  /// is unavailable.
  @discardableResult
  public func orSkip(sourceLocation: SourceLocation = #_sourceLocation) throws -> Success {
    switch self {
    case .success(let value): return value
    case .failure(let unavailable): try Peers.skip(unavailable, sourceLocation: sourceLocation)
    }
  }
}

/// Waits until `condition` holds, checking every `interval` seconds for at most `seconds`;
/// whether it did. For effects that follow an event the test cannot wait on directly (another
/// process's copy, a peer's read). Not from asynchronous code, which takes the suspending form
/// (a blocked main actor would stall the windows whose delegates run there).
@available(*, noasync, message: "use suspendUntil, which leaves the actor free")
public func eventually(
  within seconds: Double = 10, every interval: Double = 0.02, _ condition: () throws -> Bool
) rethrows -> Bool {
  let deadline = Date(timeIntervalSinceNow: seconds)
  while Date() < deadline {
    if try condition() { return true }
    usleep(useconds_t(interval * 1_000_000))
  }
  return try condition()
}

/// Waits (suspending, so that the caller's actor stays free) until `condition` holds, checking
/// every `interval` seconds for at most `seconds`; whether it did. The asynchronous form of
/// ``eventually(within:every:_:)``.
public func suspendUntil(
  within seconds: Double = 10, every interval: Double = 0.02, isolation: isolated (any Actor)? = #isolation,
  _ condition: () async throws -> Bool
) async rethrows -> Bool {
  let deadline = Date(timeIntervalSinceNow: seconds)
  while Date() < deadline {
    if try await condition() { return true }
    try? await Task.sleep(nanoseconds: UInt64(interval * 1e9))
  }
  return try await condition()
}
