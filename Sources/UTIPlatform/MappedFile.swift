#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// A regular file mapped read-only into memory, as GIO and xdg-mime map `mime.cache`.
///
/// The mapping is private and read-only; it is unmapped when the value is released. Files are
/// replaced by rename when they change (as `update-mime-database` does), so a mapping keeps the
/// old contents whole. FIFOs, devices and directories are refused without being opened for
/// reading; an empty file maps to an empty buffer.
package final class MappedFile: @unchecked Sendable {
  // Sendable: immutable: a read-only mapping, only read, unmapped in `deinit`.
  /// The file's bytes.
  package let bytes: UnsafeRawBufferPointer
  private let mapping: UnsafeMutableRawPointer?

  /// Maps the regular file at `path`.
  package init(path: String) throws(FileIO.Error) {
    let fd = try FileIO.openRegularFile(path)
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw FileIO.Error(path: path, operation: .read, code: errno) }
    let size = Int(info.st_size)
    guard size > 0 else {
      mapping = nil
      bytes = UnsafeRawBufferPointer(start: nil, count: 0)
      return
    }
    let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0)
    guard let address, address != MAP_FAILED else {
      throw FileIO.Error(path: path, operation: .read, code: errno)
    }
    mapping = address
    bytes = UnsafeRawBufferPointer(start: address, count: size)
  }

  deinit {
    if let mapping { munmap(mapping, bytes.count) }
  }
}
