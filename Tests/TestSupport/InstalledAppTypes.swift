import Foundation
import Testing

/// An app's types installed as the README's install guide installs them: `utictl export
/// freedesktop` of its Info.plist into a private data directory, then shared-mime-info's own
/// `update-mime-database` over it. Point `XDG_DATA_HOME` at ``dataHome`` (``environment``), or
/// read ``mimeDirectory`` with a registry's `.directories([...])`, to see the app installed.
///
/// Another tool's package (no type identifiers) can be installed beside it, as a desktop has.
public final class InstalledAppTypes: @unchecked Sendable {
  /// The private data directory (`share`): `mime/` and `applications/` under it.
  public let dataHome: String
  private let directory: TemporaryDirectory

  /// The compiled MIME directory, `dataHome/mime`.
  public var mimeDirectory: String { dataHome + "/mime" }

  /// `XDG_DATA_HOME` set to ``dataHome`` and `XDG_DATA_DIRS` to the machine's, for `env`.
  public var environment: [String] { ["XDG_DATA_HOME=\(dataHome)", "XDG_DATA_DIRS=/usr/local/share:/usr/share"] }

  /// Exports `infoPlist` (a path) as `appID` with the built `utictl`, adds `otherPackages`
  /// (name → package XML, written as another tool would), and compiles the directory.
  /// - Throws: `PeerUnavailable` (through `orSkip`) without update-mime-database; an error when
  ///   a step fails.
  public init(infoPlist: String, appID: String, otherPackages: [String: String] = [:]) throws {
    let updater = try Peers.executable("update-mime-database", package: "shared-mime-info").orSkip()
    directory = try TemporaryDirectory("installed-app-types")
    // Readable by a peer that runs as another user (a compositor's clients as nobody).
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.url.path)
    dataHome = directory.url.path + "/share"
    let exported = try runProcess(
      try builtProduct("utictl"), ["export", "freedesktop", infoPlist, "--app-id", appID, "-o", dataHome])
    guard exported.status == 0 else { throw Failure("utictl export freedesktop: \(exported.stderrText)") }
    for (name, xml) in otherPackages {
      try Data(xml.utf8).write(to: URL(fileURLWithPath: mimeDirectory + "/packages/" + name))
    }
    let compiled = try runProcess(
      "/usr/bin/env", ["XDG_DATA_DIRS=\(dataHome):/usr/share", updater, mimeDirectory])
    guard compiled.status == 0 else { throw Failure("update-mime-database: \(compiled.stderrText)") }
    _ = try runProcess("/bin/chmod", ["-R", "a+rX", directory.url.path])
  }

  /// Writes `contents` to a file `name` beside the data directory; its path.
  public func file(_ name: String, _ contents: [UInt8]) throws -> String {
    try directory.file(name, contents)
  }

  /// A step of the installation that failed.
  public struct Failure: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
  }
}
