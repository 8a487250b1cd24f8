import TypeRegistry
import UTIPlatform

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
  /// The first failed write to standard output (a full disk, a file-size limit, a closed pipe):
  /// the run then ends with status 1 and a message, instead of a silently truncated result.
  var outputError: FileIO.Error?
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

  /// Writes to standard output; after a failed write, nothing more is written there.
  mutating func write(_ bytes: [UInt8]) {
    guard outputError == nil else { return }
    outputError = emit(bytes, to: outSink, buffer: &stdout, name: "<stdout>")
  }
  mutating func print(_ line: String) { write(Array((line + "\n").utf8)) }
  mutating func error(_ line: String) {
    // Nothing is left to tell a failure on standard error to.
    _ = emit(Array((line + "\n").utf8), to: errSink, buffer: &stderr, name: "<stderr>")
  }

  var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
  var stderrText: String { String(decoding: stderr, as: UTF8.self) }

  /// Writes to a sink; the failure, if any.
  private func emit(_ bytes: [UInt8], to sink: Sink, buffer: inout [UInt8], name: String) -> FileIO.Error? {
    switch sink {
    case .buffer:
      buffer.append(contentsOf: bytes)
      return nil
    case .fileDescriptor(let fd):
      do {
        try FileIO.writeAll(fd: fd, bytes, path: name)
        return nil
      } catch {
        return error
      }
    }
  }
}

extension FileIO {
  /// Reads a file, or standard input for `-`.
  static func read(_ path: String, console: Console) throws(FileIO.Error) -> [UInt8] {
    path == "-" ? try console.readInput() : try read(path)
  }
}
