import UTIPlatform

/// The machine's shared-mime-info database: the `mime.cache` of every MIME directory, as GIO and
/// xdg-mime find them, and identification of data and files in the specification's order.
///
/// Directories, most important first: `$XDG_DATA_HOME/mime` (default `~/.local/share/mime`),
/// then `mime` under each of `$XDG_DATA_DIRS` (default `/usr/local/share:/usr/share`). A
/// directory without a readable cache is skipped and reported in ``problems``.
package final class MIMEDatabase: Sendable {
  /// The caches, most important first.
  package let caches: [MIMECache]
  /// The directories that were skipped, and why.
  package let problems: [String]

  /// The database of `caches`, most important first.
  package init(caches: [MIMECache], problems: [String] = []) {
    self.caches = caches
    self.problems = problems
  }

  /// The variables ``directories(environment:)`` reads.
  package static let environmentVariables = ["HOME", "XDG_DATA_HOME", "XDG_DATA_DIRS"]

  /// The MIME directories of this process's environment, most important first.
  package static var directories: [String] {
    directories(environment: ProcessEnvironment.values(environmentVariables))
  }

  /// The MIME directories the environment names, most important first.
  package static func directories(environment: [String: String]) -> [String] {
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
    let dataHome =
      environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home.map { $0 + "/.local/share" }
    let dataDirs = (environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share")
      .split(separator: ":").map(String.init)
    var seen = Set<String>()
    return ([dataHome].compactMap { $0 } + dataDirs).map { $0 + "/mime" }.filter { seen.insert($0).inserted }
  }

  /// Reads the caches of `directories` (default: the environment's), skipping those that have
  /// none or an unreadable one.
  package convenience init(directories: [String]) {
    var caches: [MIMECache] = []
    var problems: [String] = []
    for directory in directories {
      let path = directory + "/mime.cache"
      guard FileIO.kind(of: path, followingLinks: true) != .missing(ENOENT) else { continue }
      do {
        caches.append(try MIMECache(path: path))
      } catch {
        problems.append(error.description)
      }
    }
    self.init(caches: caches, problems: problems)
  }

  // MARK: Types

  /// The canonical name of `mimeType` (itself when it is not an alias).
  package func unalias(_ mimeType: String) -> String {
    for cache in caches { if let canonical = cache.unalias(mimeType) { return canonical } }
    return mimeType
  }

  /// The direct parents of `mimeType` in every cache, without repeats.
  package func parents(of mimeType: String) -> [String] {
    var result: [String] = []
    for cache in caches {
      for parent in cache.parents(of: unalias(mimeType)) where !result.contains(parent) { result.append(parent) }
    }
    return result
  }

  /// Whether `mimeType` is `base` or a subclass of it, with the specification's implicit
  /// parents: every `text/*` is `text/plain`, everything but `inode/*` is
  /// `application/octet-stream`, and `media/*` covers its media type.
  /// - Complexity: O(*a*) in the ancestors of `mimeType`, each visited once.
  package func isSubclass(_ mimeType: String, of base: String) -> Bool {
    let base = unalias(base)
    var pending = [unalias(mimeType)]
    var seen = Set<String>()
    while let current = pending.popLast() {
      guard seen.insert(current).inserted else { continue }
      if current == base { return true }
      if base.hasSuffix("/*"), current.hasPrefix(base.dropLast()) { return true }
      if base == "text/plain", current.hasPrefix("text/") { return true }
      if base == "application/octet-stream", !current.hasPrefix("inode/") { return true }
      pending += parents(of: current)
    }
    return false
  }

  // MARK: Identification

  /// How many leading bytes the magic rules of every cache look at.
  package var magicExtent: Int { caches.map(\.magicExtent).max() ?? 0 }

  /// The glob matches for `fileName` across the caches, heaviest first; only the heaviest are
  /// kept, as the specification recommends.
  package func globMatches(forFileName fileName: String) -> [MIMECache.GlobMatch] {
    var all: [MIMECache.GlobMatch] = []
    for cache in caches {
      for match in cache.globMatches(forFileName: fileName)
      where !all.contains(where: { $0.mimeType == match.mimeType }) {
        all.append(match)
      }
    }
    guard let heaviest = all.map(\.weight).max() else { return [] }
    return all.filter { $0.weight == heaviest }
  }

  /// The magic match of `data` across the caches: the highest priority wins.
  package func magicMatch(_ data: UnsafeRawBufferPointer) -> (mimeType: String, priority: Int)? {
    var best: (mimeType: String, priority: Int)?
    for cache in caches {
      if let match = cache.magicMatch(data), match.priority > (best?.priority ?? 0) { best = match }
    }
    return best
  }

  /// The type of data named `fileName`, in the specification's recommended order.
  ///
  /// Globs first (only the heaviest): when they agree on one type, that is the answer, and the
  /// data is not looked at. Otherwise magic: a glob type that is the magic type or a subclass of
  /// it wins ("foo.doc" that is an OLE file is a Word document); without globs the magic type
  /// wins; failing both, the first glob type, else `text/plain` for data without control
  /// characters in its first 128 bytes and `application/octet-stream` for the rest. Empty data
  /// is `application/x-zerosize`, as GIO says.
  package func identify(fileName: String?, data: UnsafeRawBufferPointer?) -> String {
    identify(globs: fileName.map { globMatches(forFileName: $0).map(\.mimeType) } ?? [], data: data)
  }

  /// ``identify(fileName:data:)`` with the name's glob matches already found.
  package func identify(globs: [String], data: UnsafeRawBufferPointer?) -> String {
    if let first = globs.first, globs.allSatisfy({ $0 == first }) { return first }
    guard let data else { return globs.first ?? "application/octet-stream" }
    if data.isEmpty { return "application/x-zerosize" }
    if let magic = magicMatch(data) {
      if let glob = globs.first(where: { isSubclass($0, of: magic.mimeType) }) { return glob }
      if globs.isEmpty { return magic.mimeType }
    }
    if let first = globs.first { return first }
    return Self.looksLikeText(data) ? "text/plain" : "application/octet-stream"
  }

  /// The specification's text test: no ASCII control characters (other than tab, line feed,
  /// form feed, carriage return and escape) in the first 128 bytes. Bytes with the high bit
  /// set count as text, since UTF-8 has them.
  package static func looksLikeText(_ data: UnsafeRawBufferPointer) -> Bool {
    for byte in data.prefix(128) where byte < 0x20 && ![0x09, 0x0A, 0x0C, 0x0D, 0x1B].contains(byte) {
      return false
    }
    return true
  }

  /// The type of the file at `path`: `inode/*` for directories and special files (never opened),
  /// the type of a symbolic link's target (`inode/symlink` when it dangles), and for a regular
  /// file, ``identify(fileName:data:)`` with as many leading bytes as the magic rules need.
  /// - Throws: ``FileIO/Error`` when a regular file cannot be read.
  package func identifyFile(atPath path: String) throws(FileIO.Error) -> String {
    switch FileIO.kind(of: path, followingLinks: true) {
    case .directory: return "inode/directory"
    case .missing(let code):
      if FileIO.kind(of: path, followingLinks: false) == .symbolicLink { return "inode/symlink" }
      throw FileIO.Error(path: path, operation: .read, code: code)
    case .special: return Self.specialType(path)
    case .file, .symbolicLink: break
    }
    let name = FileIO.baseName(of: path)
    let globs = globMatches(forFileName: name).map(\.mimeType)
    if let first = globs.first, globs.allSatisfy({ $0 == first }) { return first }
    let head = try FileIO.readPrefix(path, count: max(magicExtent, 128))
    return head.withUnsafeBytes { identify(globs: globs, data: $0) }
  }

  /// `inode/fifo`, `inode/socket`, `inode/chardevice` or `inode/blockdevice`.
  private static func specialType(_ path: String) -> String {
    var info = stat()
    guard stat(path, &info) == 0 else { return "inode/symlink" }
    switch info.st_mode & S_IFMT {
    case S_IFIFO: return "inode/fifo"
    case S_IFSOCK: return "inode/socket"
    case S_IFCHR: return "inode/chardevice"
    case S_IFBLK: return "inode/blockdevice"
    default: return "application/octet-stream"
    }
  }
}
