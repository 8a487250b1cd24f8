import Foundation
import TestSupport
import Testing
import UTIPlatform

@testable import SystemPasteboard
@testable import SystemPasteboardCore
@testable import SystemPasteboardWayland

/// Serving answers into readers' pipes (Wayland's `send`s) on one writer thread: a paste counts
/// once the reader has taken the bytes, a reader that never reads costs no thread, and the
/// answers in progress are bounded.
@Suite("Pipe writers: one thread for every reader's pipe")
struct PipeWritersTests {
  /// A pipe, as a Wayland `send` hands us its write end.
  static func pipe() throws -> (read: Int32, write: Int32) {
    var fds: [Int32] = [0, 0]
    try #require(Glibc.pipe(&fds) == 0)
    return (fds[0], fds[1])
  }

  /// Serves `payload` into `fd` and waits (at most 30 s) for the outcome.
  static func serve(
    _ fd: Int32, timeout: Double, untilTaken: Bool = false, on writers: PipeWriters = .shared, _ payload: Payload
  ) -> Bool? {
    let outcome = Locked<Bool?>(nil)
    let done = DispatchSemaphore(value: 0)
    PipeWriters.serve(fd, timeout: timeout, untilTaken: untilTaken, on: writers, payload: { payload }) { served in
      outcome.withLock { $0 = served }
      done.signal()
    }
    guard done.wait(timeout: .now() + 30) == .success else { return nil }
    return outcome.withLock { $0 }
  }

  @Test func aCountedAnswerEndsOnlyOnceTheReaderHasTakenTheBytes() async throws {
    let (reader, writer) = try Self.pipe()
    let started = Locked(false)
    let readerThread = Thread {
      usleep(300_000)
      started.withLock { $0 = true }
      var buffer = [UInt8](repeating: 0, count: 64)
      while read(reader, &buffer, buffer.count) > 0 {}
      close(reader)
    }
    readerThread.start()
    #expect(Self.serve(writer, timeout: 10, untilTaken: true, Payload(Array("only once".utf8))) == true)
    #expect(started.withLock { $0 }, "the answer ended before the reader had read anything")
  }

  @Test func aReaderThatHangsUpWithTheBytesUnreadServedNoPaste() throws {
    let (reader, writer) = try Self.pipe()
    let closer = Thread {
      usleep(100_000)
      close(reader)
    }
    closer.start()
    #expect(Self.serve(writer, timeout: 10, untilTaken: true, Payload(Array("never read".utf8))) == false)
  }

  @Test func anUncountedAnswerClosesAtOnce() throws {
    let (reader, writer) = try Self.pipe()
    defer { close(reader) }
    #expect(Self.serve(writer, timeout: 10, Payload(Array("a drag's".utf8))) == true)
    #expect(FileIO.unreadBytes(inPipe: reader) == 8, "near miss: closed with the bytes unread")
  }

  @Test func aReaderThatLeavesTheBytesUnreadPastTheTimeoutServedNoPaste() throws {
    let (reader, writer) = try Self.pipe()
    defer { close(reader) }
    #expect(Self.serve(writer, timeout: 0.2, untilTaken: true, Payload(Array("left".utf8))) == false)
    #expect(FileIO.unreadBytes(inPipe: reader) == 4, "near miss: the bytes are there, unread")
  }

  /// A 5 MB file is written a chunk at a time, every byte in order, while 200 readers that
  /// never read hold their pipes (on the one writer thread).
  @Test func aFileReachesItsReaderWhileOthersNeverRead() throws {
    let directory = try TemporaryDirectory()
    let bytes = (0..<(5 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 12) }
    let path = try directory.file("large.bin", bytes)
    var idle: [Int32] = []
    defer { for fd in idle { close(fd) } }
    for _ in 0..<200 {
      let (reader, writer) = try Self.pipe()
      idle.append(reader)
      PipeWriters.serve(writer, timeout: 30, payload: { try? Payload(contentsOfFile: path) })
    }
    let (reader, writer) = try Self.pipe()
    let received = Locked<[UInt8]>([])
    let readerThread = Thread {
      var buffer = [UInt8](repeating: 0, count: 1 << 16)
      while true {
        let count = read(reader, &buffer, buffer.count)
        if count <= 0 { break }
        received.withLock { $0 += buffer[0..<count] }
      }
      close(reader)
    }
    readerThread.start()
    #expect(Self.serve(writer, timeout: 30, try Payload(contentsOfFile: path)) == true)
    #expect(eventually(within: 10) { received.withLock { $0.count } == bytes.count })
    #expect(received.withLock { $0 } == bytes)
  }

  /// Past the limit of answers in progress, one more is refused at once while every reader is
  /// recent: its pipe is closed, so its reader sees an empty answer instead of waiting; once the
  /// others have been silent for a second, the silent longest gives its place to a new one.
  /// (Writers of their own, with a limit of 16, so that the process's are free for the others.)
  @Test func answersPastTheLimitAreRefusedAtOnce() throws {
    let writers = PipeWriters(limit: 16)
    var idle: [Int32] = []
    defer { for fd in idle { close(fd) } }
    // Each holds its pipe full and unread: 4 MB into a pipe of at most 1 MB waits.
    let large = Payload([UInt8](repeating: 7, count: 4 << 20))
    for _ in 0..<16 {
      let (reader, writer) = try Self.pipe()
      idle.append(reader)
      PipeWriters.serve(writer, timeout: 30, on: writers, payload: { large })
    }
    #expect(eventually(within: 10) { writers.inProgress == 16 })
    let (reader, writer) = try Self.pipe()
    defer { close(reader) }
    #expect(Self.serve(writer, timeout: 30, on: writers, Payload(Array("one too many".utf8))) == false)
    var byte: UInt8 = 0
    #expect(read(reader, &byte, 1) == 0, "the refused pipe is closed, empty")
    usleep(1_200_000)
    let (newcomer, newcomerWriter) = try Self.pipe()
    defer { close(newcomer) }
    #expect(Self.serve(newcomerWriter, timeout: 30, on: writers, Payload(Array("my turn".utf8))) == true)
    var text = [UInt8](repeating: 0, count: 16)
    #expect(read(newcomer, &text, text.count) == 7)
    #expect(writers.inProgress == 15, "one silent answer gave its place, and the newcomer was served")
  }
}
