#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a command's output goes: the process's streams, or buffers in tests.
struct Console {
  enum Sink {
    case fileDescriptor(Int32)
    case buffer
  }

  var outSink: Sink
  var errSink: Sink
  var stdout: [UInt8] = []
  var stderr: [UInt8] = []
  /// Standard input, read when a command is given `-`.
  var readInput: () throws(FileIO.Error) -> [UInt8]

  static var standard: Console {
    Console(
      outSink: .fileDescriptor(1), errSink: .fileDescriptor(2),
      readInput: { () throws(FileIO.Error) in try FileIO.readAll(fd: 0, path: "-") })
  }

  /// A console that captures both streams, reading `input` as standard input.
  static func capturing(input: [UInt8] = []) -> Console {
    Console(outSink: .buffer, errSink: .buffer, readInput: { input })
  }

  mutating func write(_ bytes: [UInt8]) { emit(bytes, to: outSink, buffer: &stdout) }
  mutating func print(_ line: String) { write(Array((line + "\n").utf8)) }
  mutating func error(_ line: String) { emit(Array((line + "\n").utf8), to: errSink, buffer: &stderr) }

  var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
  var stderrText: String { String(decoding: stderr, as: UTF8.self) }

  private func emit(_ bytes: [UInt8], to sink: Sink, buffer: inout [UInt8]) {
    switch sink {
    case .buffer: buffer.append(contentsOf: bytes)
    case .fileDescriptor(let fd): FileIO.writeAll(fd: fd, bytes)
    }
  }
}

/// Reading and writing whole files with the system's error messages.
enum FileIO {
  struct Error: Swift.Error, CustomStringConvertible {
    var path: String
    var reason: String
    var description: String { "cannot read '\(path)': \(reason)" }
  }

  static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

  /// Reads a file, or standard input for `-`.
  static func read(_ path: String, console: Console) throws(Error) -> [UInt8] {
    if path == "-" { return try console.readInput() }
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { throw Error(path: path, reason: reason(errno)) }
    defer { close(fd) }
    var info = stat()
    if fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
      throw Error(path: path, reason: reason(EISDIR))
    }
    return try readAll(fd: fd, path: path)
  }

  static func readAll(fd: Int32, path: String) throws(Error) -> [UInt8] {
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

  static func writeAll(fd: Int32, _ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress! + offset, $0.count - offset) }
      if n < 0 && errno == EINTR { continue }
      if n <= 0 { return }
      offset += n
    }
  }

  /// Writes `bytes` to `path` through a temporary file and a rename, so readers never see half a file.
  static func write(_ bytes: [UInt8], to path: String) -> String? {
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
}

private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(fd, buffer, count)
}
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(fd, buffer, count) }
