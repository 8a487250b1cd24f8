import UTIPlatform

extension UTTypeRegistry {
  /// Where a registry's MIME types come from: the machine's shared-mime-info database (the
  /// directories GIO reads), or directories you name.
  ///
  /// ```swift
  /// var builder = UTTypeRegistry.Builder(mimeDatabase: .directories(["/opt/app/share/mime"]))
  /// let registry = builder.build()
  /// registry.type(tag: "application/x-sqlite3", tagClass: .mimeType, conformingTo: nil)?.identifier
  /// // "org.freedesktop.mime.application.vnd.sqlite3"
  /// ```
  ///
  /// Apple's counterpart is the system's type database (Launch Services), which apps cannot
  /// choose; shared-mime-info is its Linux equivalent.
  public struct MIMEDatabaseSource: Sendable, Hashable {
    /// The directories, most important first; nil for the environment's.
    let directories: [String]?

    /// `$XDG_DATA_HOME/mime` and `mime` under each of `$XDG_DATA_DIRS` (default
    /// `/usr/local/share:/usr/share`), read once per process.
    public static let machine = MIMEDatabaseSource(directories: nil)

    /// MIME directories (each holding a `mime.cache` or a `packages` folder), most important first.
    ///
    /// - Parameter paths: The directories, such as `/usr/share/mime`.
    /// - Returns: A source that reads them in that order.
    public static func directories(_ paths: [String]) -> MIMEDatabaseSource { MIMEDatabaseSource(directories: paths) }

    /// The source a ``UTTypeRegistry/Builder`` uses unless told otherwise: ``machine`` on
    /// Linux, none elsewhere (Apple's platforms have their own registry).
    public static var platformDefault: MIMEDatabaseSource? {
      #if os(Linux)
        .machine
      #else
        nil
      #endif
    }

    /// The database, read now (the machine's once per process).
    func load() -> MIMEDatabase {
      guard let directories else { return Self.machineDatabase }
      return MIMEDatabase(directories: directories)
    }

    private static let machineDatabase = MIMEDatabase(directories: MIMEDatabase.directories)
  }

  /// A registry's MIME layer: where it comes from, and the database once read.
  struct SystemTypes: Sendable {
    /// Where the MIME types come from; nil when the registry has none.
    var source: MIMEDatabaseSource?
    /// The database, in a registry that has read it.
    var database: MIMEDatabase?
    /// In a registry built without reading the database yet: the same registry with it, built
    /// at the first query whose answer the database could change.
    var pending: Completion?

    static let none = SystemTypes()
  }

  /// The registry with the MIME layer, built once, on first use, by whichever thread asks first.
  final class Completion: Sendable {
    private let state = Locked<UTTypeRegistry?>(nil)

    /// Whether the registry with the layer has been built.
    var isBuilt: Bool { state.withLock { $0 != nil } }

    func registry(completing base: UTTypeRegistry) -> UTTypeRegistry {
      if let done = state.withLock({ $0 }) { return done }
      var builder = Builder(base)
      builder.readsMIMEDatabaseLazily = false
      let built = builder.build()
      return state.withLock { done in
        if let done { return done }
        done = built
        return built
      }
    }
  }

  /// This registry with its MIME layer read: itself when it has none or has read it already.
  ///
  /// Queries whose answers the layer could change (an identifier or a tag the registry does not
  /// know, every type, subtypes) go to it; queries the catalog answers (a catalog type's
  /// conformance, supertypes, preferred tags) never read the database.
  /// - Complexity: O(1) after the first call; the first builds the layer (see `utibench`).
  var completed: UTTypeRegistry {
    guard let pending = systemTypes.pending else { return self }
    return pending.registry(completing: self)
  }

  /// Whether this registry has built its MIME layer (or never had one to build).
  package var hasBuiltMIMELayer: Bool { systemTypes.pending?.isBuilt ?? true }

  /// Whether the registry has a MIME layer (read or not yet read).
  public var includesMIMEDatabase: Bool { systemTypes.source != nil }

  /// The MIME database this registry's layer comes from, read now if it was not; nil without a
  /// layer.
  package var mimeDatabase: MIMEDatabase? { completed.systemTypes.database }
}
