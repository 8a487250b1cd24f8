import UTIPlatform

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// The bytes of one answer to another application: in memory, or in a file read a chunk at a
/// time, so that serving a large representation (a spooled copy, a file) keeps memory flat.
///
/// A file payload holds its descriptor open from the request until the transfer ends (so the
/// bytes are those of the file when it was asked for, even if it is renamed meanwhile), and
/// closes it when released.
package final class Payload: @unchecked Sendable {
  // Sendable: what it holds never changes after it is made, and its reads (`pread` at an offset) may run on
  // any thread, so an owner reads a file's chunks off its loop.
  private enum Storage {
    case bytes([UInt8])
    case file(fd: Int32, path: String)
  }

  private let storage: Storage
  /// The number of bytes.
  package let count: Int

  package init(_ bytes: [UInt8]) {
    storage = .bytes(bytes)
    count = bytes.count
  }

  /// The file at `path`, opened now.
  /// - Throws: ``SystemPasteboardError`` (`.fileUnreadable`) when it cannot be opened.
  package init(contentsOfFile path: String) throws(SystemPasteboardError) {
    let fd: Int32
    do {
      fd = try FileIO.openRegularFile(path)
    } catch {
      throw SystemPasteboardError(.fileUnreadable, "the file \(path) cannot be read: \(error)")
    }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      close(fd)
      throw SystemPasteboardError(.fileUnreadable, "the file \(path) cannot be read: \(FileIO.reason(errno))")
    }
    storage = .file(fd: fd, path: path)
    count = Int(info.st_size)
  }

  deinit {
    if case .file(let fd, _) = storage { close(fd) }
  }

  /// Whether the bytes are read from a file (a read may wait on the file system).
  package var isFile: Bool {
    if case .file = storage { true } else { false }
  }

  /// This payload with its bytes in memory, read now, when it is a file of at most `limit`
  /// bytes (an answer that goes in one property); itself otherwise. Nil when the file cannot be
  /// read.
  package func readIn(upTo limit: Int) -> Payload? {
    guard isFile, count <= limit else { return self }
    return (try? all()).map(Payload.init)
  }

  /// At most `length` bytes from `offset` (fewer at the end).
  /// - Throws: ``SystemPasteboardError`` (`.fileUnreadable`) when the file cannot be read there,
  ///   or was cut short since it was opened.
  package func bytes(at offset: Int, length: Int) throws(SystemPasteboardError) -> [UInt8] {
    let length = max(0, min(length, count - offset))
    switch storage {
    case .bytes(let bytes): return Array(bytes[offset..<(offset + length)])
    case .file(let fd, let path):
      var chunk = [UInt8](repeating: 0, count: length)
      var filled = 0
      var interruptions = 0
      while filled < length {
        let n = chunk.withUnsafeMutableBytes {
          pread(fd, $0.baseAddress! + filled, length - filled, off_t(offset + filled))
        }
        if n < 0 && errno == EINTR && interruptions < FileIO.interruptionLimit {
          interruptions += 1
          continue
        }
        guard n > 0 else {
          let reason = n == 0 ? "it is shorter than when it was offered" : FileIO.reason(errno)
          throw SystemPasteboardError(.fileUnreadable, "the file \(path) cannot be read: \(reason)")
        }
        filled += n
      }
      return chunk
    }
  }

  /// Writes up to `length` bytes from `offset` of a file payload straight to `fd` (a pipe),
  /// with `sendfile`, so that they are not copied through this process.
  /// - Returns: The number of bytes written, 0 where the file ends early, or -1 with `errno`
  ///   set (`EAGAIN` when a non-blocking pipe is full); nil for a payload in memory, or where
  ///   the system has no `sendfile`.
  func sendFile(to fd: Int32, at offset: Int, length: Int) -> Int? {
    #if os(Linux)
      guard case .file(let source, _) = storage else { return nil }
      var position = off_t(offset)
      return sendfile(fd, source, &position, max(0, min(length, count - offset)))
    #else
      return nil
    #endif
  }

  /// Writes at most `length` bytes from `offset` straight from memory into `fd`: what `write`
  /// returns (-1 with `errno`); nil for a file's bytes, which are read first.
  func write(to fd: Int32, at offset: Int, length: Int) -> Int? {
    guard case .bytes(let bytes) = storage else { return nil }
    let count = max(0, min(length, bytes.count - offset))
    guard count > 0 else { return 0 }
    return bytes.withUnsafeBytes { writeDescriptor(fd, $0.baseAddress! + offset, count) }
  }

  /// Copies at most `buffer.count` bytes from `offset` into `buffer` (fewer at the end): bytes
  /// in memory copied once, a file's read straight into it.
  /// - Returns: The number of bytes copied.
  /// - Throws: ``SystemPasteboardError`` as ``bytes(at:length:)`` does.
  package func copyBytes(to buffer: UnsafeMutableRawBufferPointer, from offset: Int) throws(SystemPasteboardError)
    -> Int
  {
    let length = max(0, min(buffer.count, count - offset))
    guard length > 0, let destination = buffer.baseAddress else { return 0 }
    switch storage {
    case .bytes(let bytes):
      bytes.withUnsafeBytes { destination.copyMemory(from: $0.baseAddress! + offset, byteCount: length) }
      return length
    case .file:
      let chunk = try self.bytes(at: offset, length: length)
      chunk.withUnsafeBytes { destination.copyMemory(from: $0.baseAddress!, byteCount: chunk.count) }
      return chunk.count
    }
  }

  /// Hands the bytes to `body` in order, at most `size` at a time, each read as it goes (a
  /// file's chunks from the file), so that memory stays flat whatever the size.
  /// - Throws: ``SystemPasteboardError`` as ``bytes(at:length:)`` does; what `body` throws.
  package func forEachChunk(
    of size: Int, _ body: ([UInt8]) throws(SystemPasteboardError) -> Void
  ) throws(SystemPasteboardError) {
    var offset = 0
    while offset < count {
      let chunk = try bytes(at: offset, length: size)
      try body(chunk)
      offset += chunk.count
    }
  }

  /// All the bytes.
  package func all() throws(SystemPasteboardError) -> [UInt8] { try bytes(at: 0, length: count) }
}

@inline(__always) private func writeDescriptor(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(fd, bytes, count)
}
