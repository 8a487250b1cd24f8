import TypeRegistry
import UTIPlatform

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

extension NSWorkspace {
  /// How ``open(_:withApplicationAt:configuration:)`` launches an application.
  ///
  /// Apple's counterpart: `NSWorkspace.OpenConfiguration`.
  public struct OpenConfiguration: Sendable {
    /// Arguments to pass after those the entry's `Exec` line makes.
    public var arguments: [String] = []

    /// A configuration that launches the application as its entry says.
    public init() {}
  }

  /// Opens the file at `url` with its default application (``urlForApplication(toOpen:)-(URL)``).
  ///
  /// Apple's counterpart: `NSWorkspace.open(_:)`.
  /// - Parameter url: A file URL.
  /// - Returns: Whether an application was launched.
  @discardableResult
  public func open(_ url: URL) -> Bool {
    let database = database
    guard let entry = mimeTypes(ofFileAt: url).flatMap({ applications(forMIMETypes: $0, in: database).first }) else {
      return false
    }
    return (try? launch(entry, files: [url.path], arguments: [], programs: database.programs)) != nil
  }

  /// Launches the application at `applicationURL` (a desktop entry) with `urls`, its `Exec`
  /// line's field codes expanded as the Desktop Entry specification says (as GIO expands them), in a
  /// session of its own; an entry that takes one file at a time is launched once per file.
  ///
  /// Apple's counterpart: `NSWorkspace.open(_:withApplicationAt:configuration:)`.
  /// - Parameters:
  ///   - urls: File URLs.
  ///   - applicationURL: An installed application's desktop entry.
  ///   - configuration: Further arguments.
  /// - Returns: The first process launched.
  /// - Throws: ``WorkspaceError`` when the entry is no installed application, its `Exec` line
  ///   does not parse, or the program cannot be started.
  public func open(_ urls: [URL], withApplicationAt applicationURL: URL, configuration: OpenConfiguration)
    async throws -> NSRunningApplication
  {
    let database = database
    guard let entry = database.application(at: applicationURL.path) else {
      throw WorkspaceError(.application, "'\(applicationURL.path)' is not an installed application's desktop entry")
    }
    let pids = try launch(
      entry, files: urls.map(\.path), arguments: configuration.arguments, programs: database.programs)
    return NSRunningApplication(
      processIdentifier: pids[0],
      bundleIdentifier: entry.id.hasSuffix(".desktop") ? String(entry.id.dropLast(8)) : entry.id)
  }

  /// The installed application with desktop file ID `id`.
  package func application(id: String) -> DesktopEntry? { database.application(id: id) }

  /// Launches `entry` with `files` (paths) and `arguments` after; each process in a session of its
  /// own, reaped when it ends. Returns the processes started.
  @discardableResult
  package func launch(_ entry: DesktopEntry, files: [String], arguments: [String]) throws(WorkspaceError) -> [Int32] {
    try launch(entry, files: files, arguments: arguments, programs: database.programs)
  }

  /// ``launch(_:files:arguments:)``, its programs found in `programs` (the query's own).
  func launch(_ entry: DesktopEntry, files: [String], arguments: [String], programs: ProgramCache)
    throws(WorkspaceError) -> [Int32]
  {
    guard let exec = entry.exec, !exec.isEmpty else {
      throw WorkspaceError(.application, "'\(entry.id)' has no Exec line to launch")
    }
    guard
      let commands = ExecLine.commands(
        exec, files: files, name: entry.name, icon: entry.icon.map(Self.themedIconName), entryPath: entry.path)
    else {
      throw WorkspaceError(.application, "the Exec line of '\(entry.id)' does not parse as shell words: \(exec)")
    }
    var pids: [Int32] = []
    for command in commands {
      guard let program = programs.find(command[0]) else {
        throw WorkspaceError(.application, "'\(command[0])', the program of '\(entry.id)', is not on PATH")
      }
      let (pid, status) = ProcessSpawn.spawn(program, Array(command.dropFirst()) + arguments, newSession: true)
      guard status == 0 else {
        throw WorkspaceError(.application, "'\(program)' could not be started: \(FileIO.reason(status))")
      }
      ChildReaper.shared.watch(pid)
      pids.append(pid)
    }
    return pids
  }

  /// An icon name as GIO passes it: a themed name loses a `.png`, `.xpm` or `.svg` (a common
  /// mistake in desktop entries); a path stays.
  static func themedIconName(_ icon: String) -> String {
    guard !icon.hasPrefix("/") else { return icon }
    for suffix in [".png", ".xpm", ".svg"] where icon.hasSuffix(suffix) { return String(icon.dropLast(4)) }
    return icon
  }
}

/// An application this process launched.
///
/// Apple's counterpart: `NSRunningApplication`.
public final class NSRunningApplication: Sendable {
  /// Its process.
  public let processIdentifier: Int32
  /// Its application ID: the desktop file ID without `.desktop`.
  public let bundleIdentifier: String?

  init(processIdentifier: Int32, bundleIdentifier: String?) {
    self.processIdentifier = processIdentifier
    self.bundleIdentifier = bundleIdentifier
  }
}
