#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// A walk of a directory tree for the regular files whose names end in a suffix: what it found,
/// and what it left out and why.
///
/// Hidden entries (names starting with `.`, so `.build` and `.git` too) are skipped silently.
/// The walk never follows a symbolic link to a directory, never enters a directory twice (it
/// remembers each one's device and inode), stops at ``depthLimit`` folders deep, and never
/// opens FIFOs, sockets or devices; each of those goes into ``skipped`` with its reason. A
/// symbolic link to a regular file counts as that file.
package struct DirectoryWalk: Sendable {
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

  /// The deepest folder a walk enters below its start, unless it is given another limit.
  package static let depthLimit = 64

  /// The matching regular files (or links to regular files), sorted.
  package private(set) var files: [String] = []
  /// What was left out, in the order it was met.
  package private(set) var skipped: [Skipped] = []

  /// Walks `directory` for the regular files whose names end in `suffix`, entering folders at
  /// most `depthLimit` deep.
  ///
  /// - Complexity: O(*n*) in the entries under `directory`.
  package init(under directory: String, suffix: String, depthLimit: Int = Self.depthLimit) {
    var visited = Set<DirectoryIdentity>()
    var pending = [(path: directory, depth: 0)]
    while let (current, depth) = pending.popLast() {
      var info = stat()
      guard stat(current, &info) == 0 else {
        skipped.append(.init(path: current, reason: .unreadable(errno)))
        continue
      }
      guard visited.insert(DirectoryIdentity(info)).inserted else {
        skipped.append(.init(path: current, reason: .alreadyVisited))
        continue
      }
      let names: [String]
      do {
        names = try FileIO.names(in: current)
      } catch {
        skipped.append(.init(path: current, reason: .unreadable(error.code)))
        continue
      }
      for name in names where !name.hasPrefix(".") {
        let path = current.hasSuffix("/") ? current + name : current + "/" + name
        if visit(path, matching: name.hasSuffix(suffix)) {
          if depth + 1 > depthLimit {
            skipped.append(.init(path: path, reason: .tooDeep(limit: depthLimit)))
          } else {
            pending.append((path, depth + 1))
          }
        }
      }
    }
    files.sort()
  }

  /// Takes the entry at `path` as a file when it is one (or links to one) and `matching`, or
  /// as skipped with its reason; whether it is a directory to enter.
  private mutating func visit(_ path: String, matching: Bool) -> Bool {
    switch FileIO.kind(of: path, followingLinks: false) {
    case .directory:
      return true
    case .symbolicLink:
      switch FileIO.kind(of: path, followingLinks: true) {
      case .directory: skipped.append(.init(path: path, reason: .linkToDirectory))
      case .file where matching: files.append(path)
      case .special where matching: skipped.append(.init(path: path, reason: .notARegularFile))
      default: break
      }
    case .file where matching: files.append(path)
    case .special where matching: skipped.append(.init(path: path, reason: .notARegularFile))
    default: break
    }
    return false
  }

  /// A directory's device and inode: what makes it the same directory under two names.
  package struct DirectoryIdentity: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64

    /// The identity of what `path` names (links followed); nil when it cannot be looked at.
    package init?(of path: String) {
      var info = stat()
      guard stat(path, &info) == 0 else { return nil }
      self.init(info)
    }

    init(_ info: stat) {
      device = UInt64(truncatingIfNeeded: info.st_dev)
      inode = UInt64(truncatingIfNeeded: info.st_ino)
    }
  }
}
