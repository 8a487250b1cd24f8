#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// Reading, writing and listing files through the C library, with every call checked (a tree's
/// walk is ``DirectoryWalk``).
///
/// Errors carry the path, what was being done and the system's reason, so a message names the
/// file and the cause: `cannot write 'out.plist': File too large`.
package enum FileIO {
  /// A failed file operation: which file, what was being done, and the system's error number.
  package struct Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
    /// What was being done when the call failed.
    package enum Operation: String, Sendable {
      case read, write, list
    }

    package var path: String
    package var operation: Operation
    /// The `errno` of the failed call.
    package var code: Int32

    package init(path: String, operation: Operation, code: Int32) {
      self.path = path
      self.operation = operation
      self.code = code
    }

    /// The system's text for ``code`` (`No space left on device`), or ours where the system's
    /// would mislead.
    package var reason: String {
      code == Self.notARegularFile
        ? "not a regular file (a FIFO, socket or device), which is not opened" : FileIO.reason(code)
    }

    /// Whether nothing is at the path (`ENOENT`; a link to nothing too).
    package var isMissing: Bool { code == ENOENT }

    /// The code of a FIFO, socket or device refused without being opened.
    package static let notARegularFile = ENODEV

    package var description: String { "cannot \(operation.rawValue) '\(path)': \(reason)" }
  }

  /// The system's text for an error number.
  package static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

  /// How many interrupted calls in a row are retried before the interruption is reported: a
  /// signal storm ends in an error instead of a loop that never finishes.
  package static let interruptionLimit = 10_000

  /// Reads a whole file. FIFOs, sockets and devices are refused without being opened for reading
  /// (a FIFO would block until a writer comes); directories give `EISDIR`.
  package static func read(_ path: String) throws(Error) -> [UInt8] {
    let fd = try openRegularFile(path)
    defer { close(fd) }
    return try readAll(fd: fd, path: path)
  }

  /// Opens the regular file at `path` (or a link's regular target) for reading. FIFOs, sockets
  /// and devices are refused without being opened (a FIFO would block until a writer comes);
  /// directories give `EISDIR`. The caller closes the descriptor.
  package static func openRegularFile(_ path: String) throws(Error) -> Int32 {
    switch kind(of: path, followingLinks: true) {
    case .directory: throw Error(path: path, operation: .read, code: EISDIR)
    case .special: throw Error(path: path, operation: .read, code: Error.notARegularFile)
    case .missing(let code): throw Error(path: path, operation: .read, code: code)
    case .file, .symbolicLink: break
    }
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { throw Error(path: path, operation: .read, code: errno) }
    return fd
  }

  /// Reads at most `count` leading bytes of a regular file (fewer when it is shorter).
  package static func readPrefix(_ path: String, count: Int) throws(Error) -> [UInt8] {
    let fd = try openRegularFile(path)
    defer { close(fd) }
    // No bigger buffer than the file (a magic extent can be 18 KB; most files are not).
    var info = stat()
    let size = fstat(fd, &info) == 0 && info.st_size >= 0 ? Int(info.st_size) : count
    var result = [UInt8](repeating: 0, count: min(count, max(size, 0) + 1))
    let filled = try readUpTo(fd: fd, into: &result, path: path)
    result.removeSubrange(filled...)
    return result
  }

  /// Reads up to `buffer.count` bytes at `offset` of a regular file, retrying interruptions and
  /// short reads; the number of bytes read (fewer at the end of the file), or -1 on an error.
  package static func pread(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
    var filled = 0
    var interruptions = 0
    while filled < buffer.count {
      let n = systemPread(fd, buffer.baseAddress! + filled, buffer.count - filled, off_t(offset + filled))
      if n < 0 {
        if errno == EINTR && interruptions < interruptionLimit {
          interruptions += 1
          continue
        }
        return filled > 0 ? filled : -1
      }
      if n == 0 { break }
      filled += n
    }
    return filled
  }

  /// Reads from `fd` until `buffer` is full or the input ends (a pipe or terminal gives what it
  /// has in several reads); the number of bytes read.
  package static func readUpTo(fd: Int32, into buffer: inout [UInt8], path: String) throws(Error) -> Int {
    var filled = 0
    var interruptions = 0
    while filled < buffer.count {
      let n = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress! + filled, $0.count - filled) }
      if n < 0 {
        if errno == EINTR && interruptions < interruptionLimit {
          interruptions += 1
          continue
        }
        throw Error(path: path, operation: .read, code: errno)
      }
      if n == 0 { break }
      filled += n
    }
    return filled
  }

  /// Reads a descriptor to its end.
  package static func readAll(fd: Int32, path: String) throws(Error) -> [UInt8] {
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    var interruptions = 0
    while true {
      let n = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR && interruptions < interruptionLimit {
          interruptions += 1
          continue
        }
        throw Error(path: path, operation: .read, code: errno)
      }
      interruptions = 0
      if n == 0 { return result }
      result.append(contentsOf: chunk[0..<n])
    }
  }

  /// The names in `directory` (hidden ones too, `.` and `..` left out), in the directory's order.
  /// - Throws: ``Error`` (`.list`, with the `errno` of `opendir`) when it cannot be listed.
  package static func names(in directory: String) throws(Error) -> [String] {
    guard let handle = opendir(directory) else { throw Error(path: directory, operation: .list, code: errno) }
    defer { closedir(handle) }
    var names: [String] = []
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// The names in `directory` (hidden ones too, `.` and `..` left out), sorted; empty when it
  /// cannot be listed.
  package static func entries(of directory: String) -> [String] {
    ((try? names(in: directory)) ?? []).sorted()
  }

  /// What a path names.
  package enum Kind: Equatable, Sendable {
    case file, directory, symbolicLink
    /// A FIFO, socket, or character or block device.
    case special
    /// Nothing: `lstat`/`stat` failed with this `errno`.
    case missing(Int32)
  }

  /// What `path` names; with `followingLinks`, what a symbolic link points at.
  package static func kind(of path: String, followingLinks: Bool) -> Kind {
    var info = stat()
    let status = followingLinks ? stat(path, &info) : lstat(path, &info)
    guard status == 0 else { return .missing(errno) }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .file
    case S_IFDIR: return .directory
    case S_IFLNK: return .symbolicLink
    default: return .special
    }
  }

  /// The buffer a clipboard's pipe is given (``enlargePipe(_:)``): 1 MiB, what Linux lets an
  /// unprivileged process ask for by default (`/proc/sys/fs/pipe-max-size`).
  package static let pipeCapacity = 1 << 20

  /// Asks the kernel to give the pipe `fd` is an end of a buffer of ``pipeCapacity`` bytes
  /// instead of its default 64 KiB (Linux's `F_SETPIPE_SZ`), so that a large transfer wakes its
  /// writer and its reader 16 times less often. Best effort: where the kernel refuses (a lower
  /// `pipe-max-size`, a user over `pipe-user-pages-soft`) or on another system, the pipe keeps
  /// its size and works as before.
  package static func enlargePipe(_ fd: Int32) {
    #if os(Linux)
      // F_SETPIPE_SZ is F_LINUX_SPECIFIC_BASE (1024) + 7 (fcntl(2)); Glibc's module leaves it out.
      _ = fcntl(fd, 1031, Int32(pipeCapacity))
    #endif
  }

  /// How many more bytes the pipe `fd` takes before it is full (its size less what is unread),
  /// so that a write of that many does not stop part-way; nil where the system cannot say.
  package static func room(inPipe fd: Int32) -> Int? {
    #if os(Linux)
      // F_GETPIPE_SZ is F_LINUX_SPECIFIC_BASE (1024) + 8.
      let size = fcntl(fd, 1032)
      guard size > 0, let unread = unreadBytes(inPipe: fd) else { return nil }
      return max(0, Int(size) - unread)
    #else
      return nil
    #endif
  }

  /// The bytes written into the pipe `fd` (either end) that its reader has not read yet; nil
  /// where the system cannot say.
  package static func unreadBytes(inPipe fd: Int32) -> Int? {
    var count: Int32 = 0
    guard ioctl(fd, UInt(FIONREAD), &count) == 0 else { return nil }
    return Int(count)
  }

  /// Whether `path` names a regular file (or a link to one) this process may execute.
  package static func isExecutableFile(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && access(path, X_OK) == 0
  }

  /// Whether `path` names a directory (or a symbolic link to one).
  package static func isDirectory(_ path: String) -> Bool {
    kind(of: path, followingLinks: true) == .directory
  }
}

// Named wrappers, so that the static methods above can call the C functions of the same name.
func systemPread(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int, _ offset: off_t) -> Int {
  pread(fd, buffer, count, offset)
}
func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(fd, buffer, count)
}
func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(fd, buffer, count) }
