#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading and writing whole files with the system's error messages.
package enum FileIO {
  package struct Error: Swift.Error, CustomStringConvertible {
    package var path: String
    package var reason: String
    package init(path: String, reason: String) {
      self.path = path
      self.reason = reason
    }
    package var description: String { "cannot read '\(path)': \(reason)" }
  }

  package static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

  /// Reads a whole file.
  package static func read(_ path: String) throws(Error) -> [UInt8] {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { throw Error(path: path, reason: reason(errno)) }
    defer { close(fd) }
    var info = stat()
    if fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
      throw Error(path: path, reason: reason(EISDIR))
    }
    return try readAll(fd: fd, path: path)
  }

  package static func readAll(fd: Int32, path: String) throws(Error) -> [UInt8] {
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        throw Error(path: path, reason: reason(errno))
      }
      if n == 0 { return result }
      result.append(contentsOf: chunk[0..<n])
    }
  }

  package static func writeAll(fd: Int32, _ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress! + offset, $0.count - offset) }
      if n < 0 && errno == EINTR { continue }
      if n <= 0 { return }
      offset += n
    }
  }

  /// Writes `bytes` to `path` through a temporary file and a rename, so readers never see half a file.
  package static func write(_ bytes: [UInt8], to path: String) -> String? {
    let temporary = path + ".utictl-\(getpid())"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else { return "cannot write '\(path)': \(reason(errno))" }
    writeAll(fd: fd, bytes)
    close(fd)
    guard rename(temporary, path) == 0 else {
      let message = "cannot write '\(path)': \(reason(errno))"
      unlink(temporary)
      return message
    }
    return nil
  }

  /// Whether `path` names a directory.
  package static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }
}

private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(fd, buffer, count)
}
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(fd, buffer, count) }

extension FileIO {
  /// The files under `directory` whose names end in `suffix`, sorted; hidden folders and `.build`
  /// are skipped.
  package static func files(under directory: String, suffix: String) -> [String] {
    var found: [String] = []
    var pending = [directory]
    while let current = pending.popLast() {
      guard let handle = opendir(current) else { continue }
      defer { closedir(handle) }
      while let entry = readdir(handle) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
          String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name.hasPrefix(".") { continue }
        let path = current.hasSuffix("/") ? current + name : current + "/" + name
        if isDirectory(path) {
          pending.append(path)
        } else if name.hasSuffix(suffix) {
          found.append(path)
        }
      }
    }
    return found.sorted()
  }
}
