import TypeRegistry
import UTIPlatform

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

extension FileIO {
  /// Reads a file, or standard input for `-`.
  static func read(_ path: String, console: Console) throws(FileIO.Error) -> [UInt8] {
    path == "-" ? try console.readInput() : try read(path)
  }
}
