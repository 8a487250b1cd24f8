#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// Reading directories: a directory's entries, and the files under it with what a walk skipped
/// and why.
extension FileIO {
  /// What a directory walk found, and what it left out and why.
  package struct Walk: Sendable {
    /// A path the walk did not enter or read, and the reason.
    package struct Skipped: Sendable, Hashable, CustomStringConvertible {
      package enum Reason: Sendable, Hashable {
        /// A symbolic link to a directory: links are not followed, so no tree can loop.
        case linkToDirectory
        /// A FIFO, socket or device: never opened, since reading one can block forever.
        case notARegularFile
        /// A directory deeper than the walk's depth limit.
        case tooDeep(limit: Int)
        /// A directory already entered under another name (a bind mount or a hard-linked folder).
        case alreadyVisited
        /// A directory that could not be listed: the `errno` of `opendir`.
        case unreadable(Int32)
      }

      package var path: String
      package var reason: Reason

      package var description: String {
        switch reason {
        case .linkToDirectory: "'\(path)' is a symbolic link to a directory, which is not followed"
        case .notARegularFile: "'\(path)' is not a regular file (a FIFO, socket or device), which is not read"
        case .tooDeep(let limit): "'\(path)' is more than \(limit) folders deep, which is not entered"
        case .alreadyVisited: "'\(path)' is a folder already searched under another name"
        case .unreadable(let code): "'\(path)' cannot be listed: \(FileIO.reason(code))"
        }
      }
    }

    /// The matching regular files (or links to regular files), sorted.
    package var files: [String] = []
    /// What was left out, in the order it was met.
    package var skipped: [Skipped] = []
  }

  /// The deepest folder a walk enters below its start.
  package static let walkDepthLimit = 64

  /// The names in `directory` (hidden ones too, `.` and `..` left out), sorted; empty when it
  /// cannot be listed.
  package static func entries(of directory: String) -> [String] {
    guard let handle = opendir(directory) else { return [] }
    defer { closedir(handle) }
    var names: [String] = []
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
  }

  /// The regular files under `directory` whose names end in `suffix`.
  ///
  /// Hidden entries (names starting with `.`, so `.build` and `.git` too) are skipped silently.
  /// The walk never follows a symbolic link to a directory, never enters a directory twice (it
  /// remembers each one's device and inode), stops at ``walkDepthLimit`` folders deep, and never
  /// opens FIFOs, sockets or devices; each of those goes into ``Walk/skipped`` with its reason.
  /// A symbolic link to a regular file counts as that file.
  ///
  /// - Complexity: O(*n*) in the entries under `directory`.
  package static func files(under directory: String, suffix: String, depthLimit: Int = walkDepthLimit) -> Walk {
    var walk = Walk()
    var visited = Set<DirectoryIdentity>()
    var pending = [(path: directory, depth: 0)]
    while let (current, depth) = pending.popLast() {
      var info = stat()
      guard stat(current, &info) == 0 else {
        walk.skipped.append(.init(path: current, reason: .unreadable(errno)))
        continue
      }
      guard visited.insert(DirectoryIdentity(info)).inserted else {
        walk.skipped.append(.init(path: current, reason: .alreadyVisited))
        continue
      }
      guard let handle = opendir(current) else {
        walk.skipped.append(.init(path: current, reason: .unreadable(errno)))
        continue
      }
      defer { closedir(handle) }
      while let entry = readdir(handle) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
          String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name.hasPrefix(".") { continue }
        let path = current.hasSuffix("/") ? current + name : current + "/" + name
        switch kind(of: path, followingLinks: false) {
        case .directory:
          if depth + 1 > depthLimit {
            walk.skipped.append(.init(path: path, reason: .tooDeep(limit: depthLimit)))
          } else {
            pending.append((path, depth + 1))
          }
        case .symbolicLink:
          switch kind(of: path, followingLinks: true) {
          case .directory: walk.skipped.append(.init(path: path, reason: .linkToDirectory))
          case .file where name.hasSuffix(suffix): walk.files.append(path)
          case .special where name.hasSuffix(suffix):
            walk.skipped.append(.init(path: path, reason: .notARegularFile))
          default: break
          }
        case .file where name.hasSuffix(suffix): walk.files.append(path)
        case .special where name.hasSuffix(suffix): walk.skipped.append(.init(path: path, reason: .notARegularFile))
        default: break
        }
      }
    }
    walk.files.sort()
    return walk
  }

  /// A directory's device and inode: what makes it the same directory under two names.
  private struct DirectoryIdentity: Hashable {
    var device: UInt64
    var inode: UInt64
    init(_ info: stat) {
      device = UInt64(truncatingIfNeeded: info.st_dev)
      inode = UInt64(truncatingIfNeeded: info.st_ino)
    }
  }
}
