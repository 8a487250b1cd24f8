#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// Writing files: copies in the kernel, whole writes, exclusive creation, atomic replacement
/// through a temporary file, and the paths these need.
extension FileIO {
  /// Copies what remains of `input` to `output` in the kernel (`sendfile`, Linux 2.6.33 and
  /// later for a file as `output`), without the bytes passing through this process; both
  /// descriptors' offsets advance.
  ///
  /// Where the kernel cannot copy between the two (`EXDEV`, `EINVAL`, `ENOSYS`, `EOPNOTSUPP`,
  /// or another system), it returns unfinished with what it copied so far, so that the caller
  /// reads and writes the rest from where it stopped. Interrupted calls are retried up to
  /// ``interruptionLimit`` times in a row.
  /// - Returns: The number of bytes copied, and whether the copy reached the end of `input`.
  /// - Throws: ``Error`` (a write, naming `path`) for any other failure: `ENOSPC`, `EFBIG` under a
  ///   file-size limit with `SIGXFSZ` ignored, `EIO` ….
  package static func copyInKernel(from input: Int32, to output: Int32, path: String) throws(Error)
    -> (count: Int, finished: Bool)
  {
    var total = 0
    #if os(Linux)
      var interruptions = 0
      while true {
        let copied = sendfile(output, input, nil, 1 << 30)
        if copied > 0 {
          total += copied
          interruptions = 0
          continue
        }
        if copied == 0 { return (total, true) }
        if errno == EINTR && interruptions < interruptionLimit {
          interruptions += 1
          continue
        }
        if errno == EXDEV || errno == ENOSYS || errno == EINVAL || errno == EOPNOTSUPP { break }
        throw Error(path: path, operation: .write, code: errno)
      }
    #endif
    return (total, false)
  }

  /// Writes every byte of `bytes` to `fd`, checking each `write`.
  ///
  /// Short writes continue where they stopped; interrupted writes are retried up to
  /// ``interruptionLimit`` times in a row; a write that makes no progress is reported as `EIO`.
  /// Any failure (`ENOSPC`, `EFBIG` under a file-size limit with `SIGXFSZ` ignored, `EIO` …) is
  /// thrown with `path` and the system's reason.
  package static func writeAll(fd: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws(Error) {
    guard let base = bytes.baseAddress else { return }
    var offset = 0
    var interruptions = 0
    while offset < bytes.count {
      let n = systemWrite(fd, base + offset, bytes.count - offset)
      if n < 0 {
        if errno == EINTR && interruptions < interruptionLimit {
          interruptions += 1
          continue
        }
        throw Error(path: path, operation: .write, code: errno)
      }
      if n == 0 { throw Error(path: path, operation: .write, code: EIO) }
      interruptions = 0
      offset += n
    }
  }

  /// Writes every byte of `bytes` to `fd`; see ``writeAll(fd:_:path:)-(_,UnsafeRawBufferPointer,_)``.
  package static func writeAll(fd: Int32, _ bytes: [UInt8], path: String) throws(Error) {
    let failure = bytes.withUnsafeBytes { raw -> Error? in
      do throws(Error) {
        try writeAll(fd: fd, raw, path: path)
        return nil
      } catch {
        return error
      }
    }
    if let failure { throw failure }
  }

  /// Creates the new file `path` for writing with `mode`; fails with `EEXIST` if anything is there.
  package static func createExclusively(_ path: String, mode: UInt16 = 0o600) throws(Error) -> Int32 {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(mode))
    guard fd >= 0 else { throw Error(path: path, operation: .write, code: errno) }
    return fd
  }

  /// Flushes a file to its device and closes it, checking both: a file is not written until
  /// `fsync` and `close` have succeeded (NFS and quota errors can surface only there).
  /// The descriptor is closed whatever happens.
  package static func finish(fd: Int32, path: String) throws(Error) {
    var interruptions = 0
    while fsync(fd) != 0 {
      let code = errno
      if code == EINTR && interruptions < interruptionLimit {
        interruptions += 1
        continue
      }
      // Descriptors that cannot be synced (pipes, some special files) have nothing to flush.
      if code == EINVAL || code == EROFS { break }
      close(fd)
      throw Error(path: path, operation: .write, code: code)
    }
    guard close(fd) == 0 else { throw Error(path: path, operation: .write, code: errno) }
  }

  /// Creates the new file `path` (failing with `EEXIST` if anything is there) with what `body`
  /// writes to its descriptor, then syncs and closes it, every call checked. On any failure the
  /// file is removed, so no half-written file is left.
  package static func create(_ path: String, mode: UInt16 = 0o600, writing body: (Int32) throws(Error) -> Void)
    throws(Error)
  {
    try fill(try createExclusively(path, mode: mode), file: path, reportingAs: path, body)
  }

  /// Runs `body` on the new file `fd` (at `file`), then syncs and closes it; removes the file on
  /// any failure. Errors name `path`, the file the caller asked for.
  private static func fill(_ fd: Int32, file: String, reportingAs path: String, _ body: (Int32) throws(Error) -> Void)
    throws(Error)
  {
    do throws(Error) {
      try body(fd)
    } catch {
      close(fd)
      unlink(file)
      throw error
    }
    do throws(Error) {
      try finish(fd: fd, path: path)
    } catch {
      unlink(file)
      throw error
    }
  }

  /// Replaces the file at `path` with `bytes`, atomically: readers see the old file or the new
  /// one, never part of either.
  ///
  /// The bytes go to a new temporary file beside the target, which is written, synced and closed
  /// with every call checked, given the target's permissions (or `0666` less the umask for a new
  /// file), and renamed over the target. On any failure the temporary file is removed and the
  /// target is left byte for byte as it was. A symbolic link is followed, so the file it points
  /// at is replaced and the link stays; a FIFO or device (`/dev/stdout`) is written in place.
  ///
  /// - Throws: ``Error`` naming `path` and the reason: `EISDIR` for a directory, `EACCES` for a
  ///   read-only folder, `ENOSPC`, `EFBIG` …
  package static func replace(_ path: String, with bytes: [UInt8]) throws(Error) {
    try replace(path) { fd throws(Error) in try writeAll(fd: fd, bytes, path: path) }
  }

  /// Replaces the file at `path` with what `body` writes to the descriptor it is given; see
  /// ``replace(_:with:)``.
  package static func replace(_ path: String, writing body: (Int32) throws(Error) -> Void) throws(Error) {
    let target = resolvingLinks(path)
    var info = stat()
    var mode: mode_t?
    if stat(target, &info) == 0 {
      switch info.st_mode & S_IFMT {
      case S_IFDIR: throw Error(path: path, operation: .write, code: EISDIR)
      case S_IFREG: mode = info.st_mode & 0o7777
      default:
        let fd = open(target, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Error(path: path, operation: .write, code: errno) }
        do throws(Error) {
          try body(fd)
        } catch {
          close(fd)
          throw error
        }
        return try finish(fd: fd, path: path)
      }
    }
    let (fd, temporary) = try createTemporary(beside: target, reportingAs: path)
    try fill(fd, file: temporary, reportingAs: path) { fd throws(Error) in
      // A new file gets 0666 less the umask (open applied it); a replaced file keeps its mode.
      if let mode, fchmod(fd, mode) != 0 { throw Error(path: path, operation: .write, code: errno) }
      try body(fd)
    }
    guard rename(temporary, target) == 0 else {
      let code = errno
      unlink(temporary)
      throw Error(path: path, operation: .write, code: code)
    }
    syncDirectory(directoryName(of: target))
  }

  /// The file a chain of symbolic links ends at (`path` itself when it is not a link, or when the
  /// chain is dangling or too long).
  static func resolvingLinks(_ path: String) -> String {
    var current = path
    for _ in 0..<40 {
      guard kind(of: current, followingLinks: false) == .symbolicLink else { return current }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink(current, &buffer, buffer.count - 1)
      guard count > 0 else { return current }
      let destination = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current = destination.hasPrefix("/") ? destination : directoryName(of: current) + "/" + destination
    }
    return current
  }

  /// Makes the directory `path` and every missing one above it (`mkdir -p`), `0777` less the umask.
  /// - Throws: ``Error`` naming the first directory that could not be made (`ENOTDIR` where a
  ///   file stands in the way, `EACCES` …).
  package static func makeDirectories(_ path: String) throws(Error) {
    guard !path.isEmpty, !isDirectory(path) else { return }
    let parent = directoryName(of: path)
    if parent != path && parent != "." && parent != "/" { try makeDirectories(parent) }
    guard mkdir(path, 0o777) == 0 || (errno == EEXIST && isDirectory(path)) else {
      throw Error(path: path, operation: .write, code: errno == EEXIST ? ENOTDIR : errno)
    }
  }

  /// Everything before the last `/` (`.` when there is none).
  package static func directoryName(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// `name` numbered for a folder where it is taken, as file managers number a copy: `number` 1
  /// is `name` itself, then `stem 2.ext`, `stem 3.ext` … (the number goes before the last
  /// extension; a name whose only dot starts it has none: `.hidden 2`).
  package static func numberedName(_ name: String, _ number: Int) -> String {
    guard number > 1 else { return name }
    let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 }
    let stem = dot.map { String(name[..<$0]) } ?? name
    return "\(stem) \(number)" + (dot.map { String(name[$0...]) } ?? "")
  }

  /// Everything after the last `/`.
  package static func baseName(of path: String) -> String {
    path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
  }

  /// A new, hidden file beside `target` (`.name.tmp-1a2b3c4d`), created `0666` less the umask.
  private static func createTemporary(beside target: String, reportingAs path: String) throws(Error) -> (Int32, String)
  {
    let prefix = directoryName(of: target) + "/." + baseName(of: target) + ".tmp-"
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<100 {
      let candidate = prefix + String(generator.next() as UInt32, radix: 16)
      let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
      if fd >= 0 { return (fd, candidate) }
      if errno != EEXIST { throw Error(path: path, operation: .write, code: errno) }
    }
    throw Error(path: path, operation: .write, code: EEXIST)
  }

  /// Makes a rename durable: syncs the folder that holds the renamed file, where the file system
  /// allows it (best effort: the data is already synced, and some file systems refuse this).
  private static func syncDirectory(_ path: String) {
    let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return }
    _ = fsync(fd)
    close(fd)
  }
}

extension FileIO {
  /// A new shared-memory file of `bytes` (POSIX `shm_open`, its name unlinked at once, so that
  /// only descriptors reach it), as Wayland's `wl_shm` pools and keymaps are passed; nil when
  /// the system refuses. The descriptor is close-on-exec and the caller's to close.
  package static func anonymousSharedMemory(_ bytes: [UInt8]) -> Int32? {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<16 {
      let name = "/swift-uti-\(getpid())-\(generator.next() & 0xFFFF_FFFF)"
      let fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
      if fd < 0 && errno == EEXIST { continue }
      guard fd >= 0 else { return nil }
      shm_unlink(name)
      guard ftruncate(fd, off_t(bytes.count)) == 0 else {
        close(fd)
        return nil
      }
      var written = 0
      while written < bytes.count {
        let count = bytes.withUnsafeBytes {
          pwrite(fd, $0.baseAddress! + written, bytes.count - written, off_t(written))
        }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else {
          close(fd)
          return nil
        }
        written += count
      }
      return fd
    }
    return nil
  }
}
