import TypeRegistry
import UTIPlatform

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// A private copy of what a copy command read (a file, standard input, a pipe, a FIFO, a
/// process substitution), so that the selection serves the bytes as they were at copy time
/// with memory kept flat: up to ``memoryLimit`` in memory, beyond that in a file only this
/// process can open.
///
/// The file is created `0600` in a fresh `0700` directory under `$TMPDIR` (else `/tmp`) and
/// unlinked at once, with the directory: the kernel frees it when the last descriptor closes,
/// however the process ends (a `SIGKILL` included), and no other user can read it meanwhile. It
/// is served through `/dev/fd/N`, read with `pread`, so no two readers share an offset.
package final class Spool: @unchecked Sendable {
  // Sendable: immutable once made: bytes, or a file written in full before `init` returns and then only read
  // at offsets.
  private enum Storage {
    case memory([UInt8])
    case file(fd: Int32)
  }

  private let storage: Storage
  /// The number of bytes.
  package let count: Int
  /// The first bytes (up to 64 KB), for identification by content.
  package let prefix: [UInt8]

  /// How much is held in memory before the rest goes to a file.
  static let memoryLimit = 4 << 20

  /// Reads `fd` (not closed) to its end into a spool; `name` is what errors call the source.
  /// - Throws: ``SystemPasteboardError`` (`.fileUnreadable`) when the source cannot be read, or
  ///   the spool cannot be written (a full disk, a file-size limit).
  package init(readingFrom fd: Int32, name: String, memoryLimit: Int = Spool.memoryLimit)
    throws(SystemPasteboardError)
  {
    var memory: [UInt8] = []
    var file: Int32?
    var total = 0
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    var interruptions = 0
    do throws(SystemPasteboardError) {
      var finished = false
      if let copied = try Self.copyInKernel(from: fd, name: name, memoryLimit: memoryLimit) {
        // Where the kernel stopped short, the loop below reads the rest onto the spool file.
        (file, total, finished) = (copied.file, copied.count, copied.finished)
      }
      while !finished {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n < 0 {
          if errno == EINTR && interruptions < FileIO.interruptionLimit {
            interruptions += 1
            continue
          }
          throw SystemPasteboardError(.fileUnreadable, "cannot read \(name): \(FileIO.reason(errno))")
        }
        interruptions = 0
        if n == 0 { break }
        total += n
        if let spoolFile = file {
          try Self.write(chunk[0..<n], to: spoolFile, name: name)
        } else if memory.count + n <= memoryLimit {
          memory += chunk[0..<n]
        } else {
          let spoolFile = try Self.createFile(name: name)
          file = spoolFile
          try Self.write(memory[...], to: spoolFile, name: name)
          try Self.write(chunk[0..<n], to: spoolFile, name: name)
          memory.removeAll()
        }
      }
    } catch {
      if let file { close(file) }
      throw error
    }
    count = total
    if let file {
      storage = .file(fd: file)
      var head = [UInt8](repeating: 0, count: min(total, 1 << 16))
      let n = head.withUnsafeMutableBytes { pread(file, $0.baseAddress, $0.count, 0) }
      prefix = n > 0 ? Array(head[0..<n]) : []
    } else {
      storage = .memory(memory)
      prefix = Array(memory.prefix(1 << 16))
    }
  }

  /// Reads the file at `path` into a spool (FIFOs and `/dev/stdin` as streams; directories refused).
  /// - Throws: ``SystemPasteboardError`` (`.fileUnreadable`), naming the path.
  package convenience init(contentsOf path: String) throws(SystemPasteboardError) {
    if FileIO.isDirectory(path) {
      throw SystemPasteboardError(.fileUnreadable, "cannot read '\(path)': it is a directory")
    }
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      throw SystemPasteboardError(.fileUnreadable, "cannot read '\(path)': \(FileIO.reason(errno))")
    }
    defer { close(fd) }
    try self.init(readingFrom: fd, name: "'\(path)'")
  }

  deinit {
    if case .file(let fd) = storage { close(fd) }
  }

  /// The spool's file descriptor, where the bytes went to a file (a daemon keeps it open).
  package var descriptor: Int32? {
    if case .file(let fd) = storage { return fd }
    return nil
  }

  /// Whether the bytes went to a file (past ``memoryLimit``).
  var isOnDisk: Bool {
    if case .file = storage { return true }
    return false
  }

  /// Registers the spool's bytes as `item`'s representation of `type`: served from the spool's
  /// file a chunk at a time, or from memory.
  package func register(_ type: UTType, in item: inout SystemPasteboard.Item) {
    switch storage {
    case .memory(let bytes): item.register(type, bytes: bytes)
    case .file(let fd): item.register(type, contentsOfFile: "/dev/fd/\(fd)")
    }
  }

  /// All the bytes.
  /// - Throws: ``SystemPasteboardError`` (`.fileUnreadable`) when the spool's file cannot be read.
  package func bytes() throws(SystemPasteboardError) -> [UInt8] {
    switch storage {
    case .memory(let bytes): return bytes
    case .file(let fd): return try Payload(contentsOfFile: "/dev/fd/\(fd)").all()
    }
  }

  /// A regular file larger than `memoryLimit`, copied to a new spool file by the kernel
  /// (``FileIO/copyInKernel(from:to:path:)``), without passing through this process; nil, with
  /// nothing read, for anything else. The copy is unfinished where the kernel could not copy
  /// between the two files: the caller reads the rest.
  /// - Throws: ``SystemPasteboardError`` (`.fileUnreadable`) when the copy fails (a full disk, a
  ///   file-size limit).
  private static func copyInKernel(from fd: Int32, name: String, memoryLimit: Int) throws(SystemPasteboardError)
    -> (file: Int32, count: Int, finished: Bool)?
  {
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) > memoryLimit,
      lseek(fd, 0, SEEK_CUR) == 0
    else { return nil }
    let spoolFile = try createFile(name: name)
    do throws(FileIO.Error) {
      let copied = try FileIO.copyInKernel(from: fd, to: spoolFile, path: "the spool")
      return (spoolFile, copied.count, copied.finished)
    } catch {
      close(spoolFile)
      throw SystemPasteboardError(.fileUnreadable, "cannot spool \(name): \(error.reason)")
    }
  }

  private static func createFile(name: String) throws(SystemPasteboardError) -> Int32 {
    let base = ProcessEnvironment.value("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array((base + "/utictl-spool-XXXXXX").utf8CString)
    let directory = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    guard directory != nil else {
      throw SystemPasteboardError(
        .fileUnreadable, "cannot spool \(name): no private directory in \(base): \(FileIO.reason(errno))")
    }
    let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "/copy"
    let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    let code = errno
    unlink(path)
    rmdir(String(decoding: path.utf8.dropLast(5), as: UTF8.self))
    guard fd >= 0 else {
      throw SystemPasteboardError(.fileUnreadable, "cannot spool \(name) in \(base): \(FileIO.reason(code))")
    }
    return fd
  }

  private static func write(_ bytes: ArraySlice<UInt8>, to fd: Int32, name: String) throws(SystemPasteboardError) {
    let failure = bytes.withUnsafeBytes { raw -> FileIO.Error? in
      do throws(FileIO.Error) {
        try FileIO.writeAll(fd: fd, raw, path: "the spool")
        return nil
      } catch {
        return error
      }
    }
    if let failure {
      throw SystemPasteboardError(.fileUnreadable, "cannot spool \(name): \(failure.reason)")
    }
  }
}
