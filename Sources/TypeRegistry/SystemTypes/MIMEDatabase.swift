import UTIPlatform

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// The machine's shared-mime-info database: the `mime.cache` of every MIME directory, as GIO and
/// xdg-mime find them, and identification of data and files in the specification's order.
///
/// Directories, most important first: `$XDG_DATA_HOME/mime` (default `~/.local/share/mime`),
/// then `mime` under each of `$XDG_DATA_DIRS` (default `/usr/local/share:/usr/share`). A
/// directory without a readable cache is skipped and reported in ``problems``.
package final class MIMEDatabase: Sendable {
  /// The caches, most important first.
  package let caches: [MIMECache]
  /// The directories and package files that were skipped, and why.
  package let problems: [String]
  /// Descriptions (`<comment>`) read from package XML, by MIME type.
  package let comments: [String: String]
  /// Types package XML declares, which a cache image alone may not name (a type with no glob,
  /// magic, alias or parent).
  package let declaredTypes: [String]
  /// The declarations our exports installed, read on first use (``installedDeclarations``).
  let installed = Locked<[String: InstalledDeclaration]?>(nil)

  /// The database of `caches`, most important first.
  package init(
    caches: [MIMECache], problems: [String] = [], comments: [String: String] = [:], declaredTypes: [String] = []
  ) {
    self.caches = caches
    self.problems = problems
    self.comments = comments
    self.declaredTypes = declaredTypes
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

  /// Reads the caches of `directories`, skipping those that have none or an unreadable one.
  ///
  /// A directory without a `mime.cache` is read from its source XML (`packages/*.xml`, in name
  /// order, types given twice merged), compiled into a cache in memory; a package file that
  /// cannot be read is reported in ``problems`` and the others are used.
  package convenience init(directories: [String]) {
    var caches: [MIMECache] = []
    var problems: [String] = []
    var comments: [String: String] = [:]
    var declaredTypes: [String] = []
    for directory in directories {
      let path = directory + "/mime.cache"
      guard FileIO.kind(of: path, followingLinks: true) != .missing(ENOENT) else {
        guard let package = Self.readPackages(in: directory, problems: &problems) else { continue }
        do {
          caches.append(try MIMECache(bytes: package.cacheImage, path: directory + "/packages"))
        } catch {
          problems.append(error.description)
        }
        for entry in package.types {
          if comments[entry.mimeType] == nil, let comment = entry.comment { comments[entry.mimeType] = comment }
          declaredTypes.append(entry.mimeType)
        }
        continue
      }
      do {
        caches.append(try MIMECache(path: path))
      } catch {
        problems.append(error.description)
      }
    }
    self.init(caches: caches, problems: problems, comments: comments, declaredTypes: declaredTypes)
  }

  /// The merged package XML of a directory without a cache, or nil when it has none (or none
  /// that could be read).
  static func readPackages(in directory: String, problems: inout [String]) -> MIMEPackage? {
    let walk = DirectoryWalk(under: directory + "/packages", suffix: ".xml", depthLimit: 1)
    guard !walk.files.isEmpty else { return nil }
    var merged = MIMEPackage()
    for file in walk.files.sorted() {
      do {
        merged.merge(try MIMEPackage(contentsOf: file))
      } catch {
        problems.append(error.description)
      }
    }
    return merged.types.isEmpty ? nil : merged
  }

  // MARK: Types

  /// The canonical name of `mimeType` (itself when it is not an alias).
  package func unalias(_ mimeType: String) -> String {
    for cache in caches { if let canonical = cache.unalias(mimeType) { return canonical } }
    return mimeType
  }

  /// The aliases of a canonical MIME type in every cache, sorted, without repeats.
  package func aliases(of canonical: String) -> [String] {
    var result: [String] = []
    for cache in caches {
      for alias in cache.aliases(of: canonical) where !result.contains(alias) { result.append(alias) }
    }
    return result.sorted()
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

  /// The glob matches for `fileName` across the caches, heaviest first (then in the caches'
  /// order), each type once with its heaviest weight, at most ten, as xdg-mime gives them to GIO.
  package func globMatches(forFileName fileName: String) -> [MIMECache.GlobMatch] {
    var all: [MIMECache.GlobMatch] = []
    for cache in caches {
      for match in cache.globMatches(forFileName: fileName) {
        if let index = all.firstIndex(where: { $0.mimeType == match.mimeType }) {
          all[index].weight = max(all[index].weight, match.weight)
        } else {
          all.append(match)
        }
      }
    }
    return Array(
      all.enumerated().sorted { ($0.element.weight, -$0.offset) > ($1.element.weight, -$1.offset) }
        .map(\.element).prefix(10))
  }

  /// The magic match of `data` across the caches: the highest priority wins. Empty data is
  /// `application/x-zerosize` at priority 100, as xdg-mime says.
  package func magicMatch(_ data: UnsafeRawBufferPointer) -> (mimeType: String, priority: Int)? {
    if data.isEmpty { return ("application/x-zerosize", 100) }
    var best: (mimeType: String, priority: Int)?
    for cache in caches {
      if let match = cache.magicMatch(data), match.priority > (best?.priority ?? 0) { best = match }
    }
    return best
  }

  /// The type of data named `fileName`, decided as GIO's `g_content_type_guess` decides it.
  ///
  /// The name's glob types first (all of them, heaviest first): exactly one is the answer, and
  /// the data is not looked at. Otherwise the data is sniffed: the magic rules (the highest
  /// priority across the caches), else `text/plain` for data that looks like text. Without glob
  /// types the sniffed type is the answer (`application/octet-stream` when there is none);
  /// with several, a sniffed type of priority 80 or more wins outright, else the first glob
  /// type that is the sniffed type or a subclass of it (`report.doc` holding an OLE file is a
  /// Word document), else the heaviest glob type. Empty data sniffs as `application/x-zerosize`.
  /// As in GIO, data named something other than `*.desktop` is never sniffed as a desktop file.
  /// Data sniffed as generic XML gets the type the `<root-XML>` rules give its document element
  /// (the specification's rule; GIO does not apply it).
  package func identify(fileName: String?, data: UnsafeRawBufferPointer?) -> String {
    identify(
      globs: fileName.map { globMatches(forFileName: $0).map(\.mimeType) } ?? [], data: data,
      named: fileName != nil)
  }

  /// ``identify(fileName:data:)`` with the name's glob types already found.
  package func identify(globs: [String], data: UnsafeRawBufferPointer?, named: Bool = true) -> String {
    if globs.count == 1 { return globs[0] }
    var sniffed: (mimeType: String, priority: Int)?
    if let data {
      sniffed = magicMatch(data) ?? (Self.looksLikeText(data) ? ("text/plain", 0) : nil)
      if named, sniffed?.mimeType == "application/x-desktop" { sniffed = ("text/plain", 0) }
      // An XML document: its document element may name a more specific type (<root-XML>).
      if let xml = sniffed, unalias(xml.mimeType) == "application/xml", let type = xmlType(of: data) {
        sniffed = (type, xml.priority)
      }
    }
    guard let first = globs.first else { return sniffed?.mimeType ?? "application/octet-stream" }
    if let sniffed {
      if sniffed.priority >= 80 { return sniffed.mimeType }
      if let glob = globs.first(where: { isSubclass($0, of: sniffed.mimeType) }) { return glob }
    }
    return first
  }

  /// The types whose content rules in shared-mime-info 2.x look at a line or two of text and
  /// misfire on other text: a leading `/*`, `//` or `#include` (C, and so C++, Swift, Go, Java,
  /// Rust, CSS, SQL and JavaScript that open with a licence comment), `%` or `##` (MATLAB: TeX,
  /// Markdown), `use strict` (Perl: JavaScript's `'use strict'`), `--- ` (a patch: a YAML
  /// document), `PREFIX` (SPARQL: a Makefile). Identification gives way to plain text where
  /// one of them is the database's answer from content alone and the text classifier found
  /// nothing (``TextClassifier``).
  package static let weakTextRules: Set<String> = [
    "text/x-csrc", "text/x-chdr", "text/x-c++src", "text/x-objcsrc", "text/x-matlab", "text/x-octave",
    "application/x-perl", "text/x-patch", "text/x-diff", "application/sparql-query", "text/x-csharp",
  ]

  /// How many leading bytes GIO looks at to tell text from binary (its sniff buffer).
  package static let textSniffLength = 4096

  /// GIO's text test, which is two: xdg-mime's (no bytes below 0x20 other than tab, line feed
  /// and carriage return in the first 128 bytes, the specification's suggestion) or GIO's own
  /// (no ASCII control characters other than GLib's white space, which leaves out the vertical
  /// tab, and backspace in the first 4 KB).
  /// Bytes with the high bit set count as text, since UTF-8 has them.
  package static func looksLikeText(_ data: UnsafeRawBufferPointer) -> Bool {
    let head = data.prefix(128).allSatisfy { $0 >= 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    return head
      || data.prefix(textSniffLength).allSatisfy {
        ($0 >= 0x20 && $0 != 0x7F) || (0x08...0x0D).contains($0) && $0 != 0x0B
      }
  }

  /// The type of the file at `path`, as GIO's file information gives it: `inode/*` for
  /// directories and special files (never opened), the type of a symbolic link's target
  /// (`inode/symlink` when it dangles), `text/plain` for an empty regular file (GIO's rule, so
  /// that a new empty file opens in a text editor), and for any other regular file,
  /// ``identify(fileName:data:)`` with as many leading bytes as the magic rules need.
  /// - Throws: ``FileIO/Error`` when a regular file cannot be read.
  package func identifyFile(atPath path: String) throws(FileIO.Error) -> String {
    try identifyFileDeciding(atPath: path).mimeType
  }

  /// ``identifyFile(atPath:)``, and whether the name's one glob type decided it (the content
  /// was not read).
  package func identifyFileDeciding(atPath path: String) throws(FileIO.Error) -> (mimeType: String, byName: Bool) {
    switch FileIO.kind(of: path, followingLinks: true) {
    case .directory: return ("inode/directory", false)
    case .missing(let code):
      if FileIO.kind(of: path, followingLinks: false) == .symbolicLink { return ("inode/symlink", false) }
      throw FileIO.Error(path: path, operation: .read, code: code)
    case .special: return (Self.specialType(path), false)
    case .file, .symbolicLink: break
    }
    var info = stat()
    if stat(path, &info) == 0, info.st_size == 0 { return ("text/plain", false) }
    let name = FileIO.baseName(of: path)
    let globs = globMatches(forFileName: name).map(\.mimeType)
    if globs.count == 1 { return (globs[0], true) }
    let head = try FileIO.readPrefix(path, count: max(magicExtent, Self.textSniffLength))
    return (head.withUnsafeBytes { identify(globs: globs, data: $0) }, false)
  }

  /// `inode/fifo`, `inode/socket`, `inode/chardevice` or `inode/blockdevice`.
  package static func specialType(_ path: String) -> String {
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
