import TypeRegistry
import UTIPlatform

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension NSWorkspace {
  /// Makes the application at `applicationURL` the default for `contentType` (its preferred
  /// MIME type), as `gio mime` does: in the user's `mimeapps.list`, replaced atomically, every
  /// other line kept.
  ///
  /// Apple's counterpart: `NSWorkspace.setDefaultApplication(at:toOpen:)`.
  /// - Parameters:
  ///   - applicationURL: An application's desktop entry (one of ``urlsForApplications(toOpen:)-(UTType)``'s).
  ///   - contentType: The type; it must have a MIME type.
  /// - Throws: ``WorkspaceError`` when the URL is no installed application, the type has no
  ///   MIME type, or the list cannot be written.
  public func setDefaultApplication(at applicationURL: URL, toOpen contentType: UTType) async throws {
    guard let mimeType = contentType.preferredMIMEType else {
      throw WorkspaceError(
        .type, "'\(contentType.identifier)' has no MIME type, which the desktop's defaults are kept by")
    }
    let database = database
    guard let id = database.application(at: applicationURL.path)?.id else {
      throw WorkspaceError(.application, "'\(applicationURL.path)' is not an installed application's desktop entry")
    }
    try setDefault(id, for: mimeType, in: database)
  }

  /// Makes the application with desktop file ID `id` the default for `mimeType` (`utictl default`).
  /// - Throws: ``WorkspaceError`` when no such application is installed, or the list cannot be written.
  package func setDefault(_ id: String, for mimeType: String) throws(WorkspaceError) {
    try setDefault(id, for: mimeType, in: database)
  }

  private func setDefault(_ id: String, for mimeType: String, in database: ApplicationDatabase)
    throws(WorkspaceError)
  {
    guard database.application(id: id) != nil else {
      throw WorkspaceError(
        .application, "no application '\(id)' is installed (utictl apps TYPE lists those that open a type)")
    }
    guard FreedesktopNames.mimeTypeProblem(mimeType) == nil else {
      throw WorkspaceError(.type, "'\(mimeType)' is not a MIME type the desktop takes")
    }
    let path = database.userConfigDirectory + "/mimeapps.list"
    let old: [UInt8]
    switch FileIO.kind(of: path, followingLinks: true) {
    case .missing: old = []
    default:
      do { old = try FileIO.read(path) } catch { throw WorkspaceError(.write, "\(error)") }
    }
    var list = MIMEAppsList(bytes: old)
    list.setDefault(id, for: database.mime.unalias(mimeType))
    do {
      try FileIO.makeDirectories(database.userConfigDirectory)
      try FileIO.replace(path, with: list.bytes)
    } catch {
      throw WorkspaceError(.write, "\(error); '\(path)' is unchanged")
    }
  }
}

/// Why a workspace request failed (an export, a lookup, a launch): what, and how to fix it.
public struct WorkspaceError: Error, Sendable, CustomStringConvertible {
  enum Code: Sendable { case application, applicationID, exec, type, write }
  let code: Code
  /// What went wrong, and what to do.
  public let message: String

  init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  /// Whether a file could not be written (else an argument was wrong or named something not there).
  public var isWriteFailure: Bool { code == .write }

  /// The message.
  public var description: String { message }
}
